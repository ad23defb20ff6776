use storefront_core::auth::{self, LoginEvent, PhoneLogin, RequestEvent, RequestStatus};
use wasm_bindgen::prelude::*;

use crate::convert::{from_js, to_js};

/// A phone sign-in that has not started (no modal open).
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = phoneLoginStart, unchecked_return_type = "T.PhoneLogin")]
pub fn phone_login_start() -> Result<JsValue, JsValue> {
    to_js(&PhoneLogin::default())
}

/// Advances the phone sign-in (spec 4): the new state and the effects to run.
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = phoneLoginUpdate, unchecked_return_type = "T.LoginUpdate")]
pub fn phone_login_update(
    #[wasm_bindgen(unchecked_param_type = "T.PhoneLogin")] state: JsValue,
    #[wasm_bindgen(unchecked_param_type = "T.LoginEvent")] event: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] now_ms: JsValue,
) -> Result<JsValue, JsValue> {
    let state: PhoneLogin = from_js(state, "state")?;
    let event: LoginEvent = from_js(event, "event")?;
    to_js(&auth::update(state, event, from_js(now_ms, "nowMs")?))
}

/// Whether a code may be resent now, or how many seconds are left.
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = resendAvailability, unchecked_return_type = "T.ResendAvailability")]
pub fn resend_availability(
    #[wasm_bindgen(unchecked_param_type = "T.PhoneLogin")] state: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] now_ms: JsValue,
) -> Result<JsValue, JsValue> {
    let state: PhoneLogin = from_js(state, "state")?;
    to_js(&auth::resend_availability(
        &state,
        from_js(now_ms, "nowMs")?,
    ))
}

/// Whether any one-time code (the e-mail sign-in's too) may be resent now: 60 s after
/// `codeSentAtMs`, at once when none was sent.
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = resendAvailabilitySince, unchecked_return_type = "T.ResendAvailability")]
pub fn resend_availability_since(
    #[wasm_bindgen(unchecked_param_type = "number | null")] code_sent_at_ms: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] now_ms: JsValue,
) -> Result<JsValue, JsValue> {
    to_js(&auth::resend_availability_since(
        from_js(code_sent_at_ms, "codeSentAtMs")?,
        from_js(now_ms, "nowMs")?,
    ))
}

/// The status of a request flow before any request.
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = requestStatusIdle, unchecked_return_type = "T.RequestStatus")]
pub fn request_status_idle() -> Result<JsValue, JsValue> {
    to_js(&RequestStatus::idle())
}

/// Advances a simple request flow (e-mail sign-in, forgot and reset password).
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = requestFlowUpdate, unchecked_return_type = "T.RequestUpdate")]
pub fn request_flow_update(
    #[wasm_bindgen(unchecked_param_type = "T.RequestStatus")] status: JsValue,
    #[wasm_bindgen(unchecked_param_type = "T.RequestEvent")] event: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] now_ms: JsValue,
) -> Result<JsValue, JsValue> {
    let status: RequestStatus = from_js(status, "status")?;
    let event: RequestEvent = from_js(event, "event")?;
    to_js(&auth::update_request(
        status,
        event,
        from_js(now_ms, "nowMs")?,
    ))
}

/// What signing in with a token does (store it, drop the sign-in values, go to the
/// post-login page, or back to `returnTo`, after 500 ms); for the e-mail sign-in.
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = signedInEffects, unchecked_return_type = "T.Effect[]")]
pub fn signed_in_effects(
    token: &str,
    force_default_location: bool,
    return_to: Option<String>,
) -> Result<JsValue, JsValue> {
    to_js(&auth::signed_in(
        token,
        force_default_location,
        return_to.as_deref(),
    ))
}

/// Whether storage holds a sign-in step or values for the flow's `restore` event to
/// bring back; without them the sign-in flow need not load at start.
#[cfg(feature = "start")]
#[wasm_bindgen(js_name = restoreNeeded)]
pub fn restore_needed() -> bool {
    auth::restore_needed(&storefront_core::storage::read_state(
        &crate::storage::ClientStorage,
    ))
}
