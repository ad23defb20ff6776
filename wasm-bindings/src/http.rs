use storefront_core::http::{self, CallFailure};
use wasm_bindgen::prelude::*;

use crate::convert::to_js;
use crate::graphemes::BrowserGraphemes;

/// What a response status means (spec 8): success, log out (401 outside a sign-in,
/// 403), not found (404, go to /404) or a plain failure.
#[cfg(feature = "start")]
#[wasm_bindgen(js_name = classifyStatus, unchecked_return_type = "T.StatusOutcome")]
pub fn classify_status(status: u16, login_in_progress: bool) -> Result<JsValue, JsValue> {
    to_js(&http::classify(status, login_in_progress))
}

/// The error toast for a response outside 2xx, from its status and raw body bytes
/// (e.g. `new Uint8Array(await response.arrayBuffer())`).
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = responseErrorMessage, unchecked_return_type = "T.Text")]
pub fn response_error_message(status: u16, body: &[u8]) -> Result<JsValue, JsValue> {
    to_js(&http::error_message_with(
        CallFailure::Response { status, body },
        &BrowserGraphemes,
    ))
}

/// The per-field messages of a failed call's answer: each field's first message, in the
/// answer's order, for a 422 (spec 8); none for any other status. From the status and
/// the raw body bytes, like `responseErrorMessage`.
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = fieldErrors, unchecked_return_type = "T.FieldError[]")]
pub fn field_errors(status: u16, body: &[u8]) -> Result<JsValue, JsValue> {
    to_js(&http::field_errors_with(status, body, &BrowserGraphemes))
}

/// The instant an API time value names (RFC 3339, or `YYYY-MM-DD HH:MM` in UTC), in
/// ms since the epoch (for `new Date(ms)`); null when it is none.
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = apiInstantMs)]
pub fn api_instant_ms(text: &str) -> Option<f64> {
    // Within ±8.64e15 ms (a JS date's range) the value is exact as a double.
    http::api_instant_ms(text).map(|ms| ms as f64)
}

/// The error toast when a request got no response.
#[cfg(feature = "start")]
#[wasm_bindgen(js_name = noResponseMessage, unchecked_return_type = "T.Text")]
pub fn no_response_message() -> Result<JsValue, JsValue> {
    to_js(&http::no_response_message())
}

/// The error toast when a call needs the server and the device is offline.
#[cfg(feature = "start")]
#[wasm_bindgen(js_name = offlineMessage, unchecked_return_type = "T.Text")]
pub fn offline_message() -> Result<JsValue, JsValue> {
    to_js(&http::offline_message())
}

/// The error toast when a request could not be made, from the client's message.
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = clientErrorMessage, unchecked_return_type = "T.Text")]
pub fn client_error_message(message: &str) -> Result<JsValue, JsValue> {
    to_js(&http::error_message_with(
        CallFailure::Client { message },
        &BrowserGraphemes,
    ))
}
