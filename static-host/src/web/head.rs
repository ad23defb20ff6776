//! The per-route head: what search engines and chat apps read of a page without running
//! it. Each route gets its own title and meta description, a canonical URL, hreflang
//! alternates for English, Arabic and x-default, Open Graph tags and a Twitter card
//! (for a product also its price and currency), built from the data the page already
//! fetched: the store's remote config and settings, and the thing the route shows (the
//! product, category, shop or static page).
//!
//! Structured data (JSON-LD, schema.org) only where it says something of the page: the
//! store (Organization) and the site with its search (WebSite, SearchAction) on the
//! landing page; a product (Product with its Offer, and with visible reviews its
//! AggregateRating and newest Reviews) and its trail (BreadcrumbList) on a product's
//! page; the trail on a category's page; the shop (Store) on a shop's page.
//!
//! Language URLs: the bare path is the English page (and x-default); `?lang=ar` is the
//! Arabic one (`?lang=en` is accepted too and canonicalises to the bare path). The tags
//! are written by a minijinja template in which every value is HTML-escaped.

use minijinja::{AutoEscape, Environment};
use serde::Serialize;
use serde_json::Value;
use storefront_core::locale::Language;
use storefront_core::routes::RouteId;

use serde_json::json;

use super::page::{Page, escape_html, script_json};
use super::product_reviews;

/// The query parameter that names a page's language.
pub const LANG_PARAM: &str = "lang";
/// Longest meta description, in characters (what result pages show).
const DESCRIPTION_CHARS: usize = 160;

/// The head's tags after `<title>` and the description, which replace the built ones.
const TAGS: &str = concat!(
    "{% if noindex %}<meta name=\"robots\" content=\"noindex\">{% endif %}",
    "{% if canonical %}<link rel=\"canonical\" href=\"{{ canonical }}\">{% endif %}",
    "{% for a in alternates %}<link rel=\"alternate\" hreflang=\"{{ a.hreflang }}\" href=\"{{ a.href }}\">{% endfor %}",
    "<meta property=\"og:type\" content=\"{{ og_type }}\">",
    "<meta property=\"og:site_name\" content=\"{{ site_name }}\">",
    "<meta property=\"og:title\" content=\"{{ title }}\">",
    "<meta property=\"og:description\" content=\"{{ description }}\">",
    "{% if canonical %}<meta property=\"og:url\" content=\"{{ canonical }}\">{% endif %}",
    "<meta property=\"og:locale\" content=\"{{ locale }}\">",
    "<meta property=\"og:locale:alternate\" content=\"{{ locale_alternate }}\">",
    "{% if image %}<meta property=\"og:image\" content=\"{{ image }}\">{% endif %}",
    "{% if price %}<meta property=\"product:price:amount\" content=\"{{ price.amount }}\">",
    "<meta property=\"product:price:currency\" content=\"{{ price.currency }}\">{% endif %}",
    "<meta name=\"twitter:card\" content=\"{% if image %}summary_large_image{% else %}summary{% endif %}\">",
    "<meta name=\"twitter:title\" content=\"{{ title }}\">",
    "<meta name=\"twitter:description\" content=\"{{ description }}\">",
    "{% if image %}<meta name=\"twitter:image\" content=\"{{ image }}\">{% endif %}",
);

/// A page's head.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Head {
    pub title: String,
    pub description: String,
    /// Absent on the not-found page, which is not to be indexed.
    pub canonical: Option<String>,
    pub alternates: Vec<Alternate>,
    pub noindex: bool,
    /// `website` or `product`.
    pub og_type: &'static str,
    pub site_name: String,
    pub locale: &'static str,
    pub locale_alternate: &'static str,
    /// Absolute.
    pub image: Option<String>,
    pub price: Option<Price>,
    /// Schema.org items, each written as its own `application/ld+json` script.
    #[serde(skip)]
    pub json_ld: Vec<Value>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Alternate {
    pub hreflang: &'static str,
    pub href: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Price {
    pub amount: String,
    pub currency: String,
}

/// The language a URL names (`?lang=en|ar`), if any.
pub fn url_language(path_and_query: &str) -> Option<Language> {
    let query = path_and_query.split_once('?')?.1;
    form_urlencoded::parse(query.as_bytes())
        .filter(|(name, _)| name == LANG_PARAM)
        .find_map(|(_, value)| match value.as_ref() {
            "en" => Some(Language::En),
            "ar" => Some(Language::Ar),
            _ => None,
        })
}

/// The address of `path` (no query) in `language`: the bare path in English, `?lang=ar`
/// in Arabic.
pub fn language_url(origin: &str, path: &str, language: Language) -> String {
    match language {
        Language::En => format!("{origin}{path}"),
        Language::Ar => format!("{origin}{path}?{LANG_PARAM}=ar"),
    }
}

/// `href` as an absolute URL on `origin` (API media paths are root-relative).
pub fn absolute(origin: &str, href: &str) -> String {
    if href.starts_with("http://") || href.starts_with("https://") {
        href.to_owned()
    } else if let Some(rest) = href.strip_prefix("//") {
        let scheme = origin.split("://").next().unwrap_or("http");
        format!("{scheme}://{rest}")
    } else if href.starts_with('/') {
        format!("{origin}{href}")
    } else {
        format!("{origin}/{href}")
    }
}

/// The page's own text for a description: whitespace collapsed, cut to
/// [`DESCRIPTION_CHARS`] at a word where it can be.
pub fn description_text(text: &str) -> String {
    let words: Vec<&str> = text.split_whitespace().collect();
    let text = words.join(" ");
    if text.chars().count() <= DESCRIPTION_CHARS {
        return text;
    }
    let cut: String = text.chars().take(DESCRIPTION_CHARS - 1).collect();
    let cut = match cut.rfind(' ') {
        Some(at) if at > cut.len() / 2 => &cut[..at],
        _ => cut.as_str(),
    };
    format!("{}…", cut.trim_end())
}

fn text_of<'v>(value: Option<&'v Value>, name: &str) -> Option<&'v str> {
    value?
        .get(name)?
        .as_str()
        .map(str::trim)
        .filter(|s| !s.is_empty())
}

impl Head {
    /// The head of `page` at `origin` (`http://host`), for the route it matched and the
    /// thing that route shows (`subject`: the API's answer), with the language URLs of
    /// `route_path` (the path as the route table read it: `/index.html` is `/`).
    pub fn of(
        page: &Page,
        route: Option<RouteId>,
        subject: Option<&Value>,
        origin: &str,
        route_path: &str,
    ) -> Head {
        let config = &page.remote_config;
        let store_name = page
            .footer
            .store_name
            .clone()
            .or_else(|| config.app_name.clone())
            .or_else(|| config.title.clone())
            .unwrap_or_default();
        let site_title = config
            .title
            .clone()
            .or_else(|| config.app_name.clone())
            .unwrap_or_else(|| store_name.clone());
        let site_description = config
            .description
            .clone()
            .unwrap_or_else(|| site_title.clone());
        let logo = text_of(page.data.settings.as_ref(), "logo");
        let not_found = page.kind == super::page::Kind::NotFound;
        let named = |name: &str| format!("{name} | {store_name}");

        let (mut title, mut description, mut image) =
            (site_title.clone(), site_description.clone(), logo);
        let mut og_type = "website";
        let mut price = None;
        if not_found {
            title = named(&crate::i18n::Msg::PageNotFound.text(page.language));
            description = crate::i18n::Msg::PageNotFoundBody.text(page.language);
        } else if let Some(subject) = subject {
            let own_description = |name: &str| {
                text_of(Some(subject), name)
                    .map(description_text)
                    .filter(|d| !d.is_empty())
            };
            match route {
                Some(RouteId::Product) => {
                    if let Some(name) = text_of(Some(subject), "name") {
                        title = named(name);
                    }
                    description = own_description("description").unwrap_or(description);
                    image = subject
                        .get("images")
                        .and_then(Value::as_array)
                        .and_then(|images| images.first())
                        .and_then(Value::as_str)
                        .or_else(|| text_of(Some(subject), "image"))
                        .or(image);
                    og_type = "product";
                    price = match (
                        text_of(Some(subject), "price"),
                        text_of(Some(subject), "currency"),
                    ) {
                        (Some(amount), Some(currency)) => Some(Price {
                            amount: amount.to_owned(),
                            currency: currency.to_owned(),
                        }),
                        _ => None,
                    };
                }
                Some(RouteId::Category) => {
                    if let Some(name) = text_of(Some(subject), "name") {
                        title = named(name);
                    }
                    image = text_of(Some(subject), "icon").or(image);
                }
                Some(RouteId::Branch) => {
                    if let Some(name) = text_of(Some(subject), "name") {
                        title = named(name);
                    }
                    description = own_description("description").unwrap_or(description);
                    image = text_of(Some(subject), "logo").or(image);
                }
                Some(RouteId::Information | RouteId::AccountInformation) => {
                    if let Some(name) = text_of(Some(subject), "title") {
                        title = named(name);
                    }
                }
                _ => {}
            }
        }

        let path = route_path.split(['?', '#']).next().unwrap_or("/");
        let image = image.map(|href| absolute(origin, href));
        let here = language_url(origin, path, page.language);
        let json_ld = if not_found {
            Vec::new()
        } else {
            let site = Site {
                origin,
                language: page.language,
                store_name: &store_name,
                logo: logo.map(|href| absolute(origin, href)),
                settings: page.data.settings.as_ref(),
            };
            structured_data(
                &site,
                route,
                subject,
                &here,
                &description,
                image.as_deref(),
                page.data.reviews.as_ref(),
            )
        };
        let (canonical, alternates) = if not_found {
            (None, Vec::new())
        } else {
            (
                Some(language_url(origin, path, page.language)),
                vec![
                    Alternate {
                        hreflang: "en",
                        href: language_url(origin, path, Language::En),
                    },
                    Alternate {
                        hreflang: "ar",
                        href: language_url(origin, path, Language::Ar),
                    },
                    Alternate {
                        hreflang: "x-default",
                        href: language_url(origin, path, Language::En),
                    },
                ],
            )
        };
        let (locale, locale_alternate) = match page.language {
            Language::En => ("en_US", "ar_EG"),
            Language::Ar => ("ar_EG", "en_US"),
        };
        Head {
            title,
            description,
            canonical,
            alternates,
            noindex: not_found,
            og_type,
            site_name: store_name,
            locale,
            locale_alternate,
            image,
            price,
            json_ld,
        }
    }

    /// The tags after the title and description, every value escaped.
    pub fn tags(&self) -> String {
        let mut env = Environment::new();
        env.set_auto_escape_callback(|_| AutoEscape::Html);
        // Escapes `& < > " '`, enough for text and quoted attributes, without
        // minijinja's `&#x2f;` for every slash of a URL.
        env.set_formatter(|out, _state, value| {
            if !value.is_undefined() && !value.is_none() {
                out.write_str(&escape_html(&value.to_string()))?;
            }
            Ok(())
        });
        let mut tags =
            match env.render_str(TAGS, minijinja::Value::from(minijinja::value::Serde(self))) {
                Ok(tags) => tags,
                Err(err) => {
                    tracing::warn!(%err, "the head's tags failed to render");
                    String::new()
                }
            };
        // Escaped so that no text can close the element; not executed, so the CSP
        // allows it as it does the boot JSON.
        for item in &self.json_ld {
            tags.push_str(&format!(
                r#"<script type="application/ld+json">{}</script>"#,
                script_json(item)
            ));
        }
        tags
    }
}

/// What every schema.org item of a page may name: the site and its store.
struct Site<'a> {
    origin: &'a str,
    language: Language,
    store_name: &'a str,
    logo: Option<String>,
    settings: Option<&'a Value>,
}

impl Site<'_> {
    /// A path of the site in the page's language.
    fn url(&self, path: &str) -> String {
        language_url(self.origin, path, self.language)
    }

    /// The trail from the store's front page to `steps` (name, path), the last being the
    /// page itself.
    fn breadcrumbs(&self, steps: &[(&str, String)]) -> Value {
        let front = [(self.store_name, "/".to_owned())];
        let items: Vec<Value> = front
            .iter()
            .chain(steps)
            .enumerate()
            .map(|(n, (name, path))| {
                json!({
                    "@type": "ListItem",
                    "position": n + 1,
                    "name": name,
                    "item": self.url(path),
                })
            })
            .collect();
        json!({
            "@context": "https://schema.org",
            "@type": "BreadcrumbList",
            "itemListElement": items,
        })
    }
}

/// A review of the product's list as a schema.org `Review`.
fn review_item(review: &Value, language: Language) -> Value {
    let date = review
        .get("created_at")
        .and_then(Value::as_str)
        .unwrap_or_default();
    let mut item = json!({
        "@type": "Review",
        "author": {"@type": "Person", "name": product_reviews::reviewer_name(review, language)},
        "datePublished": date.get(..10).unwrap_or(date),
        "reviewRating": {
            "@type": "Rating",
            "ratingValue": review.get("rating").cloned().unwrap_or(Value::Null),
            "bestRating": 5,
            "worstRating": 1,
        },
    });
    if let Some(comment) = review.get("comment").and_then(Value::as_str) {
        item["reviewBody"] = json!(comment);
    }
    if let Some(written_in) = review.get("language").and_then(Value::as_str) {
        item["inLanguage"] = json!(written_in);
    }
    item
}

/// The schema.org availability of a product, from its stock.
fn availability(product: &Value) -> &'static str {
    let status = product.get("stock_status").and_then(Value::as_str);
    let stock = product.get("stock").and_then(Value::as_i64).unwrap_or(0);
    match status {
        Some("preorder") => "https://schema.org/PreOrder",
        Some("in_stock") => "https://schema.org/InStock",
        Some("out_of_stock") => "https://schema.org/OutOfStock",
        _ if stock > 0 => "https://schema.org/InStock",
        _ => "https://schema.org/OutOfStock",
    }
}

/// The page's schema.org items (see the module's documentation).
fn structured_data(
    site: &Site,
    route: Option<RouteId>,
    subject: Option<&Value>,
    here: &str,
    description: &str,
    image: Option<&str>,
    reviews: Option<&Value>,
) -> Vec<Value> {
    let named = |value: &Value, name: &str| text_of(Some(value), name).map(str::to_owned);
    match (route, subject) {
        (Some(RouteId::Landing), _) => {
            let general = site.settings.and_then(|s| s.get("general_setting"));
            let mut organization = json!({
                "@context": "https://schema.org",
                "@type": "Organization",
                "name": site.store_name,
                "url": site.url("/"),
            });
            if let Some(logo) = &site.logo {
                organization["logo"] = json!(logo);
            }
            if let Some(email) = text_of(general, "email") {
                organization["email"] = json!(email);
            }
            if let Some(phone) = text_of(general, "phone_number") {
                organization["telephone"] = json!(phone);
            }
            let website = json!({
                "@context": "https://schema.org",
                "@type": "WebSite",
                "name": site.store_name,
                "url": site.url("/"),
                "inLanguage": site.language.code(),
                "potentialAction": {
                    "@type": "SearchAction",
                    // The search results page (spec 2: /search-results?query={text}).
                    "target": {
                        "@type": "EntryPoint",
                        "urlTemplate": format!(
                            "{}{}",
                            site.origin,
                            search_template(site.language)
                        ),
                    },
                    "query-input": "required name=search_term_string",
                },
            });
            vec![organization, website]
        }
        (Some(RouteId::Product), Some(product)) => {
            let Some(name) = named(product, "name") else {
                return Vec::new();
            };
            let id = product
                .get("id")
                .map(|id| id.to_string())
                .unwrap_or_default();
            let mut item = json!({
                "@context": "https://schema.org",
                "@type": "Product",
                "name": name,
                "description": description,
                "sku": id,
                "url": here,
            });
            if let Some(image) = image {
                item["image"] = json!([image]);
            }
            if let Some(brand) = product.get("brand").and_then(|b| named(b, "name")) {
                item["brand"] = json!({"@type": "Brand", "name": brand});
            }
            if let (Some(price), Some(currency)) =
                (named(product, "price"), named(product, "currency"))
            {
                let mut offer = json!({
                    "@type": "Offer",
                    "price": price,
                    "priceCurrency": currency,
                    "availability": availability(product),
                    "url": here,
                });
                if let Some(shop) = product.get("branch").and_then(|b| named(b, "name")) {
                    offer["seller"] = json!({"@type": "Organization", "name": shop});
                }
                item["offers"] = offer;
            }
            // Only with visible reviews: a rating of nothing is no rating.
            if let Some((count, average)) = product_reviews::rating(product) {
                item["aggregateRating"] = json!({
                    "@type": "AggregateRating",
                    "ratingValue": average,
                    "reviewCount": count,
                    "bestRating": 5,
                    "worstRating": 1,
                });
                let written: Vec<Value> = product_reviews::items(reviews)
                    .into_iter()
                    .map(|review| review_item(review, site.language))
                    .collect();
                if !written.is_empty() {
                    item["review"] = json!(written);
                }
            }
            let mut steps = Vec::new();
            let category = product.get("category");
            if let (Some(category_name), Some(category_id)) = (
                category.and_then(|c| named(c, "name")),
                category.and_then(|c| c.get("id")).and_then(Value::as_u64),
            ) {
                steps.push((category_name, format!("/categories/{category_id}")));
            }
            steps.push((name, format!("/products/{id}")));
            let steps: Vec<(&str, String)> =
                steps.iter().map(|(n, p)| (n.as_str(), p.clone())).collect();
            vec![item, site.breadcrumbs(&steps)]
        }
        (Some(RouteId::Category), Some(category)) => {
            let (Some(name), Some(id)) = (
                named(category, "name"),
                category.get("id").and_then(Value::as_u64),
            ) else {
                return Vec::new();
            };
            let parent = category.get("parent");
            let mut steps = Vec::new();
            if let (Some(parent_name), Some(parent_id)) = (
                parent.and_then(|p| named(p, "name")),
                parent.and_then(|p| p.get("id")).and_then(Value::as_u64),
            ) {
                steps.push((parent_name, format!("/categories/{parent_id}")));
            }
            steps.push((name, format!("/categories/{id}")));
            let steps: Vec<(&str, String)> =
                steps.iter().map(|(n, p)| (n.as_str(), p.clone())).collect();
            vec![site.breadcrumbs(&steps)]
        }
        (Some(RouteId::Branch), Some(shop)) => {
            let Some(name) = named(shop, "name") else {
                return Vec::new();
            };
            let mut store = json!({
                "@context": "https://schema.org",
                "@type": "Store",
                "name": name,
                "description": description,
                "url": here,
                "parentOrganization": {"@type": "Organization", "name": site.store_name},
            });
            if let Some(image) = image {
                store["image"] = json!(image);
            }
            if let Some(district) = shop.get("district").and_then(|d| named(d, "name")) {
                store["address"] = json!({"@type": "PostalAddress", "addressLocality": district});
            }
            vec![store]
        }
        _ => Vec::new(),
    }
}

/// The search results page's address with the searched text left as the SearchAction's
/// placeholder, in the page's language.
fn search_template(language: Language) -> String {
    let path = "/search-results?query={search_term_string}";
    match language {
        Language::En => path.to_owned(),
        Language::Ar => format!("{path}&{LANG_PARAM}=ar"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_url_names_the_language() {
        assert_eq!(url_language("/products/3?lang=ar"), Some(Language::Ar));
        assert_eq!(url_language("/?x=1&lang=en"), Some(Language::En));
        assert_eq!(url_language("/?lang=fr"), None);
        assert_eq!(url_language("/?language=ar"), None);
        assert_eq!(url_language("/lang=ar"), None);
        assert_eq!(
            language_url("https://s.example", "/home", Language::Ar),
            "https://s.example/home?lang=ar"
        );
        assert_eq!(
            language_url("https://s.example", "/home", Language::En),
            "https://s.example/home"
        );
    }

    #[test]
    fn availability_follows_the_stock() {
        let of = |v: serde_json::Value| availability(&v);
        assert_eq!(
            of(json!({"stock_status": "in_stock", "stock": 3})),
            "https://schema.org/InStock"
        );
        assert_eq!(
            of(json!({"stock_status": "preorder", "stock": 0})),
            "https://schema.org/PreOrder"
        );
        assert_eq!(
            of(json!({"stock_status": "out_of_stock", "stock": 0})),
            "https://schema.org/OutOfStock"
        );
        // An API that gives only the stock.
        assert_eq!(of(json!({"stock": 2})), "https://schema.org/InStock");
        assert_eq!(of(json!({"stock": 0})), "https://schema.org/OutOfStock");
        assert_eq!(
            search_template(Language::Ar),
            "/search-results?query={search_term_string}&lang=ar"
        );
    }

    #[test]
    fn media_paths_become_absolute() {
        let origin = "https://s.example";
        assert_eq!(
            absolute(origin, "/api/media/a.svg"),
            "https://s.example/api/media/a.svg"
        );
        assert_eq!(
            absolute(origin, "media/a.svg"),
            "https://s.example/media/a.svg"
        );
        assert_eq!(
            absolute(origin, "http://cdn.example/a"),
            "http://cdn.example/a"
        );
        assert_eq!(absolute(origin, "//cdn.example/a"), "https://cdn.example/a");
    }

    #[test]
    fn descriptions_are_one_line_and_cut_at_a_word() {
        assert_eq!(description_text("  Fresh\n tea  "), "Fresh tea");
        let long = "word ".repeat(60);
        let cut = description_text(&long);
        assert!(cut.chars().count() <= DESCRIPTION_CHARS, "{cut}");
        assert!(cut.ends_with("word…"), "{cut}");
        let arabic = "شاي ".repeat(60);
        assert!(description_text(&arabic).chars().count() <= DESCRIPTION_CHARS);
    }

    #[test]
    fn every_value_in_the_tags_is_escaped() {
        let head = Head {
            title: "\"><script>x</script>".into(),
            description: "a & b".into(),
            canonical: Some("https://s.example/p?lang=ar&x=\"".into()),
            alternates: vec![Alternate {
                hreflang: "en",
                href: "https://s.example/'".into(),
            }],
            noindex: false,
            og_type: "product",
            site_name: "<b>".into(),
            locale: "en_US",
            locale_alternate: "ar_EG",
            image: Some("https://s.example/i.svg".into()),
            price: Some(Price {
                amount: "12.50".into(),
                currency: "EGP".into(),
            }),
            json_ld: vec![serde_json::json!({"name": "</script><script>x()</script>"})],
        };
        let tags = head.tags();
        assert!(
            !tags.contains("<script>") && !tags.contains("<b>"),
            "{tags}"
        );
        assert!(tags.contains(r#"<meta property="og:title" content="&quot;&gt;&lt;script&gt;"#));
        assert!(
            tags.contains(
                r#"<link rel="canonical" href="https://s.example/p?lang=ar&amp;x=&quot;">"#
            )
        );
        assert!(tags.contains(r#"hreflang="en" href="https://s.example/&#39;""#));
        assert!(tags.contains(r#"<meta property="product:price:amount" content="12.50">"#));
        assert!(tags.contains(r#"<meta name="twitter:card" content="summary_large_image">"#));
        assert!(!tags.contains("noindex"));
        // The JSON-LD cannot close its element.
        assert_eq!(tags.matches("</script>").count(), 1, "{tags}");
        assert!(
            tags.contains(r#"<script type="application/ld+json">{"name":"\u003c/script\u003e"#)
        );
        let bare = Head {
            image: None,
            price: None,
            canonical: None,
            noindex: true,
            json_ld: Vec::new(),
            ..head
        };
        let tags = bare.tags();
        assert!(tags.contains(r#"<meta name="robots" content="noindex">"#));
        assert!(tags.contains(r#"<meta name="twitter:card" content="summary">"#));
        assert!(
            !tags.contains("canonical") && !tags.contains("og:image") && !tags.contains("product:")
        );
    }
}
