//! The checkout attempt's `Idempotency-Key` (spec 7 `POST /order/checkout`), kept in
//! the tab's storage ([`TabStorageKey::CheckoutAttempt`]): made once per attempt and
//! kept until the order is placed, so a double click, a retry after a failure or a
//! reload during placement sends the same key and the API answers the order that key
//! placed instead of placing a second one. Per tab, so two tabs never share an attempt.

use serde::{Deserialize, Serialize};

use super::TabStorageKey;
use super::backend::{StorageBackend, StorageError};

/// The longest key the API takes.
pub const IDEMPOTENCY_KEY_MAX: usize = 255;

/// Whether `key` is one the API takes: 1 to 255 visible ASCII characters.
pub fn valid_idempotency_key(key: &str) -> bool {
    !key.is_empty() && key.len() <= IDEMPOTENCY_KEY_MAX && key.bytes().all(|b| b.is_ascii_graphic())
}

/// What is asked of the attempt.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "op", rename_all = "snake_case")]
pub enum AttemptOp {
    /// The open attempt's key, else `fresh` (a new random key the shell made), which
    /// is stored for the next ask.
    Take { fresh: String },
    /// The open attempt's key, if any, without opening one (a page that reloads during
    /// placement asks whether an attempt is still open).
    Peek,
    /// The order was placed (or refused for good): the next checkout is a new attempt.
    Finish,
}

/// Runs `op` on the tab's storage and answers the attempt's key (none for `Finish`, or
/// for `Peek` with no open attempt). A stored value that is not a valid key reads as
/// no attempt. A failed write is returned with the key: the shell keeps the key for
/// the page's life itself (its storage is blocked or full).
pub fn checkout_attempt<B: StorageBackend + ?Sized>(
    tab: &mut B,
    op: AttemptOp,
) -> (Option<String>, Option<StorageError>) {
    let name = TabStorageKey::CheckoutAttempt.name();
    let open = tab.get(name).filter(|key| valid_idempotency_key(key));
    match op {
        AttemptOp::Peek => (open, None),
        AttemptOp::Finish => {
            tab.remove(name);
            (None, None)
        }
        AttemptOp::Take { fresh } => match open {
            Some(key) => (Some(key), None),
            None => {
                let failed = tab.set(name, &fresh).err();
                (Some(fresh), failed)
            }
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::MemoryStorage;

    fn take(tab: &mut MemoryStorage, fresh: &str) -> Option<String> {
        checkout_attempt(
            tab,
            AttemptOp::Take {
                fresh: fresh.into(),
            },
        )
        .0
    }

    #[test]
    fn an_attempt_keeps_its_key_until_it_finishes() {
        let mut tab = MemoryStorage::new();
        assert_eq!(checkout_attempt(&mut tab, AttemptOp::Peek).0, None);
        assert_eq!(take(&mut tab, "k-1").as_deref(), Some("k-1"));
        // A retry, a double click, a reload: the same key.
        assert_eq!(take(&mut tab, "k-2").as_deref(), Some("k-1"));
        assert_eq!(
            checkout_attempt(&mut tab, AttemptOp::Peek).0.as_deref(),
            Some("k-1")
        );
        assert_eq!(
            tab.get("storefront.checkout.idempotencyKey").as_deref(),
            Some("k-1")
        );
        assert_eq!(checkout_attempt(&mut tab, AttemptOp::Finish), (None, None));
        assert_eq!(take(&mut tab, "k-3").as_deref(), Some("k-3"));
    }

    #[test]
    fn a_stored_value_the_api_would_refuse_is_no_attempt() {
        let mut tab = MemoryStorage::new();
        for bad in ["", "has space", "ü", &"k".repeat(256)] {
            tab.set("storefront.checkout.idempotencyKey", bad).unwrap();
            assert_eq!(
                checkout_attempt(&mut tab, AttemptOp::Peek).0,
                None,
                "{bad:?}"
            );
            assert_eq!(take(&mut tab, "fresh").as_deref(), Some("fresh"));
            checkout_attempt(&mut tab, AttemptOp::Finish);
        }
        assert!(valid_idempotency_key(&"k".repeat(255)));
    }

    #[test]
    fn a_blocked_tab_store_still_answers_the_fresh_key_and_says_so() {
        // A quota too small for any value: every write fails.
        let mut tab = MemoryStorage::with_quota(1);
        let (key, failed) = checkout_attempt(
            &mut tab,
            AttemptOp::Take {
                fresh: "k-1".into(),
            },
        );
        assert_eq!(key.as_deref(), Some("k-1"));
        assert_eq!(failed, Some(StorageError::QuotaExceeded));
    }
}
