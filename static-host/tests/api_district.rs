//! The district-aware catalogue (issue 24) against the real server and the demo seed:
//! every read that lists shops or products answers only what delivers to the request's
//! district (`district-id`, or the district of the signed-in customer's `address-id`).
//!
//! The oracle is the unfiltered answer and the delivery table: a district's list must
//! be the unfiltered list without the shops that do not deliver there, in the same
//! order, with totals, pages and price bounds of that list. (Search results list each
//! item once, as one of its products: there the oracle is the items with a product
//! from a delivering shop; see [`check_search`].) Zamalek (district 1) and Maadi
//! (district 4) are served by different shops, so their lists differ.

mod common;
mod orders_support;

use std::collections::HashSet;

use common::{Server, ids, start};
use orders_support::{Customer, customer, make_address};
use serde_json::{Value, json};

const ZAMALEK: i64 = 1;
const MAADI: i64 = 4;
const GROCERIES: i64 = 1;
const RESTAURANTS: i64 = 2;
const PHARMACY: i64 = 3;

/// `GET` with an optional district and token; the status and the JSON answer.
async fn get_in(
    server: &Server,
    path: &str,
    district: Option<&str>,
    token: Option<&str>,
) -> (u16, Value) {
    let mut request = server.client.get(server.url(path)).header("Language", "en");
    if let Some(district) = district {
        request = request.header("district-id", district);
    }
    common::send_json(request, token, None).await
}

/// A 200 answer for a district (None: no district header).
async fn read(server: &Server, path: &str, district: Option<i64>) -> Value {
    let district = district.map(|d| d.to_string());
    let (status, body) = get_in(server, path, district.as_deref(), None).await;
    assert_eq!(status, 200, "{path} in {district:?}: {body}");
    body
}

/// The shops delivering to a district, as the server's table has them.
fn delivering(server: &Server, district: i64) -> HashSet<i64> {
    let db = server.db();
    let mut stmt = db
        .prepare("SELECT branch_id FROM branch_delivery_districts WHERE district_id = ?1")
        .unwrap();
    stmt.query_map([district], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap()
}

fn branch_of(server: &Server, product: i64) -> i64 {
    server
        .db()
        .query_row(
            "SELECT branch_id FROM products WHERE id = ?1",
            [product],
            |r| r.get(0),
        )
        .unwrap()
}

/// A decimal amount ("12.50") in minor units.
fn minor(amount: &Value) -> i64 {
    let text = amount.as_str().unwrap();
    let (whole, cents) = text.split_once('.').unwrap();
    whole.parse::<i64>().unwrap() * 100 + cents.parse::<i64>().unwrap()
}

/// Every item of a product listing, page after page (100 a page), with the first
/// page's meta; checks that every page agrees on the total and the bounds.
async fn all_pages(server: &Server, query: &str, district: Option<i64>) -> (Vec<Value>, Value) {
    let mut items = Vec::new();
    let mut first: Option<Value> = None;
    for page in 1.. {
        let body = read(
            server,
            &format!("/api/products?{query}&page={page}&limit=100"),
            district,
        )
        .await;
        let meta = body["meta"].clone();
        items.extend(body["data"].as_array().unwrap().iter().cloned());
        match &first {
            None => first = Some(meta.clone()),
            Some(f) => {
                assert_eq!(f["total"], meta["total"]);
                assert_eq!(f["price_min"], meta["price_min"]);
            }
        }
        if page >= meta["last_page"].as_i64().unwrap() {
            break;
        }
    }
    (items, first.unwrap())
}

/// The district's listing is the unfiltered one without what does not deliver there,
/// in the same order; its total, last page and price bounds are those of that list.
/// Answers the district's ids.
async fn check_listing(server: &Server, query: &str, district: i64) -> Vec<i64> {
    let (all, _) = all_pages(server, query, None).await;
    let (items, meta) = all_pages(server, query, Some(district)).await;
    let shops = delivering(server, district);
    let expected: Vec<i64> = all
        .iter()
        .filter(|p| shops.contains(&p["branch"]["id"].as_i64().unwrap()))
        .map(|p| p["id"].as_i64().unwrap())
        .collect();
    let got: Vec<i64> = items.iter().map(|p| p["id"].as_i64().unwrap()).collect();
    assert_eq!(got, expected, "{query} in district {district}");
    assert_eq!(
        meta["total"].as_u64().unwrap() as usize,
        got.len(),
        "{query}"
    );
    assert_eq!(
        meta["last_page"].as_u64().unwrap() as usize,
        got.len().div_ceil(100).max(1),
        "{query}"
    );
    let prices: Vec<i64> = items.iter().map(|p| minor(&p["price"])).collect();
    match (prices.iter().min(), prices.iter().max()) {
        (Some(low), Some(high)) => {
            assert_eq!(minor(&meta["price_min"]), *low, "{query}");
            assert_eq!(minor(&meta["price_max"]), *high, "{query}");
        }
        _ => assert!(meta["price_min"].is_null() && meta["price_max"].is_null()),
    }
    got
}

/// Checks a query in Zamalek and Maadi: both non-empty, different, each right.
async fn check_two_districts(server: &Server, query: &str) {
    let zamalek = check_listing(server, query, ZAMALEK).await;
    let maadi = check_listing(server, query, MAADI).await;
    assert!(!zamalek.is_empty() && !maadi.is_empty(), "{query}");
    assert_ne!(zamalek, maadi, "{query}");
    let (all, meta) = all_pages(server, query, None).await;
    assert!(
        all.len() > zamalek.len() && all.len() > maadi.len(),
        "{query}: without a district nothing is filtered"
    );
    assert_eq!(meta["total"].as_u64().unwrap() as usize, all.len());
}

/// Search results list each item (search document) once (issue 25), so a district may
/// show an item as another shop's product than the unfiltered list does. In each
/// district: every product listed is from a delivering shop; the items are those of
/// the unfiltered list that a delivering shop sells; `shops` counts only delivering
/// shops; the total counts the items and the bounds span every delivering product of
/// them.
async fn check_search(server: &Server, query: &str) {
    let db = server.db();
    let doc = |id: i64| -> i64 {
        db.query_row("SELECT search_doc FROM products WHERE id = ?1", [id], |r| {
            r.get(0)
        })
        .unwrap()
    };
    let (all, meta) = all_pages(server, query, None).await;
    assert_eq!(meta["total"].as_u64().unwrap() as usize, all.len());
    let all_docs: Vec<i64> = all.iter().map(|p| doc(p["id"].as_i64().unwrap())).collect();
    let mut counts = Vec::new();
    for district in [ZAMALEK, MAADI] {
        let shops = delivering(server, district);
        let (items, meta) = all_pages(server, query, Some(district)).await;
        let mut docs = HashSet::new();
        let mut prices = Vec::new();
        for item in &items {
            assert!(
                shops.contains(&item["branch"]["id"].as_i64().unwrap()),
                "{item}"
            );
            assert!(
                docs.insert(doc(item["id"].as_i64().unwrap())),
                "each item once: {item}"
            );
            let mut stmt = db
                .prepare("SELECT branch_id, price_minor FROM products WHERE search_doc = ?1")
                .unwrap();
            let offers: Vec<(i64, i64)> = stmt
                .query_map([doc(item["id"].as_i64().unwrap())], |r| {
                    Ok((r.get(0)?, r.get(1)?))
                })
                .unwrap()
                .collect::<Result<_, _>>()
                .unwrap();
            let delivering_offers: Vec<&(i64, i64)> =
                offers.iter().filter(|(b, _)| shops.contains(b)).collect();
            let shop_count = delivering_offers
                .iter()
                .map(|(b, _)| *b)
                .collect::<HashSet<_>>()
                .len();
            assert_eq!(
                item["shops"].as_u64().unwrap() as usize,
                shop_count,
                "{item}"
            );
            prices.extend(delivering_offers.iter().map(|(_, p)| *p));
        }
        let sold_here = |d: i64| -> bool {
            let mut stmt = db
                .prepare("SELECT branch_id FROM products WHERE search_doc = ?1")
                .unwrap();
            let branches: Vec<i64> = stmt
                .query_map([d], |r| r.get(0))
                .unwrap()
                .collect::<Result<_, _>>()
                .unwrap();
            branches.iter().any(|b| shops.contains(b))
        };
        let expected: HashSet<i64> = all_docs.iter().copied().filter(|d| sold_here(*d)).collect();
        assert_eq!(docs, expected, "{query} in district {district}");
        assert_eq!(meta["total"].as_u64().unwrap() as usize, items.len());
        assert_eq!(minor(&meta["price_min"]), *prices.iter().min().unwrap());
        assert_eq!(minor(&meta["price_max"]), *prices.iter().max().unwrap());
        assert!(!items.is_empty() && items.len() < all.len(), "{query}");
        counts.push(docs);
    }
    assert_ne!(counts[0], counts[1], "{query}: the two districts differ");
}

/// The first top-level category of a service.
fn first_category(server: &Server, service: i64) -> i64 {
    server
        .db()
        .query_row(
            "SELECT id FROM categories WHERE service_id = ?1 AND parent_id IS NULL ORDER BY sort, id LIMIT 1",
            [service],
            |r| r.get(0),
        )
        .unwrap()
}

/// The first word of the English name of the most listed product text of a service:
/// a word many shops sell.
fn common_word(server: &Server, service: i64) -> String {
    let name: String = server
        .db()
        .query_row(
            "SELECT name_en FROM products WHERE service_id = ?1
             GROUP BY name_en ORDER BY count(DISTINCT branch_id) DESC, name_en LIMIT 1",
            [service],
            |r| r.get(0),
        )
        .unwrap();
    name.split_whitespace().next().unwrap().to_owned()
}

#[tokio::test]
async fn product_listings_follow_the_district_with_totals_and_bounds() {
    let server = start().await;
    // The listing itself, in several orders and with filters.
    check_two_districts(&server, &format!("service_id={GROCERIES}")).await;
    check_two_districts(&server, &format!("service_id={RESTAURANTS}&sort=price_low")).await;
    check_two_districts(&server, &format!("service_id={PHARMACY}&sort=newest")).await;
    check_two_districts(
        &server,
        &format!("service_id={GROCERIES}&stock=in_stock&sort=a_z"),
    )
    .await;
    // Hot deals' "see all".
    check_two_districts(&server, &format!("service_id={GROCERIES}&on_sale=true")).await;
    // Category products (a parent category includes its subcategories).
    let category = first_category(&server, GROCERIES);
    check_two_districts(
        &server,
        &format!("service_id={GROCERIES}&category_id={category}"),
    )
    .await;
    // Search results, best match first, each item once.
    let word = common_word(&server, GROCERIES);
    check_search(&server, &format!("service_id={GROCERIES}&search={word}")).await;
    check_search(
        &server,
        &format!("service_id={GROCERIES}&search={word}&sort=price_low"),
    )
    .await;

    // The district totals are kept per shop by triggers: they follow deletes and moves.
    let zamalek = delivering(&server, ZAMALEK);
    let maadi = delivering(&server, MAADI);
    let (from, to) = (
        *zamalek.iter().find(|b| !maadi.contains(b)).unwrap(),
        *maadi.iter().find(|b| !zamalek.contains(b)).unwrap(),
    );
    let db = server.db();
    let service_of = |b: i64| -> i64 {
        db.query_row("SELECT service_id FROM branches WHERE id = ?1", [b], |r| {
            r.get(0)
        })
        .unwrap()
    };
    let moved: i64 = db
        .query_row(
            "SELECT id FROM products WHERE branch_id = ?1 ORDER BY id LIMIT 1",
            [from],
            |r| r.get(0),
        )
        .unwrap();
    db.execute(
        "UPDATE products SET branch_id = ?2, service_id = ?3 WHERE id = ?1",
        rusqlite::params![moved, to, service_of(to)],
    )
    .unwrap();
    db.execute(
        "DELETE FROM products WHERE id = (SELECT max(id) FROM products WHERE branch_id = ?1)",
        [to],
    )
    .unwrap();
    for service in [service_of(from), service_of(to)] {
        check_listing(&server, &format!("service_id={service}"), ZAMALEK).await;
        check_listing(&server, &format!("service_id={service}"), MAADI).await;
    }
}

#[tokio::test]
async fn a_shops_own_listing_is_shown_whatever_the_district() {
    let server = start().await;
    let zamalek = delivering(&server, ZAMALEK);
    let maadi_shop = *delivering(&server, MAADI)
        .iter()
        .find(|b| !zamalek.contains(b))
        .unwrap();
    let service: i64 = server
        .db()
        .query_row(
            "SELECT service_id FROM branches WHERE id = ?1",
            [maadi_shop],
            |r| r.get(0),
        )
        .unwrap();
    let query = format!("service_id={service}&branch_id={maadi_shop}");
    let (all, _) = all_pages(&server, &query, None).await;
    let (in_zamalek, meta) = all_pages(&server, &query, Some(ZAMALEK)).await;
    assert!(!all.is_empty());
    assert_eq!(ids(&json!(in_zamalek)), ids(&json!(all)));
    assert_eq!(meta["total"].as_u64().unwrap() as usize, all.len());
}

#[tokio::test]
async fn suggestions_name_only_products_that_deliver() {
    let server = start().await;
    let word = common_word(&server, GROCERIES);
    let path = format!("/api/products?service_id={GROCERIES}&text={word}");
    let mut lists = Vec::new();
    for district in [ZAMALEK, MAADI] {
        let body = read(&server, &path, Some(district)).await;
        let found = ids(&body["data"]);
        assert!(!found.is_empty(), "{word} in {district}");
        let shops = delivering(&server, district);
        for id in &found {
            assert!(
                shops.contains(&branch_of(&server, *id)),
                "{id} in {district}"
            );
        }
        lists.push(found);
    }
    assert_ne!(lists[0], lists[1]);
    // Without a district, shops of both are suggested.
    let all = ids(&read(&server, &path, None).await["data"]);
    let branches: HashSet<i64> = all.iter().map(|id| branch_of(&server, *id)).collect();
    assert!(
        branches
            .iter()
            .any(|b| !delivering(&server, MAADI).contains(b))
    );
}

#[tokio::test]
async fn shop_lists_and_quick_search_follow_the_district() {
    let server = start().await;
    for query in [
        format!("service_id={GROCERIES}"),
        format!("service_id={RESTAURANTS}"),
        format!("service_id={GROCERIES}&search=market"),
        format!("service_id={GROCERIES}&branch_category_id=1"),
    ] {
        let path = format!("/api/branches?{query}&page=1&limit=100");
        let all = ids(&read(&server, &path, None).await["data"]);
        let mut lists = Vec::new();
        for district in [ZAMALEK, MAADI] {
            let body = read(&server, &path, Some(district)).await;
            let shops = delivering(&server, district);
            let expected: Vec<i64> = all.iter().copied().filter(|b| shops.contains(b)).collect();
            assert_eq!(ids(&body["data"]), expected, "{query} in {district}");
            assert_eq!(body["meta"]["total"], expected.len(), "{query}");
            assert!(!expected.is_empty(), "{query} in {district}");
            lists.push(expected);
        }
        assert_ne!(lists[0], lists[1], "{query}");
    }
    // Quick search of a service's shops (GET /services/search).
    let path = format!("/api/services/search?service_id={GROCERIES}&search=market");
    let all = ids(&read(&server, &path, None).await["data"]);
    assert!(all.len() >= 3, "{all:?}");
    let mut lists = Vec::new();
    for district in [ZAMALEK, MAADI] {
        let shops = delivering(&server, district);
        let expected: Vec<i64> = all.iter().copied().filter(|b| shops.contains(b)).collect();
        let found = ids(&read(&server, &path, Some(district)).await["data"]);
        assert_eq!(found, expected, "in {district}");
        assert!(!found.is_empty());
        lists.push(found);
    }
    assert_ne!(lists[0], lists[1]);
}

/// The ids of a home block, or none when the block is left out.
fn block(detail: &Value, kind: &str) -> Vec<i64> {
    detail["data"]["blocks"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["type"] == kind)
        .map(|b| ids(&b["items"]))
        .unwrap_or_default()
}

#[tokio::test]
async fn home_sections_hold_only_what_delivers() {
    let server = start().await;
    for service in [GROCERIES, RESTAURANTS] {
        let path = format!("/api/services/{service}");
        let all = read(&server, &path, None).await;
        let mut homes = Vec::new();
        for district in [ZAMALEK, MAADI] {
            let home = read(&server, &path, Some(district)).await;
            let shops = delivering(&server, district);
            // Product blocks: products of delivering shops, in the block's order.
            for kind in ["hot_deals", "best_seller", "most_popular", "new_arrived"] {
                let items = block(&home, kind);
                assert!(!items.is_empty(), "{kind} of {service} in {district}");
                for id in &items {
                    assert!(shops.contains(&branch_of(&server, *id)), "{kind}: {id}");
                }
            }
            let listing = |sort: &str| {
                format!("/api/products?service_id={service}&page=1&limit=10&sort={sort}")
            };
            // New arrivals are the district's newest products.
            let newest = read(&server, &listing("newest"), Some(district)).await;
            assert_eq!(block(&home, "new_arrived"), ids(&newest["data"]));
            // Hot deals are products on sale there, as many as there are up to 10.
            let (on_sale, meta) = all_pages(
                &server,
                &format!("service_id={service}&on_sale=true"),
                Some(district),
            )
            .await;
            let on_sale: HashSet<i64> = on_sale.iter().map(|p| p["id"].as_i64().unwrap()).collect();
            let deals = block(&home, "hot_deals");
            assert!(deals.iter().all(|id| on_sale.contains(id)));
            assert_eq!(deals.len() as u64, meta["total"].as_u64().unwrap().min(10));
            // Categories and brands: those with a product that delivers there, in order.
            for (kind, field) in [("categories", "category_id"), ("brands", "brand_id")] {
                let shown = block(&home, kind);
                for id in block(&all, kind) {
                    let count = read(
                        &server,
                        &format!("/api/products?service_id={service}&page=1&limit=1&{field}={id}"),
                        Some(district),
                    )
                    .await["meta"]["total"]
                        .as_u64()
                        .unwrap();
                    assert_eq!(shown.contains(&id), count > 0, "{kind} {id} in {district}");
                }
                let order: Vec<i64> = block(&all, kind)
                    .into_iter()
                    .filter(|id| shown.contains(id))
                    .collect();
                assert_eq!(shown, order, "{kind}");
            }
            // Top-rated shops (branches-focused services): delivering shops only.
            for id in block(&home, "branches") {
                assert!(shops.contains(&id));
            }
            homes.push(home);
        }
        assert_ne!(
            block(&homes[0], "new_arrived"),
            block(&homes[1], "new_arrived")
        );
        if service == RESTAURANTS {
            let (zamalek, maadi) = (block(&homes[0], "branches"), block(&homes[1], "branches"));
            assert!(!zamalek.is_empty() && !maadi.is_empty());
            assert_ne!(zamalek, maadi);
            assert!(block(&all, "branches").len() > maadi.len());
        }
    }
}

#[tokio::test]
async fn a_product_or_shop_that_does_not_deliver_still_shows_and_says_so() {
    let server = start().await;
    let zamalek = delivering(&server, ZAMALEK);
    let maadi_shop = *delivering(&server, MAADI)
        .iter()
        .find(|b| !zamalek.contains(b))
        .unwrap();
    let product: i64 = server
        .db()
        .query_row(
            "SELECT id FROM products WHERE branch_id = ?1 LIMIT 1",
            [maadi_shop],
            |r| r.get(0),
        )
        .unwrap();
    for (path, id) in [
        (format!("/api/products/{product}"), product),
        (format!("/api/branches/{maadi_shop}"), maadi_shop),
    ] {
        let body = read(&server, &path, Some(ZAMALEK)).await;
        assert_eq!(body["data"]["id"], id);
        assert_eq!(body["data"]["delivers"], false, "{path}");
        assert_eq!(
            read(&server, &path, Some(MAADI)).await["data"]["delivers"],
            true
        );
        assert_eq!(
            read(&server, &path, None).await["data"]["delivers"],
            Value::Null
        );
    }
    // The OpenAPI document has the flag on both pages.
    let doc = read(&server, "/api/openapi.json", None).await;
    for schema in ["ProductDetail", "BranchDetail", "CartBody"] {
        // (BranchDetail flattens the list's fields: its own are in an `allOf`.)
        let text = doc["components"]["schemas"][schema].to_string();
        assert!(text.contains(r#""delivers":{"#), "{schema}: {text}");
    }
}

/// The shop ids listed with an `address-id` (and maybe a `district-id`).
async fn shops_with_address(
    server: &Server,
    path: &str,
    address: i64,
    district: Option<&str>,
    token: Option<&str>,
) -> Vec<i64> {
    let mut request = server
        .client
        .get(server.url(path))
        .header("address-id", address.to_string());
    if let Some(district) = district {
        request = request.header("district-id", district);
    }
    let (status, body) = common::send_json(request, token, None).await;
    assert_eq!(status, 200, "{body}");
    ids(&body["data"])
}

#[tokio::test]
async fn the_district_comes_from_the_header_else_from_the_customers_address() {
    let server = start().await;
    let c: Customer = customer(&server, "01001230101").await;
    let other: Customer = customer(&server, "01001230102").await;
    let maadi_address = make_address(&server, &c, MAADI);
    let others_address = make_address(&server, &other, ZAMALEK);
    let path = format!("/api/branches?service_id={GROCERIES}&page=1&limit=100");
    let all = ids(&read(&server, &path, None).await["data"]);
    let maadi = ids(&read(&server, &path, Some(MAADI)).await["data"]);
    let zamalek = ids(&read(&server, &path, Some(ZAMALEK)).await["data"]);
    // The customer's own address, no district-id: its district.
    let with =
        |address, district, token| shops_with_address(&server, &path, address, district, token);
    assert_eq!(with(maadi_address, None, Some(&c.token)).await, maadi);
    // district-id wins when both are sent.
    assert_eq!(
        with(maadi_address, Some("1"), Some(&c.token)).await,
        zamalek
    );
    // Someone else's address, or a guest's: no district, nothing filtered.
    assert_eq!(with(others_address, None, Some(&c.token)).await, all);
    assert_eq!(with(maadi_address, None, None).await, all);

    // A district-id that is not an id is refused, naming the header; an unknown
    // district has no shops.
    for bad in ["abc", "0", "-3", "1.5"] {
        let (status, body) = get_in(&server, &path, Some(bad), None).await;
        assert_eq!(status, 422, "{bad}: {body}");
        assert!(body["errors"]["district-id"][0].is_string(), "{body}");
    }
    let body = read(&server, &path, Some(99)).await;
    assert_eq!(body["data"], json!([]));
    assert_eq!(body["meta"]["total"], 0);
    let body = read(
        &server,
        &format!("/api/products?service_id={GROCERIES}&page=1"),
        Some(99),
    )
    .await;
    assert_eq!(body["meta"]["total"], 0);
    assert!(body["meta"]["price_min"].is_null());
}

/// A request with a token and an optional district, any method.
async fn call_in(
    server: &Server,
    c: &Customer,
    method: reqwest::Method,
    path: &str,
    district: Option<i64>,
    body: Value,
) -> (u16, Value) {
    let mut request = server
        .client
        .request(method, server.url(path))
        .header("Language", "en");
    if let Some(district) = district {
        request = request.header("district-id", district.to_string());
    }
    common::send_json(request, Some(&c.token), Some(&body)).await
}

/// Puts `product` (at its minimum) alone in the cart and checks out in cash to
/// `address`; the checkout's status and answer.
async fn buy(
    server: &Server,
    c: &Customer,
    district: Option<i64>,
    product: &Value,
    address: i64,
) -> (u16, Value) {
    let (status, body) = call_in(
        server,
        c,
        reqwest::Method::POST,
        "/api/order/add-to-cart",
        district,
        json!({"product_id": product["id"], "qty": product["min_qty"], "empty_cart": true}),
    )
    .await;
    assert_eq!(status, 200, "add {}: {body}", product["id"]);
    let service: i64 = server
        .db()
        .query_row(
            "SELECT service_id FROM products WHERE id = ?1",
            [product["id"].as_i64().unwrap()],
            |r| r.get(0),
        )
        .unwrap();
    call_in(
        server,
        c,
        reqwest::Method::POST,
        "/api/order/checkout",
        district,
        json!({"service_id": service, "address_id": address, "payment_method": "cash"}),
    )
    .await
}

/// The in-stock products a district's listing of a service offers, buyable at their
/// minimum quantity.
async fn buyable(server: &Server, service: i64, district: Option<i64>) -> Vec<Value> {
    let (items, _) = all_pages(
        server,
        &format!("service_id={service}&stock=in_stock"),
        district,
    )
    .await;
    items
        .into_iter()
        .filter(|p| p["stock"].as_i64() >= p["min_qty"].as_i64())
        .collect()
}

/// The one delivery rule, seen from both ends: whatever a district's listing offers
/// is accepted at checkout to an address in that district, and what it leaves out is
/// refused there with 'Sorry, we don't deliver to your area now!'. Checked for the
/// first product of every district and service, then for random ones (proptest).
#[test]
fn no_product_listed_for_a_district_fails_checkout_for_its_area() {
    use proptest::prelude::*;
    use proptest::test_runner::{Config, TestCaseError, TestRunner};

    let rt = tokio::runtime::Runtime::new().unwrap();
    let server = rt.block_on(start());
    // Only delivery is under test: no shop minimum, no closed shop.
    server
        .db()
        .execute("UPDATE branches SET minimum_minor = 0, closed = 0", [])
        .unwrap();
    const DISTRICTS: [i64; 5] = [1, 2, 3, 4, 5];
    const SERVICES: [i64; 3] = [GROCERIES, RESTAURANTS, PHARMACY];
    let (c, addresses, listed, left_out) = rt.block_on(async {
        let c = customer(&server, "01001230201").await;
        let addresses: Vec<i64> = DISTRICTS
            .iter()
            .map(|d| make_address(&server, &c, *d))
            .collect();
        let mut listed = Vec::new();
        let mut left_out = Vec::new();
        for district in DISTRICTS {
            let mut per_service = Vec::new();
            let mut others = Vec::new();
            for service in SERVICES {
                let here = buyable(&server, service, Some(district)).await;
                // Every district can buy something in every service.
                assert!(!here.is_empty(), "service {service} in district {district}");
                let ids: HashSet<i64> = here.iter().map(|p| p["id"].as_i64().unwrap()).collect();
                others.extend(
                    buyable(&server, service, None)
                        .await
                        .into_iter()
                        .filter(|p| !ids.contains(&p["id"].as_i64().unwrap())),
                );
                per_service.push(here);
            }
            // Some shop does not deliver to every district.
            assert!(!others.is_empty(), "district {district}");
            listed.push(per_service);
            left_out.push(others);
        }
        (c, addresses, listed, left_out)
    });

    let area = "Sorry, we don't deliver to your area now!";
    rt.block_on(async {
        for (d, district) in DISTRICTS.iter().enumerate() {
            for products in &listed[d] {
                let (status, body) =
                    buy(&server, &c, Some(*district), &products[0], addresses[d]).await;
                assert_eq!(status, 201, "district {district}: {body}");
            }
        }
    });

    let mut runner = TestRunner::new(Config {
        cases: 40,
        failure_persistence: None,
        ..Config::default()
    });
    let strategy = (
        0..DISTRICTS.len(),
        0..SERVICES.len(),
        any::<prop::sample::Index>(),
        any::<prop::sample::Index>(),
    );
    runner
        .run(&strategy, |(d, s, pick, other)| {
            rt.block_on(async {
                let product = pick.get(&listed[d][s]);
                let (status, body) =
                    buy(&server, &c, Some(DISTRICTS[d]), product, addresses[d]).await;
                prop_assert_eq!(
                    status,
                    201,
                    "listed {} in {}: {}",
                    product["id"],
                    d + 1,
                    body
                );
                // A product the listing left out: added without a district (so the
                // cart cannot refuse it), then refused at checkout for the area.
                let product = other.get(&left_out[d]);
                let (status, body) = buy(&server, &c, None, product, addresses[d]).await;
                prop_assert_eq!(status, 400, "{}", body);
                prop_assert_eq!(body["errors"]["error"].as_str(), Some(area));
                Ok::<(), TestCaseError>(())
            })
        })
        .unwrap();
}

#[tokio::test]
async fn the_migration_decides_the_shops_of_an_existing_database() {
    // A data directory from before the delivery table: the schema of migrations 1 to
    // 7 with two shops 6.7 km apart and a third 2.2 km from the first.
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    std::fs::create_dir_all(&data).unwrap();
    {
        let db = rusqlite::Connection::open(data.join("storefront.db")).unwrap();
        static_host::db::functions::register(&db).unwrap();
        for sql in [
            include_str!("../migrations/0001_initial.sql"),
            include_str!("../migrations/0002_shared_ledgers.sql"),
            include_str!("../migrations/0003_orders.sql"),
            include_str!("../migrations/0004_account.sql"),
            include_str!("../migrations/0005_idempotency.sql"),
            include_str!("../migrations/0006_search.sql"),
            include_str!("../migrations/0007_catalogue_indexes.sql"),
        ] {
            db.execute_batch(sql).unwrap();
        }
        db.pragma_update(None, "user_version", 7).unwrap();
        let square = |lat: f64| {
            format!(
                "[[31.0,{lat}],[31.01,{lat}],[31.01,{}],[31.0,{}],[31.0,{lat}]]",
                lat + 0.01,
                lat + 0.01
            )
        };
        db.execute_batch(&format!(
            "INSERT INTO settings (key, value) VALUES ('seed_version', '\"1\"');
             INSERT INTO districts (id, name_en, name_ar, polygon) VALUES
                (801, 'North', 'الشمال', '{}'), (802, 'Middle', 'الوسط', '{}'), (803, 'South', 'الجنوب', '{}');
             INSERT INTO services (id, name_en, name_ar, icon, filter_type) VALUES
                (80, 'Old', 'قديم', '/s.svg', 'products_focused');
             INSERT INTO categories (id, service_id, name_en, name_ar, icon) VALUES (8001, 80, 'All', 'الكل', '/c.svg');
             INSERT INTO branches (id, service_id, district_id, name_en, name_ar, logo, cover, delivery_minutes,
                    delivery_fee_minor) VALUES
                (8001, 80, 801, 'North Shop', 'متجر الشمال', '/l.svg', '/c.svg', 30, 0),
                (8003, 80, 803, 'South Shop', 'متجر الجنوب', '/l.svg', '/c.svg', 30, 0);
             INSERT INTO products (id, branch_id, service_id, category_id, name_en, name_ar, image, price_minor,
                    stock, created_at) VALUES
                (80001, 8001, 80, 8001, 'Tea', 'شاي', '/p.svg', 1000, 5, 1),
                (80002, 8001, 80, 8001, 'Coffee', 'قهوة', '/p.svg', 3000, 5, 2),
                (80003, 8003, 80, 8001, 'Juice', 'عصير', '/p.svg', 2000, 5, 3);",
            square(30.10),
            square(30.08),
            square(30.04),
        ))
        .unwrap();
    }
    let server = common::start_with(&[], Some(dir)).await;
    let path = "/api/products?service_id=80&page=1";
    let server = &server;
    let listed = |district| async move {
        let body = read(server, path, Some(district)).await;
        (
            ids(&body["data"]),
            body["meta"]["total"].as_u64().unwrap(),
            body["meta"]["price_min"].clone(),
        )
    };
    // North (801) reaches Middle (802, 2.2 km) but not South (803, 6.7 km).
    assert_eq!(listed(801).await, (vec![80001, 80002], 2, json!("10.00")));
    assert_eq!(
        listed(802).await,
        (vec![80001, 80002, 80003], 3, json!("10.00"))
    );
    assert_eq!(listed(803).await, (vec![80003], 1, json!("20.00")));
}
