//! The credential cookie (issue 35): the customer's token, kept by the browser for the
//! page renderer alone, so that a private page (`/cart`) can be drawn on the server with
//! the customer's own data, as Medusa's and Saleor's storefronts do.
//!
//! - The app asks for it (`PUT /session` with `Authorization: Bearer …`) after sign-in or
//!   registration, and at startup when the page says it came without one; it drops it
//!   (`DELETE /session`) when storage loses the token (logout, a 401).
//! - It is `HttpOnly` (no script reads it) and `SameSite=Lax`; over HTTPS it is `Secure`
//!   and named with the `__Host-` prefix (this host only, path `/`).
//! - Only the page renderer reads it, never logs it, and a page drawn with it is
//!   `private, no-store`. The API never reads it: it takes only `Authorization`, so a
//!   cross-site request that carries the cookie gets nothing the cookie could open.
//! - Setting it needs the token in a header, which a cross-site form cannot send and a
//!   cross-site script cannot send without a CORS preflight this host never answers: no
//!   other site can plant its own customer's token here.
//! - A revoked or expired token is worthless in it: the renderer's call gets 401, the page
//!   is drawn signed out, and the answer clears the cookie.

use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

/// The cookie's name over plain HTTP.
pub const NAME: &str = "storefront_session";
/// Its name over HTTPS: the `__Host-` prefix makes the browser refuse it unless it is
/// `Secure`, has no `Domain` and has the path `/`.
pub const SECURE_NAME: &str = "__Host-storefront_session";
/// The path the app sets and clears it at.
pub const PATH: &str = "/session";
/// How long the browser keeps it: the app puts it back at startup when it is gone, and
/// the API decides how long the token itself is good for.
pub const MAX_AGE_S: u64 = 30 * 24 * 60 * 60;
/// Longest token kept (the embedded API's are 64 hex characters).
const MAX_TOKEN_LEN: usize = 512;

/// The cookie's name for a page served over HTTPS or not.
pub fn name(https: bool) -> &'static str {
    if https { SECURE_NAME } else { NAME }
}

/// A token the cookie may hold: what a bearer token's characters may be (RFC 6750's
/// `b64token`), all of which a cookie value allows as they are.
fn is_token(text: &str) -> bool {
    let body = text.trim_end_matches('=');
    !body.is_empty()
        && text.len() <= MAX_TOKEN_LEN
        && body.bytes().all(|b| {
            b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~' | b'+' | b'/')
        })
}

/// The token of `Authorization: Bearer …`, when it is one.
fn bearer(headers: &HeaderMap) -> Option<&str> {
    let value = headers.get(header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.split_once(' ')?;
    let token = token.trim();
    (scheme.eq_ignore_ascii_case("bearer") && is_token(token)).then_some(token)
}

/// Whether the request comes from a page of this site: browsers send `Origin` with every
/// `PUT` and `DELETE`, so one naming another site is refused (a missing one is a client
/// that is not a browser, which has no cookies to plant into anyway).
fn same_origin(headers: &HeaderMap, origin: &str) -> bool {
    headers.get(header::ORIGIN).is_none_or(|value| {
        value
            .to_str()
            .is_ok_and(|value| value.eq_ignore_ascii_case(origin))
    })
}

/// The `Set-Cookie` value that stores `token`, or (`None`) removes the cookie.
pub fn set_cookie(token: Option<&str>, https: bool) -> String {
    let secure = if https { "; Secure" } else { "" };
    match token {
        Some(token) => format!(
            "{}={token}; Path=/; Max-Age={MAX_AGE_S}; HttpOnly; SameSite=Lax{secure}",
            name(https)
        ),
        None => format!(
            "{}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax{secure}",
            name(https)
        ),
    }
}

/// The token the cookie holds in a `Cookie` header, when it holds one.
pub fn token_in(headers: &HeaderMap, https: bool) -> Option<String> {
    let wanted = name(https);
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, _)| *name == wanted)
        .map(|(_, value)| value.trim())
        .filter(|value| is_token(value))
        .map(str::to_owned)
}

fn answer(status: StatusCode, cookie: Option<String>) -> Response {
    let mut response = status.into_response();
    let headers = response.headers_mut();
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    if let Some(cookie) = cookie.and_then(|c| HeaderValue::from_str(&c).ok()) {
        headers.insert(header::SET_COOKIE, cookie);
    }
    response
}

/// `PUT /session`: stores the bearer token in the cookie (204); 401 without a bearer
/// token, 403 from another site's page.
pub fn put(headers: &HeaderMap, origin: &str, https: bool) -> Response {
    if !same_origin(headers, origin) {
        return answer(StatusCode::FORBIDDEN, None);
    }
    match bearer(headers) {
        Some(token) => answer(StatusCode::NO_CONTENT, Some(set_cookie(Some(token), https))),
        None => answer(StatusCode::UNAUTHORIZED, None),
    }
}

/// `DELETE /session`: removes the cookie (204); 403 from another site's page.
pub fn delete(headers: &HeaderMap, origin: &str, https: bool) -> Response {
    if !same_origin(headers, origin) {
        return answer(StatusCode::FORBIDDEN, None);
    }
    answer(StatusCode::NO_CONTENT, Some(set_cookie(None, https)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut headers = HeaderMap::new();
        for (name, value) in pairs {
            headers.append(*name, HeaderValue::from_str(value).unwrap());
        }
        headers
    }

    fn set_cookie_of(response: &Response) -> Option<&str> {
        response
            .headers()
            .get(header::SET_COOKIE)
            .map(|v| v.to_str().unwrap())
    }

    const ORIGIN: &str = "http://shop.test";

    #[test]
    fn a_bearer_token_becomes_an_http_only_lax_cookie() {
        let response = put(
            &headers(&[("authorization", "Bearer abc123")]),
            ORIGIN,
            false,
        );
        assert_eq!(response.status(), StatusCode::NO_CONTENT);
        assert_eq!(
            set_cookie_of(&response),
            Some("storefront_session=abc123; Path=/; Max-Age=2592000; HttpOnly; SameSite=Lax")
        );
        assert_eq!(response.headers()[header::CACHE_CONTROL], "no-store");
    }

    #[test]
    fn over_https_it_is_secure_and_host_prefixed() {
        let response = put(
            &headers(&[("authorization", "bearer abc123")]),
            ORIGIN,
            true,
        );
        assert_eq!(
            set_cookie_of(&response),
            Some(
                "__Host-storefront_session=abc123; Path=/; Max-Age=2592000; HttpOnly; SameSite=Lax; Secure"
            )
        );
        let cleared = delete(&HeaderMap::new(), ORIGIN, true);
        assert_eq!(
            set_cookie_of(&cleared),
            Some("__Host-storefront_session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Secure")
        );
    }

    #[test]
    fn no_bearer_token_no_cookie() {
        for value in [
            "",
            "Basic abc",
            "Bearer",
            "Bearer ",
            "Bearer a;b",
            "Bearer a b",
            "Bearer é",
        ] {
            let response = put(&headers(&[("authorization", value)]), ORIGIN, false);
            assert_eq!(response.status(), StatusCode::UNAUTHORIZED, "{value:?}");
            assert_eq!(set_cookie_of(&response), None, "{value:?}");
        }
        let long = format!("Bearer {}", "a".repeat(MAX_TOKEN_LEN + 1));
        assert_eq!(
            put(&headers(&[("authorization", &long)]), ORIGIN, false).status(),
            StatusCode::UNAUTHORIZED
        );
        assert_eq!(
            put(&HeaderMap::new(), ORIGIN, false).status(),
            StatusCode::UNAUTHORIZED
        );
        assert_eq!(
            put(&headers(&[("authorization", "Bearer ==")]), ORIGIN, false).status(),
            StatusCode::UNAUTHORIZED
        );
        // Base64's padding is part of a token.
        assert_eq!(
            put(&headers(&[("authorization", "Bearer YWI=")]), ORIGIN, false).status(),
            StatusCode::NO_CONTENT
        );
    }

    #[test]
    fn another_sites_page_can_neither_set_nor_clear_it() {
        let from = |origin| headers(&[("authorization", "Bearer attacker"), ("origin", origin)]);
        for response in [
            put(&from("http://evil.test"), ORIGIN, false),
            delete(&from("null"), ORIGIN, false),
        ] {
            assert_eq!(response.status(), StatusCode::FORBIDDEN);
            assert_eq!(set_cookie_of(&response), None);
        }
        assert_eq!(
            put(&from(ORIGIN), ORIGIN, false).status(),
            StatusCode::NO_CONTENT
        );
    }

    #[test]
    fn the_renderer_reads_only_its_own_name_and_only_a_token() {
        let cookies = headers(&[
            (
                "cookie",
                "storefront_view=en.1.3.2; storefront_session=tok-1",
            ),
            ("cookie", "other=x"),
        ]);
        assert_eq!(token_in(&cookies, false).as_deref(), Some("tok-1"));
        // Over HTTPS only the prefixed cookie counts (a plain one could have been set by a
        // sibling host or over HTTP).
        assert_eq!(token_in(&cookies, true), None);
        let secure = headers(&[("cookie", "__Host-storefront_session=tok-2")]);
        assert_eq!(token_in(&secure, true).as_deref(), Some("tok-2"));
        for junk in [
            "storefront_session=",
            "storefront_session=a\"b",
            "xstorefront_session=tok",
        ] {
            assert_eq!(
                token_in(&headers(&[("cookie", junk)]), false),
                None,
                "{junk}"
            );
        }
    }
}
