//! Contact-us and support requests, and notifications, against the real server.

mod account_common;
mod common;

use account_common::{call, get, post, register, snapshot, store_order, user_id};
use common::{start, start_with};
use reqwest::Method;
use serde_json::json;

#[tokio::test]
async fn guests_and_customers_can_write_to_the_store() {
    let server = start().await;
    let (status, body) = call(
        &server,
        Method::POST,
        "/api/contact-us",
        None,
        "en",
        Some(
            json!({"name": "  Karim  ", "email": "Karim@Example.com", "phone": "0100 123 4567",
                    "message": "Do you deliver to Maadi on Fridays?"}),
        ),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(
        body["message"],
        "Thank you! We received your message and will reply soon."
    );
    let id = body["data"]["id"].as_i64().unwrap();
    let (user, name, email, phone, language): (
        Option<i64>,
        String,
        String,
        Option<String>,
        String,
    ) = server
        .db()
        .query_row(
            "SELECT user_id, name, email, phone, language FROM contact_messages WHERE id = ?1",
            [id],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?)),
        )
        .unwrap();
    assert_eq!(
        (user, name.as_str(), email.as_str()),
        (None, "Karim", "karim@example.com")
    );
    assert_eq!(phone.as_deref(), Some("+201001234567"));
    assert_eq!(language, "en");

    let token = register(&server, "01501234501").await;
    let me = user_id(&server, &token).await;
    let (status, body) = call(
        &server,
        Method::POST,
        "/api/contact-us",
        Some(&token),
        "ar",
        Some(json!({"name": "منى", "email": "mona@example.com", "message": "أريد تغيير موعد التوصيل من فضلكم"})),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["message"], "شكرًا لك! استلمنا رسالتك وسنرد عليك قريبًا.");
    let stored: Option<i64> = server
        .db()
        .query_row(
            "SELECT user_id FROM contact_messages WHERE id = ?1",
            [body["data"]["id"].as_i64().unwrap()],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(stored, Some(me));
}

#[tokio::test]
async fn contact_forms_are_checked_with_the_spec_messages() {
    let server = start().await;
    let before = snapshot(&server, "contact_messages");
    let send = |body: serde_json::Value, lang: &'static str| {
        let server = &server;
        async move {
            call(
                server,
                Method::POST,
                "/api/contact-us",
                None,
                lang,
                Some(body),
            )
            .await
        }
    };
    let (status, body) = send(json!({}), "en").await;
    assert_eq!(status, 422);
    for field in ["name", "email", "message"] {
        assert_eq!(
            body["errors"][field][0], "This field is required",
            "{field}"
        );
    }
    assert!(
        body["errors"].get("phone").is_none(),
        "the phone is optional"
    );

    let (status, body) = send(
        json!({"name": "Karim", "email": "karim@", "phone": "12", "message": "Hi"}),
        "en",
    )
    .await;
    assert_eq!(status, 422);
    assert_eq!(
        body["errors"]["email"][0],
        "Email Format is wrong right format is example@domain.com"
    );
    assert_eq!(body["errors"]["phone"][0], "Phone Number is Invalid");
    assert_eq!(
        body["errors"]["message"][0],
        "Too Short! The minimum character is 10"
    );

    let (status, body) = send(
        json!({"name": "K".repeat(101), "email": "k@example.com", "message": "m".repeat(2001)}),
        "en",
    )
    .await;
    assert_eq!(status, 422);
    assert_eq!(
        body["errors"]["name"][0],
        "Too long! The maximum character is 100"
    );
    assert_eq!(
        body["errors"]["message"][0],
        "Too long! The maximum character is 2000"
    );

    let (status, body) = send(json!({"name": "", "email": "x", "message": ""}), "ar").await;
    assert_eq!(status, 422);
    assert_eq!(body["errors"]["name"][0], "هذا الحقل مطلوب");

    let (status, _) = send(
        json!({"name": 5, "email": "k@example.com", "message": "long enough text"}),
        "en",
    )
    .await;
    assert_eq!(status, 422);
    assert_eq!(snapshot(&server, "contact_messages"), before);
}

#[tokio::test]
async fn one_address_may_send_five_contact_messages_an_hour() {
    let server = start().await;
    let body = json!({"name": "Karim", "email": "karim@example.com", "message": "Another question for you"});
    for _ in 0..5 {
        let (status, answer) = server.post_json("/api/contact-us", body.clone()).await;
        assert_eq!(status, 201, "{answer}");
    }
    let before = snapshot(&server, "contact_messages");
    let response = server
        .client
        .post(server.url("/api/contact-us"))
        .json(&json!({"name": "Karim", "email": "KARIM@example.com", "message": "Another question for you"}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 429);
    assert_eq!(response.headers()["retry-after"], "3600");
    assert_eq!(snapshot(&server, "contact_messages"), before);
    // An hour later it is fine again.
    server
        .db()
        .execute(
            "UPDATE contact_messages SET created_at = created_at - 3600001",
            [],
        )
        .unwrap();
    let (status, _) = server.post_json("/api/contact-us", body).await;
    assert_eq!(status, 201);
}

#[tokio::test]
async fn support_requests_are_stored_and_checked() {
    let server = start().await;
    let token = register(&server, "01501234502").await;
    let me = user_id(&server, &token).await;
    let (status, body) = post(
        &server,
        "/api/support",
        &token,
        json!({"subject": "Late delivery", "message": "My order has not arrived after two hours."}),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    let id = body["data"]["id"].as_i64().unwrap();
    assert_eq!(body["data"]["status"], "open");
    assert_eq!(body["data"]["subject"], "Late delivery");
    assert_eq!(body["data"]["order_id"], json!(null));
    assert_eq!(
        body["message"],
        format!("We received your support request #{id}; our team will contact you soon.")
    );
    let owner: i64 = server
        .db()
        .query_row(
            "SELECT user_id FROM support_tickets WHERE id = ?1",
            [id],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(owner, me);

    let before = snapshot(&server, "support_tickets");
    let (status, body) = post(
        &server,
        "/api/support",
        &token,
        json!({"subject": " ", "message": "short"}),
    )
    .await;
    assert_eq!(status, 422);
    assert_eq!(body["errors"]["subject"][0], "This field is required");
    assert_eq!(
        body["errors"]["message"][0],
        "Too Short! The minimum character is 10"
    );
    // An order that is not the customer's is refused.
    let (status, body) = post(
        &server,
        "/api/support",
        &token,
        json!({"subject": "Refund", "message": "Where is my refund for this order?", "order_id": 424242}),
    )
    .await;
    assert_eq!(status, 422, "{body}");
    assert_eq!(
        body["errors"]["order_id"][0],
        "The selected order is invalid."
    );
    let (status, _) = post(
        &server,
        "/api/support",
        &token,
        json!({"subject": "Refund", "message": "Where is my refund?!", "order_id": "7"}),
    )
    .await;
    assert_eq!(status, 422);
    // Another customer's order is refused the same way.
    let other = register(&server, "01501234508").await;
    let theirs = store_order(&server.db(), user_id(&server, &other).await, "delivered");
    let (status, body) = post(
        &server,
        "/api/support",
        &token,
        json!({"subject": "Refund", "message": "Where is my refund for this order?", "order_id": theirs}),
    )
    .await;
    assert_eq!(status, 422, "{body}");
    assert_eq!(snapshot(&server, "support_tickets"), before);

    // The customer's own order is fine.
    let mine = store_order(&server.db(), me, "delivered");
    let (status, body) = post(
        &server,
        "/api/support",
        &token,
        json!({"subject": "Refund", "message": "Where is my refund for this order?", "order_id": mine}),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["data"]["order_id"], mine);
}

#[tokio::test]
async fn every_new_customer_gets_a_welcome_notification() {
    let server = start().await;
    let token = register(&server, "01501234503").await;
    let (status, body) = get(&server, "/api/notifications", &token).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["meta"]["total"], 1);
    assert_eq!(body["meta"]["unread_count"], 1);
    let welcome = &body["data"][0];
    assert_eq!(welcome["type"], "welcome");
    assert_eq!(welcome["title"], "Welcome to Nile Market!");
    assert_eq!(welcome["is_read"], false);
    assert_eq!(welcome["read_at"], json!(null));
    let (_, body) = call(
        &server,
        Method::GET,
        "/api/notifications",
        Some(&token),
        "ar",
        None,
    )
    .await;
    assert_eq!(body["data"][0]["title"], "مرحبًا بك في سوق النيل!");

    // Reading the list wrote nothing.
    let before = snapshot(&server, "notifications");
    let (_, _) = get(&server, "/api/notifications?page=1&limit=5", &token).await;
    assert_eq!(snapshot(&server, "notifications"), before);

    let id = welcome["id"].as_i64().unwrap();
    let (status, body) = post(
        &server,
        &format!("/api/notifications/{id}/read"),
        &token,
        json!({}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["is_read"], true);
    assert_eq!(body["message"], "Notification marked as read.");
    let first_read = body["data"]["read_at"].clone();
    let (_, body) = post(
        &server,
        &format!("/api/notifications/{id}/read"),
        &token,
        json!({}),
    )
    .await;
    assert_eq!(
        body["data"]["read_at"], first_read,
        "the first read time stays"
    );
    let (_, body) = get(&server, "/api/notifications", &token).await;
    assert_eq!(body["meta"]["unread_count"], 0);

    // Another customer cannot read it, and unknown ids are 404s.
    let other = register(&server, "01501234504").await;
    let before = snapshot(&server, "notifications");
    for path in [
        format!("/api/notifications/{id}/read"),
        "/api/notifications/999999/read".to_owned(),
        "/api/notifications/abc/read".to_owned(),
        "/api/notifications/0/read".to_owned(),
    ] {
        let (status, _) = post(&server, &path, &other, json!({})).await;
        assert_eq!(status, 404, "{path}");
    }
    assert_eq!(snapshot(&server, "notifications"), before);
    let (status, _) = get(&server, "/api/notifications?page=abc", &other).await;
    assert_eq!(status, 422);
}

#[tokio::test]
async fn all_notifications_can_be_marked_read_at_once() {
    let server = start().await;
    let token = register(&server, "01501234505").await;
    let me = user_id(&server, &token).await;
    let other = register(&server, "01501234506").await;
    server
        .db()
        .execute(
            "INSERT INTO notifications (user_id, kind, title_en, title_ar, body_en, body_ar, order_id, created_at)
             VALUES (?1, 'order', 'Order shipped', 'تم شحن الطلب', 'Your order #5 is on its way.', 'طلبك رقم 5 في الطريق.', 5, ?2)",
            rusqlite::params![me, static_host::clock::now_ms() + 1000],
        )
        .unwrap();
    let (_, body) = get(&server, "/api/notifications", &token).await;
    assert_eq!(body["meta"]["unread_count"], 2);
    assert_eq!(body["data"][0]["type"], "order", "newest first");
    assert_eq!(body["data"][0]["order_id"], 5);
    let (status, body) = post(&server, "/api/notifications/read-all", &token, json!({})).await;
    assert_eq!(status, 200);
    assert_eq!(body["data"]["unread_count"], 0);
    let (_, body) = get(&server, "/api/notifications", &token).await;
    assert_eq!(body["meta"]["unread_count"], 0);
    let (_, body) = get(&server, "/api/notifications", &other).await;
    assert_eq!(body["meta"]["unread_count"], 1, "only the caller's");
}

#[tokio::test]
async fn account_data_survives_a_restart() {
    let server = start().await;
    let token = register(&server, "01501234507").await;
    let (status, _) = post(
        &server,
        "/api/addresses",
        &token,
        account_common::address_form("Home", account_common::ZAMALEK),
    )
    .await;
    assert_eq!(status, 201);
    let product: i64 = server
        .db()
        .query_row("SELECT min(id) FROM products", [], |r| r.get(0))
        .unwrap();
    let (status, _) = post(
        &server,
        "/api/favorites/toggle",
        &token,
        json!({"type": "product", "id": product}),
    )
    .await;
    assert_eq!(status, 200);
    let (status, _) = post(
        &server,
        "/api/support",
        &token,
        json!({"subject": "Hello", "message": "Just checking the support form."}),
    )
    .await;
    assert_eq!(status, 201);
    let common::Server { dir, .. } = server;
    let server = start_with(&[], Some(dir)).await;
    let (_, body) = get(&server, "/api/addresses", &token).await;
    assert_eq!(body["meta"]["total"], 1);
    assert_eq!(body["data"][0]["is_default"], true);
    let (_, body) = get(&server, "/api/favorites", &token).await;
    assert_eq!(body["data"][0]["id"], product);
    let (_, body) = get(&server, "/api/notifications", &token).await;
    assert_eq!(body["meta"]["total"], 1, "no second welcome");
    assert_eq!(snapshot(&server, "support_tickets").len(), 1);
}
