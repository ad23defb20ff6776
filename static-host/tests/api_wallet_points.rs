//! Wallet, loyalty points, the referral program and affiliate commissions against
//! the real server, with ledger entries written the way the order flow writes them.

mod account_common;
mod common;

use account_common::{call, get, register, register_with, store_order, user_id};
use common::start;
use reqwest::Method;
use rusqlite::params;
use serde_json::json;
use static_host::account::referral::{REFERRAL_POINTS, reward_referrer};

const DAY: i64 = 86_400_000;

fn now() -> i64 {
    static_host::clock::now_ms()
}

fn wallet_entry(
    server: &common::Server,
    user: i64,
    minor: i64,
    kind: &str,
    order: Option<i64>,
    note: (&str, &str),
    at: i64,
) {
    server
        .db()
        .execute(
            "INSERT INTO wallet_entries (user_id, amount_minor, kind, order_id, note_en, note_ar, created_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            params![user, minor, kind, order, note.0, note.1, at],
        )
        .unwrap();
}

fn point_entry(
    server: &common::Server,
    user: i64,
    points: i64,
    kind: &str,
    expires_at: Option<i64>,
    at: i64,
) {
    server
        .db()
        .execute(
            "INSERT INTO point_entries (user_id, points, kind, expires_at, created_at) VALUES (?1, ?2, ?3, ?4, ?5)",
            params![user, points, kind, expires_at, at],
        )
        .unwrap();
}

#[tokio::test]
async fn the_wallet_is_the_sum_of_its_ledger_newest_first() {
    let server = start().await;
    let token = register(&server, "01101234501").await;
    let other = register(&server, "01101234502").await;
    let (me, them) = (
        user_id(&server, &token).await,
        user_id(&server, &other).await,
    );

    let (status, body) = get(&server, "/api/wallet", &token).await;
    assert_eq!(status, 200);
    assert_eq!(body["data"], json!({"balance": "0.00", "currency": "EGP"}));
    let (_, body) = get(&server, "/api/wallet/transactions", &token).await;
    assert_eq!(body["data"], json!([]));

    let t = now() - 10 * DAY;
    wallet_entry(&server, me, 10_000, "top_up", None, ("", ""), t);
    wallet_entry(
        &server,
        me,
        -2_550,
        "order_payment",
        Some(7),
        ("", ""),
        t + DAY,
    );
    wallet_entry(
        &server,
        me,
        1_000,
        "refund",
        Some(7),
        ("Refund: damaged item", "استرداد: منتج تالف"),
        t + 2 * DAY,
    );
    wallet_entry(&server, them, 99_999, "top_up", None, ("", ""), t);

    let (_, body) = get(&server, "/api/wallet", &token).await;
    assert_eq!(body["data"]["balance"], "84.50");
    let (_, body) = get(&server, "/api/wallet/transactions", &token).await;
    let list = body["data"].as_array().unwrap();
    assert_eq!(list.len(), 3, "only the customer's own");
    assert_eq!(list[0]["type"], "refund");
    assert_eq!(list[0]["amount"], "10.00");
    assert_eq!(list[0]["direction"], "credit");
    assert_eq!(list[0]["details"], "Refund: damaged item");
    assert_eq!(list[0]["status"], "completed");
    assert_eq!(list[1]["type"], "order_payment");
    assert_eq!(list[1]["amount"], "-25.50");
    assert_eq!(list[1]["direction"], "debit");
    assert_eq!(list[1]["details"], "Payment for order #7");
    assert_eq!(list[1]["order_id"], 7);
    assert_eq!(list[2]["details"], "Wallet top-up");
    let date = list[2]["date"].as_str().unwrap();
    assert_eq!(date.len(), 20, "{date}");
    assert!(date.ends_with('Z'));

    let (_, body) = call(
        &server,
        Method::GET,
        "/api/wallet/transactions",
        Some(&token),
        "ar",
        None,
    )
    .await;
    assert_eq!(body["data"][0]["details"], "استرداد: منتج تالف");
    assert_eq!(body["data"][1]["details"], "دفع قيمة الطلب رقم 7");

    let (_, body) = get(&server, "/api/wallet/transactions?limit=2&page=2", &token).await;
    assert_eq!(body["meta"]["last_page"], 2);
    assert_eq!(body["meta"]["total"], 3);
    assert_eq!(body["data"].as_array().unwrap().len(), 1);
    assert_eq!(body["data"][0]["type"], "top_up");
    let (status, body) = get(&server, "/api/wallet/transactions?limit=101", &token).await;
    assert_eq!(status, 422);
    assert!(body["errors"]["limit"].is_array());
}

#[tokio::test]
async fn points_are_earned_redeemed_and_expire() {
    let server = start().await;
    let token = register(&server, "01101234503").await;
    let me = user_id(&server, &token).await;
    let (status, body) = get(&server, "/api/loyalty-points", &token).await;
    assert_eq!(status, 200);
    assert_eq!(body["data"]["balance"], 0);
    assert_eq!(body["data"]["expiring_soon_days"], 30);
    assert_eq!(body["data"]["next_expiry_date"], json!(null));

    let t = now();
    point_entry(
        &server,
        me,
        100,
        "earned",
        Some(t - 10 * DAY),
        t - 400 * DAY,
    ); // expired 10 days ago
    point_entry(&server, me, 50, "earned", Some(t + 10 * DAY), t - 355 * DAY); // expires in 10 days
    point_entry(
        &server,
        me,
        200,
        "earned",
        Some(t + 200 * DAY),
        t - 165 * DAY,
    );
    point_entry(&server, me, -30, "redeemed", None, t - 5 * DAY);

    let (_, body) = get(&server, "/api/loyalty-points", &token).await;
    let data = &body["data"];
    assert_eq!(data["earned"], 350);
    assert_eq!(data["expired"], 100);
    assert_eq!(data["redeemed"], 30);
    // The 30 redeemed came out of the 50 that expire first.
    assert_eq!(data["balance"], 220);
    assert_eq!(data["expiring_soon"], 20);
    assert!(data["next_expiry_date"].as_str().unwrap().ends_with('Z'));

    let (status, body) = get(&server, "/api/loyalty-points/history", &token).await;
    assert_eq!(status, 200);
    let list = body["data"].as_array().unwrap();
    assert_eq!(list.len(), 4);
    assert_eq!(list[0]["type"], "redeemed");
    assert_eq!(list[0]["points"], -30);
    assert_eq!(list[0]["expiry_date"], json!(null));
    assert_eq!(list[3]["type"], "earned");
    assert_eq!(list[3]["points"], 100);
    assert_eq!(list[3]["is_expired"], true);
    assert_eq!(list[2]["is_expired"], false);
    assert!(list[2]["expiry_date"].as_str().is_some());

    // Another customer sees none of it.
    let other = register(&server, "01101234504").await;
    let (_, body) = get(&server, "/api/loyalty-points", &other).await;
    assert_eq!(body["data"]["earned"], 0);
    let (_, body) = get(
        &server,
        "/api/loyalty-points/history?page=1&limit=5",
        &other,
    )
    .await;
    assert_eq!(body["meta"]["total"], 0);
    let (status, _) = get(&server, "/api/loyalty-points/history?page=-1", &other).await;
    assert_eq!(status, 422);
}

#[tokio::test]
async fn referrals_earn_commissions_and_points() {
    let server = start().await;
    let referrer = register(&server, "01101234505").await;
    let (_, profile) = get(&server, "/api/user/profile", &referrer).await;
    let code = profile["data"]["user"]["referral_code"]
        .as_str()
        .unwrap()
        .to_owned();

    let (status, body) = get(&server, "/api/referral", &referrer).await;
    assert_eq!(status, 200);
    assert_eq!(
        body["data"],
        json!({"code": code, "total_points": 0, "commission_rate": "5.00", "first_purchase": false,
               "referrals_count": 0, "total_commission": "0.00", "points_per_referral": REFERRAL_POINTS})
    );

    let buyer = register_with(&server, "01101234506", &code).await;
    let buyer_id = user_id(&server, &buyer).await;
    let referrer_id = user_id(&server, &referrer).await;
    let (_, body) = get(&server, "/api/referral", &referrer).await;
    assert_eq!(body["data"]["referrals_count"], 1);

    // The order flow rewards the referrer in its own transaction.
    let t = now();
    {
        let mut conn = server.db();
        let tx = conn.transaction().unwrap();
        let reward = reward_referrer(&tx, buyer_id, 900, 19_999, t)
            .unwrap()
            .unwrap();
        assert_eq!(reward.referrer_id, referrer_id);
        assert_eq!(reward.commission_minor, 1_000, "5% of 199.99, rounded");
        assert_eq!(reward.points, REFERRAL_POINTS, "first purchase");
        tx.commit().unwrap();
        let reward = reward_referrer(&conn, buyer_id, 901, 5_000, t + 1)
            .unwrap()
            .unwrap();
        assert_eq!((reward.commission_minor, reward.points), (250, 0));
        assert_eq!(
            reward_referrer(&conn, buyer_id, 901, 5_000, t + 2).unwrap(),
            None,
            "once per order"
        );
        // A customer nobody referred rewards nobody.
        assert_eq!(
            reward_referrer(&conn, referrer_id, 902, 5_000, t).unwrap(),
            None
        );
    }

    let (_, body) = get(&server, "/api/referral", &referrer).await;
    assert_eq!(body["data"]["total_points"], REFERRAL_POINTS);
    assert_eq!(body["data"]["total_commission"], "12.50");
    let (_, body) = get(&server, "/api/wallet", &referrer).await;
    assert_eq!(body["data"]["balance"], "12.50");
    let (_, body) = get(&server, "/api/loyalty-points", &referrer).await;
    assert_eq!(body["data"]["balance"], REFERRAL_POINTS);
    let (_, body) = get(&server, "/api/loyalty-points/history", &referrer).await;
    assert_eq!(body["data"][0]["type"], "referral");

    let (status, body) = get(&server, "/api/affiliate/commissions", &referrer).await;
    assert_eq!(status, 200);
    let list = body["data"].as_array().unwrap();
    assert_eq!(list.len(), 2);
    assert_eq!(list[0]["earned"], "2.50");
    assert_eq!(list[0]["purchase_amount"], "50.00");
    assert_eq!(list[0]["commission_rate"], "5.00");
    assert_eq!(list[0]["order_id"], 901);
    assert_eq!(list[1]["earned"], "10.00");
    assert_eq!(list[1]["purchase_amount"], "199.99");
    let (_, body) = get(&server, "/api/wallet/transactions", &referrer).await;
    assert_eq!(body["data"][0]["type"], "affiliate_commission");

    // A commission entered by hand, without details, still lists.
    wallet_entry(
        &server,
        referrer_id,
        300,
        "affiliate_commission",
        None,
        ("", ""),
        t + 10,
    );
    let (_, body) = get(&server, "/api/affiliate/commissions?limit=1", &referrer).await;
    assert_eq!(body["meta"]["total"], 3);
    assert_eq!(body["data"][0]["earned"], "3.00");
    assert_eq!(body["data"][0]["purchase_amount"], json!(null));

    // The buyer earned nothing and sees none of it.
    let (_, body) = get(&server, "/api/affiliate/commissions", &buyer).await;
    assert_eq!(body["data"], json!([]));

    // The referrer was told.
    let (_, body) = get(&server, "/api/notifications", &referrer).await;
    assert_eq!(body["data"][0]["type"], "wallet");
    assert!(
        body["data"][0]["body"]
            .as_str()
            .unwrap()
            .contains(": 2.50 EGP was added")
    );
    let first = body["data"][1]["body"].as_str().unwrap();
    assert!(
        first.contains("10.00 EGP") && first.contains("and 100 points"),
        "{first}"
    );
}

#[tokio::test]
async fn first_purchase_reads_the_orders() {
    let server = start().await;
    let token = register(&server, "01101234507").await;
    let me = user_id(&server, &token).await;
    let (_, body) = get(&server, "/api/referral", &token).await;
    assert_eq!(body["data"]["first_purchase"], false);
    let conn = server.db();
    store_order(&conn, me, "cancelled");
    let (_, body) = get(&server, "/api/referral", &token).await;
    assert_eq!(
        body["data"]["first_purchase"], false,
        "a cancelled order is no purchase"
    );
    store_order(&conn, me, "pending");
    let (_, body) = get(&server, "/api/referral", &token).await;
    assert_eq!(body["data"]["first_purchase"], true);
    // Someone else's purchase is not the customer's.
    let other = register(&server, "01101234508").await;
    let (_, body) = get(&server, "/api/referral", &other).await;
    assert_eq!(body["data"]["first_purchase"], false);
}
