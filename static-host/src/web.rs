//! Serving the built UI: hashed assets with long-lived caching, `index.html` for
//! every client route (the SPA fallback), and the runtime API base injected into
//! `index.html` so one build can talk to any API.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use axum::Router;
use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{HeaderValue, Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use tower::ServiceExt;
use tower_http::services::ServeDir;

/// Vite writes content-hashed files here; they never change under the same name.
const HASHED_ASSETS: &str = "/assets/";
const IMMUTABLE: &str = "public, max-age=31536000, immutable";
const REVALIDATE: &str = "no-cache";
/// The `<meta>` tag in index.html whose `content` holds the API base.
const API_BASE_META: &str = r#"name="storefront-api-base" content=""#;

#[derive(Clone)]
struct Ui {
    dir: PathBuf,
    index: Option<Arc<str>>,
}

pub fn router(ui_dir: &Path, api_base: &str) -> Router {
    let index = match std::fs::read_to_string(ui_dir.join("index.html")) {
        Ok(html) => Some(Arc::from(inject_api_base(&html, api_base))),
        Err(err) => {
            tracing::warn!(dir = %ui_dir.display(), %err, "no built UI found; serving the API only");
            None
        }
    };
    let ui = Ui {
        dir: ui_dir.to_owned(),
        index,
    };
    Router::new().fallback(serve_ui).with_state(ui)
}

async fn serve_ui(State(ui): State<Ui>, request: Request) -> Response {
    if !matches!(*request.method(), Method::GET | Method::HEAD) {
        return StatusCode::METHOD_NOT_ALLOWED.into_response();
    }
    let path = request.uri().path().to_owned();
    if path == "/" || path == "/index.html" {
        return index_response(&ui);
    }
    let served = ServeDir::new(&ui.dir)
        .append_index_html_on_directories(false)
        .oneshot(request)
        .await;
    let mut response = match served {
        Ok(response) => response.map(Body::new),
        Err(never) => match never {},
    };
    if response.status() == StatusCode::NOT_FOUND {
        // Client routes (/products/12) get the app; a missing file (/assets/x.js,
        // /logo.png) stays a 404 so the browser never parses HTML as a script.
        return if looks_like_file(&path) {
            StatusCode::NOT_FOUND.into_response()
        } else {
            index_response(&ui)
        };
    }
    let cache = if path.starts_with(HASHED_ASSETS) {
        IMMUTABLE
    } else {
        REVALIDATE
    };
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    response
}

fn index_response(ui: &Ui) -> Response {
    match &ui.index {
        Some(html) => (
            [
                (header::CONTENT_TYPE, "text/html; charset=utf-8"),
                (header::CACHE_CONTROL, REVALIDATE),
            ],
            html.to_string(),
        )
            .into_response(),
        None => (
            StatusCode::SERVICE_UNAVAILABLE,
            "The storefront UI has not been built. Run ./dev run.",
        )
            .into_response(),
    }
}

fn looks_like_file(path: &str) -> bool {
    path.starts_with(HASHED_ASSETS)
        || path
            .rsplit('/')
            .next()
            .is_some_and(|last| last.contains('.'))
}

/// Puts `api_base` into the storefront-api-base meta tag, attribute-escaped.
fn inject_api_base(html: &str, api_base: &str) -> String {
    let Some(start) = html.find(API_BASE_META).map(|i| i + API_BASE_META.len()) else {
        tracing::warn!("index.html has no storefront-api-base meta tag");
        return html.to_owned();
    };
    let Some(len) = html[start..].find('"') else {
        return html.to_owned();
    };
    let mut out = String::with_capacity(html.len() + api_base.len());
    out.push_str(&html[..start]);
    for c in api_base.chars() {
        match c {
            '"' => out.push_str("&quot;"),
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            c => out.push(c),
        }
    }
    out.push_str(&html[start + len..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn injects_and_escapes_the_api_base() {
        let html = r#"<head><meta name="storefront-api-base" content="/api" /></head>"#;
        assert_eq!(
            inject_api_base(html, "https://x.example/?a=1&b=\"2\""),
            r#"<head><meta name="storefront-api-base" content="https://x.example/?a=1&amp;b=&quot;2&quot;" /></head>"#
        );
    }

    #[test]
    fn leaves_html_without_the_tag_alone() {
        assert_eq!(inject_api_base("<p>hi</p>", "/x"), "<p>hi</p>");
    }

    #[test]
    fn files_and_routes_are_told_apart() {
        assert!(looks_like_file("/assets/index-abc.js"));
        assert!(looks_like_file("/assets/chunk"));
        assert!(looks_like_file("/favicon.svg"));
        assert!(!looks_like_file("/products/12"));
        assert!(!looks_like_file("/account/information/1"));
    }
}
