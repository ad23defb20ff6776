//! Issue 19 against the real server, with the owner and the attacker on different
//! client addresses (`--trust-forwarded-headers`, each call naming its address in
//! `X-Forwarded-For`): a stranger cannot lock a customer out of sign-in, brute force
//! on a number is capped per day with a notice to its owner, e-mail calls answer the
//! same for addresses with and without an account, an e-mail change is confirmed by a
//! code to the new address, uploads have a per-customer quota and are cleaned up, and
//! sessions end when idle, when old, everywhere on request, and on a password or
//! e-mail change.

mod common;

use std::time::Duration;

use common::{Server, start_with};
use serde_json::{Value, json};
use static_host::clock::Clock;

const OWNER_IP: &str = "198.51.100.10";

/// Calls the API as the client at `ip` (through the trusted proxy).
async fn call(
    server: &Server,
    ip: &str,
    method: reqwest::Method,
    path: &str,
    token: Option<&str>,
    body: Option<Value>,
) -> (u16, Value) {
    let request = server
        .client
        .request(method, server.url(path))
        .header("x-forwarded-for", ip)
        .header("Language", "en");
    common::send_json(request, token, body.as_ref()).await
}

async fn post(server: &Server, ip: &str, path: &str, body: Value) -> (u16, Value) {
    call(server, ip, reqwest::Method::POST, path, None, Some(body)).await
}

fn wrong(code: &str) -> String {
    format!("{:04}", (code.parse::<u32>().unwrap() + 1) % 10_000)
}

/// Lets the next code request through by ageing the stored codes past the resend wait.
fn age_codes(server: &Server) {
    server
        .db()
        .execute("UPDATE otp_codes SET created_at = created_at - 61000", [])
        .unwrap();
}

async fn ask_code(server: &Server, ip: &str, mobile: &str) -> (u16, Value) {
    post(
        server,
        ip,
        "/api/user/login-by-otp",
        json!({"mobile": mobile, "channel": "sms"}),
    )
    .await
}

async fn verify(server: &Server, ip: &str, mobile: &str, code: &str) -> (u16, Value) {
    post(
        server,
        ip,
        "/api/user/verify-login-by-otp",
        json!({"mobile": mobile, "channel": "sms", "code": code}),
    )
    .await
}

/// Registers a customer from `ip`; returns the token.
async fn register(server: &Server, ip: &str, mobile: &str, email: &str) -> String {
    let (status, body) = ask_code(server, ip, mobile).await;
    assert_eq!(status, 200, "{body}");
    let e164 = body["data"]["mobile"].as_str().unwrap().to_owned();
    let code = server.last_code(&e164).unwrap();
    assert_eq!(verify(server, ip, mobile, &code).await.0, 200);
    let (status, body) = post(
        server,
        ip,
        "/api/user/register-by-otp",
        json!({"name": "Mona", "email": email, "acceptTerms": true, "mobile": mobile, "code": code}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    body["data"]["token"].as_str().unwrap().to_owned()
}

/// Signs an existing customer in again from `ip`; returns the new token.
async fn sign_in(server: &Server, ip: &str, mobile: &str, e164: &str) -> String {
    age_codes(server);
    let (status, body) = ask_code(server, ip, mobile).await;
    assert_eq!(status, 200, "{body}");
    let code = server.last_code(e164).unwrap();
    let (status, body) = verify(server, ip, mobile, &code).await;
    assert_eq!(status, 200, "{body}");
    body["data"]["token"].as_str().unwrap().to_owned()
}

async fn profile(server: &Server, token: &str) -> (u16, Value) {
    call(
        server,
        OWNER_IP,
        reqwest::Method::GET,
        "/api/user/profile",
        Some(token),
        None,
    )
    .await
}

/// The default limits (the harness switches the in-memory ones off) behind a proxy.
async fn start(extra: &[&str]) -> Server {
    let mut flags = vec![
        "--trust-forwarded-headers",
        "--limit-code-checks-per-target=10/15m",
        "--limit-code-checks-per-ip=60/1h",
        "--limit-code-requests-per-ip=20/1h",
    ];
    flags.extend_from_slice(extra);
    start_with(&flags, None).await
}

#[tokio::test]
async fn a_stranger_cannot_lock_the_owner_out_of_sign_in() {
    let server = start(&[]).await;
    let (mobile, e164) = ("01001236001", "+201001236001");
    register(&server, OWNER_IP, mobile, "owner@example.com").await;
    for round in 0..3 {
        age_codes(&server);
        assert_eq!(ask_code(&server, OWNER_IP, mobile).await.0, 200);
        let code = server.last_code(e164).unwrap();
        // Ten wrong checks (and the right digits too) from other addresses.
        for i in 0..10 {
            let ip = format!("203.0.113.{}", 10 * round + i + 1);
            let (status, body) = verify(&server, &ip, mobile, &wrong(&code)).await;
            assert_eq!(status, 422, "{body}");
            assert_eq!(
                body["errors"]["code"][0],
                "This code was requested from another device or network. Please request a new code here."
            );
        }
        assert_eq!(verify(&server, "203.0.113.99", mobile, &code).await.0, 422);
        // A stranger asking for a code of their own does not cancel the owner's either.
        let (status, _) = ask_code(&server, "203.0.113.200", mobile).await;
        assert_eq!(status, 429, "the resend wait is per number");
        // The owner's correct code works, every time.
        let (status, body) = verify(&server, OWNER_IP, mobile, &code).await;
        assert_eq!(status, 200, "round {round}: {body}");
        assert_eq!(body["data"]["user_exists"], true);
    }
}

#[tokio::test]
async fn brute_force_on_a_number_is_capped_per_day_and_its_owner_is_told_and_not_locked_out() {
    let server = start(&["--limit-wrong-codes-per-target=10/24h"]).await;
    let (mobile, e164) = ("01001236101", "+201001236101");
    register(&server, OWNER_IP, mobile, "told@example.com").await;
    // The owner starts a sign-in...
    age_codes(&server);
    assert_eq!(ask_code(&server, OWNER_IP, mobile).await.0, 200);
    let owners = server.last_code(e164).unwrap();
    // ...while an attacker rotating addresses asks for codes and guesses.
    let mut guesses = 0;
    for ip in ["203.0.113.1", "203.0.113.2"] {
        age_codes(&server);
        let (status, body) = ask_code(&server, ip, mobile).await;
        assert_eq!(status, 200, "{body}");
        // Wrong guesses (the test knows the code the attacker does not).
        let mut guess = server.last_code(e164).unwrap();
        for _ in 0..5 {
            guess = wrong(&guess);
            let (status, _) = verify(&server, ip, mobile, &guess).await;
            if status != 200 {
                guesses += 1;
            }
        }
    }
    assert_eq!(guesses, 10);
    // The day's wrong tries are spent: no new code for an address that never signed
    // in to this number, and the message says how long.
    age_codes(&server);
    for ip in ["203.0.113.3", "198.51.100.77"] {
        let (status, body) = ask_code(&server, ip, mobile).await;
        assert_eq!(status, 429, "{body}");
        let message = body["message"].as_str().unwrap();
        assert!(
            message.starts_with("Too many wrong codes were entered for this number")
                && message.contains("try again in 24 hours"),
            "{message}"
        );
    }
    // The owner was told once, through the code channel.
    let notices = common::notices_in(&server.outbox(), e164);
    assert_eq!(notices.len(), 1, "{notices:?}");
    assert_eq!(notices[0]["channel"], "sms");
    assert!(notices[0].get("code").is_none());
    // The code the owner asked for before the pause still signs in...
    let (status, body) = verify(&server, OWNER_IP, mobile, &owners).await;
    assert_eq!(status, 200, "{body}");
    // ...and the address the owner signed in from still gets new codes: the pause
    // strangers caused holds only addresses that never signed in to the number.
    age_codes(&server);
    let (status, body) = ask_code(&server, OWNER_IP, mobile).await;
    assert_eq!(status, 200, "{body}");
    let code = server.last_code(e164).unwrap();
    assert_eq!(verify(&server, OWNER_IP, mobile, &code).await.0, 200);
}

/// Status, body and Retry-After of a call.
async fn answer(
    server: &Server,
    ip: &str,
    path: &str,
    body: Value,
) -> (u16, Value, Option<String>) {
    let response = server
        .client
        .post(server.url(path))
        .header("x-forwarded-for", ip)
        .json(&body)
        .send()
        .await
        .unwrap();
    let status = response.status().as_u16();
    let retry = response
        .headers()
        .get("retry-after")
        .map(|v| v.to_str().unwrap().to_owned());
    (status, response.json().await.unwrap(), retry)
}

#[tokio::test]
async fn email_calls_answer_the_same_whether_or_not_the_address_has_an_account() {
    let server = start(&[]).await;
    register(&server, OWNER_IP, "01001236201", "known@example.com").await;
    for path in ["/api/user/email/login-by-otp", "/api/user/forget-password"] {
        let mut seen = Vec::new();
        for email in ["known@example.com", "unknown@example.com"] {
            let ip = "203.0.113.7";
            let first = answer(&server, ip, path, json!({"email": email})).await;
            let second = answer(&server, ip, path, json!({"email": email})).await;
            let retry = second.2.clone().unwrap_or_default().parse::<u64>().unwrap();
            assert!((59..=60).contains(&retry), "{path} {email}: {second:?}");
            // The address is the only difference.
            let text = |v: &Value| v.to_string().replace(email, "EMAIL");
            seen.push((first.0, text(&first.1), second.0, text(&second.1)));
        }
        assert_eq!(seen[0], seen[1], "{path}");
        assert_eq!((seen[0].0, seen[0].2), (200, 429), "{path}");
    }
    // Checking a code for an address without an account is just a wrong code.
    let check = |email: &str| {
        answer(
            &server,
            "203.0.113.7",
            "/api/user/email/verify",
            json!({"email": email, "code": "0000"}),
        )
    };
    let (known, unknown) = (
        check("known@example.com").await,
        check("unknown@example.com").await,
    );
    assert_eq!(known.0, 422);
    assert_eq!((known.0, &known.1), (unknown.0, &unknown.1));
    // Each code is sent or withheld after its answer: wait for both decisions per
    // address. Only the account's address got codes.
    let decided = |records: Vec<Value>| -> Vec<String> {
        records
            .iter()
            .map(|r| match (r.get("code"), r.get("withheld")) {
                (Some(_), None) => "sent".to_owned(),
                (None, Some(purpose)) => format!("withheld {}", purpose.as_str().unwrap()),
                _ => panic!("{r}"),
            })
            .collect()
    };
    assert_eq!(
        decided(server.wait_records("unknown@example.com", 2).await),
        ["withheld email_login", "withheld password_reset"],
        "nothing sent"
    );
    assert_eq!(
        decided(server.wait_records("known@example.com", 2).await),
        ["sent", "sent"]
    );
}

#[tokio::test]
async fn an_email_change_is_confirmed_by_a_code_to_the_new_address() {
    let server = start(&[]).await;
    let (mobile, e164) = ("01001236301", "+201001236301");
    let token = register(&server, OWNER_IP, mobile, "first@example.com").await;
    let other = sign_in(&server, "203.0.113.30", mobile, e164).await;
    register(&server, OWNER_IP, "01001236302", "taken@example.com").await;
    let patch = |email: &'static str, token: String| {
        let server = &server;
        async move {
            call(
                server,
                OWNER_IP,
                reqwest::Method::PATCH,
                "/api/user/update-profile",
                Some(&token),
                Some(json!({"email": email, "name": "Mona"})),
            )
            .await
        }
    };
    // Another customer's address and a free one get the same answer; nothing changes yet.
    let (status, taken) = patch("taken@example.com", token.clone()).await;
    assert_eq!(status, 200, "{taken}");
    age_codes(&server);
    let (status, free) = patch("new@example.com", token.clone()).await;
    assert_eq!(status, 200, "{free}");
    assert_eq!(
        free["message"],
        "We sent a code to new@example.com. Enter it to confirm your new e-mail address."
    );
    assert_eq!(
        taken["message"].as_str().unwrap().replace("taken@", "new@"),
        free["message"]
    );
    assert_eq!(free["data"]["email"], "first@example.com");
    let confirm = |email: &'static str, code: String| {
        let (server, token) = (&server, token.clone());
        async move {
            call(
                server,
                OWNER_IP,
                reqwest::Method::POST,
                "/api/user/email/confirm-change",
                Some(&token),
                Some(json!({"email": email, "code": code})),
            )
            .await
        }
    };
    // The owner of the taken address (who has its code) learns that it is taken.
    let code = server.wait_code("taken@example.com", 1).await.unwrap();
    let (status, body) = confirm("taken@example.com", code).await;
    assert_eq!(status, 422, "{body}");
    assert_eq!(
        body["errors"]["email"][0],
        "This e-mail is already used by another account."
    );
    let code = server.wait_code("new@example.com", 1).await.unwrap();
    assert_eq!(confirm("new@example.com", wrong(&code)).await.0, 422);
    let (status, body) = confirm("new@example.com", code).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["email"], "new@example.com");
    assert_eq!(body["message"], "Your e-mail address has been changed.");
    // This session stays; the other one ended.
    assert_eq!(profile(&server, &token).await.0, 200);
    assert_eq!(profile(&server, &other).await.0, 401);
}

/// When the session of `token` was last used, as stored.
fn last_used(server: &Server, token: &str) -> i64 {
    server
        .db()
        .query_row(
            "SELECT last_used_at FROM tokens WHERE token_hash = ?1",
            [static_host::http::session::hash_token(token)],
            |r| r.get(0),
        )
        .unwrap()
}

// The session tests move the server's clock instead of sleeping: each use is at an
// exact millisecond from the limit.

#[tokio::test]
async fn sessions_end_when_idle_and_use_renews_them() {
    let server = start(&["--session-idle-timeout=2s"]).await;
    let token = register(&server, OWNER_IP, "01001236401", "idle@example.com").await;
    let idle = Duration::from_secs(2);
    // Used a millisecond before it would end, three times: 6 s after its start, it is
    // alive only because each use renewed it.
    for _ in 0..3 {
        server.clock.advance(idle - Duration::from_millis(1));
        assert_eq!(profile(&server, &token).await.0, 200, "valid just before");
        assert_eq!(
            last_used(&server, &token),
            server.clock.now_ms(),
            "renewed on use"
        );
    }
    server.clock.advance(idle + Duration::from_millis(1));
    let (status, body) = profile(&server, &token).await;
    assert_eq!(
        (status, body["message"].as_str()),
        (401, Some("Unauthenticated."))
    );
}

#[tokio::test]
async fn sessions_end_at_their_absolute_age_however_used() {
    let server = start(&["--session-max-age=3s"]).await;
    let started = server.clock.now_ms();
    let token = register(&server, OWNER_IP, "01001236501", "old@example.com").await;
    // Used every 999 ms, it never idles; it ends at 3 s from its start all the same.
    for _ in 0..3 {
        server.clock.advance(Duration::from_millis(999));
        assert_eq!(profile(&server, &token).await.0, 200);
    }
    server.clock.advance(Duration::from_millis(2));
    assert_eq!(server.clock.now_ms() - started, 2_999);
    assert_eq!(profile(&server, &token).await.0, 200, "valid just before");
    server.clock.advance(Duration::from_millis(2));
    let (status, body) = profile(&server, &token).await;
    assert_eq!(
        (status, body["message"].as_str()),
        (401, Some("Unauthenticated.")),
        "ended just after"
    );
}

#[tokio::test]
async fn logout_all_and_a_password_change_end_the_other_sessions() {
    let server = start(&[]).await;
    let (mobile, e164) = ("01001236601", "+201001236601");
    let first = register(&server, OWNER_IP, mobile, "sessions@example.com").await;
    let second = sign_in(&server, "203.0.113.60", mobile, e164).await;
    let third = sign_in(&server, "203.0.113.61", mobile, e164).await;
    let (status, body) = call(
        &server,
        OWNER_IP,
        reqwest::Method::PATCH,
        "/api/user/update-password",
        Some(&first),
        Some(json!({"password": "Str0ng!pass", "password_confirmation": "Str0ng!pass"})),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        profile(&server, &first).await.0,
        200,
        "the changing session stays"
    );
    assert_eq!(profile(&server, &second).await.0, 401);
    assert_eq!(profile(&server, &third).await.0, 401);

    let fourth = sign_in(&server, "203.0.113.62", mobile, e164).await;
    let (status, body) = call(
        &server,
        OWNER_IP,
        reqwest::Method::POST,
        "/api/user/logout-all",
        Some(&first),
        None,
    )
    .await;
    assert_eq!(
        (status, body["message"].as_str()),
        (200, Some("You have been signed out on every device."))
    );
    assert_eq!(profile(&server, &first).await.0, 401);
    assert_eq!(profile(&server, &fourth).await.0, 401);
}

fn multipart(bytes: &[u8]) -> (String, Vec<u8>) {
    let boundary = "abuse-test-boundary";
    let mut body = format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"p.png\"\r\nContent-Type: image/png\r\n\r\n"
    )
    .into_bytes();
    body.extend_from_slice(bytes);
    body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    (format!("multipart/form-data; boundary={boundary}"), body)
}

async fn upload(server: &Server, token: &str, size: usize) -> (u16, Value) {
    let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
    png.resize(size, 0);
    let (content_type, body) = multipart(&png);
    let response = server
        .client
        .post(server.url("/api/upload-file/upload"))
        .bearer_auth(token)
        .header("content-type", content_type)
        .body(body)
        .send()
        .await
        .unwrap();
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

fn stored_bytes(server: &Server) -> u64 {
    std::fs::read_dir(server.data_dir().join("uploads"))
        .unwrap()
        .map(|e| e.unwrap().metadata().unwrap().len())
        .sum()
}

#[tokio::test]
async fn uploads_have_a_per_customer_quota() {
    let server = start(&[]).await;
    let token = register(&server, OWNER_IP, "01001236701", "pics@example.com").await;
    let mut accepted = 0;
    let mut refusal = None;
    for _ in 0..20 {
        let (status, body) = upload(&server, &token, 1_900_000).await;
        match status {
            200 => accepted += 1,
            _ => {
                refusal = Some((status, body));
                break;
            }
        }
    }
    // 10 files and 10 MB by default: five pictures of 1.9 MB.
    assert_eq!(accepted, 5);
    let (status, body) = refusal.unwrap();
    assert_eq!(status, 422, "{body}");
    assert_eq!(
        body["errors"]["file"][0],
        "You have reached the upload limit (10 files and 10 MB). Pictures you do not use are deleted after 24 hours; you can upload more then."
    );
    assert!(stored_bytes(&server) <= 10 << 20);
    // Another customer has their own quota.
    let other = register(&server, OWNER_IP, "01001236702", "pics2@example.com").await;
    assert_eq!(upload(&server, &other, 1_900_000).await.0, 200);
}

#[tokio::test]
async fn unused_uploads_are_deleted_and_a_replaced_picture_goes_at_once() {
    let server = start(&["--limit-unused-upload-age=2s"]).await;
    let token = register(&server, OWNER_IP, "01001236801", "clean@example.com").await;
    let (_, kept) = upload(&server, &token, 1000).await;
    let kept = kept["data"]["path"].as_str().unwrap().to_owned();
    let set_image = |path: String| {
        let (server, token) = (&server, token.clone());
        async move {
            call(
                server,
                OWNER_IP,
                reqwest::Method::PATCH,
                "/api/user/update-profile",
                Some(&token),
                Some(json!({"image": path})),
            )
            .await
        }
    };
    assert_eq!(set_image(kept.clone()).await.0, 200);
    let (_, first) = upload(&server, &token, 1000).await;
    let first = first["data"]["path"].as_str().unwrap().to_owned();
    let (_, abandoned) = upload(&server, &token, 1000).await;
    let abandoned = abandoned["data"]["path"].as_str().unwrap().to_owned();
    // Replacing the picture deletes the one it replaces.
    assert_eq!(set_image(first.clone()).await.0, 200);
    assert_eq!(server.get(&kept).await.status(), 404);
    // An upload no profile uses is deleted once old enough; the profile's stays.
    // Waits for the sweep's event (the file answering 404), not a fixed time.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    while server.get(&abandoned).await.status() != 404 {
        assert!(
            std::time::Instant::now() < deadline,
            "the abandoned upload was never swept"
        );
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert_eq!(server.get(&first).await.status(), 200);
    let files = std::fs::read_dir(server.data_dir().join("uploads"))
        .unwrap()
        .count();
    assert_eq!(files, 1);
}

#[tokio::test]
async fn uploads_are_refused_when_the_disk_is_nearly_full() {
    let server = start(&["--limit-min-free-disk=1MB"]).await;
    let token = register(&server, OWNER_IP, "01001236901", "disk@example.com").await;
    let rename = |name: &'static str| {
        call(
            &server,
            OWNER_IP,
            reqwest::Method::PATCH,
            "/api/user/update-profile",
            Some(&token),
            Some(json!({ "name": name })),
        )
    };
    // Just above the floor: other writes go on, but the picture would take the disk
    // below it. (The server reads the disk at most once a second of its clock.)
    server.disk.set_free((1 << 20) + 500);
    server.clock.advance(Duration::from_secs(1));
    let uploads_paused = "Uploads are paused for a while: the server is short of storage space. Please try again later.";
    let (status, body) = upload(&server, &token, 1000).await;
    assert_eq!(status, 503, "{body}");
    assert_eq!(body["message"], uploads_paused);
    assert_eq!(rename("Mona A").await.0, 200);
    // Below the floor, the upload keeps its own message; other writes get theirs.
    server.disk.set_free(10);
    server.clock.advance(Duration::from_secs(1));
    let (status, body) = upload(&server, &token, 1000).await;
    assert_eq!((status, &body["message"]), (503, &json!(uploads_paused)));
    let (status, body) = rename("Mona B").await;
    assert_eq!(status, 503, "{body}");
    assert_eq!(
        body["message"],
        "Changes are paused for a while: the server is short of storage space. Please try again later."
    );
    assert_eq!(stored_bytes(&server), 0);
    assert_eq!(
        profile(&server, &token).await.1["data"]["user"]["name"],
        "Mona A"
    );
}

#[cfg(unix)]
#[tokio::test]
async fn the_data_directory_and_its_files_are_private() {
    use std::os::unix::fs::PermissionsExt;
    let server = start(&[]).await;
    let token = register(&server, OWNER_IP, "01001237001", "private@example.com").await;
    assert_eq!(upload(&server, &token, 1000).await.0, 200);
    let mode =
        |path: std::path::PathBuf| std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
    let data = server.data_dir();
    assert_eq!(mode(data.clone()), 0o700);
    assert_eq!(mode(data.join("uploads")), 0o700);
    for file in ["storefront.db", "storefront.db-wal", "secret.key"] {
        assert_eq!(mode(data.join(file)), 0o600, "{file}");
    }
    for entry in std::fs::read_dir(data.join("uploads")).unwrap() {
        assert_eq!(mode(entry.unwrap().path()), 0o600);
    }
    assert_eq!(mode(server.outbox()), 0o600);
}

#[tokio::test]
async fn a_password_hash_does_not_hold_the_async_workers() {
    // This test's runtime has one thread, which the server shares: a hash computed on
    // it would stop every other request until done.
    let server = start(&[]).await;
    let token = register(&server, OWNER_IP, "01001237101", "hash@example.com").await;
    let update = {
        let (base, client) = (server.base.clone(), server.client.clone());
        tokio::spawn(async move {
            let started = std::time::Instant::now();
            let response = client
                .patch(format!("{base}/api/user/update-password"))
                .bearer_auth(token)
                .json(&json!({"password": "Str0ng!pass", "password_confirmation": "Str0ng!pass"}))
                .send()
                .await
                .unwrap();
            (response.status().as_u16(), started.elapsed())
        })
    };
    let mut slowest = std::time::Duration::ZERO;
    while !update.is_finished() {
        let started = std::time::Instant::now();
        assert_eq!(server.get("/api/health").await.status(), 200);
        slowest = slowest.max(started.elapsed());
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    let (status, took) = update.await.unwrap();
    assert_eq!(status, 200);
    assert!(
        slowest < took / 2 || slowest < std::time::Duration::from_millis(50),
        "health waited {slowest:?} while the hash took {took:?}"
    );
}

#[tokio::test]
async fn a_wrong_reset_code_is_refused_before_any_hashing_and_a_reset_ends_every_session() {
    let server = start(&[]).await;
    let token = register(&server, OWNER_IP, "01001237201", "reset@example.com").await;
    let (status, _) = post(
        &server,
        OWNER_IP,
        "/api/user/forget-password",
        json!({"email": "reset@example.com"}),
    )
    .await;
    assert_eq!(status, 200);
    let code = server.wait_code("reset@example.com", 1).await.unwrap();
    let reset = |code: String| {
        let server = &server;
        async move {
            let started = std::time::Instant::now();
            let (status, _) = post(
                server,
                OWNER_IP,
                "/api/user/password/reset",
                json!({"email": "reset@example.com", "code": code,
                       "password": "R3set!pass", "password_confirmation": "R3set!pass"}),
            )
            .await;
            (status, started.elapsed())
        }
    };
    let (status, wrong_took) = reset(wrong(&code)).await;
    assert_eq!(status, 422);
    let (status, right_took) = reset(code).await;
    assert_eq!(status, 200);
    // The right code pays for the hash; the wrong one did not.
    assert!(
        wrong_took < right_took / 3,
        "wrong code {wrong_took:?}, right code {right_took:?}"
    );
    // Whoever knew the old password is signed out everywhere.
    assert_eq!(profile(&server, &token).await.0, 401);
}

#[tokio::test]
async fn the_server_does_not_start_on_an_unreadable_secret() {
    use clap::Parser;
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    std::fs::create_dir_all(data.join("secret.key")).unwrap();
    let config =
        static_host::Config::try_parse_from(["static-host", "--data-dir", data.to_str().unwrap()])
            .unwrap();
    let error = static_host::app(&config).expect_err("refused");
    assert!(error.to_string().contains("secret.key"), "{error}");
    assert!(data.join("secret.key").is_dir(), "left as it was");
}
