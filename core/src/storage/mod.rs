//! The client storage model (spec 3, 9).
//!
//! Stored forms (what [`crate::effects::Effect::Store`] carries and what is read back):
//! `token`, `selectedServiceName`, `user_mobile`, `user_code`, `current_currency` raw
//! text; `language` `en`/`ar`; `district_id`, `address_id`, `selectedService` decimal
//! integers; `use_default_location`, `temp_login_status`, `user_exists`
//! `true`/`false`; `modal_status` a modal name; `selectedAddress`, `location` and
//! `persist:user` JSON.

mod keys;
mod state;

pub use keys::StorageKey;
pub use state::ClientState;

#[cfg(feature = "ts")]
pub(crate) fn register_typescript(d: &mut crate::typescript::Declarations) {
    d.add::<StorageKey>().add::<ClientState>();
}
