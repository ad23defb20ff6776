//! The first paint: pages rendered on the server from the UI build's templates
//! (`ssr/pages.json`) and the API's data, with that data embedded as boot JSON; and
//! the built index.html whenever that cannot be done.

mod common;
mod orders_support;

use std::collections::HashMap;
use std::future::IntoFuture;
use std::path::Path;
use std::sync::{Arc, Mutex};

use axum::Router;
use axum::extract::Request;
use axum::response::{IntoResponse, Response};
use common::{Server, start_with_ui};
use reqwest::header::{self, HeaderMap};
use serde_json::{Value, json};

const PLACEHOLDER: &str = r#"<div class="boot">placeholder</div>"#;
const BOOT_OPEN: &str = r#"<script type="application/json" id="storefront-boot">"#;

/// The built index.html as the UI build writes it: the root's content between markers.
fn index_html() -> String {
    format!(
        concat!(
            r#"<!doctype html><html lang="en" dir="ltr"><head><meta charset="UTF-8" />"#,
            r#"<meta name="storefront-api-base" content="/api" />"#,
            r#"<link rel="icon" href="/favicon.svg" type="image/svg+xml" />"#,
            r#"<title>Storefront</title></head><body><div id="root"><!--storefront:page-->"#,
            r#"{}<!--/storefront:page--></div>"#,
            r#"<script type="module" src="/assets/index-3f2a1b.js"></script></body></html>"#
        ),
        PLACEHOLDER
    )
}

/// A template using every context variable, marked with its key.
fn template(key: &str) -> String {
    format!(
        concat!(
            r#"<main data-template="{key}" data-language="{{{{ language }}}}">"#,
            "<h1>{{{{ store_name }}}}</h1>",
            r#"{{% if logo %}}<img class="logo" src="{{{{ logo }}}}">{{% endif %}}"#,
            r#"<nav data-enabled="{{{{ services_enabled }}}}">{{% for s in services %}}"#,
            r#"<a data-service="{{{{ s.id }}}}"><img src="{{{{ s.mini_icon }}}}">{{{{ s.name }}}}</a>"#,
            "{{% endfor %}}</nav>",
            r#"{{% if selected_service %}}<p class="selected">{{{{ selected_service }}}}</p>{{% endif %}}"#,
            r#"{{% if service %}}<p class="service">{{{{ service.filter_type }}}}/{{{{ service.show_categories_menu }}}}</p>{{% endif %}}"#,
            r#"{{% if cart %}}<p class="cart">{{{{ cart.count }}}} {{{{ cart.count_form }}}} · {{{{ cart.shop }}}} · "#,
            r#"{{{{ cart.cart_total }}}}</p><ul>{{% for line in cart.lines %}}<li data-line="{{{{ line.product_id }}}}">"#,
            r#"{{{{ line.name }}}} × {{{{ line.qty }}}} = {{{{ line.total }}}}</li>{{% endfor %}}</ul>{{% endif %}}"#,
            r#"<footer><a href="{{{{ footer.email.href }}}}">mail</a>"#,
            r#"<span class="year">{{{{ year_text }}}}</span></footer></main>"#
        ),
        key = key
    )
}

fn all_templates() -> serde_json::Map<String, Value> {
    templates_of(&["landing", "shell", "not_found", "cart"])
}

fn templates_of(kinds: &[&str]) -> serde_json::Map<String, Value> {
    let mut templates = serde_json::Map::new();
    for language in ["en", "ar"] {
        for &kind in kinds {
            for signed_in in [0, 1] {
                for district in [0, 1] {
                    let key = format!("{language}:{kind}:{signed_in}:{district}");
                    templates.insert(key.clone(), Value::String(template(&key)));
                }
            }
        }
    }
    templates
}

fn write_index(ui: &Path) {
    std::fs::write(ui.join("index.html"), index_html()).unwrap();
}

fn write_templates(ui: &Path, templates: serde_json::Map<String, Value>) {
    std::fs::create_dir_all(ui.join("ssr")).unwrap();
    let file = json!({
        "templates": templates,
        "routes": {"product": {
            "scripts": ["/assets/ProductPage-1.js"],
            "styles": ["/assets/ProductPage-1.css"]
        }},
        "core": {"scripts": ["/assets/start-glue-1.js"]}
    });
    std::fs::write(ui.join("ssr/pages.json"), file.to_string()).unwrap();
}

/// A server whose UI has the markers and every template.
async fn start_rendering(extra: &[&str]) -> Server {
    start_with_ui(extra, None, |ui| {
        write_index(ui);
        write_templates(ui, all_templates());
    })
    .await
}

struct Page {
    status: u16,
    headers: HeaderMap,
    html: String,
}

impl Page {
    fn header(&self, name: header::HeaderName) -> String {
        self.headers
            .get_all(name)
            .iter()
            .map(|v| v.to_str().unwrap().to_owned())
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The key of the template the page was rendered from.
    fn template(&self) -> &str {
        let at = self.html.find("data-template=\"").expect("a rendered page") + 15;
        let len = self.html[at..].find('"').unwrap();
        &self.html[at..at + len]
    }

    fn boot(&self) -> Value {
        let at = self.html.find(BOOT_OPEN).expect("boot JSON") + BOOT_OPEN.len();
        let len = self.html[at..].find("</script>").unwrap();
        serde_json::from_str(&self.html[at..at + len]).unwrap()
    }

    fn rendered(&self) -> bool {
        self.html.contains("data-template=")
    }
}

async fn page(server: &Server, path: &str, cookie: Option<&str>, languages: Option<&str>) -> Page {
    let cookies = cookie.map(|view| format!("storefront_view={view}"));
    page_with_cookies(server, path, cookies.as_deref(), languages).await
}

/// The page for a whole `Cookie` header.
async fn page_with_cookies(
    server: &Server,
    path: &str,
    cookies: Option<&str>,
    languages: Option<&str>,
) -> Page {
    let mut request = server.client.get(server.url(path));
    if let Some(cookies) = cookies {
        request = request.header(header::COOKIE, cookies);
    }
    if let Some(languages) = languages {
        request = request.header(header::ACCEPT_LANGUAGE, languages);
    }
    let response = request.send().await.unwrap();
    Page {
        status: response.status().as_u16(),
        headers: response.headers().clone(),
        html: response.text().await.unwrap(),
    }
}

/// The year in Arabic-Indic digits.
fn arabic_year() -> String {
    time::OffsetDateTime::now_utc()
        .year()
        .to_string()
        .chars()
        .map(|c| char::from_u32(0x0660 + c.to_digit(10).unwrap()).unwrap())
        .collect()
}

#[tokio::test]
async fn a_new_english_reader_gets_the_landing_page_filled_with_the_store_data() {
    let server = start_rendering(&[]).await;
    let page = page(&server, "/", None, None).await;
    assert_eq!(page.status, 200);
    assert_eq!(page.template(), "en:landing:0:0");
    assert_eq!(
        page.header(header::CONTENT_TYPE),
        "text/html; charset=utf-8"
    );
    assert_eq!(page.header(header::CACHE_CONTROL), "no-cache");
    let vary = page.header(header::VARY);
    assert!(
        vary.contains("Cookie") && vary.contains("Accept-Language"),
        "{vary}"
    );
    assert!(page.headers.contains_key(header::CONTENT_SECURITY_POLICY));
    let html = &page.html;
    assert!(html.contains(r#"<html lang="en" dir="ltr">"#));
    assert!(html.contains("<h1>Nile Market</h1>"), "{html}");
    assert!(!html.contains(PLACEHOLDER));
    assert!(html.contains(r#"<meta name="storefront-api-base" content="/api" />"#));

    let (_, remote_config) = server.get_json_in("/api/remote-config", "en").await;
    let (_, settings) = server.get_json_in("/api/setting", "en").await;
    let (_, pages) = server
        .get_json_in("/api/static-pages?category=customer", "en")
        .await;
    let title = remote_config["data"]["title"].as_str().unwrap();
    assert!(html.contains(&format!("<title>{title}</title>")), "{html}");
    let description = remote_config["data"]["description"].as_str().unwrap();
    assert!(html.contains(&format!(
        r#"<meta name="description" content="{description}" />"#
    )));
    assert!(html.contains(r#"<meta name="keywords" content=""#));
    // Context: logo, services off the page without a district, footer, year.
    assert!(
        html.contains(r#"<img class="logo" src="&#x2f;api&#x2f;media"#),
        "{html}"
    );
    // minijinja prints booleans as Python does.
    assert!(html.contains(r#"<nav data-enabled="True"></nav>"#));
    // A new guest's page is the one the app renders after its startup plan: the
    // configured default service chosen; no district, so no services listed.
    assert!(html.contains(r#"<p class="selected">1</p>"#), "{html}");
    assert!(html.contains(r#"<p class="service">"#));
    assert!(!html.contains("data-service="));
    assert!(html.contains(r#"href="mailto:hello@nilemarket.example""#));
    let year = time::OffsetDateTime::now_utc().year().to_string();
    assert!(html.contains(&format!(r#"<span class="year">{year}</span>"#)));

    let boot = page.boot();
    assert_eq!(boot["kind"], "landing");
    assert_eq!(boot["path"], "/");
    assert_eq!(boot["language"], "en");
    assert_eq!(
        boot["view"],
        json!({"signed_in": false, "district_id": null, "service_id": 1, "address_id": null})
    );
    assert_eq!(boot["settings"], settings["data"]);
    assert_eq!(boot["remote_config"], remote_config["data"]);
    assert_eq!(boot["pages"], pages["data"]);
    assert_eq!(boot["services"], Value::Null);
    // The service as the API sends it, but without its home blocks: a page for no
    // district leads to home only once a location is chosen.
    let (_, service) = server.get_json_in("/api/services/1", "en").await;
    assert!(!service["data"]["blocks"].as_array().unwrap().is_empty());
    let mut expected = service["data"].clone();
    expected["blocks"] = json!([]);
    assert_eq!(boot["service"], expected);
    assert_eq!(boot["footer"]["store_name"], "Nile Market");
    assert_eq!(boot["footer"]["copyright_year"].to_string(), year);

    // /index.html is the same page, with its query kept in the boot path.
    let index = self::page(&server, "/index.html?from=sw", None, None).await;
    assert_eq!(index.status, 200);
    assert_eq!(index.template(), "en:landing:0:0");
    assert_eq!(index.boot()["path"], "/index.html?from=sw");
}

#[tokio::test]
async fn arabic_comes_from_the_saved_choice_or_the_browser_languages() {
    let server = start_rendering(&[]).await;
    let (_, settings) = server.get_json_in("/api/setting", "ar").await;
    let by_cookie = page(&server, "/", Some("ar.0.0.0"), None).await;
    let by_header = page(&server, "/", None, Some("ar-EG,ar;q=0.9")).await;
    for page in [&by_cookie, &by_header] {
        assert_eq!(page.status, 200);
        assert_eq!(page.template(), "ar:landing:0:0");
        assert!(page.html.contains(r#"<html lang="ar" dir="rtl">"#));
        assert!(page.html.contains("<h1>سوق النيل</h1>"), "{}", page.html);
        assert!(
            page.html
                .contains(&format!(r#"<span class="year">{}</span>"#, arabic_year()))
        );
        assert!(page.html.contains("<title>سوق النيل — "));
        let boot = page.boot();
        assert_eq!(boot["language"], "ar");
        assert_eq!(boot["settings"], settings["data"]);
        assert_eq!(boot["footer"]["store_name"], "سوق النيل");
    }
    // The saved choice wins over the browser's languages.
    let chosen = page(&server, "/", Some("en.0.0.0"), Some("ar-EG,ar;q=0.9")).await;
    assert_eq!(chosen.template(), "en:landing:0:0");
    assert!(chosen.html.contains(r#"<html lang="en" dir="ltr">"#));
}

#[tokio::test]
async fn the_view_cookie_picks_the_template_and_fills_the_services_bar() {
    let server = start_rendering(&[]).await;
    // The page is rendered for the district in the cookie, as the app asks for it.
    let (_, services) = server.get_json_for("/api/services", "en", 1).await;
    let (_, service) = server.get_json_for("/api/services/1", "en", 1).await;

    let home = page(&server, "/home", Some("en.0.1.1"), None).await;
    assert_eq!(home.status, 200);
    assert_eq!(home.template(), "en:shell:0:1");
    let names: Vec<&str> = services["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert!(!names.is_empty());
    for (n, item) in services["data"].as_array().unwrap().iter().enumerate() {
        let link = format!(r#"<a data-service="{}">"#, item["id"]);
        assert!(home.html.contains(&link), "{link}");
        assert!(home.html.contains(&format!("{}</a>", names[n])));
    }
    assert!(home.html.contains(r#"<p class="selected">1</p>"#));
    let filter_type = service["data"]["filter_type"].as_str().unwrap();
    let menu = match service["data"]["show_categories_menu"].as_bool().unwrap() {
        true => "True",
        false => "False",
    };
    assert!(
        home.html
            .contains(&format!(r#"<p class="service">{filter_type}/{menu}</p>"#)),
        "{}",
        home.html
    );
    let boot = home.boot();
    assert_eq!(boot["kind"], "shell");
    assert_eq!(
        boot["view"],
        json!({"signed_in": false, "district_id": 1, "service_id": 1, "address_id": null})
    );
    assert_eq!(boot["services"], services["data"]);
    assert_eq!(boot["service"], service["data"]);

    // The landing page with a district; a signed-in reader; one without a district
    // sent from / elsewhere: the shell.
    let landing = page(&server, "/", Some("en.0.2.0"), None).await;
    assert_eq!(landing.template(), "en:landing:0:1");
    // No service chosen: the page is rendered with the default one the app will choose.
    assert!(landing.html.contains(r#"<p class="selected">1</p>"#));
    let signed_in = page(&server, "/home", Some("ar.1.1.0"), None).await;
    assert_eq!(signed_in.template(), "ar:shell:1:1");
    assert!(!signed_in.html.contains(r#"class="service""#));
    let redirected = page(&server, "/", Some("en.1.0.0"), None).await;
    assert_eq!(redirected.status, 200);
    assert_eq!(redirected.template(), "en:shell:1:0");
    assert_eq!(redirected.boot()["kind"], "shell");
}

#[tokio::test]
async fn the_boot_json_says_whether_the_credential_cookie_came_with_the_page() {
    let server = start_rendering(&[]).await;
    let without = page(&server, "/home", Some("en.1.1.1"), None).await;
    assert_eq!(without.boot()["credential"], false);
    let with = page_with_cookies(
        &server,
        "/home",
        Some("storefront_view=en.1.1.1; storefront_session=0123abcd"),
        None,
    )
    .await;
    assert_eq!(with.template(), "en:shell:1:1");
    assert_eq!(with.boot()["credential"], true);
    // The token itself is nowhere in the page.
    assert!(!with.html.contains("0123abcd"));
    // Over plain HTTP only the plain name counts; a value that is no token is none.
    for cookies in [
        "__Host-storefront_session=0123abcd",
        "storefront_session=a,b",
    ] {
        let other = page_with_cookies(&server, "/home", Some(cookies), None).await;
        assert_eq!(other.boot()["credential"], false, "{cookies}");
    }
}

#[tokio::test]
async fn unknown_paths_get_the_not_found_page_and_missing_files_a_plain_404() {
    let server = start_rendering(&[]).await;
    let missing = page(&server, "/no/such/page", None, None).await;
    assert_eq!(missing.status, 404);
    assert_eq!(missing.template(), "en:not_found:0:0");
    assert_eq!(missing.boot()["kind"], "not_found");
    assert!(
        missing
            .header(header::CONTENT_TYPE)
            .starts_with("text/html")
    );
    let arabic = page(&server, "/products/0", Some("ar.1.3.0"), None).await;
    assert_eq!(arabic.status, 404);
    assert_eq!(arabic.template(), "ar:not_found:1:1");

    for path in ["/assets/nope.js", "/logo.png"] {
        let file = page(&server, path, None, None).await;
        assert_eq!(file.status, 404, "{path}");
        assert!(!file.html.contains("<html"), "{path}");
    }
}

#[tokio::test]
async fn store_texts_are_escaped_and_the_boot_json_stays_in_its_script() {
    let server = start_rendering(&[]).await;
    let name = r#"<script>alert("name")</script>'&"#;
    let logo = r#""><script>alert(2)</script>"#;
    let title = "</title><script>alert(3)</script>";
    let db = server.db();
    db.execute(
        "UPDATE settings SET value = json_set(value, '$.general_setting.store_name_en', ?1, \
         '$.logo', ?2) WHERE key = 'settings'",
        [name, logo],
    )
    .unwrap();
    db.execute(
        "UPDATE settings SET value = json_set(value, '$.title.en', ?1, '$.description.en', ?1) \
         WHERE key = 'remote_config'",
        [title],
    )
    .unwrap();

    let page = page(&server, "/", None, None).await;
    assert_eq!(page.template(), "en:landing:0:0");
    let html = &page.html;
    assert!(!html.contains("<script>alert"), "{html}");
    assert!(
        html.contains("<h1>&lt;script&gt;alert(&quot;name&quot;)"),
        "{html}"
    );
    assert!(html.contains("<title>&lt;&#x2f;title&gt;") || html.contains("<title>&lt;/title&gt;"));
    assert!(html.contains(r#"<meta name="description" content="&lt;/title&gt;"#));
    // Four script elements (the landing page's two JSON-LD items, the boot JSON and the
    // app), each closed once, though the store's name is in the JSON-LD too.
    assert_eq!(html.matches("</script>").count(), 4);
    assert_eq!(html.matches("<script").count(), 4);
    let boot = page.boot();
    assert_eq!(boot["settings"]["general_setting"]["store_name_en"], name);
    assert_eq!(boot["settings"]["logo"], logo);
    assert_eq!(boot["remote_config"]["title"], title);
}

#[tokio::test]
async fn without_templates_the_built_index_is_served() {
    let server = start_with_ui(&[], None, write_index).await;
    // Without templates a path no route matches is still a 404.
    for (path, status) in [
        ("/", 200),
        ("/home", 200),
        ("/no/such/page", 404),
        ("/404", 404),
    ] {
        let english = page(&server, path, None, None).await;
        assert_eq!(english.status, status, "{path}");
        assert_eq!(english.html, index_html(), "{path}");
        assert_eq!(english.header(header::CACHE_CONTROL), "no-cache");
    }
    let arabic = page(&server, "/", Some("ar.0.0.0"), None).await;
    assert_eq!(arabic.status, 200);
    assert!(arabic.html.contains(r#"<html lang="ar" dir="rtl">"#));
    assert!(arabic.html.contains(PLACEHOLDER));
    assert!(!arabic.html.contains(BOOT_OPEN));
}

#[tokio::test]
async fn a_missing_or_broken_template_leaves_that_page_to_the_client() {
    let server = start_with_ui(&[], None, |ui| {
        write_index(ui);
        let mut templates = all_templates();
        templates.insert("en:landing:0:0".into(), json!("{% if %}<h1>broken"));
        templates.remove("en:shell:0:1");
        write_templates(ui, templates);
    })
    .await;
    let broken = page(&server, "/", None, None).await;
    assert_eq!(broken.status, 200);
    assert_eq!(broken.html, index_html());
    let missing = page(&server, "/home", Some("en.0.1.0"), None).await;
    assert_eq!(missing.status, 200);
    assert!(missing.html.contains(PLACEHOLDER) && !missing.rendered());
    // The others still render.
    let arabic = page(&server, "/", Some("ar.0.0.0"), None).await;
    assert_eq!(arabic.template(), "ar:landing:0:0");
}

#[tokio::test]
async fn head_answers_like_get_without_a_body() {
    let server = start_rendering(&[]).await;
    for (path, status) in [("/", 200), ("/no/such/page", 404)] {
        let get = page(&server, path, None, None).await;
        let head = server.client.head(server.url(path)).send().await.unwrap();
        assert_eq!(head.status().as_u16(), status, "{path}");
        assert_eq!(get.status, status, "{path}");
        for name in [
            header::CONTENT_TYPE,
            header::CACHE_CONTROL,
            header::VARY,
            header::CONTENT_SECURITY_POLICY,
        ] {
            assert_eq!(
                head.headers().get(&name),
                get.headers.get(&name),
                "{path} {name}"
            );
        }
        assert!(head.bytes().await.unwrap().is_empty());
    }
}

/// A proxy in front of `upstream` that counts the calls per path and query.
async fn counting_proxy(upstream: String) -> (String, Arc<Mutex<HashMap<String, usize>>>) {
    let counts = Arc::new(Mutex::new(HashMap::<String, usize>::new()));
    let client = common::client();
    let seen = counts.clone();
    let app = Router::new().fallback(move |request: Request| {
        let (client, seen, upstream) = (client.clone(), seen.clone(), upstream.clone());
        async move {
            let path = request.uri().path_and_query().unwrap().to_string();
            // A call for a delivery address is counted apart, under its address.
            let key = match request.headers().get("address-id") {
                Some(id) => format!("{path} address-id={}", id.to_str().unwrap()),
                None => path.clone(),
            };
            *seen.lock().unwrap().entry(key).or_default() += 1;
            let mut forward = client.get(format!("{upstream}{path}"));
            for name in [
                "language",
                "district-id",
                "user-agent-type",
                "authorization",
                "address-id",
            ] {
                if let Some(value) = request.headers().get(name) {
                    forward = forward.header(name, value.to_str().unwrap());
                }
            }
            let answer = forward.send().await.unwrap();
            let status = answer.status().as_u16();
            let body = answer.bytes().await.unwrap();
            let response: Response = (
                axum::http::StatusCode::from_u16(status).unwrap(),
                [(header::CONTENT_TYPE, "application/json")],
                body,
            )
                .into_response();
            response
        }
    });
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(axum::serve(listener, app).into_future());
    (format!("http://{addr}"), counts)
}

#[tokio::test]
async fn with_an_external_api_pages_come_from_it_with_one_call_per_path() {
    let upstream = start_rendering(&[]).await;
    upstream
        .db()
        .execute(
            "UPDATE settings SET value = json_set(value, '$.general_setting.store_name_en', \
             'Upstream Bazaar') WHERE key = 'settings'",
            [],
        )
        .unwrap();
    let (proxy, counts) = counting_proxy(upstream.base.clone()).await;
    let api = format!("{proxy}/api");
    let server = start_rendering(&["--api-base-url", &api]).await;

    for _ in 0..3 {
        let page = page(&server, "/", None, None).await;
        assert_eq!(page.status, 200);
        assert_eq!(page.template(), "en:landing:0:0");
        assert!(
            page.html.contains("<h1>Upstream Bazaar</h1>"),
            "{}",
            page.html
        );
        assert!(page.html.contains(&format!(r#"content="{api}""#)));
    }
    let (_, settings) = upstream.get_json_in("/api/setting", "en").await;
    let page = page(&server, "/", None, None).await;
    // As the API answered, its pictures resolved against it (they are its server's files).
    let mut expected = settings["data"].clone();
    expected["logo"] = serde_json::json!(format!("{proxy}/api/media/brand/logo.svg"));
    assert_eq!(page.boot()["settings"], expected);
    let count = |path: &str| counts.lock().unwrap().get(path).copied().unwrap_or(0);
    let first = [
        "/api/remote-config",
        "/api/setting",
        "/api/static-pages?category=customer",
    ];
    for path in first {
        assert_eq!(count(path), 1, "{path}");
    }

    // Another language is another answer; so is a district (with the services).
    let arabic = self::page(&server, "/", Some("ar.0.0.0"), None).await;
    assert!(arabic.html.contains("<h1>سوق النيل</h1>"));
    for _ in 0..2 {
        let home = self::page(&server, "/home", Some("en.0.1.1"), None).await;
        assert_eq!(home.template(), "en:shell:0:1");
        assert!(home.html.contains(r#"<p class="selected">1</p>"#));
        assert!(home.html.contains(r#"<a data-service="1">"#));
    }
    for path in first {
        assert_eq!(count(path), 3, "{path}");
    }
    assert_eq!(count("/api/services"), 1);
    // The default service's details, asked once per language and district (a new
    // guest's page is rendered with the service the app will choose).
    assert_eq!(count("/api/services/1"), 3);

    // Page views that miss the cache together share one call.
    let view = Some("en.0.2.0");
    let (a, b, c, d) = tokio::join!(
        self::page(&server, "/home", view, None),
        self::page(&server, "/home", view, None),
        self::page(&server, "/", view, None),
        self::page(&server, "/cart", view, None),
    );
    for page in [a, b, c, d] {
        assert!(page.rendered());
    }
    for path in first {
        assert_eq!(count(path), 4, "{path}");
    }
    assert_eq!(count("/api/services"), 2);
    assert_eq!(count("/api/services/1"), 4);
}

#[tokio::test]
async fn an_unreachable_external_api_leaves_the_page_to_the_client() {
    // A port that was free a moment ago: nothing answers there.
    let closed = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap();
    let api = format!("http://{closed}/api");
    let server = start_rendering(&["--api-base-url", &api]).await;
    let started = std::time::Instant::now();
    for cookie in [None, Some("ar.0.0.0")] {
        let page = page(&server, "/", cookie, None).await;
        assert_eq!(page.status, 200);
        assert!(page.html.contains(PLACEHOLDER) && !page.rendered());
        assert!(!page.html.contains(BOOT_OPEN));
    }
    // No route matches: a 404 even without the API.
    let arabic = page(&server, "/no/such/page", Some("ar.0.0.0"), None).await;
    assert_eq!(arabic.status, 404);
    assert!(arabic.html.contains(r#"<html lang="ar" dir="rtl">"#));
    assert!(started.elapsed() < std::time::Duration::from_secs(10));
}

#[tokio::test]
async fn a_route_page_asks_for_its_screen_s_files_with_the_page() {
    let server = start_rendering(&[]).await;
    let product = page(&server, "/products/1", Some("en.0.1.1"), None).await;
    assert!(product.rendered());
    let head = &product.html[..product.html.find("</head>").unwrap()];
    for hint in [
        r#"<link rel="modulepreload" crossorigin href="/assets/ProductPage-1.js">"#,
        r#"<link rel="preload" as="style" crossorigin href="/assets/ProductPage-1.css">"#,
    ] {
        assert!(head.contains(hint), "{hint} in {head}");
    }
    // The core's WASM is the app's to ask for: not with the page's first bytes.
    assert!(!head.contains("application/wasm"), "{head}");
    // Another route, the landing page and a missing page ask for none of them.
    for path in ["/home", "/", "/no-such-page"] {
        let other = page(&server, path, Some("en.0.1.1"), None).await;
        assert!(!other.html.contains("ProductPage-1"), "{path}");
    }
}

#[tokio::test]
async fn a_guest_s_landing_page_leaves_the_core_for_later_and_every_other_page_asks_for_it() {
    let server = start_rendering(&[]).await;
    let hints = [r#"<link rel="modulepreload" crossorigin href="/assets/start-glue-1.js">"#];
    let head = |page: &Page| page.html[..page.html.find("</head>").unwrap()].to_owned();
    // A guest's landing page, new or returning, in either language: the app loads the
    // core once the shopper reaches for the page, and the page does not ask for it.
    for cookie in [None, Some("ar.0.0.0"), Some("en.0.1.1")] {
        let landing = page(&server, "/", cookie, None).await;
        assert!(landing.rendered(), "{cookie:?}");
        assert_eq!(landing.boot()["kind"], "landing", "{cookie:?}");
        assert_eq!(landing.boot()["core_on_intent"], true, "{cookie:?}");
        for hint in hints {
            assert!(!landing.html.contains(hint), "{cookie:?}: {hint}");
        }
    }
    // Every other page runs the core at once and asks for it with the page: a signed-in
    // customer's landing page (its startup calls need it), home, a product, the not-found page.
    for (path, cookie) in [
        ("/", "en.1.0.0"),
        ("/home", "en.0.1.1"),
        ("/products/1", "ar.0.1.1"),
        ("/no-such-page", "en.0.0.0"),
    ] {
        let other = page(&server, path, Some(cookie), None).await;
        assert!(other.rendered(), "{path}");
        assert_eq!(other.boot()["core_on_intent"], false, "{path} {cookie}");
        for hint in hints {
            assert!(head(&other).contains(hint), "{path} {cookie}: {hint}");
        }
    }
}

#[tokio::test]
async fn the_home_page_asks_for_the_banner_it_opens_with() {
    let server = start_rendering(&[]).await;
    let (_, service) = server.get_json_for("/api/services/1", "en", 1).await;
    let first = &service["data"]["blocks"][0];
    assert_eq!(
        first["type"], "slider",
        "the demo's groceries home opens with offers"
    );
    let banner = first["items"][0]["image"].as_str().unwrap();
    let hint = format!(r#"<link rel="preload" as="image" fetchpriority="high" href="{banner}">"#);
    let home = page(&server, "/home", Some("en.0.1.1"), None).await;
    assert!(home.rendered());
    assert!(home.html[..home.html.find("</head>").unwrap()].contains(&hint));
    // The landing page shows no banner, so it asks for none.
    let landing = page(&server, "/", Some("en.0.1.1"), None).await;
    assert!(!landing.html.contains(r#"as="image""#));
    // A product's page asks for the gallery's first picture.
    let (_, product) = server.get_json_for("/api/products/1", "en", 1).await;
    let picture = product["data"]["images"][0].as_str().unwrap();
    let hint = format!(r#"<link rel="preload" as="image" fetchpriority="high" href="{picture}">"#);
    let product = page(&server, "/products/1", Some("en.0.1.1"), None).await;
    assert!(product.html[..product.html.find("</head>").unwrap()].contains(&hint));
}

#[tokio::test]
async fn a_product_page_carries_the_product_so_its_screen_does_not_ask_again() {
    let server = start_rendering(&[]).await;
    let (_, answer) = server.get_json_for("/api/products/1", "ar", 1).await;
    assert_eq!(answer["data"]["id"], 1);
    let product = page(&server, "/products/1", Some("ar.0.1.1"), None).await;
    assert!(product.rendered());
    // As the app would have asked for it: in the page language, for the district.
    assert_eq!(product.boot()["product"], answer["data"]);
    // A product that does not exist carries nothing (the screen shows its own error).
    let missing = page(&server, "/products/999999", Some("ar.0.1.1"), None).await;
    assert!(missing.rendered());
    assert_eq!(missing.boot()["product"], Value::Null);
    // Other pages carry no product.
    for path in ["/home", "/", "/products"] {
        let other = page(&server, path, Some("ar.0.1.1"), None).await;
        assert_eq!(other.boot()["product"], Value::Null, "{path}");
    }
}

#[tokio::test]
async fn product_and_home_pages_hold_their_screen_with_its_styles_applied() {
    let server = start_with_ui(&[], None, |ui| {
        write_index(ui);
        let mut templates = templates_of(&["landing", "shell", "not_found"]);
        for language in ["en", "ar"] {
            for signed_in in [0, 1] {
                for district in [0, 1] {
                    let key = format!("{language}:product:{signed_in}:{district}");
                    let page = format!(
                        r#"<main data-template="{key}"><h1>{{{{ product.name }}}}</h1><img src="{{{{ product_image }}}}"><p class="minutes">{{{{ product.branch.minutes | digits(language) }}}}</p></main>"#
                    );
                    templates.insert(key, Value::String(page));
                    let key = format!("{language}:home:{signed_in}:{district}");
                    let page = format!(
                        r#"<main data-template="{key}"><h1>{{{{ store_name }}}}</h1><p class="service">{{{{ service_name }}}}</p>{{% if home_slider %}}<h2>{{{{ home_slider.title }}}}</h2><img src="{{{{ home_slider.images[0] }}}}">{{% endif %}}</main>"#
                    );
                    templates.insert(key, Value::String(page));
                }
            }
        }
        write_templates(ui, templates);
    })
    .await;
    let (_, answer) = server.get_json_for("/api/products/1", "ar", 1).await;
    let product = page(&server, "/products/1", Some("ar.0.1.1"), None).await;
    assert_eq!(product.template(), "ar:product:0:1");
    let name = answer["data"]["name"].as_str().unwrap();
    assert!(
        product.html.contains(&format!("<h1>{name}</h1>")),
        "{}",
        product.html
    );
    let first = answer["data"]["images"][0].as_str().unwrap();
    // (minijinja's HTML escaping writes `/` as `&#x2f;`, which the browser reads back.)
    let escaped = |text: &str| text.replace('/', "&#x2f;");
    assert!(
        product
            .html
            .contains(&format!(r#"<img src="{}">"#, escaped(first)))
    );
    // Minutes in Arabic digits, as the app's {minutes, number} writes them.
    let minutes: String = answer["data"]["branch"]["minutes"]
        .as_u64()
        .unwrap()
        .to_string()
        .chars()
        .map(|c| char::from_u32(0x0660 + c.to_digit(10).unwrap()).unwrap())
        .collect();
    assert!(
        product
            .html
            .contains(&format!(r#"<p class="minutes">{minutes}</p>"#))
    );
    // The screen is on the page: its stylesheets apply before the first paint.
    let head = &product.html[..product.html.find("</head>").unwrap()];
    assert!(
        head.contains(r#"<link rel="stylesheet" crossorigin href="/assets/ProductPage-1.css">"#),
        "{head}"
    );

    let (_, service) = server.get_json_for("/api/services/1", "en", 1).await;
    let home = page(&server, "/home", Some("en.0.1.1"), None).await;
    assert_eq!(home.template(), "en:home:0:1");
    let slider = &service["data"]["blocks"][0];
    assert!(
        home.html
            .contains(&format!("<h2>{}</h2>", slider["title"].as_str().unwrap()))
    );
    let banner = slider["items"][0]["image"].as_str().unwrap();
    assert!(
        home.html
            .contains(&format!(r#"<img src="{}">"#, escaped(banner)))
    );
    let service_name = service["data"]["name"].as_str().unwrap();
    assert!(
        home.html
            .contains(&format!(r#"<p class="service">{service_name}</p>"#))
    );

    // A missing product is the not-found page, with a 404.
    let missing = page(&server, "/products/999999", Some("ar.0.1.1"), None).await;
    assert_eq!(missing.template(), "ar:not_found:0:1");
    assert_eq!(missing.status, 404);
}

/// A customer with two lines in the cart of service 1 from a shop in district 1; the
/// product names are the ones the API gives in English.
async fn customer_with_a_cart(
    server: &Server,
    mobile: &str,
) -> (orders_support::Customer, Vec<String>) {
    use orders_support::{Item, Shop, add, customer, make_product, make_shop};
    let c = customer(server, mobile).await;
    let shop = make_shop(server, Shop::default());
    let tea = make_product(server, shop, Item::default());
    let cake = make_product(
        server,
        shop,
        Item {
            price_minor: 125_050,
            ..Item::default()
        },
    );
    add(server, &c, tea, 2).await;
    add(server, &c, cake, 1).await;
    let (_, cart) = orders_support::get(server, &c, "/api/get_card?service_id=1").await;
    let names = cart["data"]["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|item| item["product"]["name"].as_str().unwrap().to_owned())
        .collect();
    (c, names)
}

/// `path` for a browser holding the page-view cookie `view` and the credential cookie.
async fn page_as(server: &Server, path: &str, token: &str, view: &str) -> Page {
    let cookies = format!("storefront_view={view}; storefront_session={token}");
    page_with_cookies(server, path, Some(&cookies), None).await
}

#[tokio::test]
async fn the_cart_is_drawn_with_the_customer_s_own_lines_and_kept_nowhere() {
    let server = start_rendering(&[]).await;
    let (c, names) = customer_with_a_cart(&server, "01001230101").await;
    assert_eq!(names.len(), 2);

    let cart = page_as(&server, "/cart", &c.token, "en.1.1.1").await;
    assert_eq!(cart.status, 200);
    assert_eq!(cart.template(), "en:cart:1:1");
    for name in &names {
        assert!(
            cart.html.contains(&format!("{name} × ")),
            "{name}: {}",
            cart.html
        );
    }
    assert_eq!(cart.html.matches("data-line=").count(), 2);
    // 3 items, "other" in English; the shop's total written as Intl writes it.
    assert!(
        cart.html.contains(r#"<p class="cart">3 other · "#),
        "{}",
        cart.html
    );
    assert!(cart.html.contains("1,250.50</li>"), "{}", cart.html);
    assert_eq!(cart.header(header::CACHE_CONTROL), "private, no-store");
    assert!(cart.header(header::VARY).contains("Cookie"));
    assert_eq!(cart.header(header::SET_COOKIE), "");
    let boot = cart.boot();
    assert_eq!(boot["kind"], "cart");
    assert_eq!(boot["credential"], true);
    let (_, api) = orders_support::get(&server, &c, "/api/get_card?service_id=1").await;
    assert_eq!(boot["cart"]["items"], api["data"]["items"]);
    // Asked for the view's district, as the app asks.
    assert_eq!(boot["cart"]["delivers"], true);
    assert!(!cart.html.contains(&c.token));

    // In Arabic: Arabic-Indic digits and the Arabic plural form.
    let arabic = page_as(&server, "/cart", &c.token, "ar.1.1.1").await;
    assert_eq!(arabic.template(), "ar:cart:1:1");
    assert!(
        arabic.html.contains(r#"<p class="cart">٣ few · "#),
        "{}",
        arabic.html
    );
    assert!(arabic.html.contains("١٬٢٥٠٫٥٠</li>"), "{}", arabic.html);

    // Without the cookie: the layout shell, as before, and no line.
    let shell = page(&server, "/cart", Some("en.1.1.1"), None).await;
    assert_eq!(shell.template(), "en:shell:1:1");
    assert!(!shell.html.contains("data-line="));
    assert_eq!(shell.header(header::CACHE_CONTROL), "no-cache");
    // Other pages never read the cart, cookie or not.
    let home = page_as(&server, "/home", &c.token, "en.1.1.1").await;
    assert!(!home.html.contains("data-line=") && home.boot()["cart"].is_null());
}

#[tokio::test]
async fn another_customer_s_cookie_never_shows_this_cart() {
    let server = start_rendering(&[]).await;
    customer_with_a_cart(&server, "01001230102").await;
    let other = orders_support::customer(&server, "01001230103").await;
    let theirs = page_as(&server, "/cart", &other.token, "en.1.1.1").await;
    assert_eq!(theirs.template(), "en:cart:1:1");
    // (The product names may be elsewhere in the page: the service's home blocks.)
    assert!(!theirs.html.contains("data-line="), "{}", theirs.html);
    assert!(
        theirs.html.contains(r#"<p class="cart">0 other · "#),
        "{}",
        theirs.html
    );
    assert_eq!(theirs.boot()["cart"]["items"], json!([]));
}

#[tokio::test]
async fn a_cookie_whose_session_ended_gets_the_signed_out_page_and_is_cleared() {
    let server = start_rendering(&[]).await;
    let (c, _) = customer_with_a_cart(&server, "01001230104").await;
    let (status, _) = orders_support::post(&server, &c, "/api/user/logout", json!({})).await;
    assert_eq!(status, 200);
    let ended = page_as(&server, "/cart", &c.token, "en.1.1.1").await;
    // The page a guest gets on /cart (the guard sends guests away: the shell).
    assert_eq!(ended.template(), "en:shell:0:1");
    assert_eq!(ended.boot()["view"]["signed_in"], false);
    assert!(!ended.html.contains("data-line="), "{}", ended.html);
    assert_eq!(
        ended.header(header::SET_COOKIE),
        "storefront_session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax"
    );
    assert_eq!(ended.header(header::CACHE_CONTROL), "private, no-store");
}

#[tokio::test]
async fn with_an_external_api_the_cart_is_asked_of_it_as_the_customer_every_time() {
    let upstream = start_rendering(&[]).await;
    let (c, names) = customer_with_a_cart(&upstream, "01001230105").await;
    let address = orders_support::make_address(&upstream, &c, 1);
    let other = orders_support::customer(&upstream, "01001230106").await;
    let (proxy, counts) = counting_proxy(upstream.base.clone()).await;
    let server = start_rendering(&["--api-base-url", &format!("{proxy}/api")]).await;
    for _ in 0..2 {
        // The first customer's cookie names their cart's delivery address.
        let view = format!("en.1.1.1.{address}");
        let cart = page_as(&server, "/cart", &c.token, &view).await;
        assert_eq!(cart.boot()["view"]["address_id"], address);
        assert_eq!(cart.template(), "en:cart:1:1");
        assert_eq!(cart.html.matches("data-line=").count(), 2);
        assert!(cart.html.contains(&format!("{} × ", names[0])));
        // Another customer right after: their own cart, never a cached one.
        let theirs = page_as(&server, "/cart", &other.token, "en.1.1.1").await;
        assert!(!theirs.html.contains("data-line="), "{}", theirs.html);
    }
    let counts = counts.lock().unwrap();
    // Asked for that address, as the app asks; the other customer named none.
    let for_address = format!("/api/get_card?service_id=1 address-id={address}");
    assert_eq!(counts.get(&for_address).copied(), Some(2), "{counts:?}");
    assert_eq!(counts.get("/api/get_card?service_id=1").copied(), Some(2));
}
