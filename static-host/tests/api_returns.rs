//! Returns against the real server: who may ask and when, the form's rules, the
//! refund arithmetic, refunds to the wallet or the card when the return completes,
//! and the return tabs.

mod common;
mod orders_support;

use common::{Server, start};
use orders_support::*;
use serde_json::{Value, json};
use storefront_core::orders::OrderStatus;

/// `YYYY-MM-DD`, `days` from today (UTC).
fn day(days: i64) -> String {
    let date = time::OffsetDateTime::now_utc().date() + time::Duration::days(days);
    let format = time::macros::format_description!("[year]-[month]-[day]");
    date.format(&format).unwrap()
}

fn request(item: i64, quantity: u32, address: i64, method: &str) -> Value {
    json!({
        "items": [{"id": item, "quantity": quantity, "reason": "damaged", "comment": "The box was crushed"}],
        "refund_method": method,
        "pickup_address_id": address,
        "date": day(1),
        "time": "10:30"
    })
}

fn returns_count(server: &Server) -> i64 {
    server
        .db()
        .query_row("SELECT count(*) FROM returns", [], |r| r.get(0))
        .unwrap()
}

#[tokio::test]
async fn a_delivered_order_can_be_returned_once_within_the_window() {
    let server = start().await;
    let (c, order, _, address) = placed_order(&server, "01001270001").await;
    let item = order_item(&server, order);
    let path = format!("/api/orders/{order}/return");

    // Not delivered yet.
    let (status, body) = post(&server, &c, &path, request(item, 1, address, "wallet")).await;
    assert_eq!(status, 400);
    assert_eq!(error_of(&body), "This order can no longer be returned.");
    let (_, body) = post_ar(&server, &c, &path, request(item, 1, address, "wallet")).await;
    assert_eq!(error_of(&body), "لم يعد من الممكن إرجاع هذا الطلب.");

    deliver(&server, order);
    // Past the 14-day window.
    server
        .db()
        .execute(
            "UPDATE orders SET delivered_at = ?2 WHERE id = ?1",
            rusqlite::params![order, now_ms() - 15 * DAY_MS],
        )
        .unwrap();
    let (status, _) = post(&server, &c, &path, request(item, 1, address, "wallet")).await;
    assert_eq!(status, 400);
    server
        .db()
        .execute(
            "UPDATE orders SET delivered_at = ?2 WHERE id = ?1",
            rusqlite::params![order, now_ms() - 13 * DAY_MS],
        )
        .unwrap();
    // Someone else's order does not exist for them.
    let other = customer(&server, "01001270002").await;
    let (status, _) = post(&server, &other, &path, request(item, 1, address, "wallet")).await;
    assert_eq!(status, 404);
    let (status, _) = post(
        &server,
        &c,
        "/api/orders/abc/return",
        request(item, 1, address, "wallet"),
    )
    .await;
    assert_eq!(status, 404);
    assert_eq!(returns_count(&server), 0);

    let (status, body) = post(&server, &c, &path, request(item, 1, address, "wallet")).await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["message"], "Your return request has been received.");
    let data = &body["data"];
    assert_eq!(data["order_id"], order);
    assert_eq!(data["status"], "in_return");
    assert_eq!(data["refund_method"], "wallet");
    // One of 2 × 50.00 with 14% tax: 50.00 + 7.00.
    assert_eq!(data["refund_amount"], "57.00");
    assert_eq!(data["date"], day(1));
    assert_eq!(data["time"], "10:30");
    assert_eq!(data["items"][0]["id"], item);
    assert_eq!(data["items"][0]["quantity"], 1);
    assert_eq!(data["items"][0]["reason"], "damaged");
    assert_eq!(order_status(&server, order), "in_return");

    let (_, detail) = get(&server, &c, &format!("/api/orders/{order}")).await;
    assert_eq!(detail["data"]["return"]["id"], data["id"]);
    assert_eq!(detail["data"]["items"][0]["returned_qty"], 1);
    assert_eq!(detail["data"]["can_return"], false);
    let (_, list) = get(&server, &c, "/api/orders?tab=returns").await;
    assert_eq!(list["data"][0]["id"], order);

    // Only once.
    let (status, body) = post(&server, &c, &path, request(item, 1, address, "wallet")).await;
    assert_eq!(status, 400);
    assert_eq!(error_of(&body), "This order can no longer be returned.");
    assert_eq!(returns_count(&server), 1);
}

#[tokio::test]
async fn the_return_form_follows_the_spec_rules() {
    let server = start().await;
    let (c, order, _, address) = placed_order(&server, "01001270003").await;
    let item = order_item(&server, order);
    deliver(&server, order);
    let other = customer(&server, "01001270004").await;
    let others_address = make_address(&server, &other, 1);
    let path = format!("/api/orders/{order}/return");
    let long = "x".repeat(201);
    let base = request(item, 1, address, "wallet");
    let with = |patch: Value| {
        let mut body = base.clone();
        for (k, v) in patch.as_object().unwrap() {
            body[k] = v.clone();
        }
        body
    };
    let cases = vec![
        (
            with(json!({"items": []})),
            "items",
            "you should at least choose a product to return".to_owned(),
        ),
        (
            with(json!({"items": [{"id": item, "reason": "damaged"}]})),
            "items.0.quantity",
            "This field is required".to_owned(),
        ),
        (
            with(json!({"items": [{"id": item, "quantity": 0, "reason": "damaged"}]})),
            "items.0.quantity",
            "Must be greater than 0".to_owned(),
        ),
        (
            with(json!({"items": [{"id": item, "quantity": 3, "reason": "damaged"}]})),
            "items.0.quantity",
            "Max Quantity Reached".to_owned(),
        ),
        (
            with(json!({"items": [{"id": item, "quantity": 1}]})),
            "items.0.reason",
            "This field is required".to_owned(),
        ),
        (
            with(json!({"items": [{"id": item, "quantity": 1, "reason": "other"}]})),
            "items.0.comment",
            "This field is required".to_owned(),
        ),
        (
            with(
                json!({"items": [{"id": item, "quantity": 1, "reason": "damaged", "comment": long}]}),
            ),
            "items.0.comment",
            "Too long! The maximum character is 200 in Comment".to_owned(),
        ),
        (
            with(json!({"items": [{"quantity": 1, "reason": "damaged"}]})),
            "items.0.id",
            "This field is required".to_owned(),
        ),
        (
            with(json!({"items": [{"id": 999_999, "quantity": 1, "reason": "damaged"}]})),
            "items.0.id",
            "The selected id is invalid.".to_owned(),
        ),
        (
            with(
                json!({"items": [{"id": item, "quantity": 1, "reason": "damaged"}, {"id": item, "quantity": 1, "reason": "damaged"}]}),
            ),
            "items.1.id",
            "This item is listed more than once.".to_owned(),
        ),
        (
            with(json!({"refund_method": null})),
            "refund_method",
            "This field is required".to_owned(),
        ),
        (
            with(json!({"pickup_address_id": null})),
            "pickup_address_id",
            "please choose an address".to_owned(),
        ),
        (
            with(json!({"pickup_address_id": others_address})),
            "pickup_address_id",
            "The selected pickup address is invalid.".to_owned(),
        ),
        (
            with(json!({"date": ""})),
            "date",
            "This field is required".to_owned(),
        ),
        (
            with(json!({"date": day(0)})),
            "date",
            "Choose a pickup date from tomorrow up to 7 days ahead (YYYY-MM-DD).".to_owned(),
        ),
        (
            with(json!({"date": day(8)})),
            "date",
            "Choose a pickup date from tomorrow up to 7 days ahead (YYYY-MM-DD).".to_owned(),
        ),
        (
            with(json!({"time": "07:00"})),
            "time",
            "Choose a pickup time between 09:00 and 21:00 (HH:MM).".to_owned(),
        ),
        (
            with(json!({"time": ""})),
            "time",
            "This field is required".to_owned(),
        ),
    ];
    for (body, field, message) in cases {
        let (status, answer) = post(&server, &c, &path, body.clone()).await;
        assert_eq!(status, 422, "{body} -> {answer}");
        assert_eq!(field_error(&answer, field), message, "{body} -> {answer}");
    }
    // Wrong types and choices name their field.
    for (patch, field) in [
        (json!({"refund_method": "cash"}), "refund_method"),
        (
            json!({"items": [{"id": item, "quantity": 1, "reason": "bored"}]}),
            "items[0].reason",
        ),
        (
            json!({"items": [{"id": item, "quantity": -1, "reason": "damaged"}]}),
            "items[0].quantity",
        ),
    ] {
        let (status, answer) = post(&server, &c, &path, with(patch.clone())).await;
        assert_eq!(status, 422, "{patch} -> {answer}");
        assert!(answer["errors"][field].is_array(), "{patch} -> {answer}");
    }
    let (_, answer) = post_ar(&server, &c, &path, with(json!({"items": []}))).await;
    assert_eq!(
        field_error(&answer, "items"),
        "يجب أن تختار منتجًا واحدًا على الأقل لإرجاعه"
    );
    // A 200-character comment, an Arabic one counted in characters, is fine; nothing
    // was stored by the refusals before.
    assert_eq!(returns_count(&server), 0);
    assert_eq!(order_status(&server, order), "delivered");
    let arabic = "ع".repeat(200);
    let (status, body) = post(
        &server,
        &c,
        &path,
        with(
            json!({"items": [{"id": item, "quantity": 2, "reason": "other", "comment": arabic}],
                    "refund_method": "original", "address_id": address, "pickup_address_id": null}),
        ),
    )
    .await;
    // `address_id` is accepted for the pickup address only when `pickup_address_id` is absent.
    assert_eq!(status, 422, "{body}");
    let mut body = with(
        json!({"items": [{"id": item, "quantity": 2, "reason": "other", "comment": arabic}],
                               "refund_method": "original"}),
    );
    body.as_object_mut().unwrap().remove("pickup_address_id");
    body["address_id"] = json!(address);
    let (status, body) = post(&server, &c, &path, body).await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["data"]["refund_method"], "original_payment");
    assert_eq!(body["data"]["refund_amount"], "114.00");
}

#[tokio::test]
async fn the_pickup_address_must_be_in_the_shops_area() {
    let server = start().await;
    let (c, order, _, _) = placed_order(&server, "01001270005").await;
    let item = order_item(&server, order);
    deliver(&server, order);
    let heliopolis = make_address(&server, &c, 5);
    let (status, body) = post(
        &server,
        &c,
        &format!("/api/orders/{order}/return"),
        request(item, 1, heliopolis, "wallet"),
    )
    .await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(error_of(&body), "We Don't Deliver To Your Location");
    assert_eq!(returns_count(&server), 0);
}

#[tokio::test]
async fn a_completed_return_refunds_the_wallet_and_restocks() {
    let server = start().await;
    let (c, order, product, address) = placed_order(&server, "01001270006").await;
    let item = order_item(&server, order);
    deliver(&server, order);
    let (status, body) = post(
        &server,
        &c,
        &format!("/api/orders/{order}/return"),
        request(item, 1, address, "wallet"),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    let (_, current) = get(&server, &c, "/api/returns?tab=current").await;
    assert_eq!(current["data"][0]["order_id"], order);
    assert_eq!(current["meta"]["total"], 1);
    let (_, completed) = get(&server, &c, "/api/returns?tab=completed").await;
    assert_eq!(completed["data"], json!([]));

    set_status(&server, order, OrderStatus::ReturnReceived).unwrap();
    let (_, current) = get(&server, &c, "/api/returns").await;
    assert_eq!(current["data"][0]["status"], "return_received");
    assert!(current["data"][0]["received_at"].is_string());
    assert_eq!(wallet_balance(&server, &c), 0);
    assert_eq!(stock(&server, product), 98);

    set_status(&server, order, OrderStatus::Returned).unwrap();
    assert_eq!(wallet_balance(&server, &c), 5_700);
    assert_eq!(stock(&server, product), 99);
    let (kind, amount): (String, i64) = server
        .db()
        .query_row(
            "SELECT kind, amount_minor FROM wallet_entries WHERE user_id = ?1 AND order_id = ?2",
            rusqlite::params![c.id, order],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    assert_eq!((kind.as_str(), amount), ("refund", 5_700));
    for tab in ["completed", "returned"] {
        let (_, body) = get(&server, &c, &format!("/api/returns?tab={tab}")).await;
        assert_eq!(body["data"][0]["order_id"], order, "{tab}");
        assert!(body["data"][0]["refunded_at"].is_string());
    }
    let (_, current) = get(&server, &c, "/api/returns?tab=current").await;
    assert_eq!(current["data"], json!([]));
    // A partial return keeps the order's points.
    let expires_at: i64 = server
        .db()
        .query_row(
            "SELECT expires_at FROM point_entries WHERE order_id = ?1",
            [order],
            |r| r.get(0),
        )
        .unwrap();
    assert!(expires_at > now_ms() + 300 * DAY_MS);
    // Other customers see no returns; bad tabs are 422.
    let other = customer(&server, "01001270007").await;
    let (_, body) = get(&server, &other, "/api/returns?tab=completed").await;
    assert_eq!(body["data"], json!([]));
    let (status, body) = get(&server, &c, "/api/returns?tab=old").await;
    assert_eq!(status, 422);
    assert_eq!(field_error(&body, "tab"), "The selected tab is invalid.");
    let (status, _) = server.get_json("/api/returns").await;
    assert_eq!(status, 401);
}

#[tokio::test]
async fn refunds_to_the_original_payment_go_to_the_card_first() {
    let server = start().await;
    let c = customer(&server, "01001270008").await;
    let shop = make_shop(&server, Shop::default());
    let product = make_product(&server, shop, Item::default());
    let address = make_address(&server, &c, 1);
    add(&server, &c, product, 4).await; // 200.00
    let (status, _) = post(
        &server,
        &c,
        "/api/add_coupon",
        json!({"service_id": 1, "coupon_code": "WELCOME10"}),
    )
    .await;
    assert_eq!(status, 200);
    top_up(&server, &c, 20_000);
    let holder = "Return Holder 0008";
    let (status, body) = post(
        &server,
        &c,
        "/api/order/checkout",
        json!({"service_id": 1, "address_id": address, "payment_method": "card",
               "wallet_amount": "200.00", "card": card(holder)}),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    // 200.00 − 20.00 + 25.20 tax + 15.00 delivery = 220.20: 200.00 wallet, 20.20 card.
    assert_eq!(body["data"]["total"], "20.20");
    let order = body["data"]["id"].as_i64().unwrap();
    let item = order_item(&server, order);
    deliver(&server, order);
    // Everything back: 180.00 + 25.20 = 205.20 (delivery is not refunded).
    let (status, body) = post(
        &server,
        &c,
        &format!("/api/orders/{order}/return"),
        request(item, 4, address, "original_payment"),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["data"]["refund_amount"], "205.20");
    set_status(&server, order, OrderStatus::ReturnReceived).unwrap();
    set_status(&server, order, OrderStatus::Returned).unwrap();
    let journal = server.gateway.journal_for(holder);
    assert_eq!(journal[0].refunded_minor, 2_020);
    assert_eq!(wallet_balance(&server, &c), 20_520 - 2_020);
    // Everything came back: the order's points stop counting.
    let expires_at: i64 = server
        .db()
        .query_row(
            "SELECT expires_at FROM point_entries WHERE order_id = ?1",
            [order],
            |r| r.get(0),
        )
        .unwrap();
    assert!(expires_at <= now_ms());
    assert_eq!(stock(&server, product), 100);
}

#[tokio::test]
async fn an_original_refund_of_a_cash_order_goes_to_the_wallet() {
    let server = start().await;
    let (c, order, _, address) = placed_order(&server, "01001270009").await;
    let item = order_item(&server, order);
    deliver(&server, order);
    let (status, body) = post(
        &server,
        &c,
        &format!("/api/orders/{order}/return"),
        request(item, 2, address, "original"),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["data"]["refund_amount"], "114.00");
    set_status(&server, order, OrderStatus::ReturnReceived).unwrap();
    // The refund is paid only when the return completes, and only once.
    assert_eq!(wallet_balance(&server, &c), 0);
    set_status(&server, order, OrderStatus::Returned).unwrap();
    assert_eq!(wallet_balance(&server, &c), 11_400);
    assert!(set_status(&server, order, OrderStatus::Returned).is_err());
    assert_eq!(wallet_balance(&server, &c), 11_400);
}
