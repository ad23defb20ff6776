//! `GET /api/media/{kind}/{file}`: generated SVG images, through the real server.

mod common;

use common::{Server, start};
use reqwest::header;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// One root element, tags balanced, attribute quotes paired, no stray text.
fn well_formed(svg: &str) -> bool {
    let mut stack: Vec<&str> = Vec::new();
    let mut rest = svg;
    let mut roots = 0;
    while let Some(start) = rest.find('<') {
        if !rest[..start].trim().is_empty() {
            return false;
        }
        let Some(end) = rest[start..].find('>') else {
            return false;
        };
        let tag = &rest[start + 1..start + end];
        rest = &rest[start + end + 1..];
        if let Some(name) = tag.strip_prefix('/') {
            if stack.pop() != Some(name) {
                return false;
            }
            continue;
        }
        if stack.is_empty() {
            roots += 1;
        }
        let body = tag.trim_end_matches('/');
        let name = body.split_whitespace().next().unwrap_or_default();
        if name.is_empty() || !body.matches('"').count().is_multiple_of(2) {
            return false;
        }
        if !tag.ends_with('/') {
            stack.push(name);
        }
    }
    stack.is_empty() && roots == 1 && rest.trim().is_empty()
}

fn header_of(response: &reqwest::Response, name: header::HeaderName) -> String {
    response
        .headers()
        .get(name)
        .map(|v| v.to_str().unwrap().to_owned())
        .unwrap_or_default()
}

/// Fetches an image and checks everything every image must satisfy; returns the SVG.
async fn svg(server: &Server, path: &str) -> String {
    let response = server.get(path).await;
    assert_eq!(response.status(), 200, "{path}");
    assert_eq!(
        header_of(&response, header::CONTENT_TYPE),
        "image/svg+xml",
        "{path}"
    );
    assert_eq!(
        header_of(&response, header::CACHE_CONTROL),
        "public, max-age=31536000, immutable",
        "{path}"
    );
    assert_eq!(
        header_of(&response, header::X_CONTENT_TYPE_OPTIONS),
        "nosniff",
        "{path}"
    );
    assert_eq!(
        header_of(&response, header::CONTENT_SECURITY_POLICY),
        "default-src 'none'; style-src 'unsafe-inline'",
        "{path}"
    );
    let body = response.text().await.unwrap();
    assert!(body.len() < 3 * 1024, "{path}: {} bytes", body.len());
    assert!(
        body.starts_with(r#"<svg xmlns="http://www.w3.org/2000/svg" "#),
        "{path}"
    );
    assert!(well_formed(&body), "{path}: {body}");
    assert!(
        !body.contains("<script") && !body.contains("href"),
        "{path}"
    );
    body
}

/// The `width`, `height` and `viewBox` of an SVG.
fn dimensions(svg: &str) -> (u32, u32, String) {
    let attr = |name: &str| {
        let start = svg.find(&format!(" {name}=\"")).unwrap() + name.len() + 3;
        svg[start..start + svg[start..].find('"').unwrap()].to_owned()
    };
    (
        attr("width").parse().unwrap(),
        attr("height").parse().unwrap(),
        attr("viewBox"),
    )
}

async fn not_found(server: &Server, path: &str, language: &str) -> serde_json::Value {
    let response = server
        .client
        .get(server.url(path))
        .header("Language", language)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 404, "{path}");
    assert!(
        header_of(&response, header::CONTENT_TYPE).starts_with("application/json"),
        "{path}"
    );
    let body: serde_json::Value = response.json().await.unwrap();
    assert!(
        body["message"].as_str().is_some_and(|m| !m.is_empty()),
        "{path}: {body}"
    );
    body
}

#[tokio::test]
async fn every_kind_answers_safe_svg_with_its_shape() {
    let server = start().await;
    let cases = [
        ("/api/media/products/1.svg", 1, 1),
        ("/api/media/branches/1.svg", 1, 1),
        ("/api/media/covers/1.svg", 16, 9),
        ("/api/media/categories/1.svg", 1, 1),
        ("/api/media/services/1.svg", 1, 1),
        ("/api/media/brands/1.svg", 1, 1),
        ("/api/media/branch-categories/1.svg", 1, 1),
        ("/api/media/banners/1.svg", 3, 1),
        ("/api/media/banners/9.svg", 3, 1),
        ("/api/media/brand/logo.svg", 1, 1),
    ];
    for (path, w, h) in cases {
        let body = svg(&server, path).await;
        let (width, height, view_box) = dimensions(&body);
        assert_eq!(width * h, height * w, "{path} is {width}×{height}");
        let view: Vec<u32> = view_box.split(' ').map(|n| n.parse().unwrap()).collect();
        assert_eq!(view[2] * h, view[3] * w, "{path} viewBox {view_box}");
    }
    // Same URL, same picture; a different id, a different one.
    assert_eq!(
        svg(&server, "/api/media/products/5.svg").await,
        svg(&server, "/api/media/products/5.svg").await
    );
    assert_ne!(
        svg(&server, "/api/media/products/5.svg").await,
        svg(&server, "/api/media/products/6.svg").await
    );
}

#[tokio::test]
async fn every_image_the_catalogue_refers_to_exists() {
    let server = start().await;
    let urls: Vec<String> = {
        let db = server.db();
        let mut urls = Vec::new();
        for sql in [
            "SELECT icon FROM services",
            "SELECT icon FROM branch_categories",
            "SELECT icon FROM categories",
            "SELECT logo FROM brands",
            "SELECT logo FROM branches",
            "SELECT cover FROM branches",
            "SELECT image FROM products",
            "SELECT json_extract(value, '$.logo') FROM settings WHERE key = 'settings'",
        ] {
            let mut stmt = db.prepare(sql).unwrap();
            let found: Vec<String> = stmt
                .query_map([], |r| r.get(0))
                .unwrap()
                .collect::<Result<_, _>>()
                .unwrap();
            assert!(!found.is_empty(), "{sql}");
            urls.extend(found);
        }
        urls
    };
    assert!(urls.len() > 1_000);
    for url in &urls {
        assert!(url.starts_with("/api/media/"), "{url}");
        svg(&server, url).await;
    }
}

#[tokio::test]
async fn images_follow_the_database() {
    let server = start().await;
    not_found(&server, "/api/media/brands/999.svg", "en").await;
    server
        .db()
        .execute("INSERT INTO brands (id, service_id, name_en, name_ar, logo) VALUES (999, 1, 'New', 'جديد', 'x')", [])
        .unwrap();
    svg(&server, "/api/media/brands/999.svg").await;
    // Covers follow shops.
    let last_branch: i64 = server
        .db()
        .query_row("SELECT max(id) FROM branches", [], |r| r.get(0))
        .unwrap();
    svg(&server, &format!("/api/media/covers/{last_branch}.svg")).await;
    not_found(
        &server,
        &format!("/api/media/covers/{}.svg", last_branch + 1),
        "en",
    )
    .await;
}

#[tokio::test]
async fn unknown_kinds_ids_and_names_are_json_404s_in_the_request_language() {
    let server = start().await;
    let english = not_found(&server, "/api/media/products/999999.svg", "en").await;
    assert_eq!(english["message"], "The requested item was not found.");
    let arabic = not_found(&server, "/api/media/products/999999.svg", "ar").await;
    assert_eq!(arabic["message"], "العنصر المطلوب غير موجود.");
    for path in [
        "/api/media/videos/1.svg",
        "/api/media/Products/1.svg",
        "/api/media/products/0.svg",
        "/api/media/products/01.svg",
        "/api/media/products/-1.svg",
        "/api/media/products/abc.svg",
        "/api/media/products/1.png",
        "/api/media/products/1",
        "/api/media/products/1.svg.svg",
        "/api/media/products/99999999999999999999999.svg",
        "/api/media/products/%F0%9F%8D%95.svg",
        "/api/media/products/%FF.svg",
        "/api/media/banners/0.svg",
        "/api/media/banners/10.svg",
        "/api/media/brand/1.svg",
        "/api/media/brand/logo.png",
        "/api/media/categories/100000.svg",
        "/api/media/services/4.svg",
        "/api/media/products",
        "/api/media/products/1.svg/extra",
    ] {
        not_found(&server, path, "en").await;
    }
}

/// Sends a request line exactly as written (an HTTP client would normalise `..`).
async fn raw_get(server: &Server, target: &str) -> (u16, String) {
    let addr = server.base.trim_start_matches("http://");
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let request = format!("GET {target} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut response = Vec::new();
    stream.read_to_end(&mut response).await.unwrap();
    let text = String::from_utf8_lossy(&response).into_owned();
    let status = text
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    (status, text)
}

#[tokio::test]
async fn path_traversal_never_serves_a_file() {
    let server = start().await;
    let secret = std::fs::read_to_string(server.data_dir().join("secret.key")).unwrap();
    assert!(secret.trim().len() >= 32);
    let leaked = |body: &str| body.contains(secret.trim()) || body.contains("SQLite format 3");

    for path in [
        "/api/media/products/..%2F..%2Fsecret.key",
        "/api/media/products/..%2F..%2Fstorefront.db",
        "/api/media/..%2Fstorefront.db/1.svg",
        "/api/media/products/%2e%2e%2f%2e%2e%2fsecret.key",
        "/api/media/products/..%5C..%5Csecret.key",
        "/api/media/brand/..%2Fsecret.key",
    ] {
        let body = not_found(&server, path, "en").await;
        assert!(!leaked(&body.to_string()), "{path}");
    }
    for target in [
        "/api/media/../storefront.db",
        "/api/media/../secret.key",
        "/api/media/products/../../storefront.db",
        "/api/media/products/../../../data/secret.key",
        "/api/media/%2e%2e/storefront.db",
        "/api/media/brand/../../secret.key",
    ] {
        let (status, text) = raw_get(&server, target).await;
        assert_eq!(status, 404, "{target}: {text}");
        assert!(
            text.to_ascii_lowercase()
                .contains("content-type: application/json"),
            "{target}: {text}"
        );
        assert!(!leaked(&text), "{target}");
    }
}

#[tokio::test]
async fn the_media_endpoint_is_documented() {
    let server = start().await;
    let (status, doc) = server.get_json("/api/openapi.json").await;
    assert_eq!(status, 200);
    let operation = &doc["paths"]["/media/{kind}/{file}"]["get"];
    assert!(operation.is_object(), "{}", doc["paths"]);
    assert!(operation["responses"]["200"]["content"]["image/svg+xml"].is_object());
    assert!(operation["responses"]["404"].is_object());
}
