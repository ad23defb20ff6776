use storefront_core::auth::{self, LoginEvent, RequestEvent};
use storefront_core::flow::Flow;
use wasm_bindgen::prelude::*;

use crate::convert::{from_js, to_js};

/// The phone sign-in (spec 4) behind a handle: its state (the number, the code, the
/// three calls' statuses) stays here. Events go in with the time; the effects to
/// perform (modals, storage, the calls whose answers come back as events, timers) and
/// the view to render come out.
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = PhoneLoginFlow)]
#[derive(Default)]
pub struct PhoneLoginFlowHandle(auth::PhoneLoginFlow);

#[cfg(feature = "rest")]
#[wasm_bindgen(js_class = PhoneLoginFlow)]
impl PhoneLoginFlowHandle {
    /// A sign-in that has not started (no modal open).
    #[wasm_bindgen(constructor)]
    pub fn new() -> Self {
        Self::default()
    }

    /// Applies an event at `nowMs`: the effects to perform and the view after it.
    #[wasm_bindgen(unchecked_return_type = "T.Step<T.PhoneLoginView>")]
    pub fn send(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "T.LoginEvent")] event: JsValue,
        #[wasm_bindgen(js_name = nowMs, unchecked_param_type = "number")] now_ms: JsValue,
    ) -> Result<JsValue, JsValue> {
        let event: LoginEvent = from_js(event, "event")?;
        to_js(&self.0.step(event, from_js(now_ms, "nowMs")?))
    }

    /// The view now.
    #[wasm_bindgen(unchecked_return_type = "T.PhoneLoginView")]
    pub fn view(&self) -> Result<JsValue, JsValue> {
        to_js(&self.0.view())
    }
}

/// A simple request flow (e-mail sign-in, forgot and reset password) behind a handle:
/// idle, loading, then success or failed, back to idle after 3 s.
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = RequestFlow)]
#[derive(Default)]
pub struct RequestFlowHandle(auth::RequestFlow);

#[cfg(feature = "rest")]
#[wasm_bindgen(js_class = RequestFlow)]
impl RequestFlowHandle {
    /// A flow before any request.
    #[wasm_bindgen(constructor)]
    pub fn new() -> Self {
        Self::default()
    }

    /// Applies an event at `nowMs`: the effects to perform (toasts, its wake) and the
    /// status after it.
    #[wasm_bindgen(unchecked_return_type = "T.Step<T.RequestStatus>")]
    pub fn send(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "T.RequestEvent")] event: JsValue,
        #[wasm_bindgen(js_name = nowMs, unchecked_param_type = "number")] now_ms: JsValue,
    ) -> Result<JsValue, JsValue> {
        let event: RequestEvent = from_js(event, "event")?;
        to_js(&self.0.step(event, from_js(now_ms, "nowMs")?))
    }

    /// The status now.
    #[wasm_bindgen(unchecked_return_type = "T.RequestStatus")]
    pub fn view(&self) -> Result<JsValue, JsValue> {
        to_js(&self.0.view())
    }
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
