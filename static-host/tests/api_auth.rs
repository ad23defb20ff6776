//! Sign-in, registration, e-mail codes, passwords, profile, settings, logout and
//! uploads against the real server, reading codes from the file outbox.

mod common;

use common::{Server, start};
use serde_json::{Value, json};

const MOBILE: &str = "01001234567";
const E164: &str = "+201001234567";

async fn post(
    server: &Server,
    path: &str,
    token: Option<&str>,
    lang: &str,
    body: Value,
) -> (u16, Value) {
    let mut request = server
        .client
        .post(server.url(path))
        .header("Language", lang)
        .json(&body);
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    let response = request.send().await.unwrap();
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

async fn send(
    server: &Server,
    method: reqwest::Method,
    path: &str,
    token: Option<&str>,
    body: Option<Value>,
) -> (u16, Value) {
    common::send_json(
        server.client.request(method, server.url(path)),
        token,
        body.as_ref(),
    )
    .await
}

async fn request_code(server: &Server, mobile: &str, channel: &str) -> String {
    let (status, body) = post(
        server,
        "/api/user/login-by-otp",
        None,
        "en",
        json!({"mobile": mobile, "channel": channel}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    server
        .last_code(body["data"]["mobile"].as_str().unwrap())
        .expect("a code in the outbox")
}

/// Lets the next code request through by ageing the stored codes past the resend wait.
fn age_codes(server: &Server, by_ms: i64) {
    server
        .db()
        .execute("UPDATE otp_codes SET created_at = created_at - ?1", [by_ms])
        .unwrap();
}

/// Signs up a new customer and returns the token.
async fn register(server: &Server, mobile: &str, email: &str) -> String {
    let code = request_code(server, mobile, "sms").await;
    let (status, body) = post(
        server,
        "/api/user/verify-login-by-otp",
        None,
        "en",
        json!({"mobile": mobile, "channel": "sms", "code": code}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let (status, body) = post(
        server,
        "/api/user/register-by-otp",
        None,
        "en",
        json!({"name": "Mona Adel", "email": email, "referral_code": "", "acceptTerms": true, "user_register": "user", "mobile": mobile, "code": code}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    body["data"]["token"].as_str().unwrap().to_owned()
}

#[tokio::test]
async fn a_new_number_verifies_then_registers_and_is_signed_in() {
    let server = start().await;
    let (status, body) = post(
        &server,
        "/api/user/login-by-otp",
        None,
        "en",
        json!({"mobile": MOBILE, "channel": "sms"}),
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(body["message"], "Otp sent to your mobile");
    assert_eq!(body["data"]["mobile"], E164);
    assert_eq!(body["data"]["resend_after"], 60);
    let code = server.last_code(E164).unwrap();
    assert_eq!(code.len(), 4);
    let stored: String = server
        .db()
        .query_row("SELECT code_hash FROM otp_codes", [], |r| r.get(0))
        .unwrap();
    assert!(!stored.contains(&code), "codes are stored hashed");

    let (status, body) = post(
        &server,
        "/api/user/verify-login-by-otp",
        None,
        "en",
        json!({"mobile": MOBILE, "channel": "sms", "code": code}),
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(body["message"], "Otp verified, Complete your registration");
    assert_eq!(body["data"]["user_exists"], false);
    assert_eq!(body["data"]["token"], Value::Null);

    let (status, body) = post(
        &server,
        "/api/user/register-by-otp",
        None,
        "en",
        json!({"name": "Mona", "email": "mona@example.com", "acceptTerms": true, "user_register": "user", "mobile": MOBILE, "code": code}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["message"], "Account Created Successfully");
    let token = body["data"]["token"].as_str().unwrap();
    assert_eq!(body["data"]["user"]["mobile"], E164);

    let (status, body) = send(
        &server,
        reqwest::Method::GET,
        "/api/user/profile",
        Some(token),
        None,
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(body["data"]["user"]["name"], "Mona");
    assert_eq!(body["data"]["default_locale"], "en");
    assert_eq!(body["data"]["address"], Value::Null);
}

#[tokio::test]
async fn an_existing_number_signs_in_by_whatsapp() {
    let server = start().await;
    register(&server, MOBILE, "a@example.com").await;
    age_codes(&server, 61_000);
    let code = request_code(&server, "+20 100 123 4567", "whatsapp").await;
    let (status, body) = post(
        &server,
        "/api/user/verify-login-by-otp",
        None,
        "ar",
        json!({"mobile": MOBILE, "channel": "whatsapp", "code": code}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["user_exists"], true);
    assert_eq!(body["message"], "تم التحقق من الرمز بنجاح");
    let token = body["data"]["token"].as_str().unwrap();
    assert_eq!(
        send(
            &server,
            reqwest::Method::GET,
            "/api/user/profile",
            Some(token),
            None
        )
        .await
        .0,
        200
    );
}

#[tokio::test]
async fn wrong_expired_and_locked_codes_are_refused() {
    let server = start().await;
    let code = request_code(&server, MOBILE, "sms").await;
    let wrong = format!("{:04}", (code.parse::<u32>().unwrap() + 1) % 10_000);
    let (status, body) = post(
        &server,
        "/api/user/verify-login-by-otp",
        None,
        "en",
        json!({"mobile": MOBILE, "channel": "sms", "code": wrong}),
    )
    .await;
    assert_eq!(status, 422);
    assert_eq!(body["errors"]["code"][0], "The code is incorrect.");
    // The code was sent by SMS: the same digits over WhatsApp don't count.
    let (status, _) = post(
        &server,
        "/api/user/verify-login-by-otp",
        None,
        "en",
        json!({"mobile": MOBILE, "channel": "whatsapp", "code": code}),
    )
    .await;
    assert_eq!(status, 422);

    server
        .db()
        .execute("UPDATE otp_codes SET expires_at = 0", [])
        .unwrap();
    let (status, body) = post(
        &server,
        "/api/user/verify-login-by-otp",
        None,
        "en",
        json!({"mobile": MOBILE, "channel": "sms", "code": code}),
    )
    .await;
    assert_eq!(status, 422);
    assert_eq!(
        body["message"],
        "The code has expired. Please request a new one."
    );

    age_codes(&server, 61_000);
    let code = request_code(&server, MOBILE, "sms").await;
    let wrong = format!("{:04}", (code.parse::<u32>().unwrap() + 1) % 10_000);
    for _ in 0..4 {
        let (status, _) = post(
            &server,
            "/api/user/verify-login-by-otp",
            None,
            "en",
            json!({"mobile": MOBILE, "channel": "sms", "code": wrong}),
        )
        .await;
        assert_eq!(status, 422);
    }
    let (status, body) = post(
        &server,
        "/api/user/verify-login-by-otp",
        None,
        "en",
        json!({"mobile": MOBILE, "channel": "sms", "code": wrong}),
    )
    .await;
    assert_eq!(status, 429);
    assert_eq!(
        body["message"],
        "Too many wrong attempts. Please request a new code."
    );
    let (status, _) = post(
        &server,
        "/api/user/verify-login-by-otp",
        None,
        "en",
        json!({"mobile": MOBILE, "channel": "sms", "code": code}),
    )
    .await;
    assert_eq!(status, 429, "a locked code stays locked even when right");
}

#[tokio::test]
async fn resend_waits_and_numbers_are_rate_limited() {
    let server = start().await;
    request_code(&server, MOBILE, "sms").await;
    let response = server
        .client
        .post(server.url("/api/user/login-by-otp"))
        .json(&json!({"mobile": MOBILE, "channel": "sms"}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 429);
    let retry: u64 = response.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((59..=60).contains(&retry));
    let body: Value = response.json().await.unwrap();
    assert_eq!(
        body["message"],
        format!("Wait {retry} seconds before resending!")
    );

    for _ in 0..4 {
        age_codes(&server, 61_000);
        request_code(&server, MOBILE, "sms").await;
    }
    age_codes(&server, 61_000);
    let (status, body) = post(
        &server,
        "/api/user/login-by-otp",
        None,
        "en",
        json!({"mobile": MOBILE, "channel": "sms"}),
    )
    .await;
    assert_eq!(status, 429);
    // The wait is bounded and said: the oldest of the hour's five codes is 5 minutes old.
    assert_eq!(
        body["message"],
        "Too many codes were requested for this number. Please try again in 55 minutes."
    );
}

#[tokio::test]
async fn login_input_is_validated_with_field_errors() {
    let server = start().await;
    let cases = [
        (json!({"channel": "sms"}), "mobile"),
        (json!({"mobile": MOBILE}), "channel"),
        (json!({"mobile": MOBILE, "channel": "fax"}), "channel"),
        (json!({"mobile": 1001234567, "channel": "sms"}), "mobile"),
        (json!({"mobile": "12", "channel": "sms"}), "mobile"),
        (json!({"mobile": "abc", "channel": "sms"}), "mobile"),
    ];
    for (body, field) in cases {
        let (status, answer) =
            post(&server, "/api/user/login-by-otp", None, "en", body.clone()).await;
        assert_eq!(status, 422, "{body} -> {answer}");
        assert!(answer["errors"][field][0].is_string(), "{body} -> {answer}");
        assert_eq!(answer["message"], answer["errors"][field][0]);
    }
    let (status, answer) = post(
        &server,
        "/api/user/login-by-otp",
        None,
        "en",
        json!({"mobile": "12", "channel": "sms"}),
    )
    .await;
    assert_eq!(
        (status, answer["errors"]["mobile"][0].as_str()),
        (422, Some("Phone Number is Invalid"))
    );

    // Broken JSON is a 400, a missing content type 415; neither stores anything.
    let response = server
        .client
        .post(server.url("/api/user/login-by-otp"))
        .header("content-type", "application/json")
        .body("{\"mobile\": ")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 400);
    let body: Value = response.json().await.unwrap();
    assert_eq!(
        body["errors"]["error"],
        "The request body is not valid JSON."
    );
    let response = server
        .client
        .post(server.url("/api/user/login-by-otp"))
        .body("mobile=1")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 415);
    let codes: i64 = server
        .db()
        .query_row("SELECT count(*) FROM otp_codes", [], |r| r.get(0))
        .unwrap();
    assert_eq!(codes, 0);
}

#[tokio::test]
async fn a_disabled_channel_is_refused() {
    let server = start().await;
    server
        .db()
        .execute(
            "UPDATE settings SET value = json_set(value, '$.verification_methods_whatsapp', json('false')) WHERE key = 'remote_config'",
            [],
        )
        .unwrap();
    let (status, body) = post(
        &server,
        "/api/user/login-by-otp",
        None,
        "en",
        json!({"mobile": MOBILE, "channel": "whatsapp"}),
    )
    .await;
    assert_eq!(status, 422);
    assert_eq!(
        body["errors"]["channel"][0],
        "This verification method is not available."
    );
}

#[tokio::test]
async fn registration_is_validated_and_needs_a_verified_code() {
    let server = start().await;
    let code = request_code(&server, MOBILE, "sms").await;
    let base = json!({"name": "Mona", "email": "mona@example.com", "acceptTerms": true, "user_register": "user", "mobile": MOBILE, "code": code});
    // Not verified through verify-login-by-otp yet.
    let (status, _) = post(
        &server,
        "/api/user/register-by-otp",
        None,
        "en",
        base.clone(),
    )
    .await;
    assert_eq!(status, 422);
    post(
        &server,
        "/api/user/verify-login-by-otp",
        None,
        "en",
        json!({"mobile": MOBILE, "channel": "sms", "code": code}),
    )
    .await;

    let mut no_terms = base.clone();
    no_terms["acceptTerms"] = json!(false);
    let (status, body) = post(&server, "/api/user/register-by-otp", None, "en", no_terms).await;
    assert_eq!(
        (status, body["errors"]["acceptTerms"][0].as_str()),
        (422, Some("Required"))
    );
    let mut bad_email = base.clone();
    bad_email["email"] = json!("not-an-email");
    let (status, body) = post(&server, "/api/user/register-by-otp", None, "en", bad_email).await;
    assert_eq!(
        (status, body["errors"]["email"][0].as_str()),
        (422, Some("Invalid email"))
    );
    let mut no_name = base.clone();
    no_name["name"] = json!("  ");
    assert_eq!(
        post(&server, "/api/user/register-by-otp", None, "en", no_name)
            .await
            .0,
        422
    );
    let mut bad_referral = base.clone();
    bad_referral["referral_code"] = json!("NOPE");
    assert_eq!(
        post(
            &server,
            "/api/user/register-by-otp",
            None,
            "en",
            bad_referral
        )
        .await
        .0,
        422
    );
    let users: i64 = server
        .db()
        .query_row("SELECT count(*) FROM users", [], |r| r.get(0))
        .unwrap();
    assert_eq!(users, 0, "refused registrations store nothing");

    let (status, _) = post(
        &server,
        "/api/user/register-by-otp",
        None,
        "en",
        base.clone(),
    )
    .await;
    assert_eq!(status, 200);
    // The code is used up.
    let (status, _) = post(&server, "/api/user/register-by-otp", None, "en", base).await;
    assert_eq!(status, 422);
}

#[tokio::test]
async fn referral_codes_link_customers_and_emails_are_unique() {
    let server = start().await;
    let first = register(&server, MOBILE, "first@example.com").await;
    let (_, profile) = send(
        &server,
        reqwest::Method::GET,
        "/api/user/profile",
        Some(&first),
        None,
    )
    .await;
    let referral = profile["data"]["user"]["referral_code"]
        .as_str()
        .unwrap()
        .to_owned();
    let other = "01112223334";
    let code = request_code(&server, other, "sms").await;
    post(
        &server,
        "/api/user/verify-login-by-otp",
        None,
        "en",
        json!({"mobile": other, "channel": "sms", "code": code}),
    )
    .await;
    let body = json!({"name": "B", "email": "FIRST@example.com", "acceptTerms": true, "mobile": other, "code": code, "referral_code": referral.to_lowercase()});
    let (status, answer) = post(
        &server,
        "/api/user/register-by-otp",
        None,
        "en",
        body.clone(),
    )
    .await;
    assert_eq!(
        (status, answer["errors"]["email"][0].as_str()),
        (422, Some("This e-mail is already used by another account."))
    );
    let mut body = body;
    body["email"] = json!("second@example.com");
    assert_eq!(
        post(&server, "/api/user/register-by-otp", None, "en", body)
            .await
            .0,
        200
    );
    let referred_by: i64 = server
        .db()
        .query_row(
            "SELECT referred_by FROM users WHERE email = 'second@example.com'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(referred_by, profile["data"]["user"]["id"].as_i64().unwrap());
}

#[tokio::test]
async fn tokens_are_required_and_logout_revokes_them() {
    let server = start().await;
    let token = register(&server, MOBILE, "m@example.com").await;
    assert_eq!(
        send(
            &server,
            reqwest::Method::GET,
            "/api/user/profile",
            None,
            None
        )
        .await
        .0,
        401
    );
    let (status, body) = send(
        &server,
        reqwest::Method::GET,
        "/api/user/profile",
        Some("not-a-token"),
        None,
    )
    .await;
    assert_eq!(
        (status, body["message"].as_str()),
        (401, Some("Unauthenticated."))
    );
    let stored: String = server
        .db()
        .query_row("SELECT token_hash FROM tokens", [], |r| r.get(0))
        .unwrap();
    assert_ne!(stored, token, "tokens are stored hashed");
    let (status, body) = send(
        &server,
        reqwest::Method::POST,
        "/api/user/logout",
        Some(&token),
        None,
    )
    .await;
    assert_eq!(
        (status, body["message"].as_str()),
        (200, Some("Logged out."))
    );
    assert_eq!(
        send(
            &server,
            reqwest::Method::GET,
            "/api/user/profile",
            Some(&token),
            None
        )
        .await
        .0,
        401
    );
}

#[tokio::test]
async fn the_profile_is_updated_field_by_field() {
    let server = start().await;
    let token = register(&server, MOBILE, "m@example.com").await;
    let patch = |body: Value| {
        send(
            &server,
            reqwest::Method::PATCH,
            "/api/user/update-profile",
            Some(&token),
            Some(body),
        )
    };
    let (status, body) = patch(json!({"name": "Mona Adel", "company_name": "Nile Co", "birthdate": "1990-05-17", "gender": "female"})).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["message"], "Profile updated successfully.");
    assert_eq!(body["data"]["name"], "Mona Adel");
    assert_eq!(body["data"]["birthdate"], "1990-05-17");
    assert_eq!(
        body["data"]["email"], "m@example.com",
        "untouched fields stay"
    );
    let (_, body) = patch(json!({"company_name": null})).await;
    assert_eq!(body["data"]["company_name"], Value::Null);
    for (bad, field) in [
        (json!({"email": "nope"}), "email"),
        (json!({"birthdate": "2990-01-01"}), "birthdate"),
        (json!({"birthdate": "1990-02-30"}), "birthdate"),
        (json!({"gender": "other"}), "gender"),
        (json!({"name": ""}), "name"),
        (json!({"name": "x".repeat(101)}), "name"),
        (
            json!({"image": "/api/media/uploads/0123456789abcdef0123456789abcdef.png"}),
            "image",
        ),
    ] {
        let (status, body) = patch(bad.clone()).await;
        assert_eq!(status, 422, "{bad} -> {body}");
        assert!(body["errors"][field].is_array(), "{bad} -> {body}");
    }
    let (_, body) = send(
        &server,
        reqwest::Method::GET,
        "/api/user/profile",
        Some(&token),
        None,
    )
    .await;
    assert_eq!(
        body["data"]["user"]["name"], "Mona Adel",
        "refused updates change nothing"
    );
}

/// One birthdate rule for the form and the API (the core's `birthdate_allowed`): a
/// real day, not in the future, in the date picker's 60 years; a date stored under an
/// older rule does not block a change of another field.
#[tokio::test]
async fn the_birthdate_follows_the_date_pickers_rule() {
    let server = start().await;
    let token = register(&server, MOBILE, "m@example.com").await;
    let patch = |body: Value| {
        send(
            &server,
            reqwest::Method::PATCH,
            "/api/user/update-profile",
            Some(&token),
            Some(body),
        )
    };
    let (year, ..) = static_host::clock::utc_date(static_host::clock::now_ms());
    let oldest = format!("{}-01-01", year - 59);
    let (status, body) = patch(json!({ "birthdate": oldest })).await;
    assert_eq!(status, 200, "{body}");
    for too_old in [format!("{}-12-31", year - 60), "1940-06-01".to_owned()] {
        let (status, body) = patch(json!({ "birthdate": too_old })).await;
        assert_eq!(status, 422, "{body}");
        assert_eq!(
            body["errors"]["birthdate"][0],
            "Choose a valid date of birth from the list"
        );
    }
    let (status, body) = patch(json!({ "birthdate": "17/05/1990" })).await;
    assert_eq!(status, 422, "{body}");
    server
        .db()
        .execute("UPDATE users SET birthdate = '1940-06-01'", [])
        .unwrap();
    let (status, body) = patch(json!({ "name": "Mona Adel" })).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["birthdate"], "1940-06-01");
    let (status, body) = patch(json!({ "birthdate": null })).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["birthdate"], Value::Null);
}

#[tokio::test]
async fn settings_save_language_and_notifications() {
    let server = start().await;
    let token = register(&server, MOBILE, "m@example.com").await;
    let (status, body) = send(
        &server,
        reqwest::Method::PUT,
        "/api/user/update-setting",
        Some(&token),
        Some(json!({"default_locale": "ar", "notifications": {"newsletter": true}})),
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(body["data"]["default_locale"], "ar");
    assert_eq!(
        body["data"]["notifications"],
        json!({"orders": true, "offers": true, "newsletter": true})
    );
    let (status, _) = send(
        &server,
        reqwest::Method::PUT,
        "/api/user/update-setting",
        Some(&token),
        Some(json!({"default_locale": "fr"})),
    )
    .await;
    assert_eq!(status, 422);
    // An array where the contract says an object (found by the fuzzing suite: it turned
    // every choice off) is refused, naming the field, and changes nothing.
    let (status, body) = send(
        &server,
        reqwest::Method::PUT,
        "/api/user/update-setting",
        Some(&token),
        Some(json!({"notifications": [false, false, false]})),
    )
    .await;
    assert_eq!(status, 422, "{body}");
    assert!(body["errors"]["notifications"].is_array(), "{body}");
    let (_, profile) = send(
        &server,
        reqwest::Method::GET,
        "/api/user/profile",
        Some(&token),
        None,
    )
    .await;
    assert_eq!(
        profile["data"]["user"]["notifications"],
        json!({"orders": true, "offers": true, "newsletter": true}),
        "{profile}"
    );
}

#[tokio::test]
async fn passwords_are_set_changed_and_reset_by_email_code() {
    let server = start().await;
    let token = register(&server, MOBILE, "m@example.com").await;
    let update = |token: String, body: Value| {
        let server = &server;
        async move {
            send(
                server,
                reqwest::Method::PATCH,
                "/api/user/update-password",
                Some(&token),
                Some(body),
            )
            .await
        }
    };
    let (status, body) = update(
        token.clone(),
        json!({"password": "Aa123456", "password_confirmation": "Aa123456"}),
    )
    .await;
    assert_eq!(
        (status, body["errors"]["password"][0].as_str()),
        (
            422,
            Some("Use 8 or more characters with a mix of letters, numbers & symbols")
        )
    );
    let (status, body) = update(
        token.clone(),
        json!({"password": "Str0ng!pass", "password_confirmation": "Str0ng!pas"}),
    )
    .await;
    assert_eq!(
        (status, body["errors"]["password_confirmation"][0].as_str()),
        (422, Some("Passwords must match"))
    );
    let (status, _) = update(
        token.clone(),
        json!({"password": "Str0ng!pass", "password_confirmation": "Str0ng!pass"}),
    )
    .await;
    assert_eq!(status, 200);
    let (status, body) = update(
        token.clone(),
        json!({"password": "N3w!passw", "password_confirmation": "N3w!passw"}),
    )
    .await;
    assert_eq!(
        (status, body["errors"]["current_password"].is_array()),
        (422, true)
    );
    let (status, _) =
        update(token.clone(), json!({"current_password": "wrong", "password": "N3w!passw", "password_confirmation": "N3w!passw"})).await;
    assert_eq!(status, 422);

    let (status, body) = post(
        &server,
        "/api/user/forget-password",
        None,
        "en",
        json!({"email": "M@example.com"}),
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(
        body["message"],
        "If an account uses this e-mail, a reset code has been sent to it."
    );
    let code = server
        .wait_code("m@example.com", 1)
        .await
        .expect("reset code sent to the e-mail");
    let reset = json!({"email": "m@example.com", "code": code, "password": "R3set!pass", "password_confirmation": "R3set!pass"});
    let (status, body) = post(&server, "/api/user/password/reset", None, "en", reset).await;
    assert_eq!(
        (status, body["message"].as_str()),
        (200, Some("Your password has been reset."))
    );
    assert_eq!(
        send(
            &server,
            reqwest::Method::GET,
            "/api/user/profile",
            Some(&token),
            None
        )
        .await
        .0,
        401,
        "sessions end on reset"
    );

    // Nobody uses this address: same answer, nothing sent.
    let (status, _) = post(
        &server,
        "/api/user/forget-password",
        None,
        "en",
        json!({"email": "ghost@example.com"}),
    )
    .await;
    assert_eq!(status, 200);
    // The code is sent or withheld after the answer: wait for that decision.
    assert_eq!(
        server.wait_records("ghost@example.com", 1).await,
        [json!({"to": "ghost@example.com", "channel": "email", "withheld": "password_reset"})]
    );
}

#[tokio::test]
async fn email_codes_sign_in_accounts_only() {
    let server = start().await;
    register(&server, MOBILE, "mona@example.com").await;
    let (status, body) = post(
        &server,
        "/api/user/email/login-by-otp",
        None,
        "en",
        json!({"email": "mona@example.com"}),
    )
    .await;
    assert_eq!(
        (status, body["message"].as_str()),
        (200, Some("A code was sent to your e-mail."))
    );
    let code = server.wait_code("mona@example.com", 1).await.unwrap();
    let outbox = std::fs::read_to_string(server.outbox()).unwrap();
    assert!(
        outbox
            .lines()
            .last()
            .unwrap()
            .contains("\"channel\":\"email\"")
    );
    let (status, body) = post(
        &server,
        "/api/user/email/verify",
        None,
        "en",
        json!({"email": "mona@example.com", "code": code}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["user_exists"], true);
    assert!(body["data"]["token"].as_str().unwrap().len() == 64);

    let (status, _) = post(
        &server,
        "/api/user/email/login-by-otp",
        None,
        "en",
        json!({"email": "nobody@example.com"}),
    )
    .await;
    assert_eq!(status, 200);
    // The code is sent or withheld after the answer: wait for that decision.
    assert_eq!(
        server.wait_records("nobody@example.com", 1).await,
        [json!({"to": "nobody@example.com", "channel": "email", "withheld": "email_login"})]
    );
    let (status, _) = post(
        &server,
        "/api/user/email/verify",
        None,
        "en",
        json!({"email": "nobody@example.com", "code": "1234"}),
    )
    .await;
    assert_eq!(status, 422);
}

fn multipart(name: &str, file_name: &str, bytes: &[u8]) -> (String, Vec<u8>) {
    let boundary = "storefront-test-boundary";
    let mut body = format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"; filename=\"{file_name}\"\r\nContent-Type: application/octet-stream\r\n\r\n"
    )
    .into_bytes();
    body.extend_from_slice(bytes);
    body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    (format!("multipart/form-data; boundary={boundary}"), body)
}

async fn upload(server: &Server, token: Option<&str>, name: &str, bytes: &[u8]) -> (u16, Value) {
    let (content_type, body) = multipart(name, "picture.png", bytes);
    let mut request = server
        .client
        .post(server.url("/api/upload-file/upload"))
        .header("content-type", content_type)
        .body(body);
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    let response = request.send().await.unwrap();
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

const PNG: &[u8] =
    b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0\x1f\x15\xc4\x89";

#[tokio::test]
async fn images_are_uploaded_checked_by_content_and_served_safely() {
    let server = start().await;
    let token = register(&server, MOBILE, "m@example.com").await;
    assert_eq!(upload(&server, None, "file", PNG).await.0, 401);
    let (status, body) = upload(
        &server,
        Some(&token),
        "file",
        b"<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>",
    )
    .await;
    assert_eq!(
        (status, body["errors"]["file"][0].as_str()),
        (422, Some("Only image files are allowed"))
    );
    let (status, _) = upload(&server, Some(&token), "other", PNG).await;
    assert_eq!(status, 422);
    let (status, _) = upload(&server, Some(&token), "file", &vec![0xFF; 3 * 1024 * 1024]).await;
    assert_eq!(status, 413);

    let (status, body) = upload(&server, Some(&token), "file", PNG).await;
    assert_eq!(status, 200, "{body}");
    let path = body["data"]["path"].as_str().unwrap().to_owned();
    assert!(path.starts_with("/api/media/uploads/") && path.ends_with(".png"));
    let response = server.get(&path).await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "image/png");
    assert_eq!(response.headers()["x-content-type-options"], "nosniff");
    assert!(
        response.headers()["content-disposition"]
            .to_str()
            .unwrap()
            .starts_with("inline")
    );
    assert_eq!(response.bytes().await.unwrap().as_ref(), PNG);

    let (status, body) = send(
        &server,
        reqwest::Method::PATCH,
        "/api/user/update-profile",
        Some(&token),
        Some(json!({"image": path})),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["image"], path);

    for bad in [
        "/api/media/uploads/..%2Fstorefront.db",
        "/api/media/uploads/secret.key",
        "/api/media/uploads/0123456789abcdef0123456789abcdef.png",
    ] {
        assert_eq!(server.get(bad).await.status(), 404, "{bad}");
    }
    let response = server
        .client
        .post(server.url("/api/upload-file/upload"))
        .bearer_auth(&token)
        .json(&json!({}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 415);
}

#[tokio::test]
async fn uploads_are_typed_by_content_renamed_and_served_as_files() {
    let server = start().await;
    let token = register(&server, MOBILE, "m@example.com").await;
    // JPEG bytes under a PNG name and a path-like name: the content decides the type,
    // the server decides the name.
    let jpeg: &[u8] = b"\xff\xd8\xff\xe0\0\x10JFIF\0\x01\x01\0\0\x01\0\x01\0\0\xff\xd9";
    let (content_type, body) = multipart("file", "../../evil.png", jpeg);
    let response = server
        .client
        .post(server.url("/api/upload-file/upload"))
        .bearer_auth(&token)
        .header("content-type", content_type)
        .body(body)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["data"]["mime"], "image/jpeg");
    let path = body["data"]["path"].as_str().unwrap().to_owned();
    let name = path.rsplit('/').next().unwrap().to_owned();
    assert!(!path.contains("evil") && !path.contains(".."), "{path}");
    assert_eq!(name.len(), 32 + ".jpg".len(), "{name}");
    assert!(name.ends_with(".jpg"));
    // Stored under that name only, inside the uploads directory.
    let stored: Vec<String> = std::fs::read_dir(server.data_dir().join("uploads"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    assert_eq!(stored, std::slice::from_ref(&name));
    assert!(!server.data_dir().join("../evil.png").exists());

    let response = server.get(&path).await;
    assert_eq!(response.status(), 200);
    let headers = response.headers();
    assert_eq!(headers["content-type"], "image/jpeg");
    assert_eq!(
        headers["content-disposition"],
        format!("inline; filename=\"{name}\"").as_str()
    );
    assert_eq!(headers["x-content-type-options"], "nosniff");
    assert_eq!(
        headers["content-security-policy"],
        "default-src 'none'; sandbox"
    );
    assert_eq!(response.bytes().await.unwrap().as_ref(), jpeg);

    // At most 2 MB, whatever the request says its size is.
    let (status, body) = upload(
        &server,
        Some(&token),
        "file",
        &[b"\x89PNG\r\n\x1a\n".as_slice(), &vec![0; 2 * 1024 * 1024]].concat(),
    )
    .await;
    assert_eq!(
        (status, body["message"].as_str()),
        (413, Some("The file is too large (at most 2 MB)."))
    );
}
