//! Starts the real server on a loopback port and checks how it serves the UI.

mod common;

use common::{Server, start, start_with};
use reqwest::header;

async fn get(server: &Server, path: &str) -> reqwest::Response {
    server.get(path).await
}

fn header_of(response: &reqwest::Response, name: header::HeaderName) -> String {
    response
        .headers()
        .get(name)
        .map(|v| v.to_str().unwrap().to_owned())
        .unwrap_or_default()
}

#[tokio::test]
async fn index_is_served_with_the_embedded_api_base_and_no_long_cache() {
    let server = start().await;
    let response = get(&server, "/").await;
    assert_eq!(response.status(), 200);
    assert_eq!(header_of(&response, header::CACHE_CONTROL), "no-cache");
    assert!(header_of(&response, header::CONTENT_TYPE).starts_with("text/html"));
    let body = response.text().await.unwrap();
    assert!(body.contains(r#"<meta name="storefront-api-base" content="/api" />"#));
}

#[tokio::test]
async fn client_routes_fall_back_to_the_app() {
    let server = start().await;
    // A path no route matches gets the app too, with a real 404 (issue 23).
    for (path, status) in [
        ("/home", 200),
        ("/products/12", 200),
        ("/account/information/1", 200),
        ("/no/such/page", 404),
    ] {
        let response = get(&server, path).await;
        assert_eq!(response.status(), status, "{path}");
        assert!(response.text().await.unwrap().contains("<div id=\"root\">"));
    }
}

#[tokio::test]
async fn missing_files_are_404_not_html() {
    let server = start().await;
    for path in ["/assets/index-000000.js", "/logo.png"] {
        assert_eq!(get(&server, path).await.status(), 404, "{path}");
    }
}

#[tokio::test]
async fn hashed_assets_are_cached_for_a_year_and_compressed() {
    let server = start().await;
    let response = server
        .client
        .get(server.url("/assets/index-3f2a1b.js"))
        .header(header::ACCEPT_ENCODING, "gzip")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(
        header_of(&response, header::CACHE_CONTROL),
        "public, max-age=31536000, immutable"
    );
    assert_eq!(header_of(&response, header::CONTENT_ENCODING), "gzip");
    assert!(header_of(&response, header::CONTENT_TYPE).contains("javascript"));
}

#[tokio::test]
async fn wasm_has_its_own_content_type() {
    let server = start().await;
    let response = get(&server, "/assets/storefront_core_bg-9c1d.wasm").await;
    assert_eq!(response.status(), 200);
    assert_eq!(
        header_of(&response, header::CONTENT_TYPE),
        "application/wasm"
    );
}

#[tokio::test]
async fn unhashed_files_must_revalidate() {
    let server = start().await;
    let response = get(&server, "/favicon.svg").await;
    assert_eq!(response.status(), 200);
    assert_eq!(header_of(&response, header::CACHE_CONTROL), "no-cache");
}

#[tokio::test]
async fn embedded_api_answers_health_and_json_404() {
    let server = start().await;
    let response = get(&server, "/api/health").await;
    assert_eq!(response.status(), 200);
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(body["status"], "ok");

    let response = get(&server, "/api/no-such-call").await;
    assert_eq!(response.status(), 404);
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(body["message"], "The requested item was not found.");
}

#[tokio::test]
async fn the_data_directory_and_database_are_created_when_missing() {
    let server = start().await;
    assert!(server.data_dir().join("storefront.db").is_file());
    assert!(server.data_dir().join("uploads").is_dir());
}

#[tokio::test]
async fn external_api_is_injected_and_the_embedded_one_is_off() {
    let server = start_with(&["--api-base-url", "https://api.shop.example/v1"], None).await;
    let body = get(&server, "/").await.text().await.unwrap();
    assert!(body.contains(r#"content="https://api.shop.example/v1""#));
    assert_eq!(get(&server, "/api/health").await.status(), 404);
}

#[tokio::test]
async fn the_admin_api_base_defaults_to_the_product_api_and_can_be_set() {
    let server = start().await;
    let body = get(&server, "/").await.text().await.unwrap();
    assert!(body.contains(r#"<meta name="storefront-admin-api-base" content="/api" />"#));

    let server = start_with(
        &["--admin-api-base-url", "https://admin.shop.example/api"],
        None,
    )
    .await;
    let response = get(&server, "/").await;
    assert!(
        header_of(&response, header::CONTENT_SECURITY_POLICY)
            .contains("connect-src 'self' https://admin.shop.example;")
    );
    let body = response.text().await.unwrap();
    assert!(body.contains(
        r#"<meta name="storefront-admin-api-base" content="https://admin.shop.example/api" />"#
    ));
    // The product API stays the embedded one.
    assert!(body.contains(r#"<meta name="storefront-api-base" content="/api" />"#));
    assert_eq!(get(&server, "/api/health").await.status(), 200);
}

#[tokio::test]
async fn other_methods_on_ui_paths_are_refused() {
    let server = start().await;
    let response = server
        .client
        .post(server.url("/home"))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 405);
}
