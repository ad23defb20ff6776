//! Crossing the JS boundary: serde values to and from JS, and typed errors.

use std::fmt::Display;

use serde::Serialize;
use serde::de::DeserializeOwned;
use wasm_bindgen::JsValue;

/// Serialises for JS the way the generated TypeScript types describe it: `None` as
/// `null`, maps as plain objects, integers as numbers.
pub(crate) fn to_js<T: Serialize + ?Sized>(value: &T) -> Result<JsValue, JsValue> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| core_error("internal", e))
}

/// Reads a JS value of a generated TypeScript type; a value of the wrong shape
/// becomes a `CoreError` of kind `invalid_argument` naming the parameter.
pub(crate) fn from_js<T: DeserializeOwned>(value: JsValue, parameter: &str) -> Result<T, JsValue> {
    serde_wasm_bindgen::from_value(value)
        .map_err(|e| core_error("invalid_argument", format!("{parameter}: {e}")))
}

/// A JS `Error` named `CoreError` with a machine-readable `kind`.
pub(crate) fn core_error(kind: &str, message: impl Display) -> JsValue {
    let error = js_sys::Error::new(&message.to_string());
    error.set_name("CoreError");
    // Setting a property on a fresh Error cannot fail.
    let _ = js_sys::Reflect::set(&error, &JsValue::from_str("kind"), &JsValue::from_str(kind));
    error.into()
}

/// Parses a language code argument.
pub(crate) fn language(code: &str) -> Result<storefront_core::locale::Language, JsValue> {
    storefront_core::locale::Language::parse(code)
        .map_err(|e| core_error("unsupported_language", e))
}
