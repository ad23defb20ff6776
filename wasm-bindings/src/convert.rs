//! Crossing the JS boundary: results out as JSON text, arguments read field by field or
//! through serde_json, and typed errors.
//!
//! Only rule inputs and rule outcomes cross: small values whose TypeScript types are
//! generated from the Rust types. API documents stay on the JavaScript side, which
//! reads them with the types generated from the OpenAPI document and passes the core
//! the values a rule needs (README, "The WASM boundary").
//!
//! Results go out through serde_json and `JSON.parse`, the one format the core already
//! writes (stored values): each type's serde code is then compiled once.
//! serde-wasm-bindgen, which reads and writes `JsValue`s directly, compiles every
//! type's code a second time for its own format: the first-paint module was 179 KB gzip
//! with it and 58 KB without. The first-paint and cart functions read their arguments
//! by hand (below, and the cart's readers in `cart.rs`), and so do the flows' events
//! (beside each flow's bindings); the others go through
//! `JSON.stringify` into a `serde_json::Value` (`from_js`), whose reader compiles
//! smaller per type than serde_json's reader over text.

use std::fmt::Display;

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde::de::IntoDeserializer;
use serde::de::value::{Error as ValueError, StrDeserializer};
use storefront_core::money::Money;
use wasm_bindgen::JsCast;
use wasm_bindgen::JsValue;

/// Serialises for JS the way the generated TypeScript types describe it: `None` as
/// `null`, maps as plain objects, integers as numbers.
pub(crate) fn to_js<T: Serialize + ?Sized>(value: &T) -> Result<JsValue, JsValue> {
    let text = serde_json::to_string(value).map_err(|e| core_error(ErrorKind::Internal, e))?;
    // serde_json only writes valid JSON, so this cannot fail.
    js_sys::JSON::parse(&text).map_err(|_| core_error(ErrorKind::Internal, "unreadable JSON"))
}

/// Reads a JS value of a generated TypeScript type; a value of the wrong shape
/// becomes a `CoreError` of kind `invalid_argument` naming the parameter.
pub(crate) fn from_js<T: DeserializeOwned>(value: JsValue, parameter: &str) -> Result<T, JsValue> {
    let invalid =
        |e: &dyn Display| core_error(ErrorKind::InvalidArgument, format!("{parameter}: {e}"));
    // `undefined` (an omitted optional argument) reads as `null`.
    let text = if value.is_undefined() {
        "null".to_owned()
    } else {
        let text = js_sys::JSON::stringify(&value).map_err(|_| invalid(&"not JSON"))?;
        text.as_string().unwrap_or_else(|| "null".to_owned())
    };
    let value: serde_json::Value = serde_json::from_str(&text).map_err(|e| invalid(&e))?;
    T::deserialize(value).map_err(|e| invalid(&e))
}

/// What a `CoreError` is about: its `kind`, typed as `CoreErrorKind` in TypeScript.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ErrorKind {
    /// An argument was not of its documented shape (the message names the parameter).
    InvalidArgument,
    /// A language code other than `en` or `ar`.
    UnsupportedLanguage,
    /// An amount that is not a decimal amount of money.
    InvalidMoney,
    /// Storage refused a write (full, or blocked); the message names the keys not written.
    StorageWriteFailed,
    /// A value the core made could not be handed over (a bug: please report it).
    Internal,
}

impl ErrorKind {
    #[cfg(test)]
    pub(crate) const ALL: [ErrorKind; 5] = [
        ErrorKind::InvalidArgument,
        ErrorKind::UnsupportedLanguage,
        ErrorKind::InvalidMoney,
        ErrorKind::StorageWriteFailed,
        ErrorKind::Internal,
    ];

    /// The name JavaScript reads in `error.kind`.
    pub(crate) fn name(self) -> &'static str {
        match self {
            ErrorKind::InvalidArgument => "invalid_argument",
            ErrorKind::UnsupportedLanguage => "unsupported_language",
            ErrorKind::InvalidMoney => "invalid_money",
            ErrorKind::StorageWriteFailed => "storage_write_failed",
            ErrorKind::Internal => "internal",
        }
    }
}

/// A JS `Error` named `CoreError` with a machine-readable `kind`.
pub(crate) fn core_error(kind: ErrorKind, message: impl Display) -> JsValue {
    let error = js_sys::Error::new(&message.to_string());
    error.set_name("CoreError");
    // Setting a property on a fresh Error cannot fail.
    let _ = js_sys::Reflect::set(
        &error,
        &JsValue::from_str("kind"),
        &JsValue::from_str(kind.name()),
    );
    error.into()
}

/// Parses a language code argument.
pub(crate) fn language(code: &str) -> Result<storefront_core::locale::Language, JsValue> {
    storefront_core::locale::Language::parse(code)
        .map_err(|e| core_error(ErrorKind::UnsupportedLanguage, e))
}

// Reading by hand. The first-paint (`start`) and cart functions read their arguments
// field by field instead of through serde's derived readers: a derived reader compiles
// per type, and over a self-describing format it also links std's float printing
// (serde's "invalid type: floating point `1.5`" message and the amounts given as
// numbers), together more than those modules' budgets (README, "The WASM boundary").
// Server documents go as JSON to the core's lenient readers (`from_json`), and enum
// names through serde's plain string deserializer, which needs none of that.

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

/// An own field of a JS object (`undefined` when the object or the field is missing), as
/// `JSON.stringify` would see it: inherited properties are not read.
pub(crate) fn field(object: &JsValue, name: &str) -> JsValue {
    let key = JsValue::from_str(name);
    if !object.is_object()
        || !js_sys::Object::has_own(object.unchecked_ref::<js_sys::Object>(), &key)
    {
        return JsValue::UNDEFINED;
    }
    js_sys::Reflect::get(object, &key).unwrap_or(JsValue::UNDEFINED)
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

// Nested values (the cart's) read by hand: each reader takes the value and the name of
// the field it came from, and an error says which field held what.

/// A value read by hand, or what was wrong with it.
pub(crate) type Read<T> = Result<T, String>;

/// `name: expected what`, the message of a field of the wrong shape.
pub(crate) fn expected(name: &str, what: &str) -> String {
    format!("`{name}`: expected {what}")
}

/// Reads a whole argument: its error becomes an `invalid_argument` naming the parameter.
pub(crate) fn argument<T>(
    value: &JsValue,
    parameter: &str,
    read: impl FnOnce(&JsValue, &str) -> Read<T>,
) -> Result<T, JsValue> {
    read(value, parameter).map_err(|e| invalid(parameter, &e))
}

/// A field that must be there.
pub(crate) fn required<T>(
    object: &JsValue,
    name: &str,
    read: impl FnOnce(&JsValue, &str) -> Read<T>,
) -> Read<T> {
    let value = field(object, name);
    if value.is_undefined() {
        return Err(format!("missing field `{name}`"));
    }
    read(&value, name)
}

/// A field that may be missing or null.
pub(crate) fn optional<T>(
    object: &JsValue,
    name: &str,
    read: impl FnOnce(&JsValue, &str) -> Read<T>,
) -> Read<Option<T>> {
    let value = field(object, name);
    if value.is_undefined() || value.is_null() {
        return Ok(None);
    }
    read(&value, name).map(Some)
}

/// A field whose absence (or null) means its default.
pub(crate) fn or_default<T: Default>(
    object: &JsValue,
    name: &str,
    read: impl FnOnce(&JsValue, &str) -> Read<T>,
) -> Read<T> {
    optional(object, name, read).map(Option::unwrap_or_default)
}

/// A whole, non-negative number that fits `T`.
pub(crate) fn count<T: TryFrom<u64>>(value: &JsValue, name: &str) -> Read<T> {
    match value.as_f64() {
        Some(n) if n >= 0.0 && n.fract() == 0.0 && js_sys::Number::is_safe_integer(value) => {
            T::try_from(n as u64).map_err(|_| expected(name, "a smaller number"))
        }
        _ => Err(expected(name, "a whole number")),
    }
}

/// Text.
pub(crate) fn string(value: &JsValue, name: &str) -> Read<String> {
    value.as_string().ok_or_else(|| expected(name, "text"))
}

/// `true` or `false`.
pub(crate) fn boolean(value: &JsValue, name: &str) -> Read<bool> {
    value
        .as_bool()
        .ok_or_else(|| expected(name, "true or false"))
}

/// An amount as the server sends it: a decimal string, or a number read from the text
/// JavaScript writes for it (the shortest that reads back as the same number, as the
/// core's serde reader does with Rust's).
pub(crate) fn money(value: &JsValue, name: &str) -> Read<Money> {
    let text = match value.as_string() {
        Some(text) => text,
        None if value.as_f64().is_some() => value
            .unchecked_ref::<js_sys::Number>()
            .to_string_with_radix(10)
            .ok()
            .and_then(|text| text.as_string())
            .ok_or_else(|| expected(name, "an amount"))?,
        None => return Err(expected(name, "an amount")),
    };
    Money::parse(&text).map_err(|e| format!("`{name}`: {e}"))
}

/// A list, each element read by `read`.
pub(crate) fn list<T>(
    value: &JsValue,
    name: &str,
    read: fn(&JsValue, &str) -> Read<T>,
) -> Read<Vec<T>> {
    if !js_sys::Array::is_array(value) {
        return Err(expected(name, "a list"));
    }
    js_sys::Array::from(value)
        .iter()
        .map(|element| read(&element, name))
        .collect()
}

/// The name under an object's `tag` (`{"type": "loaded", …}` → `loaded`).
pub(crate) fn tag(value: &JsValue, tag: &str) -> Read<String> {
    field(value, tag)
        .as_string()
        .ok_or_else(|| format!("missing `{tag}`"))
}

// The core's texts, read by hand by every flow whose events carry one (the cart's, the
// checkout's, the sign-in's). (Their imports are here, beside them.)

use std::collections::BTreeMap;

use storefront_core::messages::{Message, MessageId, Text};

/// One of the core's messages (`{"kind": "message", "id": …, "params": {…}}`) or the
/// server's text (`{"kind": "server", "text": …}`).
pub(crate) fn read_text(v: &JsValue, _: &str) -> Read<Text> {
    Ok(match tag(v, "kind")?.as_str() {
        "message" => Text::Message(Message {
            id: required(v, "id", read_message_id)?,
            params: or_default(v, "params", read_params)?,
        }),
        "server" => Text::Server {
            text: required(v, "text", string)?,
        },
        other => return Err(format!("unknown text `{other}`")),
    })
}

fn read_message_id(value: &JsValue, name: &str) -> Read<MessageId> {
    let id = string(value, name)?;
    MessageId::ALL
        .iter()
        .copied()
        .find(|known| known.as_str() == id)
        .ok_or_else(|| format!("`{name}`: unknown message `{id}`"))
}

/// A message's parameters: text by name.
fn read_params(value: &JsValue, name: &str) -> Read<BTreeMap<String, String>> {
    if !value.is_object() {
        return Err(expected(name, "an object"));
    }
    let mut params = BTreeMap::new();
    for key in js_sys::Object::keys(value.unchecked_ref::<js_sys::Object>()).iter() {
        let key = string(&key, name)?;
        let param = string(&field(value, &key), &key)?;
        params.insert(key, param);
    }
    Ok(params)
}

/// A value of one of the core's derived readers that other functions of the module read
/// already (`from_js`'s way: JSON text, a `serde_json::Value`, the derive over it), so
/// that reading it here compiles nothing more.
pub(crate) fn derived<T: DeserializeOwned>(value: &JsValue, name: &str) -> Read<T> {
    let text = js_sys::JSON::stringify(value)
        .ok()
        .and_then(|text| text.as_string())
        .ok_or_else(|| expected(name, "JSON"))?;
    let value: serde_json::Value =
        serde_json::from_str(&text).map_err(|e| format!("`{name}`: {e}"))?;
    T::deserialize(value).map_err(|e| format!("`{name}`: {e}"))
}

/// A finite number (`JSON.stringify` writes NaN and the infinities as `null`, which the
/// core's derives refuse).
pub(crate) fn number(value: &JsValue, name: &str) -> Read<f64> {
    value
        .as_f64()
        .filter(|n| n.is_finite())
        .ok_or_else(|| expected(name, "a number"))
}

/// What the readers' browser tests share (`just wasm-test`): a JSON value as JS, a value
/// read both by the core's derive and by a hand reader, an `invalid_argument`'s message.
#[cfg(all(test, target_arch = "wasm32"))]
pub(crate) mod testing {
    use serde::de::DeserializeOwned;
    use serde_json::Value;
    use wasm_bindgen::JsValue;

    use super::Read;

    pub(crate) fn js(value: &Value) -> JsValue {
        js_sys::JSON::parse(&value.to_string()).unwrap()
    }

    /// Reads `value` both ways: with the core's derive and with the bindings' `read`.
    pub(crate) fn both<T: DeserializeOwned>(
        value: Value,
        read: fn(&JsValue, &str) -> Read<T>,
    ) -> (T, T) {
        let core = serde_json::from_value::<T>(value.clone()).expect("the core reads it");
        let ours = read(&js(&value), "value").expect("the bindings read it");
        (core, ours)
    }

    /// The samples of an event type cover its `count` variants (`variant` numbers them,
    /// without a wildcard, so a new variant stops the tests compiling), and each reads
    /// back as itself both with the core's derive and with the bindings' `read`.
    pub(crate) fn reads_every_variant<T>(
        samples: &[T],
        variant: fn(&T) -> usize,
        count: usize,
        read: fn(&JsValue, &str) -> Read<T>,
    ) where
        T: serde::Serialize + DeserializeOwned + PartialEq + std::fmt::Debug,
    {
        let seen: std::collections::BTreeSet<usize> = samples.iter().map(variant).collect();
        assert_eq!(seen, (0..count).collect());
        for sample in samples {
            let (core, ours) = both(serde_json::to_value(sample).unwrap(), read);
            assert_eq!(&core, sample);
            assert_eq!(&ours, sample);
        }
    }

    /// Both the core's derive and the bindings' `read` refuse `value`.
    pub(crate) fn refused_by_both<T: DeserializeOwned + std::fmt::Debug>(
        value: &Value,
        read: fn(&JsValue, &str) -> Read<T>,
    ) {
        assert!(
            serde_json::from_value::<T>(value.clone()).is_err(),
            "the core reads {value}"
        );
        assert!(
            read(&js(value), "value").is_err(),
            "the bindings read {value}"
        );
    }

    /// The message of a thrown `CoreError`, which must be an `invalid_argument`.
    pub(crate) fn message(error: JsValue) -> String {
        let error = js_sys::Error::from(error);
        assert_eq!(
            js_sys::Reflect::get(&error, &"kind".into()).unwrap(),
            "invalid_argument"
        );
        error.message().into()
    }
}
