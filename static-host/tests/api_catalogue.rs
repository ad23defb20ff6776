//! Services, categories, shop categories, shops and products against the real
//! server. Every test inserts its own fixture (services 900–902, ids from 900000)
//! and filters by those services, so the demo seed never mixes into the results.
//! Expected orders are computed here from the fixture itself.

mod common;

use std::collections::HashSet;

use common::{Server, ids, start};
use rusqlite::{Connection, params};
use serde_json::{Value, json};

const MARKET: i64 = 900; // products-focused
const FOOD: i64 = 901; // branches-focused
const EMPTY: i64 = 902; // no categories, products or brands
const TOKEN: &str = "fixture-token-900";

/// A fixture product of service 900.
#[derive(Debug, Clone)]
struct P {
    id: i64,
    name_en: String,
    name_ar: String,
    branch: i64,
    category: i64,
    brand: Option<i64>,
    price: i64,
    old: Option<i64>,
    stock: i64,
    preorder: bool,
    rating: f64,
    sales: i64,
    popularity: i64,
    created: i64,
}

/// 45 products whose attributes each give a different order.
fn products() -> Vec<P> {
    (0..45i64)
        .map(|i| P {
            id: 900_001 + i,
            // 7 and 11 are prime to 45: unique names, in orders unlike the ids.
            name_en: format!("Item {:02}", (i * 7) % 45),
            name_ar: format!("منتج {:02}", (i * 11) % 45),
            branch: if i % 2 == 0 { 900_001 } else { 900_002 },
            category: [900_011, 900_012, 900_021][(i % 3) as usize],
            brand: match i % 4 {
                0 => Some(900_001),
                1 => Some(900_002),
                _ => None,
            },
            price: 1000 + i * 100,
            old: (i % 5 == 0).then_some(1000 + i * 100 + 100 * (i / 5 + 1)),
            stock: if i % 6 == 5 { 0 } else { 10 },
            preorder: i % 12 == 5,
            // Whole and half stars; ties in popularity (below) fall to the rating.
            rating: (i % 5) as f64 + if i % 2 == 0 { 0.5 } else { 0.0 },
            sales: if i == 0 {
                1000
            } else if i % 9 == 8 {
                0
            } else {
                (i * 17) % 50
            },
            popularity: (i * 13) % 15,
            created: 1_700_000_000_000 + ((i * 19) % 45) * 1000,
        })
        .collect()
}

fn status_of(p: &P) -> &'static str {
    if p.stock > 0 {
        "in_stock"
    } else if p.preorder {
        "preorder"
    } else {
        "out_of_stock"
    }
}

fn amount(minor: i64) -> String {
    format!("{}.{:02}", minor / 100, minor % 100)
}

fn fixture(db: &Connection) {
    db.execute_batch(
        "INSERT INTO districts (id, name_en, name_ar, polygon) VALUES
            (900000, 'Fixture Town', 'بلدة التجربة', '[[-140,-40],[-139,-40],[-139,-39],[-140,-39],[-140,-40]]');
         INSERT INTO services (id, name_en, name_ar, icon, filter_type, show_categories_menu, sort) VALUES
            (900, 'Fixture Market', 'سوق التجربة', '/api/media/services/900.svg', 'products_focused', 1, 900),
            (901, 'Fixture Food', 'طعام التجربة', '/api/media/services/901.svg', 'branches_focused', 0, 901),
            (902, 'Fixture Empty', 'خدمة فارغة', '/api/media/services/902.svg', 'products_focused', 1, 899);
         INSERT INTO categories (id, service_id, parent_id, name_en, name_ar, icon, featured, sort) VALUES
            (900001, 900, NULL, 'Drinks', 'مشروبات', '/i/900001.svg', 1, 1),
            (900002, 900, NULL, 'Snacks', 'وجبات خفيفة', '/i/900002.svg', 0, 2),
            (900012, 900, 900001, 'Coffee', 'قهوة', '/i/900012.svg', 0, 2),
            (900011, 900, 900001, 'Tea', 'شاي', '/i/900011.svg', 0, 1),
            (900021, 900, 900002, 'Chips', 'رقائق', '/i/900021.svg', 0, 1),
            (900101, 901, NULL, 'Meals', 'وجبات', '/i/900101.svg', 1, 1);
         INSERT INTO branch_categories (id, service_id, name_en, name_ar, icon, sort) VALUES
            (900001, 900, 'Grocers', 'بقالات', '/i/bc900001.svg', 1),
            (900002, 900, 'Bakeries', 'مخابز', '/i/bc900002.svg', 2),
            (900101, 901, 'Pizza', 'بيتزا', '/i/bc900101.svg', 1);
         INSERT INTO brands (id, service_id, name_en, name_ar, logo) VALUES
            (900001, 900, 'Acme', 'أكمي', '/i/b900001.svg'),
            (900002, 900, 'Nile', 'نايل', '/i/b900002.svg'),
            (900101, 901, 'Other', 'أخرى', '/i/b900101.svg');
         INSERT INTO branches (id, service_id, branch_category_id, district_id, name_en, name_ar, description_en,
                description_ar, logo, cover, closed, minimum_minor, delivery_minutes, delivery_fee_minor, free_delivery,
                free_delivery_over_minor, rating, sort) VALUES
            (900001, 900, 900001, 900000, 'Alpha Grocer', 'بقالة ألفا', 'Fresh every day', 'طازج كل يوم',
                '/l/900001.svg', '/c/900001.svg', 0, 5000, 30, 1500, 0, 20000, 4.5, 1),
            (900002, 900, 900002, 900000, 'Beta Bakery', 'مخبز بيتا', 'Bread', 'خبز',
                '/l/900002.svg', '/c/900002.svg', 1, 0, 45, 0, 1, NULL, 3.9, 2),
            (900101, 901, 900101, 900000, 'Gamma Pizza', 'بيتزا جاما', '', '', '/l/900101.svg', '/c/900101.svg',
                0, 10000, 25, 1000, 0, NULL, 4.8, 2),
            (900102, 901, NULL, 900000, 'Delta Pizza', 'بيتزا دلتا', '', '', '/l/900102.svg', '/c/900102.svg',
                0, 10000, 25, 1000, 0, NULL, 4.1, 1);
         INSERT INTO users (id, mobile, name, referral_code, created_at) VALUES
            (900001, '+201009000001', 'Fixture User', 'FIXREF900', 0);
         INSERT INTO favorites (user_id, kind, item_id, created_at) VALUES
            (900001, 'product', 900001, 0), (900001, 'branch', 900101, 0);",
    )
    .unwrap();
    for p in products() {
        db.execute(
            "INSERT INTO products (id, branch_id, service_id, category_id, brand_id, name_en, name_ar, description_en,
                description_ar, image, price_minor, old_price_minor, stock, preorder, min_qty, max_qty, rating,
                sales_count, popularity, created_at)
             VALUES (?1, ?2, 900, ?3, ?4, ?5, ?6, 'About ' || ?5, 'عن ' || ?6, '/api/media/products/' || ?1 || '.svg',
                ?7, ?8, ?9, ?10, 1, 5, ?11, ?12, ?13, ?14)",
            params![
                p.id, p.branch, p.category, p.brand, p.name_en, p.name_ar, p.price, p.old, p.stock, p.preorder,
                p.rating, p.sales, p.popularity, p.created
            ],
        )
        .unwrap();
    }
    db.execute_batch(
        "INSERT INTO products (id, branch_id, service_id, category_id, name_en, name_ar, image, price_minor, created_at)
         VALUES (900101, 900101, 901, 900101, 'Margherita', 'مارجريتا', '/api/media/products/900101.svg', 9000, 1),
                (900102, 900102, 901, 900101, 'Pepperoni', 'بيبروني', '/api/media/products/900102.svg', 11000, 2);",
    )
    .unwrap();
    for n in 1..=12 {
        db.execute(
            "INSERT INTO branches (id, service_id, district_id, name_en, name_ar, logo, cover, delivery_minutes,
                delivery_fee_minor, sort)
             VALUES (?1, 902, 900000, ?2, ?3, '/l/k.svg', '/c/k.svg', 20, 500, ?4)",
            params![900_200 + n, format!("Kiosk {n:02}"), format!("كشك {n:02}"), n],
        )
        .unwrap();
    }
    // A session started now (sessions end at an absolute age since issue 19).
    db.execute(
        "INSERT INTO tokens (token_hash, user_id, created_at) VALUES (?1, 900001, ?2)",
        params![
            static_host::http::session::hash_token(TOKEN),
            static_host::clock::now_ms()
        ],
    )
    .unwrap();
}

async fn server() -> Server {
    let server = start().await;
    fixture(&server.db());
    server
}

async fn get(server: &Server, path: &str, lang: &str, token: Option<&str>) -> (u16, Value) {
    let mut request = server.client.get(server.url(path)).header("Language", lang);
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    let response = request.send().await.unwrap();
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

async fn ok(server: &Server, path: &str) -> Value {
    let (status, body) = get(server, path, "en", None).await;
    assert_eq!(status, 200, "{path}: {body}");
    body
}

fn expect_422(body: &Value, field: &str) {
    assert!(
        body["errors"][field][0].is_string(),
        "expected a 422 naming {field}: {body}"
    );
    assert!(body["message"].is_string());
}

// ---- services ---------------------------------------------------------------

#[tokio::test]
async fn services_are_listed_in_order_in_both_languages() {
    let server = server().await;
    let body = ok(&server, "/api/services").await;
    let ours: Vec<&Value> = body["data"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["id"].as_i64().unwrap() >= 900)
        .collect();
    assert_eq!(
        ours.iter()
            .map(|s| s["id"].as_i64().unwrap())
            .collect::<Vec<_>>(),
        vec![EMPTY, MARKET, FOOD]
    );
    assert_eq!(
        *ours[1],
        json!({"id": 900, "name": "Fixture Market", "icon": "/api/media/services/900.svg",
               "mini_icon": "/api/media/services/900.svg"})
    );
    assert_eq!(body["meta"]["current_page"], 1);
    assert_eq!(body["meta"]["last_page"], 1);
    let (_, body) = get(&server, "/api/services", "ar", None).await;
    let market = body["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["id"] == 900)
        .unwrap();
    assert_eq!(market["name"], "سوق التجربة");
}

#[tokio::test]
async fn a_service_has_its_blocks_in_order() {
    let server = server().await;
    let fixture = products();
    let body = ok(&server, "/api/services/900").await;
    let data = &body["data"];
    assert_eq!(data["id"], 900);
    assert_eq!(data["name"], "Fixture Market");
    assert_eq!(data["filter_type"], "products_focused");
    assert_eq!(data["show_categories_menu"], true);
    let blocks = data["blocks"].as_array().unwrap();
    let types: Vec<&str> = blocks.iter().map(|b| b["type"].as_str().unwrap()).collect();
    assert_eq!(
        types,
        [
            "slider",
            "categories",
            "hot_deals",
            "best_seller",
            "most_popular",
            "new_arrived",
            "brands"
        ]
    );
    let block = |kind: &str| blocks.iter().find(|b| b["type"] == kind).unwrap();

    // Banners (900 − 1) × 3 + 1 …
    assert_eq!(
        block("slider")["items"],
        json!([{"id": 2698, "is_favorite": false, "image": "/api/media/banners/2698.svg"},
               {"id": 2699, "is_favorite": false, "image": "/api/media/banners/2699.svg"},
               {"id": 2700, "is_favorite": false, "image": "/api/media/banners/2700.svg"}])
    );
    assert_eq!(block("slider")["title"], "Offers");
    assert_eq!(
        block("categories")["items"],
        json!([{"id": 900001, "is_favorite": false, "name": "Drinks", "icon": "/i/900001.svg"},
               {"id": 900002, "is_favorite": false, "name": "Snacks", "icon": "/i/900002.svg"}])
    );
    assert_eq!(ids(&block("brands")["items"]), vec![900001, 900002]);
    assert_eq!(
        block("brands")["items"][0],
        json!({"id": 900001, "is_favorite": false, "name": "Acme", "logo": "/i/b900001.svg"})
    );

    let top = |mut list: Vec<P>, key: &dyn Fn(&P, &P) -> std::cmp::Ordering| {
        list.sort_by(|a, b| key(a, b).then(a.id.cmp(&b.id)));
        list.into_iter().take(10).map(|p| p.id).collect::<Vec<_>>()
    };
    let discount = |p: &P| (p.old.unwrap() - p.price) as f64 / p.old.unwrap() as f64;
    let deals: Vec<P> = fixture
        .iter()
        .filter(|p| p.old.is_some_and(|o| o > p.price))
        .cloned()
        .collect();
    assert_eq!(
        ids(&block("hot_deals")["items"]),
        top(deals, &|a, b| discount(b).total_cmp(&discount(a)))
    );
    let sold: Vec<P> = fixture.iter().filter(|p| p.sales > 0).cloned().collect();
    assert_eq!(
        ids(&block("best_seller")["items"]),
        top(sold, &|a, b| b.sales.cmp(&a.sales))
    );
    let popular: Vec<P> = fixture
        .iter()
        .filter(|p| p.popularity > 0)
        .cloned()
        .collect();
    assert_eq!(
        ids(&block("most_popular")["items"]),
        top(popular, &|a, b| b.popularity.cmp(&a.popularity))
    );
    let mut newest = fixture.clone();
    newest.sort_by_key(|p| std::cmp::Reverse(p.created));
    assert_eq!(
        ids(&block("new_arrived")["items"]),
        newest.iter().take(10).map(|p| p.id).collect::<Vec<_>>()
    );

    // A product card carries what the card shows.
    let first = &fixture[0];
    let card = block("best_seller")["items"][0].clone();
    assert_eq!(
        card,
        json!({"id": first.id, "is_favorite": false, "name": first.name_en, "image": "/api/media/products/900001.svg",
               "price": amount(first.price), "old_price": amount(first.old.unwrap()), "stock_status": "in_stock",
               "rating": first.rating, "branch_id": first.branch, "size": null,
               "rating_average": null, "rating_count": 0})
    );
    for block in blocks {
        assert!(block["items"].as_array().unwrap().len() <= 10);
    }

    // Arabic titles and names.
    let (_, body) = get(&server, "/api/services/900", "ar", None).await;
    let blocks = body["data"]["blocks"].as_array().unwrap();
    assert_eq!(blocks[2]["title"], "عروض ساخنة");
    assert_eq!(blocks[1]["items"][0]["name"], "مشروبات");
    assert_eq!(body["data"]["name"], "سوق التجربة");
}

#[tokio::test]
async fn branches_focused_services_add_top_rated_shops_and_empty_blocks_are_left_out() {
    let server = server().await;
    let body = ok(&server, "/api/services/901").await;
    assert_eq!(body["data"]["filter_type"], "branches_focused");
    assert_eq!(body["data"]["show_categories_menu"], false);
    let blocks = body["data"]["blocks"].as_array().unwrap();
    let types: Vec<&str> = blocks.iter().map(|b| b["type"].as_str().unwrap()).collect();
    // No old prices, sales or popularity in this service: those blocks are omitted.
    assert_eq!(
        types,
        ["slider", "categories", "new_arrived", "brands", "branches"]
    );
    let shops = &blocks[4]["items"];
    assert_eq!(ids(shops), vec![900101, 900102], "highest rating first");
    assert_eq!(
        shops[0],
        json!({"id": 900101, "is_favorite": false, "name": "Gamma Pizza", "logo": "/l/900101.svg", "rating": 4.8,
               "minutes": 25, "closed": false})
    );
    assert_eq!(blocks[4]["title"], "Top-rated shops");

    let body = ok(&server, "/api/services/902").await;
    let types: Vec<&str> = body["data"]["blocks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["type"].as_str().unwrap())
        .collect();
    assert_eq!(types, ["slider"]);
}

#[tokio::test]
async fn unknown_services_are_not_found() {
    let server = server().await;
    for path in [
        "/api/services/999999",
        "/api/services/abc",
        "/api/services/-1",
        "/api/services/0",
    ] {
        let (status, body) = get(&server, path, "en", None).await;
        assert_eq!(status, 404, "{path}");
        assert!(body["message"].is_string());
    }
}

#[tokio::test]
async fn favourites_follow_the_signed_in_customer() {
    let server = server().await;
    let token = Some(TOKEN);
    // Service blocks.
    let (status, body) = get(&server, "/api/services/900", "en", token).await;
    assert_eq!(status, 200);
    let mut seen = false;
    for block in body["data"]["blocks"].as_array().unwrap() {
        for item in block["items"].as_array().unwrap() {
            let favourite = block["type"] != "categories"
                && block["type"] != "brands"
                && block["type"] != "slider"
                && item["id"] == 900001;
            seen |= favourite;
            assert_eq!(item["is_favorite"], favourite, "{block}");
        }
    }
    assert!(seen, "the favourite best seller is in a block");
    let (_, body) = get(&server, "/api/services/901", "en", token).await;
    let shops = body["data"]["blocks"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["type"] == "branches")
        .unwrap()["items"]
        .clone();
    assert_eq!(shops[0]["is_favorite"], true);
    assert_eq!(shops[1]["is_favorite"], false);

    // Product listing, product page, shop list and shop page.
    let (_, body) = get(
        &server,
        "/api/products?service_id=900&page=1&limit=100",
        "en",
        token,
    )
    .await;
    for item in body["data"].as_array().unwrap() {
        assert_eq!(item["favorite"], if item["id"] == 900001 { 1 } else { 0 });
    }
    let (_, body) = get(
        &server,
        "/api/products?service_id=900&page=1&limit=100",
        "en",
        None,
    )
    .await;
    assert!(
        body["data"]
            .as_array()
            .unwrap()
            .iter()
            .all(|i| i["favorite"] == 0)
    );
    let (_, body) = get(&server, "/api/products/900001", "en", token).await;
    assert_eq!(body["data"]["favorite"], 1);
    let (_, body) = get(&server, "/api/products/900001", "en", None).await;
    assert_eq!(body["data"]["favorite"], 0);
    let (_, body) = get(&server, "/api/branches?service_id=901&page=1", "en", token).await;
    let flags: Vec<(i64, bool)> = body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| {
            (
                b["id"].as_i64().unwrap(),
                b["is_favorite"].as_bool().unwrap(),
            )
        })
        .collect();
    assert_eq!(flags, vec![(900102, false), (900101, true)]);
    let (_, body) = get(&server, "/api/branches/900101", "en", token).await;
    assert_eq!(body["data"]["is_favorite"], true);
    let (_, body) = get(&server, "/api/branches/900101", "en", None).await;
    assert_eq!(body["data"]["is_favorite"], false);

    // Another customer's favourites are not mine; a bad token is a 401.
    server
        .db()
        .execute_batch(
            "INSERT INTO users (id, mobile, name, referral_code, created_at) VALUES (900002, '+201009000002', 'B', 'FIXREF901', 0);
             INSERT INTO favorites (user_id, kind, item_id, created_at) VALUES (900002, 'product', 900002, 0);",
        )
        .unwrap();
    let (_, body) = get(&server, "/api/products/900002", "en", token).await;
    assert_eq!(body["data"]["favorite"], 0);
    for path in [
        "/api/services/900",
        "/api/products?service_id=900",
        "/api/products/900001",
        "/api/branches?service_id=900",
        "/api/branches/900001",
    ] {
        let (status, body) = get(&server, path, "en", Some("not-a-token")).await;
        assert_eq!(status, 401, "{path}: {body}");
    }
}

#[tokio::test]
async fn quick_search_finds_a_services_shops_by_name() {
    let server = server().await;
    let body = ok(&server, "/api/services/search?service_id=900&search=ALPHA").await;
    assert_eq!(
        body["data"],
        json!([{"id": 900001, "name": "Alpha Grocer"}])
    );
    let (_, body) = get(
        &server,
        "/api/services/search?service_id=900&search=%D8%A3%D9%84%D9%81%D8%A7",
        "ar",
        None,
    )
    .await;
    assert_eq!(
        body["data"],
        json!([{"id": 900001, "name": "بقالة ألفا"}]),
        "Arabic text, Arabic names"
    );
    // Words match from their start: 'a' is in both names, but only 'Alpha' starts
    // with it; 'b' starts both words of 'Beta Bakery'.
    let body = ok(&server, "/api/services/search?service_id=900&search=a").await;
    assert_eq!(ids(&body["data"]), vec![900001]);
    let body = ok(&server, "/api/services/search?service_id=900&search=b").await;
    assert_eq!(ids(&body["data"]), vec![900002]);
    // Other services' shops stay out; the wildcard is literal; at most 10.
    let body = ok(&server, "/api/services/search?service_id=900&search=pizza").await;
    assert_eq!(body["data"], json!([]));
    let body = ok(&server, "/api/services/search?service_id=900&search=%25").await;
    assert_eq!(body["data"], json!([]));
    let body = ok(&server, "/api/services/search?service_id=902&search=kiosk").await;
    assert_eq!(ids(&body["data"]), (900_201..=900_210).collect::<Vec<_>>());

    for (path, field) in [
        (
            "/api/services/search?service_id=900&search=%20%20",
            "search",
        ),
        ("/api/services/search?service_id=900", "search"),
        ("/api/services/search?search=alpha", "service_id"),
        (
            "/api/services/search?service_id=abc&search=alpha",
            "service_id",
        ),
    ] {
        let (status, body) = get(&server, path, "en", None).await;
        assert_eq!(status, 422, "{path}");
        expect_422(&body, field);
    }
    let (_, body) = get(
        &server,
        "/api/services/search?service_id=900&search=",
        "ar",
        None,
    )
    .await;
    assert_eq!(body["errors"]["search"][0], "يرجى إدخال نص للبحث");
    let long = "x".repeat(101);
    let (status, body) = get(
        &server,
        &format!("/api/services/search?service_id=900&search={long}"),
        "en",
        None,
    )
    .await;
    assert_eq!(status, 422);
    expect_422(&body, "search");
    let (status, _) = get(
        &server,
        "/api/services/search?service_id=999999&search=a",
        "en",
        None,
    )
    .await;
    assert_eq!(status, 404);
}

// ---- categories -------------------------------------------------------------

#[tokio::test]
async fn the_category_tree_nests_children_and_lists_featured() {
    let server = server().await;
    let body = ok(
        &server,
        "/api/categories?service_id=900&is_tree=1&limit=1000",
    )
    .await;
    assert_eq!(
        body["data"],
        json!([
            {"id": 900001, "name": "Drinks", "icon": "/i/900001.svg", "parent_id": null, "children": [
                {"id": 900011, "name": "Tea", "icon": "/i/900011.svg", "parent_id": 900001, "children": []},
                {"id": 900012, "name": "Coffee", "icon": "/i/900012.svg", "parent_id": 900001, "children": []}]},
            {"id": 900002, "name": "Snacks", "icon": "/i/900002.svg", "parent_id": null, "children": [
                {"id": 900021, "name": "Chips", "icon": "/i/900021.svg", "parent_id": 900002, "children": []}]}
        ])
    );
    assert_eq!(
        body["meta"]["featured"],
        json!([{"id": 900001, "name": "Drinks", "icon": "/i/900001.svg"}])
    );
    assert_eq!(body["meta"]["total"], 2);
    assert_eq!(body["meta"]["per_page"], 1000);
    let (_, body) = get(
        &server,
        "/api/categories?service_id=900&is_tree=true",
        "ar",
        None,
    )
    .await;
    assert_eq!(body["data"][0]["children"][1]["name"], "قهوة");
    assert_eq!(body["meta"]["featured"][0]["name"], "مشروبات");
    // The tree may be paged too.
    let body = ok(
        &server,
        "/api/categories?service_id=900&is_tree=1&limit=1&page=2",
    )
    .await;
    assert_eq!(ids(&body["data"]), vec![900002]);
    assert_eq!(body["meta"]["last_page"], 2);

    for (path, field) in [
        (
            "/api/categories?service_id=900&is_tree=1&limit=1001",
            "limit",
        ),
        ("/api/categories?service_id=900&is_tree=yes", "is_tree"),
        ("/api/categories?service_id=900&is_tree=1&limit=0", "limit"),
    ] {
        let (status, body) = get(&server, path, "en", None).await;
        assert_eq!(status, 422, "{path}");
        expect_422(&body, field);
    }
}

#[tokio::test]
async fn categories_are_paged_by_parent_or_by_service() {
    let server = server().await;
    let body = ok(&server, "/api/categories?parent_id=900001&page=1&limit=1").await;
    assert_eq!(
        body["data"],
        json!([{"id": 900011, "name": "Tea", "icon": "/i/900011.svg", "parent_id": 900001}])
    );
    assert_eq!(body["meta"]["current_page"], 1);
    assert_eq!(body["meta"]["last_page"], 2);
    assert_eq!(body["meta"]["total"], 2);
    let body = ok(&server, "/api/categories?parent_id=900001&page=2&limit=1").await;
    assert_eq!(ids(&body["data"]), vec![900012]);
    assert_eq!(body["meta"]["current_page"], 2);
    let body = ok(&server, "/api/categories?parent_id=900011&page=1&limit=20").await;
    assert_eq!(body["data"], json!([]), "a leaf has no subcategories");
    assert_eq!(body["meta"]["last_page"], 1);

    let body = ok(&server, "/api/categories?service_id=900&page=1&limit=20").await;
    assert_eq!(ids(&body["data"]), vec![900001, 900002]);
    assert!(
        body["data"][0].get("children").is_none(),
        "no children outside tree mode"
    );
    assert_eq!(ids(&body["meta"]["featured"]), vec![900001]);

    for path in [
        "/api/categories?parent_id=999999",
        "/api/categories?service_id=999999",
        "/api/categories?parent_id=900001&service_id=901",
    ] {
        let (status, _) = get(&server, path, "en", None).await;
        assert_eq!(status, 404, "{path}");
    }
    for (path, field) in [
        ("/api/categories", "service_id"),
        ("/api/categories?page=1&limit=20", "service_id"),
        ("/api/categories?service_id=900&page=abc", "page"),
        ("/api/categories?service_id=900&limit=0", "limit"),
        ("/api/categories?service_id=900&limit=101", "limit"),
        ("/api/categories?parent_id=x", "parent_id"),
    ] {
        let (status, body) = get(&server, path, "en", None).await;
        assert_eq!(status, 422, "{path}");
        expect_422(&body, field);
    }
}

#[tokio::test]
async fn a_category_shows_its_parent_and_children() {
    let server = server().await;
    let body = ok(&server, "/api/categories/900011").await;
    assert_eq!(
        body["data"],
        json!({"id": 900011, "name": "Tea", "icon": "/i/900011.svg", "service_id": 900,
               "parent": {"id": 900001, "name": "Drinks"}, "children": []})
    );
    let (_, body) = get(&server, "/api/categories/900001", "ar", None).await;
    assert_eq!(body["data"]["parent"], Value::Null);
    assert_eq!(body["data"]["name"], "مشروبات");
    assert_eq!(ids(&body["data"]["children"]), vec![900011, 900012]);
    assert_eq!(body["data"]["children"][0]["name"], "شاي");
    for path in ["/api/categories/999999", "/api/categories/tea"] {
        let (status, _) = get(&server, path, "en", None).await;
        assert_eq!(status, 404);
    }
}

#[tokio::test]
async fn branch_categories_are_paged_per_service() {
    let server = server().await;
    let body = ok(
        &server,
        "/api/branch-categories?service_id=900&page=1&limit=1",
    )
    .await;
    assert_eq!(
        body["data"],
        json!([{"id": 900001, "name": "Grocers", "icon": "/i/bc900001.svg"}])
    );
    assert_eq!(body["meta"]["last_page"], 2);
    let (_, body) = get(
        &server,
        "/api/branch-categories?service_id=900&page=2&limit=1",
        "ar",
        None,
    )
    .await;
    assert_eq!(
        body["data"],
        json!([{"id": 900002, "name": "مخابز", "icon": "/i/bc900002.svg"}])
    );
    let (status, body) = get(&server, "/api/branch-categories?page=1", "en", None).await;
    assert_eq!(status, 422);
    assert_eq!(body["errors"]["service_id"][0], "Service ID is required.");
    let (status, _) = get(
        &server,
        "/api/branch-categories?service_id=999999",
        "en",
        None,
    )
    .await;
    assert_eq!(status, 404);
    let (status, body) = get(
        &server,
        "/api/branch-categories?service_id=900&page=0",
        "en",
        None,
    )
    .await;
    assert_eq!(status, 422);
    expect_422(&body, "page");
}

// ---- branches ----------------------------------------------------------------

#[tokio::test]
async fn shops_are_listed_with_delivery_terms_and_filters() {
    let server = server().await;
    let body = ok(&server, "/api/branches?service_id=900&page=1").await;
    assert_eq!(
        body["data"][0],
        json!({"id": 900001, "name": "Alpha Grocer", "logo": "/l/900001.svg", "cover": "/c/900001.svg",
               "is_favorite": false, "closed": false, "minimum": "50.00", "minutes": 30, "free_delivery": false,
               "free_delivery_over": "200.00", "delivery_fee": "15.00", "rating": 4.5,
               "branch_category": {"id": 900001, "name": "Grocers"}, "district": {"id": 900000, "name": "Fixture Town"}})
    );
    assert_eq!(body["data"][1]["closed"], true);
    assert_eq!(body["data"][1]["free_delivery"], true);
    assert_eq!(body["data"][1]["free_delivery_over"], Value::Null);
    assert_eq!(body["data"][1]["minimum"], "0.00");
    assert_eq!(body["meta"]["total"], 2);

    let body = ok(&server, "/api/branches?service_id=900&page=1&search=BETA").await;
    assert_eq!(ids(&body["data"]), vec![900002]);
    let body = ok(
        &server,
        "/api/branches?service_id=900&page=1&branch_category_id=900001",
    )
    .await;
    assert_eq!(ids(&body["data"]), vec![900001]);
    let body = ok(&server, "/api/branches?service_id=900&page=1&search=%20").await;
    assert_eq!(body["meta"]["total"], 2, "blank search is no search");
    let body = ok(&server, "/api/branches?service_id=901&page=1").await;
    assert_eq!(body["data"][0]["branch_category"], Value::Null);
    let body = ok(&server, "/api/branches?service_id=902&page=2&limit=5").await;
    assert_eq!(ids(&body["data"]), (900_206..=900_210).collect::<Vec<_>>());
    assert_eq!(body["meta"]["last_page"], 3);

    let (_, body) = get(&server, "/api/branches?service_id=900&page=1", "ar", None).await;
    assert_eq!(body["data"][0]["name"], "بقالة ألفا");
    assert_eq!(body["data"][0]["branch_category"]["name"], "بقالات");
    assert_eq!(body["data"][0]["district"]["name"], "بلدة التجربة");

    for (path, field) in [
        ("/api/branches?page=1", "service_id"),
        ("/api/branches?service_id=900&page=abc", "page"),
        ("/api/branches?service_id=900&limit=0", "limit"),
        (
            "/api/branches?service_id=900&branch_category_id=900101",
            "branch_category_id",
        ),
        (
            "/api/branches?service_id=900&branch_category_id=abc",
            "branch_category_id",
        ),
    ] {
        let (status, body) = get(&server, path, "en", None).await;
        assert_eq!(status, 422, "{path}");
        expect_422(&body, field);
    }
    let (status, _) = get(
        &server,
        "/api/branches?service_id=999999&page=1",
        "en",
        None,
    )
    .await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn the_shop_page_has_description_and_product_categories() {
    let server = server().await;
    let body = ok(&server, "/api/branches/900001").await;
    let data = &body["data"];
    assert_eq!(data["description"], "Fresh every day");
    assert_eq!(data["minimum"], "50.00");
    assert_eq!(data["minutes"], 30);
    assert_eq!(data["closed"], false);
    assert_eq!(data["free_delivery"], false);
    let fixture = products();
    let count = |category| {
        fixture
            .iter()
            .filter(|p| p.branch == 900001 && p.category == category)
            .count() as i64
    };
    assert_eq!(
        data["categories"],
        json!([
            {"id": 900011, "name": "Tea", "icon": "/i/900011.svg", "products_count": count(900011)},
            {"id": 900012, "name": "Coffee", "icon": "/i/900012.svg", "products_count": count(900012)},
            {"id": 900021, "name": "Chips", "icon": "/i/900021.svg", "products_count": count(900021)}
        ])
    );
    let (_, body) = get(&server, "/api/branches/900001", "ar", None).await;
    assert_eq!(body["data"]["description"], "طازج كل يوم");
    assert_eq!(body["data"]["categories"][0]["name"], "شاي");
    let body = ok(&server, "/api/branches/900201").await;
    assert_eq!(body["data"]["categories"], json!([]));
    for path in ["/api/branches/999999", "/api/branches/x"] {
        let (status, _) = get(&server, path, "en", None).await;
        assert_eq!(status, 404);
    }
}

// ---- products ----------------------------------------------------------------

async fn listing(server: &Server, query: &str, lang: &str) -> Value {
    let path = format!("/api/products?service_id=900&page=1&limit=100{query}");
    let (status, body) = get(server, &path, lang, None).await;
    assert_eq!(status, 200, "{path}: {body}");
    body
}

fn sorted(mut list: Vec<P>, key: impl Fn(&P, &P) -> std::cmp::Ordering) -> Vec<i64> {
    list.sort_by(|a, b| key(a, b).then(a.id.cmp(&b.id)));
    list.into_iter().map(|p| p.id).collect()
}

#[tokio::test]
async fn unfiltered_totals_follow_inserts_moves_and_deletes() {
    // The unfiltered listing reads its total from a count the triggers keep.
    let server = server().await;
    let db = server.db();
    let total = |service: i64| {
        let path = format!("/api/products?service_id={service}&page=1");
        let server = &server;
        async move { ok(server, &path).await["meta"]["total"].clone() }
    };
    assert_eq!(total(MARKET).await, 45);
    assert_eq!(total(EMPTY).await, 0);
    db.execute(
        "INSERT INTO products (id, branch_id, service_id, category_id, name_en, name_ar, image, price_minor, created_at)
         VALUES (900099, 900001, 900, 900011, 'Extra', 'إضافي', '/i/x.svg', 100, 1)",
        [],
    )
    .unwrap();
    assert_eq!(total(MARKET).await, 46);
    db.execute("UPDATE products SET service_id = 902 WHERE id = 900099", [])
        .unwrap();
    assert_eq!(total(MARKET).await, 45);
    assert_eq!(total(EMPTY).await, 1);
    // A filtered listing counts its rows: both agree.
    let body = ok(
        &server,
        "/api/products?service_id=902&page=1&stock=out_of_stock",
    )
    .await;
    assert_eq!(body["meta"]["total"], 1);
    db.execute("DELETE FROM products WHERE id = 900099", [])
        .unwrap();
    assert_eq!(total(EMPTY).await, 0);
    assert_eq!(total(MARKET).await, 45);
}

#[tokio::test]
async fn products_are_paged_with_full_items() {
    let server = server().await;
    let mut seen = Vec::new();
    for page in 1..=3 {
        let body = ok(
            &server,
            &format!("/api/products?service_id=900&page={page}&limit=20"),
        )
        .await;
        assert_eq!(body["meta"]["current_page"], page);
        assert_eq!(body["meta"]["last_page"], 3);
        assert_eq!(body["meta"]["per_page"], 20);
        assert_eq!(body["meta"]["total"], 45);
        assert_eq!(
            body["data"].as_array().unwrap().len(),
            if page < 3 { 20 } else { 5 }
        );
        seen.extend(ids(&body["data"]));
    }
    assert_eq!(
        seen.iter().collect::<HashSet<_>>().len(),
        45,
        "pages do not overlap"
    );
    let body = ok(&server, "/api/products?service_id=900&page=4&limit=20").await;
    assert_eq!(body["data"], json!([]));

    let body = ok(
        &server,
        "/api/products?service_id=900&page=1&limit=100&sort=oldest",
    )
    .await;
    assert_eq!(body["meta"]["price_min"], "10.00");
    assert_eq!(body["meta"]["price_max"], "54.00");
    let p = products().into_iter().find(|p| p.id == 900006).unwrap(); // i = 5: out of stock, pre-order
    let item = body["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["id"] == p.id)
        .unwrap();
    assert_eq!(
        *item,
        json!({"id": p.id, "name": p.name_en, "image": "/api/media/products/900006.svg", "price": amount(p.price),
               "old_price": amount(p.old.unwrap()), "currency": "EGP", "favorite": 0, "stock": 0,
               "stock_status": "preorder", "min_qty": 1, "max_qty": 5, "rating": p.rating,
               "rating_average": null, "rating_count": 0, "size": null,
               "branch": {"id": 900002, "name": "Beta Bakery"}, "category_id": p.category,
               "brand": {"id": 900002, "name": "Nile"}})
    );
    let no_brand = body["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["id"] == 900003)
        .unwrap();
    assert_eq!(no_brand["brand"], Value::Null);
    assert_eq!(no_brand["old_price"], Value::Null);

    // The currency header is accepted; amounts stay in EGP.
    let response = server
        .client
        .get(server.url("/api/products?service_id=900&page=1&limit=1"))
        .header("currency", "USD")
        .send()
        .await
        .unwrap();
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["data"][0]["currency"], "EGP");

    // Without `page` and `text` the first page is listed.
    let body = ok(&server, "/api/products?service_id=900").await;
    assert_eq!(body["meta"]["current_page"], 1);
    assert_eq!(body["meta"]["per_page"], 20);

    let (_, body) = get(
        &server,
        "/api/products?service_id=900&page=1&limit=100",
        "ar",
        None,
    )
    .await;
    let item = body["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["id"] == 900006)
        .unwrap();
    assert_eq!(item["name"], p.name_ar);
    assert_eq!(item["branch"]["name"], "مخبز بيتا");
    assert_eq!(item["brand"]["name"], "نايل");
}

#[tokio::test]
async fn every_sort_orders_the_listing() {
    let server = server().await;
    let all = products();
    let cases: Vec<(&str, &str, Vec<i64>)> = vec![
        (
            "",
            "en",
            sorted(all.clone(), |a, b| {
                b.popularity
                    .cmp(&a.popularity)
                    .then(b.rating.total_cmp(&a.rating))
            }),
        ),
        (
            "recommended",
            "en",
            sorted(all.clone(), |a, b| {
                b.popularity
                    .cmp(&a.popularity)
                    .then(b.rating.total_cmp(&a.rating))
            }),
        ),
        (
            "best_selling",
            "en",
            sorted(all.clone(), |a, b| b.sales.cmp(&a.sales)),
        ),
        (
            "a_z",
            "en",
            sorted(all.clone(), |a, b| a.name_en.cmp(&b.name_en)),
        ),
        (
            "z_a",
            "en",
            sorted(all.clone(), |a, b| b.name_en.cmp(&a.name_en)),
        ),
        (
            "a_z",
            "ar",
            sorted(all.clone(), |a, b| a.name_ar.cmp(&b.name_ar)),
        ),
        (
            "z_a",
            "ar",
            sorted(all.clone(), |a, b| b.name_ar.cmp(&a.name_ar)),
        ),
        (
            "price_high",
            "en",
            sorted(all.clone(), |a, b| b.price.cmp(&a.price)),
        ),
        (
            "price_low",
            "en",
            sorted(all.clone(), |a, b| a.price.cmp(&b.price)),
        ),
        (
            "newest",
            "en",
            sorted(all.clone(), |a, b| b.created.cmp(&a.created)),
        ),
        (
            "oldest",
            "en",
            sorted(all.clone(), |a, b| a.created.cmp(&b.created)),
        ),
    ];
    let mut orders = HashSet::new();
    for (sort, lang, expected) in cases {
        let query = if sort.is_empty() {
            String::new()
        } else {
            format!("&sort={sort}")
        };
        let body = listing(&server, &query, lang).await;
        assert_eq!(ids(&body["data"]), expected, "sort={sort} lang={lang}");
        orders.insert(expected);
    }
    assert!(orders.len() >= 9, "the sorts really differ on this fixture");
    // Sorting applies across pages, not only within one.
    let body = ok(
        &server,
        "/api/products?service_id=900&page=2&limit=10&sort=price_low",
    )
    .await;
    assert_eq!(
        ids(&body["data"]),
        sorted(all, |a, b| a.price.cmp(&b.price))[10..20].to_vec()
    );
}

#[tokio::test]
async fn filters_narrow_the_listing_and_price_bounds_ignore_only_the_price_range() {
    let server = server().await;
    let all = products();
    let expect = |filter: &dyn Fn(&P) -> bool| {
        sorted(
            all.iter().filter(|p| filter(p)).cloned().collect(),
            |a, b| a.price.cmp(&b.price),
        )
    };
    let cases: Vec<(&str, Vec<i64>)> = vec![
        (
            "&search=ITEM%200",
            expect(&|p| p.name_en.starts_with("Item 0")),
        ),
        (
            "&search=%D9%85%D9%86%D8%AA%D8%AC%201",
            expect(&|p| p.name_ar.contains("منتج 1")),
        ),
        (
            "&category_id=900001",
            expect(&|p| p.category == 900011 || p.category == 900012),
        ),
        ("&category_id=900011", expect(&|p| p.category == 900011)),
        ("&branch_id=900002", expect(&|p| p.branch == 900002)),
        ("&brand_id=900001", expect(&|p| p.brand == Some(900001))),
        ("&stock=in_stock", expect(&|p| status_of(p) == "in_stock")),
        (
            "&stock=out_of_stock",
            expect(&|p| status_of(p) == "out_of_stock"),
        ),
        ("&stock=preorder", expect(&|p| status_of(p) == "preorder")),
        // `rating` filters on the reviews' average (as `min_rating`), not on the seeded
        // figure: this fixture has no reviews (`api_reviews.rs` tests the filter).
        (
            "&min_price=20&max_price=30.5",
            expect(&|p| (2000..=3050).contains(&p.price)),
        ),
        ("&min_price=50", expect(&|p| p.price >= 5000)),
        (
            "&on_sale=true",
            expect(&|p| p.old.is_some_and(|old| old > p.price)),
        ),
        (
            "&on_sale=false&brand_id=900001",
            expect(&|p| p.brand == Some(900001)),
        ),
        (
            "&category_id=900002&brand_id=900002&stock=preorder",
            expect(&|p| {
                p.category == 900021 && p.brand == Some(900002) && status_of(p) == "preorder"
            }),
        ),
    ];
    for (query, expected) in cases {
        assert!(
            !expected.is_empty() && expected.len() < 45,
            "{query} is a real filter on this fixture"
        );
        let body = listing(&server, &format!("{query}&sort=price_low"), "en").await;
        assert_eq!(ids(&body["data"]), expected, "{query}");
        assert_eq!(body["meta"]["total"], expected.len(), "{query}");
    }

    // Bounds: over the other filters, whatever the price range.
    let chips: Vec<&P> = all.iter().filter(|p| p.category == 900021).collect();
    let low = chips.iter().map(|p| p.price).min().unwrap();
    let high = chips.iter().map(|p| p.price).max().unwrap();
    let body = listing(
        &server,
        "&category_id=900021&min_price=30&max_price=40",
        "en",
    )
    .await;
    assert_eq!(body["meta"]["price_min"], amount(low));
    assert_eq!(body["meta"]["price_max"], amount(high));
    assert!(
        body["data"]
            .as_array()
            .unwrap()
            .iter()
            .all(|i| i["price"].as_str().unwrap() >= "30.00")
    );
    let body = listing(&server, "&search=nothing-matches", "en").await;
    assert_eq!(body["data"], json!([]));
    assert_eq!(body["meta"]["price_min"], Value::Null);
    assert_eq!(body["meta"]["price_max"], Value::Null);
    assert_eq!(body["meta"]["last_page"], 1);
    // The products of other services never appear.
    let body = ok(&server, "/api/products?service_id=901&page=1").await;
    assert_eq!(ids(&body["data"]), vec![900101, 900102]);
}

#[tokio::test]
async fn bad_listing_queries_are_refused_with_the_field_named() {
    let server = server().await;
    for (query, field) in [
        ("service_id=900&page=abc", "page"),
        ("service_id=900&page=0", "page"),
        ("service_id=900&limit=0", "limit"),
        ("service_id=900&limit=101", "limit"),
        ("service_id=900&sort=cheapest", "sort"),
        ("service_id=900&stock=plenty", "stock"),
        ("service_id=900&rating=0", "rating"),
        ("service_id=900&rating=6", "rating"),
        ("service_id=900&rating=abc", "rating"),
        ("service_id=900&min_price=abc", "min_price"),
        ("service_id=900&min_price=-1", "min_price"),
        ("service_id=900&max_price=1e40", "max_price"),
        ("service_id=900&min_price=30&max_price=20", "max_price"),
        ("service_id=900&category_id=900101", "category_id"),
        ("service_id=900&category_id=999999", "category_id"),
        ("service_id=900&branch_id=900101", "branch_id"),
        ("service_id=900&brand_id=900101", "brand_id"),
        ("service_id=900&brand_id=x", "brand_id"),
        ("service_id=abc", "service_id"),
        ("page=1", "service_id"),
    ] {
        let (status, body) = get(&server, &format!("/api/products?{query}"), "en", None).await;
        assert_eq!(status, 422, "{query}: {body}");
        expect_422(&body, field);
    }
    let (_, body) = get(
        &server,
        "/api/products?service_id=900&sort=cheapest",
        "ar",
        None,
    )
    .await;
    assert_eq!(
        body["errors"]["sort"][0],
        "قيمة الترتيب المختارة غير صحيحة."
    );
    let (status, _) = get(
        &server,
        "/api/products?service_id=999999&page=1",
        "en",
        None,
    )
    .await;
    assert_eq!(status, 404);
    let long = "y".repeat(5000);
    let (status, body) = get(
        &server,
        &format!("/api/products?service_id=900&page=1&search={long}"),
        "en",
        None,
    )
    .await;
    assert_eq!(status, 422);
    expect_422(&body, "search");
}

#[tokio::test]
async fn suggestions_list_at_most_ten_names() {
    let server = server().await;
    let all = products();
    let body = ok(&server, "/api/products?service_id=900&text=item").await;
    let expected: Vec<i64> = sorted(all.clone(), |a, b| b.popularity.cmp(&a.popularity))
        .into_iter()
        .take(10)
        .collect();
    assert_eq!(ids(&body["data"]), expected);
    let first = &body["data"][0];
    assert_eq!(
        first.as_object().unwrap().len(),
        2,
        "only id and name: {first}"
    );
    let p = all.iter().find(|p| p.id == expected[0]).unwrap();
    assert_eq!(first["name"], p.name_en);

    let body = ok(&server, "/api/products?service_id=900&text=Item%2007").await;
    let p = all.iter().find(|p| p.name_en == "Item 07").unwrap();
    assert_eq!(body["data"], json!([{"id": p.id, "name": "Item 07"}]));
    let (_, body) = get(
        &server,
        "/api/products?service_id=900&text=item%2007",
        "ar",
        None,
    )
    .await;
    assert_eq!(
        body["data"],
        json!([{"id": p.id, "name": p.name_ar}]),
        "matched in English, named in Arabic"
    );
    let body = ok(&server, "/api/products?service_id=901&text=item").await;
    assert_eq!(body["data"], json!([]));

    let (status, body) = get(&server, "/api/products?service_id=900&text=%20", "en", None).await;
    assert_eq!(status, 422);
    assert_eq!(body["errors"]["text"][0], "please add search text");
    let (status, body) = get(&server, "/api/products?text=tea", "en", None).await;
    assert_eq!(status, 422);
    expect_422(&body, "service_id");
    let (status, _) = get(
        &server,
        "/api/products?service_id=999999&text=tea",
        "en",
        None,
    )
    .await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn the_product_page_has_description_gallery_shop_and_category() {
    let server = server().await;
    let p = products().into_iter().next().unwrap();
    let body = ok(&server, "/api/products/900001").await;
    assert_eq!(
        body["data"],
        json!({"id": 900001, "name": p.name_en, "description": format!("About {}", p.name_en),
               "image": "/api/media/products/900001.svg", "images": ["/api/media/products/900001.svg"],
               "price": amount(p.price), "old_price": amount(p.old.unwrap()), "currency": "EGP", "favorite": 0,
               "stock": 10, "stock_status": "in_stock", "min_qty": 1, "max_qty": 5, "rating": p.rating,
               // No reviews; a guest is offered nothing about reviewing.
               "rating_average": null, "rating_count": 0, "size": null,
               "review_summary": {"count": 0, "average": null, "average_tenths": null,
                                  "distribution": [0, 0, 0, 0, 0],
                                  "stars": ["empty", "empty", "empty", "empty", "empty"]},
               "review_action": null, "my_review_id": null,
               "branch": {"id": 900001, "name": "Alpha Grocer", "logo": "/l/900001.svg", "closed": false,
                          "minutes": 30, "minimum": "50.00", "free_delivery": false},
               "category_id": 900011, "category": {"id": 900011, "name": "Tea"},
               "brand": {"id": 900001, "name": "Acme"},
               // No district in the request: whether the shop delivers is unknown.
               "delivers": null})
    );
    let (_, body) = get(&server, "/api/products/900001", "ar", None).await;
    assert_eq!(body["data"]["description"], format!("عن {}", p.name_ar));
    assert_eq!(body["data"]["category"]["name"], "شاي");
    assert_eq!(body["data"]["branch"]["name"], "بقالة ألفا");
    for path in [
        "/api/products/999999",
        "/api/products/abc",
        "/api/products/1.5",
    ] {
        let (status, body) = get(&server, path, "en", None).await;
        assert_eq!(status, 404, "{path}");
        assert!(body["message"].is_string());
    }
}

#[tokio::test]
async fn the_openapi_document_describes_the_catalogue() {
    let server = start().await;
    let doc = server.get_json("/api/openapi.json").await.1;
    let paths = [
        "/services",
        "/services/{id}",
        "/services/search",
        "/categories",
        "/categories/{id}",
        "/branch-categories",
        "/branches",
        "/branches/{id}",
        "/products",
        "/products/{id}",
    ];
    for path in paths {
        let operation = &doc["paths"][path]["get"];
        assert!(operation.is_object(), "{path} is documented");
        let text = |key: &str| operation[key].as_str().unwrap_or_default().to_owned();
        assert!(
            !(text("summary") + &text("description")).is_empty(),
            "{path} is described"
        );
        assert!(operation["responses"]["200"].is_object(), "{path}");
    }
    let params: Vec<&str> = doc["paths"]["/products"]["get"]["parameters"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    for name in [
        "service_id",
        "text",
        "page",
        "limit",
        "search",
        "category_id",
        "branch_id",
        "brand_id",
        "sort",
        "stock",
        "rating",
        "min_price",
        "max_price",
        "Language",
        "currency",
    ] {
        assert!(
            params.contains(&name),
            "/products documents {name}: {params:?}"
        );
    }
    // Every schema these paths use resolves, transitively.
    let schemas = doc["components"]["schemas"].as_object().unwrap();
    let mut pending: Vec<String> = paths.iter().map(|p| doc["paths"][p].to_string()).collect();
    let mut checked = HashSet::new();
    while let Some(text) = pending.pop() {
        for reference in text.split("\"#/components/schemas/").skip(1) {
            let name = reference.split('"').next().unwrap().to_owned();
            let schema = schemas
                .get(&name)
                .unwrap_or_else(|| panic!("dangling reference to {name}"));
            if checked.insert(name) {
                pending.push(schema.to_string());
            }
        }
    }
    let text = doc["paths"]["/products"].to_string();
    assert!(
        text.contains("best_selling") && text.contains("price_high"),
        "sort values are listed"
    );
}

#[tokio::test]
async fn a_seeded_products_size_ends_its_name_in_the_requests_language() {
    let server = start().await;
    for lang in ["en", "ar"] {
        let response = server
            .client
            .get(server.url("/api/products?service_id=1&page=1&limit=50"))
            .header("Language", lang)
            .send()
            .await
            .unwrap();
        let body: serde_json::Value = response.json().await.unwrap();
        let items = body["data"].as_array().unwrap();
        let sized: Vec<_> = items
            .iter()
            .filter(|item| item["size"].is_string())
            .collect();
        assert!(!sized.is_empty(), "{lang}: no product carries its size");
        for item in sized {
            let (name, size) = (
                item["name"].as_str().unwrap(),
                item["size"].as_str().unwrap(),
            );
            assert!(
                name.ends_with(&format!(" {size}")),
                "{lang}: {name} / {size}"
            );
        }
        let id = items[0]["id"].as_i64().unwrap();
        let detail: serde_json::Value = server
            .client
            .get(server.url(&format!("/api/products/{id}")))
            .header("Language", lang)
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        assert_eq!(detail["data"]["size"], items[0]["size"], "{lang}");
    }
}
