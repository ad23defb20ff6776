//! robots.txt and the sitemap (issue 23): the index and its files are valid against the
//! sitemaps.org schemas (local copies in tests/data/sitemaps, checked with xmllint, which
//! `./dev` installs from Debian's libxml2-utils), and they list the whole catalogue in
//! both languages, in files of at most 50,000 URLs.

mod common;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use axum::http::StatusCode;

use common::{Server, start_with};
use reqwest::header;

fn schema(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/sitemaps")
        .join(name)
}

/// xmllint's verdict on `xml` against the schema `xsd`: `Err(its complaint)` when invalid.
fn validate(xml: &str, xsd: &str) -> Result<(), String> {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("sitemap.xml");
    std::fs::write(&file, xml).unwrap();
    let out = Command::new("xmllint")
        .args(["--noout", "--schema"])
        .arg(schema(xsd))
        .arg(&file)
        .output()
        .expect("xmllint (Debian libxml2-utils; ./dev installs it)");
    if out.status.success() {
        Ok(())
    } else {
        Err(String::from_utf8_lossy(&out.stderr)
            .chars()
            .take(2000)
            .collect())
    }
}

async fn text(server: &Server, path: &str) -> (u16, String, String) {
    let response = server.client.get(server.url(path)).send().await.unwrap();
    let status = response.status().as_u16();
    let kind = response
        .headers()
        .get(header::CONTENT_TYPE)
        .map(|v| v.to_str().unwrap().to_owned())
        .unwrap_or_default();
    (status, kind, response.text().await.unwrap())
}

/// Every `<tag>` text in `xml`.
fn all(xml: &str, tag: &str) -> Vec<String> {
    let open = format!("<{tag}>");
    let close = format!("</{tag}>");
    xml.split(&open)
        .skip(1)
        .map(|rest| rest[..rest.find(&close).unwrap()].to_owned())
        .collect()
}

/// The sitemap's files, each checked against the schemas; their `<loc>`s.
async fn crawl(server: &Server) -> Vec<Vec<String>> {
    let (status, kind, index) = text(server, "/sitemap.xml").await;
    assert_eq!(status, 200);
    assert_eq!(kind, "application/xml; charset=utf-8");
    validate(&index, "siteindex.xsd").unwrap();
    let mut files = Vec::new();
    for (n, loc) in all(&index, "loc").iter().enumerate() {
        assert_eq!(*loc, server.url(&format!("/sitemaps/{}.xml", n + 1)));
        let path = &loc[server.base.len()..];
        let (status, kind, file) = text(server, path).await;
        assert_eq!(
            (status, kind.as_str()),
            (200, "application/xml; charset=utf-8"),
            "{path}"
        );
        validate(&file, "urlset.xsd").unwrap_or_else(|err| panic!("{path}: {err}"));
        let locs = all(&file, "loc");
        assert!(locs.len() <= 50_000, "{path}: {}", locs.len());
        files.push(locs);
    }
    files
}

fn count(server: &Server, table: &str) -> usize {
    server
        .db()
        .query_row(&format!("SELECT count(*) FROM {table}"), [], |r| {
            r.get::<_, i64>(0)
        })
        .unwrap() as usize
}

fn ids(server: &Server, table: &str) -> Vec<i64> {
    let db = server.db();
    let mut statement = db
        .prepare(&format!("SELECT id FROM {table} ORDER BY id"))
        .unwrap();
    statement
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap()
}

#[test]
fn the_schemas_turn_down_what_is_not_a_sitemap() {
    // So that a passing check means something.
    let urlset = r#"<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">"#;
    let good = format!(
        r#"{urlset}<url><loc>http://s.example/p</loc><xhtml:link rel="alternate" hreflang="ar" href="http://s.example/p?lang=ar"/></url></urlset>"#
    );
    validate(&good, "urlset.xsd").unwrap();
    for bad in [
        format!("{urlset}<url><lastmod>2020-01-01</lastmod></url></urlset>"),
        format!(
            r#"{urlset}<url><loc>http://s.example/p</loc><xhtml:link rel="alternate" href="http://s.example/p"/></url></urlset>"#
        ),
        format!("{urlset}<url><loc>http://s.example/p</loc><priority>2</priority></url></urlset>"),
    ] {
        assert!(validate(&bad, "urlset.xsd").is_err(), "{bad}");
    }
    assert!(
        validate(
            r#"<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap/></sitemapindex>"#,
            "siteindex.xsd"
        )
        .is_err()
    );
}

#[tokio::test]
async fn robots_txt_keeps_crawlers_out_of_private_paths_and_points_at_the_sitemap() {
    let server = start_with(&[], None).await;
    let (status, kind, robots) = text(&server, "/robots.txt").await;
    assert_eq!(status, 200);
    assert_eq!(kind, "text/plain; charset=utf-8");
    let lines: Vec<&str> = robots.lines().collect();
    for line in [
        "User-agent: *",
        "Disallow: /account",
        "Disallow: /cart",
        "Disallow: /checkout",
        "Disallow: /api/",
    ] {
        assert!(lines.contains(&line), "{line}\n{robots}");
    }
    let sitemap = format!("Sitemap: {}/sitemap.xml", server.base);
    assert!(lines.contains(&sitemap.as_str()), "{robots}");
}

#[tokio::test]
async fn the_sitemap_lists_the_whole_catalogue_in_both_languages() {
    let server = start_with(&[], None).await;
    let files = crawl(&server).await;
    assert_eq!(files.len(), 1);
    let locs = &files[0];
    let mut expected = vec!["/".to_owned()];
    for (table, route) in [
        ("static_pages", "/information/"),
        ("categories", "/categories/"),
        ("branches", "/branches/"),
        ("products", "/products/"),
    ] {
        let rows = ids(&server, table);
        assert!(!rows.is_empty(), "{table}");
        expected.extend(rows.iter().map(|id| format!("{route}{id}")));
    }
    let listed: BTreeSet<&str> = locs.iter().map(String::as_str).collect();
    assert_eq!(locs.len(), listed.len(), "no URL twice");
    assert_eq!(locs.len(), expected.len() * 2);
    for path in &expected {
        for url in [server.url(path), server.url(&format!("{path}?lang=ar"))] {
            assert!(listed.contains(url.as_str()), "{url}");
        }
    }
    // Each entry carries the page's alternates.
    let (_, _, file) = text(&server, "/sitemaps/1.xml").await;
    let product = server.url("/products/1");
    assert!(file.contains(&format!(
        r#"<url><loc>{product}?lang=ar</loc><xhtml:link rel="alternate" hreflang="en" href="{product}"/><xhtml:link rel="alternate" hreflang="ar" href="{product}?lang=ar"/><xhtml:link rel="alternate" hreflang="x-default" href="{product}"/></url>"#
    )));
    for path in [
        "/sitemaps/2.xml",
        "/sitemaps/0.xml",
        "/sitemaps/x.xml",
        "/sitemaps/1",
    ] {
        assert_eq!(text(&server, path).await.0, 404, "{path}");
    }
}

#[tokio::test]
async fn a_hundred_thousand_products_are_paged_in_files_of_fifty_thousand_urls() {
    let server = start_with(&["--seed-products", "100000"], None).await;
    assert_eq!(count(&server, "products"), 100_000);
    let files = crawl(&server).await;
    let pages = 1
        + count(&server, "static_pages")
        + count(&server, "categories")
        + count(&server, "branches")
        + 100_000;
    assert_eq!(files.len(), pages.div_ceil(25_000));
    let total: usize = files.iter().map(Vec::len).sum();
    assert_eq!(total, pages * 2);
    // Every file but the last is full.
    for file in &files[..files.len() - 1] {
        assert_eq!(file.len(), 50_000);
    }
    let products = files
        .iter()
        .flatten()
        .filter(|loc| loc.contains("/products/") && !loc.ends_with("?lang=ar"))
        .count();
    assert_eq!(products, 100_000);
}

/// An external API in front of `upstream`'s that fails its calls whose path and query
/// contain `failing` (500), counting the calls it passes on.
async fn external_api(
    upstream: String,
    failing: Option<&'static str>,
) -> (String, Arc<AtomicUsize>) {
    let refuse = move |path: &str| {
        failing
            .is_some_and(|f| path.contains(f))
            .then_some(StatusCode::INTERNAL_SERVER_ERROR)
    };
    common::api_in_front_of(upstream, refuse).await
}

/// The pages a sitemap lists, without the site's origin.
fn paths(server: &Server, files: &[Vec<String>]) -> Vec<String> {
    files
        .iter()
        .flatten()
        .map(|loc| loc.strip_prefix(&server.base).unwrap().to_owned())
        .collect()
}

#[tokio::test]
async fn with_an_external_api_the_sitemap_walks_its_catalogue_to_the_same_list() {
    // More products than one page of the API's lists holds (100), in every service.
    let upstream = start_with(&["--seed-products", "1500"], None).await;
    let (api, calls) = external_api(upstream.base.clone(), None).await;
    let server = start_with(&["--api-base-url", &api], None).await;
    let (status, _, robots) = text(&server, "/robots.txt").await;
    assert_eq!(status, 200);
    assert!(robots.contains("Disallow: /cart"));
    assert!(robots.contains(&format!("Sitemap: {}/sitemap.xml", server.base)));

    let walked = paths(&server, &crawl(&server).await);
    let listed = paths(&upstream, &crawl(&upstream).await);
    assert_eq!(
        walked.len(),
        (1 + count(&upstream, "static_pages")
            + count(&upstream, "categories")
            + count(&upstream, "branches")
            + 1500)
            * 2
    );
    assert_eq!(walked, listed, "the same pages, in the same order");
    // Paged through: far more calls than lists, and the walk is kept, not redone.
    let made = calls.load(Ordering::SeqCst);
    assert!(made > 15, "{made} calls");
    crawl(&server).await;
    assert_eq!(calls.load(Ordering::SeqCst), made);
}

#[tokio::test]
async fn a_walk_that_fails_half_way_lists_nothing_and_asks_crawlers_to_come_back() {
    let upstream = start_with(&["--seed-products", "500"], None).await;
    let (api, _) = external_api(
        upstream.base.clone(),
        Some("/products?service_id=1&limit=100&page=3"),
    )
    .await;
    let server = start_with(&["--api-base-url", &api], None).await;
    for path in ["/sitemap.xml", "/sitemaps/1.xml"] {
        let response = server.client.get(server.url(path)).send().await.unwrap();
        assert_eq!(response.status().as_u16(), 503, "{path}");
        assert_eq!(response.headers()[header::RETRY_AFTER], "60");
    }
    // An external API that cannot be reached at all: the same.
    let server = start_with(&["--api-base-url", "http://127.0.0.1:9/api"], None).await;
    assert_eq!(text(&server, "/sitemap.xml").await.0, 503);
}
