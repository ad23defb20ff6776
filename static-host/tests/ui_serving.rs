//! Starts the real server on a loopback port and checks how it serves the UI.

use std::net::SocketAddr;
use std::path::Path;

use clap::Parser;
use reqwest::header;
use static_host::Config;

const INDEX: &str = r#"<!doctype html><html><head><meta name="storefront-api-base" content="/api" /></head><body><div id="root"></div></body></html>"#;

struct Server {
    base: String,
    _dirs: tempfile::TempDir,
}

fn write_ui(root: &Path) {
    let ui = root.join("ui");
    std::fs::create_dir_all(ui.join("assets")).unwrap();
    std::fs::write(ui.join("index.html"), INDEX).unwrap();
    // Big enough for the compression layer to bother.
    let script = "console.log('storefront');\n".repeat(200);
    std::fs::write(ui.join("assets/index-3f2a1b.js"), script).unwrap();
    std::fs::write(
        ui.join("assets/storefront_core_bg-9c1d.wasm"),
        b"\0asm\x01\0\0\0",
    )
    .unwrap();
    std::fs::write(
        ui.join("favicon.svg"),
        "<svg xmlns='http://www.w3.org/2000/svg'/>",
    )
    .unwrap();
}

async fn start(extra: &[&str]) -> Server {
    let dirs = tempfile::tempdir().unwrap();
    write_ui(dirs.path());
    let data = dirs.path().join("data/nested");
    let ui = dirs.path().join("ui");
    let mut args = vec![
        "static-host".to_owned(),
        "--addr".into(),
        "127.0.0.1:0".into(),
        "--data-dir".into(),
        data.display().to_string(),
        "--ui-dir".into(),
        ui.display().to_string(),
    ];
    args.extend(extra.iter().map(|s| s.to_string()));
    let config = Config::try_parse_from(args).unwrap();
    let app = static_host::app(&config).unwrap();
    assert!(data.is_dir(), "the data directory is created when missing");
    let (listener, addr): (_, SocketAddr) = static_host::bind(&config).await.unwrap();
    tokio::spawn(static_host::serve(listener, app, std::future::pending()));
    Server {
        base: format!("http://{addr}"),
        _dirs: dirs,
    }
}

async fn get(server: &Server, path: &str) -> reqwest::Response {
    reqwest::Client::new()
        .get(format!("{}{path}", server.base))
        .send()
        .await
        .unwrap()
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
    let server = start(&[]).await;
    let response = get(&server, "/").await;
    assert_eq!(response.status(), 200);
    assert_eq!(header_of(&response, header::CACHE_CONTROL), "no-cache");
    assert!(header_of(&response, header::CONTENT_TYPE).starts_with("text/html"));
    let body = response.text().await.unwrap();
    assert!(body.contains(r#"<meta name="storefront-api-base" content="/api" />"#));
}

#[tokio::test]
async fn client_routes_fall_back_to_the_app() {
    let server = start(&[]).await;
    for path in [
        "/home",
        "/products/12",
        "/account/information/1",
        "/no/such/page",
    ] {
        let response = get(&server, path).await;
        assert_eq!(response.status(), 200, "{path}");
        assert!(response.text().await.unwrap().contains("<div id=\"root\">"));
    }
}

#[tokio::test]
async fn missing_files_are_404_not_html() {
    let server = start(&[]).await;
    for path in ["/assets/index-000000.js", "/logo.png"] {
        assert_eq!(get(&server, path).await.status(), 404, "{path}");
    }
}

#[tokio::test]
async fn hashed_assets_are_cached_for_a_year_and_compressed() {
    let server = start(&[]).await;
    let response = reqwest::Client::new()
        .get(format!("{}/assets/index-3f2a1b.js", server.base))
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
    let server = start(&[]).await;
    let response = get(&server, "/assets/storefront_core_bg-9c1d.wasm").await;
    assert_eq!(response.status(), 200);
    assert_eq!(
        header_of(&response, header::CONTENT_TYPE),
        "application/wasm"
    );
}

#[tokio::test]
async fn unhashed_files_must_revalidate() {
    let server = start(&[]).await;
    let response = get(&server, "/favicon.svg").await;
    assert_eq!(response.status(), 200);
    assert_eq!(header_of(&response, header::CACHE_CONTROL), "no-cache");
}

#[tokio::test]
async fn embedded_api_answers_health_and_json_404() {
    let server = start(&[]).await;
    let response = get(&server, "/api/health").await;
    assert_eq!(response.status(), 200);
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(body["status"], "ok");

    let response = get(&server, "/api/no-such-call").await;
    assert_eq!(response.status(), 404);
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(body["message"], "Not found");
}

#[tokio::test]
async fn external_api_is_injected_and_the_embedded_one_is_off() {
    let server = start(&["--api-base-url", "https://api.shop.example/v1"]).await;
    let body = get(&server, "/").await.text().await.unwrap();
    assert!(body.contains(r#"content="https://api.shop.example/v1""#));
    assert_eq!(get(&server, "/api/health").await.status(), 404);
}

#[tokio::test]
async fn other_methods_on_ui_paths_are_refused() {
    let server = start(&[]).await;
    let response = reqwest::Client::new()
        .post(format!("{}/home", server.base))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 405);
}
