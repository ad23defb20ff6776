//! Performing storage effects, so any shell can hand its `Store` / `Remove` effects to
//! the core instead of re-implementing them.

use thiserror::Error;

use super::StorageKey;
use super::backend::{StorageBackend, StorageError};
use crate::effects::Effect;

/// One write that did not happen.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("could not store {}: {error}", key.name())]
pub struct WriteFailure {
    pub key: StorageKey,
    pub error: StorageError,
}

/// The writes that failed while applying effects (the others were applied).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{}", failures.iter().map(ToString::to_string).collect::<Vec<_>>().join("; "))]
pub struct StoreFailed {
    pub failures: Vec<WriteFailure>,
}

/// Performs the `Store` and `Remove` effects in order and ignores every other effect.
/// A failed write does not stop the rest; all failures are reported together.
pub fn apply<B: StorageBackend + ?Sized>(
    backend: &mut B,
    effects: &[Effect],
) -> Result<(), StoreFailed> {
    let mut failures = Vec::new();
    for effect in effects {
        match effect {
            Effect::Store { key, value } => {
                if let Err(error) = backend.set(key.name(), value) {
                    failures.push(WriteFailure { key: *key, error });
                }
            }
            Effect::Remove { keys } => {
                for key in keys {
                    backend.remove(key.name());
                }
            }
            _ => {}
        }
    }
    if failures.is_empty() {
        Ok(())
    } else {
        Err(StoreFailed { failures })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::MemoryStorage;

    fn store(key: StorageKey, value: &str) -> Effect {
        Effect::Store {
            key,
            value: value.to_owned(),
        }
    }

    #[test]
    fn stores_and_removes_in_order_and_ignores_other_effects() {
        let mut backend = MemoryStorage::new();
        let effects = [
            store(StorageKey::Token, "abc"),
            store(StorageKey::DistrictId, "7"),
            Effect::CloseModal,
            Effect::Navigate {
                to: "/home".into(),
                after_ms: 0,
            },
            Effect::Remove {
                keys: vec![StorageKey::Token],
            },
            store(StorageKey::Language, "ar"),
        ];
        assert_eq!(apply(&mut backend, &effects), Ok(()));
        let entries: Vec<_> = backend.entries().collect();
        assert_eq!(entries, [("district_id", "7"), ("language", "ar")]);
    }

    #[test]
    fn a_failed_write_is_reported_and_the_rest_still_applied() {
        // Room for "language" + "ar" (10) and "district_id" + "7" (12) only.
        let mut backend = MemoryStorage::with_quota(22);
        let effects = [
            store(StorageKey::Language, "ar"),
            store(StorageKey::SelectedServiceName, &"x".repeat(100)),
            store(StorageKey::DistrictId, "7"),
        ];
        let failed = apply(&mut backend, &effects).unwrap_err();
        assert_eq!(
            failed.failures,
            [WriteFailure {
                key: StorageKey::SelectedServiceName,
                error: StorageError::QuotaExceeded
            }]
        );
        assert_eq!(
            failed.to_string(),
            "could not store selectedServiceName: storage quota exceeded"
        );
        assert_eq!(backend.get("language").as_deref(), Some("ar"));
        assert_eq!(backend.get("district_id").as_deref(), Some("7"));
    }
}
