//! Crossing the JS boundary: serde values to and from JS as JSON text, and typed errors.
//!
//! Only rule inputs and rule outcomes cross: small values whose TypeScript types are
//! generated from the Rust types. API documents stay on the JavaScript side, which
//! reads them with the types generated from the OpenAPI document and passes the core
//! the values a rule needs (README, "The WASM boundary").
//!
//! Values go through `JSON.stringify` / `JSON.parse` and serde_json, the one format the
//! core already reads and writes (stored values): each type's serde code is then
//! compiled once. serde-wasm-bindgen, which reads and writes `JsValue`s directly,
//! compiles every type's code a second time for its own format: the first-paint module
//! was 179 KB gzip with it and 58 KB without. Arguments are read from a
//! `serde_json::Value` rather than straight from the text: serde_json's reader over a
//! `Value` compiles smaller per type than its reader over text, and the cart's tagged
//! values are read through a `Value` anyway (`cart_read.rs`), so each type's reader is
//! compiled for that one format (the cart module 97 → 93 KB gzip, the whole core 240
//! → 231 KB).

use std::fmt::Display;

use serde::Serialize;
use serde::de::DeserializeOwned;
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
