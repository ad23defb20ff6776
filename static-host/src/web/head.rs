//! The per-route head: what search engines and chat apps read of a page without running
//! it. Each route gets its own title and meta description, a canonical URL, hreflang
//! alternates for English, Arabic and x-default, Open Graph tags and a Twitter card
//! (for a product also its price and currency), built from the data the page already
//! fetched: the store's remote config and settings, and the thing the route shows (the
//! product, category, shop or static page).
//!
//! Language URLs: the bare path is the English page (and x-default); `?lang=ar` is the
//! Arabic one (`?lang=en` is accepted too and canonicalises to the bare path). The tags
//! are written by a minijinja template in which every value is HTML-escaped.

use minijinja::{AutoEscape, Environment};
use serde::Serialize;
use serde_json::Value;
use storefront_core::locale::Language;
use storefront_core::routes::RouteId;

use super::page::{Page, escape_html};

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
    /// thing that route shows (`subject`: the API's answer), with the path's own
    /// language URLs.
    pub fn of(page: &Page, route: Option<RouteId>, subject: Option<&Value>, origin: &str) -> Head {
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

        let path = page.path.split(['?', '#']).next().unwrap_or("/");
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
            image: image.map(|href| absolute(origin, href)),
            price,
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
        match env.render_str(TAGS, minijinja::Value::from(minijinja::value::Serde(self))) {
            Ok(tags) => tags,
            Err(err) => {
                tracing::warn!(%err, "the head's tags failed to render");
                String::new()
            }
        }
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
        let bare = Head {
            image: None,
            price: None,
            canonical: None,
            noindex: true,
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
