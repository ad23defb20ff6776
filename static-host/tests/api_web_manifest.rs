//! The web app manifest built from the store settings.

mod common;

use common::start;
use serde_json::Value;

async fn manifest(
    server: &common::Server,
    query: &str,
    header: Option<&str>,
) -> (u16, String, Value) {
    let mut request = server
        .client
        .get(server.url(&format!("/api/web-manifest{query}")));
    if let Some(lang) = header {
        request = request.header("Language", lang);
    }
    let response = request.send().await.unwrap();
    let status = response.status().as_u16();
    let kind = response
        .headers()
        .get("content-type")
        .map(|v| v.to_str().unwrap().to_owned())
        .unwrap_or_default();
    (status, kind, response.json().await.unwrap_or(Value::Null))
}

#[tokio::test]
async fn the_manifest_carries_the_store_settings_in_each_language() {
    let server = start().await;
    let (status, kind, en) = manifest(&server, "", None).await;
    assert_eq!(status, 200);
    assert_eq!(kind, "application/manifest+json");
    assert_eq!(en["name"], "Nile Market");
    assert_eq!(
        (en["lang"].as_str(), en["dir"].as_str()),
        (Some("en"), Some("ltr"))
    );
    assert_eq!(en["start_url"], "/");
    assert_eq!(en["display"], "standalone");
    assert_eq!(en["icons"][0]["src"], "/api/media/brand/logo.svg");
    assert_eq!(en["icons"][0]["type"], "image/svg+xml");

    let (_, _, ar) = manifest(&server, "?lang=ar", None).await;
    assert_eq!(ar["name"], "سوق النيل");
    assert_eq!(
        (ar["lang"].as_str(), ar["dir"].as_str()),
        (Some("ar"), Some("rtl"))
    );
    assert_ne!(ar["description"], en["description"]);

    // Without `lang` the Language header decides; an unknown `lang` is ignored.
    let (_, _, by_header) = manifest(&server, "", Some("ar")).await;
    assert_eq!(by_header["dir"], "rtl");
    let (status, _, unknown) = manifest(&server, "?lang=fr", Some("en")).await;
    assert_eq!((status, unknown["lang"].as_str()), (200, Some("en")));
}

#[tokio::test]
async fn a_settings_change_shows_in_the_manifest() {
    let server = start().await;
    server
        .db()
        .execute(
            "UPDATE settings SET value = json_set(value, '$.app_names.en', 'Corner Shop') WHERE key = 'settings'",
            [],
        )
        .unwrap();
    let (_, _, en) = manifest(&server, "?lang=en", None).await;
    assert_eq!(en["name"], "Corner Shop");
    assert_eq!(en["short_name"], "Corner Shop");
}
