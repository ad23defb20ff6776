//! The cart calls (spec 3, 4, 7, 8) and coupons against the real server: adding,
//! updating, loading and deleting lines, the one-shop rule, the quantity limits, the
//! coupon rules, and the shared totals vectors through the API.

mod common;
mod orders_support;

use common::start;
use orders_support::*;
use serde_json::{Value, json};
use storefront_core::cart::{Cart, CartItem};

#[tokio::test]
async fn adding_answers_the_item_with_the_cart_totals_and_the_cart_loads() {
    let server = start().await;
    let c = customer(&server, "01001230001").await;
    let shop = make_shop(&server, Shop::default());
    let tea = make_product(&server, shop, Item::default());
    let cake = make_product(
        &server,
        shop,
        Item {
            price_minor: 1_250,
            ..Item::default()
        },
    );

    let body = add(&server, &c, tea, 2).await;
    assert_eq!(body["message"], "Added to cart");
    let item: CartItem = serde_json::from_value(body["data"].clone()).unwrap();
    assert_eq!(item.product_id as i64, tea);
    assert_eq!(item.qty, 2);
    assert_eq!(item.message.as_deref(), Some("Added to cart"));
    // 2 × 50.00 = 100.00; 14% tax 14.00; delivery 15.00.
    assert_eq!(body["data"]["order"]["price"], "100.00");
    assert_eq!(body["data"]["order"]["tax"], "14.00");
    assert_eq!(body["data"]["order"]["total"], "114.00");
    assert_eq!(body["data"]["order"]["cart_total"], "129.00");
    assert_eq!(body["data"]["product"]["branch_id"], shop);
    assert_eq!(body["data"]["product"]["stock"], 100);
    assert_eq!(body["data"]["favorite"], false);

    add(&server, &c, cake, 3).await;
    let (status, body) = get(&server, &c, "/api/get_card?service_id=1").await;
    assert_eq!(status, 200, "{body}");
    let cart: Cart = serde_json::from_value(body["data"].clone()).unwrap();
    assert_eq!(cart.items.len(), 2);
    assert_eq!(cart.items_quantity, 5);
    assert_eq!(cart.branch_id, Some(shop as u64));
    // 100.00 + 37.50 = 137.50; tax 19.25; delivery 15.00.
    assert_eq!(body["data"]["price"], "137.50");
    assert_eq!(body["data"]["tax"], "19.25");
    assert_eq!(body["data"]["total"], "156.75");
    assert_eq!(body["data"]["delivery_price"], "15.00");
    assert_eq!(body["data"]["cart_total"], "171.75");
    assert_eq!(body["data"]["coupon_discount"], "0.00");
    assert_eq!(body["data"]["coupon_id"], Value::Null);
    assert_eq!(body["data"]["currency"], "EGP");
    // What the client would compute from the same cart.
    assert_eq!(cart.computed_totals(), cart.totals());

    // Another service's cart is separate and empty.
    let (status, body) = get(&server, &c, "/api/get_card?service_id=2").await;
    assert_eq!(status, 200);
    assert_eq!(body["data"]["items"], json!([]));
    assert_eq!(body["data"]["items_quantity"], 0);
    assert_eq!(body["data"]["cart_total"], "0.00");
}

#[tokio::test]
async fn the_cart_needs_a_token_and_a_known_service() {
    let server = start().await;
    let (status, _) = server.get_json("/api/get_card?service_id=1").await;
    assert_eq!(status, 401);
    let (status, _) = server
        .post_json("/api/order/add-to-cart", json!({"product_id": 1}))
        .await;
    assert_eq!(status, 401);
    let c = customer(&server, "01001230002").await;
    let (status, body) = get(&server, &c, "/api/get_card").await;
    assert_eq!(status, 422);
    assert_eq!(field_error(&body, "service_id"), "Service ID is required.");
    let (status, body) = call(
        &server,
        reqwest::Method::GET,
        "/api/get_card",
        Some(&c.token),
        "ar",
        None,
    )
    .await;
    assert_eq!(status, 422);
    assert_eq!(field_error(&body, "service_id"), "معرّف الخدمة مطلوب.");
    let (status, _) = get(&server, &c, "/api/get_card?service_id=999").await;
    assert_eq!(status, 404);
    let (status, body) = get(&server, &c, "/api/get_card?service_id=abc").await;
    assert_eq!(status, 422, "{body}");
}

#[tokio::test]
async fn adding_a_product_again_replaces_its_quantity() {
    let server = start().await;
    let c = customer(&server, "01001230003").await;
    let shop = make_shop(&server, Shop::default());
    let tea = make_product(&server, shop, Item::default());
    let first = add(&server, &c, tea, 2).await;
    let again = add(&server, &c, tea, 5).await;
    assert_eq!(again["data"]["qty"], 5);
    assert_eq!(again["data"]["id"], first["data"]["id"]);
    assert_eq!(again["data"]["key"], first["data"]["key"]);
    let (_, body) = get(&server, &c, "/api/get_card?service_id=1").await;
    assert_eq!(body["data"]["items_quantity"], 5);
    assert_eq!(body["data"]["items"].as_array().unwrap().len(), 1);
    // Without qty the product's minimum is added.
    let (status, body) = post(
        &server,
        &c,
        "/api/order/add-to-cart",
        json!({"product_id": tea}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["qty"], 1);
}

#[tokio::test]
async fn a_cart_holds_one_shop_until_the_customer_agrees_to_empty_it() {
    let server = start().await;
    let c = customer(&server, "01001230004").await;
    let first_shop = make_shop(&server, Shop::default());
    let other_shop = make_shop(&server, Shop::default());
    let tea = make_product(&server, first_shop, Item::default());
    let bread = make_product(&server, other_shop, Item::default());
    add(&server, &c, tea, 2).await;

    let (status, body) = post(
        &server,
        &c,
        "/api/order/add-to-cart",
        json!({"product_id": bread, "qty": 1}),
    )
    .await;
    assert_eq!(status, 400);
    let prompt = "There are items from different shop in your cart. Would you like to empty your cart to add this item?";
    assert_eq!(error_of(&body), prompt);
    assert_eq!(body["message"], prompt);
    let (status, body) = post_ar(
        &server,
        &c,
        "/api/order/add-to-cart",
        json!({"product_id": bread, "qty": 1}),
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(
        error_of(&body),
        "توجد في سلتك منتجات من متجر آخر. هل تريد إفراغ السلة لإضافة هذا المنتج؟"
    );
    // Nothing changed.
    let (_, body) = get(&server, &c, "/api/get_card?service_id=1").await;
    assert_eq!(body["data"]["branch_id"], first_shop);
    assert_eq!(body["data"]["items"][0]["product_id"], tea);

    // The customer agreed: the cart now holds the other shop's product only.
    let (status, body) = post(
        &server,
        &c,
        "/api/order/add-to-cart",
        json!({"product_id": bread, "qty": 1, "empty_cart": true}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let (_, body) = get(&server, &c, "/api/get_card?service_id=1").await;
    assert_eq!(body["data"]["branch_id"], other_shop);
    assert_eq!(body["data"]["items_quantity"], 1);
    assert_eq!(body["data"]["items"].as_array().unwrap().len(), 1);

    // Emptied by deleting its line, the cart takes any shop again.
    let item = body["data"]["items"][0]["id"].as_i64().unwrap();
    let (status, body) = delete(&server, &c, &format!("/api/orders/item/{item}")).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["cart"]["branch_id"], Value::Null);
    add(&server, &c, tea, 1).await;
}

#[tokio::test]
async fn quantities_respect_minimum_maximum_and_stock() {
    let server = start().await;
    let c = customer(&server, "01001230005").await;
    let shop = make_shop(&server, Shop::default());
    let product = make_product(
        &server,
        shop,
        Item {
            min_qty: 2,
            max_qty: 6,
            stock: 4,
            ..Item::default()
        },
    );
    let refused = |qty: u32| {
        let server = &server;
        let c = &c;
        async move {
            let (status, body) = post(
                server,
                c,
                "/api/order/add-to-cart",
                json!({"product_id": product, "qty": qty}),
            )
            .await;
            assert_eq!(status, 422, "{body}");
            field_error(&body, "qty").to_owned()
        }
    };
    assert_eq!(refused(1).await, "Min Quantity Reached");
    assert_eq!(refused(0).await, "Min Quantity Reached");
    assert_eq!(refused(7).await, "Max Quantity Reached");
    assert_eq!(refused(5).await, "There is not enough stock available.");
    let (_, body) = post_ar(
        &server,
        &c,
        "/api/order/add-to-cart",
        json!({"product_id": product, "qty": 5}),
    )
    .await;
    assert_eq!(field_error(&body, "qty"), "لا يتوفر مخزون كافٍ.");
    // Nothing was stored by the refusals.
    let (_, body) = get(&server, &c, "/api/get_card?service_id=1").await;
    assert_eq!(body["data"]["items"], json!([]));
    let line = add(&server, &c, product, 4).await;

    // update-cart follows the same limits.
    let key = line["data"]["key"].as_str().unwrap().to_owned();
    for (qty, message) in [
        (1, "Min Quantity Reached"),
        (7, "Max Quantity Reached"),
        (5, "There is not enough stock available."),
    ] {
        let (status, body) = post(
            &server,
            &c,
            "/api/order/update-cart",
            json!({"key": key, "qty": qty}),
        )
        .await;
        assert_eq!(status, 422);
        assert_eq!(field_error(&body, "qty"), message);
    }

    // No stock at all: unavailable; unless it can be pre-ordered.
    let sold_out = make_product(
        &server,
        shop,
        Item {
            stock: 0,
            ..Item::default()
        },
    );
    let (status, body) = post(
        &server,
        &c,
        "/api/order/add-to-cart",
        json!({"product_id": sold_out, "qty": 1}),
    )
    .await;
    assert_eq!(status, 422);
    assert_eq!(field_error(&body, "qty"), "This item is unavailable");
    let preorder = make_product(
        &server,
        shop,
        Item {
            stock: 0,
            preorder: true,
            ..Item::default()
        },
    );
    let body = add(&server, &c, preorder, 3).await;
    assert_eq!(body["data"]["product"]["stock"], Value::Null);
    assert_eq!(body["data"]["product"]["preorder"], true);

    // A closed shop's products are unavailable.
    let closed = make_shop(
        &server,
        Shop {
            closed: true,
            ..Shop::default()
        },
    );
    let closed_product = make_product(&server, closed, Item::default());
    let (status, body) = post(
        &server,
        &c,
        "/api/order/add-to-cart",
        json!({"product_id": closed_product, "qty": 1}),
    )
    .await;
    assert_eq!(status, 422);
    assert_eq!(field_error(&body, "product_id"), "This item is unavailable");
}

#[tokio::test]
async fn bad_add_requests_are_refused_without_changes() {
    let server = start().await;
    let c = customer(&server, "01001230006").await;
    let shop = make_shop(&server, Shop::default());
    let tea = make_product(&server, shop, Item::default());
    for (body, field) in [
        (json!({"product_id": 999_999, "qty": 1}), "product_id"),
        (
            json!({"product_id": tea, "qty": 1, "service_id": 2}),
            "product_id",
        ),
        (json!({"qty": 1}), "product_id"),
        (json!({"product_id": tea, "qty": -1}), "qty"),
        (json!({"product_id": "x"}), "product_id"),
    ] {
        let (status, answer) = post(&server, &c, "/api/order/add-to-cart", body.clone()).await;
        assert_eq!(status, 422, "{body} -> {answer}");
        assert!(answer["errors"][field].is_array(), "{body} -> {answer}");
    }
    let (status, body) = post(
        &server,
        &c,
        "/api/order/add-to-cart",
        json!({"product_id": 999_999}),
    )
    .await;
    assert_eq!(status, 422);
    assert_eq!(
        field_error(&body, "product_id"),
        "The selected product is invalid."
    );
    let response = server
        .client
        .post(server.url("/api/order/add-to-cart"))
        .bearer_auth(&c.token)
        .body("product_id=1")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 415);
    let count: i64 = server
        .db()
        .query_row("SELECT count(*) FROM cart_items", [], |r| r.get(0))
        .unwrap();
    assert_eq!(count, 0);
}

#[tokio::test]
async fn update_finds_the_line_by_key_or_product_and_only_the_customers() {
    let server = start().await;
    let c = customer(&server, "01001230007").await;
    let other = customer(&server, "01001230008").await;
    let shop = make_shop(&server, Shop::default());
    let tea = make_product(&server, shop, Item::default());
    let line = add(&server, &c, tea, 1).await;
    let key = line["data"]["key"].as_str().unwrap().to_owned();

    let (status, body) = post(
        &server,
        &c,
        "/api/order/update-cart",
        json!({"key": key, "qty": 3}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["message"], "Cart updated");
    assert_eq!(body["data"]["qty"], 3);
    assert_eq!(body["data"]["order"]["price"], "150.00");
    let item: CartItem = serde_json::from_value(body["data"].clone()).unwrap();
    assert_eq!(item.key, key);

    let (status, body) = post(
        &server,
        &c,
        "/api/order/update-cart",
        json!({"product_id": tea, "qty": 4}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["qty"], 4);

    // Another customer cannot touch it; unknown keys and products are refused.
    let (status, body) = post(
        &server,
        &other,
        "/api/order/update-cart",
        json!({"key": key, "qty": 1}),
    )
    .await;
    assert_eq!(status, 422);
    assert_eq!(
        field_error(&body, "key"),
        "The selected cart item is invalid."
    );
    let (status, _) = post(
        &server,
        &other,
        "/api/order/update-cart",
        json!({"product_id": tea, "qty": 1}),
    )
    .await;
    assert_eq!(status, 422);
    let (status, body) = post(&server, &c, "/api/order/update-cart", json!({"qty": 1})).await;
    assert_eq!(status, 422);
    assert_eq!(
        field_error(&body, "key"),
        "The cart item field is required."
    );
    let (status, _) = post(&server, &c, "/api/order/update-cart", json!({"key": key})).await;
    assert_eq!(status, 422);
    let (_, body) = get(&server, &c, "/api/get_card?service_id=1").await;
    assert_eq!(body["data"]["items"][0]["qty"], 4);
}

#[tokio::test]
async fn deleting_a_line_answers_the_new_totals_and_hides_other_customers_items() {
    let server = start().await;
    let c = customer(&server, "01001230009").await;
    let other = customer(&server, "01001230010").await;
    let shop = make_shop(&server, Shop::default());
    let tea = make_product(&server, shop, Item::default());
    let cake = make_product(
        &server,
        shop,
        Item {
            price_minor: 2_000,
            ..Item::default()
        },
    );
    let tea_line = add(&server, &c, tea, 1).await;
    add(&server, &c, cake, 2).await;
    let id = tea_line["data"]["id"].as_i64().unwrap();

    let (status, _) = delete(&server, &other, &format!("/api/orders/item/{id}")).await;
    assert_eq!(status, 404);
    for path in [
        "/api/orders/item/999999",
        "/api/orders/item/abc",
        "/api/orders/item/-1",
    ] {
        let (status, _) = delete(&server, &c, path).await;
        assert_eq!(status, 404, "{path}");
    }
    let (status, body) = delete(&server, &c, &format!("/api/orders/item/{id}")).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["message"], "Item removed from cart");
    assert_eq!(body["data"]["id"], id);
    // 2 × 20.00 = 40.00, tax 5.60, delivery 15.00.
    assert_eq!(body["data"]["order"]["price"], "40.00");
    assert_eq!(body["data"]["order"]["cart_total"], "60.60");
    let cart: Cart = serde_json::from_value(body["data"]["cart"].clone()).unwrap();
    assert_eq!(cart.items_quantity, 2);
    let (status, _) = delete(&server, &c, &format!("/api/orders/item/{id}")).await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn coupons_apply_with_their_rules_and_clear_refusals() {
    let server = start().await;
    let c = customer(&server, "01001230011").await;
    let shop = make_shop(&server, Shop::default());
    let tea = make_product(&server, shop, Item::default());
    let coupon = |code: &str| json!({"service_id": 1, "coupon_code": code});

    // Nothing in the cart.
    let (status, body) = post(&server, &c, "/api/add_coupon", coupon("BIG50")).await;
    assert_eq!(status, 400);
    assert_eq!(error_of(&body), "You don't have any product");

    add(&server, &c, tea, 1).await; // 50.00
    let (status, body) = post(&server, &c, "/api/add_coupon", coupon("WELCOME10")).await;
    assert_eq!(status, 422);
    assert_eq!(
        field_error(&body, "coupon_code"),
        "This coupon needs an order of at least 100.00 EGP."
    );
    for (code, message) in [
        ("NOPE", "This coupon code is not valid."),
        ("EXPIRED5", "This coupon has expired."),
        ("INACTIVE15", "This coupon is not active."),
    ] {
        let (status, body) = post(&server, &c, "/api/add_coupon", coupon(code)).await;
        assert_eq!(status, 422, "{code}");
        assert_eq!(field_error(&body, "coupon_code"), message, "{code}");
    }
    let (status, body) = post_ar(&server, &c, "/api/add_coupon", coupon("EXPIRED5")).await;
    assert_eq!(status, 422);
    assert_eq!(
        field_error(&body, "coupon_code"),
        "انتهت صلاحية هذا الكوبون."
    );
    let (status, body) = post(
        &server,
        &c,
        "/api/add_coupon",
        json!({"coupon_code": "BIG50"}),
    )
    .await;
    assert_eq!(status, 422);
    assert_eq!(field_error(&body, "service_id"), "Service ID is required.");

    // 4 × 50.00 = 200.00; WELCOME10: 10% = 20.00 (cap 50.00); tax on 180.00 = 25.20.
    add(&server, &c, tea, 4).await;
    let (status, body) = post(&server, &c, "/api/add_coupon", coupon(" welcome10 ")).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["message"], "Coupon applied");
    let data = &body["data"];
    assert_eq!(data["coupon_code"], "WELCOME10");
    assert_eq!(data["coupon_rule"]["type"], "percent");
    assert_eq!(data["coupon_rule"]["rate_bp"], 1000);
    assert_eq!(data["totals"]["price"], "200.00");
    assert_eq!(data["totals"]["coupon_discount"], "20.00");
    assert_eq!(data["totals"]["tax"], "25.20");
    assert_eq!(data["totals"]["total"], "205.20");
    assert_eq!(data["totals"]["cart_total"], "220.20");
    assert_eq!(data["item"]["order"]["cart_total"], "220.20");
    let response: storefront_core::cart::CouponResponse =
        serde_json::from_value(data.clone()).unwrap();
    assert_eq!(response.coupon_code.as_deref(), Some("WELCOME10"));
    let (_, body) = get(&server, &c, "/api/get_card?service_id=1").await;
    let cart: Cart = serde_json::from_value(body["data"].clone()).unwrap();
    assert_eq!(cart.coupon_code.as_deref(), Some("WELCOME10"));
    assert_eq!(cart.computed_totals(), cart.totals());

    // The cap: BIG50 is 50% up to 100.00: on 200.00 that is 100.00.
    let (_, body) = post(&server, &c, "/api/add_coupon", coupon("BIG50")).await;
    assert_eq!(body["data"]["totals"]["coupon_discount"], "100.00");
    add(&server, &c, tea, 10).await; // 500.00: 50% would be 250.00
    let (_, body) = get(&server, &c, "/api/get_card?service_id=1").await;
    assert_eq!(body["data"]["coupon_discount"], "100.00");
    assert_eq!(body["data"]["tax"], "56.00");

    // SAVE20: 20.00 off from 150.00; below its minimum later it gives nothing.
    let (_, body) = post(&server, &c, "/api/add_coupon", coupon("SAVE20")).await;
    assert_eq!(body["data"]["totals"]["coupon_discount"], "20.00");
    let key = body["data"]["item"]["key"].as_str().unwrap().to_owned();
    let (status, _) = post(
        &server,
        &c,
        "/api/order/update-cart",
        json!({"key": key, "qty": 2}),
    )
    .await;
    assert_eq!(status, 200);
    let (_, body) = get(&server, &c, "/api/get_card?service_id=1").await;
    assert_eq!(body["data"]["coupon_code"], "SAVE20");
    assert_eq!(body["data"]["coupon_discount"], "0.00");

    // A coupon switched off after it was applied stops counting.
    server
        .db()
        .execute("UPDATE coupons SET active = 0 WHERE code = 'SAVE20'", [])
        .unwrap();
    let (_, body) = get(&server, &c, "/api/get_card?service_id=1").await;
    assert_eq!(body["data"]["coupon_id"], Value::Null);
    assert_eq!(body["data"]["coupon_rule"], Value::Null);

    // An empty code removes the coupon.
    let (_, _) = post(&server, &c, "/api/add_coupon", coupon("BIG50")).await;
    let (status, body) = post(&server, &c, "/api/add_coupon", coupon("")).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["message"], "Coupon removed");
    assert_eq!(body["data"]["coupon_id"], Value::Null);
    assert_eq!(body["data"]["totals"]["coupon_discount"], "0.00");
}

#[derive(serde::Deserialize)]
struct Vector {
    name: String,
    lines: Vec<storefront_core::cart::CartLine>,
    pricing: storefront_core::cart::CartPricing,
    coupon: Option<storefront_core::cart::CouponRule>,
    expected: storefront_core::cart::CartTotals,
}

#[tokio::test]
async fn every_shared_totals_vector_comes_out_of_the_api() {
    use storefront_core::cart::CouponRule;
    let server = start().await;
    let c = customer(&server, "01001230012").await;
    let vectors: Vec<Vector> =
        serde_json::from_str(include_str!("../../core/tests/vectors/cart_totals.json")).unwrap();
    assert!(vectors.len() >= 12);
    for (index, v) in vectors.iter().enumerate() {
        let shop = make_shop(
            &server,
            Shop {
                fee_minor: v.pricing.delivery_fee.minor(),
                free_delivery: v.pricing.free_delivery,
                free_over_minor: v.pricing.free_delivery_over.map(|m| m.minor()),
                tax_rate_bp: i64::from(v.pricing.tax_rate_bp),
                ..Shop::default()
            },
        );
        let conn = server.db();
        conn.execute(
            "DELETE FROM cart_items WHERE cart_id IN (SELECT id FROM carts WHERE user_id = ?1)",
            [c.id],
        )
        .unwrap();
        conn.execute(
            "UPDATE carts SET coupon_id = NULL WHERE user_id = ?1",
            [c.id],
        )
        .unwrap();
        for line in v.lines.iter().filter(|l| l.qty > 0) {
            let qty = i64::from(line.qty);
            let product = make_product(
                &server,
                shop,
                Item {
                    price_minor: line.price.minor(),
                    stock: qty,
                    max_qty: qty,
                    ..Item::default()
                },
            );
            add(&server, &c, product, line.qty).await;
        }
        if let Some(rule) = v.coupon {
            let (kind, value, cap, minimum) = match rule {
                CouponRule::Percent {
                    rate_bp,
                    cap,
                    minimum,
                } => ("percent", i64::from(rate_bp), cap, minimum),
                CouponRule::Fixed { amount, minimum } => ("fixed", amount.minor(), None, minimum),
            };
            let code = format!("VECTOR{index}");
            conn.execute(
                "INSERT INTO coupons (code, kind, value, max_discount_minor, min_subtotal_minor) VALUES (?1, ?2, ?3, ?4, ?5)",
                rusqlite::params![code, kind, value, cap.map(|m| m.minor()), minimum.map(|m| m.minor())],
            )
            .unwrap();
            // Set directly: the coupon call would refuse a subtotal below the minimum.
            conn.execute(
                "UPDATE carts SET coupon_id = (SELECT id FROM coupons WHERE code = ?2) WHERE user_id = ?1 AND service_id = 1",
                rusqlite::params![c.id, code],
            )
            .unwrap();
        }
        let (status, body) = get(&server, &c, "/api/get_card?service_id=1").await;
        assert_eq!(status, 200, "{}: {body}", v.name);
        let cart: Cart = serde_json::from_value(body["data"].clone()).unwrap();
        assert_eq!(cart.totals(), v.expected, "vector {:?}", v.name);
        if !v.lines.is_empty() {
            assert_eq!(cart.computed_totals(), v.expected, "vector {:?}", v.name);
        }
    }
}

#[tokio::test]
async fn cart_items_show_the_customers_favourites() {
    let server = start().await;
    let c = customer(&server, "01001230013").await;
    let shop = make_shop(&server, Shop::default());
    let tea = make_product(&server, shop, Item::default());
    server
        .db()
        .execute(
            "INSERT INTO favorites (user_id, kind, item_id, created_at) VALUES (?1, 'product', ?2, 0)",
            rusqlite::params![c.id, tea],
        )
        .unwrap();
    let body = add(&server, &c, tea, 1).await;
    assert_eq!(body["data"]["favorite"], true);
    let (_, body) = get(&server, &c, "/api/get_card?service_id=1").await;
    assert_eq!(body["data"]["items"][0]["favorite"], true);
}

/// A call in a district (`district-id`), signed in.
async fn in_district(
    server: &common::Server,
    c: &Customer,
    method: reqwest::Method,
    path: &str,
    district: Option<i64>,
    lang: &str,
    body: Option<Value>,
) -> (u16, Value) {
    let mut request = server
        .client
        .request(method, server.url(path))
        .header("Language", lang);
    if let Some(district) = district {
        request = request.header("district-id", district.to_string());
    }
    common::send_json(request, Some(&c.token), body.as_ref()).await
}

#[tokio::test]
async fn adding_a_product_whose_shop_does_not_deliver_to_the_district_is_refused() {
    let server = start().await;
    let c = customer(&server, "01001230041").await;
    // Maadi (district 4) is 10 km from Zamalek (district 1): its shops do not deliver
    // there.
    let maadi = make_shop(
        &server,
        Shop {
            district: 4,
            ..Shop::default()
        },
    );
    let product = make_product(&server, maadi, Item::default());
    let add = |district, lang| {
        in_district(
            &server,
            &c,
            reqwest::Method::POST,
            "/api/order/add-to-cart",
            district,
            lang,
            Some(json!({"product_id": product, "qty": 1})),
        )
    };
    let (status, body) = add(Some(1), "en").await;
    assert_eq!(status, 422, "{body}");
    assert_eq!(
        field_error(&body, "product_id"),
        "We Don't Deliver To Your Location"
    );
    assert_eq!(body["message"], "We Don't Deliver To Your Location");
    let (status, body) = add(Some(1), "ar").await;
    assert_eq!(status, 422);
    assert_eq!(
        field_error(&body, "product_id"),
        "لا نقوم بالتوصيل إلى موقعك"
    );
    // Nothing was added.
    let (_, cart) = get(&server, &c, "/api/get_card?service_id=1").await;
    assert_eq!(cart["data"]["items"], json!([]));

    // In Maadi it is added; without a district the server cannot tell, so it is
    // added too (checkout decides by the address).
    let (status, body) = add(Some(4), "en").await;
    assert_eq!(status, 200, "{body}");
    let (status, _) = add(None, "en").await;
    assert_eq!(status, 200);
}

#[tokio::test]
async fn the_cart_says_whether_its_shop_delivers_to_the_district_now_chosen() {
    let server = start().await;
    let c = customer(&server, "01001230042").await;
    let zamalek = make_shop(&server, Shop::default());
    let product = make_product(&server, zamalek, Item::default());
    let cart_in = |district| {
        in_district(
            &server,
            &c,
            reqwest::Method::GET,
            "/api/get_card?service_id=1",
            district,
            "en",
            None,
        )
    };
    // An empty cart has nothing to deliver.
    assert_eq!(cart_in(Some(4)).await.1["data"]["delivers"], Value::Null);

    let (status, _) = in_district(
        &server,
        &c,
        reqwest::Method::POST,
        "/api/order/add-to-cart",
        Some(1),
        "en",
        Some(json!({"product_id": product, "qty": 2})),
    )
    .await;
    assert_eq!(status, 200);
    // Zamalek and Dokki (2 km away) are served; after a change to Maadi the cart says
    // at once that its shop does not deliver there.
    assert_eq!(cart_in(Some(1)).await.1["data"]["delivers"], true);
    assert_eq!(cart_in(Some(2)).await.1["data"]["delivers"], true);
    let (status, body) = cart_in(Some(4)).await;
    assert_eq!(status, 200);
    assert_eq!(body["data"]["delivers"], false);
    assert_eq!(body["data"]["items_quantity"], 2, "the cart is kept");
    assert_eq!(cart_in(None).await.1["data"]["delivers"], Value::Null);
    // The core still reads the cart.
    let _: Cart = serde_json::from_value(body["data"].clone()).unwrap();

    // The coupon and delete answers carry the same flag for their cart.
    let (status, body) = in_district(
        &server,
        &c,
        reqwest::Method::POST,
        "/api/add_coupon",
        Some(4),
        "en",
        Some(json!({"service_id": 1, "coupon_code": "WELCOME10"})),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["cart"]["delivers"], false);
    let item = body["data"]["cart"]["items"][0]["id"].as_i64().unwrap();
    let (status, body) = in_district(
        &server,
        &c,
        reqwest::Method::DELETE,
        &format!("/api/orders/item/{item}"),
        Some(4),
        "en",
        None,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["cart"]["delivers"], Value::Null, "now empty");
}
