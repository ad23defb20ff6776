//! Checkout against the real server: cash, card (test gateway approvals and
//! declines), the wallet, coupons, delivery areas, the stock race for the last unit,
//! and a restart that keeps carts and orders.

mod common;
mod orders_support;

use common::{Server, start, start_with};
use orders_support::*;
use serde_json::{Value, json};
use storefront_core::orders::{OrderDetail, OrderStatus};

async fn checkout(server: &Server, c: &Customer, body: Value) -> (u16, Value) {
    post(server, c, "/api/order/checkout", body).await
}

/// A customer with a Zamalek address and 2 × 50.00 of a fresh shop's product in the
/// cart: 100.00 + 14.00 tax + 15.00 delivery = 129.00.
async fn ready(server: &Server, mobile: &str) -> (Customer, i64, i64, i64) {
    let c = customer(server, mobile).await;
    let shop = make_shop(server, Shop::default());
    let product = make_product(server, shop, Item::default());
    let address = make_address(server, &c, 1);
    add(server, &c, product, 2).await;
    (c, shop, product, address)
}

fn count(server: &Server, sql: &str) -> i64 {
    server.db().query_row(sql, [], |r| r.get(0)).unwrap()
}

#[tokio::test]
async fn a_cash_order_takes_stock_earns_points_and_empties_the_cart() {
    let server = start().await;
    let (c, shop, product, address) = ready(&server, "01001240001").await;
    let before = now_ms();
    let (status, body) = checkout(
        &server,
        &c,
        json!({"service_id": 1, "address_id": address, "payment_method": "cash"}),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["message"], "Your order has been placed.");
    let data = &body["data"];
    let order: OrderDetail = serde_json::from_value(data.clone()).unwrap();
    assert_eq!(order.status, OrderStatus::Pending);
    assert_eq!(order.payment_method, "cash");
    assert_eq!(data["price"], "100.00");
    assert_eq!(data["subtotal"], "100.00");
    assert_eq!(data["discount_coupon"], "0.00");
    assert_eq!(data["tax"], "14.00");
    assert_eq!(data["delivery_fee"], "15.00");
    assert_eq!(data["cart_total"], "129.00");
    assert_eq!(data["wallet_balance"], "0.00");
    assert_eq!(data["total"], "129.00");
    assert_eq!(data["payment_card"], Value::Null);
    assert_eq!(data["branch"]["id"], shop);
    assert_eq!(data["address"]["id"], address);
    assert_eq!(data["points_earned"], 100);
    assert_eq!(data["can_cancel"], true);
    assert_eq!(data["can_return"], false);
    let id = data["id"].as_i64().unwrap();
    assert_eq!(data["number"], (100_000 + id).to_string());
    let code = data["delivery_code"].as_str().unwrap();
    assert!(code.len() == 4 && code.bytes().all(|b| b.is_ascii_digit()));
    assert!(data["estimated_arrival_time"].as_str().unwrap().len() == 16);
    assert_eq!(data["items"][0]["product_id"], product);
    assert_eq!(data["items"][0]["qty"], 2);
    assert_eq!(data["items"][0]["price"], "50.00");
    assert_eq!(data["history"][0]["status"], "pending");

    assert_eq!(stock(&server, product), 98);
    let (_, cart) = get(&server, &c, "/api/get_card?service_id=1").await;
    assert_eq!(cart["data"]["items"], json!([]));
    assert_eq!(cart["data"]["coupon_id"], Value::Null);
    let (points, expires_at): (i64, i64) = server
        .db()
        .query_row(
            "SELECT points, expires_at FROM point_entries WHERE user_id = ?1 AND kind = 'earned' AND order_id = ?2",
            rusqlite::params![c.id, id],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    assert_eq!(points, 100);
    assert!(expires_at >= before + 365 * DAY_MS && expires_at <= now_ms() + 365 * DAY_MS);
    let (method, status, amount): (String, String, i64) = server
        .db()
        .query_row(
            "SELECT method, status, amount_minor FROM payments WHERE order_id = ?1",
            [id],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
        .unwrap();
    assert_eq!(
        (method.as_str(), status.as_str(), amount),
        ("cash", "pending", 12_900)
    );

    // Placing again finds the cart empty.
    let (status, body) = checkout(
        &server,
        &c,
        json!({"service_id": 1, "address_id": address, "payment_method": "cash"}),
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(error_of(&body), "You don't have any product");
    assert_eq!(stock(&server, product), 98);
}

#[tokio::test]
async fn test_cards_pay_and_other_cards_are_declined_without_changes() {
    let server = start().await;
    let (c, _, product, address) = ready(&server, "01001240002").await;
    let holder = "Declined Holder 0002";
    let declined = json!({"number": "4000000000000002", "exp_month": "12", "exp_year": "39", "cvv": "123", "name": holder});
    let (status, body) = checkout(
        &server,
        &c,
        json!({"service_id": 1, "address_id": address, "payment_method": "card", "card": declined}),
    )
    .await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        error_of(&body),
        "An error occured while processing your payment, please try again later"
    );
    let (status, body) = call(
        &server,
        reqwest::Method::POST,
        "/api/order/checkout",
        Some(&c.token),
        "ar",
        Some(json!({"service_id": 1, "address_id": address, "payment_method": "card", "card": declined})),
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(
        error_of(&body),
        "حدث خطأ أثناء معالجة الدفع، يرجى المحاولة مرة أخرى لاحقًا"
    );
    // An expired test card is declined too.
    let expired = json!({"number": "4242424242424242", "exp_month": 1, "exp_year": "20", "cvv": "123", "name": holder});
    let (status, _) = checkout(
        &server,
        &c,
        json!({"service_id": 1, "address_id": address, "payment_method": "card", "card": expired}),
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(count(&server, "SELECT count(*) FROM orders"), 0);
    assert_eq!(count(&server, "SELECT count(*) FROM payments"), 0);
    assert_eq!(stock(&server, product), 100);
    let (_, cart) = get(&server, &c, "/api/get_card?service_id=1").await;
    assert_eq!(cart["data"]["items_quantity"], 2);

    let holder = "Approved Holder 0002";
    let (status, body) = checkout(
        &server,
        &c,
        json!({"service_id": 1, "address_id": address, "payment_method": "card", "card": card(holder)}),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["data"]["payment_method"], "card");
    assert_eq!(body["data"]["payment_card"], "**** 4242");
    assert_eq!(body["data"]["total"], "129.00");
    let id = body["data"]["id"].as_i64().unwrap();
    let (status, amount, reference, last4): (String, i64, String, String) = server
        .db()
        .query_row(
            "SELECT status, amount_minor, reference, card_last4 FROM payments WHERE order_id = ?1 AND method = 'card'",
            [id],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
        )
        .unwrap();
    assert_eq!(
        (status.as_str(), amount, last4.as_str()),
        ("captured", 12_900, "4242")
    );
    let journal = server.gateway.journal_for(holder);
    assert_eq!(journal.len(), 1);
    assert_eq!(journal[0].reference, reference);
    assert!(journal[0].captured && !journal[0].released);
    assert_eq!(journal[0].amount_minor, 12_900);
    assert!(
        server
            .gateway
            .journal_for("Declined Holder 0002")
            .is_empty()
    );
}

#[tokio::test]
async fn the_form_is_checked_before_anything_else() {
    let server = start().await;
    let (c, _, _, address) = ready(&server, "01001240003").await;
    let cases = [
        (
            json!({"address_id": address, "payment_method": "cash"}),
            "service_id",
            "Service ID is required.",
        ),
        (
            json!({"service_id": 1, "payment_method": "cash"}),
            "address_id",
            "please choose an address",
        ),
        (
            json!({"service_id": 1, "address_id": address}),
            "payment_method",
            "The payment method field is required.",
        ),
        (
            json!({"service_id": 1, "address_id": address, "payment_method": "bitcoin"}),
            "payment_method",
            "The selected payment method is invalid.",
        ),
        (
            json!({"service_id": 1, "address_id": address, "payment_method": "card"}),
            "card",
            "The card details field is required.",
        ),
        (
            json!({"service_id": 1, "address_id": address, "payment_method": "card",
                "card": {"number": "4242", "exp_month": "13", "exp_year": "2039", "cvv": "12", "name": ""}}),
            "card.number",
            "Card number must be 16 digits",
        ),
        (
            json!({"service_id": 1, "address_id": address, "payment_method": "cash", "wallet_amount": "-5"}),
            "wallet_amount",
            "Must be greater than 0",
        ),
        (
            json!({"service_id": 1, "address_id": address, "payment_method": "cash", "wallet_amount": "abc"}),
            "wallet_amount",
            "Only number",
        ),
    ];
    for (body, field, message) in cases {
        let (status, answer) = checkout(&server, &c, body.clone()).await;
        assert_eq!(status, 422, "{body} -> {answer}");
        assert_eq!(field_error(&answer, field), message, "{body} -> {answer}");
    }
    let (_, answer) = checkout(
        &server,
        &c,
        json!({"service_id": 1, "address_id": address, "payment_method": "card",
               "card": {"number": "4242", "exp_month": "13", "exp_year": "2039", "cvv": "12", "name": ""}}),
    )
    .await;
    assert_eq!(
        field_error(&answer, "card.exp_month"),
        "The expiry month must be between 1 and 12."
    );
    assert_eq!(
        field_error(&answer, "card.exp_year"),
        "Year must be 2 digits"
    );
    assert_eq!(field_error(&answer, "card.cvv"), "CVV must be 3 digits");
    assert_eq!(field_error(&answer, "card.name"), "This field is required");

    let (status, _) = checkout(
        &server,
        &c,
        json!({"service_id": 999, "address_id": address, "payment_method": "cash"}),
    )
    .await;
    assert_eq!(status, 404);
    let (status, _) = server
        .post_json(
            "/api/order/checkout",
            json!({"service_id": 1, "address_id": address, "payment_method": "cash"}),
        )
        .await;
    assert_eq!(status, 401);
    assert_eq!(count(&server, "SELECT count(*) FROM orders"), 0);
}

#[tokio::test]
async fn the_address_must_be_the_customers_and_in_the_shops_delivery_area() {
    let server = start().await;
    let (c, _, _, _) = ready(&server, "01001240004").await;
    let other = customer(&server, "01001240005").await;
    let others_address = make_address(&server, &other, 1);
    let deleted = make_address(&server, &c, 1);
    server
        .db()
        .execute(
            "UPDATE addresses SET deleted_at = 1 WHERE id = ?1",
            [deleted],
        )
        .unwrap();
    for address in [others_address, deleted, 999_999] {
        let (status, body) = checkout(
            &server,
            &c,
            json!({"service_id": 1, "address_id": address, "payment_method": "cash"}),
        )
        .await;
        assert_eq!(status, 422, "{body}");
        assert_eq!(
            field_error(&body, "address_id"),
            "The selected address is invalid."
        );
    }
    // Maadi is 11.5 km from Zamalek: not served.
    let maadi = make_address(&server, &c, 4);
    let (status, body) = checkout(
        &server,
        &c,
        json!({"service_id": 1, "address_id": maadi, "payment_method": "cash"}),
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(error_of(&body), "Sorry, we don't deliver to your area now!");
    let (_, body) = call(
        &server,
        reqwest::Method::POST,
        "/api/order/checkout",
        Some(&c.token),
        "ar",
        Some(json!({"service_id": 1, "address_id": maadi, "payment_method": "cash"})),
    )
    .await;
    assert_eq!(error_of(&body), "عذرًا، لا نقوم بالتوصيل إلى منطقتك حاليًا!");
    // Dokki is 2.2 km away: served.
    let dokki = make_address(&server, &c, 2);
    checkout_cash(&server, &c, 1, dokki).await;
}

#[tokio::test]
async fn closed_shops_minimum_orders_and_vanished_stock_are_refused() {
    let server = start().await;
    let (c, shop, product, address) = ready(&server, "01001240006").await;
    let body = json!({"service_id": 1, "address_id": address, "payment_method": "cash"});

    server
        .db()
        .execute("UPDATE branches SET closed = 1 WHERE id = ?1", [shop])
        .unwrap();
    let (status, answer) = checkout(&server, &c, body.clone()).await;
    assert_eq!(status, 400);
    assert_eq!(error_of(&answer), "This shop is not taking orders now.");
    server
        .db()
        .execute(
            "UPDATE branches SET closed = 0, minimum_minor = 15000 WHERE id = ?1",
            [shop],
        )
        .unwrap();
    let (status, answer) = checkout(&server, &c, body.clone()).await;
    assert_eq!(status, 400);
    assert_eq!(
        error_of(&answer),
        "The minimum order for this shop is 150.00 EGP."
    );
    server
        .db()
        .execute(
            "UPDATE branches SET minimum_minor = 0 WHERE id = ?1",
            [shop],
        )
        .unwrap();
    server
        .db()
        .execute("UPDATE products SET stock = 1 WHERE id = ?1", [product])
        .unwrap();
    let (status, answer) = checkout(&server, &c, body.clone()).await;
    assert_eq!(status, 400);
    assert_eq!(error_of(&answer), "There is not enough stock available.");
    assert_eq!(count(&server, "SELECT count(*) FROM orders"), 0);
    assert_eq!(stock(&server, product), 1);

    // A pre-orderable product is ordered beyond its stock, taking what there is.
    server
        .db()
        .execute("UPDATE products SET preorder = 1 WHERE id = ?1", [product])
        .unwrap();
    let (status, answer) = checkout(&server, &c, body).await;
    assert_eq!(status, 201, "{answer}");
    assert_eq!(stock(&server, product), 0);
    let taken: i64 = server
        .db()
        .query_row("SELECT stock_taken FROM order_items", [], |r| r.get(0))
        .unwrap();
    assert_eq!(taken, 1);
}

#[tokio::test]
async fn the_wallet_pays_what_it_can_and_refuses_what_it_cannot() {
    let server = start().await;
    let (c, shop, product, address) = ready(&server, "01001240007").await;
    let base = json!({"service_id": 1, "address_id": address, "payment_method": "cash", "use_wallet": true});

    // Empty wallet.
    let (status, body) = checkout(&server, &c, base.clone()).await;
    assert_eq!(status, 400);
    assert_eq!(error_of(&body), "Balance Not Sufficient");
    let (_, body) = call(
        &server,
        reqwest::Method::POST,
        "/api/order/checkout",
        Some(&c.token),
        "ar",
        Some(base.clone()),
    )
    .await;
    assert_eq!(error_of(&body), "الرصيد غير كافٍ");

    // 30.00 in the wallet: it pays 30.00 of 129.00, cash pays 99.00.
    top_up(&server, &c, 3_000);
    let (status, body) = checkout(&server, &c, base.clone()).await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["data"]["wallet_balance"], "30.00");
    assert_eq!(body["data"]["cart_total"], "129.00");
    assert_eq!(body["data"]["total"], "99.00");
    assert_eq!(wallet_balance(&server, &c), 0);
    let id = body["data"]["id"].as_i64().unwrap();
    let (amount, kind): (i64, String) = server
        .db()
        .query_row(
            "SELECT amount_minor, kind FROM wallet_entries WHERE order_id = ?1",
            [id],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    assert_eq!((amount, kind.as_str()), (-3_000, "order_payment"));

    // An exact amount: more than the balance is refused, more than the order is a 422.
    top_up(&server, &c, 5_000);
    add(&server, &c, product, 2).await;
    let with_amount = |amount: &str| json!({"service_id": 1, "address_id": address, "payment_method": "cash", "wallet_amount": amount});
    let (status, body) = checkout(&server, &c, with_amount("50.01")).await;
    assert_eq!(status, 400);
    assert_eq!(error_of(&body), "Balance Not Sufficient");
    let (status, body) = checkout(&server, &c, with_amount("129.01")).await;
    assert_eq!(status, 422);
    assert_eq!(
        field_error(&body, "wallet_amount"),
        "The wallet amount cannot be more than the order total."
    );
    assert_eq!(wallet_balance(&server, &c), 5_000);
    let (status, body) = checkout(&server, &c, with_amount("12.34")).await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["data"]["wallet_balance"], "12.34");
    assert_eq!(body["data"]["total"], "116.66");
    assert_eq!(wallet_balance(&server, &c), 5_000 - 1_234);

    // A wallet covering the whole order: a card order charges nothing.
    top_up(&server, &c, 20_000);
    add(&server, &c, product, 2).await;
    let holder = "Wallet Covers 0007";
    let (status, body) = checkout(
        &server,
        &c,
        json!({"service_id": 1, "address_id": address, "payment_method": "card", "use_wallet": true, "card": card(holder)}),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["data"]["wallet_balance"], "129.00");
    assert_eq!(body["data"]["total"], "0.00");
    assert_eq!(body["data"]["payment_card"], Value::Null);
    assert!(server.gateway.journal_for(holder).is_empty());
    assert_eq!(wallet_balance(&server, &c), 3_766 + 20_000 - 12_900);
    let _ = shop;
}

#[tokio::test]
async fn coupon_arithmetic_is_frozen_into_the_order() {
    let server = start().await;
    let (c, _, product, address) = ready(&server, "01001240008").await;
    add(&server, &c, product, 4).await; // 200.00
    let (status, body) = post(
        &server,
        &c,
        "/api/add_coupon",
        json!({"service_id": 1, "coupon_code": "WELCOME10"}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    top_up(&server, &c, 2_000);
    let (status, body) = checkout(
        &server,
        &c,
        json!({"service_id": 1, "address_id": address, "payment_method": "card", "use_wallet": true,
               "card": card("Coupon Holder 0008")}),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    let data = &body["data"];
    // 200.00 − 20.00 = 180.00; tax 25.20; delivery 15.00; 220.20 − 20.00 wallet.
    assert_eq!(data["price"], "200.00");
    assert_eq!(data["discount_coupon"], "20.00");
    assert_eq!(data["coupon"], "WELCOME10");
    assert_eq!(data["subtotal"], "180.00");
    assert_eq!(data["tax"], "25.20");
    assert_eq!(data["delivery_fee"], "15.00");
    assert_eq!(data["cart_total"], "220.20");
    assert_eq!(data["wallet_balance"], "20.00");
    assert_eq!(data["total"], "200.20");
    assert_eq!(data["points_earned"], 180);
    let journal = server.gateway.journal_for("Coupon Holder 0008");
    assert_eq!(journal[0].amount_minor, 20_020);
    // The cart's coupon is gone with its items.
    let (_, cart) = get(&server, &c, "/api/get_card?service_id=1").await;
    assert_eq!(cart["data"]["coupon_code"], Value::Null);
}

/// Checkouts racing for the last unit: exactly one wins, nothing is oversold, and
/// the losers' card authorizations are released.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn concurrent_checkouts_of_the_last_unit_sell_it_once() {
    let server = start().await;
    let shop = make_shop(&server, Shop::default());
    const RACERS: usize = 6;
    let mut racers = Vec::new();
    for i in 0..RACERS {
        let c = customer(&server, &format!("010012500{i:02}")).await;
        let address = make_address(&server, &c, 1);
        racers.push((c, address));
    }
    for round in 0..3 {
        let product = make_product(
            &server,
            shop,
            Item {
                stock: 1,
                ..Item::default()
            },
        );
        for (c, _) in &racers {
            add(&server, c, product, 1).await;
        }
        let mut tasks = Vec::new();
        for (i, (c, address)) in racers.iter().enumerate() {
            let client = server.client.clone();
            let url = server.url("/api/order/checkout");
            let body = if i % 2 == 0 {
                json!({"service_id": 1, "address_id": address, "payment_method": "cash"})
            } else {
                json!({"service_id": 1, "address_id": address, "payment_method": "card",
                       "card": card(&format!("Racer {round}-{i}"))})
            };
            let token = c.token.clone();
            tasks.push(tokio::spawn(async move {
                let response = client
                    .post(url)
                    .bearer_auth(token)
                    .json(&body)
                    .send()
                    .await
                    .unwrap();
                let status = response.status().as_u16();
                (status, response.json::<Value>().await.unwrap())
            }));
        }
        let mut winners = 0;
        for task in tasks {
            let (status, body) = task.await.unwrap();
            match status {
                201 => winners += 1,
                400 => assert_eq!(error_of(&body), "There is not enough stock available."),
                other => panic!("unexpected {other}: {body}"),
            }
        }
        assert_eq!(winners, 1, "round {round}");
        assert_eq!(stock(&server, product), 0);
        let sold: i64 = server
            .db()
            .query_row(
                "SELECT coalesce(sum(qty), 0) FROM order_items WHERE product_id = ?1",
                [product],
                |r| r.get(0),
            )
            .unwrap();
        assert_eq!(sold, 1);
        // Every card authorization that did not become an order was released.
        for i in (1..RACERS).step_by(2) {
            for entry in server.gateway.journal_for(&format!("Racer {round}-{i}")) {
                assert!(entry.captured != entry.released, "{entry:?}");
            }
        }
        let captured: usize = (1..RACERS)
            .step_by(2)
            .flat_map(|i| server.gateway.journal_for(&format!("Racer {round}-{i}")))
            .filter(|e| e.captured && !e.released)
            .count();
        assert!(captured <= 1);
        // Clear the losers' carts for the next round.
        server.db().execute("DELETE FROM cart_items", []).unwrap();
    }
}

/// The server stops (its runtime is dropped) and starts again on the same data
/// directory: the cart, the order and the wallet are as they were.
#[test]
fn a_restart_keeps_carts_orders_and_wallets() {
    let runtime = || {
        tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap()
    };
    let first = runtime();
    let (dir, customer_token, order, cart_before, order_before) = first.block_on(async {
        let server = start().await;
        let (c, shop, product, address) = ready(&server, "01001240009").await;
        top_up(&server, &c, 1_000);
        let (status, body) = checkout(
            &server,
            &c,
            json!({"service_id": 1, "address_id": address, "payment_method": "card", "use_wallet": true,
                   "card": card("Restart Holder 0009")}),
        )
        .await;
        assert_eq!(status, 201, "{body}");
        let order = body["data"]["id"].as_i64().unwrap();
        // A new cart in progress.
        let other = make_product(&server, shop, Item::default());
        add(&server, &c, other, 3).await;
        add(&server, &c, product, 1).await;
        let (_, cart) = get(&server, &c, "/api/get_card?service_id=1").await;
        let (_, detail) = get(&server, &c, &format!("/api/orders/{order}")).await;
        let Server { dir, .. } = server;
        (dir, c, order, cart, detail)
    });
    drop(first);

    let second = runtime();
    second.block_on(async {
        let server = start_with(&[], Some(dir)).await;
        let c = customer_token;
        let (status, cart) = get(&server, &c, "/api/get_card?service_id=1").await;
        assert_eq!(status, 200);
        assert_eq!(cart, cart_before);
        assert_eq!(cart["data"]["items_quantity"], 4);
        let (status, detail) = get(&server, &c, &format!("/api/orders/{order}")).await;
        assert_eq!(status, 200);
        assert_eq!(detail, order_before);
        assert_eq!(detail["data"]["wallet_balance"], "10.00");
        assert_eq!(wallet_balance(&server, &c), 0);
        // And the order can still be cancelled and refunded after the restart.
        let (status, body) = post(
            &server,
            &c,
            &format!("/api/orders/{order}/cancel"),
            json!({}),
        )
        .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(wallet_balance(&server, &c), 1_000);
        // The cart in progress can be ordered.
        let address = make_address(&server, &c, 1);
        checkout_cash(&server, &c, 1, address).await;
    });
}

// ---------------------------------------------------------------------------
// Idempotency-Key (helper M): a replay never places a second order.

/// `POST /api/order/checkout` with an `Idempotency-Key`; answers the status, whether
/// the answer says it was replayed, and the body.
async fn checkout_with_key(
    server: &Server,
    c: &Customer,
    key: &str,
    body: Value,
) -> (u16, bool, Value) {
    let response = server
        .client
        .post(server.url("/api/order/checkout"))
        .bearer_auth(&c.token)
        .header("Language", "en")
        .header("Idempotency-Key", key)
        .json(&body)
        .send()
        .await
        .unwrap();
    let status = response.status().as_u16();
    let replayed = response
        .headers()
        .get("idempotent-replayed")
        .is_some_and(|v| v == "true");
    (
        status,
        replayed,
        response.json().await.unwrap_or(Value::Null),
    )
}

#[tokio::test]
async fn a_replayed_key_answers_the_first_order_and_places_nothing_more() {
    let server = start().await;
    let (c, _, product, address) = ready(&server, "01001260001").await;
    top_up(&server, &c, 1_000);
    let body = json!({"service_id": 1, "address_id": address, "payment_method": "cash", "use_wallet": true});
    let (status, replayed, first) =
        checkout_with_key(&server, &c, "attempt-0001", body.clone()).await;
    assert_eq!((status, replayed), (201, false), "{first}");
    let id = first["data"]["id"].as_i64().unwrap();
    assert_eq!(first["data"]["wallet_balance"], "10.00");

    // The cart is already empty, yet the replay (same key) answers the same order.
    for _ in 0..3 {
        let (status, replayed, again) =
            checkout_with_key(&server, &c, "attempt-0001", body.clone()).await;
        assert_eq!((status, replayed), (200, true), "{again}");
        assert_eq!(again["data"]["id"], id);
        assert_eq!(again["data"]["number"], first["data"]["number"]);
        assert_eq!(
            again["data"]["delivery_code"],
            first["data"]["delivery_code"]
        );
        assert_eq!(again["message"], "Your order has been placed.");
    }
    // Even a replay whose body no longer passes the form names the order it placed.
    let (status, replayed, again) = checkout_with_key(
        &server,
        &c,
        "attempt-0001",
        json!({"payment_method": "cash"}),
    )
    .await;
    assert_eq!(
        (status, replayed, again["data"]["id"].as_i64()),
        (200, true, Some(id))
    );
    assert_eq!(count(&server, "SELECT count(*) FROM orders"), 1);
    assert_eq!(count(&server, "SELECT count(*) FROM payments"), 2);
    assert_eq!(count(&server, "SELECT count(*) FROM point_entries"), 1);
    assert_eq!(wallet_balance(&server, &c), 0);
    assert_eq!(stock(&server, product), 98);

    // A new key is a new attempt: the cart is empty now.
    let (status, replayed, fresh) =
        checkout_with_key(&server, &c, "attempt-0002", body.clone()).await;
    assert_eq!((status, replayed), (400, false));
    assert_eq!(error_of(&fresh), "You don't have any product");

    // Keys are per customer: another customer's same key places their own order.
    let other = customer(&server, "01001260002").await;
    let other_address = make_address(&server, &other, 1);
    add(&server, &other, product, 1).await;
    let other_body =
        json!({"service_id": 1, "address_id": other_address, "payment_method": "cash"});
    let (status, replayed, theirs) =
        checkout_with_key(&server, &other, "attempt-0001", other_body).await;
    assert_eq!((status, replayed), (201, false), "{theirs}");
    assert_ne!(theirs["data"]["id"], id);
    assert_eq!(count(&server, "SELECT count(*) FROM orders"), 2);
    assert_eq!(
        count(&server, "SELECT count(*) FROM checkout_idempotency_keys"),
        2
    );
    // Another customer's key never reveals an order.
    let (status, _, _) = checkout_with_key(&server, &c, "attempt-0001", body).await;
    assert_eq!(status, 200);
    let owner: i64 = server
        .db()
        .query_row(
            "SELECT user_id FROM orders WHERE id = ?1",
            [theirs["data"]["id"].as_i64().unwrap()],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(owner, other.id);
}

#[tokio::test]
async fn a_refused_attempt_keeps_its_key_free_for_another_try() {
    let server = start().await;
    let (c, _, product, address) = ready(&server, "01001260003").await;
    let holder = "Idempotent Holder 0003";
    let declined = json!({"number": "4000000000000002", "exp_month": 12, "exp_year": "39", "cvv": "123", "name": holder});
    let (status, replayed, body) = checkout_with_key(
        &server,
        &c,
        "k-0003",
        json!({"service_id": 1, "address_id": address, "payment_method": "card", "card": declined}),
    )
    .await;
    assert_eq!((status, replayed), (400, false));
    assert_eq!(
        error_of(&body),
        "An error occured while processing your payment, please try again later"
    );
    assert_eq!(
        count(&server, "SELECT count(*) FROM checkout_idempotency_keys"),
        0
    );
    // The same key with a good card places the order; replays answer it.
    let good = json!({"service_id": 1, "address_id": address, "payment_method": "card", "card": card(holder)});
    let (status, replayed, placed) = checkout_with_key(&server, &c, "k-0003", good.clone()).await;
    assert_eq!((status, replayed), (201, false), "{placed}");
    let (status, replayed, again) = checkout_with_key(&server, &c, "k-0003", good).await;
    assert_eq!((status, replayed), (200, true));
    assert_eq!(again["data"]["id"], placed["data"]["id"]);
    assert_eq!(count(&server, "SELECT count(*) FROM orders"), 1);
    assert_eq!(stock(&server, product), 98);
    let journal = server.gateway.journal_for(holder);
    assert_eq!(
        journal.iter().filter(|e| e.captured).count(),
        1,
        "{journal:?}"
    );
    assert!(journal.iter().all(|e| !e.released));
}

#[tokio::test]
async fn keys_that_are_not_visible_ascii_are_refused_and_change_nothing() {
    let server = start().await;
    let (c, _, _, address) = ready(&server, "01001260004").await;
    let body = json!({"service_id": 1, "address_id": address, "payment_method": "cash"});
    let long = "k".repeat(256);
    for bad in ["", "has space", "tab\tkey", long.as_str()] {
        let (status, _, answer) = checkout_with_key(&server, &c, bad, body.clone()).await;
        assert_eq!(status, 422, "{bad:?}: {answer}");
        assert_eq!(
            field_error(&answer, "Idempotency-Key"),
            "The Idempotency-Key header must be 1 to 255 visible ASCII characters."
        );
    }
    let (status, body_ar) = {
        let response = server
            .client
            .post(server.url("/api/order/checkout"))
            .bearer_auth(&c.token)
            .header("Language", "ar")
            .header("Idempotency-Key", "")
            .json(&body)
            .send()
            .await
            .unwrap();
        (
            response.status().as_u16(),
            response.json::<Value>().await.unwrap(),
        )
    };
    assert_eq!(status, 422);
    assert!(field_error(&body_ar, "Idempotency-Key").starts_with("يجب"));
    assert_eq!(count(&server, "SELECT count(*) FROM orders"), 0);
    // The longest key is fine, and so is no key at all (the other tests).
    let (status, _, placed) = checkout_with_key(&server, &c, &"k".repeat(255), body).await;
    assert_eq!(status, 201, "{placed}");
}

#[tokio::test]
async fn concurrent_replays_of_one_key_place_one_order_and_charge_once() {
    let server = start().await;
    for round in 0..3 {
        let (c, _, product, address) = ready(&server, &format!("0100126010{round}")).await;
        top_up(&server, &c, 500);
        let holder = format!("Double Click {round}");
        let body = json!({"service_id": 1, "address_id": address, "payment_method": "card",
                          "use_wallet": true, "card": card(&holder)});
        let key = format!("double-click-{round}");
        let mut tasks = Vec::new();
        for _ in 0..8 {
            let client = server.client.clone();
            let url = server.url("/api/order/checkout");
            let token = c.token.clone();
            let body = body.clone();
            let key = key.clone();
            tasks.push(tokio::spawn(async move {
                let response = client
                    .post(url)
                    .bearer_auth(token)
                    .header("Idempotency-Key", key)
                    .json(&body)
                    .send()
                    .await
                    .unwrap();
                let status = response.status().as_u16();
                (status, response.json::<Value>().await.unwrap())
            }));
        }
        let mut ids = Vec::new();
        let mut created = 0;
        for task in tasks {
            let (status, answer) = task.await.unwrap();
            match status {
                201 => created += 1,
                200 => {}
                other => panic!("round {round}: unexpected {other}: {answer}"),
            }
            ids.push(answer["data"]["id"].as_i64().unwrap());
        }
        assert_eq!(created, 1, "round {round}");
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), 1, "round {round}: {ids:?}");
        let orders: i64 = server
            .db()
            .query_row(
                "SELECT count(*) FROM orders WHERE user_id = ?1",
                [c.id],
                |r| r.get(0),
            )
            .unwrap();
        assert_eq!(orders, 1);
        assert_eq!(stock(&server, product), 98);
        assert_eq!(wallet_balance(&server, &c), 0);
        // One capture; every other authorization a racing replay made was released.
        let journal = server.gateway.journal_for(&holder);
        assert_eq!(
            journal.iter().filter(|e| e.captured).count(),
            1,
            "{journal:?}"
        );
        assert!(
            journal.iter().all(|e| e.captured != e.released),
            "{journal:?}"
        );
        let charged: i64 = server
            .db()
            .query_row(
                "SELECT coalesce(sum(amount_minor), 0) FROM payments WHERE order_id = ?1",
                [ids[0]],
                |r| r.get(0),
            )
            .unwrap();
        assert_eq!(charged, 12_900);
    }
}
