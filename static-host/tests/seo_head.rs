//! What search engines and chat apps read of a page without running it (issue 23):
//! real status codes, and each route's own head — title, description, canonical URL,
//! hreflang alternates, Open Graph and the Twitter card — in both languages, read from
//! the raw HTML.

mod common;

use common::{Server, start_with_ui};
use reqwest::header;
use serde_json::{Value, json};

const INDEX: &str = concat!(
    r#"<!doctype html><html lang="en" dir="ltr"><head><meta charset="UTF-8" />"#,
    r#"<link rel="icon" href="/favicon.svg" type="image/svg+xml" />"#,
    r#"<title>Storefront</title></head><body><div id="root"><!--storefront:page-->"#,
    r#"<div class="boot"></div><!--/storefront:page--></div>"#,
    r#"<script type="module" src="/assets/index-3f2a1b.js"></script></body></html>"#
);

fn write_ui(ui: &std::path::Path) {
    std::fs::write(ui.join("index.html"), INDEX).unwrap();
    let mut templates = serde_json::Map::new();
    for language in ["en", "ar"] {
        for kind in ["landing", "shell", "not_found", "product", "home"] {
            for signed_in in [0, 1] {
                for district in [0, 1] {
                    let key = format!("{language}:{kind}:{signed_in}:{district}");
                    let body = format!(r#"<main data-template="{key}"></main>"#);
                    templates.insert(key, Value::String(body));
                }
            }
        }
    }
    std::fs::create_dir_all(ui.join("ssr")).unwrap();
    std::fs::write(
        ui.join("ssr/pages.json"),
        json!({"templates": templates}).to_string(),
    )
    .unwrap();
}

async fn start(extra: &[&str]) -> Server {
    start_with_ui(extra, None, write_ui).await
}

struct Page {
    status: u16,
    html: String,
}

/// `&amp;` and the other escapes our pages write, read back.
fn unescape(text: &str) -> String {
    text.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&#x2f;", "/")
        .replace("&amp;", "&")
}

impl Page {
    /// The head (the tags before `</head>`).
    fn head(&self) -> &str {
        &self.html[..self.html.find("</head>").expect("a head")]
    }

    /// The unescaped `value_attr` of every tag in the head that has `key_attr="key"`.
    fn all(&self, key_attr: &str, key: &str, value_attr: &str) -> Vec<String> {
        let head = self.head();
        let needle = format!(r#"{key_attr}="{key}""#);
        let mut found = Vec::new();
        let mut at = 0;
        while let Some(i) = head[at..].find(&needle) {
            let start = head[..at + i].rfind('<').unwrap();
            let end = at + i + head[at + i..].find('>').unwrap();
            let tag = &head[start..end];
            let pattern = format!(r#" {value_attr}=""#);
            if let Some(v) = tag.find(&pattern) {
                let value = &tag[v + pattern.len()..];
                found.push(unescape(&value[..value.find('"').unwrap()]));
            }
            at = end;
        }
        found
    }

    fn meta(&self, property: &str) -> Option<String> {
        let by_property = self.all("property", property, "content");
        let by_name = self.all("name", property, "content");
        let all: Vec<String> = by_property.into_iter().chain(by_name).collect();
        assert!(all.len() <= 1, "{property} more than once: {all:?}");
        all.into_iter().next()
    }

    fn link(&self, rel: &str) -> Vec<String> {
        self.all("rel", rel, "href")
    }

    fn title(&self) -> String {
        assert_eq!(self.head().matches("<title>").count(), 1);
        let at = self.head().find("<title>").unwrap() + 7;
        let len = self.head()[at..].find("</title>").unwrap();
        unescape(&self.head()[at..at + len])
    }

    fn hreflang(&self, lang: &str) -> Option<String> {
        let needle = format!(r#"hreflang="{lang}" href=""#);
        let at = self.head().find(&needle)? + needle.len();
        let len = self.head()[at..].find('"').unwrap();
        Some(unescape(&self.head()[at..at + len]))
    }

    /// The JSON-LD items of the head, parsed.
    fn json_ld(&self) -> Vec<Value> {
        let open = r#"<script type="application/ld+json">"#;
        self.head()
            .split(open)
            .skip(1)
            .map(|rest| serde_json::from_str(&rest[..rest.find("</script>").unwrap()]).unwrap())
            .collect()
    }

    /// The `@type` of each JSON-LD item.
    fn json_ld_types(&self) -> Vec<String> {
        self.json_ld()
            .iter()
            .map(|item| {
                assert_eq!(item["@context"], "https://schema.org");
                item["@type"].as_str().unwrap().to_owned()
            })
            .collect()
    }

    fn template(&self) -> &str {
        let at = self.html.find("data-template=\"").expect("a rendered page") + 15;
        let len = self.html[at..].find('"').unwrap();
        &self.html[at..at + len]
    }
}

async fn get(server: &Server, path: &str, cookie: Option<&str>, headers: &[(&str, &str)]) -> Page {
    let mut request = server.client.get(server.url(path));
    if let Some(cookie) = cookie {
        request = request.header(header::COOKIE, format!("storefront_view={cookie}"));
    }
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let response = request.send().await.unwrap();
    Page {
        status: response.status().as_u16(),
        html: response.text().await.unwrap(),
    }
}

/// `data` of an API call in `lang`.
async fn api(server: &Server, path: &str, lang: &str) -> Value {
    let (status, body) = server.get_json_in(path, lang).await;
    assert_eq!(status, 200, "{path}");
    body["data"].clone()
}

/// The checks every page that exists passes, in the language its URL names.
fn check_common(page: &Page, base: &str, path: &str, lang: &str, title: &str, description: &str) {
    assert_eq!(page.status, 200, "{path} {lang}");
    assert!(
        page.html.contains(&format!(r#"<html lang="{lang}""#)),
        "{path} {lang}"
    );
    let own = match lang {
        "en" => format!("{base}{path}"),
        _ => format!("{base}{path}?lang=ar"),
    };
    assert_eq!(page.title(), title, "{path} {lang}");
    assert_eq!(page.meta("description").as_deref(), Some(description));
    assert_eq!(
        page.link("canonical"),
        std::slice::from_ref(&own),
        "{path} {lang}"
    );
    assert_eq!(page.hreflang("en"), Some(format!("{base}{path}")));
    assert_eq!(page.hreflang("ar"), Some(format!("{base}{path}?lang=ar")));
    assert_eq!(page.hreflang("x-default"), Some(format!("{base}{path}")));
    assert_eq!(page.meta("og:title").as_deref(), Some(title));
    assert_eq!(page.meta("og:description").as_deref(), Some(description));
    assert_eq!(page.meta("og:url"), Some(own));
    let locale = if lang == "en" { "en_US" } else { "ar_EG" };
    assert_eq!(page.meta("og:locale").as_deref(), Some(locale));
    assert_eq!(page.meta("twitter:title").as_deref(), Some(title));
    assert_eq!(
        page.meta("twitter:description").as_deref(),
        Some(description)
    );
    assert_eq!(page.meta("robots"), None, "{path} {lang}");
}

#[tokio::test]
async fn each_route_has_its_own_head_in_both_languages() {
    let server = start(&[]).await;
    let base = server.base.clone();
    for lang in ["en", "ar"] {
        let url = |path: &str| match lang {
            "en" => path.to_owned(),
            _ => format!("{path}?lang=ar"),
        };
        let config = api(&server, "/api/remote-config", lang).await;
        let settings = api(&server, "/api/setting", lang).await;
        let site_title = config["title"].as_str().unwrap();
        let site_description = config["description"].as_str().unwrap();
        let store = settings["general_setting"][format!("store_name_{lang}")]
            .as_str()
            .unwrap();
        let logo = format!("{base}{}", settings["logo"].as_str().unwrap());

        // The landing page: the store's own title and description, its logo.
        let landing = get(&server, &url("/"), None, &[]).await;
        check_common(&landing, &base, "/", lang, site_title, site_description);
        assert_eq!(landing.meta("og:type").as_deref(), Some("website"));
        assert_eq!(landing.meta("og:site_name").as_deref(), Some(store));
        assert_eq!(landing.meta("og:image"), Some(logo.clone()));
        assert_eq!(
            landing.meta("twitter:card").as_deref(),
            Some("summary_large_image")
        );
        // The store and the site with its search.
        assert_eq!(landing.json_ld_types(), ["Organization", "WebSite"]);
        let ld = landing.json_ld();
        assert_eq!(ld[0]["name"], store);
        assert_eq!(ld[0]["logo"], logo.as_str());
        assert_eq!(ld[0]["url"], base.clone() + &url("/"));
        let search = &ld[1]["potentialAction"];
        assert_eq!(search["@type"], "SearchAction");
        let template = search["target"]["urlTemplate"].as_str().unwrap();
        let expected = match lang {
            "en" => format!("{base}/search-results?query={{search_term_string}}"),
            _ => format!("{base}/search-results?query={{search_term_string}}&lang=ar"),
        };
        assert_eq!(template, expected);
        assert_eq!(search["query-input"], "required name=search_term_string");

        // A product: its name, description, picture, price and currency.
        let product = api(&server, "/api/products/1", lang).await;
        let page = get(&server, &url("/products/1"), None, &[]).await;
        let title = format!("{} | {store}", product["name"].as_str().unwrap());
        let description = product["description"].as_str().unwrap();
        assert!(!description.is_empty());
        check_common(&page, &base, "/products/1", lang, &title, description);
        assert_eq!(page.meta("og:type").as_deref(), Some("product"));
        let picture = product["images"][0].as_str().unwrap();
        assert_eq!(page.meta("og:image"), Some(format!("{base}{picture}")));
        assert_eq!(page.meta("twitter:image"), Some(format!("{base}{picture}")));
        assert_eq!(
            page.meta("product:price:amount").as_deref(),
            product["price"].as_str()
        );
        assert_eq!(
            page.meta("product:price:currency").as_deref(),
            product["currency"].as_str()
        );
        // The product with its offer, and its trail through its category.
        assert_eq!(page.json_ld_types(), ["Product", "BreadcrumbList"]);
        let ld = page.json_ld();
        let own = base.clone() + &url("/products/1");
        assert_eq!(ld[0]["name"], product["name"]);
        assert_eq!(ld[0]["image"][0], format!("{base}{picture}"));
        let offer = &ld[0]["offers"];
        assert_eq!(offer["@type"], "Offer");
        assert_eq!(offer["price"], product["price"]);
        assert_eq!(offer["priceCurrency"], product["currency"]);
        let stock = product["stock"].as_i64().unwrap();
        let availability = match product["stock_status"].as_str().unwrap() {
            "preorder" => "https://schema.org/PreOrder",
            _ if stock > 0 => "https://schema.org/InStock",
            _ => "https://schema.org/OutOfStock",
        };
        assert_eq!(offer["availability"], availability);
        assert_eq!(offer["seller"]["name"], product["branch"]["name"]);
        let trail = ld[1]["itemListElement"].as_array().unwrap();
        let names: Vec<&str> = trail.iter().map(|i| i["name"].as_str().unwrap()).collect();
        assert_eq!(
            names,
            [
                store,
                product["category"]["name"].as_str().unwrap(),
                product["name"].as_str().unwrap()
            ]
        );
        assert_eq!(trail[2]["item"], own);
        assert_eq!(trail[2]["position"], 3);

        // A category: its name and icon, the store's description.
        let category = api(&server, "/api/categories/1", lang).await;
        let page = get(&server, &url("/categories/1"), None, &[]).await;
        let title = format!("{} | {store}", category["name"].as_str().unwrap());
        check_common(
            &page,
            &base,
            "/categories/1",
            lang,
            &title,
            site_description,
        );
        let icon = category["icon"].as_str().unwrap();
        assert_eq!(page.meta("og:image"), Some(format!("{base}{icon}")));
        assert_eq!(page.meta("product:price:amount"), None);
        assert_eq!(page.json_ld_types(), ["BreadcrumbList"]);
        let trail = page.json_ld()[0]["itemListElement"].clone();
        let last = trail.as_array().unwrap().last().unwrap().clone();
        assert_eq!(last["name"], category["name"]);
        assert_eq!(last["item"], base.clone() + &url("/categories/1"));
        // A subcategory's trail passes through its parent.
        let sub = api(&server, "/api/categories/1", lang).await["children"][0].clone();
        let sub_id = sub["id"].as_i64().unwrap();
        let page = get(&server, &url(&format!("/categories/{sub_id}")), None, &[]).await;
        let trail = page.json_ld()[0]["itemListElement"].clone();
        let names: Vec<&str> = trail
            .as_array()
            .unwrap()
            .iter()
            .map(|i| i["name"].as_str().unwrap())
            .collect();
        assert_eq!(
            names,
            [
                store,
                category["name"].as_str().unwrap(),
                sub["name"].as_str().unwrap()
            ]
        );

        // A shop: its name, description and logo.
        let branch = api(&server, "/api/branches/1", lang).await;
        let page = get(&server, &url("/branches/1"), None, &[]).await;
        let title = format!("{} | {store}", branch["name"].as_str().unwrap());
        let description = branch["description"].as_str().unwrap();
        check_common(&page, &base, "/branches/1", lang, &title, description);
        let shop_logo = branch["logo"].as_str().unwrap();
        assert_eq!(page.meta("og:image"), Some(format!("{base}{shop_logo}")));
        assert_eq!(page.json_ld_types(), ["Store"]);
        let shop = &page.json_ld()[0];
        assert_eq!(shop["name"], branch["name"]);
        assert_eq!(shop["url"], base.clone() + &url("/branches/1"));
        assert_eq!(
            shop["address"]["addressLocality"],
            branch["district"]["name"]
        );

        // A static page: its title.
        let about = api(&server, "/api/static-pages/1", lang).await;
        let page = get(&server, &url("/information/1"), None, &[]).await;
        let title = format!("{} | {store}", about["title"].as_str().unwrap());
        check_common(
            &page,
            &base,
            "/information/1",
            lang,
            &title,
            site_description,
        );

        // The not-found page: 404, its own title, not to be indexed, no canonical.
        let (not_found_title, not_found_text) = match lang {
            "en" => (
                "Page not found",
                "The page you are looking for does not exist or has moved.",
            ),
            _ => (
                "الصفحة غير موجودة",
                "الصفحة التي تبحث عنها غير موجودة أو تم نقلها.",
            ),
        };
        for path in ["/no/such/page", "/404"] {
            let page = get(&server, &url(path), None, &[]).await;
            assert_eq!(page.status, 404, "{path} {lang}");
            assert_eq!(page.template(), format!("{lang}:not_found:0:0"));
            assert_eq!(page.title(), format!("{not_found_title} | {store}"));
            assert_eq!(page.meta("description").as_deref(), Some(not_found_text));
            assert_eq!(page.meta("robots").as_deref(), Some("noindex"));
            assert!(page.link("canonical").is_empty());
            assert_eq!(page.hreflang("en"), None);
            assert!(page.json_ld().is_empty());
        }
    }
}

#[tokio::test]
async fn what_a_route_shows_and_does_not_exist_is_a_404() {
    let server = start(&[]).await;
    for path in [
        "/products/999999",
        "/categories/999999",
        "/branches/999999",
        "/information/999999",
        "/account/information/999999",
        "/products/abc",
        "/404",
        "/no/such/page",
    ] {
        // With and without a district, signed in or not: the status does not follow
        // the guard's decision.
        for cookie in [None, Some("ar.0.1.1"), Some("en.1.1.1")] {
            let page = get(&server, path, cookie, &[]).await;
            assert_eq!(page.status, 404, "{path} {cookie:?}");
            assert!(page.template().contains(":not_found:"), "{path} {cookie:?}");
        }
    }
    // What exists answers 200, whatever the guard decides for the reader (a guest
    // without a district is sent to / by the app).
    for path in [
        "/products/1",
        "/categories/1",
        "/branches/1",
        "/information/1",
        "/home",
        "/cart",
    ] {
        for cookie in [None, Some("ar.0.1.1")] {
            let page = get(&server, path, cookie, &[]).await;
            assert_eq!(page.status, 200, "{path} {cookie:?}");
        }
    }
}

#[tokio::test]
async fn the_saved_language_wins_over_the_url_s_which_wins_over_the_browser_s() {
    let server = start(&[]).await;
    let base = server.base.clone();
    let arabic_browser = [("accept-language", "ar-EG,ar;q=0.9")];
    // No saved choice: the URL's language, whatever the browser says.
    let english = get(&server, "/products/1?lang=en", None, &arabic_browser).await;
    assert!(english.html.contains(r#"<html lang="en" dir="ltr">"#));
    assert_eq!(english.link("canonical"), [format!("{base}/products/1")]);
    let arabic = get(&server, "/products/1?lang=ar", None, &[]).await;
    assert!(arabic.html.contains(r#"<html lang="ar" dir="rtl">"#));
    // No language in the URL: the browser's, and the canonical URL says which.
    let negotiated = get(&server, "/products/1", None, &arabic_browser).await;
    assert!(negotiated.html.contains(r#"<html lang="ar" dir="rtl">"#));
    assert_eq!(
        negotiated.link("canonical"),
        [format!("{base}/products/1?lang=ar")]
    );
    // A shopper's saved choice wins: the page is theirs, its canonical URL too.
    let saved = get(&server, "/products/1?lang=ar", Some("en.0.1.1"), &[]).await;
    assert!(saved.html.contains(r#"<html lang="en" dir="ltr">"#));
    assert_eq!(saved.link("canonical"), [format!("{base}/products/1")]);
    // Other parameters are not part of the page's address.
    let tracked = get(&server, "/products/1?lang=ar&utm_source=x", None, &[]).await;
    assert_eq!(
        tracked.link("canonical"),
        [format!("{base}/products/1?lang=ar")]
    );
}

#[tokio::test]
async fn absolute_urls_follow_the_host_and_a_trusted_proxy_s_scheme() {
    let trusting = start(&["--trust-forwarded-headers"]).await;
    let behind_tls = [("host", "shop.example"), ("x-forwarded-proto", "https")];
    let page = get(&trusting, "/categories/1", None, &behind_tls).await;
    assert_eq!(
        page.link("canonical"),
        ["https://shop.example/categories/1"]
    );
    assert!(
        page.meta("og:image")
            .unwrap()
            .starts_with("https://shop.example/")
    );

    let plain = start(&[]).await;
    let page = get(&plain, "/categories/1", None, &behind_tls).await;
    assert_eq!(page.link("canonical"), ["http://shop.example/categories/1"]);
    // A Host that is not a host name is not written into the page.
    let page = get(&plain, "/", None, &[("host", "x\"><script>")]).await;
    assert!(!page.html.contains("<script>"));
}

#[tokio::test]
async fn the_four_benchmarked_pages_keep_one_title_description_and_canonical() {
    let server = start(&[]).await;
    for (path, cookie) in [
        ("/", None),
        ("/home", Some("en.0.1.1")),
        ("/products/1", Some("en.0.1.1")),
        ("/cart", Some("en.1.1.1")),
    ] {
        let page = get(&server, path, cookie, &[]).await;
        assert_eq!(page.status, 200, "{path}");
        page.title();
        assert_eq!(
            page.all("name", "description", "content").len(),
            1,
            "{path}"
        );
        assert_eq!(
            page.link("canonical"),
            [format!("{}{path}", server.base)],
            "{path}"
        );
        assert_eq!(page.meta("robots"), None, "{path}");
    }
    // index.html is the app at `/` (the service worker's fallback): its address is `/`.
    let index = get(&server, "/index.html", None, &[]).await;
    assert_eq!(index.link("canonical"), [format!("{}/", server.base)]);
}

/// An external API in front of the embedded one that says product 7 is gone (410) and
/// product 8 fails (500).
async fn api_with_gone_product(upstream: String) -> String {
    let refuse = |path: &str| match path {
        "/api/products/7" => Some(axum::http::StatusCode::GONE),
        "/api/products/8" => Some(axum::http::StatusCode::INTERNAL_SERVER_ERROR),
        _ => None,
    };
    common::api_in_front_of(upstream, refuse).await.0
}

#[tokio::test]
async fn with_an_external_api_a_product_it_says_is_gone_answers_410() {
    let upstream = start(&[]).await;
    let external = api_with_gone_product(upstream.base.clone()).await;
    let server = start(&["--api-base-url", &external]).await;
    let gone = get(&server, "/products/7", None, &[]).await;
    assert_eq!(gone.status, 410);
    assert_eq!(gone.template(), "en:not_found:0:0");
    assert_eq!(gone.meta("robots").as_deref(), Some("noindex"));
    // A failed call is not a missing product: the page is served as it can be.
    let failed = get(&server, "/products/8", None, &[]).await;
    assert_eq!(failed.status, 200);
    assert_eq!(failed.title(), api_title(&upstream).await);
    let missing = get(&server, "/products/999999", None, &[]).await;
    assert_eq!(missing.status, 404);
    let found = get(&server, "/products/1?lang=ar", None, &[]).await;
    assert_eq!(found.status, 200);
    let product = api(&upstream, "/api/products/1", "ar").await;
    assert!(found.title().starts_with(product["name"].as_str().unwrap()));
}

async fn api_title(server: &Server) -> String {
    api(server, "/api/remote-config", "en").await["title"]
        .as_str()
        .unwrap()
        .to_owned()
}
