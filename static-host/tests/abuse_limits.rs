//! Abuse limits against the real server, each with a deliberately low limit: per-IP
//! limits on code requests, code checks, sign-in, search and writes; per-number
//! limits on code requests and checks that hold when the IP changes (the clients
//! below connect from different loopback addresses, 127.0.0.x); 429 with Retry-After
//! and a message in the request's language; X-Forwarded-For only from a trusted
//! proxy; request body size limits and request timeouts on every route.

mod common;

use std::io::{Read, Write};
use std::net::{IpAddr, TcpStream};
use std::time::{Duration, Instant};

use common::{Server, client, start_with};
use serde_json::{Value, json};

/// A client whose connections come from `127.0.0.{last}`.
fn client_from(last: u8) -> reqwest::Client {
    let _ = client();
    reqwest::Client::builder()
        .local_address(IpAddr::from([127, 0, 0, last]))
        .build()
        .unwrap()
}

struct Answer {
    status: u16,
    retry_after: Option<u64>,
    body: Value,
}

async fn send(
    server: &Server,
    from: &reqwest::Client,
    method: reqwest::Method,
    path: &str,
    lang: &str,
    body: Option<Value>,
) -> Answer {
    let mut request = from
        .request(method, server.url(path))
        .header("Language", lang);
    if let Some(body) = body {
        request = request.json(&body);
    }
    let response = request.send().await.unwrap();
    let status = response.status().as_u16();
    let retry_after = response
        .headers()
        .get("retry-after")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse().ok());
    let body = response.json().await.unwrap_or(Value::Null);
    Answer {
        status,
        retry_after,
        body,
    }
}

async fn ask_code(server: &Server, from: &reqwest::Client, mobile: &str, lang: &str) -> Answer {
    send(
        server,
        from,
        reqwest::Method::POST,
        "/api/user/login-by-otp",
        lang,
        Some(json!({"mobile": mobile, "channel": "sms"})),
    )
    .await
}

async fn check_code(
    server: &Server,
    from: &reqwest::Client,
    mobile: &str,
    code: &str,
    lang: &str,
) -> Answer {
    send(
        server,
        from,
        reqwest::Method::POST,
        "/api/user/verify-login-by-otp",
        lang,
        Some(json!({"mobile": mobile, "channel": "sms", "code": code})),
    )
    .await
}

fn assert_limited(answer: &Answer, lang: &str) {
    assert_eq!(answer.status, 429, "{}", answer.body);
    let retry = answer.retry_after.expect("Retry-After");
    assert!(retry >= 1, "{retry}");
    let message = answer.body["message"].as_str().unwrap();
    let expected = match lang {
        "ar" => format!("طلبات كثيرة جدًا. يرجى المحاولة مرة أخرى بعد {retry} ثانية."),
        _ => format!("Too many requests. Please try again in {retry} seconds."),
    };
    assert_eq!(message, expected);
}

fn wrong(code: &str) -> String {
    format!("{:04}", (code.parse::<u32>().unwrap() + 1) % 10_000)
}

#[tokio::test]
async fn code_requests_are_limited_per_ip_in_the_callers_language() {
    let server = start_with(&["--limit-code-requests-per-ip", "2/1h"], None).await;
    let here = client_from(1);
    assert_eq!(
        ask_code(&server, &here, "01001235001", "en").await.status,
        200
    );
    assert_eq!(
        ask_code(&server, &here, "01001235002", "en").await.status,
        200
    );
    let refused = ask_code(&server, &here, "01001235003", "en").await;
    assert_limited(&refused, "en");
    // One code comes back every 30 minutes.
    assert!((1700..=1800).contains(&refused.retry_after.unwrap()));
    assert_limited(&ask_code(&server, &here, "01001235003", "ar").await, "ar");
    assert!(
        server.last_code("+201001235003").is_none(),
        "no code was sent"
    );
    // Another address has its own allowance.
    assert_eq!(
        ask_code(&server, &client_from(2), "01001235003", "en")
            .await
            .status,
        200
    );
}

#[tokio::test]
async fn codes_per_number_are_capped_whatever_the_ip() {
    let server = start_with(&["--limit-codes-per-target", "2/1h"], None).await;
    for last in [11, 12] {
        let answer = ask_code(&server, &client_from(last), "01001235101", "en").await;
        assert_eq!(answer.status, 200, "{}", answer.body);
        // Past the 60 s resend wait, which is not what this test is about.
        server
            .db()
            .execute("UPDATE otp_codes SET created_at = created_at - 61000", [])
            .unwrap();
    }
    let refused = ask_code(&server, &client_from(13), "01001235101", "ar").await;
    assert_eq!(refused.status, 429);
    // The wait is bounded and said in the message, in minutes.
    let retry = refused.retry_after.unwrap();
    assert!(retry > 3000);
    assert_eq!(
        refused.body["message"],
        format!(
            "تم طلب رموز كثيرة لهذا الرقم. يرجى المحاولة بعد {} دقيقة.",
            retry.div_ceil(60)
        )
    );
    let sent = std::fs::read_to_string(server.outbox()).unwrap();
    assert_eq!(sent.lines().count(), 2);
}

#[tokio::test]
async fn code_checks_are_limited_per_code_and_a_new_code_starts_afresh() {
    // Issue 19 changed this limit: it counted every check for the number, so strangers
    // could spend it and lock the owner out. It now counts the checks of one code,
    // which only the client that asked for the code can make.
    let server = start_with(&["--limit-code-checks-per-target", "3/15m"], None).await;
    let (mobile, e164) = ("01001235201", "+201001235201");
    let owner = client_from(1);
    assert_eq!(ask_code(&server, &owner, mobile, "en").await.status, 200);
    let code = server.last_code(e164).unwrap();
    // Guesses from other addresses are not tried at all, and spend nothing.
    for last in [21, 22, 23, 24] {
        let answer = check_code(&server, &client_from(last), mobile, &wrong(&code), "en").await;
        assert_eq!(answer.status, 422, "{}", answer.body);
    }
    // The owner's own checks count: three, then a wait.
    for _ in 0..3 {
        let answer = check_code(&server, &owner, mobile, &wrong(&code), "en").await;
        assert_eq!(answer.status, 422, "{}", answer.body);
    }
    let refused = check_code(&server, &owner, mobile, &code, "en").await;
    assert_limited(&refused, "en");
    assert!((200..=300).contains(&refused.retry_after.unwrap()));
    // A new code has its own allowance.
    server
        .db()
        .execute("UPDATE otp_codes SET created_at = created_at - 61000", [])
        .unwrap();
    assert_eq!(ask_code(&server, &owner, mobile, "en").await.status, 200);
    let code = server.last_code(e164).unwrap();
    let answer = check_code(&server, &owner, mobile, &code, "en").await;
    assert_eq!(answer.status, 200, "{}", answer.body);
}

#[tokio::test]
async fn code_checks_are_limited_per_ip() {
    let server = start_with(&["--limit-code-checks-per-ip", "2/1h"], None).await;
    let here = client_from(31);
    for mobile in ["01001235301", "01001235302"] {
        assert_eq!(
            check_code(&server, &here, mobile, "1234", "en")
                .await
                .status,
            422
        );
    }
    assert_limited(
        &check_code(&server, &here, "01001235303", "1234", "ar").await,
        "ar",
    );
    // Registration and e-mail codes are code checks too.
    let register = send(
        &server,
        &here,
        reqwest::Method::POST,
        "/api/user/register-by-otp",
        "en",
        Some(json!({"name": "A", "email": "a@example.com", "acceptTerms": true, "mobile": "01001235304", "code": "1234"})),
    )
    .await;
    assert_limited(&register, "en");
    let email = send(
        &server,
        &here,
        reqwest::Method::POST,
        "/api/user/email/verify",
        "en",
        Some(json!({"email": "a@example.com", "code": "1234"})),
    )
    .await;
    assert_limited(&email, "en");
    assert_eq!(
        check_code(&server, &client_from(32), "01001235303", "1234", "en")
            .await
            .status,
        422
    );
}

#[tokio::test]
async fn sign_in_calls_are_limited_per_ip() {
    let server = start_with(&["--limit-sign-in-per-ip", "3/10m"], None).await;
    let here = client_from(41);
    assert_eq!(
        ask_code(&server, &here, "01001235401", "en").await.status,
        200
    );
    assert_eq!(
        check_code(&server, &here, "01001235401", "0000", "en")
            .await
            .status,
        422
    );
    let forget = send(
        &server,
        &here,
        reqwest::Method::POST,
        "/api/user/forget-password",
        "en",
        Some(json!({"email": "nobody@example.com"})),
    )
    .await;
    assert_eq!(forget.status, 200, "{}", forget.body);
    assert_limited(
        &send(
            &server,
            &here,
            reqwest::Method::POST,
            "/api/user/email/login-by-otp",
            "ar",
            Some(json!({"email": "nobody@example.com"})),
        )
        .await,
        "ar",
    );
    // Browsing is not a sign-in call.
    let browse = send(
        &server,
        &here,
        reqwest::Method::GET,
        "/api/services",
        "en",
        None,
    )
    .await;
    assert_eq!(browse.status, 200);
}

#[tokio::test]
async fn searches_are_limited_per_ip_and_browsing_is_not() {
    let server = start_with(&["--limit-search-per-ip", "3/1m"], None).await;
    let here = client_from(51);
    let searches = [
        "/api/map/search?search=tahrir",
        "/api/products?service_id=1&text=tea",
        "/api/services/search?service_id=1&search=rice",
    ];
    for path in searches {
        let answer = send(&server, &here, reqwest::Method::GET, path, "en", None).await;
        assert_eq!(answer.status, 200, "{path}: {}", answer.body);
    }
    let refused = send(
        &server,
        &here,
        reqwest::Method::GET,
        "/api/branches?service_id=1&page=1&search=market",
        "en",
        None,
    )
    .await;
    assert_limited(&refused, "en");
    assert!((1..=20).contains(&refused.retry_after.unwrap()));
    let browse = send(
        &server,
        &here,
        reqwest::Method::GET,
        "/api/products?service_id=1&page=1",
        "en",
        None,
    )
    .await;
    assert_eq!(browse.status, 200);
}

#[tokio::test]
async fn writes_are_limited_per_ip_and_reads_are_not() {
    let server = start_with(&["--limit-writes-per-ip", "3/1m"], None).await;
    let here = client_from(61);
    for _ in 0..3 {
        // A guest's add-to-cart is refused (401) but still counts as a write.
        let answer = send(
            &server,
            &here,
            reqwest::Method::POST,
            "/api/order/add-to-cart",
            "en",
            Some(json!({"product_id": 1})),
        )
        .await;
        assert_eq!(answer.status, 401);
    }
    for method in [reqwest::Method::POST, reqwest::Method::DELETE] {
        let path = if method == reqwest::Method::POST {
            "/api/contact-us"
        } else {
            "/api/addresses/1"
        };
        assert_limited(
            &send(&server, &here, method, path, "ar", Some(json!({}))).await,
            "ar",
        );
    }
    let read = send(
        &server,
        &here,
        reqwest::Method::GET,
        "/api/setting",
        "en",
        None,
    )
    .await;
    assert_eq!(read.status, 200);
    // Limits are per API only: the storefront's pages keep loading.
    let page = here.get(server.url("/products/3")).send().await.unwrap();
    assert_eq!(page.status(), 200);
}

#[tokio::test]
async fn forwarded_addresses_count_only_behind_a_trusted_proxy() {
    async fn write_from(server: &Server, forwarded_for: &str) -> u16 {
        server
            .client
            .post(server.url("/api/contact-us"))
            .header("x-forwarded-for", forwarded_for)
            .json(&json!({}))
            .send()
            .await
            .unwrap()
            .status()
            .as_u16()
    }
    // Not trusted: the header is ignored, both calls come from 127.0.0.1.
    let direct = start_with(&["--limit-writes-per-ip", "1/1h"], None).await;
    assert_eq!(write_from(&direct, "198.51.100.1").await, 422);
    assert_eq!(write_from(&direct, "198.51.100.2").await, 429);
    // Trusted: the proxy's last entry is the client; a spoofed first entry is not.
    let proxied = start_with(
        &["--limit-writes-per-ip", "1/1h", "--trust-forwarded-headers"],
        None,
    )
    .await;
    assert_eq!(write_from(&proxied, "198.51.100.1").await, 422);
    assert_eq!(write_from(&proxied, "198.51.100.2").await, 422);
    assert_eq!(
        write_from(&proxied, "203.0.113.50, 198.51.100.2").await,
        429
    );
}

#[tokio::test]
async fn bodies_over_the_limit_are_refused_on_every_route() {
    let server = start_with(&[], None).await;
    let big = vec![b'x'; static_host::MAX_REQUEST_BODY + 1];
    for path in ["/", "/products/3", "/api/user/logout", "/api/contact-us"] {
        let response = server
            .client
            .post(server.url(path))
            .header("Language", "ar")
            .header("content-type", "application/json")
            .body(big.clone())
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 413, "{path}");
        if path.starts_with("/api/") {
            let body: Value = response.json().await.unwrap();
            assert_eq!(
                body["message"],
                format!(
                    "نص الطلب كبير جدًا (الحد الأقصى {} كيلوبايت).",
                    static_host::MAX_REQUEST_BODY / 1024
                )
            );
        }
    }
    // A JSON body has its own, smaller limit.
    let response = server
        .client
        .post(server.url("/api/user/login-by-otp"))
        .header("content-type", "application/json")
        .body(vec![b' '; static_host::http::JSON_BODY_LIMIT + 1])
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 413);
}

/// Sends the headers of a POST and a part of its body, then nothing more.
fn stalled_request(base: &str, path: &str) -> TcpStream {
    let addr = base.trim_start_matches("http://");
    let mut stream = TcpStream::connect(addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    write!(
        stream,
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nLanguage: en\r\nContent-Type: application/json\r\n\
         Content-Length: 100\r\nConnection: close\r\n\r\n{{\"mobile\":"
    )
    .unwrap();
    stream
}

#[tokio::test]
async fn a_request_that_takes_too_long_is_answered_408() {
    let server = start_with(&["--request-timeout", "1s"], None).await;
    let base = server.base.clone();
    let (status, text, took) = tokio::task::spawn_blocking(move || {
        let started = Instant::now();
        let mut stream = stalled_request(&base, "/api/user/login-by-otp");
        let mut raw = String::new();
        let _ = stream.read_to_string(&mut raw);
        let status: u16 = raw
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or(0);
        (status, raw, started.elapsed())
    })
    .await
    .unwrap();
    assert_eq!(status, 408, "{text}");
    assert!(text.contains("The request took too long. Please try again."));
    assert!(
        took >= Duration::from_millis(900) && took < Duration::from_secs(5),
        "{took:?}"
    );
}

/// Sends a whole request over a raw socket, its body in pieces as a slow network
/// would, then reads the answer to its end: the status and the text, or what went
/// wrong on the way (a server that answered and closed early makes the sending fail).
fn raw_exchange(base: &str, head: &str, body: &[u8]) -> Result<(u16, String), String> {
    let addr = base.trim_start_matches("http://");
    let mut stream = TcpStream::connect(addr).map_err(|e| e.to_string())?;
    stream
        .set_read_timeout(Some(Duration::from_secs(20)))
        .map_err(|e| e.to_string())?;
    let request = format!(
        "{head}\r\nHost: {addr}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    let sent = stream.write_all(request.as_bytes()).and_then(|()| {
        body.chunks(64 * 1024).try_for_each(|piece| {
            std::thread::sleep(Duration::from_millis(5));
            stream.write_all(piece)
        })
    });
    sent.map_err(|e| format!("while sending: {e}"))?;
    let mut raw = Vec::new();
    stream
        .read_to_end(&mut raw)
        .map_err(|e| format!("while reading the answer: {e}"))?;
    let text = String::from_utf8_lossy(&raw).into_owned();
    let status = text
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    Ok((status, text))
}

#[tokio::test]
async fn a_body_refused_before_it_is_read_still_gets_its_answer() {
    let server = start_with(&[], None).await;
    let base = server.base.clone();
    let results = tokio::task::spawn_blocking(move || {
        let big = vec![b'x'; static_host::MAX_REQUEST_BODY + 100 * 1024];
        let multipart = |token: Option<&str>| {
            let auth = token.map_or(String::new(), |t| format!("\r\nAuthorization: Bearer {t}"));
            format!(
                "POST /api/upload-file/upload HTTP/1.1\r\nLanguage: en\r\n\
                 Content-Type: multipart/form-data; boundary=b{auth}"
            )
        };
        // Over the size limit (refused from its Content-Length), and signed out (refused
        // before the body is looked at): each time the client sends its whole body.
        [
            raw_exchange(&base, &multipart(Some("not-a-token")), &big),
            raw_exchange(&base, &multipart(None), &big[..1024 * 1024]),
            raw_exchange(
                &base,
                "POST /api/user/login-by-otp HTTP/1.1\r\nContent-Type: application/json",
                &big[..static_host::http::JSON_BODY_LIMIT * 8],
            ),
        ]
    })
    .await
    .unwrap();
    let [too_big, signed_out, json_too_big] = results;
    let (status, text) = too_big.expect("the answer to a body over the limit");
    assert_eq!(status, 413, "{text}");
    assert!(text.contains("kilobytes") || text.contains("KB"), "{text}");
    let (status, text) = signed_out.expect("the answer to a signed-out upload");
    assert_eq!(status, 401, "{text}");
    let (status, text) = json_too_big.expect("the answer to a JSON body over its limit");
    assert_eq!(status, 413, "{text}");
}
