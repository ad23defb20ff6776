//! What logout clears from storage (spec 4: "session and location data").

use super::StorageKey;
use crate::effects::Effect;

/// Keys removed on logout: the session, the sign-in in progress and the location.
pub const CLEARED_ON_LOGOUT: [StorageKey; 13] = [
    StorageKey::Token,
    StorageKey::DistrictId,
    StorageKey::AddressId,
    StorageKey::SelectedAddress,
    StorageKey::Location,
    StorageKey::UseDefaultLocation,
    StorageKey::TempLoginStatus,
    StorageKey::UserMobile,
    StorageKey::UserCode,
    StorageKey::UserExists,
    StorageKey::ModalStatus,
    StorageKey::PersistedUser,
    StorageKey::ResendReadyAt,
];

/// Keys that survive logout: preferences that are not tied to the account.
pub const KEPT_ON_LOGOUT: [StorageKey; 4] = [
    StorageKey::Language,
    StorageKey::CurrentCurrency,
    StorageKey::SelectedService,
    StorageKey::SelectedServiceName,
];

/// The effect that clears [`CLEARED_ON_LOGOUT`].
pub fn clear_for_logout() -> Effect {
    Effect::Remove {
        keys: CLEARED_ON_LOGOUT.to_vec(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::{MemoryStorage, StorageBackend, apply};

    #[test]
    fn cleared_and_kept_keys_partition_every_key() {
        for key in StorageKey::ALL {
            let cleared = CLEARED_ON_LOGOUT.contains(&key);
            let kept = KEPT_ON_LOGOUT.contains(&key);
            assert!(cleared != kept, "{key:?} must be either cleared or kept");
        }
    }

    #[test]
    fn logout_keeps_only_language_currency_and_service() {
        let mut backend = MemoryStorage::new();
        for key in StorageKey::ALL {
            backend.set(key.name(), "x").unwrap();
        }
        apply(&mut backend, &[clear_for_logout()]).unwrap();
        let left: Vec<&str> = backend.entries().map(|(name, _)| name).collect();
        assert_eq!(
            left,
            [
                "current_currency",
                "language",
                "selectedService",
                "selectedServiceName"
            ]
        );
    }
}
