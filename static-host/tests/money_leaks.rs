//! Issue 19, item 6: a refunded return takes back the referral commission its order
//! earned (so self-referral plus a return earns nothing), even below a zero balance;
//! coupons have per-customer and total usage limits, with `WELCOME10` once per
//! customer, in both languages, held at checkout too.

mod common;
mod orders_support;

use common::{Server, start};
use orders_support::*;
use serde_json::{Value, json};
use storefront_core::orders::OrderStatus;

fn tomorrow() -> String {
    let day = time::OffsetDateTime::now_utc() + time::Duration::days(1);
    format!(
        "{:04}-{:02}-{:02}",
        day.year(),
        u8::from(day.month()),
        day.day()
    )
}

async fn return_order(server: &Server, c: &Customer, order: i64, quantity: u32, address: i64) {
    let item = order_item(server, order);
    let (status, body) = post(
        server,
        c,
        &format!("/api/orders/{order}/return"),
        json!({
            "items": [{"id": item, "quantity": quantity, "reason": "damaged", "comment": "Crushed box"}],
            "refund_method": "wallet", "pickup_address_id": address, "date": tomorrow(), "time": "10:30"
        }),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    set_status(server, order, OrderStatus::ReturnReceived).unwrap();
    set_status(server, order, OrderStatus::Returned).unwrap();
}

/// A referrer and a customer they referred, with a delivered cash order of 2 × 50.00.
async fn referred_order(
    server: &Server,
    first: &str,
    second: &str,
) -> (Customer, Customer, i64, i64) {
    let referrer = customer(server, first).await;
    let (buyer, order, _, address) = placed_order(server, second).await;
    server
        .db()
        .execute(
            "UPDATE users SET referred_by = ?1 WHERE id = ?2",
            [referrer.id, buyer.id],
        )
        .unwrap();
    deliver(server, order);
    (referrer, buyer, order, address)
}

#[tokio::test]
async fn a_returned_order_takes_back_the_referral_commission_even_below_zero() {
    let server = start().await;
    let (referrer, buyer, order, address) =
        referred_order(&server, "01001280001", "01001280002").await;
    // 5% of 100.00.
    assert_eq!(wallet_balance(&server, &referrer), 500);
    // The referrer spends it at once.
    server
        .db()
        .execute(
            "INSERT INTO wallet_entries (user_id, amount_minor, kind, created_at) VALUES (?1, -500, 'adjustment', 0)",
            [referrer.id],
        )
        .unwrap();
    return_order(&server, &buyer, order, 2, address).await;
    // Taken back: the wallet is below zero until the next credit settles it.
    assert_eq!(wallet_balance(&server, &referrer), -500);
    let (_, wallet) = get(&server, &referrer, "/api/wallet").await;
    assert_eq!(wallet["data"]["balance"], "-5.00");
    let (_, referral) = get(&server, &referrer, "/api/referral").await;
    assert_eq!(referral["data"]["total_commission"], "0.00");
    assert_eq!(referral["data"]["total_points"], 100, "points ever earned");
    let live_points: i64 = server
        .db()
        .query_row(
            "SELECT count(*) FROM point_entries WHERE user_id = ?1 AND kind = 'referral' AND expires_at > ?2",
            [referrer.id, now_ms()],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(
        live_points, 0,
        "a whole return ends the first-purchase points"
    );
    top_up(&server, &referrer, 1_000);
    assert_eq!(wallet_balance(&server, &referrer), 500);
}

#[tokio::test]
async fn a_partial_return_takes_back_its_share_of_the_commission() {
    let server = start().await;
    let (referrer, buyer, order, address) =
        referred_order(&server, "01001280011", "01001280012").await;
    return_order(&server, &buyer, order, 1, address).await;
    assert_eq!(wallet_balance(&server, &referrer), 250);
    let (_, page) = get(&server, &referrer, "/api/affiliate/commissions").await;
    let earned: Vec<&str> = page["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["earned"].as_str().unwrap())
        .collect();
    assert_eq!(earned, ["-2.50", "5.00"]);
}

async fn apply(server: &Server, c: &Customer, code: &str, lang: &str) -> (u16, Value) {
    call(
        server,
        reqwest::Method::POST,
        "/api/add_coupon",
        Some(&c.token),
        lang,
        Some(json!({"service_id": 1, "coupon_code": code})),
    )
    .await
}

#[tokio::test]
async fn welcome10_is_once_per_customer_and_a_cancelled_order_gives_it_back() {
    let server = start().await;
    let c = customer(&server, "01001280021").await;
    let shop = make_shop(&server, Shop::default());
    let product = make_product(&server, shop, Item::default());
    let address = make_address(&server, &c, 1);
    add(&server, &c, product, 2).await;
    assert_eq!(apply(&server, &c, "WELCOME10", "en").await.0, 200);
    let order = checkout_cash(&server, &c, 1, address).await["data"]["id"]
        .as_i64()
        .unwrap();
    add(&server, &c, product, 2).await;
    let (status, body) = apply(&server, &c, "welcome10", "en").await;
    assert_eq!(status, 422, "{body}");
    assert_eq!(
        field_error(&body, "coupon_code"),
        "You have already used this coupon."
    );
    let (_, body) = apply(&server, &c, "WELCOME10", "ar").await;
    assert_eq!(
        field_error(&body, "coupon_code"),
        "لقد استخدمت هذا الكوبون من قبل."
    );
    // Other coupons still apply; a cancelled order gives its use back.
    assert_eq!(apply(&server, &c, "BIG50", "en").await.0, 200);
    let (status, body) = post(
        &server,
        &c,
        &format!("/api/orders/{order}/cancel"),
        json!({}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(apply(&server, &c, "WELCOME10", "en").await.0, 200);
}

#[tokio::test]
async fn a_coupon_used_up_in_total_is_refused_also_at_checkout() {
    let server = start().await;
    server
        .db()
        .execute("UPDATE coupons SET max_uses = 1 WHERE code = 'BIG50'", [])
        .unwrap();
    let shop = make_shop(&server, Shop::default());
    let product = make_product(&server, shop, Item::default());
    let first = customer(&server, "01001280031").await;
    let second = customer(&server, "01001280032").await;
    let mut addresses = Vec::new();
    // Both apply it while one use is left...
    for c in [&first, &second] {
        addresses.push(make_address(&server, c, 1));
        add(&server, c, product, 2).await;
        assert_eq!(apply(&server, c, "BIG50", "en").await.0, 200);
    }
    // ...the first order takes it, the second checkout is refused and places nothing.
    checkout_cash(&server, &first, 1, addresses[0]).await;
    let (status, body) = post(
        &server,
        &second,
        "/api/order/checkout",
        json!({"service_id": 1, "address_id": addresses[1], "payment_method": "cash"}),
    )
    .await;
    assert_eq!(status, 422, "{body}");
    assert_eq!(
        field_error(&body, "coupon_code"),
        "This coupon has reached its usage limit."
    );
    let orders: i64 = server
        .db()
        .query_row(
            "SELECT count(*) FROM orders WHERE user_id = ?1",
            [second.id],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(orders, 0);
    let (status, body) = apply(&server, &second, "BIG50", "ar").await;
    assert_eq!(status, 422);
    assert_eq!(
        field_error(&body, "coupon_code"),
        "وصل هذا الكوبون إلى الحد الأقصى لعدد مرات الاستخدام."
    );
}
