//! `static-host check-db` (issue 38) run as a real process on a running server's data
//! directory: a history of real orders (cash, card, wallet; cancelled, delivered,
//! returned) and reviews (written, edited, voted, hidden) keeps every invariant, and
//! each invariant broken by hand is named with its rows and makes the command fail.

mod common;
mod orders_support;

use std::process::{Command, Output};

use common::{Server, start};
use orders_support::*;
use serde_json::json;
use storefront_core::orders::OrderStatus;

fn check_db(server: &Server, extra: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_static-host"))
        .arg("--data-dir")
        .arg(server.data_dir())
        .arg("check-db")
        .args(extra)
        .env("RUST_LOG", "warn")
        .output()
        .expect("static-host runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// `YYYY-MM-DD`, tomorrow (UTC).
fn tomorrow() -> String {
    let date = time::OffsetDateTime::now_utc().date() + time::Duration::days(1);
    date.format(&time::macros::format_description!("[year]-[month]-[day]"))
        .unwrap()
}

/// A shop's history through the API and the status machine: a cash order delivered and
/// half returned, a card order paid partly from the wallet and cancelled, a card order
/// delivered; the delivered product reviewed, and the review edited.
async fn history(server: &Server) -> Customer {
    let c = customer(server, "01001280001").await;
    let shop = make_shop(server, Shop::default());
    let tea = make_product(server, shop, Item::default());
    let address = make_address(server, &c, 1);

    add(server, &c, tea, 2).await;
    let cash = checkout_cash(server, &c, 1, address).await["data"]["id"]
        .as_i64()
        .unwrap();
    deliver(server, cash);
    let item = order_item(server, cash);
    let (status, body) = post(
        server,
        &c,
        &format!("/api/orders/{cash}/return"),
        json!({"items": [{"id": item, "quantity": 1, "reason": "damaged", "comment": "Crushed"}],
               "refund_method": "wallet", "pickup_address_id": address, "date": tomorrow(), "time": "10:30"}),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    for to in [OrderStatus::ReturnReceived, OrderStatus::Returned] {
        set_status(server, cash, to).unwrap();
    }

    top_up(server, &c, 3_000);
    for cancel in [true, false] {
        add(server, &c, tea, 1).await;
        let mut body = json!({"service_id": 1, "address_id": address, "payment_method": "card", "card": card("Mona Adel")});
        if cancel {
            body["wallet_amount"] = json!("20.00");
        }
        let (status, placed) = post(server, &c, "/api/order/checkout", body).await;
        assert_eq!(status, 201, "{placed}");
        let order = placed["data"]["id"].as_i64().unwrap();
        if cancel {
            let (status, body) = post(
                server,
                &c,
                &format!("/api/orders/{order}/cancel"),
                json!({}),
            )
            .await;
            assert_eq!(status, 200, "{body}");
        } else {
            deliver(server, order);
        }
    }
    let path = format!("/api/products/{tea}/reviews");
    let (status, body) = post(server, &c, &path, json!({"rating": 5, "comment": "Fresh"})).await;
    assert_eq!(status, 201, "{body}");
    let review = body["data"]["id"].as_i64().unwrap();
    let (status, _) = call(
        server,
        reqwest::Method::PUT,
        &format!("/api/reviews/{review}"),
        Some(&c.token),
        "en",
        Some(json!({"rating": 4})),
    )
    .await;
    assert_eq!(status, 200);
    c
}

/// After [`history`]: a second customer receives the reviewed product and reviews it
/// too; each votes the other's review helpful; the operator hides the second review.
async fn more_reviews(server: &Server, c: &Customer) {
    let (tea, first): (i64, i64) = server
        .db()
        .query_row("SELECT product_id, id FROM reviews", [], |r| {
            Ok((r.get(0)?, r.get(1)?))
        })
        .unwrap();
    let path = format!("/api/products/{tea}/reviews");
    let other = customer(server, "01001280002").await;
    let other_address = make_address(server, &other, 1);
    add(server, &other, tea, 1).await;
    let order = checkout_cash(server, &other, 1, other_address).await["data"]["id"]
        .as_i64()
        .unwrap();
    deliver(server, order);
    let (status, body) = post(server, &other, &path, json!({"rating": 3})).await;
    assert_eq!(status, 201, "{body}");
    let second = body["data"]["id"].as_i64().unwrap();
    let (status, _) = post(
        server,
        &other,
        &format!("/api/reviews/{first}/helpful"),
        json!({}),
    )
    .await;
    assert_eq!(status, 200);
    let (status, _) = post(
        server,
        c,
        &format!("/api/reviews/{second}/helpful"),
        json!({}),
    )
    .await;
    assert_eq!(status, 200);
    let out = Command::new(env!("CARGO_BIN_EXE_static-host"))
        .arg("--data-dir")
        .arg(server.data_dir())
        .args(["review", "hide", &second.to_string()])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
}

/// Waits until the payment outbox has made every capture and refund (each is made
/// after the commit that queued it).
async fn outbox_drained(server: &Server) {
    let undone = || -> i64 {
        server
            .db()
            .query_row(
                "SELECT count(*) FROM payment_outbox WHERE done_at IS NULL",
                [],
                |r| r.get(0),
            )
            .unwrap()
    };
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while undone() > 0 {
        assert!(
            std::time::Instant::now() < deadline,
            "the payment outbox did not drain"
        );
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}

#[tokio::test]
async fn a_real_history_keeps_every_invariant() {
    let server = start().await;
    let c = history(&server).await;
    more_reviews(&server, &c).await;
    outbox_drained(&server).await;
    // Every capture and refund made: nothing is left to settle.
    let out = check_db(&server, &["--settle", "0s"]);
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", text(&out.stderr));
    assert_eq!(
        stdout,
        "wallet: ok\npoints: ok\nstock: ok\ncoupons: ok\ncard charges: ok\norder totals: ok\nreview ratings: ok\n"
    );
}

#[tokio::test]
async fn each_broken_invariant_is_named_with_its_rows() {
    let server = start().await;
    let c = history(&server).await;
    outbox_drained(&server).await;
    let db = server.db();
    let one = |sql: &str| db.execute(sql, []).unwrap();
    // A wallet entry that takes the balance below zero.
    db.execute(
        "INSERT INTO wallet_entries (user_id, amount_minor, kind, created_at) VALUES (?1, -1000000, 'adjustment', 1)",
        [c.id],
    )
    .unwrap();
    // More points redeemed than were earned.
    db.execute(
        "INSERT INTO point_entries (user_id, points, kind, created_at) VALUES (?1, -1000000, 'redeemed', ?2)",
        rusqlite::params![c.id, now_ms()],
    )
    .unwrap();
    // A unit of stock from nowhere.
    one("UPDATE products SET stock = stock + 1 WHERE id = (SELECT max(id) FROM products)");
    // A coupon used past its limit: two live orders, a limit of one.
    one("INSERT INTO coupons (code, kind, value) VALUES ('TWICE', 'fixed', 100)");
    one("UPDATE coupons SET max_uses = 1 WHERE code = 'TWICE'");
    one(
        "UPDATE orders SET coupon_id = (SELECT id FROM coupons WHERE code = 'TWICE')
         WHERE status NOT IN ('cancelled', 'rejected')",
    );
    // A card charge left pending an hour, and its outbox row never done.
    one("UPDATE payments SET status = 'pending', updated_at = 1 WHERE method = 'card' AND kind = 'charge'
         AND order_id = (SELECT max(id) FROM orders)");
    one("UPDATE payment_outbox SET done_at = NULL, created_at = 1
         WHERE order_id = (SELECT max(id) FROM orders) AND action = 'capture'");
    // An order whose line costs more than its price says.
    one(
        "UPDATE order_items SET price_minor = price_minor + 1 WHERE id = (SELECT min(id) FROM order_items)",
    );
    // A review's rating changed behind the kept aggregate's back.
    one("UPDATE reviews SET rating = 1 WHERE hidden = 0");

    let out = check_db(&server, &[]);
    assert!(!out.status.success());
    let stdout = text(&out.stdout);
    for invariant in static_host::ops::check_db::INVARIANTS {
        assert!(
            stdout.contains(&format!("{invariant}: BROKEN (")),
            "{invariant}:\n{stdout}"
        );
    }
    assert!(stdout.contains("balance_minor=-"), "{stdout}");
    assert!(stdout.contains("code=TWICE max_uses=1 uses=2"), "{stdout}");
    assert!(stdout.contains("action=capture"), "{stdout}");
    assert_eq!(
        text(&out.stderr).trim(),
        "static-host: 7 invariant(s) broken: wallet, points, stock, coupons, card charges, order totals, review ratings"
    );
}

#[tokio::test]
async fn a_payment_still_on_its_way_is_not_counted_until_the_settling_time() {
    let server = start().await;
    history(&server).await;
    outbox_drained(&server).await;
    // The last card order's capture, as if it had just been queued and not made yet.
    server
        .db()
        .execute_batch(&format!(
            "UPDATE payments SET status = 'pending', updated_at = {now}
               WHERE method = 'card' AND kind = 'charge' AND order_id = (SELECT max(id) FROM orders);
             UPDATE payment_outbox SET done_at = NULL, created_at = {now}
               WHERE order_id = (SELECT max(id) FROM orders) AND action = 'capture';",
            now = now_ms()
        ))
        .unwrap();
    assert!(check_db(&server, &[]).status.success());
    let out = check_db(&server, &["--settle", "0s"]);
    assert!(!out.status.success());
    assert!(
        text(&out.stdout).contains("card charges: BROKEN (2 rows)"),
        "{}",
        text(&out.stdout)
    );
}

#[tokio::test]
async fn each_break_of_a_kept_review_rating_is_named() {
    let server = start().await;
    let c = history(&server).await;
    more_reviews(&server, &c).await;
    outbox_drained(&server).await;
    let tea: i64 = server
        .db()
        .query_row("SELECT product_id FROM reviews LIMIT 1", [], |r| r.get(0))
        .unwrap();
    assert!(check_db(&server, &["--settle", "0s"]).status.success());
    // Each break is committed (check-db reads what is committed), checked, undone.
    let broken = |sql: &str, undo: &str, expected: &str| {
        server.db().execute_batch(sql).unwrap();
        let out = check_db(&server, &["--settle", "0s"]);
        let stdout = text(&out.stdout);
        server.db().execute_batch(undo).unwrap();
        assert!(!out.status.success(), "{sql}");
        assert!(
            stdout.contains("review ratings: BROKEN (1 rows)"),
            "{sql}:\n{stdout}"
        );
        assert!(stdout.contains(expected), "{sql}: {expected}\n{stdout}");
    };
    // The visible review is the 4-star one (the 3-star one is hidden).
    broken(
        &format!("UPDATE products SET rating_4 = 2, rating_count = 2 WHERE id = {tea}"),
        &format!("UPDATE products SET rating_4 = 1, rating_count = 1 WHERE id = {tea}"),
        &format!("product={tea} kept_stars=0/0/0/2/0 of 2 visible_stars=0/0/0/1/0 of 1"),
    );
    broken(
        "UPDATE reviews SET hidden = 0 WHERE rating = 3",
        "UPDATE reviews SET hidden = 1 WHERE rating = 3",
        "visible_stars=0/0/1/1/0 of 2",
    );
    broken(
        &format!("UPDATE products SET rating_average_tenths = 41 WHERE id = {tea}"),
        &format!("UPDATE products SET rating_average_tenths = 40 WHERE id = {tea}"),
        &format!("product={tea} rating_average_tenths=41 expected_average_tenths=40"),
    );
    broken(
        "UPDATE reviews SET helpful_count = 5 WHERE hidden = 0",
        "UPDATE reviews SET helpful_count = 1 WHERE hidden = 0",
        "helpful_count=5 votes=1",
    );
    // Each break undone: the database holds again.
    assert!(check_db(&server, &["--settle", "0s"]).status.success());
}
