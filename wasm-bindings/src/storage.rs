//! Bindings of `storefront_core::storage`, and the `window.localStorage` backend they
//! run on.

use storefront_core::effects::Effect;
use storefront_core::storage::{self, PersistedUser, StorageBackend, StorageError, StorageKey};
use wasm_bindgen::prelude::*;

use crate::convert::{ErrorKind, core_error, from_js, to_js};

/// `window.localStorage` as a core [`StorageBackend`]. Storage can be missing or
/// blocked (private modes, disabled site data): reads are then absent and writes fail
/// with [`StorageError::Unavailable`], never a thrown exception.
///
/// Not built on `gloo_storage::LocalStorage`: its `raw()` throws when storage is
/// unavailable, and its `get`/`set` JSON-encode values, which would change the
/// documented raw stored forms.
#[derive(Debug, Clone, Copy, Default)]
pub struct LocalStorage;

impl LocalStorage {
    fn storage() -> Option<web_sys::Storage> {
        // `localStorage` itself throws (SecurityError) when site data is blocked.
        web_sys::window()?.local_storage().ok().flatten()
    }
}

impl StorageBackend for LocalStorage {
    fn get(&self, name: &str) -> Option<String> {
        Self::storage()?.get_item(name).ok().flatten()
    }

    fn set(&mut self, name: &str, value: &str) -> Result<(), StorageError> {
        let storage = Self::storage().ok_or(StorageError::Unavailable)?;
        storage.set_item(name, value).map_err(write_error)
    }

    fn remove(&mut self, name: &str) {
        if let Some(storage) = Self::storage() {
            // removeItem only throws when storage is gone; there is nothing to remove then.
            let _ = storage.remove_item(name);
        }
    }
}

/// Maps the DOMException `setItem` throws to the core's error.
fn write_error(error: JsValue) -> StorageError {
    let field = |name: &str| {
        js_sys::Reflect::get(&error, &JsValue::from_str(name))
            .ok()
            .and_then(|v| v.as_string())
            .unwrap_or_default()
    };
    match field("name").as_str() {
        // Firefox used its own name for the same condition.
        "QuotaExceededError" | "NS_ERROR_DOM_QUOTA_REACHED" => StorageError::QuotaExceeded,
        _ => StorageError::Refused(field("message")),
    }
}

/// Everything stored, read into a typed snapshot; corrupt values read as absent.
#[cfg(feature = "start")]
#[wasm_bindgen(js_name = readClientState, unchecked_return_type = "T.ClientState")]
pub fn read_client_state() -> Result<JsValue, JsValue> {
    to_js(&storage::read_state(&LocalStorage))
}

/// Performs the `store` and `remove` effects on `localStorage` and ignores the others.
/// Throws `storage_write_failed` naming the keys not written, after applying the rest.
#[cfg(feature = "start")]
#[wasm_bindgen(js_name = applyStorageEffects)]
pub fn apply_storage_effects(
    #[wasm_bindgen(unchecked_param_type = "T.Effect[]")] effects: Vec<js_sys::Object>,
) -> Result<(), JsValue> {
    let effects = effects
        .iter()
        .filter_map(|effect| storage_effect(effect).transpose())
        .collect::<Result<Vec<_>, _>>()?;
    storage::apply(&mut LocalStorage, &effects)
        .map_err(|e| core_error(ErrorKind::StorageWriteFailed, e))
}

/// Reads a `store` or `remove` effect field by field; other effects are `None`. Only
/// these two are read: reading the whole `Effect` type would compile the readers of
/// every value an effect can carry (messages, API calls) into the first-paint module.
fn storage_effect(effect: &js_sys::Object) -> Result<Option<Effect>, JsValue> {
    let field =
        |name: &str| js_sys::Reflect::get(effect, &JsValue::from_str(name)).unwrap_or_default();
    let key = |name: JsValue| {
        name.as_string()
            .and_then(|name| StorageKey::from_name(&name))
            .ok_or_else(|| core_error(ErrorKind::InvalidArgument, "effects: unknown storage key"))
    };
    match field("type").as_string().as_deref() {
        Some("store") => Ok(Some(Effect::Store {
            key: key(field("key"))?,
            value: field("value").as_string().ok_or_else(|| {
                core_error(
                    ErrorKind::InvalidArgument,
                    "effects: a store without a text value",
                )
            })?,
        })),
        Some("remove") => {
            // `Array.from` would throw a plain TypeError for a missing `keys`.
            let keys: js_sys::Array = field("keys").dyn_into().map_err(|_| {
                core_error(ErrorKind::InvalidArgument, "effects: a remove without keys")
            })?;
            Ok(Some(Effect::Remove {
                keys: keys.iter().map(key).collect::<Result<_, _>>()?,
            }))
        }
        _ => Ok(None),
    }
}

/// The storage effects of a logout: session and location data removed (the whole
/// logout flow is `logoutEffects`).
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = logoutStorageEffects, unchecked_return_type = "T.Effect[]")]
pub fn logout_storage_effects() -> Result<JsValue, JsValue> {
    to_js(&[storage::clear_for_logout()])
}

/// The exact name a key is stored under.
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = storageKeyName)]
pub fn storage_key_name(
    #[wasm_bindgen(unchecked_param_type = "T.StorageKey")] key: JsValue,
) -> Result<String, JsValue> {
    let key: StorageKey = from_js(key, "key")?;
    Ok(key.name().to_owned())
}

/// The effect that persists a user snapshot as saved at `nowMs` (ms since the epoch).
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = persistUserEffect, unchecked_return_type = "T.Effect")]
pub fn persist_user_effect(
    #[wasm_bindgen(unchecked_param_type = "T.PersistedUser")] user: JsValue,
    #[wasm_bindgen(js_name = nowMs, unchecked_param_type = "number")] now_ms: JsValue,
) -> Result<JsValue, JsValue> {
    let user: PersistedUser = from_js(user, "user")?;
    let now_ms: u64 = from_js(now_ms, "nowMs")?;
    to_js(&storage::persist_user(&user, now_ms))
}

/// The persisted user if stored within the last 10 seconds of `nowMs`, else `null`.
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = readPersistedUser, unchecked_return_type = "T.PersistedUser | null")]
pub fn read_persisted_user(
    #[wasm_bindgen(js_name = nowMs, unchecked_param_type = "number")] now_ms: JsValue,
) -> Result<JsValue, JsValue> {
    let now_ms: u64 = from_js(now_ms, "nowMs")?;
    to_js(&storage::read_persisted_user(&LocalStorage, now_ms))
}

/// The page-view cookie (`storefront_view=…`) for what storage holds: the values that
/// shape a page before any script runs, for the server to render it that way. The app
/// sets it (with its attributes) whenever storage changes.
#[cfg(feature = "start")]
#[wasm_bindgen(js_name = viewCookie)]
pub fn view_cookie() -> String {
    let view = storage::PageView::of(&storage::read_state(&LocalStorage));
    format!("{}={}", storage::VIEW_COOKIE, view.cookie_value())
}
