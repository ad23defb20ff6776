//! Bindings of `storefront_core::storage`, and the storage they run on: an adapter the
//! client installs (`setStorageAdapter`), else `window.localStorage`, else (Node, a
//! worker: no window) an in-memory store.

use std::cell::RefCell;

use storefront_core::effects::Effect;
use storefront_core::storage::{
    self, PersistedUser, PersistedUserEntry, StorageBackend, StorageError, StorageKey,
};
use wasm_bindgen::prelude::*;

use crate::convert;
use crate::convert::{ErrorKind, core_error, from_js, to_js};

thread_local! {
    /// The adapter `setStorageAdapter` installed, if any.
    static ADAPTER: RefCell<Option<JsValue>> = const { RefCell::new(None) };
    /// Where values live when there is neither an adapter nor a window (a JS `Map`: the
    /// module carries no map code of its own for it).
    static MEMORY: js_sys::Map = js_sys::Map::new();
}

/// Where this module keeps the client's values: see the module's comment. Storage can
/// be missing or blocked (private modes, disabled site data): reads are then absent and
/// writes fail with [`StorageError::Unavailable`], never a thrown exception.
///
/// `window.localStorage` is not read through `gloo_storage::LocalStorage`: its `raw()`
/// throws when storage is unavailable, and its `get`/`set` JSON-encode values, which
/// would change the documented raw stored forms.
#[derive(Debug, Clone, Copy, Default)]
pub struct ClientStorage;

/// Which storage [`ClientStorage`] uses now.
enum Place {
    Adapter(JsValue),
    Window(Option<web_sys::Storage>),
    Memory,
}

impl ClientStorage {
    fn place() -> Place {
        if let Some(adapter) = ADAPTER.with_borrow(Clone::clone) {
            return Place::Adapter(adapter);
        }
        match web_sys::window() {
            // `localStorage` itself throws (SecurityError) when site data is blocked.
            Some(window) => Place::Window(window.local_storage().ok().flatten()),
            None => Place::Memory,
        }
    }
}

/// `adapter[name]`, if it is a function.
fn method(adapter: &JsValue, name: &str) -> Result<js_sys::Function, JsValue> {
    js_sys::Reflect::get(adapter, &JsValue::from_str(name))?
        .dyn_into()
        .map_err(|_| {
            core_error(
                ErrorKind::InvalidArgument,
                "adapter: getItem(), setItem() and removeItem() are needed",
            )
        })
}

impl StorageBackend for ClientStorage {
    fn get(&self, name: &str) -> Option<String> {
        let name = JsValue::from_str(name);
        match Self::place() {
            Place::Adapter(adapter) => method(&adapter, "getItem")
                .and_then(|get| get.call1(&adapter, &name))
                .ok()?
                .as_string(),
            Place::Window(storage) => storage?.get_item(&name.as_string()?).ok().flatten(),
            Place::Memory => MEMORY.with(|memory| memory.get(&name).as_string()),
        }
    }

    fn set(&mut self, name: &str, value: &str) -> Result<(), StorageError> {
        match Self::place() {
            Place::Adapter(adapter) => method(&adapter, "setItem")
                .and_then(|set| set.call2(&adapter, &name.into(), &value.into()))
                .map(drop)
                .map_err(write_error),
            Place::Window(storage) => {
                let storage = storage.ok_or(StorageError::Unavailable)?;
                storage.set_item(name, value).map_err(write_error)
            }
            Place::Memory => {
                MEMORY.with(|memory| memory.set(&name.into(), &value.into()));
                Ok(())
            }
        }
    }

    fn remove(&mut self, name: &str) {
        match Self::place() {
            // removeItem only throws when storage is gone; there is nothing to remove then.
            Place::Adapter(adapter) => drop(
                method(&adapter, "removeItem")
                    .and_then(|remove| remove.call1(&adapter, &name.into())),
            ),
            Place::Window(storage) => drop(storage.map(|storage| storage.remove_item(name))),
            Place::Memory => drop(MEMORY.with(|memory| memory.delete(&name.into()))),
        }
    }
}

/// Makes `adapter` (an object with `getItem`, `setItem` and `removeItem`, as Web Storage
/// has) where this module keeps the client's values; `null` goes back to the default.
/// (Not in the cart module, which reads no storage.)
#[cfg(any(feature = "start", feature = "rest"))]
#[wasm_bindgen(js_name = setStorageAdapter)]
pub fn set_storage_adapter(
    #[wasm_bindgen(unchecked_param_type = "StorageAdapter | null")] adapter: JsValue,
) -> Result<(), JsValue> {
    if adapter.is_null() || adapter.is_undefined() {
        ADAPTER.set(None);
        return Ok(());
    }
    for name in ["getItem", "setItem", "removeItem"] {
        method(&adapter, name)?;
    }
    ADAPTER.set(Some(adapter));
    Ok(())
}

/// Where this module keeps the client's values now: `"adapter"` (installed by
/// `setStorageAdapter`), `"local_storage"` (a browser's) or `"memory"` (no window: Node,
/// a worker; values last as long as the module).
#[cfg(any(feature = "start", feature = "rest"))]
#[wasm_bindgen(js_name = storagePlace, unchecked_return_type = "StoragePlace")]
pub fn storage_place() -> String {
    match ClientStorage::place() {
        Place::Adapter(_) => "adapter",
        Place::Window(_) => "local_storage",
        Place::Memory => "memory",
    }
    .to_owned()
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
    to_js(&storage::read_state(&ClientStorage))
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
    storage::apply(&mut ClientStorage, &effects)
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

/// The tab's storage (`window.sessionStorage`), else, when it is missing or refuses a
/// write (blocked site data, a full store, no window), a value kept for the page's life.
#[cfg(feature = "rest")]
struct TabStorage;

#[cfg(feature = "rest")]
thread_local! {
    /// Values the tab's storage could not keep, for this page's life (a JS `Map`, as
    /// [`MEMORY`]: no map code of the module's own).
    static TAB_MEMORY: js_sys::Map = js_sys::Map::new();
}

#[cfg(feature = "rest")]
impl TabStorage {
    fn session() -> Option<web_sys::Storage> {
        // `sessionStorage` itself throws (SecurityError) when site data is blocked.
        web_sys::window()?.session_storage().ok().flatten()
    }
}

#[cfg(feature = "rest")]
impl StorageBackend for TabStorage {
    fn get(&self, name: &str) -> Option<String> {
        Self::session()
            .and_then(|s| s.get_item(name).ok().flatten())
            .or_else(|| TAB_MEMORY.with(|m| m.get(&name.into()).as_string()))
    }

    fn set(&mut self, name: &str, value: &str) -> Result<(), StorageError> {
        let stored = Self::session().is_some_and(|s| s.set_item(name, value).is_ok());
        if !stored {
            TAB_MEMORY.with(|m| m.set(&name.into(), &value.into()));
        }
        Ok(())
    }

    fn remove(&mut self, name: &str) {
        if let Some(session) = Self::session() {
            let _ = session.remove_item(name);
        }
        TAB_MEMORY.with(|m| m.delete(&name.into()));
    }
}

/// The checkout attempt's `Idempotency-Key` in the tab's storage
/// (`storefront_core::storage::checkout_attempt`): `{op: "take", fresh}` answers the
/// open attempt's key, else stores and answers `fresh` (a new random key); `{op:
/// "peek"}` the open attempt's key or null; `{op: "finish"}` (the order was placed)
/// forgets it and answers null. When the tab's storage is blocked the key is kept for
/// the page's life.
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = checkoutAttempt)]
pub fn checkout_attempt(
    #[wasm_bindgen(unchecked_param_type = "T.AttemptOp")] op: JsValue,
) -> Result<Option<String>, JsValue> {
    // Read by hand: serde's reader of an internally tagged enum buffers the value and
    // compiled 4 KB gzip into the module for these three cases.
    use storefront_core::storage::AttemptOp;
    let field = |name: &str| js_sys::Reflect::get(&op, &JsValue::from_str(name)).ok();
    let op = match field("op").and_then(|v| v.as_string()).as_deref() {
        Some("take") => AttemptOp::Take {
            fresh: field("fresh").and_then(|v| v.as_string()).ok_or_else(|| {
                core_error(
                    ErrorKind::InvalidArgument,
                    "op: a take needs a text `fresh`",
                )
            })?,
        },
        Some("peek") => AttemptOp::Peek,
        Some("finish") => AttemptOp::Finish,
        _ => {
            return Err(core_error(
                ErrorKind::InvalidArgument,
                "op: `op` is take, peek or finish",
            ));
        }
    };
    Ok(storage::checkout_attempt(&mut TabStorage, op).0)
}

/// The effect that persists a user snapshot as saved at `nowMs` (ms since the epoch).
/// In the start module, read field by field: a signed-in page keeps it from its profile.
#[cfg(feature = "start")]
#[wasm_bindgen(js_name = persistUserEffect, unchecked_return_type = "T.Effect")]
pub fn persist_user_effect(
    #[wasm_bindgen(unchecked_param_type = "T.PersistedUser")] user: JsValue,
    #[wasm_bindgen(js_name = nowMs, unchecked_param_type = "number")] now_ms: JsValue,
) -> Result<JsValue, JsValue> {
    let locale = convert::field(&user, "default_locale");
    let user = PersistedUser {
        name: convert::text(&user, "name"),
        image: convert::text(&user, "image"),
        default_locale: if locale.is_null() || locale.is_undefined() {
            None
        } else {
            Some(convert::name(&locale, "user.default_locale")?)
        },
    };
    let now_ms = convert::whole(&now_ms, "nowMs")?
        .ok_or_else(|| convert::invalid("nowMs", "expected a whole number"))?;
    to_js(&storage::persist_user(&user, now_ms))
}

/// The persisted user if stored within the last 10 seconds of `nowMs`, else `null`. The
/// stored JSON is read by the browser and field by field here (the core's serde reader
/// would add 18 KB to the start module); the 10-second rule is the core's.
#[cfg(feature = "start")]
#[wasm_bindgen(js_name = readPersistedUser, unchecked_return_type = "T.PersistedUser | null")]
pub fn read_persisted_user(
    #[wasm_bindgen(js_name = nowMs, unchecked_param_type = "number")] now_ms: JsValue,
) -> Result<JsValue, JsValue> {
    let now_ms = convert::whole(&now_ms, "nowMs")?
        .ok_or_else(|| convert::invalid("nowMs", "expected a whole number"))?;
    let entry = ClientStorage
        .get(StorageKey::PersistedUser.name())
        .and_then(|stored| js_sys::JSON::parse(&stored).ok())
        .and_then(|stored| {
            let user = convert::field(&stored, "user");
            if !user.is_object() {
                return None;
            }
            let saved_at =
                convert::whole(&convert::field(&stored, "saved_at"), "saved_at").ok()??;
            let locale = convert::field(&user, "default_locale");
            Some(PersistedUserEntry {
                saved_at,
                user: PersistedUser {
                    name: convert::text(&user, "name"),
                    image: convert::text(&user, "image"),
                    default_locale: convert::name(&locale, "default_locale").ok(),
                },
            })
        })
        .filter(|entry| entry.fresh_at(now_ms));
    match entry {
        Some(entry) => to_js(&entry.user),
        None => Ok(JsValue::NULL),
    }
}

/// The page-view cookie (`storefront_view=…`) for what storage holds: the values that
/// shape a page before any script runs, for the server to render it that way. The app
/// sets it (with its attributes) whenever storage changes.
#[cfg(feature = "start")]
#[wasm_bindgen(js_name = viewCookie)]
pub fn view_cookie() -> String {
    let view = storage::PageView::of(&storage::read_state(&ClientStorage));
    format!("{}={}", storage::VIEW_COOKIE, view.cookie_value())
}
