//! Static pages against the real server, on fixture pages (ids from 900000, their
//! own category) so the seeded pages never mix in.

mod common;

use common::{Server, start};
use serde_json::{Value, json};

const HOSTILE: &str = r#"<h2 onclick="steal()">Returns</h2><script>fetch('/steal')</script><p style="color:red">Within <strong>14</strong> days. <a href="javascript:alert(1)">Click</a> or <a href="https://example.com/help" onmouseover="x()">read more</a>.</p><ul><li><em>Keep</em> the receipt</li></ul><iframe src="https://evil.example/"></iframe><style>body{display:none}</style><img src="x" onerror="alert(2)">"#;

fn fixture(server: &Server) {
    server
        .db()
        .execute(
            "INSERT INTO static_pages (id, category, type, title_en, title_ar, content_en, content_ar, sort) VALUES
                (900001, 'fixture', 'policy', 'Return policy', 'سياسة الإرجاع', ?1, '<p>نص <b>عربي</b></p><script>x()</script>', 2),
                (900002, 'fixture', 'about', 'About us', 'من نحن', '<p>Hello</p>', '<p>مرحبا</p>', 1),
                (900003, 'other', 'policy', 'Privacy', 'الخصوصية', '<p>Private</p>', '<p>خاص</p>', 0)",
            [HOSTILE],
        )
        .unwrap();
}

async fn get(server: &Server, path: &str, lang: &str) -> (u16, Value) {
    server.get_json_in(path, lang).await
}

#[tokio::test]
async fn pages_are_listed_by_category_in_order() {
    let server = start().await;
    fixture(&server);
    let (status, body) = get(&server, "/api/static-pages?category=fixture", "en").await;
    assert_eq!(status, 200);
    assert_eq!(
        body["data"],
        json!([{"id": 900002, "title": "About us", "type": "about"}, {"id": 900001, "title": "Return policy", "type": "policy"}])
    );
    assert_eq!(body["meta"]["total"], 2);
    let (_, body) = get(&server, "/api/static-pages?category=fixture", "ar").await;
    assert_eq!(body["data"][0]["title"], "من نحن");
    assert_eq!(body["data"][1]["title"], "سياسة الإرجاع");
    let (_, body) = get(&server, "/api/static-pages?category=nobody", "en").await;
    assert_eq!(body["data"], json!([]));
    // Without a category every page is listed.
    let (_, body) = get(&server, "/api/static-pages", "en").await;
    let ours: Vec<i64> = body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["id"].as_i64().unwrap())
        .filter(|id| *id >= 900000)
        .collect();
    assert_eq!(ours, vec![900003, 900002, 900001]);

    let (status, body) = get(
        &server,
        &format!("/api/static-pages?category={}", "c".repeat(51)),
        "en",
    )
    .await;
    assert_eq!(status, 422);
    assert!(body["errors"]["category"][0].is_string());
}

#[tokio::test]
async fn page_content_is_sanitised() {
    let server = start().await;
    fixture(&server);
    let (status, body) = get(&server, "/api/static-pages/900001", "en").await;
    assert_eq!(status, 200);
    let data = &body["data"];
    assert_eq!(data["id"], 900001);
    assert_eq!(data["title"], "Return policy");
    assert_eq!(data["type"], "policy");
    assert_eq!(data["category"], "fixture");
    let content = data["content"].as_str().unwrap();
    for banned in [
        "<script",
        "steal",
        "onclick",
        "onmouseover",
        "onerror",
        "javascript:",
        "<iframe",
        "evil.example",
        "<style",
        "style=",
        "display:none",
    ] {
        assert!(!content.contains(banned), "{banned} removed: {content}");
    }
    for kept in [
        "<h2>Returns</h2>",
        "<strong>14</strong>",
        "<ul><li><em>Keep</em> the receipt</li></ul>",
        r#"<a href="https://example.com/help" rel="noopener noreferrer">read more</a>"#,
        r#"<a rel="noopener noreferrer">Click</a>"#,
    ] {
        assert!(content.contains(kept), "{kept} kept: {content}");
    }
    // Stored data is left as it was: sanitising happens on the way out.
    let stored: String = server
        .db()
        .query_row(
            "SELECT content_en FROM static_pages WHERE id = 900001",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(stored, HOSTILE);

    let (_, body) = get(&server, "/api/static-pages/900001", "ar").await;
    assert_eq!(body["data"]["title"], "سياسة الإرجاع");
    assert_eq!(body["data"]["content"], "<p>نص <b>عربي</b></p>");
}

#[tokio::test]
async fn unknown_pages_are_not_found() {
    let server = start().await;
    fixture(&server);
    for path in [
        "/api/static-pages/999999",
        "/api/static-pages/about",
        "/api/static-pages/-3",
    ] {
        let (status, body) = get(&server, path, "en").await;
        assert_eq!(status, 404, "{path}");
        assert!(body["message"].is_string());
    }
}

#[tokio::test]
async fn the_openapi_document_describes_the_pages() {
    let server = start().await;
    let doc = server.get_json("/api/openapi.json").await.1;
    assert!(doc["paths"]["/static-pages"]["get"]["responses"]["200"].is_object());
    assert!(doc["paths"]["/static-pages/{id}"]["get"]["responses"]["404"].is_object());
}
