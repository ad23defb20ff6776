//! The persisted user state (spec 9): a small snapshot of the user kept under
//! `persist:user` for the reload that follows a language change or a logout, honoured
//! for 10 seconds only.

use serde::{Deserialize, Serialize};

use super::StorageKey;
use super::backend::StorageBackend;
use super::codec::StoredValue;
use crate::effects::Effect;
use crate::locale::Language;

/// How long a persisted user snapshot is honoured (spec 9: 10 seconds).
pub const PERSISTED_USER_TTL_MS: u64 = 10_000;

/// How far in the future a snapshot's time may be and still count: clocks of tabs and
/// devices drift a little, but a snapshot from the future is otherwise corrupt.
pub const PERSISTED_USER_CLOCK_SKEW_MS: u64 = 1_000;

/// The user as remembered across the reload.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PersistedUser {
    #[serde(default)]
    pub name: Option<String>,
    /// Image URL of the profile.
    #[serde(default)]
    pub image: Option<String>,
    #[serde(default)]
    pub default_locale: Option<Language>,
}

/// The stored form of `persist:user`: `{"saved_at": ms, "user": …}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PersistedUserEntry {
    /// When the snapshot was written, in ms since the epoch.
    pub saved_at: u64,
    pub user: PersistedUser,
}

impl PersistedUserEntry {
    /// Reads the stored JSON; anything else is absent.
    pub fn decode(stored: &str) -> Option<Self> {
        serde_json::from_str(stored).ok()
    }

    /// Whether the snapshot is still honoured at `now_ms`: at most 10 s old and not
    /// from the future beyond the allowed clock skew.
    pub fn fresh_at(&self, now_ms: u64) -> bool {
        self.saved_at <= now_ms.saturating_add(PERSISTED_USER_CLOCK_SKEW_MS)
            && now_ms.saturating_sub(self.saved_at) <= PERSISTED_USER_TTL_MS
    }
}

/// The persisted user if the stored snapshot is readable and fresh at `now_ms`;
/// otherwise absent (the caller may then remove the key).
pub fn read_persisted_user<B: StorageBackend + ?Sized>(
    backend: &B,
    now_ms: u64,
) -> Option<PersistedUser> {
    let stored = backend.get(StorageKey::PersistedUser.name())?;
    PersistedUserEntry::decode(&stored)
        .filter(|entry| entry.fresh_at(now_ms))
        .map(|entry| entry.user)
}

/// The effect that persists `user` as saved at `now_ms`.
pub fn persist_user(user: &PersistedUser, now_ms: u64) -> Effect {
    StoredValue::PersistedUser(PersistedUserEntry {
        saved_at: now_ms,
        user: user.clone(),
    })
    .store()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::{MemoryStorage, apply};

    const SAVED: u64 = 1_700_000_000_000;

    fn mona() -> PersistedUser {
        PersistedUser {
            name: Some("Mona".into()),
            image: Some("https://cdn.example/u/1.png".into()),
            default_locale: Some(Language::Ar),
        }
    }

    fn stored_at(saved_at: u64) -> MemoryStorage {
        let mut store = MemoryStorage::new();
        apply(&mut store, &[persist_user(&mona(), saved_at)]).unwrap();
        store
    }

    #[test]
    fn the_stored_form_carries_the_time_and_the_user() {
        let Effect::Store { key, value } = persist_user(&mona(), SAVED) else {
            panic!("a store effect");
        };
        assert_eq!(key, StorageKey::PersistedUser);
        let json: serde_json::Value = serde_json::from_str(&value).unwrap();
        assert_eq!(
            json,
            serde_json::json!({
                "saved_at": SAVED,
                "user": {"name": "Mona", "image": "https://cdn.example/u/1.png", "default_locale": "ar"}
            })
        );
    }

    #[test]
    fn honoured_for_ten_seconds_then_absent() {
        let store = stored_at(SAVED);
        assert_eq!(read_persisted_user(&store, SAVED), Some(mona()));
        assert_eq!(read_persisted_user(&store, SAVED + 10_000), Some(mona()));
        assert_eq!(read_persisted_user(&store, SAVED + 10_001), None);
    }

    #[test]
    fn a_snapshot_from_the_future_counts_only_within_one_second_of_skew() {
        let store = stored_at(SAVED);
        assert_eq!(read_persisted_user(&store, SAVED - 1_000), Some(mona()));
        assert_eq!(read_persisted_user(&store, SAVED - 1_001), None);
        assert_eq!(read_persisted_user(&stored_at(u64::MAX), 0), None);
        assert_eq!(read_persisted_user(&stored_at(0), u64::MAX), None);
    }

    #[test]
    fn corrupt_or_missing_snapshots_are_absent() {
        let mut store = MemoryStorage::new();
        assert_eq!(read_persisted_user(&store, SAVED), None);
        for bad in [
            "{bad json",
            r#"{"user":{"name":"Mona"}}"#,
            r#"{"saved_at":-5,"user":{}}"#,
            r#"{"saved_at":1700000000000,"user":{"default_locale":"fr"}}"#,
        ] {
            store.set("persist:user", bad).unwrap();
            assert_eq!(read_persisted_user(&store, SAVED), None, "{bad}");
        }
        store
            .set("persist:user", r#"{"saved_at":1700000000000,"user":{}}"#)
            .unwrap();
        assert_eq!(
            read_persisted_user(&store, SAVED),
            Some(PersistedUser::default())
        );
    }
}
