//! The operator commands `static-host order-status ORDER STATUS...` and `static-host
//! review hide|show ID` run as real processes on the data directory of a running
//! server: allowed steps happen with their effects and show in the API, a refused step
//! stops the command and changes nothing, bad input is refused before anything is
//! written; a hidden review leaves the product's list and rating, and comes back;
//! `announce` reaches only the customers whose preferences ask for it, and order
//! notices follow the "orders" choice.

mod common;
mod orders_support;

use std::process::{Command, Output};

use common::start;
use orders_support::*;

fn order_status_cli(data_dir: &std::path::Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_static-host"))
        .arg("--data-dir")
        .arg(data_dir)
        .arg("order-status")
        .args(args)
        .env("RUST_LOG", "warn")
        .output()
        .expect("static-host runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[tokio::test]
async fn moves_an_order_step_by_step_while_the_server_runs() {
    let server = start().await;
    let (c, order, product, _) = placed_order(&server, "01001270001").await;
    let stock_before = stock(&server, product);
    let id = order.to_string();

    let out = order_status_cli(
        &server.data_dir(),
        &[&id, "processing", "shipped", "delivered"],
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let number = 100_000 + order;
    assert_eq!(
        text(&out.stdout),
        format!(
            "order {order} (#{number}): pending -> processing\n\
             order {order} (#{number}): processing -> shipped\n\
             order {order} (#{number}): shipped -> delivered\n"
        )
    );
    assert_eq!(order_status(&server, order), "delivered");
    // The API sees it: the order is in the completed tab and may now be returned.
    let (status, body) = get(&server, &c, &format!("/api/orders/{order}")).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["status"], "delivered");
    assert_eq!(body["data"]["can_return"], true);
    assert_eq!(body["data"]["history"].as_array().unwrap().len(), 4);
    // Delivery's effect: cash recorded as collected; stock unchanged by these steps.
    let cash: String = server
        .db()
        .query_row(
            "SELECT status FROM payments WHERE order_id = ?1 AND method = 'cash'",
            [order],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(cash, "captured");
    assert_eq!(stock(&server, product), stock_before);
}

#[tokio::test]
async fn the_customer_number_names_the_order_too() {
    let server = start().await;
    let (_, order, _, _) = placed_order(&server, "01001270002").await;
    let number = format!("#{}", 100_000 + order);
    let out = order_status_cli(&server.data_dir(), &[&number, "on_hold"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(order_status(&server, order), "on_hold");
}

#[tokio::test]
async fn a_refused_step_stops_and_changes_nothing() {
    let server = start().await;
    let (_, order, product, _) = placed_order(&server, "01001270003").await;
    let stock_before = stock(&server, product);
    let id = order.to_string();

    // pending -> processing is allowed, processing -> delivered is not.
    let out = order_status_cli(
        &server.data_dir(),
        &[&id, "processing", "delivered", "shipped"],
    );
    assert!(!out.status.success());
    assert!(
        text(&out.stdout).contains("pending -> processing"),
        "{}",
        text(&out.stdout)
    );
    assert!(
        text(&out.stderr).contains("refused: an order cannot go from processing to delivered"),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(order_status(&server, order), "processing");
    let history: i64 = server
        .db()
        .query_row(
            "SELECT count(*) FROM order_status_history WHERE order_id = ?1",
            [order],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(history, 2, "checkout and the one allowed step");
    assert_eq!(stock(&server, product), stock_before);
}

#[tokio::test]
async fn cancelling_as_the_shop_has_its_effects() {
    let server = start().await;
    let (c, order, product, _) = placed_order(&server, "01001270004").await;
    let stock_before = stock(&server, product);
    let out = order_status_cli(&server.data_dir(), &[&order.to_string(), "rejected"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(order_status(&server, order), "rejected");
    assert_eq!(stock(&server, product), stock_before + 2, "stock goes back");
    let (_, body) = get(&server, &c, "/api/orders?tab=rejected").await;
    assert_eq!(body["data"][0]["id"], order);
}

#[tokio::test]
async fn bad_input_is_refused_before_anything_is_written() {
    let server = start().await;
    let (_, order, _, _) = placed_order(&server, "01001270005").await;
    let id = order.to_string();

    let out = order_status_cli(&server.data_dir(), &[&id, "processing", "lost"]);
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("\"lost\" is not an order status"),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(order_status(&server, order), "pending", "no step ran");

    let out = order_status_cli(&server.data_dir(), &["abc", "processing"]);
    assert!(
        text(&out.stderr).contains("\"abc\" is not an order id"),
        "{}",
        text(&out.stderr)
    );

    let out = order_status_cli(&server.data_dir(), &["999999", "processing"]);
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("order 999999 does not exist"),
        "{}",
        text(&out.stderr)
    );

    // A status is required.
    let out = order_status_cli(&server.data_dir(), &[&id]);
    assert!(!out.status.success());
}

#[test]
fn an_empty_data_directory_is_not_turned_into_a_store() {
    let dir = tempfile::tempdir().unwrap();
    let out = order_status_cli(dir.path(), &["1", "processing"]);
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("no database at"),
        "{}",
        text(&out.stderr)
    );
    assert!(!dir.path().join("storefront.db").exists());
}

fn review_cli(data_dir: &std::path::Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_static-host"))
        .arg("--data-dir")
        .arg(data_dir)
        .arg("review")
        .args(args)
        .env("RUST_LOG", "warn")
        .output()
        .expect("static-host runs")
}

#[tokio::test]
async fn hides_and_shows_a_review_while_the_server_runs() {
    let server = start().await;
    let (c, order, product, _) = placed_order(&server, "01001270011").await;
    deliver(&server, order);
    let (status, body) = post(
        &server,
        &c,
        &format!("/api/products/{product}/reviews"),
        serde_json::json!({"rating": 4, "comment": "Good"}),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    let id = body["data"]["id"].as_i64().unwrap();
    let list = format!("/api/products/{product}/reviews");

    let out = review_cli(&server.data_dir(), &["hide", &id.to_string()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout),
        format!(
            "review {id} (product {product}): shown -> hidden; product {product} rating: no reviews\n"
        )
    );
    let (_, body) = server.get_json(&list).await;
    assert_eq!(body["data"], serde_json::json!([]));
    let (_, page) = server.get_json(&format!("/api/products/{product}")).await;
    assert_eq!(page["data"]["rating_count"], 0);
    // Again: nothing changes, and it says so.
    let out = review_cli(&server.data_dir(), &["hide", &id.to_string()]);
    assert!(out.status.success());
    assert!(
        text(&out.stdout).contains("already hidden"),
        "{}",
        text(&out.stdout)
    );

    let out = review_cli(&server.data_dir(), &["show", &id.to_string()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout),
        format!(
            "review {id} (product {product}): hidden -> shown; product {product} rating: 4.0 from 1 review(s)\n"
        )
    );
    let (_, body) = server.get_json(&list).await;
    assert_eq!(body["data"][0]["id"], id);
    let (_, page) = server.get_json(&format!("/api/products/{product}")).await;
    assert_eq!(page["data"]["rating_average"], 4.0);
}

#[tokio::test]
async fn an_unknown_or_bad_review_id_is_refused() {
    let server = start().await;
    let out = review_cli(&server.data_dir(), &["hide", "999999"]);
    assert!(!out.status.success());
    assert_eq!(
        text(&out.stderr).trim(),
        "static-host: review 999999 does not exist"
    );
    let out = review_cli(&server.data_dir(), &["show", "abc"]);
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("\"abc\" is not a review id"),
        "{}",
        text(&out.stderr)
    );
    // Only hide and show.
    let out = review_cli(&server.data_dir(), &["delete", "1"]);
    assert!(!out.status.success());
}

fn announce_cli(data_dir: &std::path::Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_static-host"))
        .arg("--data-dir")
        .arg(data_dir)
        .arg("announce")
        .args(args)
        .env("RUST_LOG", "warn")
        .output()
        .expect("static-host runs")
}

/// The customer's notifications of `kind`, by their English titles.
fn notices(server: &common::Server, c: &Customer, kind: &str) -> Vec<String> {
    let conn = server.db();
    let mut stmt = conn
        .prepare("SELECT title_en FROM notifications WHERE user_id = ?1 AND kind = ?2 ORDER BY id")
        .unwrap();
    stmt.query_map(rusqlite::params![c.id, kind], |r| r.get(0))
        .unwrap()
        .collect::<Result<Vec<String>, _>>()
        .unwrap()
}

async fn choose(server: &common::Server, c: &Customer, notifications: serde_json::Value) {
    let (status, body) = call(
        server,
        reqwest::Method::PUT,
        "/api/user/update-setting",
        Some(&c.token),
        "en",
        Some(serde_json::json!({ "notifications": notifications })),
    )
    .await;
    assert_eq!(status, 200, "{body}");
}

#[tokio::test]
async fn offers_and_the_newsletter_reach_only_the_customers_who_asked() {
    let server = start().await;
    // The profile's defaults: offers on, the newsletter off.
    let keen = customer(&server, "01001270021").await;
    let quiet = customer(&server, "01001270022").await;
    choose(&server, &keen, serde_json::json!({"newsletter": true})).await;
    choose(&server, &quiet, serde_json::json!({"offers": false})).await;

    let out = announce_cli(
        &server.data_dir(),
        &[
            "offers",
            "10% off fruit",
            "خصم ١٠٪ على الفاكهة",
            "Until Friday.",
            "حتى الجمعة.",
        ],
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).starts_with("offer: sent to "),
        "{}",
        text(&out.stdout)
    );
    assert_eq!(notices(&server, &keen, "offer"), ["10% off fruit"]);
    assert!(notices(&server, &quiet, "offer").is_empty());
    // In the bell, in the reader's language.
    let (_, body) = call(
        &server,
        reqwest::Method::GET,
        "/api/notifications",
        Some(&keen.token),
        "ar",
        None,
    )
    .await;
    assert_eq!(body["data"][0]["title"], "خصم ١٠٪ على الفاكهة");
    assert_eq!(body["data"][0]["type"], "offer");

    let out = announce_cli(
        &server.data_dir(),
        &["newsletter", "News", "أخبار", "This week.", "هذا الأسبوع."],
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(notices(&server, &keen, "newsletter"), ["News"]);
    assert!(notices(&server, &quiet, "newsletter").is_empty());

    // Nothing half-written: a blank text is refused before anything is sent.
    let out = announce_cli(&server.data_dir(), &["offers", "Title", " ", "Text", "نص"]);
    assert!(!out.status.success());
    assert_eq!(notices(&server, &keen, "offer").len(), 1);
}

#[tokio::test]
async fn order_notices_follow_the_orders_choice() {
    let server = start().await;
    let (c, order, _, _) = placed_order(&server, "01001270023").await;
    assert_eq!(notices(&server, &c, "order").len(), 1);
    choose(&server, &c, serde_json::json!({"orders": false})).await;
    let out = order_status_cli(
        &server.data_dir(),
        &[&order.to_string(), "processing", "shipped"],
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(
        notices(&server, &c, "order").len(),
        1,
        "no notice while 'orders' is off"
    );
    choose(&server, &c, serde_json::json!({"orders": true})).await;
    let out = order_status_cli(
        &server.data_dir(),
        &[&order.to_string(), "out_for_delivery"],
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(notices(&server, &c, "order").len(), 2);
}
