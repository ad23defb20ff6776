//! Helpers shared by the browser test files (`mod support;`).
#![allow(dead_code)]

use serde::Serialize;
use wasm_bindgen::{JsCast, JsValue};

/// A plain JS object, as a TypeScript caller passes it.
pub fn js(value: serde_json::Value) -> JsValue {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .unwrap()
}

/// A JS value read back as JSON, for comparing whole results.
pub fn json(value: JsValue) -> serde_json::Value {
    serde_wasm_bindgen::from_value(value).unwrap()
}

/// The `kind` of a thrown `CoreError`.
pub fn kind(error: &JsValue) -> String {
    js_sys::Reflect::get(error, &"kind".into())
        .unwrap()
        .as_string()
        .unwrap_or_default()
}

/// The `message` of a thrown error.
pub fn message(error: JsValue) -> String {
    js_sys::Error::from(error).message().into()
}

/// A JS array of effects, as `applyStorageEffects` takes it.
pub fn effects(value: JsValue) -> Vec<js_sys::Object> {
    js_sys::Array::from(&value)
        .iter()
        .map(JsValue::unchecked_into)
        .collect()
}

/// `window.localStorage`.
pub fn local_storage() -> web_sys::Storage {
    web_sys::window().unwrap().local_storage().unwrap().unwrap()
}

/// `localStorage` emptied, then holding exactly `items`. The tests of one file share a
/// page, so every test of a function that reads storage starts with this.
pub fn storage_with(items: &[(&str, &str)]) -> web_sys::Storage {
    let storage = local_storage();
    storage.clear().unwrap();
    for (name, value) in items {
        storage.set_item(name, value).unwrap();
    }
    storage
}

/// The stored value of `name`, if any.
pub fn stored(name: &str) -> Option<String> {
    local_storage().get_item(name).unwrap()
}
