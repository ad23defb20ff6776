//! The customer's orders against the real server: tabs, details, cancellation with
//! its refunds, and the status machine — every allowed and every refused change.

mod common;
mod orders_support;

use common::start;
use orders_support::*;
use serde_json::{Value, json};
use static_host::orders::state_machine::StatusChangeError;
use storefront_core::locale::Language;
use storefront_core::orders::{OrderDetail, OrderStatus, can_transition};

fn ids(body: &Value) -> Vec<i64> {
    body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["id"].as_i64().unwrap())
        .collect()
}

#[tokio::test]
async fn orders_are_listed_by_tab_newest_first() {
    let server = start().await;
    let (c, first, product, address) = placed_order(&server, "01001260001").await;
    let mut orders = vec![first];
    for _ in 0..4 {
        add(&server, &c, product, 1).await;
        let body = checkout_cash(&server, &c, 1, address).await;
        orders.push(body["data"]["id"].as_i64().unwrap());
    }
    let other = customer(&server, "01001260002").await;

    let (status, body) = get(&server, &c, "/api/orders").await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(ids(&body), orders.iter().rev().copied().collect::<Vec<_>>());
    assert_eq!(body["meta"]["total"], 5);
    assert_eq!(body["data"][0]["status"], "pending");
    assert_eq!(body["data"][0]["status_label"], "Pending");
    assert_eq!(body["data"][0]["items_count"], 1);
    assert_eq!(body["data"][4]["items_count"], 2);
    assert_eq!(body["data"][0]["can_cancel"], true);

    // Move them into the other tabs.
    for to in [
        OrderStatus::Processing,
        OrderStatus::Shipped,
        OrderStatus::Delivered,
    ] {
        set_status(&server, orders[1], to).unwrap();
    }
    for to in [
        OrderStatus::Processing,
        OrderStatus::Shipped,
        OrderStatus::Delivered,
        OrderStatus::InReturn,
    ] {
        set_status(&server, orders[2], to).unwrap();
    }
    set_status(&server, orders[3], OrderStatus::Rejected).unwrap();
    let (status, _) = post(
        &server,
        &c,
        &format!("/api/orders/{}/cancel", orders[4]),
        json!({}),
    )
    .await;
    assert_eq!(status, 200);

    for (tab, expected) in [
        ("current", vec![orders[0]]),
        ("completed", vec![orders[1]]),
        ("delivered", vec![orders[1]]),
        ("returns", vec![orders[2]]),
        ("rejected", vec![orders[3]]),
        ("cancellations", vec![orders[4]]),
        ("cancelled", vec![orders[4]]),
    ] {
        let (status, body) = get(&server, &c, &format!("/api/orders?tab={tab}")).await;
        assert_eq!(status, 200, "{tab}: {body}");
        assert_eq!(ids(&body), expected, "{tab}");
    }
    let (_, body) = call(
        &server,
        reqwest::Method::GET,
        "/api/orders?tab=rejected",
        Some(&c.token),
        "ar",
        None,
    )
    .await;
    assert_eq!(body["data"][0]["status_label"], "مرفوض");

    // Paging.
    server
        .db()
        .execute("UPDATE orders SET status = 'pending'", [])
        .unwrap();
    let (_, body) = get(&server, &c, "/api/orders?tab=current&page=2&limit=2").await;
    assert_eq!(ids(&body), vec![orders[2], orders[1]]);
    assert_eq!(body["meta"]["current_page"], 2);
    assert_eq!(body["meta"]["last_page"], 3);

    // Nobody else sees them; bad tabs and pages are 422; a token is needed.
    let (_, body) = get(&server, &other, "/api/orders").await;
    assert_eq!(body["data"], json!([]));
    let (status, body) = get(&server, &c, "/api/orders?tab=archive").await;
    assert_eq!(status, 422);
    assert_eq!(field_error(&body, "tab"), "The selected tab is invalid.");
    let (status, _) = get(&server, &c, "/api/orders?page=0").await;
    assert_eq!(status, 422);
    let (status, _) = server.get_json("/api/orders").await;
    assert_eq!(status, 401);
}

#[tokio::test]
async fn an_order_detail_has_every_field_and_only_for_its_customer() {
    let server = start().await;
    let (c, order, product, _) = placed_order(&server, "01001260003").await;
    let other = customer(&server, "01001260004").await;
    let (status, body) = get(&server, &c, &format!("/api/orders/{order}")).await;
    assert_eq!(status, 200, "{body}");
    let detail: OrderDetail = serde_json::from_value(body["data"].clone()).unwrap();
    assert_eq!(detail.number.0, (100_000 + order).to_string());
    assert_eq!(detail.items.len(), 1);
    assert_eq!(detail.items[0].product_id as i64, product);
    assert_eq!(detail.total.minor(), 12_900);
    assert_eq!(detail.tax.minor(), 1_400);
    assert_eq!(detail.delivery_fee.minor(), 1_500);
    assert!(detail.delivery_code.is_some());
    assert!(detail.estimated_arrival_time.is_some());
    for field in [
        "number",
        "date",
        "payment_method",
        "price",
        "subtotal",
        "delivery_fee",
        "discount_coupon",
        "wallet_balance",
        "tax",
        "total",
        "delivery_code",
        "estimated_arrival_time",
        "coupon",
        "payment_card",
        "status",
        "items",
        "history",
        "branch",
        "address",
        "return",
    ] {
        assert!(body["data"].get(field).is_some(), "{field}");
    }
    let (_, ar) = call(
        &server,
        reqwest::Method::GET,
        &format!("/api/orders/{order}"),
        Some(&c.token),
        "ar",
        None,
    )
    .await;
    assert_eq!(ar["data"]["items"][0]["name"], "شاي الاختبار");
    assert_eq!(ar["data"]["status_label"], "قيد الانتظار");

    for path in [
        format!("/api/orders/{order}"),
        "/api/orders/999999".to_owned(),
        "/api/orders/abc".to_owned(),
        "/api/orders/0".to_owned(),
    ] {
        let (status, _) = get(&server, &other, &path).await;
        assert_eq!(status, 404, "{path}");
    }
    let (status, _) = post(
        &server,
        &other,
        &format!("/api/orders/{order}/cancel"),
        json!({}),
    )
    .await;
    assert_eq!(status, 404);
    assert_eq!(order_status(&server, order), "pending");
}

#[tokio::test]
async fn cancelling_gives_back_stock_wallet_card_money_and_points() {
    let server = start().await;
    let c = customer(&server, "01001260005").await;
    let shop = make_shop(&server, Shop::default());
    let product = make_product(&server, shop, Item::default());
    let address = make_address(&server, &c, 1);
    top_up(&server, &c, 2_500);
    add(&server, &c, product, 2).await;
    let holder = "Cancel Holder 0005";
    let (status, body) = post(
        &server,
        &c,
        "/api/order/checkout",
        json!({"service_id": 1, "address_id": address, "payment_method": "card", "use_wallet": true, "card": card(holder)}),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    let order = body["data"]["id"].as_i64().unwrap();
    assert_eq!(stock(&server, product), 98);
    assert_eq!(wallet_balance(&server, &c), 0);

    let (status, body) = post(
        &server,
        &c,
        &format!("/api/orders/{order}/cancel"),
        json!({}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["message"], "Your order has been cancelled.");
    assert_eq!(body["data"]["status"], "cancelled");
    assert_eq!(body["data"]["can_cancel"], false);
    assert_eq!(body["data"]["history"][1]["status"], "cancelled");
    assert_eq!(stock(&server, product), 100);
    assert_eq!(wallet_balance(&server, &c), 2_500);
    let journal = server.gateway.journal_for(holder);
    assert_eq!(journal[0].refunded_minor, 12_900 - 2_500);
    let (card_refunds, wallet_refunds): (i64, i64) = server
        .db()
        .query_row(
            "SELECT (SELECT sum(amount_minor) FROM payments WHERE order_id = ?1 AND kind = 'refund' AND method = 'card'),
                    (SELECT sum(amount_minor) FROM payments WHERE order_id = ?1 AND kind = 'refund' AND method = 'wallet')",
            [order],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    assert_eq!((card_refunds, wallet_refunds), (10_400, 2_500));
    let expires_at: i64 = server
        .db()
        .query_row(
            "SELECT expires_at FROM point_entries WHERE order_id = ?1",
            [order],
            |r| r.get(0),
        )
        .unwrap();
    assert!(expires_at <= now_ms());
    let actor: String = server
        .db()
        .query_row(
            "SELECT actor FROM order_status_history WHERE order_id = ?1 AND to_status = 'cancelled'",
            [order],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(actor, "customer");

    // A second cancellation is refused and changes nothing.
    let (status, body) = post(
        &server,
        &c,
        &format!("/api/orders/{order}/cancel"),
        json!({}),
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(error_of(&body), "This order can no longer be cancelled.");
    let (_, body) = post_ar(
        &server,
        &c,
        &format!("/api/orders/{order}/cancel"),
        json!({}),
    )
    .await;
    assert_eq!(error_of(&body), "لم يعد من الممكن إلغاء هذا الطلب.");
    assert_eq!(wallet_balance(&server, &c), 2_500);
    assert_eq!(stock(&server, product), 100);
}

#[tokio::test]
async fn customers_cancel_only_draft_pending_and_on_hold_orders() {
    let server = start().await;
    let (c, order, _, _) = placed_order(&server, "01001260006").await;
    for status in OrderStatus::ALL {
        server
            .db()
            .execute(
                "UPDATE orders SET status = ?2 WHERE id = ?1",
                rusqlite::params![order, status.as_str()],
            )
            .unwrap();
        let (code, body) = post(
            &server,
            &c,
            &format!("/api/orders/{order}/cancel"),
            json!({}),
        )
        .await;
        let allowed = matches!(
            status,
            OrderStatus::Draft | OrderStatus::Pending | OrderStatus::OnHold
        );
        if allowed {
            assert_eq!(code, 200, "{status:?}: {body}");
            assert_eq!(order_status(&server, order), "cancelled");
        } else {
            assert_eq!(code, 400, "{status:?}: {body}");
            assert_eq!(error_of(&body), "This order can no longer be cancelled.");
            assert_eq!(order_status(&server, order), status.as_str());
        }
    }
}

/// Every pair of statuses: the allowed ones change the order and are recorded, the
/// others are refused and change nothing.
#[tokio::test]
async fn the_status_machine_allows_exactly_the_documented_changes() {
    let server = start().await;
    let (_, order, _, _) = placed_order(&server, "01001260007").await;
    let history = |server: &common::Server| -> i64 {
        server
            .db()
            .query_row(
                "SELECT count(*) FROM order_status_history WHERE order_id = ?1",
                [order],
                |r| r.get(0),
            )
            .unwrap()
    };
    let mut allowed = 0;
    for from in OrderStatus::ALL {
        for to in OrderStatus::ALL {
            server
                .db()
                .execute(
                    "UPDATE orders SET status = ?2 WHERE id = ?1",
                    rusqlite::params![order, from.as_str()],
                )
                .unwrap();
            let before = history(&server);
            match set_status(&server, order, to) {
                Ok(previous) => {
                    assert!(can_transition(from, to), "{from:?} -> {to:?} was allowed");
                    assert_eq!(previous, from);
                    assert_eq!(order_status(&server, order), to.as_str());
                    assert_eq!(history(&server), before + 1);
                    allowed += 1;
                }
                Err(StatusChangeError::Refused(err)) => {
                    assert!(!can_transition(from, to), "{from:?} -> {to:?} was refused");
                    assert_eq!((err.from, err.to), (from, to));
                    assert_eq!(order_status(&server, order), from.as_str());
                    assert_eq!(history(&server), before);
                    let api = StatusChangeError::Refused(err).into_api(Language::En);
                    assert_eq!(api.status().as_u16(), 400);
                    assert_eq!(
                        api.body()["errors"]["error"],
                        format!(
                            "An order cannot go from {} to {}.",
                            static_host::i18n::orders::status_label(from, Language::En),
                            static_host::i18n::orders::status_label(to, Language::En)
                        )
                    );
                }
                Err(other) => panic!("{from:?} -> {to:?}: {other}"),
            }
        }
    }
    assert_eq!(allowed, 19);
    assert!(matches!(
        set_status(&server, 999_999, OrderStatus::Pending),
        Err(StatusChangeError::NotFound(999_999))
    ));
    let api = StatusChangeError::Refused(storefront_core::orders::TransitionError {
        from: OrderStatus::Delivered,
        to: OrderStatus::Pending,
    })
    .into_api(Language::Ar);
    assert_eq!(
        api.body()["errors"]["error"],
        "لا يمكن نقل الطلب من حالة «تم التوصيل» إلى «قيد الانتظار»."
    );
}

#[tokio::test]
async fn delivery_records_the_time_and_the_cash_and_opens_the_return_window() {
    let server = start().await;
    let (c, order, _, _) = placed_order(&server, "01001260008").await;
    for to in [
        OrderStatus::Processing,
        OrderStatus::OnHold,
        OrderStatus::Processing,
        OrderStatus::Shipped,
        OrderStatus::OutForDelivery,
    ] {
        set_status(&server, order, to).unwrap();
    }
    let (_, body) = get(&server, &c, &format!("/api/orders/{order}")).await;
    assert_eq!(body["data"]["can_return"], false);
    assert_eq!(body["data"]["return_until"], Value::Null);
    assert_eq!(body["data"]["can_cancel"], false);
    let before = now_ms();
    set_status(&server, order, OrderStatus::Delivered).unwrap();
    let (delivered_at, cash): (i64, String) = server
        .db()
        .query_row(
            "SELECT o.delivered_at, p.status FROM orders o JOIN payments p ON p.order_id = o.id WHERE o.id = ?1",
            [order],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    assert!(delivered_at >= before);
    assert_eq!(cash, "captured");
    let (_, body) = get(&server, &c, &format!("/api/orders/{order}")).await;
    assert_eq!(body["data"]["status"], "delivered");
    assert_eq!(body["data"]["can_return"], true);
    assert!(body["data"]["return_until"].is_string());
    let statuses: Vec<&str> = body["data"]["history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["status"].as_str().unwrap())
        .collect();
    assert_eq!(
        statuses,
        [
            "pending",
            "processing",
            "on_hold",
            "processing",
            "shipped",
            "out_for_delivery",
            "delivered"
        ]
    );
}

#[tokio::test]
async fn status_changes_notify_the_customer_and_delivery_rewards_the_referrer() {
    let server = start().await;
    let referrer = customer(&server, "01001260010").await;
    let c = customer(&server, "01001260011").await;
    server
        .db()
        .execute(
            "UPDATE users SET referred_by = ?1 WHERE id = ?2",
            rusqlite::params![referrer.id, c.id],
        )
        .unwrap();
    let shop = make_shop(&server, Shop::default());
    let product = make_product(&server, shop, Item::default());
    let address = make_address(&server, &c, 1);
    add(&server, &c, product, 2).await;
    let order = checkout_cash(&server, &c, 1, address).await["data"]["id"]
        .as_i64()
        .unwrap();
    let notes = |server: &common::Server| -> Vec<String> {
        let conn = server.db();
        let mut stmt = conn
            .prepare("SELECT body_en FROM notifications WHERE order_id = ?1 AND kind = 'order' ORDER BY id")
            .unwrap();
        stmt.query_map([order], |r| r.get(0))
            .unwrap()
            .collect::<Result<Vec<String>, _>>()
            .unwrap()
    };
    assert_eq!(notes(&server), ["Your order is now: Pending."]);
    for to in [OrderStatus::Processing, OrderStatus::Shipped] {
        set_status(&server, order, to).unwrap();
    }
    assert_eq!(wallet_balance(&server, &referrer), 0);
    set_status(&server, order, OrderStatus::Delivered).unwrap();
    assert_eq!(
        notes(&server),
        [
            "Your order is now: Pending.",
            "Your order is now: Processing.",
            "Your order is now: Shipped.",
            "Your order is now: Delivered."
        ]
    );
    // 5% of the 100.00 subtotal.
    assert_eq!(wallet_balance(&server, &referrer), 500);
    // A refused change notifies nobody.
    assert!(set_status(&server, order, OrderStatus::Pending).is_err());
    assert_eq!(notes(&server).len(), 4);
}

#[tokio::test]
async fn rejection_refunds_like_a_cancellation() {
    let server = start().await;
    let c = customer(&server, "01001260009").await;
    let shop = make_shop(&server, Shop::default());
    let product = make_product(&server, shop, Item::default());
    let address = make_address(&server, &c, 1);
    add(&server, &c, product, 3).await;
    let holder = "Reject Holder 0009";
    let (status, body) = post(
        &server,
        &c,
        "/api/order/checkout",
        json!({"service_id": 1, "address_id": address, "payment_method": "card", "card": card(holder)}),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    let order = body["data"]["id"].as_i64().unwrap();
    set_status(&server, order, OrderStatus::OnHold).unwrap();
    set_status(&server, order, OrderStatus::Rejected).unwrap();
    assert_eq!(stock(&server, product), 100);
    let journal = server.gateway.journal_for(holder);
    assert_eq!(journal[0].refunded_minor, journal[0].amount_minor);
    let charge: String = server
        .db()
        .query_row(
            "SELECT status FROM payments WHERE order_id = ?1 AND kind = 'charge'",
            [order],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(charge, "refunded");
    let (_, body) = get(&server, &c, "/api/orders?tab=rejected").await;
    assert_eq!(ids(&body), vec![order]);
}

/// What a recording [`OrderEffects`] saw, in order.
#[derive(Default)]
struct Recorder(std::sync::Mutex<Vec<String>>);

impl static_host::orders::effects::OrderEffects for Recorder {
    fn delivered(
        &self,
        _: &rusqlite::Connection,
        buyer: i64,
        order: i64,
        purchase: i64,
        _: i64,
    ) -> rusqlite::Result<()> {
        self.0
            .lock()
            .unwrap()
            .push(format!("delivered {buyer} {order} {purchase}"));
        Ok(())
    }

    fn returned(
        &self,
        _: &rusqlite::Connection,
        order: i64,
        returned: i64,
        whole_order: i64,
        whole: bool,
        _: i64,
    ) -> rusqlite::Result<()> {
        let line = format!("returned {order} {returned}/{whole_order} {whole}");
        self.0.lock().unwrap().push(line);
        Ok(())
    }

    fn notify(
        &self,
        _: &rusqlite::Connection,
        n: &static_host::orders::effects::OrderNotice,
        _: i64,
    ) -> rusqlite::Result<()> {
        let line = format!(
            "notify {} {}: {} | {}",
            n.user_id, n.order_id, n.body_en, n.body_ar
        );
        self.0.lock().unwrap().push(line);
        Ok(())
    }
}

#[tokio::test]
async fn the_status_machine_reaches_other_features_only_through_its_effects() {
    use static_host::orders::state_machine::{Actor, advance};
    let server = start().await;
    let (c, order, _, _) = placed_order(&server, "01000000071").await;
    let user: i64 = server
        .db()
        .query_row("SELECT user_id FROM orders WHERE id = ?1", [order], |r| {
            r.get(0)
        })
        .unwrap();
    let recorder = Recorder::default();
    let mut db = server.db();
    for to in [
        OrderStatus::Processing,
        OrderStatus::Shipped,
        OrderStatus::Delivered,
    ] {
        advance(
            &mut db,
            &recorder,
            &*server.gateway,
            order,
            to,
            Actor::Shop,
            now_ms(),
        )
        .unwrap();
    }
    let seen = recorder.0.lock().unwrap().clone();
    // 2 × 50.00 EGP: the referrer's base is the subtotal (no coupon), tax and delivery
    // apart; each change tells the customer in both languages.
    assert_eq!(
        seen,
        [
            format!(
                "notify {user} {order}: Your order is now: Processing. | حالة طلبك الآن: قيد التجهيز."
            ),
            format!(
                "notify {user} {order}: Your order is now: Shipped. | حالة طلبك الآن: تم الشحن."
            ),
            format!("delivered {user} {order} 10000"),
            format!(
                "notify {user} {order}: Your order is now: Delivered. | حالة طلبك الآن: تم التوصيل."
            ),
        ]
    );
    // The recorder stored nothing: the customer's notifications hold only checkout's.
    let (status, body) = get(&server, &c, "/api/notifications").await;
    assert_eq!(status, 200, "{body}");
    let order_notices = body["data"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|n| n["type"] == "order")
        .count();
    assert_eq!(order_notices, 1, "{body}");
}
