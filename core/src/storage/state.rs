//! Everything the client keeps in storage, read into one typed snapshot.

use serde::{Deserialize, Serialize};

use super::StorageKey;
use super::backend::StorageBackend;
use super::codec::{
    decode_address, decode_currency, decode_flag, decode_id, decode_language, decode_location,
    decode_modal, decode_text,
};
use crate::auth::Modal;
use crate::locale::Language;
use crate::location::{Address, LatLng};

/// The stored currency when `current_currency` is absent (spec 9).
pub const DEFAULT_CURRENCY: &str = "USD";

/// The stored client state (spec 3). Absent, corrupt or foreign values read as
/// `None` / `false`, never as errors; [`read_state`] fills `currency` with
/// [`DEFAULT_CURRENCY`] when none is stored.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ClientState {
    /// `token`: present means signed in.
    pub token: Option<String>,
    /// `language`.
    pub language: Option<Language>,
    /// `district_id`.
    pub district_id: Option<u64>,
    /// `address_id`.
    pub address_id: Option<u64>,
    /// `selectedAddress`.
    pub selected_address: Option<Address>,
    /// `location`.
    pub location: Option<LatLng>,
    /// `selectedService`.
    pub selected_service: Option<u64>,
    /// `selectedServiceName`.
    pub selected_service_name: Option<String>,
    /// `use_default_location`.
    pub use_default_location: bool,
    /// `current_currency` (defaults to USD when absent, spec 9).
    pub currency: Option<String>,
    /// `temp_login_status`: a phone login is in progress.
    pub login_in_progress: bool,
    /// `user_mobile`.
    pub user_mobile: Option<String>,
    /// `user_code`.
    pub user_code: Option<String>,
    /// `user_exists`.
    pub user_exists: Option<bool>,
    /// `modal_status`.
    pub modal: Option<Modal>,
    /// `resend_ready_at`: when the sign-in may ask for another code.
    #[serde(default)]
    pub resend_ready_at: Option<u64>,
}

impl ClientState {
    /// Whether a customer is signed in (a token is stored).
    pub fn signed_in(&self) -> bool {
        self.token.as_deref().is_some_and(|t| !t.is_empty())
    }

    /// The currency in use: the stored one, else [`DEFAULT_CURRENCY`].
    pub fn currency_code(&self) -> &str {
        self.currency.as_deref().unwrap_or(DEFAULT_CURRENCY)
    }
}

/// Reads every key into a [`ClientState`]. Never fails: what cannot be read is absent.
pub fn read_state<B: StorageBackend + ?Sized>(backend: &B) -> ClientState {
    fn read<B: StorageBackend + ?Sized, T>(
        backend: &B,
        key: StorageKey,
        decode: fn(&str) -> Option<T>,
    ) -> Option<T> {
        backend.get(key.name()).as_deref().and_then(decode)
    }

    ClientState {
        token: read(backend, StorageKey::Token, decode_text),
        language: read(backend, StorageKey::Language, decode_language),
        district_id: read(backend, StorageKey::DistrictId, decode_id),
        address_id: read(backend, StorageKey::AddressId, decode_id),
        selected_address: read(backend, StorageKey::SelectedAddress, decode_address),
        location: read(backend, StorageKey::Location, decode_location),
        selected_service: read(backend, StorageKey::SelectedService, decode_id),
        selected_service_name: read(backend, StorageKey::SelectedServiceName, decode_text),
        use_default_location: read(backend, StorageKey::UseDefaultLocation, decode_flag)
            .unwrap_or(false),
        currency: Some(
            read(backend, StorageKey::CurrentCurrency, decode_currency)
                .unwrap_or_else(|| DEFAULT_CURRENCY.to_owned()),
        ),
        login_in_progress: read(backend, StorageKey::TempLoginStatus, decode_flag).unwrap_or(false),
        user_mobile: read(backend, StorageKey::UserMobile, decode_text),
        user_code: read(backend, StorageKey::UserCode, decode_text),
        user_exists: read(backend, StorageKey::UserExists, decode_flag),
        modal: read(backend, StorageKey::ModalStatus, decode_modal),
        resend_ready_at: read(backend, StorageKey::ResendReadyAt, decode_id),
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::storage::{MemoryStorage, valid_id};

    fn stored(pairs: &[(StorageKey, &str)]) -> MemoryStorage {
        let mut backend = MemoryStorage::new();
        for (key, value) in pairs {
            backend.set(key.name(), value).unwrap();
        }
        backend
    }

    #[test]
    fn an_empty_store_reads_as_a_signed_out_guest_in_usd() {
        let state = read_state(&MemoryStorage::new());
        assert_eq!(
            state,
            ClientState {
                currency: Some("USD".into()),
                ..ClientState::default()
            }
        );
        assert!(!state.signed_in());
        assert_eq!(ClientState::default().currency_code(), "USD");
    }

    #[test]
    fn reads_every_key_in_its_stored_form() {
        let backend = stored(&[
            (StorageKey::Token, "eyJ0"),
            (StorageKey::Language, "ar"),
            (StorageKey::DistrictId, "7"),
            (StorageKey::AddressId, "12"),
            (
                StorageKey::SelectedAddress,
                r#"{"id":12,"name":"Home","district_id":7,"location":{"latitude":30.1,"longitude":31.2},"city_id":{"name":"Cairo"}}"#,
            ),
            (StorageKey::Location, r#"{"lat":30.1,"lng":31.2}"#),
            (StorageKey::SelectedService, "3"),
            (StorageKey::SelectedServiceName, "Food"),
            (StorageKey::UseDefaultLocation, "true"),
            (StorageKey::CurrentCurrency, "EGP"),
            (StorageKey::TempLoginStatus, "true"),
            (StorageKey::UserMobile, "+201001234567"),
            (StorageKey::UserCode, "1234"),
            (StorageKey::UserExists, "false"),
            (StorageKey::ModalStatus, "verifyOtp"),
        ]);
        let state = read_state(&backend);
        assert!(state.signed_in());
        assert_eq!(state.token.as_deref(), Some("eyJ0"));
        assert_eq!(state.language, Some(Language::Ar));
        assert_eq!(state.district_id, Some(7));
        assert_eq!(state.address_id, Some(12));
        let address = state.selected_address.as_ref().unwrap();
        assert_eq!(address.id, 12);
        assert_eq!(address.city_id.as_ref().unwrap().name, "Cairo");
        assert_eq!(
            state.location,
            Some(LatLng {
                lat: 30.1,
                lng: 31.2
            })
        );
        assert_eq!(state.selected_service, Some(3));
        assert_eq!(state.selected_service_name.as_deref(), Some("Food"));
        assert!(state.use_default_location);
        assert_eq!(state.currency_code(), "EGP");
        assert!(state.login_in_progress);
        assert_eq!(state.user_mobile.as_deref(), Some("+201001234567"));
        assert_eq!(state.user_code.as_deref(), Some("1234"));
        assert_eq!(state.user_exists, Some(false));
        assert_eq!(state.modal, Some(Modal::VerifyOtp));
    }

    #[test]
    fn corrupt_values_read_as_absent_without_touching_the_others() {
        let backend = stored(&[
            (StorageKey::DistrictId, "abc"),
            (StorageKey::AddressId, "-1"),
            (StorageKey::SelectedService, "1e400"),
            (StorageKey::Location, "{bad json"),
            (StorageKey::Language, "fr"),
            (StorageKey::ModalStatus, "checkout"),
            (StorageKey::UseDefaultLocation, "yes?"),
            (StorageKey::CurrentCurrency, "undefined"),
            (StorageKey::Token, "undefined"),
            (StorageKey::UserCode, "1234"),
        ]);
        let state = read_state(&backend);
        assert_eq!(
            state,
            ClientState {
                currency: Some("USD".into()),
                user_code: Some("1234".into()),
                ..ClientState::default()
            }
        );
    }

    fn valid_text(text: &Option<String>) -> bool {
        text.as_deref().is_none_or(|t| {
            !t.is_empty()
                && t.trim() == t
                && t != "null"
                && t != "undefined"
                && !t.chars().any(char::is_control)
        })
    }

    fn assert_valid(state: &ClientState) {
        for text in [
            &state.token,
            &state.selected_service_name,
            &state.user_mobile,
            &state.user_code,
        ] {
            assert!(valid_text(text), "{text:?}");
        }
        for id in [state.district_id, state.address_id, state.selected_service] {
            assert!(id.is_none_or(valid_id), "{id:?}");
        }
        assert!(state.location.as_ref().is_none_or(LatLng::is_valid));
        assert!(
            state
                .selected_address
                .as_ref()
                .is_none_or(Address::is_valid)
        );
        let currency = state.currency.as_deref().unwrap_or_default();
        assert!(currency.len() == 3 && currency.bytes().all(|b| b.is_ascii_uppercase()));
        assert_eq!(state.signed_in(), state.token.is_some());
    }

    /// Arbitrary text mixed with near-misses of every stored form, so that both the
    /// accepting and the rejecting paths of each codec are exercised.
    fn stored_text() -> impl Strategy<Value = String> {
        prop_oneof![
            any::<String>(),
            "[ ]?[+-]?[0-9]{0,20}(\\.[0-9])?(e[0-9]{1,3})?[ ]?",
            "(true|false|yes\\?|TRUE|null|undefined)\\s?",
            "(en|ar|fr|ar-EG|EN)",
            "(signIn|verifyOtp|register|pickAddress|checkout)",
            "[A-Za-z$]{2,4}",
            (any::<f64>(), any::<f64>()).prop_map(|(lat, lng)| {
                format!(r#"{{"lat":{lat},"lng":{lng}}}"#)
            }),
            (-90.0..=90.0f64, -180.0..=180.0f64).prop_map(|(lat, lng)| {
                format!(r#"{{"lat":{lat},"lng":{lng}}}"#)
            }),
            (any::<i64>(), any::<i64>(), any::<f64>()).prop_map(|(id, district, lat)| {
                format!(
                    r#"{{"id":{id},"district_id":{district},"location":{{"latitude":{lat},"longitude":0}}}}"#
                )
            }),
            "\\{[\"a-z:,0-9{}\\[\\] ]{0,40}",
        ]
    }

    proptest! {
        #[test]
        fn reading_arbitrary_storage_never_fails_and_yields_valid_fields(
            values in proptest::collection::vec(proptest::option::of(stored_text()), 16)
        ) {
            let mut backend = MemoryStorage::new();
            for (key, value) in StorageKey::ALL.iter().zip(&values) {
                if let Some(value) = value {
                    backend.set(key.name(), value).unwrap();
                }
            }
            let state = read_state(&backend);
            assert_valid(&state);
        }

        #[test]
        fn every_stored_value_reads_back_as_written(id in 1..=crate::storage::MAX_ID, flag: bool) {
            let backend = stored(&[
                (StorageKey::DistrictId, &id.to_string()),
                (StorageKey::UseDefaultLocation, if flag { "true" } else { "false" }),
            ]);
            let state = read_state(&backend);
            prop_assert_eq!(state.district_id, Some(id));
            prop_assert_eq!(state.use_default_location, flag);
        }
    }
}
