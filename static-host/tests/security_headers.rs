//! Security headers on every response of the real server (pages, assets, API answers
//! and errors), HSTS only behind a trusted TLS proxy, the external API's origin in the
//! policy, and CORS on the API for configured origins only.

mod common;

use common::{Server, start_with};
use reqwest::header::HeaderMap;

const CSP: &str = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; \
img-src 'self' data: blob:; font-src 'self'; connect-src 'self'; worker-src 'self'; \
manifest-src 'self'; frame-ancestors 'none'; form-action 'self'; object-src 'none'; base-uri 'self'";

async fn headers(server: &Server, method: reqwest::Method, path: &str) -> (u16, HeaderMap) {
    let response = server
        .client
        .request(method, server.url(path))
        .send()
        .await
        .unwrap();
    (response.status().as_u16(), response.headers().clone())
}

fn assert_protected(path: &str, headers: &HeaderMap) {
    assert_eq!(headers["content-security-policy"], CSP, "{path}");
    assert_eq!(headers["x-content-type-options"], "nosniff", "{path}");
    assert_eq!(
        headers["referrer-policy"], "strict-origin-when-cross-origin",
        "{path}"
    );
    let permissions = headers["permissions-policy"].to_str().unwrap();
    assert!(
        permissions.starts_with("geolocation=(self), camera=()"),
        "{path}: {permissions}"
    );
    assert!(
        !headers.contains_key("strict-transport-security"),
        "{path}: HSTS over plain HTTP"
    );
    assert!(
        !headers.contains_key("access-control-allow-origin"),
        "{path}"
    );
}

#[tokio::test]
async fn every_kind_of_response_carries_the_security_headers() {
    let server = start_with(&[], None).await;
    for (method, path, status) in [
        (reqwest::Method::GET, "/", 200),
        (reqwest::Method::GET, "/index.html", 200),
        (reqwest::Method::GET, "/products/12", 200),
        (reqwest::Method::GET, "/assets/index-3f2a1b.js", 200),
        (reqwest::Method::GET, "/assets/missing.js", 404),
        (reqwest::Method::POST, "/", 405),
        (reqwest::Method::GET, "/api/health", 200),
        (
            reqwest::Method::GET,
            "/api/products?service_id=1&page=1",
            200,
        ),
        (reqwest::Method::GET, "/api/no-such-call", 404),
        (reqwest::Method::GET, "/api/user/profile", 401),
    ] {
        let (got, headers) = headers(&server, method, path).await;
        assert_eq!(got, status, "{path}");
        assert_protected(path, &headers);
    }
}

#[tokio::test]
async fn images_keep_their_own_sandbox_policy() {
    let server = start_with(&[], None).await;
    let (status, headers) =
        headers(&server, reqwest::Method::GET, "/api/media/products/1.svg").await;
    assert_eq!(status, 200);
    assert_eq!(
        headers["content-security-policy"],
        "default-src 'none'; style-src 'unsafe-inline'"
    );
    assert_eq!(headers["x-content-type-options"], "nosniff");
}

#[tokio::test]
async fn hsts_only_when_a_trusted_proxy_says_the_request_came_over_tls() {
    async fn hsts(server: &Server, proto: Option<&str>) -> Option<String> {
        let mut request = server.client.get(server.url("/"));
        if let Some(proto) = proto {
            request = request.header("x-forwarded-proto", proto);
        }
        let response = request.send().await.unwrap();
        response
            .headers()
            .get("strict-transport-security")
            .map(|v| v.to_str().unwrap().to_owned())
    }
    let direct = start_with(&[], None).await;
    assert_eq!(hsts(&direct, Some("https")).await, None);
    let proxied = start_with(&["--trust-forwarded-headers"], None).await;
    assert_eq!(
        hsts(&proxied, Some("https")).await.as_deref(),
        Some("max-age=31536000; includeSubDomains")
    );
    assert_eq!(hsts(&proxied, Some("http")).await, None);
    assert_eq!(hsts(&proxied, None).await, None);
}

#[tokio::test]
async fn an_external_api_is_allowed_where_the_ui_reaches_it() {
    let server = start_with(
        &["--api-base-url", "https://api.shop.example:8443/v1"],
        None,
    )
    .await;
    let (_, headers) = headers(&server, reqwest::Method::GET, "/").await;
    let csp = headers["content-security-policy"].to_str().unwrap();
    assert!(
        csp.contains("; connect-src 'self' https://api.shop.example:8443;"),
        "{csp}"
    );
    assert!(
        csp.contains("; img-src 'self' data: blob: https://api.shop.example:8443;"),
        "{csp}"
    );
    assert!(
        csp.contains("script-src 'self' 'wasm-unsafe-eval';"),
        "{csp}"
    );
}

async fn preflight(server: &Server, origin: &str) -> (u16, HeaderMap) {
    let response = server
        .client
        .request(
            reqwest::Method::OPTIONS,
            server.url("/api/order/add-to-cart"),
        )
        .header("origin", origin)
        .header("access-control-request-method", "POST")
        .header(
            "access-control-request-headers",
            "authorization, content-type, language, district-id",
        )
        .send()
        .await
        .unwrap();
    (response.status().as_u16(), response.headers().clone())
}

#[tokio::test]
async fn cors_answers_configured_origins_only() {
    // Nothing configured: no origin is allowed.
    let closed = start_with(&[], None).await;
    let (_, headers) = preflight(&closed, "https://app.shop.example").await;
    assert!(!headers.contains_key("access-control-allow-origin"));

    let server = start_with(
        &[
            "--cors-origins",
            "https://app.shop.example,https://admin.shop.example",
        ],
        None,
    )
    .await;
    let (status, headers) = preflight(&server, "https://app.shop.example").await;
    assert_eq!(status, 200);
    assert_eq!(
        headers["access-control-allow-origin"],
        "https://app.shop.example"
    );
    let allowed = headers["access-control-allow-headers"]
        .to_str()
        .unwrap()
        .to_ascii_lowercase();
    for name in ["authorization", "content-type", "language", "district-id"] {
        assert!(allowed.contains(name), "{allowed}");
    }
    assert!(
        headers["access-control-allow-methods"]
            .to_str()
            .unwrap()
            .contains("POST")
    );

    let (_, headers) = preflight(&server, "https://evil.example").await;
    assert!(!headers.contains_key("access-control-allow-origin"));

    // A simple call from an allowed origin can read the answer; another cannot.
    for (origin, allowed) in [
        ("https://admin.shop.example", true),
        ("https://evil.example", false),
    ] {
        let response = server
            .client
            .get(server.url("/api/setting"))
            .header("origin", origin)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200);
        assert_eq!(
            response
                .headers()
                .get("access-control-allow-origin")
                .is_some(),
            allowed,
            "{origin}"
        );
        if allowed {
            assert!(
                response.headers()["access-control-expose-headers"]
                    .to_str()
                    .unwrap()
                    .to_ascii_lowercase()
                    .contains("retry-after")
            );
        }
    }
    // The storefront's pages are not part of the API: no CORS there.
    let page = server
        .client
        .get(server.url("/"))
        .header("origin", "https://app.shop.example")
        .send()
        .await
        .unwrap();
    assert!(!page.headers().contains_key("access-control-allow-origin"));
}
