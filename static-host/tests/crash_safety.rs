//! Crash safety on the real binary: customers add to their carts, check out (part
//! paid from the wallet) and cancel orders (a wallet refund and a restock), all at
//! once; the process is killed with SIGKILL in the middle of the burst, restarted on
//! the same data directory, and the stored data must add up: every acknowledged order
//! is there completely, no order is there partly, stock and wallet balances match the
//! orders, and nothing was oversold. Three rounds, so later bursts start from a
//! database that already survived a kill.
//!
//! The moment of each kill is drawn from a seed, printed at the start
//! (`crash_safety: CRASH_SEED=…`); to replay a failure, run the test again with that
//! `CRASH_SEED` in the environment. (The seed fixes the test's own choices; how far
//! the server's threads got by then is still up to the scheduler.)

mod common;
mod process;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use process::Process;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use rusqlite::{Connection, params};
use serde_json::{Value, json};

const CUSTOMERS: usize = 8;
const STOCK: i64 = 60;
const TOP_UP_MINOR: i64 = 40_000;

#[derive(Debug, Clone)]
struct Customer {
    id: i64,
    token: String,
    address: i64,
}

/// An order as the server answered it: customer, cart_total and wallet part in
/// piastres, lines as (product, qty).
#[derive(Debug)]
struct PlacedOrder {
    customer: i64,
    cart_total: i64,
    wallet: i64,
    items: Vec<(i64, i64)>,
}

/// What the server acknowledged (answered with success) before it died.
#[derive(Debug, Default)]
struct Acknowledged {
    orders: HashMap<i64, PlacedOrder>,
    cancelled: Vec<i64>,
}

fn minor(amount: &Value) -> i64 {
    amount.as_str().unwrap().replace('.', "").parse().unwrap()
}

fn now_ms() -> i64 {
    static_host::clock::now_ms()
}

/// The seed of this run: `CRASH_SEED` when set (a replay), else a fresh one.
fn crash_seed() -> u64 {
    match std::env::var("CRASH_SEED") {
        Ok(text) => text
            .trim()
            .parse()
            .unwrap_or_else(|_| panic!("CRASH_SEED={text:?} is not a number")),
        Err(_) => rand::random(),
    }
}

/// A shop in district 1 with three products, and customers with an address and a
/// funded wallet, written straight to the database (as an operator would).
fn stock_the_store(db: &Connection, users: &[(i64, String)]) -> (Vec<i64>, Vec<Customer>) {
    db.execute(
        "INSERT INTO branches (service_id, district_id, name_en, name_ar, logo, cover, closed, minimum_minor,
             delivery_minutes, delivery_fee_minor, free_delivery, free_delivery_over_minor, tax_rate_bp)
         VALUES (1, 1, 'Crash Shop', 'متجر', '/l.svg', '/c.svg', 0, 0, 45, 1500, 0, NULL, 1400)",
        [],
    )
    .unwrap();
    let shop = db.last_insert_rowid();
    let category: i64 = db
        .query_row(
            "SELECT id FROM categories WHERE service_id = 1 ORDER BY id LIMIT 1",
            [],
            |r| r.get(0),
        )
        .unwrap();
    let mut products = Vec::new();
    for price in [2_000, 3_500, 5_000] {
        db.execute(
            "INSERT INTO products (branch_id, service_id, category_id, name_en, name_ar, image, price_minor, stock,
                 preorder, min_qty, max_qty, created_at)
             VALUES (?1, 1, ?2, 'Crash Tea', 'شاي', '/p.svg', ?3, ?4, 0, 1, 10, ?5)",
            params![shop, category, price, STOCK, now_ms()],
        )
        .unwrap();
        products.push(db.last_insert_rowid());
    }
    let customers = users
        .iter()
        .map(|(id, token)| {
            db.execute(
                "INSERT INTO addresses (user_id, type, name, contact_name, phone, address_details, latitude,
                     longitude, district_id, is_default, created_at)
                 VALUES (?1, 'home', 'Home', 'Mona', '+201001234567', '1 Nile St', 30.06, 31.22, 1, 1, ?2)",
                params![id, now_ms()],
            )
            .unwrap();
            let address = db.last_insert_rowid();
            db.execute(
                "INSERT INTO wallet_entries (user_id, amount_minor, kind, created_at) VALUES (?1, ?2, 'top_up', ?3)",
                params![id, TOP_UP_MINOR, now_ms()],
            )
            .unwrap();
            Customer {
                id: *id,
                token: token.clone(),
                address,
            }
        })
        .collect();
    (products, customers)
}

/// One customer's shopping until the server stops answering.
async fn shop_until_the_server_dies(
    base: String,
    customer: Customer,
    products: Vec<i64>,
    acknowledged: Arc<Mutex<Acknowledged>>,
) {
    let client = common::client();
    let post = |path: String, body: Value| {
        let request = client
            .post(format!("{base}{path}"))
            .bearer_auth(&customer.token)
            .json(&body);
        async move {
            let response = request.send().await.ok()?;
            let status = response.status().as_u16();
            let body: Value = response.json().await.ok()?;
            Some((status, body))
        }
    };
    let mut round = 0usize;
    loop {
        round += 1;
        let product = products[(customer.id as usize + round) % products.len()];
        let qty = 1 + (round % 3) as i64;
        let Some((status, body)) = post(
            "/api/order/add-to-cart".into(),
            json!({"product_id": product, "qty": qty, "service_id": 1}),
        )
        .await
        else {
            return;
        };
        if status != 200 {
            // Sold out: the customer tries another product next time.
            assert!(matches!(status, 400 | 422), "{status} {body}");
            continue;
        }
        let Some((status, body)) = post(
            "/api/order/checkout".into(),
            json!({"service_id": 1, "address_id": customer.address, "payment_method": "cash",
                   "use_wallet": round.is_multiple_of(2)}),
        )
        .await
        else {
            return;
        };
        if status != 201 {
            assert!(matches!(status, 400 | 422), "{status} {body}");
            continue;
        }
        let order = &body["data"];
        let id = order["id"].as_i64().unwrap();
        let items = order["items"]
            .as_array()
            .unwrap()
            .iter()
            .map(|i| {
                (
                    i["product_id"].as_i64().unwrap(),
                    i["qty"].as_i64().unwrap(),
                )
            })
            .collect();
        acknowledged.lock().unwrap().orders.insert(
            id,
            PlacedOrder {
                customer: customer.id,
                cart_total: minor(&order["cart_total"]),
                wallet: minor(&order["wallet_balance"]),
                items,
            },
        );
        if round.is_multiple_of(3) {
            let Some((status, body)) = post(format!("/api/orders/{id}/cancel"), json!({})).await
            else {
                return;
            };
            assert_eq!(status, 200, "{body}");
            acknowledged.lock().unwrap().cancelled.push(id);
        }
    }
}

/// Everything that must hold in the stored data, whatever the moment of the kill.
fn check_consistency(
    db: &Connection,
    products: &[i64],
    customers: &[Customer],
    ack: &Acknowledged,
) {
    let integrity: String = db
        .query_row("PRAGMA integrity_check", [], |r| r.get(0))
        .unwrap();
    assert_eq!(integrity, "ok");
    let dangling: i64 = db
        .query_row("SELECT count(*) FROM pragma_foreign_key_check", [], |r| {
            r.get(0)
        })
        .unwrap();
    assert_eq!(dangling, 0);

    // Acknowledged orders exist as they were answered; acknowledged cancels stuck.
    for (id, placed) in &ack.orders {
        let (stored_user, stored_total, stored_wallet): (i64, i64, i64) = db
            .query_row(
                "SELECT user_id, cart_total_minor, wallet_minor FROM orders WHERE id = ?1",
                [id],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
            )
            .unwrap_or_else(|_| panic!("acknowledged order {id} is missing"));
        assert_eq!(
            (stored_user, stored_total, stored_wallet),
            (placed.customer, placed.cart_total, placed.wallet)
        );
        let mut stored_items: Vec<(i64, i64)> = db
            .prepare("SELECT product_id, qty FROM order_items WHERE order_id = ?1 ORDER BY id")
            .unwrap()
            .query_map([id], |r| Ok((r.get(0)?, r.get(1)?)))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        let mut expected = placed.items.clone();
        stored_items.sort();
        expected.sort();
        assert_eq!(stored_items, expected, "order {id}");
    }
    for id in &ack.cancelled {
        let status: String = db
            .query_row("SELECT status FROM orders WHERE id = ?1", [id], |r| {
                r.get(0)
            })
            .unwrap();
        assert_eq!(status, "cancelled", "acknowledged cancel of {id}");
    }

    // Every stored order is complete, acknowledged or not.
    let orders: Vec<(i64, String, i64, i64, i64, i64)> = db
        .prepare(
            "SELECT id, status, price_minor, wallet_minor, due_minor, points_earned FROM orders",
        )
        .unwrap()
        .query_map([], |r| {
            Ok((
                r.get(0)?,
                r.get(1)?,
                r.get(2)?,
                r.get(3)?,
                r.get(4)?,
                r.get(5)?,
            ))
        })
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert!(orders.len() >= ack.orders.len());
    let now = now_ms();
    for (id, status, price, wallet, due, points) in &orders {
        let one = |sql: &str| -> i64 { db.query_row(sql, [id], |r| r.get(0)).unwrap() };
        assert_eq!(
            one("SELECT coalesce(sum(price_minor * qty), -1) FROM order_items WHERE order_id = ?1"),
            *price,
            "order {id}: lines"
        );
        let expected_history = if status == "cancelled" { 2 } else { 1 };
        assert_eq!(
            one("SELECT count(*) FROM order_status_history WHERE order_id = ?1"),
            expected_history,
            "order {id}: history"
        );
        assert_eq!(
            one(
                "SELECT coalesce(-sum(amount_minor), 0) FROM wallet_entries WHERE order_id = ?1 AND kind = 'order_payment'"
            ),
            *wallet,
            "order {id}: wallet debit"
        );
        assert_eq!(
            one(
                "SELECT coalesce(sum(amount_minor), 0) FROM payments WHERE order_id = ?1 AND kind = 'charge'"
            ),
            wallet + due,
            "order {id}: payments"
        );
        assert!(
            one("SELECT count(*) FROM notifications WHERE order_id = ?1") >= expected_history,
            "order {id}: notifications"
        );
        let live_points = one(&format!(
            "SELECT coalesce(sum(points), 0) FROM point_entries WHERE order_id = ?1 AND kind = 'earned' AND expires_at > {now}"
        ));
        if status == "cancelled" {
            assert_eq!(
                one(
                    "SELECT coalesce(sum(amount_minor), 0) FROM wallet_entries WHERE order_id = ?1 AND kind = 'refund'"
                ),
                *wallet,
                "order {id}: wallet refund"
            );
            assert_eq!(live_points, 0, "order {id}: points revoked");
        } else {
            assert_eq!(status, "pending", "order {id}");
            assert_eq!(live_points, *points, "order {id}: points");
        }
    }

    // Stock: what is left plus what live orders took is what there was; never below 0.
    for product in products {
        let (left, taken): (i64, i64) = db
            .query_row(
                "SELECT stock, (SELECT coalesce(sum(oi.stock_taken), 0) FROM order_items oi
                     JOIN orders o ON o.id = oi.order_id WHERE oi.product_id = ?1 AND o.status != 'cancelled')
                 FROM products WHERE id = ?1",
                [product],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .unwrap();
        assert!(left >= 0, "product {product} oversold: {left}");
        assert_eq!(left + taken, STOCK, "product {product}");
    }

    // Wallets: the top-up minus what live orders took from it.
    for customer in customers {
        let (balance, spent): (i64, i64) = db
            .query_row(
                "SELECT (SELECT coalesce(sum(amount_minor), 0) FROM wallet_entries WHERE user_id = ?1),
                        (SELECT coalesce(sum(wallet_minor), 0) FROM orders WHERE user_id = ?1 AND status != 'cancelled')",
                [customer.id],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .unwrap();
        assert!(balance >= 0, "customer {}: {balance}", customer.id);
        assert_eq!(balance, TOP_UP_MINOR - spent, "customer {}", customer.id);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_sigkill_in_the_middle_of_a_burst_leaves_consistent_data() {
    let seed = crash_seed();
    // First, so a failure's output always says how to replay it.
    eprintln!("crash_safety: CRASH_SEED={seed}");
    let mut rng = StdRng::seed_from_u64(seed);
    let root = tempfile::tempdir().unwrap();
    let mut server = Process::start(root.path(), &[], &[]);
    let client = common::client();
    let mut users = Vec::new();
    for i in 0..CUSTOMERS {
        let mobile = format!("0100124{i:04}");
        let token = server.register(&client, &mobile).await;
        let id: i64 = server
            .db()
            .query_row(
                "SELECT id FROM users WHERE mobile = ?1",
                [format!("+2{}", &mobile)],
                |r| r.get(0),
            )
            .unwrap();
        users.push((id, token));
    }
    let (products, customers) = stock_the_store(&server.db(), &users);
    let acknowledged = Arc::new(Mutex::new(Acknowledged::default()));

    for round in 0..3 {
        let before = acknowledged.lock().unwrap().orders.len();
        let shoppers: Vec<_> = customers
            .iter()
            .map(|c| {
                tokio::spawn(shop_until_the_server_dies(
                    server.base.clone(),
                    c.clone(),
                    products.clone(),
                    acknowledged.clone(),
                ))
            })
            .collect();
        // Kill once the burst is well under way: a few orders acknowledged, many
        // requests in flight.
        let started = std::time::Instant::now();
        while acknowledged.lock().unwrap().orders.len() < before + 6 {
            assert!(
                started.elapsed() < Duration::from_secs(30),
                "no orders placed"
            );
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        tokio::time::sleep(Duration::from_millis(rng.random_range(0..40))).await;
        server.kill();
        for shopper in shoppers {
            shopper.await.unwrap();
        }

        // The same data directory, a new process: it opens, recovers, and adds up.
        server = Process::start(root.path(), &[], &[]);
        let health = client.get(server.url("/api/health")).send().await.unwrap();
        assert_eq!(health.status(), 200);
        let db = server.db();
        let ack = acknowledged.lock().unwrap();
        println!(
            "round {round}: {} orders acknowledged, {} cancels acknowledged, {} stored",
            ack.orders.len(),
            ack.cancelled.len(),
            db.query_row("SELECT count(*) FROM orders", [], |r| r.get::<_, i64>(0))
                .unwrap()
        );
        check_consistency(&db, &products, &customers, &ack);
        drop(ack);
        // And the operator's check of every ledger (captures queued just before the kill
        // are still within its settling time, and the new process makes them).
        let check = std::process::Command::new(env!("CARGO_BIN_EXE_static-host"))
            .arg("--data-dir")
            .arg(root.path().join("data"))
            .arg("check-db")
            .env("RUST_LOG", "warn")
            .output()
            .expect("static-host runs");
        assert!(
            check.status.success(),
            "round {round}: check-db: {}{}",
            String::from_utf8_lossy(&check.stdout),
            String::from_utf8_lossy(&check.stderr)
        );
    }
}
