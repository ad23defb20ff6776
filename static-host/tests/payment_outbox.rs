//! Issue 19, item 7: no gateway call while the database's writer is held. A stalling
//! payment provider slows only the checkout that waits for it, not the shop's other
//! writes; captures and refunds go through a durable outbox, made after the commit,
//! retried after a failure and done after a restart.

mod common;
mod orders_support;

use std::time::{Duration, Instant};

use common::start_with;
use orders_support::*;
use rusqlite::params;
use serde_json::json;

#[tokio::test]
async fn a_stalling_gateway_does_not_hold_the_shops_other_writes() {
    let server = start_with(&[], None).await;
    let shop = make_shop(&server, Shop::default());
    let product = make_product(&server, shop, Item::default());
    let payer = customer(&server, "01001290001").await;
    let other = customer(&server, "01001290002").await;
    let address = make_address(&server, &payer, 1);
    add(&server, &payer, product, 2).await;
    let holder = "Stalled Holder 0001";
    // This server's gateway only: the stall ends with the test, passed or failed.
    server.gateway.set_delay(Duration::from_secs(3));
    let checkout = checkout_in_background(&server, &payer, address, card(holder));
    // While the provider stalls on the capture, another customer's writes go through.
    let deadline = Instant::now() + Duration::from_secs(10);
    while server.gateway.captures_and_refunds_begun() == 0 {
        assert!(Instant::now() < deadline, "the capture never began");
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    let started = Instant::now();
    add(&server, &other, product, 1).await;
    let took = started.elapsed();
    assert!(
        !checkout.is_finished(),
        "the checkout ended first: the write did not meet the stall"
    );
    let (status, checkout_took) = checkout.await.unwrap();
    assert!(
        took < Duration::from_millis(1500),
        "a write waited {took:?}"
    );
    assert_eq!(status, 201);
    assert!(checkout_took >= Duration::from_secs(3), "{checkout_took:?}");
    // The capture was made after the commit, before the answer.
    let journal = server.gateway.journal_for(holder);
    assert!(journal[0].captured, "{journal:?}");
    let (charge, done): (String, i64) = server
        .db()
        .query_row(
            "SELECT p.status, (SELECT count(*) FROM payment_outbox WHERE done_at IS NOT NULL)
             FROM payments p WHERE p.method = 'card' AND p.kind = 'charge'",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    assert_eq!((charge.as_str(), done), ("captured", 1));
}

#[test]
fn queued_gateway_calls_survive_a_restart_and_failures_are_retried() {
    // A first server places an order, then stops with its runtime (as a crash would
    // stop it before its outbox ran).
    let (dir, order) = std::thread::spawn(|| {
        let runtime = tokio::runtime::Runtime::new().unwrap();
        runtime.block_on(async {
            let server = start_with(&[], None).await;
            let (_, order, _, _) = placed_order(&server, "01001290101").await;
            (server.dir, order)
        })
    })
    .join()
    .unwrap();
    let db = common::open_db(&dir.path().join("data/storefront.db"));
    let mut rows = Vec::new();
    for reference in ["tst_restart00001", "declined_0001"] {
        db.execute(
            "INSERT INTO payments (order_id, method, kind, status, amount_minor, reference, created_at, updated_at)
             VALUES (?1, 'card', 'charge', 'pending', 1000, ?2, 0, 0)",
            params![order, reference],
        )
        .unwrap();
        let payment = db.last_insert_rowid();
        db.execute(
            "INSERT INTO payment_outbox (action, order_id, payment_id, reference, amount_minor, next_attempt_at, created_at)
             VALUES ('capture', ?1, ?2, ?3, 1000, 0, 0)",
            params![order, payment, reference],
        )
        .unwrap();
        rows.push((db.last_insert_rowid(), payment));
    }
    drop(db);
    // The restarted server's worker makes the owed calls.
    let runtime = tokio::runtime::Runtime::new().unwrap();
    runtime.block_on(async {
        let server = start_with(&[], Some(dir)).await;
        let state = |row: i64, payment: i64| {
            server
                .db()
                .query_row(
                    "SELECT o.done_at IS NOT NULL, o.attempts, o.last_error, o.next_attempt_at, p.status
                     FROM payment_outbox o JOIN payments p ON p.id = ?2 WHERE o.id = ?1",
                    [row, payment],
                    |r| {
                        Ok((
                            r.get::<_, bool>(0)?,
                            r.get::<_, i64>(1)?,
                            r.get::<_, Option<String>>(2)?,
                            r.get::<_, i64>(3)?,
                            r.get::<_, String>(4)?,
                        ))
                    },
                )
                .unwrap()
        };
        let deadline = Instant::now() + Duration::from_secs(10);
        while !state(rows[0].0, rows[0].1).0 || state(rows[1].0, rows[1].1).1 == 0 {
            assert!(Instant::now() < deadline, "the outbox was not run after the restart");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let (done, _, _, _, status) = state(rows[0].0, rows[0].1);
        assert!(done);
        assert_eq!(status, "captured");
        // The declined call stays owed, retried later with its error kept.
        let (done, attempts, error, next, status) = state(rows[1].0, rows[1].1);
        assert!(!done);
        assert_eq!(attempts, 1);
        assert_eq!(error.as_deref(), Some("the gateway declined the capture"));
        assert!(next > now_ms());
        assert_eq!(status, "pending");
    });
}

/// The stalling test card's details (`TEST_CARD_STALLING`).
fn stalling_card(holder: &str) -> serde_json::Value {
    json!({"number": static_host::orders::payment::TEST_CARD_STALLING, "exp_month": 12,
           "exp_year": "39", "cvv": "123", "name": holder})
}

/// Starts a card checkout of `payer`'s cart in the background: its status and how long
/// it took.
fn checkout_in_background(
    server: &common::Server,
    payer: &Customer,
    address: i64,
    card: serde_json::Value,
) -> tokio::task::JoinHandle<(u16, Duration)> {
    let (base, client, token) = (
        server.base.clone(),
        server.client.clone(),
        payer.token.clone(),
    );
    tokio::spawn(async move {
        let started = Instant::now();
        let response = client
            .post(format!("{base}/api/order/checkout"))
            .bearer_auth(token)
            .json(
                &json!({"service_id": 1, "address_id": address, "payment_method": "card",
                          "card": card}),
            )
            .send()
            .await
            .unwrap();
        (response.status().as_u16(), started.elapsed())
    })
}

#[tokio::test]
async fn the_stalling_test_card_is_paid_after_its_authorization_and_capture_stall() {
    let server = start_with(&[], None).await;
    let shop = make_shop(&server, Shop::default());
    let product = make_product(&server, shop, Item::default());
    let payer = customer(&server, "01001290201").await;
    let address = make_address(&server, &payer, 1);
    add(&server, &payer, product, 1).await;
    // This server's gateway only, and a short stall (10 s by default).
    let stall = Duration::from_millis(200);
    server.gateway.set_stall(stall);
    let holder = "Stalling Holder 0201";
    let (status, took) = checkout_in_background(&server, &payer, address, stalling_card(holder))
        .await
        .unwrap();
    assert_eq!(status, 201);
    assert!(
        took >= stall * 2,
        "authorization and capture stall: {took:?}"
    );
    let journal = server.gateway.journal_for(holder);
    assert_eq!(journal.len(), 1, "{journal:?}");
    assert!(journal[0].stalling && journal[0].captured && !journal[0].released);
    let charge: String = server
        .db()
        .query_row(
            "SELECT status FROM payments WHERE method = 'card' AND kind = 'charge'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(charge, "captured");
}

#[tokio::test]
async fn while_a_stalling_card_is_authorized_other_customers_write() {
    let server = start_with(&[], None).await;
    let shop = make_shop(&server, Shop::default());
    let product = make_product(&server, shop, Item::default());
    let payer = customer(&server, "01001290301").await;
    let other = customer(&server, "01001290302").await;
    let address = make_address(&server, &payer, 1);
    add(&server, &payer, product, 1).await;
    let stall = Duration::from_secs(2);
    server.gateway.set_stall(stall);
    let holder = "Stalling Holder 0301";
    let checkout = checkout_in_background(&server, &payer, address, stalling_card(holder));
    // Waits for the authorization to be under way (an event, not a guess of time).
    let deadline = Instant::now() + Duration::from_secs(10);
    while server.gateway.authorizations_begun() == 0 {
        assert!(Instant::now() < deadline, "the authorization never began");
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    let started = Instant::now();
    add(&server, &other, product, 1).await;
    let took = started.elapsed();
    assert!(
        !checkout.is_finished(),
        "the checkout ended first: the write did not meet the stall"
    );
    assert!(took < stall, "a cart write waited {took:?}");
    // The stall under way keeps its length; the capture to come need not wait.
    server.gateway.set_stall(Duration::ZERO);
    let (status, checkout_took) = checkout.await.unwrap();
    assert_eq!(status, 201);
    assert!(checkout_took >= stall, "{checkout_took:?}");
    assert!(server.gateway.journal_for(holder)[0].captured);
}
