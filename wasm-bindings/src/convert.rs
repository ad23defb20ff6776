//! Crossing the JS boundary: serde values to and from JS, and typed errors.
//!
//! Each type's serde code is compiled once, for formats the core uses anyway: results
//! are written as JSON text (serde_json) and read back with `JSON.parse`; arguments are
//! walked into the core's value [`Tree`] and read from it. serde-wasm-bindgen, which
//! reads and writes `JsValue`s directly, compiled every type's serde code a second time
//! for its own format, and was most of the module's size.

use std::fmt::Display;

use serde::Serialize;
use serde::de::DeserializeOwned;
use storefront_core::value_tree::{self, Tree};
use wasm_bindgen::{JsCast, JsValue};

/// Serialises for JS the way the generated TypeScript types describe it: `None` as
/// `null`, maps as plain objects, integers as numbers, fields in declaration order.
pub(crate) fn to_js<T: Serialize + ?Sized>(value: &T) -> Result<JsValue, JsValue> {
    match serde_json::to_string(value) {
        Ok(text) => parse_json(&text),
        Err(e) => Err(core_error("internal", e)),
    }
}

fn parse_json(text: &str) -> Result<JsValue, JsValue> {
    // serde_json only writes valid JSON, so this cannot fail.
    js_sys::JSON::parse(text).map_err(|_| core_error("internal", "unreadable JSON"))
}

/// Reads a JS value of a generated TypeScript type; a value of the wrong shape
/// becomes a `CoreError` of kind `invalid_argument` naming the parameter.
pub(crate) fn from_js<T: DeserializeOwned>(value: JsValue, parameter: &str) -> Result<T, JsValue> {
    let read = tree(&value).and_then(|tree| value_tree::from_tree(tree).map_err(|e| e.to_string()));
    read.map_err(|e| invalid_argument(parameter, e))
}

fn invalid_argument(parameter: &str, error: String) -> JsValue {
    core_error("invalid_argument", format!("{parameter}: {error}"))
}

/// A JS value as serde-wasm-bindgen read it: `null` and `undefined` as null, whole
/// numbers within ±(2^53 − 1) as integers, other numbers (NaN and the infinities too)
/// as floats, BigInts within 64 bits as integers, arrays as arrays, and other objects
/// by their own enumerable string-keyed properties.
fn tree(value: &JsValue) -> Result<Tree, String> {
    if value.is_null() || value.is_undefined() {
        return Ok(Tree::Null);
    }
    if let Some(flag) = value.as_bool() {
        return Ok(Tree::Bool(flag));
    }
    if let Some(number) = value.as_f64() {
        return Ok(if !js_sys::Number::is_safe_integer(value) {
            Tree::Float(number)
        } else if number < 0.0 {
            Tree::Signed(number as i64)
        } else {
            Tree::Unsigned(number as u64)
        });
    }
    if let Some(text) = value.as_string() {
        return Ok(Tree::String(text));
    }
    if value.is_bigint() {
        return match u64::try_from(value.clone()) {
            Ok(number) => Ok(Tree::Unsigned(number)),
            Err(value) => i64::try_from(value)
                .map(Tree::Signed)
                .map_err(|_| "a BigInt beyond 64 bits".to_owned()),
        };
    }
    if let Some(array) = value.dyn_ref::<js_sys::Array>() {
        return array
            .iter()
            .map(|item| tree(&item))
            .collect::<Result<_, _>>()
            .map(Tree::Array);
    }
    if value.is_object() {
        let entries = js_sys::Object::entries(value.unchecked_ref());
        let mut fields = Vec::with_capacity(entries.length() as usize);
        for entry in entries.iter() {
            let entry: js_sys::Array = entry.unchecked_into();
            fields.push((
                entry.get(0).as_string().unwrap_or_default(),
                tree(&entry.get(1))?,
            ));
        }
        return Ok(Tree::Object(fields));
    }
    Err("unsupported JavaScript value".to_owned())
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
