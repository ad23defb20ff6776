//! The client storage model (spec 3, 9).
//!
//! Stored forms (what [`crate::effects::Effect::Store`] carries and what is read back):
//! `token`, `selectedServiceName`, `user_mobile`, `user_code`, `current_currency` raw
//! text; `language` `en`/`ar`; `district_id`, `address_id`, `selectedService` decimal
//! integers; `resend_ready_at` a time in ms since the epoch; `use_default_location`, `temp_login_status`, `user_exists`
//! `true`/`false`; `modal_status` a modal name; `selectedAddress`, `location` and
//! `persist:user` JSON.
//!
//! [`StoredValue`] encodes and decodes each of them; [`read_state`] reads them all into
//! a [`ClientState`]; [`apply`] performs `Store` / `Remove` effects on any
//! [`StorageBackend`].

mod apply;
mod backend;
mod checkout_attempt;
mod codec;
mod keys;
mod logout;
mod persisted_user;
mod state;
mod view_cookie;

pub use apply::{StoreFailed, WriteFailure, apply};
pub use backend::{MemoryStorage, StorageBackend, StorageError};
pub use checkout_attempt::{
    AttemptOp, IDEMPOTENCY_KEY_MAX, checkout_attempt, valid_idempotency_key,
};
pub use codec::{
    MAX_ID, StoredValue, decode_address, decode_currency, decode_flag, decode_id, decode_language,
    decode_location, decode_modal, decode_text, encode_flag, valid_id,
};
pub use keys::{StorageKey, TabStorageKey};
pub use logout::{CLEARED_ON_LOGOUT, KEPT_ON_LOGOUT, clear_for_logout};
pub use persisted_user::{
    PERSISTED_USER_CLOCK_SKEW_MS, PERSISTED_USER_TTL_MS, PersistedUser, PersistedUserEntry,
    persist_user, read_persisted_user,
};
pub use state::{ClientState, DEFAULT_CURRENCY, read_state};
pub use view_cookie::{PageView, VIEW_COOKIE};

#[cfg(feature = "ts")]
pub(crate) fn register_typescript(d: &mut crate::typescript::Declarations) {
    d.add::<StorageKey>()
        .add::<TabStorageKey>()
        .add::<AttemptOp>()
        .add::<ClientState>()
        .add::<StoredValue>()
        .add::<PersistedUser>()
        .add::<PersistedUserEntry>()
        .add::<PageView>();
}
