//! Typed codecs for every key's stored form (documented in `storage/mod.rs`).
//!
//! Decoding is forgiving by design: storage may hold values written by an older client,
//! by another app on the same origin, or by hand, and none of that may break startup. A
//! corrupt, foreign or out-of-range value therefore decodes as absent (`None`).

use serde::{Deserialize, Serialize};

use super::StorageKey;
use super::persisted_user::PersistedUserEntry;
use crate::auth::Modal;
use crate::effects::Effect;
use crate::locale::Language;
use crate::location::{Address, LatLng};

/// The largest id kept: ids cross to JavaScript as numbers, exact only up to 2^53 − 1.
pub const MAX_ID: u64 = (1 << 53) - 1;

/// Whether an id (district, address, service) is one the server can have issued:
/// positive and exact as a JavaScript number.
pub fn valid_id(id: u64) -> bool {
    (1..=MAX_ID).contains(&id)
}

/// A value with the key it is stored under: the typed form of every key.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "key", content = "value")]
pub enum StoredValue {
    #[serde(rename = "token")]
    Token(String),
    #[serde(rename = "language")]
    Language(Language),
    #[serde(rename = "district_id")]
    DistrictId(u64),
    #[serde(rename = "address_id")]
    AddressId(u64),
    #[serde(rename = "selectedAddress")]
    SelectedAddress(Address),
    #[serde(rename = "location")]
    Location(LatLng),
    #[serde(rename = "selectedService")]
    SelectedService(u64),
    #[serde(rename = "selectedServiceName")]
    SelectedServiceName(String),
    #[serde(rename = "use_default_location")]
    UseDefaultLocation(bool),
    #[serde(rename = "current_currency")]
    CurrentCurrency(String),
    #[serde(rename = "temp_login_status")]
    TempLoginStatus(bool),
    #[serde(rename = "user_mobile")]
    UserMobile(String),
    #[serde(rename = "user_code")]
    UserCode(String),
    #[serde(rename = "user_exists")]
    UserExists(bool),
    #[serde(rename = "modal_status")]
    ModalStatus(Modal),
    #[serde(rename = "persist:user")]
    PersistedUser(PersistedUserEntry),
    #[serde(rename = "resend_ready_at")]
    ResendReadyAt(u64),
}

impl StoredValue {
    /// The key this value is stored under.
    pub fn key(&self) -> StorageKey {
        match self {
            StoredValue::Token(_) => StorageKey::Token,
            StoredValue::Language(_) => StorageKey::Language,
            StoredValue::DistrictId(_) => StorageKey::DistrictId,
            StoredValue::AddressId(_) => StorageKey::AddressId,
            StoredValue::SelectedAddress(_) => StorageKey::SelectedAddress,
            StoredValue::Location(_) => StorageKey::Location,
            StoredValue::SelectedService(_) => StorageKey::SelectedService,
            StoredValue::SelectedServiceName(_) => StorageKey::SelectedServiceName,
            StoredValue::UseDefaultLocation(_) => StorageKey::UseDefaultLocation,
            StoredValue::CurrentCurrency(_) => StorageKey::CurrentCurrency,
            StoredValue::TempLoginStatus(_) => StorageKey::TempLoginStatus,
            StoredValue::UserMobile(_) => StorageKey::UserMobile,
            StoredValue::UserCode(_) => StorageKey::UserCode,
            StoredValue::UserExists(_) => StorageKey::UserExists,
            StoredValue::ModalStatus(_) => StorageKey::ModalStatus,
            StoredValue::PersistedUser(_) => StorageKey::PersistedUser,
            StoredValue::ResendReadyAt(_) => StorageKey::ResendReadyAt,
        }
    }

    /// The stored form of the value.
    pub fn encode(&self) -> String {
        match self {
            StoredValue::Token(text)
            | StoredValue::SelectedServiceName(text)
            | StoredValue::CurrentCurrency(text)
            | StoredValue::UserMobile(text)
            | StoredValue::UserCode(text) => text.clone(),
            StoredValue::Language(language) => language.code().to_owned(),
            StoredValue::DistrictId(id)
            | StoredValue::AddressId(id)
            | StoredValue::SelectedService(id)
            | StoredValue::ResendReadyAt(id) => id.to_string(),
            StoredValue::UseDefaultLocation(flag)
            | StoredValue::TempLoginStatus(flag)
            | StoredValue::UserExists(flag) => encode_flag(*flag).to_owned(),
            StoredValue::ModalStatus(modal) => modal.as_str().to_owned(),
            StoredValue::SelectedAddress(address) => json(address),
            StoredValue::Location(point) => json(point),
            StoredValue::PersistedUser(entry) => json(entry),
        }
    }

    /// Reads the stored form of `key`; `None` for anything corrupt, foreign or out of
    /// range.
    pub fn decode(key: StorageKey, stored: &str) -> Option<StoredValue> {
        Some(match key {
            StorageKey::Token => StoredValue::Token(decode_text(stored)?),
            StorageKey::Language => StoredValue::Language(decode_language(stored)?),
            StorageKey::DistrictId => StoredValue::DistrictId(decode_id(stored)?),
            StorageKey::AddressId => StoredValue::AddressId(decode_id(stored)?),
            StorageKey::SelectedAddress => StoredValue::SelectedAddress(decode_address(stored)?),
            StorageKey::Location => StoredValue::Location(decode_location(stored)?),
            StorageKey::SelectedService => StoredValue::SelectedService(decode_id(stored)?),
            StorageKey::SelectedServiceName => {
                StoredValue::SelectedServiceName(decode_text(stored)?)
            }
            StorageKey::UseDefaultLocation => StoredValue::UseDefaultLocation(decode_flag(stored)?),
            StorageKey::CurrentCurrency => StoredValue::CurrentCurrency(decode_currency(stored)?),
            StorageKey::TempLoginStatus => StoredValue::TempLoginStatus(decode_flag(stored)?),
            StorageKey::UserMobile => StoredValue::UserMobile(decode_text(stored)?),
            StorageKey::UserCode => StoredValue::UserCode(decode_text(stored)?),
            StorageKey::UserExists => StoredValue::UserExists(decode_flag(stored)?),
            StorageKey::ModalStatus => StoredValue::ModalStatus(decode_modal(stored)?),
            StorageKey::PersistedUser => {
                StoredValue::PersistedUser(PersistedUserEntry::decode(stored)?)
            }
            // A time in ms is a positive integer, exact as a JavaScript number, like an id.
            StorageKey::ResendReadyAt => StoredValue::ResendReadyAt(decode_id(stored)?),
        })
    }

    /// The effect that writes this value.
    pub fn store(&self) -> Effect {
        Effect::Store {
            key: self.key(),
            value: self.encode(),
        }
    }
}

/// Serialising these plain structs (strings, numbers, options) cannot fail.
fn json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_default()
}

/// `true` / `false`.
pub fn encode_flag(flag: bool) -> &'static str {
    if flag { "true" } else { "false" }
}

/// Raw text keys. Blank text, text with control characters (it would break the
/// request headers it goes into) and the `"null"` / `"undefined"` a script writes when
/// it stores a missing value are absent.
pub fn decode_text(stored: &str) -> Option<String> {
    let text = stored.trim();
    let foreign = text.is_empty()
        || text == "null"
        || text == "undefined"
        || text.chars().any(char::is_control);
    (!foreign).then(|| text.to_owned())
}

/// `en` / `ar` (a region variant such as `ar-EG` reads as its language).
pub fn decode_language(stored: &str) -> Option<Language> {
    Language::parse(stored).ok()
}

/// A decimal id: digits only, within [`valid_id`].
pub fn decode_id(stored: &str) -> Option<u64> {
    let digits = stored.trim();
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok().filter(|id| valid_id(*id))
}

/// `true` / `false`, nothing else.
pub fn decode_flag(stored: &str) -> Option<bool> {
    match stored.trim() {
        "true" => Some(true),
        "false" => Some(false),
        _ => None,
    }
}

/// A three-letter currency code, upper-cased (`usd` → `USD`).
pub fn decode_currency(stored: &str) -> Option<String> {
    let code = stored.trim();
    (code.len() == 3 && code.bytes().all(|b| b.is_ascii_alphabetic()))
        .then(|| code.to_ascii_uppercase())
}

/// A remembered modal name.
pub fn decode_modal(stored: &str) -> Option<Modal> {
    Modal::parse(stored.trim())
}

/// `{"lat", "lng"}` within the earth's ranges.
pub fn decode_location(stored: &str) -> Option<LatLng> {
    LatLng::from_json(&serde_json::from_str(stored).ok()?).filter(LatLng::is_valid)
}

/// A saved address whose ids and point are valid.
pub fn decode_address(stored: &str) -> Option<Address> {
    Address::from_json(&serde_json::from_str(stored).ok()?).filter(Address::is_valid)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::location::GeoPoint;

    fn cairo() -> LatLng {
        LatLng {
            lat: 30.0444,
            lng: 31.2357,
        }
    }

    fn address() -> Address {
        Address {
            id: 12,
            name: Some("Home".into()),
            region: None,
            postal_code: Some("11511".into()),
            address_details: None,
            district_id: Some(7),
            location: Some(GeoPoint {
                latitude: 30.0444,
                longitude: 31.2357,
            }),
            country_id: None,
            city_id: None,
        }
    }

    #[test]
    fn every_value_round_trips_through_its_stored_form() {
        let values = [
            StoredValue::Token("eyJhbGciOi".into()),
            StoredValue::Language(Language::Ar),
            StoredValue::DistrictId(7),
            StoredValue::AddressId(12),
            StoredValue::SelectedAddress(address()),
            StoredValue::Location(cairo()),
            StoredValue::SelectedService(3),
            StoredValue::SelectedServiceName("مطاعم".into()),
            StoredValue::UseDefaultLocation(true),
            StoredValue::CurrentCurrency("USD".into()),
            StoredValue::TempLoginStatus(false),
            StoredValue::UserMobile("+201001234567".into()),
            StoredValue::UserCode("1234".into()),
            StoredValue::UserExists(true),
            StoredValue::ModalStatus(Modal::PickAddress),
            StoredValue::PersistedUser(PersistedUserEntry {
                saved_at: 1_700_000_000_000,
                user: Default::default(),
            }),
            StoredValue::ResendReadyAt(1_700_000_060_000),
        ];
        let mut keys: Vec<StorageKey> = values.iter().map(StoredValue::key).collect();
        keys.sort();
        let mut all = StorageKey::ALL.to_vec();
        all.sort();
        assert_eq!(keys, all, "one value per key");
        for value in values {
            let stored = value.encode();
            assert_eq!(StoredValue::decode(value.key(), &stored), Some(value));
        }
    }

    #[test]
    fn stored_forms_are_the_documented_ones() {
        assert_eq!(StoredValue::DistrictId(7).encode(), "7");
        assert_eq!(StoredValue::UseDefaultLocation(false).encode(), "false");
        assert_eq!(StoredValue::Language(Language::Ar).encode(), "ar");
        assert_eq!(
            StoredValue::ModalStatus(Modal::VerifyOtp).encode(),
            "verifyOtp"
        );
        assert_eq!(
            StoredValue::Location(cairo()).encode(),
            r#"{"lat":30.0444,"lng":31.2357}"#
        );
        assert_eq!(
            StoredValue::Location(cairo()).store(),
            Effect::Store {
                key: StorageKey::Location,
                value: r#"{"lat":30.0444,"lng":31.2357}"#.into()
            }
        );
    }

    #[test]
    fn corrupt_foreign_and_out_of_range_values_are_absent() {
        let bad: &[(StorageKey, &str)] = &[
            (StorageKey::DistrictId, "abc"),
            (StorageKey::DistrictId, "-1"),
            (StorageKey::DistrictId, "1e400"),
            (StorageKey::DistrictId, "0"),
            (StorageKey::DistrictId, "+5"),
            (StorageKey::DistrictId, "9007199254740992"),
            (StorageKey::DistrictId, "99999999999999999999999"),
            (StorageKey::AddressId, "3.5"),
            (StorageKey::SelectedService, ""),
            (StorageKey::Location, "{bad json"),
            (StorageKey::Location, r#"{"lat":91,"lng":0}"#),
            (StorageKey::Location, r#"{"lat":0,"lng":-180.5}"#),
            (StorageKey::Location, r#"{"lat":"north","lng":"31"}"#),
            (StorageKey::Location, r#"{"lat":1e400,"lng":0}"#),
            (StorageKey::Language, "fr"),
            (StorageKey::ModalStatus, "checkout"),
            (StorageKey::UseDefaultLocation, "yes?"),
            (StorageKey::UserExists, "1"),
            (StorageKey::CurrentCurrency, "dollars"),
            (StorageKey::CurrentCurrency, "US$"),
            (StorageKey::Token, ""),
            (StorageKey::Token, "   "),
            (StorageKey::Token, "undefined"),
            (StorageKey::Token, "null"),
            (StorageKey::Token, "abc\ndef"),
            (StorageKey::SelectedAddress, r#"{"name":"no id"}"#),
            (StorageKey::SelectedAddress, r#"{"id":0}"#),
            (StorageKey::SelectedAddress, r#"{"id":4,"district_id":0}"#),
            (
                StorageKey::SelectedAddress,
                r#"{"id":4,"location":{"latitude":100,"longitude":0}}"#,
            ),
            (StorageKey::PersistedUser, "[]"),
        ];
        for (key, stored) in bad {
            assert_eq!(
                StoredValue::decode(*key, stored),
                None,
                "{key:?} {stored:?}"
            );
        }
    }

    #[test]
    fn harmless_variations_are_accepted() {
        assert_eq!(decode_id(" 42 "), Some(42));
        assert_eq!(decode_id("9007199254740991"), Some(MAX_ID));
        assert_eq!(decode_language("ar-EG"), Some(Language::Ar));
        assert_eq!(decode_currency("egp").as_deref(), Some("EGP"));
        assert_eq!(decode_flag("true\n"), Some(true));
        assert_eq!(decode_text(" 1234 ").as_deref(), Some("1234"));
        assert_eq!(
            decode_address(r#"{"id":4,"extra":"ignored"}"#).map(|a| a.id),
            Some(4)
        );
        // Numbers written as text (by another client) read as the numbers.
        assert_eq!(
            decode_location(r#"{"lat":"30","lng":"31.5"}"#),
            Some(LatLng {
                lat: 30.0,
                lng: 31.5
            })
        );
        assert_eq!(
            decode_address(r#"{"id":"4","district_id":"2"}"#).and_then(|a| a.district_id),
            Some(2)
        );
    }

    #[test]
    fn stored_values_cross_as_key_and_value() {
        let json = serde_json::to_value(StoredValue::DistrictId(7)).unwrap();
        assert_eq!(json, serde_json::json!({"key": "district_id", "value": 7}));
    }
}
