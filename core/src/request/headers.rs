//! The headers every API call carries (spec 7).

use crate::locale::Language;
use crate::storage::ClientState;

/// `Authorization`: `Bearer <token>`, only when signed in.
pub const AUTHORIZATION: &str = "Authorization";
/// The chosen district.
pub const DISTRICT_ID: &str = "district-id";
/// The chosen address, when there is one.
pub const ADDRESS_ID: &str = "address-id";
/// The stored location's longitude.
pub const LONGITUDE: &str = "longitude";
/// The stored location's latitude.
pub const LATITUDE: &str = "latitude";
/// `en` or `ar`.
pub const LANGUAGE: &str = "Language";
/// Always `web` from this client.
pub const USER_AGENT_TYPE: &str = "User-Agent-Type";
/// The stored currency, USD when none is stored.
pub const CURRENCY: &str = "currency";

/// The request headers for the stored state and the page language, in the spec's
/// order; a header with nothing to say is left out (`Language`, `User-Agent-Type` and
/// `currency` are always there). A stored location off the earth is not sent.
pub fn request_headers(state: &ClientState, language: Language) -> Vec<(&'static str, String)> {
    let mut headers = Vec::with_capacity(8);
    if let Some(token) = state.token.as_deref().filter(|_| state.signed_in()) {
        headers.push((AUTHORIZATION, format!("Bearer {token}")));
    }
    if let Some(district) = state.district_id {
        headers.push((DISTRICT_ID, district.to_string()));
    }
    if let Some(address) = state.address_id {
        headers.push((ADDRESS_ID, address.to_string()));
    }
    if let Some(location) = state.location.filter(|l| l.is_valid()) {
        headers.push((LONGITUDE, coordinate(location.lng)));
        headers.push((LATITUDE, coordinate(location.lat)));
    }
    headers.push((LANGUAGE, language.code().to_owned()));
    headers.push((USER_AGENT_TYPE, "web".to_owned()));
    headers.push((CURRENCY, state.currency_code().to_owned()));
    headers
}

/// A coordinate as JSON writes it (serde_json prints floats with zmij), the form the
/// location is stored in: shortest digits, always with a fraction (`31.0`).
fn coordinate(value: f64) -> String {
    zmij::Buffer::new().format_finite(value).to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::location::LatLng;

    #[test]
    fn a_guest_sends_language_agent_and_the_default_currency() {
        let headers = request_headers(&ClientState::default(), Language::Ar);
        assert_eq!(
            headers,
            vec![
                ("Language", "ar".to_owned()),
                ("User-Agent-Type", "web".to_owned()),
                ("currency", "USD".to_owned()),
            ]
        );
    }

    #[test]
    fn a_signed_in_customer_sends_everything_in_order() {
        let state = ClientState {
            token: Some("abc.def".into()),
            district_id: Some(12),
            address_id: Some(7),
            location: Some(LatLng {
                lat: 30.0444,
                lng: 31.2357,
            }),
            currency: Some("EGP".into()),
            ..ClientState::default()
        };
        let headers = request_headers(&state, Language::En);
        assert_eq!(
            headers,
            vec![
                ("Authorization", "Bearer abc.def".to_owned()),
                ("district-id", "12".to_owned()),
                ("address-id", "7".to_owned()),
                ("longitude", "31.2357".to_owned()),
                ("latitude", "30.0444".to_owned()),
                ("Language", "en".to_owned()),
                ("User-Agent-Type", "web".to_owned()),
                ("currency", "EGP".to_owned()),
            ]
        );
    }

    #[test]
    fn empty_tokens_and_impossible_locations_are_not_sent() {
        let state = ClientState {
            token: Some(String::new()),
            location: Some(LatLng {
                lat: f64::NAN,
                lng: 200.0,
            }),
            ..ClientState::default()
        };
        let headers = request_headers(&state, Language::En);
        let names: Vec<&str> = headers.iter().map(|(name, _)| *name).collect();
        assert_eq!(names, ["Language", "User-Agent-Type", "currency"]);
        assert_eq!(headers[2].1, "USD");
    }
}
