//! Helpers shared by the browser test files (`mod support;`).
#![allow(dead_code)]

use serde::Serialize;
use wasm_bindgen::JsValue;

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
