//! Response headers that make the browser enforce what the storefront needs and no
//! more: a strict Content-Security-Policy, no MIME sniffing, a referrer policy,
//! geolocation for this origin only, HSTS behind a TLS proxy, and CORS on the API for
//! configured origins only.

use std::time::Duration;

use axum::extract::{Request, State};
use axum::http::{HeaderName, HeaderValue, Method, header};
use axum::middleware::Next;
use axum::response::Response;
use tower_http::cors::{AllowOrigin, CorsLayer};

use crate::http::client_ip::arrived_over_tls;

/// A year, with subdomains: the usual HSTS policy once a site is HTTPS only.
pub const HSTS: &str = "max-age=31536000; includeSubDomains";
pub const REFERRER_POLICY: &str = "strict-origin-when-cross-origin";
/// Geolocation (the location picker's "use my location") for this origin; the
/// features the storefront never uses are off.
pub const PERMISSIONS_POLICY: &str =
    "geolocation=(self), camera=(), microphone=(), payment=(), usb=(), interest-cohort=()";

/// The origin (`scheme://host[:port]`) of a URL, if it has one.
pub fn origin_of(url: &str) -> Option<String> {
    let url = reqwest::Url::parse(url).ok()?;
    let origin = url.origin();
    origin.is_tuple().then(|| origin.ascii_serialization())
}

/// The Content-Security-Policy of every response. Scripts only from this origin,
/// plus `'wasm-unsafe-eval'` to compile the WASM core; no inline script or style
/// (React sets styles through the CSSOM, which CSP allows); the map's worker is a
/// same-origin file (mapbox-gl's CSP build), not a `blob:`. With an external API its
/// origin is added where the UI reaches it: `connect-src` for calls and `img-src`
/// for the images it serves; an admin API elsewhere (uploads) is added to
/// `connect-src`.
pub fn content_security_policy(external_api: Option<&str>, admin_api: Option<&str>) -> String {
    let api = external_api
        .and_then(origin_of)
        .map(|origin| format!(" {origin}"))
        .unwrap_or_default();
    let admin = admin_api
        .and_then(origin_of)
        .filter(|origin| api.trim() != origin)
        .map(|origin| format!(" {origin}"))
        .unwrap_or_default();
    [
        "default-src 'self'".to_owned(),
        "script-src 'self' 'wasm-unsafe-eval'".to_owned(),
        "style-src 'self'".to_owned(),
        format!("img-src 'self' data: blob:{api}"),
        "font-src 'self'".to_owned(),
        format!("connect-src 'self'{api}{admin}"),
        "worker-src 'self'".to_owned(),
        "manifest-src 'self'".to_owned(),
        "frame-ancestors 'none'".to_owned(),
        "form-action 'self'".to_owned(),
        "object-src 'none'".to_owned(),
        "base-uri 'self'".to_owned(),
    ]
    .join("; ")
}

/// What the header middleware needs.
#[derive(Clone)]
pub struct SecurityHeaders {
    csp: HeaderValue,
    trust_forwarded_headers: bool,
}

impl SecurityHeaders {
    pub fn new(
        external_api: Option<&str>,
        admin_api: Option<&str>,
        trust_forwarded_headers: bool,
    ) -> Self {
        let csp = content_security_policy(external_api, admin_api);
        SecurityHeaders {
            // Built from a parsed origin and fixed text: always a valid header value.
            csp: HeaderValue::from_str(&csp)
                .unwrap_or_else(|_| HeaderValue::from_static("default-src 'self'")),
            trust_forwarded_headers,
        }
    }
}

/// Middleware: adds the security headers to every response. A response that set its
/// own Content-Security-Policy (an image's sandbox) keeps it.
pub async fn add_security_headers(
    State(config): State<SecurityHeaders>,
    request: Request,
    next: Next,
) -> Response {
    let tls = arrived_over_tls(request.headers(), config.trust_forwarded_headers);
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    if !headers.contains_key(header::CONTENT_SECURITY_POLICY) {
        headers.insert(header::CONTENT_SECURITY_POLICY, config.csp.clone());
    }
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static(REFERRER_POLICY),
    );
    headers.insert(
        HeaderName::from_static("permissions-policy"),
        HeaderValue::from_static(PERMISSIONS_POLICY),
    );
    // Only over TLS: HSTS on plain HTTP is ignored by browsers at best, and would pin
    // a development host to HTTPS at worst.
    if tls {
        headers.insert(
            header::STRICT_TRANSPORT_SECURITY,
            HeaderValue::from_static(HSTS),
        );
    }
    response
}

/// CORS for the API: only the configured origins, with the headers the client sends;
/// `None` when no origin is configured (browsers then allow same-origin calls only).
pub fn cors(origins: &[String]) -> Option<CorsLayer> {
    let allowed: Vec<HeaderValue> = origins
        .iter()
        .filter_map(|o| origin_of(o.trim()))
        .filter_map(|o| HeaderValue::from_str(&o).ok())
        .collect();
    if allowed.is_empty() {
        return None;
    }
    Some(
        CorsLayer::new()
            .allow_origin(AllowOrigin::list(allowed))
            .allow_methods([
                Method::GET,
                Method::POST,
                Method::PUT,
                Method::PATCH,
                Method::DELETE,
            ])
            .allow_headers([
                header::AUTHORIZATION,
                header::CONTENT_TYPE,
                HeaderName::from_static("language"),
                HeaderName::from_static("district-id"),
                HeaderName::from_static("address-id"),
                HeaderName::from_static("longitude"),
                HeaderName::from_static("latitude"),
                HeaderName::from_static("user-agent-type"),
                HeaderName::from_static("currency"),
                HeaderName::from_static("idempotency-key"),
            ])
            .expose_headers([
                header::RETRY_AFTER,
                HeaderName::from_static("idempotent-replayed"),
            ])
            .max_age(Duration::from_secs(600)),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_policy_is_strict_and_names_the_external_api() {
        assert_eq!(
            content_security_policy(None, None),
            "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; \
             img-src 'self' data: blob:; font-src 'self'; connect-src 'self'; worker-src 'self'; \
             manifest-src 'self'; frame-ancestors 'none'; form-action 'self'; object-src 'none'; \
             base-uri 'self'"
        );
        let external = content_security_policy(Some("https://api.shop.example:8443/v1/"), None);
        assert!(external.contains("connect-src 'self' https://api.shop.example:8443;"));
        assert!(external.contains("img-src 'self' data: blob: https://api.shop.example:8443;"));
        // Uploads to an admin API elsewhere: calls may reach it too, once.
        let admin = content_security_policy(
            Some("https://api.shop.example/v1"),
            Some("https://admin.shop.example/api"),
        );
        assert!(
            admin.contains(
                "connect-src 'self' https://api.shop.example https://admin.shop.example;"
            )
        );
        assert!(admin.contains("img-src 'self' data: blob: https://api.shop.example;"));
        let same = content_security_policy(
            Some("https://api.shop.example/v1"),
            Some("https://api.shop.example/admin"),
        );
        assert!(same.contains("connect-src 'self' https://api.shop.example;"));
        let embedded = content_security_policy(None, Some("https://admin.shop.example"));
        assert!(embedded.contains("connect-src 'self' https://admin.shop.example;"));
    }

    #[test]
    fn origins_are_scheme_host_and_port() {
        assert_eq!(
            origin_of("https://shop.example/path?q=1").as_deref(),
            Some("https://shop.example")
        );
        assert_eq!(
            origin_of("http://127.0.0.1:9000").as_deref(),
            Some("http://127.0.0.1:9000")
        );
        assert_eq!(origin_of("not a url"), None);
        assert_eq!(origin_of("data:text/plain,hi"), None);
    }

    #[test]
    fn no_origins_no_cors() {
        assert!(cors(&[]).is_none());
        assert!(cors(&["nonsense".to_owned()]).is_none());
        assert!(cors(&["https://app.shop.example".to_owned()]).is_some());
    }
}
