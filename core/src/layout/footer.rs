//! The footer (spec 2), from the store settings (`GET /setting`) and the customer
//! static pages. The input types are lenient: every field may be missing or null.
//!
//! Every outside link comes from server settings, so only `http(s)` URLs become
//! links: a `javascript:` URL typed into the admin panel never reaches an `href`.

use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;

use crate::lenient;

use crate::locale::Language;
use crate::validation::{is_email, is_web_url, normalize_digits};

/// `general_setting` of the settings (spec 3).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct GeneralSetting {
    pub store_name_ar: Option<String>,
    pub store_name_en: Option<String>,
    pub email: Option<String>,
    pub phone_number: Option<String>,
    pub address_ar: Option<String>,
    pub address_en: Option<String>,
    pub map_url: Option<String>,
    pub ios_app_link: Option<String>,
    pub android_app_link: Option<String>,
}

/// `social_media` of the settings: a URL per network, a phone number for WhatsApp.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SocialMedia {
    pub twitter: Option<String>,
    pub instagram: Option<String>,
    pub facebook: Option<String>,
    pub linkedin: Option<String>,
    pub youtube: Option<String>,
    pub snapchat: Option<String>,
    pub whatsapp: Option<String>,
}

/// The store settings (`GET /setting`, spec 3), as far as the layout reads them.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Settings {
    pub logo: Option<String>,
    /// The store name in the request's language.
    pub app_name: Option<String>,
    pub general_setting: Option<GeneralSetting>,
    pub social_media: Option<SocialMedia>,
}

/// A static page of the list (`GET /static-pages?category=`, spec 3).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct StaticPage {
    pub id: u64,
    pub title: Option<String>,
    /// `about` or `policy`.
    #[serde(rename = "type")]
    pub page_type: Option<String>,
    pub category: Option<String>,
}

impl Settings {
    /// Reads the `data` of `GET /setting` leniently: anything missing or unreadable is
    /// absent (numbers are read as text).
    pub fn from_json(value: &Value) -> Self {
        let field = |object: Option<&Value>, name: &str| lenient::text(object?.get(name));
        let general = value.get("general_setting").filter(|g| g.is_object());
        let social = value.get("social_media").filter(|s| s.is_object());
        Self {
            logo: field(Some(value), "logo"),
            app_name: field(Some(value), "app_name"),
            general_setting: general.map(|g| GeneralSetting {
                store_name_ar: field(Some(g), "store_name_ar"),
                store_name_en: field(Some(g), "store_name_en"),
                email: field(Some(g), "email"),
                phone_number: field(Some(g), "phone_number"),
                address_ar: field(Some(g), "address_ar"),
                address_en: field(Some(g), "address_en"),
                map_url: field(Some(g), "map_url"),
                ios_app_link: field(Some(g), "ios_app_link"),
                android_app_link: field(Some(g), "android_app_link"),
            }),
            social_media: social.map(|s| SocialMedia {
                twitter: field(Some(s), "twitter"),
                instagram: field(Some(s), "instagram"),
                facebook: field(Some(s), "facebook"),
                linkedin: field(Some(s), "linkedin"),
                youtube: field(Some(s), "youtube"),
                snapchat: field(Some(s), "snapchat"),
                whatsapp: field(Some(s), "whatsapp"),
            }),
        }
    }
}

impl<'de> Deserialize<'de> for Settings {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Ok(Self::from_json(&Value::deserialize(deserializer)?))
    }
}

impl StaticPage {
    /// Reads a page of `GET /static-pages` leniently; without a readable id it is
    /// page 0, which the footer leaves out.
    pub fn from_json(value: &Value) -> Self {
        Self {
            id: lenient::id(value.get("id")).unwrap_or(0),
            title: lenient::text(value.get("title")),
            page_type: lenient::text(value.get("type")),
            category: lenient::text(value.get("category")),
        }
    }
}

impl<'de> Deserialize<'de> for StaticPage {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Ok(Self::from_json(&Value::deserialize(deserializer)?))
    }
}

/// A link inside the app.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct FooterLink {
    pub title: String,
    pub to: String,
}

/// A link out of the app, with the text to show.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ExternalLink {
    pub text: String,
    pub href: String,
}

/// Social networks, in the footer's order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum SocialNetwork {
    Twitter,
    Instagram,
    Facebook,
    Linkedin,
    Youtube,
    Snapchat,
    Whatsapp,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SocialLink {
    pub network: SocialNetwork,
    pub href: String,
}

/// Everything the footer shows; absent parts are `None` or empty.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Footer {
    /// One per page of type about, to /account/information/{id}.
    pub about_links: Vec<FooterLink>,
    /// /account/contact-us.
    pub contact_us: String,
    /// One per page of type policy, to /information/{id}, titled by the page.
    pub policy_links: Vec<FooterLink>,
    /// A `mailto:` link.
    pub email: Option<ExternalLink>,
    /// A `tel:` link.
    pub phone: Option<ExternalLink>,
    /// The address in the reader's language (the other one when it is missing).
    pub address: Option<String>,
    /// Shown as 'Find Us On Map'.
    pub map_url: Option<String>,
    pub ios_app_link: Option<String>,
    pub android_app_link: Option<String>,
    pub social_links: Vec<SocialLink>,
    /// The store name for the copyright line, in the reader's language.
    pub store_name: Option<String>,
    pub copyright_year: i32,
}

const CONTACT_US_PATH: &str = "/account/contact-us";
const WHATSAPP_CHAT: &str = "https://wa.me/";

/// Trimmed, or `None` when blank.
fn text(value: Option<&String>) -> Option<String> {
    value
        .map(|v| v.trim())
        .filter(|v| !v.is_empty())
        .map(str::to_owned)
}

/// An `http(s)` URL, or `None`.
fn web_url(value: Option<&String>) -> Option<String> {
    text(value).filter(|url| is_web_url(url))
}

/// The first of two texts that is present: the reader's language, then the other.
fn localized(language: Language, ar: Option<&String>, en: Option<&String>) -> Option<String> {
    match language {
        Language::Ar => text(ar).or_else(|| text(en)),
        Language::En => text(en).or_else(|| text(ar)),
    }
}

/// The WhatsApp chat link: `https://wa.me/<digits>` from the number in international
/// form (`+20 101…` or `0020 101…`); a ready `http(s)` link is kept as is.
fn whatsapp_link(value: Option<&String>) -> Option<String> {
    let value = text(value)?;
    if is_web_url(&value) {
        return Some(value);
    }
    let digits: String = normalize_digits(&value)
        .chars()
        .filter(char::is_ascii_digit)
        .collect();
    let digits = if value.trim_start().starts_with('+') {
        digits.as_str()
    } else {
        digits.strip_prefix("00").unwrap_or(&digits)
    };
    (!digits.is_empty()).then(|| format!("{WHATSAPP_CHAT}{digits}"))
}

/// The `tel:` link of a phone number: its digits and a leading `+`.
fn phone_link(value: Option<&String>) -> Option<ExternalLink> {
    let shown = text(value)?;
    let normalized = normalize_digits(&shown);
    let digits: String = normalized.chars().filter(char::is_ascii_digit).collect();
    if digits.is_empty() {
        return None;
    }
    let plus = if normalized.trim_start().starts_with('+') {
        "+"
    } else {
        ""
    };
    Some(ExternalLink {
        href: format!("tel:{plus}{digits}"),
        text: shown,
    })
}

/// Pages of a type with a valid id and a title, as links built by `to`.
fn page_links(
    pages: &[StaticPage],
    page_type: &str,
    to: impl Fn(u64) -> String,
) -> Vec<FooterLink> {
    pages
        .iter()
        .filter(|page| {
            page.page_type
                .as_deref()
                .is_some_and(|t| t.trim().eq_ignore_ascii_case(page_type))
                && crate::storage::valid_id(page.id)
        })
        .filter_map(|page| {
            Some(FooterLink {
                title: text(page.title.as_ref())?,
                to: to(page.id),
            })
        })
        .collect()
}

/// The footer (spec 2) for the settings, the customer static pages, the reader's
/// language and the current year. Pages without a title are left out (a link needs a
/// label), and so are an e-mail that is not an address and URLs that are not
/// `http(s)`.
pub fn footer(settings: &Settings, pages: &[StaticPage], language: Language, year: i32) -> Footer {
    let general = settings.general_setting.clone().unwrap_or_default();
    let social = settings.social_media.clone().unwrap_or_default();
    let networks = [
        (SocialNetwork::Twitter, web_url(social.twitter.as_ref())),
        (SocialNetwork::Instagram, web_url(social.instagram.as_ref())),
        (SocialNetwork::Facebook, web_url(social.facebook.as_ref())),
        (SocialNetwork::Linkedin, web_url(social.linkedin.as_ref())),
        (SocialNetwork::Youtube, web_url(social.youtube.as_ref())),
        (SocialNetwork::Snapchat, web_url(social.snapchat.as_ref())),
        (
            SocialNetwork::Whatsapp,
            whatsapp_link(social.whatsapp.as_ref()),
        ),
    ];
    Footer {
        about_links: page_links(pages, "about", |id| format!("/account/information/{id}")),
        contact_us: CONTACT_US_PATH.to_owned(),
        policy_links: page_links(pages, "policy", |id| format!("/information/{id}")),
        email: text(general.email.as_ref())
            .filter(|email| is_email(email))
            .map(|email| ExternalLink {
                href: format!("mailto:{email}"),
                text: email,
            }),
        phone: phone_link(general.phone_number.as_ref()),
        address: localized(
            language,
            general.address_ar.as_ref(),
            general.address_en.as_ref(),
        ),
        map_url: web_url(general.map_url.as_ref()),
        ios_app_link: web_url(general.ios_app_link.as_ref()),
        android_app_link: web_url(general.android_app_link.as_ref()),
        social_links: networks
            .into_iter()
            .filter_map(|(network, href)| {
                Some(SocialLink {
                    network,
                    href: href?,
                })
            })
            .collect(),
        store_name: localized(
            language,
            general.store_name_ar.as_ref(),
            general.store_name_en.as_ref(),
        )
        .or_else(|| text(settings.app_name.as_ref())),
        copyright_year: year,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::routes::{RouteId, match_route};
    use serde_json::json;

    fn settings() -> Settings {
        serde_json::from_value(json!({
            "logo": "/media/logo.png",
            "app_name": "Nile Market",
            "general_setting": {
                "store_name_ar": "سوق النيل", "store_name_en": "Nile Market",
                "email": "help@nilemarket.example", "phone_number": "+20 2 2345 6789",
                "address_ar": "١٢ شارع النيل، القاهرة", "address_en": "12 Nile St, Cairo",
                "map_url": "https://maps.example.com/?q=nile", "ios_app_link": "https://apps.apple.com/app/id1",
                "android_app_link": null
            },
            "social_media": {
                "whatsapp": "+20 100 123 4567", "facebook": "https://facebook.com/nile",
                "twitter": "https://x.com/nile", "snapchat": "", "youtube": "javascript:alert(1)",
                "instagram": "https://instagram.com/nile"
            }
        }))
        .unwrap()
    }

    fn pages() -> Vec<StaticPage> {
        serde_json::from_value(json!([
            {"id": 1, "title": "About Nile Market", "type": "about", "category": "customer"},
            {"id": 4, "title": "Privacy Policy", "type": "policy"},
            {"id": 2, "title": "How it works", "type": "about"},
            {"id": 5, "title": "Terms and Conditions", "type": "policy"},
            {"id": 6, "title": "  ", "type": "policy"},
            {"id": 7, "title": "Careers", "type": "jobs"},
            {"title": "No id", "type": "policy"}
        ]))
        .unwrap()
    }

    #[test]
    fn about_and_policy_links_from_the_pages() {
        let footer = footer(&settings(), &pages(), Language::En, 2025);
        let links = |links: &[FooterLink]| -> Vec<(String, String)> {
            links
                .iter()
                .map(|l| (l.title.clone(), l.to.clone()))
                .collect()
        };
        assert_eq!(
            links(&footer.about_links),
            vec![
                ("About Nile Market".into(), "/account/information/1".into()),
                ("How it works".into(), "/account/information/2".into()),
            ]
        );
        assert_eq!(
            links(&footer.policy_links),
            vec![
                ("Privacy Policy".into(), "/information/4".into()),
                ("Terms and Conditions".into(), "/information/5".into()),
            ]
        );
        assert_eq!(footer.contact_us, "/account/contact-us");
    }

    #[test]
    fn contact_information_by_language() {
        let english = footer(&settings(), &[], Language::En, 2025);
        assert_eq!(
            english.email,
            Some(ExternalLink {
                text: "help@nilemarket.example".into(),
                href: "mailto:help@nilemarket.example".into()
            })
        );
        assert_eq!(
            english.phone,
            Some(ExternalLink {
                text: "+20 2 2345 6789".into(),
                href: "tel:+20223456789".into()
            })
        );
        assert_eq!(english.address.as_deref(), Some("12 Nile St, Cairo"));
        assert_eq!(
            english.map_url.as_deref(),
            Some("https://maps.example.com/?q=nile")
        );
        assert_eq!(english.store_name.as_deref(), Some("Nile Market"));
        let arabic = footer(&settings(), &[], Language::Ar, 2025);
        assert_eq!(arabic.address.as_deref(), Some("١٢ شارع النيل، القاهرة"));
        assert_eq!(arabic.store_name.as_deref(), Some("سوق النيل"));
    }

    #[test]
    fn a_missing_address_falls_back_to_the_other_language() {
        let mut only_english = settings();
        if let Some(general) = only_english.general_setting.as_mut() {
            general.address_ar = None;
        }
        let footer = footer(&only_english, &[], Language::Ar, 2025);
        assert_eq!(footer.address.as_deref(), Some("12 Nile St, Cairo"));
    }

    #[test]
    fn app_links_only_if_set() {
        let footer = footer(&settings(), &[], Language::En, 2025);
        assert_eq!(
            footer.ios_app_link.as_deref(),
            Some("https://apps.apple.com/app/id1")
        );
        assert_eq!(footer.android_app_link, None);
    }

    #[test]
    fn social_links_in_spec_order_with_a_whatsapp_chat_link() {
        let footer = footer(&settings(), &[], Language::En, 2025);
        let links: Vec<(SocialNetwork, &str)> = footer
            .social_links
            .iter()
            .map(|l| (l.network, l.href.as_str()))
            .collect();
        assert_eq!(
            links,
            vec![
                (SocialNetwork::Twitter, "https://x.com/nile"),
                (SocialNetwork::Instagram, "https://instagram.com/nile"),
                (SocialNetwork::Facebook, "https://facebook.com/nile"),
                // YouTube's javascript: URL and the blank Snapchat are left out.
                (SocialNetwork::Whatsapp, "https://wa.me/201001234567"),
            ]
        );
    }

    #[test]
    fn whatsapp_numbers_in_every_form() {
        let link = |n: &str| whatsapp_link(Some(&n.to_owned()));
        assert_eq!(
            link("00201001234567").as_deref(),
            Some("https://wa.me/201001234567")
        );
        assert_eq!(
            link("+٢٠ ١٠٠ ١٢٣ ٤٥٦٧").as_deref(),
            Some("https://wa.me/201001234567")
        );
        assert_eq!(
            link("https://wa.me/201001234567").as_deref(),
            Some("https://wa.me/201001234567")
        );
        assert_eq!(link("call us"), None);
    }

    #[test]
    fn empty_settings_give_an_empty_footer_with_the_year() {
        let empty: Settings = serde_json::from_value(json!({"general_setting": null})).unwrap();
        let footer = footer(&empty, &[], Language::En, 2031);
        assert_eq!(footer.copyright_year, 2031);
        assert!(footer.about_links.is_empty() && footer.social_links.is_empty());
        assert_eq!(
            (
                footer.email,
                footer.phone,
                footer.address,
                footer.store_name
            ),
            (None, None, None, None)
        );
    }

    #[test]
    fn an_invalid_email_is_not_a_mailto_link() {
        let mut bad = settings();
        if let Some(general) = bad.general_setting.as_mut() {
            general.email = Some("help at nile".into());
        }
        assert_eq!(footer(&bad, &[], Language::En, 2025).email, None);
    }

    #[test]
    fn links_are_routes_of_the_table() {
        let footer = footer(&settings(), &pages(), Language::En, 2025);
        assert_eq!(
            match_route(&footer.contact_us).map(|m| m.route.id),
            Some(RouteId::ContactUs)
        );
        for link in &footer.about_links {
            assert_eq!(
                match_route(&link.to).map(|m| m.route.id),
                Some(RouteId::AccountInformation)
            );
        }
        for link in &footer.policy_links {
            assert_eq!(
                match_route(&link.to).map(|m| m.route.id),
                Some(RouteId::Information)
            );
        }
    }
}
