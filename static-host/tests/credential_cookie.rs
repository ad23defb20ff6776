//! The credential cookie (issue 35): `PUT /session` stores the customer's bearer token
//! in an HttpOnly cookie for the page renderer, `DELETE /session` removes it, and the API
//! never takes it in place of `Authorization`.

mod account_common;
mod common;

use account_common::register;
use common::{start, start_with};
use reqwest::StatusCode;
use reqwest::header::{self, HeaderValue};

fn set_cookie(response: &reqwest::Response) -> Option<String> {
    response
        .headers()
        .get(header::SET_COOKIE)
        .map(|value| value.to_str().unwrap().to_owned())
}

#[tokio::test]
async fn the_page_host_keeps_the_token_in_an_http_only_cookie_that_the_api_ignores() {
    let server = start().await;
    let token = register(&server, "01001230001").await;
    let put = server
        .client
        .put(server.url("/session"))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    assert_eq!(put.status(), StatusCode::NO_CONTENT);
    assert_eq!(
        set_cookie(&put).as_deref(),
        Some(
            format!("storefront_session={token}; Path=/; Max-Age=2592000; HttpOnly; SameSite=Lax")
                .as_str()
        )
    );
    assert_eq!(put.headers()[header::CACHE_CONTROL], "no-store");

    // The API reads only `Authorization`: the cookie alone is a signed-out call.
    let cookie = format!("storefront_session={token}");
    for path in ["/api/get_card?service_id=1", "/api/user/profile"] {
        let with_cookie = server
            .client
            .get(server.url(path))
            .header(header::COOKIE, &cookie)
            .send()
            .await
            .unwrap();
        assert_eq!(with_cookie.status(), StatusCode::UNAUTHORIZED, "{path}");
    }
    // The same token in the header is the customer.
    let with_header = server
        .client
        .get(server.url("/api/get_card?service_id=1"))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    assert_eq!(with_header.status(), StatusCode::OK);

    let delete = server
        .client
        .delete(server.url("/session"))
        .send()
        .await
        .unwrap();
    assert_eq!(delete.status(), StatusCode::NO_CONTENT);
    assert_eq!(
        set_cookie(&delete).as_deref(),
        Some("storefront_session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax")
    );
}

#[tokio::test]
async fn only_a_bearer_token_from_this_sites_pages_is_kept() {
    let server = start().await;
    let origin = server.url("");
    let origin = origin.trim_end_matches('/');
    let without = server
        .client
        .put(server.url("/session"))
        .send()
        .await
        .unwrap();
    assert_eq!(without.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(set_cookie(&without), None);
    // Another site's page: neither set nor cleared (login CSRF would plant its customer).
    for request in [
        server
            .client
            .put(server.url("/session"))
            .bearer_auth("planted"),
        server.client.delete(server.url("/session")),
    ] {
        let refused = request
            .header(header::ORIGIN, "https://elsewhere.example")
            .send()
            .await
            .unwrap();
        assert_eq!(refused.status(), StatusCode::FORBIDDEN);
        assert_eq!(set_cookie(&refused), None);
    }
    let own = server
        .client
        .put(server.url("/session"))
        .bearer_auth("abc")
        .header(header::ORIGIN, HeaderValue::from_str(origin).unwrap())
        .send()
        .await
        .unwrap();
    assert_eq!(own.status(), StatusCode::NO_CONTENT, "{origin}");
}

#[tokio::test]
async fn over_https_the_cookie_is_secure_and_host_prefixed() {
    let server = start_with(&["--trust-forwarded-headers"], None).await;
    let put = server
        .client
        .put(server.url("/session"))
        .bearer_auth("abc")
        .header("x-forwarded-proto", "https")
        .send()
        .await
        .unwrap();
    assert_eq!(put.status(), StatusCode::NO_CONTENT);
    assert_eq!(
        set_cookie(&put).as_deref(),
        Some(
            "__Host-storefront_session=abc; Path=/; Max-Age=2592000; HttpOnly; SameSite=Lax; Secure"
        )
    );
}
