//! Reviews on the server-rendered product page (issue 36): the product screen's reviews
//! section, drawn from its template inside the app's root with the context the server
//! gives it (the summary, the newest visible reviews with comments escaped, Arabic-Indic
//! digits on Arabic pages), the same answer in the boot JSON for the app's cache, and
//! the Product's `aggregateRating` and `review` in its JSON-LD, only with visible
//! reviews; hidden reviews appear nowhere.

mod common;
mod orders_support;

use common::{Server, start_with_ui};
use orders_support::*;
use serde_json::{Value, json};

const INDEX: &str = concat!(
    r#"<!doctype html><html lang="en" dir="ltr"><head><meta charset="UTF-8" />"#,
    r#"<title>Storefront</title></head><body><div id="root"><!--storefront:page-->"#,
    r#"<div class="boot"></div><!--/storefront:page--></div>"#,
    r#"<script type="module" src="/assets/index-3f2a1b.js"></script></body></html>"#
);

/// The product screen's reviews as the UI build writes them (`ProductReviews.tsx`), cut
/// to the context names it reads.
const PRODUCT_REVIEWS: &str = concat!(
    r#"<section id="product-reviews">{% if product.review_summary.count > 0 %}"#,
    r#"<p class="average">{{ product.review_summary.average | decimal1(language) }}</p>"#,
    r#"<p class="stars">{% for star in reviews.stars %}{{ star }} {% endfor %}</p>"#,
    r#"<p class="count">{{ product.review_summary.count | digits(language) }} {{ reviews.count_form }}</p>"#,
    r#"<ol>{% for review in reviews.shown %}<li lang="{{ review.language }}">"#,
    r#"<b>{% if review.reviewer %}{{ review.reviewer }}{% else %}A customer{% endif %}</b>"#,
    r#"<time datetime="{{ review.created_at }}">{{ review.day }}</time>"#,
    r#"{% if review.comment %}<p dir="auto">{{ review.comment }}</p>{% endif %}</li>{% endfor %}</ol>"#,
    r#"{% else %}<p>No reviews yet</p>{% endif %}</section>"#,
);

fn write_ui(ui: &std::path::Path) {
    std::fs::write(ui.join("index.html"), INDEX).unwrap();
    let mut templates = serde_json::Map::new();
    for language in ["en", "ar"] {
        for kind in ["landing", "shell", "not_found", "product", "home"] {
            for signed_in in [0, 1] {
                for district in [0, 1] {
                    let key = format!("{language}:{kind}:{signed_in}:{district}");
                    let reviews = if kind == "product" {
                        PRODUCT_REVIEWS
                    } else {
                        ""
                    };
                    let body = format!(r#"<main data-template="{key}">{reviews}</main>"#);
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

/// A product of a new shop, reviewed by each of `reviews` (a new customer each:
/// ordered, delivered, then the review); answers the product and the review ids.
async fn reviewed(server: &Server, reviews: &[(&str, u8, &str)]) -> (i64, Vec<i64>) {
    let shop = make_shop(server, Shop::default());
    let product = make_product(server, shop, Item::default());
    let mut ids = Vec::new();
    for (mobile, rating, comment) in reviews {
        let c = customer(server, mobile).await;
        let address = make_address(server, &c, 1);
        add(server, &c, product, 1).await;
        let order = checkout_cash(server, &c, 1, address).await["data"]["id"]
            .as_i64()
            .unwrap();
        deliver(server, order);
        let (status, body) = post(
            server,
            &c,
            &format!("/api/products/{product}/reviews"),
            json!({"rating": rating, "comment": comment}),
        )
        .await;
        assert_eq!(status, 201, "{body}");
        ids.push(body["data"]["id"].as_i64().unwrap());
    }
    (product, ids)
}

/// A page as a guest who chose district 1 and service 1 (a product's page is then the
/// product screen), in `language`.
async fn page(server: &Server, path: &str) -> String {
    let language = if path.contains("lang=ar") { "ar" } else { "en" };
    let response = server
        .client
        .get(server.url(path))
        .header("Cookie", format!("storefront_view={language}.0.1.1"))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200, "{path}");
    response.text().await.unwrap()
}

/// The product screen's reviews section, which must be inside the app's root.
fn section(html: &str) -> &str {
    let root = &html[html
        .find("<!--storefront:page-->")
        .expect("a rendered page")
        ..html.find("<!--/storefront:page-->").unwrap()];
    let start = root
        .find(r#"<section id="product-reviews">"#)
        .unwrap_or_else(|| {
            panic!("no reviews in the screen: {root}");
        });
    let end = start + root[start..].find("</section>").unwrap();
    &root[start..end]
}

/// The boot JSON the app starts from.
fn boot(html: &str) -> Value {
    let open = r#"<script type="application/json" id="storefront-boot">"#;
    let rest = &html[html.find(open).unwrap() + open.len()..];
    serde_json::from_str(&rest[..rest.find("</script>").unwrap()]).unwrap()
}

/// The JSON-LD Product of the page.
fn product_ld(html: &str) -> Value {
    let open = r#"<script type="application/ld+json">"#;
    html.split(open)
        .skip(1)
        .map(|rest| {
            serde_json::from_str::<Value>(&rest[..rest.find("</script>").unwrap()]).unwrap()
        })
        .find(|item| item["@type"] == "Product")
        .expect("a Product")
}

#[tokio::test]
async fn visible_reviews_are_on_the_page_and_in_its_structured_data() {
    let server = start_with_ui(&[], None, write_ui).await;
    let hostile = "</script><script>alert('x')</script> <b>bold</b> & more";
    let (product, ids) = reviewed(
        &server,
        &[
            ("01001237001", 5, "Fresh and well packed."),
            ("01001237002", 4, hostile),
            ("01001237003", 1, "Hidden spam comment"),
        ],
    )
    .await;
    // The operator hides the last one: it leaves the page and the rating.
    static_host::reviews::set_hidden(&mut server.db(), ids[2], true, now_ms())
        .unwrap()
        .unwrap();
    let html = page(&server, &format!("/products/{product}")).await;

    let reviews = section(&html);
    // Nothing is written after the root any more.
    assert!(!html.contains("storefront-reviews"));
    assert!(
        reviews.contains(r#"<p class="average">4.5</p>"#),
        "{reviews}"
    );
    assert!(
        reviews.contains("full full full full half"),
        "the core's half star"
    );
    assert!(reviews.contains(r#"<p class="count">2 other</p>"#));
    assert!(reviews.contains("Mona A."));
    assert!(reviews.contains("Fresh and well packed."));
    assert!(reviews.contains(r#"<li lang="en">"#));
    // Comments are text: escaped, never markup.
    assert!(reviews.contains(
        "&lt;&#x2f;script&gt;&lt;script&gt;alert(&#x27;x&#x27;)&lt;&#x2f;script&gt; &lt;b&gt;bold&lt;&#x2f;b&gt; &amp; more"
    ), "{reviews}");
    assert!(!html.contains("<script>alert("), "a comment became markup");
    assert!(!html.contains("<b>bold</b>"));
    assert!(!html.contains("Hidden spam comment"));
    // Newest first.
    assert!(
        reviews.find("&lt;&#x2f;script&gt;").unwrap() < reviews.find("Fresh and well").unwrap()
    );
    // The app's cache gets the same answer the screen was drawn from.
    let (_, answer) = server
        .get_json_for(
            &format!("/api/products/{product}/reviews?sort=newest&page=1&limit=5"),
            "en",
            1,
        )
        .await;
    assert_eq!(boot(&html)["reviews"], answer["data"]);
    assert_eq!(boot(&html)["reviews"].as_array().unwrap().len(), 2);

    let ld = product_ld(&html);
    assert_eq!(
        ld["aggregateRating"],
        json!({"@type": "AggregateRating", "ratingValue": 4.5, "reviewCount": 2,
               "bestRating": 5, "worstRating": 1})
    );
    let written = ld["review"].as_array().unwrap();
    assert_eq!(written.len(), 2);
    assert_eq!(written[0]["@type"], "Review");
    assert_eq!(
        written[0]["author"],
        json!({"@type": "Person", "name": "Mona A."})
    );
    assert_eq!(written[0]["reviewBody"], hostile, "read back as typed");
    assert_eq!(written[0]["reviewRating"]["ratingValue"], 4);
    assert_eq!(written[0]["inLanguage"], "en");
    assert_eq!(written[0]["datePublished"].as_str().unwrap().len(), 10);
    assert_eq!(written[1]["reviewBody"], "Fresh and well packed.");
}

#[tokio::test]
async fn arabic_pages_write_arabic_indic_digits() {
    let server = start_with_ui(&[], None, write_ui).await;
    let (product, _) = reviewed(
        &server,
        &[("01001237011", 5, "ممتاز"), ("01001237012", 4, "جيد")],
    )
    .await;
    let html = page(&server, &format!("/products/{product}?lang=ar")).await;
    let reviews = section(&html);
    // Each review in the language it was written in (here the English of the API call).
    assert!(reviews.contains(r#"<li lang="en">"#));
    assert!(reviews.contains(">٤٫٥<"), "{reviews}");
    assert!(reviews.contains(r#"<p class="count">٢ two</p>"#));
    assert!(reviews.contains(&format!(">{}</time>", &{
        let day = boot(&html)["reviews"][0]["created_at"].as_str().unwrap()[..10].to_owned();
        storefront_core::locale::in_digits(&day, storefront_core::locale::Language::Ar)
    })));
    assert!(!reviews.contains("4.5"));
    assert!(reviews.contains("ممتاز"));
}

#[tokio::test]
async fn without_visible_reviews_the_screen_says_so_and_there_is_no_rating() {
    let server = start_with_ui(&[], None, write_ui).await;
    let (never, _) = reviewed(&server, &[]).await;
    let (hidden, ids) = reviewed(&server, &[("01001237021", 2, "Only review")]).await;
    static_host::reviews::set_hidden(&mut server.db(), ids[0], true, now_ms())
        .unwrap()
        .unwrap();
    for product in [never, hidden] {
        let html = page(&server, &format!("/products/{product}")).await;
        assert!(section(&html).contains("No reviews yet"));
        assert!(!html.contains("Only review"));
        assert_eq!(boot(&html)["reviews"], json!([]));
        let ld = product_ld(&html);
        assert!(ld.get("aggregateRating").is_none() && ld.get("review").is_none());
    }
}
