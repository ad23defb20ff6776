//! The client storage keys of spec 3, with their exact stored names.

use serde::{Deserialize, Serialize};

/// A key the client keeps in local storage.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum StorageKey {
    /// Bearer token of the signed-in customer.
    #[serde(rename = "token")]
    Token,
    /// `en` or `ar`.
    #[serde(rename = "language")]
    Language,
    #[serde(rename = "district_id")]
    DistrictId,
    #[serde(rename = "address_id")]
    AddressId,
    /// The chosen address, as JSON.
    #[serde(rename = "selectedAddress")]
    SelectedAddress,
    /// `{"lat", "lng"}` of the chosen point.
    #[serde(rename = "location")]
    Location,
    /// The chosen service id.
    #[serde(rename = "selectedService")]
    SelectedService,
    #[serde(rename = "selectedServiceName")]
    SelectedServiceName,
    /// `true` when the configured default location is in use.
    #[serde(rename = "use_default_location")]
    UseDefaultLocation,
    #[serde(rename = "current_currency")]
    CurrentCurrency,
    /// Set while a phone login is in progress (a 401 then does not log out).
    #[serde(rename = "temp_login_status")]
    TempLoginStatus,
    /// Phone number being signed in.
    #[serde(rename = "user_mobile")]
    UserMobile,
    /// Verified one-time code, kept for the registration call.
    #[serde(rename = "user_code")]
    UserCode,
    /// Whether the verified number already has an account.
    #[serde(rename = "user_exists")]
    UserExists,
    /// The remembered modal (`signIn`, `verifyOtp`, `register`, `pickAddress`).
    #[serde(rename = "modal_status")]
    ModalStatus,
    /// Snapshot of the user state, honoured for 10 seconds (spec 9).
    #[serde(rename = "persist:user")]
    PersistedUser,
    /// When another code may be asked for (ms since the epoch), so the 60 s resend
    /// wait survives a reload (the server refuses an early resend with a 429).
    #[serde(rename = "resend_ready_at")]
    ResendReadyAt,
}

impl StorageKey {
    /// Every key, in the order of spec 3.
    pub const ALL: [StorageKey; 17] = [
        StorageKey::Token,
        StorageKey::Language,
        StorageKey::DistrictId,
        StorageKey::AddressId,
        StorageKey::SelectedAddress,
        StorageKey::Location,
        StorageKey::SelectedService,
        StorageKey::SelectedServiceName,
        StorageKey::UseDefaultLocation,
        StorageKey::CurrentCurrency,
        StorageKey::TempLoginStatus,
        StorageKey::UserMobile,
        StorageKey::UserCode,
        StorageKey::UserExists,
        StorageKey::ModalStatus,
        StorageKey::PersistedUser,
        StorageKey::ResendReadyAt,
    ];

    /// The exact name under which the value is stored.
    pub fn name(self) -> &'static str {
        match self {
            StorageKey::Token => "token",
            StorageKey::Language => "language",
            StorageKey::DistrictId => "district_id",
            StorageKey::AddressId => "address_id",
            StorageKey::SelectedAddress => "selectedAddress",
            StorageKey::Location => "location",
            StorageKey::SelectedService => "selectedService",
            StorageKey::SelectedServiceName => "selectedServiceName",
            StorageKey::UseDefaultLocation => "use_default_location",
            StorageKey::CurrentCurrency => "current_currency",
            StorageKey::TempLoginStatus => "temp_login_status",
            StorageKey::UserMobile => "user_mobile",
            StorageKey::UserCode => "user_code",
            StorageKey::UserExists => "user_exists",
            StorageKey::ModalStatus => "modal_status",
            StorageKey::PersistedUser => "persist:user",
            StorageKey::ResendReadyAt => "resend_ready_at",
        }
    }

    /// The key stored under `name`, if any (the inverse of [`StorageKey::name`]).
    pub fn from_name(name: &str) -> Option<StorageKey> {
        StorageKey::ALL.into_iter().find(|key| key.name() == name)
    }
}

/// A key the client keeps in the tab's session storage: it lives as long as the tab,
/// and another tab has its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum TabStorageKey {
    /// The `Idempotency-Key` of the checkout attempt still open: kept until the order
    /// is placed, so a double click, a retry or a reload during placement sends the same
    /// key and the API answers the order it placed instead of placing another. Per tab,
    /// so two tabs never share an attempt.
    CheckoutAttempt,
}

impl TabStorageKey {
    /// The exact name under which the value is stored.
    pub fn name(self) -> &'static str {
        match self {
            TabStorageKey::CheckoutAttempt => "storefront.checkout.idempotencyKey",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tab_keys_have_their_own_names() {
        let name = TabStorageKey::CheckoutAttempt.name();
        assert_eq!(name, "storefront.checkout.idempotencyKey");
        assert_eq!(StorageKey::from_name(name), None);
        assert_eq!(
            serde_json::to_value(TabStorageKey::CheckoutAttempt).unwrap(),
            "checkout_attempt"
        );
    }

    #[test]
    fn from_name_reads_back_every_name() {
        for key in StorageKey::ALL {
            assert_eq!(StorageKey::from_name(key.name()), Some(key));
        }
        assert_eq!(StorageKey::from_name("selected_address"), None);
        assert_eq!(StorageKey::from_name(""), None);
    }

    #[test]
    fn names_match_serialisation_and_are_unique() {
        let mut seen = std::collections::BTreeSet::new();
        for key in StorageKey::ALL {
            assert_eq!(serde_json::to_value(key).unwrap(), key.name());
            assert!(seen.insert(key.name()));
        }
    }

    #[test]
    fn all_is_in_key_order() {
        // The sign-in restore lists keys to remove in this order instead of sorting.
        assert!(StorageKey::ALL.windows(2).all(|pair| pair[0] < pair[1]));
    }
}
