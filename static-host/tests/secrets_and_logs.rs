//! Secrets at rest and in the log, on the real binary: over a whole sign-in (codes
//! asked, a wrong guess, verify, register, profile, e-mail codes, logout) at debug
//! level, the log never shows a code, a token, a full phone number or an e-mail
//! address; the console code sender shows the code (its purpose) but masks the
//! number; the database keeps tokens and codes only hashed.

mod common;
mod process;

use process::Process;
use serde_json::{Value, json};

const MOBILE: &str = "01001239101";
const E164: &str = "+201001239101";
const EMAIL: &str = "mona.private@example.com";

/// The real binary's API, as one client calls it.
struct Api<'a> {
    server: &'a Process,
    client: reqwest::Client,
}

impl Api<'_> {
    async fn post(&self, path: &str, token: Option<&str>, body: Option<Value>) -> (u16, Value) {
        let request = self.client.post(self.server.url(path));
        common::send_json(request, token, body.as_ref()).await
    }

    async fn get(&self, path: &str, token: &str) -> u16 {
        let request = self.client.get(self.server.url(path));
        common::send_json(request, Some(token), None).await.0
    }
}

/// Whether `needle` (digits) appears in `line` as a number of its own, the line's
/// leading timestamp left out.
fn shows_number(line: &str, needle: &str) -> bool {
    let text = line.split_once(' ').map_or(line, |(_, rest)| rest);
    text.match_indices(needle).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + needle.len()..].chars().next();
        !before.is_some_and(|c| c.is_ascii_digit()) && !after.is_some_and(|c| c.is_ascii_digit())
    })
}

#[tokio::test]
async fn a_whole_sign_in_leaves_no_secret_in_the_log() {
    let root = tempfile::tempdir().unwrap();
    let server = Process::start(root.path(), &[], &[("RUST_LOG", "debug")]);
    let api = Api {
        server: &server,
        client: common::client(),
    };

    let (status, _) = api
        .post(
            "/api/user/login-by-otp",
            None,
            Some(json!({"mobile": MOBILE, "channel": "sms"})),
        )
        .await;
    assert_eq!(status, 200);
    let code = server.last_code(E164).unwrap();
    let wrong = format!("{:04}", (code.parse::<u32>().unwrap() + 1) % 10_000);
    let verify = |code: &str| json!({"mobile": MOBILE, "channel": "sms", "code": code});
    let (status, _) = api
        .post("/api/user/verify-login-by-otp", None, Some(verify(&wrong)))
        .await;
    assert_eq!(status, 422);
    let (status, _) = api
        .post("/api/user/verify-login-by-otp", None, Some(verify(&code)))
        .await;
    assert_eq!(status, 200);
    let registration = json!({"name": "Mona Adel", "email": EMAIL, "acceptTerms": true, "mobile": MOBILE, "code": code});
    let (status, body) = api
        .post("/api/user/register-by-otp", None, Some(registration))
        .await;
    assert_eq!(status, 200, "{body}");
    let token = body["data"]["token"].as_str().unwrap().to_owned();
    assert_eq!(api.get("/api/user/profile", &token).await, 200);
    let (status, _) = api
        .post(
            "/api/user/email/login-by-otp",
            None,
            Some(json!({"email": EMAIL})),
        )
        .await;
    assert_eq!(status, 200);
    let email_code = server.last_code(EMAIL).unwrap();
    let (status, body) = api
        .post(
            "/api/user/email/verify",
            None,
            Some(json!({"email": EMAIL, "code": email_code})),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let email_token = body["data"]["token"].as_str().unwrap().to_owned();
    // A bad token and a revoked one are logged as nothing more than a 401.
    assert_eq!(api.get("/api/user/profile", "0123abcd").await, 401);
    let (status, _) = api.post("/api/user/logout", Some(&token), None).await;
    assert_eq!(status, 200);

    // The debug log did record the traffic...
    let log = server.log_text();
    assert!(log.contains("/api/user/verify-login-by-otp"), "{log}");
    // ...but none of the secrets or personal data in it.
    for line in log.lines() {
        assert!(
            !line.contains(&token) && !line.contains(&email_token),
            "token in log: {line}"
        );
        assert!(!line.contains("0123abcd"), "token in log: {line}");
        for digits in [E164, "201001239101", "1001239101"] {
            assert!(!line.contains(digits), "phone number in log: {line}");
        }
        assert!(!line.contains(EMAIL), "e-mail address in log: {line}");
        for secret in [&code, &wrong, &email_code] {
            assert!(!shows_number(line, secret), "code {secret} in log: {line}");
        }
    }

    // At rest: the token and the codes are nowhere in the database files.
    let mut stored = Vec::new();
    for file in ["storefront.db", "storefront.db-wal"] {
        if let Ok(bytes) = std::fs::read(root.path().join("data").join(file)) {
            stored.extend(bytes);
        }
    }
    for secret in [&token, &email_token] {
        assert!(
            !stored.windows(secret.len()).any(|w| w == secret.as_bytes()),
            "a token is stored in the clear"
        );
    }
    let conn = server.db();
    let hashes: Vec<String> = conn
        .prepare("SELECT code_hash FROM otp_codes")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(hashes.len(), 2);
    // Keyed hashes (HMAC-SHA-256 under secret.key), never the digits themselves.
    for hash in &hashes {
        assert!(
            hash.len() == 64 && hash.bytes().all(|b| b.is_ascii_hexdigit()),
            "{hash}"
        );
        assert!(hash != &code && hash != &email_code);
    }
    let token_hashes: Vec<String> = conn
        .prepare("SELECT token_hash FROM tokens")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(token_hashes.len(), 2);
    for hash in &token_hashes {
        assert_ne!(hash, &token);
        assert_ne!(hash, &email_token);
    }
}

#[tokio::test]
async fn the_console_code_sender_shows_the_code_but_masks_the_number() {
    let root = tempfile::tempdir().unwrap();
    let server = Process::start(root.path(), &["--code-sender", "console"], &[]);
    let api = Api {
        server: &server,
        client: common::client(),
    };
    let (status, _) = api
        .post(
            "/api/user/login-by-otp",
            None,
            Some(json!({"mobile": "01001239102", "channel": "whatsapp"})),
        )
        .await;
    assert_eq!(status, 200);
    // The log line is written as the request is answered; give the reader thread a moment.
    let mut line = None;
    for _ in 0..100 {
        line = server
            .log
            .lock()
            .unwrap()
            .iter()
            .find(|l| l.contains("one-time code"))
            .cloned();
        if line.is_some() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let line = line.expect("the console sender logs the code");
    assert!(line.contains("to=+20******9102"), "{line}");
    assert!(line.contains("channel=whatsapp"), "{line}");
    let code = line
        .rsplit("code=")
        .next()
        .unwrap()
        .split_whitespace()
        .next()
        .unwrap();
    assert!(
        code.len() == 4 && code.bytes().all(|b| b.is_ascii_digit()),
        "{line}"
    );
    assert!(!server.log_text().contains("1001239102"));
}
