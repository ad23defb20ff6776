//! Reading the arguments of the first-paint (`start`) functions without serde's derived
//! readers.
//!
//! A derived reader compiles per type, and with a self-describing format it also links
//! std's float printing (serde's "invalid type: floating point `1.5`" message), together
//! more than the first-paint budget (README, "The WASM boundary"). So these functions
//! take small arguments read field by field here, server documents as JSON read by the
//! core's lenient readers (`from_json`), and enum names through serde's plain string
//! deserializer, which needs none of that.

use serde::de::DeserializeOwned;
use serde::de::IntoDeserializer;
use serde::de::value::{Error as ValueError, StrDeserializer};
use wasm_bindgen::JsValue;

use crate::convert::{ErrorKind, core_error};

/// An error naming the argument that was not of the documented shape.
pub(crate) fn invalid(parameter: &str, what: &str) -> JsValue {
    core_error(ErrorKind::InvalidArgument, format!("{parameter}: {what}"))
}

/// A JS value as JSON (`JSON.stringify`), for the core's lenient `from_json` readers.
/// `undefined` reads as `null`.
pub(crate) fn json(value: &JsValue, parameter: &str) -> Result<serde_json::Value, JsValue> {
    if value.is_undefined() {
        return Ok(serde_json::Value::Null);
    }
    let text = js_sys::JSON::stringify(value)
        .ok()
        .and_then(|text| text.as_string())
        .ok_or_else(|| invalid(parameter, "not JSON"))?;
    serde_json::from_str(&text).map_err(|_| invalid(parameter, "not JSON"))
}

/// A field of a JS object (`undefined` when the object or the field is missing).
pub(crate) fn field(object: &JsValue, name: &str) -> JsValue {
    if !object.is_object() {
        return JsValue::UNDEFINED;
    }
    js_sys::Reflect::get(object, &JsValue::from_str(name)).unwrap_or(JsValue::UNDEFINED)
}

/// A boolean field; anything but `true` is false.
pub(crate) fn flag(object: &JsValue, name: &str) -> bool {
    field(object, name).as_bool().unwrap_or(false)
}

/// A whole, non-negative number within JavaScript's exact range, or `None` for
/// `null` / `undefined`; anything else is an invalid argument.
pub(crate) fn whole(value: &JsValue, parameter: &str) -> Result<Option<u64>, JsValue> {
    if value.is_null() || value.is_undefined() {
        return Ok(None);
    }
    match value.as_f64() {
        Some(n) if n >= 0.0 && n.fract() == 0.0 && js_sys::Number::is_safe_integer(value) => {
            Ok(Some(n as u64))
        }
        _ => Err(invalid(parameter, "expected a whole number")),
    }
}

/// A text field, or `None` when missing or not text.
pub(crate) fn text(object: &JsValue, name: &str) -> Option<String> {
    field(object, name).as_string()
}

/// An enum from its serialised name (`"unauthorized"`, `"products"`).
pub(crate) fn name<T: DeserializeOwned>(value: &JsValue, parameter: &str) -> Result<T, JsValue> {
    let text = value
        .as_string()
        .ok_or_else(|| invalid(parameter, "expected a name"))?;
    let deserializer: StrDeserializer<'_, ValueError> = text.as_str().into_deserializer();
    T::deserialize(deserializer).map_err(|_| invalid(parameter, "unknown name"))
}
