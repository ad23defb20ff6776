//! Where stored values live: a key-value store addressed by the stored names of
//! [`super::StorageKey`]. The web shell backs it with `window.localStorage`; tests and
//! native clients use [`MemoryStorage`].

use std::collections::BTreeMap;

use thiserror::Error;

/// Why a write was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum StorageError {
    /// No storage at all (e.g. a browser in private mode, or storage disabled).
    #[error("storage is unavailable")]
    Unavailable,
    /// The store is full.
    #[error("storage quota exceeded")]
    QuotaExceeded,
    /// Any other refusal, with the platform's reason.
    #[error("storage refused the write: {0}")]
    Refused(String),
}

/// A string key-value store. Reads never fail (an unreadable store reads as empty);
/// writes may.
pub trait StorageBackend {
    /// The value stored under `name`, if any.
    fn get(&self, name: &str) -> Option<String>;
    /// Stores `value` under `name`, replacing any previous value.
    fn set(&mut self, name: &str, value: &str) -> Result<(), StorageError>;
    /// Removes `name`; removing an absent name does nothing.
    fn remove(&mut self, name: &str);
}

/// An in-memory store, optionally with a quota so that write failures can be exercised
/// the way a full `localStorage` produces them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MemoryStorage {
    entries: BTreeMap<String, String>,
    /// Maximum total size of names and values, in UTF-16 code units as browsers count.
    quota: Option<usize>,
}

impl MemoryStorage {
    /// An empty store without a quota.
    pub fn new() -> Self {
        Self::default()
    }

    /// An empty store holding at most `quota` UTF-16 code units of names and values.
    pub fn with_quota(quota: usize) -> Self {
        Self {
            entries: BTreeMap::new(),
            quota: Some(quota),
        }
    }

    /// Every stored name and value, in name order.
    pub fn entries(&self) -> impl Iterator<Item = (&str, &str)> {
        self.entries.iter().map(|(k, v)| (k.as_str(), v.as_str()))
    }

    fn size_of(name: &str, value: &str) -> usize {
        name.encode_utf16().count() + value.encode_utf16().count()
    }

    fn used(&self) -> usize {
        self.entries.iter().map(|(k, v)| Self::size_of(k, v)).sum()
    }
}

impl StorageBackend for MemoryStorage {
    fn get(&self, name: &str) -> Option<String> {
        self.entries.get(name).cloned()
    }

    fn set(&mut self, name: &str, value: &str) -> Result<(), StorageError> {
        if let Some(quota) = self.quota {
            // The value being replaced frees its room first, as in a browser.
            let replaced = self
                .entries
                .get(name)
                .map_or(0, |old| Self::size_of(name, old));
            let needed = self.used() - replaced + Self::size_of(name, value);
            if needed > quota {
                return Err(StorageError::QuotaExceeded);
            }
        }
        self.entries.insert(name.to_owned(), value.to_owned());
        Ok(())
    }

    fn remove(&mut self, name: &str) {
        self.entries.remove(name);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_replaces_and_removes_by_name() {
        let mut store = MemoryStorage::new();
        assert_eq!(store.get("token"), None);
        store.set("token", "abc").unwrap();
        store.set("token", "def").unwrap();
        assert_eq!(store.get("token").as_deref(), Some("def"));
        store.remove("token");
        store.remove("token");
        assert_eq!(store.get("token"), None);
        assert_eq!(store.entries().count(), 0);
    }

    #[test]
    fn a_full_store_refuses_writes_and_keeps_the_old_value() {
        // "token" + "abcd" = 9 units.
        let mut store = MemoryStorage::with_quota(10);
        store.set("token", "abcd").unwrap();
        assert_eq!(
            store.set("token", "abcdefgh"),
            Err(StorageError::QuotaExceeded)
        );
        assert_eq!(store.get("token").as_deref(), Some("abcd"));
        // Replacing frees the old value's room: 5 + 5 = 10 fits.
        store.set("token", "abcde").unwrap();
        assert_eq!(
            store.set("language", "en"),
            Err(StorageError::QuotaExceeded)
        );
    }

    #[test]
    fn the_quota_counts_utf16_units_like_a_browser() {
        // "language" (8) + "عر" (2 units, 4 UTF-8 bytes) = 10.
        let mut store = MemoryStorage::with_quota(10);
        assert_eq!(store.set("language", "عر"), Ok(()));
    }
}
