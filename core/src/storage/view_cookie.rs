//! The page-view cookie: the few stored values that change how a page looks before any
//! script runs (its language, the header of a signed-in customer, the services bar of a
//! chosen district, the selected service, the cart's delivery address), mirrored into a
//! cookie so that the server can send the page already laid out as the app will render
//! it (spec 2, startup).
//!
//! It holds no secret and nothing personal: no token (only whether one is stored), and
//! of the address only its id, never a location or a line of it (the server asks the
//! cart for that address, as the app does). The server uses it only to choose what to
//! render; the app checks it against storage before adopting the server's HTML.

use super::codec::{decode_id, decode_language};
use super::state::ClientState;
use crate::locale::Language;

/// The cookie's name.
pub const VIEW_COOKIE: &str = "storefront_view";

/// What the cookie says about storage.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PageView {
    /// The language chosen on this device, if one was.
    pub language: Option<Language>,
    pub signed_in: bool,
    pub district_id: Option<u64>,
    pub service_id: Option<u64>,
    /// The address the cart is delivered to (its totals and delivery notice depend on it).
    pub address_id: Option<u64>,
}

impl PageView {
    /// The view of what storage holds.
    pub fn of(state: &ClientState) -> Self {
        Self {
            language: state.language,
            signed_in: state.signed_in(),
            district_id: state.district_id,
            service_id: state.selected_service,
            address_id: state.address_id,
        }
    }

    /// The cookie value: `language.signed_in.district.service.address`, with `-` for no
    /// language and `0` for no id (`ar.1.3.2.17`, `-.0.0.0.0`). Only characters a cookie
    /// value allows.
    pub fn cookie_value(&self) -> String {
        format!(
            "{}.{}.{}.{}.{}",
            self.language.map_or("-", Language::code),
            u8::from(self.signed_in),
            self.district_id.unwrap_or(0),
            self.service_id.unwrap_or(0),
            self.address_id.unwrap_or(0),
        )
    }

    /// Reads a cookie value; anything unreadable reads as not there (a guest with
    /// nothing chosen). A value written before the address joined it (four parts) reads
    /// with no address.
    pub fn from_cookie_value(value: &str) -> Self {
        let mut parts = value.trim().split('.');
        let mut next = || parts.next().unwrap_or_default();
        let (language, signed_in, district, service, address) =
            (next(), next(), next(), next(), next());
        Self {
            language: decode_language(language),
            signed_in: signed_in == "1",
            district_id: decode_id(district),
            service_id: decode_id(service),
            address_id: decode_id(address),
        }
    }

    /// The view from a `Cookie` request header (`a=1; storefront_view=ar.1.3.2`).
    pub fn from_cookie_header(header: &str) -> Self {
        header
            .split(';')
            .filter_map(|pair| pair.trim().split_once('='))
            .find(|(name, _)| *name == VIEW_COOKIE)
            .map(|(_, value)| Self::from_cookie_value(value))
            .unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cookie_mirrors_what_shapes_the_page_and_nothing_personal() {
        let state = ClientState {
            token: Some("secret-token".into()),
            language: Some(Language::Ar),
            district_id: Some(3),
            selected_service: Some(2),
            address_id: Some(17),
            user_mobile: Some("+201012345678".into()),
            ..ClientState::default()
        };
        let value = PageView::of(&state).cookie_value();
        assert_eq!(value, "ar.1.3.2.17");
        assert!(!value.contains("secret") && !value.contains("2010"));
        assert_eq!(
            PageView::of(&ClientState::default()).cookie_value(),
            "-.0.0.0.0"
        );
    }

    #[test]
    fn values_read_back_and_junk_reads_as_a_fresh_guest() {
        for view in [
            PageView::default(),
            PageView {
                language: Some(Language::En),
                signed_in: true,
                district_id: Some(9_007_199_254_740_991),
                service_id: None,
                address_id: Some(4),
            },
        ] {
            assert_eq!(PageView::from_cookie_value(&view.cookie_value()), view);
        }
        for junk in ["", "x", "fr.2.-1.abc", "ar.1", ";;;"] {
            let view = PageView::from_cookie_value(junk);
            assert!(
                view.district_id.is_none() && view.address_id.is_none(),
                "{junk}"
            );
        }
        // A cookie from before the address joined it.
        assert_eq!(
            PageView::from_cookie_value("en.1.3.2"),
            PageView {
                language: Some(Language::En),
                signed_in: true,
                district_id: Some(3),
                service_id: Some(2),
                address_id: None,
            }
        );
        assert_eq!(PageView::from_cookie_value("en.1.3.2.x").address_id, None);
        assert_eq!(
            PageView::from_cookie_value("fr.2.-1.abc"),
            PageView::default()
        );
        assert_eq!(
            PageView::from_cookie_value("ar.1"),
            PageView {
                language: Some(Language::Ar),
                signed_in: true,
                ..PageView::default()
            }
        );
    }

    #[test]
    fn the_cookie_is_found_among_others() {
        let view = PageView::from_cookie_header("theme=dark; storefront_view=en.0.4.1; x=y");
        assert_eq!(view.district_id, Some(4));
        assert_eq!(view.language, Some(Language::En));
        assert_eq!(PageView::from_cookie_header("other=1"), PageView::default());
        assert_eq!(
            PageView::from_cookie_header("storefront_viewx=ar.1.1.1"),
            PageView::default()
        );
    }
}
