//! Issue 36 item 5 against the real server: registration by e-mail (no phone yet, a
//! phone verified before the first order), e-mail + password sign-in under the code
//! flows' rules (no enumeration; a stranger's wrong passwords neither lock the owner
//! out nor go on forever), and the deletion of an account's data (its saved cards
//! with it). The clients are told apart by `X-Forwarded-For` behind a trusted proxy.

mod account_common;
mod common;

use common::{Server, start_with};
use serde_json::{Value, json};

const OWNER_IP: &str = "198.51.100.20";
const PASSWORD: &str = "Secret#2026";

async fn call(
    server: &Server,
    ip: &str,
    path: &str,
    token: Option<&str>,
    body: Option<Value>,
) -> (u16, Value) {
    let method = if body.is_some() {
        reqwest::Method::POST
    } else {
        reqwest::Method::GET
    };
    let request = server
        .client
        .request(method, server.url(path))
        .header("x-forwarded-for", ip)
        .header("Language", "en");
    common::send_json(request, token, body.as_ref()).await
}

async fn post(server: &Server, ip: &str, path: &str, body: Value) -> (u16, Value) {
    call(server, ip, path, None, Some(body)).await
}

async fn start(extra: &[&str]) -> Server {
    let mut flags = vec!["--trust-forwarded-headers"];
    flags.extend_from_slice(extra);
    start_with(&flags, None).await
}

/// Lets the next code request through by ageing the stored codes past the resend wait.
fn age_codes(server: &Server) {
    server
        .db()
        .execute("UPDATE otp_codes SET created_at = created_at - 61000", [])
        .unwrap();
}

/// Registers by e-mail from the owner's address, with the `nth` code mailed to the
/// address; returns the token.
async fn register_by_email(server: &Server, email: &str) -> String {
    register_with_code(server, email, 1).await
}

async fn register_with_code(server: &Server, email: &str, nth: usize) -> String {
    let (status, body) = post(
        server,
        OWNER_IP,
        "/api/user/email/register-code",
        json!({ "email": email }),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let code = server
        .wait_code(email, nth)
        .await
        .expect("a code was mailed");
    let (status, body) = post(
        server,
        OWNER_IP,
        "/api/user/register",
        json!({"name": "Salma Nour", "email": email, "code": code, "password": PASSWORD,
               "password_confirmation": PASSWORD, "acceptTerms": true}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["message"], "Account Created Successfully");
    assert_eq!(body["data"]["user"]["mobile"], Value::Null);
    assert_eq!(body["data"]["user"]["has_password"], true);
    body["data"]["token"].as_str().unwrap().to_owned()
}

async fn login(server: &Server, ip: &str, email: &str, password: &str) -> (u16, Value) {
    post(
        server,
        ip,
        "/api/user/login",
        json!({ "email": email, "password": password }),
    )
    .await
}

#[tokio::test]
async fn an_email_account_verifies_a_phone_before_its_first_order() {
    let server = start(&[]).await;
    let token = register_by_email(&server, "salma@example.com").await;
    let (status, body) = call(&server, OWNER_IP, "/api/user/profile", Some(&token), None).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["user"]["mobile"], Value::Null);

    // No order before a phone: the answer names the field.
    let checkout = json!({"service_id": 1, "address_id": 1, "payment_method": "cash"});
    let (status, body) = call(
        &server,
        OWNER_IP,
        "/api/order/checkout",
        Some(&token),
        Some(checkout.clone()),
    )
    .await;
    assert_eq!(status, 422, "{body}");
    assert_eq!(
        body["errors"]["mobile"][0],
        "Verify your phone number before your first order."
    );

    // A number another account uses cannot be taken.
    account_common::register(&server, "01001237001").await;
    let taken = json!({"mobile": "01001237001", "channel": "sms"});
    let (status, body) = call(
        &server,
        OWNER_IP,
        "/api/user/phone/send-code",
        Some(&token),
        Some(taken.clone()),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let code = server.last_code("+201001237001").unwrap();
    let mut verify = taken.clone();
    verify["code"] = json!(code);
    let (status, body) = call(
        &server,
        OWNER_IP,
        "/api/user/phone/verify",
        Some(&token),
        Some(verify),
    )
    .await;
    assert_eq!(status, 422, "{body}");
    assert_eq!(
        body["errors"]["mobile"][0],
        "This mobile number is already registered."
    );

    // Its own number: a code, a wrong one refused, the right one verifies.
    let own = json!({"mobile": "01001237002", "channel": "whatsapp"});
    let (status, body) = call(
        &server,
        OWNER_IP,
        "/api/user/phone/send-code",
        Some(&token),
        Some(own.clone()),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["mobile"], "+201001237002");
    let code = server.last_code("+201001237002").unwrap();
    let mut wrong = own.clone();
    wrong["code"] = json!(format!(
        "{:04}",
        (code.parse::<u32>().unwrap() + 1) % 10_000
    ));
    let (status, _) = call(
        &server,
        OWNER_IP,
        "/api/user/phone/verify",
        Some(&token),
        Some(wrong),
    )
    .await;
    assert_eq!(status, 422);
    // Another customer cannot use a code sent for this account.
    let stranger = account_common::register(&server, "01001237003").await;
    let mut right = own.clone();
    right["code"] = json!(code);
    let (status, _) = call(
        &server,
        OWNER_IP,
        "/api/user/phone/verify",
        Some(&stranger),
        Some(right.clone()),
    )
    .await;
    assert_eq!(status, 422);
    let (status, body) = call(
        &server,
        OWNER_IP,
        "/api/user/phone/verify",
        Some(&token),
        Some(right),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["message"], "Your phone number is verified.");
    assert_eq!(body["data"]["mobile"], "+201001237002");

    // Now the checkout goes past the phone (and stops at this test's empty cart).
    let (status, body) = call(
        &server,
        OWNER_IP,
        "/api/order/checkout",
        Some(&token),
        Some(checkout),
    )
    .await;
    assert!(body["errors"]["mobile"].is_null(), "{status} {body}");
    // The phone now signs in to the same account.
    let (status, body) = post(
        &server,
        OWNER_IP,
        "/api/user/login-by-otp",
        json!({"mobile": "01001237002", "channel": "sms"}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let code = server.last_code("+201001237002").unwrap();
    let (status, body) = post(
        &server,
        OWNER_IP,
        "/api/user/verify-login-by-otp",
        json!({"mobile": "01001237002", "channel": "sms", "code": code}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["user_exists"], true);
}

#[tokio::test]
async fn registration_by_email_reveals_nothing_before_the_code_and_refuses_a_taken_address() {
    let server = start(&[]).await;
    register_by_email(&server, "taken@example.com").await;
    age_codes(&server);
    let ask = |email: &'static str| {
        let server = &server;
        async move {
            post(
                server,
                "203.0.113.50",
                "/api/user/email/register-code",
                json!({ "email": email }),
            )
            .await
        }
    };
    let (taken_status, taken_body) = ask("taken@example.com").await;
    let (free_status, free_body) = ask("free@example.com").await;
    assert_eq!(taken_status, free_status);
    assert_eq!(taken_body["message"], free_body["message"]);
    // The code's holder learns the address is taken, and nothing is created.
    let code = server.wait_code("taken@example.com", 2).await.unwrap();
    let (status, body) = post(
        &server,
        "203.0.113.50",
        "/api/user/register",
        json!({"name": "Other", "email": "taken@example.com", "code": code, "password": PASSWORD,
               "password_confirmation": PASSWORD, "acceptTerms": true}),
    )
    .await;
    assert_eq!(status, 422, "{body}");
    assert_eq!(
        body["errors"]["email"][0],
        "This e-mail is already used by another account."
    );
    // A weak password and a mismatch are refused on their fields, before the code.
    let code = server.wait_code("free@example.com", 1).await.unwrap();
    let form = |password: &str, confirmation: &str| {
        json!({"name": "Free", "email": "free@example.com", "code": code, "password": password,
               "password_confirmation": confirmation, "acceptTerms": true})
    };
    let (status, body) = post(
        &server,
        "203.0.113.50",
        "/api/user/register",
        form("short", "short"),
    )
    .await;
    assert_eq!(status, 422);
    assert!(body["errors"]["password"].is_array(), "{body}");
    let (status, body) = post(
        &server,
        "203.0.113.50",
        "/api/user/register",
        form(PASSWORD, "Other#2026"),
    )
    .await;
    assert_eq!(status, 422);
    assert!(body["errors"]["password_confirmation"].is_array(), "{body}");
    let (status, body) = post(
        &server,
        "203.0.113.50",
        "/api/user/register",
        form(PASSWORD, PASSWORD),
    )
    .await;
    assert_eq!(status, 200, "{body}");
}

#[tokio::test]
async fn a_password_signs_in_and_every_failure_reads_the_same() {
    let server = start(&[]).await;
    register_by_email(&server, "pass@example.com").await;
    // An account with no password (registered by phone).
    account_common::register(&server, "01001237101").await;
    let (status, body) = login(&server, OWNER_IP, "Pass@Example.com ", PASSWORD).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["message"], "Signed in successfully.");
    let token = body["data"]["token"].as_str().unwrap();
    let (status, _) = call(&server, OWNER_IP, "/api/user/profile", Some(token), None).await;
    assert_eq!(status, 200);

    let wrong = login(&server, "203.0.113.61", "pass@example.com", "Wrong#2026").await;
    let unknown = login(&server, "203.0.113.62", "nobody@example.com", PASSWORD).await;
    let no_password = {
        let email: String = server
            .db()
            .query_row(
                "SELECT email FROM users WHERE mobile = '+201001237101'",
                [],
                |r| r.get(0),
            )
            .unwrap();
        login(&server, "203.0.113.63", &email, PASSWORD).await
    };
    for (status, body) in [&wrong, &unknown, &no_password] {
        assert_eq!(*status, 422, "{body}");
        assert_eq!(*body, wrong.1);
        assert_eq!(
            body["errors"]["password"][0],
            "The e-mail address or password is incorrect."
        );
    }
    let (status, body) = login(&server, OWNER_IP, "pass@example.com", "").await;
    assert_eq!(status, 422);
    assert!(body["errors"]["password"].is_array(), "{body}");
}

#[tokio::test]
async fn a_strangers_wrong_passwords_are_capped_and_never_lock_the_owner_out() {
    let server = start(&["--limit-wrong-codes-per-target=10/24h"]).await;
    let email = "owner@example.com";
    register_by_email(&server, email).await;
    // The owner signed in from home before.
    assert_eq!(login(&server, OWNER_IP, email, PASSWORD).await.0, 200);

    // One client: five wrong tries, then 429 for it (even with the right password).
    for _ in 0..5 {
        assert_eq!(
            login(&server, "203.0.113.71", email, "Wrong#1").await.0,
            422
        );
    }
    let (status, body) = login(&server, "203.0.113.71", email, PASSWORD).await;
    assert_eq!(status, 429, "{body}");
    // Another stranger takes the address to the day's cap.
    for _ in 0..5 {
        assert_eq!(
            login(&server, "203.0.113.72", email, "Wrong#2").await.0,
            422
        );
    }
    // Paused for any new client, whatever it types, with the way out in the message.
    let (status, body) = login(&server, "203.0.113.73", email, PASSWORD).await;
    assert_eq!(status, 429, "{body}");
    let message = body["message"].as_str().unwrap();
    assert!(
        message.starts_with("Password sign-in for this address is paused")
            && message.contains("Sign in with a code")
            && message.contains("24 hours"),
        "{message}"
    );
    // The owner, known to the address, still signs in.
    let (status, body) = login(&server, OWNER_IP, email, PASSWORD).await;
    assert_eq!(status, 200, "{body}");
    // ...and was told once, by e-mail.
    let notices = server.wait_records(email, 2).await;
    let notices: Vec<&Value> = notices
        .iter()
        .filter(|r| r.get("notice").is_some())
        .collect();
    assert_eq!(notices.len(), 1, "{notices:?}");
    assert_eq!(notices[0]["channel"], "email");
    assert!(
        notices[0]["notice"]
            .as_str()
            .unwrap()
            .contains("wrong passwords")
    );

    // An address without an account pauses the same way (no enumeration), and nobody
    // is mailed for it.
    let ghost = "ghost@example.com";
    for ip in ["203.0.113.81", "203.0.113.82"] {
        for _ in 0..5 {
            assert_eq!(login(&server, ip, ghost, "Wrong#3").await.0, 422);
        }
    }
    let (status, ghost_body) = login(&server, "203.0.113.73", ghost, PASSWORD).await;
    assert_eq!(status, 429);
    assert_eq!(ghost_body["message"], body_message_of(&server, email).await);
    assert!(common::records_in(&server.outbox(), ghost).is_empty());
}

/// The pause message a new client gets for `email` now.
async fn body_message_of(server: &Server, email: &str) -> Value {
    let (_, body) = login(server, "203.0.113.74", email, PASSWORD).await;
    body["message"].clone()
}

#[tokio::test]
async fn deleting_the_accounts_data_deletes_its_cards_and_frees_its_phone_and_email() {
    let server = start(&[]).await;
    let email = "leaving@example.com";
    let token = register_by_email(&server, email).await;
    let user = account_common::user_id(&server, &token).await;
    let other = account_common::register(&server, "01001237201").await;
    let other_id = account_common::user_id(&server, &other).await;
    let conn = server.db();
    for (owner, tok) in [(user, "tok_leaving"), (other_id, "tok_staying")] {
        conn.execute(
            "INSERT INTO saved_cards (user_id, token, brand, last4, exp_month, exp_year, is_default, created_at)
             VALUES (?1, ?2, 'visa', '4242', 12, 2030, 1, 0)",
            rusqlite::params![owner, tok],
        )
        .unwrap();
    }
    conn.execute(
        "INSERT INTO favorites (user_id, kind, item_id, created_at) VALUES (?1, 'product', 1, 0)",
        [user],
    )
    .unwrap();

    // Logout-all keeps the cards.
    let (status, _) = call(
        &server,
        OWNER_IP,
        "/api/user/logout-all",
        Some(&token),
        Some(json!({})),
    )
    .await;
    assert_eq!(status, 200);
    let count = |sql: &str, id: i64| -> i64 { conn.query_row(sql, [id], |r| r.get(0)).unwrap() };
    assert_eq!(
        count("SELECT count(*) FROM saved_cards WHERE user_id = ?1", user),
        1
    );
    let (_, body) = login(&server, OWNER_IP, email, PASSWORD).await;
    let token = body["data"]["token"].as_str().unwrap().to_owned();

    // Not without the confirmation; not while an order is under way.
    let (status, _) = call(
        &server,
        OWNER_IP,
        "/api/user/delete-account",
        Some(&token),
        Some(json!({"confirm": false})),
    )
    .await;
    assert_eq!(status, 422);
    let order = account_common::store_order(&server.db(), user, "processing");
    let (status, body) = call(
        &server,
        OWNER_IP,
        "/api/user/delete-account",
        Some(&token),
        Some(json!({"confirm": true})),
    )
    .await;
    assert_eq!(status, 422, "{body}");
    assert_eq!(
        body["errors"]["orders"][0],
        "You have orders under way. You can delete your account once they are delivered or cancelled."
    );
    server
        .db()
        .execute(
            "UPDATE orders SET status = 'delivered' WHERE id = ?1",
            [order],
        )
        .unwrap();
    let (status, body) = call(
        &server,
        OWNER_IP,
        "/api/user/delete-account",
        Some(&token),
        Some(json!({"confirm": true})),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        body["message"],
        "Your account and its data have been deleted."
    );

    // Signed out, cards and favourites gone, the other customer's card kept, the order kept.
    let (status, _) = call(&server, OWNER_IP, "/api/user/profile", Some(&token), None).await;
    assert_eq!(status, 401);
    assert_eq!(
        count("SELECT count(*) FROM saved_cards WHERE user_id = ?1", user),
        0
    );
    assert_eq!(
        count("SELECT count(*) FROM favorites WHERE user_id = ?1", user),
        0
    );
    assert_eq!(
        count(
            "SELECT count(*) FROM saved_cards WHERE user_id = ?1",
            other_id
        ),
        1
    );
    assert_eq!(
        count("SELECT count(*) FROM orders WHERE user_id = ?1", user),
        1
    );
    assert_eq!(
        count(
            "SELECT count(*) FROM users WHERE id = ?1 AND email IS NULL AND password_hash IS NULL",
            user
        ),
        1
    );
    // The password no longer signs in (the same answer as any wrong one), and the
    // address can register again.
    let (status, body) = login(&server, OWNER_IP, email, PASSWORD).await;
    assert_eq!(status, 422);
    assert_eq!(
        body["errors"]["password"][0],
        "The e-mail address or password is incorrect."
    );
    let (status, _) = post(
        &server,
        OWNER_IP,
        "/api/user/email/register-code",
        json!({ "email": email }),
    )
    .await;
    assert_eq!(status, 429, "the resend wait still holds");
    age_codes(&server);
    register_with_code(&server, email, 2).await;
}
