//! Bindings of `storefront_core::auth`: the phone sign-in and the simple request flows.
//!
//! Their events are read by hand (the readers at the end), as the cart's and the
//! checkout's are (`cart.rs`): serde's derived reader of an internally tagged enum
//! buffers each event and compiles every type inside a second time. The core keeps its
//! derives for other clients; the tests below check that both readers agree.

use storefront_core::auth::{self, Channel, LoginEvent, RequestEvent};
use storefront_core::flow::Flow;
use wasm_bindgen::prelude::*;

use crate::convert::{
    Read, argument, boolean, derived, expected, from_js, optional, read_text, required, string,
    tag, to_js,
};

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
        let event = argument(&event, "event", read_login_event)?;
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
        let event = argument(&event, "event", read_request_event)?;
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

// The sign-in's events, field by field as the core's serde derives read them: the same
// required fields, `null` or a left-out field as `None`, other fields ignored.

fn read_login_event(v: &JsValue, _: &str) -> Read<LoginEvent> {
    Ok(match tag(v, "type")?.as_str() {
        "open_sign_in" => LoginEvent::OpenSignIn,
        "request_code" => LoginEvent::RequestCode {
            mobile: required(v, "mobile", string)?,
            channel: required(v, "channel", read_channel)?,
        },
        "code_sent" => LoginEvent::CodeSent,
        "code_failed" => LoginEvent::CodeFailed {
            error: required(v, "error", read_text)?,
        },
        "resend" => LoginEvent::Resend,
        "submit_code" => LoginEvent::SubmitCode {
            code: required(v, "code", string)?,
        },
        "verified" => LoginEvent::Verified {
            token: optional(v, "token", string)?,
            user_exists: required(v, "user_exists", boolean)?,
            message: optional(v, "message", string)?,
            force_default_location: required(v, "force_default_location", boolean)?,
            return_to: optional(v, "return_to", string)?,
        },
        "verify_failed" => LoginEvent::VerifyFailed {
            error: required(v, "error", read_text)?,
        },
        "submit_registration" => LoginEvent::SubmitRegistration {
            name: required(v, "name", string)?,
            email: required(v, "email", string)?,
            referral_code: required(v, "referral_code", string)?,
            accept_terms: required(v, "accept_terms", boolean)?,
        },
        "registered" => LoginEvent::Registered {
            token: required(v, "token", string)?,
            message: optional(v, "message", string)?,
            force_default_location: required(v, "force_default_location", boolean)?,
            return_to: optional(v, "return_to", string)?,
        },
        "register_failed" => LoginEvent::RegisterFailed {
            error: required(v, "error", read_text)?,
        },
        "tick" => LoginEvent::Tick,
        // The stored state as `readClientState` gives it: read by the derive that
        // `initialLoads` links already.
        "restore" => LoginEvent::Restore {
            stored: Box::new(required(v, "stored", derived)?),
        },
        "close" => LoginEvent::Close,
        other => return Err(format!("unknown event `{other}`")),
    })
}

fn read_request_event(v: &JsValue, _: &str) -> Read<RequestEvent> {
    Ok(match tag(v, "type")?.as_str() {
        "started" => RequestEvent::Started,
        "succeeded" => RequestEvent::Succeeded {
            message: optional(v, "message", string)?,
        },
        "failed" => RequestEvent::Failed {
            error: required(v, "error", read_text)?,
        },
        "tick" => RequestEvent::Tick,
        other => return Err(format!("unknown event `{other}`")),
    })
}

fn read_channel(value: &JsValue, name: &str) -> Read<Channel> {
    match string(value, name)?.as_str() {
        "sms" => Ok(Channel::Sms),
        "whatsapp" => Ok(Channel::Whatsapp),
        _ => Err(expected(name, "`sms` or `whatsapp`")),
    }
}

/// The readers above against the core's serde derives, in the browser (`just wasm-test`).
#[cfg(all(test, target_arch = "wasm32"))]
mod tests {
    use serde_json::json;
    use storefront_core::messages::{Message, MessageId, Text};
    use storefront_core::storage::ClientState;
    use wasm_bindgen_test::*;

    use super::*;
    use crate::convert::testing::{js, message, reads_every_variant, refused_by_both};

    wasm_bindgen_test_configure!(run_in_browser);

    /// A stored state with every field, as `readClientState` gives it after a reload
    /// in the middle of a sign-in.
    fn stored() -> ClientState {
        serde_json::from_value(json!({
            "token": null, "language": "ar", "district_id": 3, "address_id": 9,
            "selected_address": {
                "id": 9, "name": "Home", "region": "Zamalek", "postal_code": null,
                "address_details": "Floor 2", "district_id": 3,
                "location": {"latitude": 30.0571, "longitude": 31.2249},
                "country_id": {"name": "Egypt"}, "city_id": {"name": "Cairo"}
            },
            "location": {"lat": 30.0571, "lng": 31.2249},
            "selected_service": 1, "selected_service_name": "Groceries",
            "use_default_location": false, "currency": "EGP", "login_in_progress": true,
            "user_mobile": "+201001234567", "user_code": "1234", "user_exists": false,
            "modal": "verifyOtp", "resend_ready_at": 1_700_000_060_000_u64
        }))
        .unwrap()
    }

    fn texts() -> Vec<Text> {
        vec![
            Text::Message(Message::new(MessageId::NoResponse)),
            Text::Message(Message::new(MessageId::TooShort).with("len", 4)),
            Text::Server {
                text: "Too many attempts".into(),
            },
        ]
    }

    fn login_events() -> Vec<LoginEvent> {
        let mut events = vec![
            LoginEvent::OpenSignIn,
            LoginEvent::RequestCode {
                mobile: "+201001234567".into(),
                channel: Channel::Sms,
            },
            LoginEvent::RequestCode {
                mobile: "+201001234567".into(),
                channel: Channel::Whatsapp,
            },
            LoginEvent::CodeSent,
            LoginEvent::Resend,
            LoginEvent::SubmitCode {
                code: "1234".into(),
            },
            LoginEvent::Verified {
                token: None,
                user_exists: false,
                message: Some("Verified".into()),
                force_default_location: false,
                return_to: None,
            },
            LoginEvent::Verified {
                token: Some("tok".into()),
                user_exists: true,
                message: None,
                force_default_location: true,
                return_to: Some("/orders".into()),
            },
            LoginEvent::SubmitRegistration {
                name: "منى".into(),
                email: "mona@example.com".into(),
                referral_code: String::new(),
                accept_terms: true,
            },
            LoginEvent::Registered {
                token: "tok".into(),
                message: None,
                force_default_location: false,
                return_to: Some("/checkout".into()),
            },
            LoginEvent::Tick,
            LoginEvent::Restore {
                stored: Box::new(stored()),
            },
            LoginEvent::Restore {
                stored: Box::default(),
            },
            LoginEvent::Close,
        ];
        for error in texts() {
            events.push(LoginEvent::CodeFailed {
                error: error.clone(),
            });
            events.push(LoginEvent::VerifyFailed {
                error: error.clone(),
            });
            events.push(LoginEvent::RegisterFailed { error });
        }
        events
    }

    /// Which variant an event is. Without a wildcard, so that a variant added to the
    /// core stops this from compiling until `read_login_event` and the samples have it.
    fn login_variant(event: &LoginEvent) -> usize {
        match event {
            LoginEvent::OpenSignIn => 0,
            LoginEvent::RequestCode { .. } => 1,
            LoginEvent::CodeSent => 2,
            LoginEvent::CodeFailed { .. } => 3,
            LoginEvent::Resend => 4,
            LoginEvent::SubmitCode { .. } => 5,
            LoginEvent::Verified { .. } => 6,
            LoginEvent::VerifyFailed { .. } => 7,
            LoginEvent::SubmitRegistration { .. } => 8,
            LoginEvent::Registered { .. } => 9,
            LoginEvent::RegisterFailed { .. } => 10,
            LoginEvent::Tick => 11,
            LoginEvent::Restore { .. } => 12,
            LoginEvent::Close => 13,
        }
    }

    #[wasm_bindgen_test]
    fn every_login_event_reads_as_the_core_reads_it() {
        reads_every_variant(&login_events(), login_variant, 14, read_login_event);
    }

    #[wasm_bindgen_test]
    fn the_clients_login_shapes_read_as_the_core_reads_them() {
        for value in [
            // `return_to` and `token` left out, as the UI and the second client send them.
            json!({"type": "verified", "user_exists": true, "message": null, "force_default_location": false}),
            json!({"type": "registered", "token": "tok", "force_default_location": true}),
            json!({"type": "verify_failed", "error": {"kind": "message", "id": "no_response", "params": {}}}),
            json!({"type": "restore", "stored": {"use_default_location": false, "login_in_progress": false}}),
            json!({"type": "close", "modal": "signIn"}),
        ] {
            let core: LoginEvent = serde_json::from_value(value.clone()).unwrap();
            let ours = read_login_event(&js(&value), "event").unwrap();
            assert_eq!(ours, core, "{value}");
        }
    }

    #[wasm_bindgen_test]
    fn login_events_of_the_wrong_shape_are_refused_by_both() {
        for value in [
            json!({"type": "log_in"}),
            json!({"event": "close"}),
            json!({"type": "request_code", "mobile": "+20100"}),
            json!({"type": "request_code", "mobile": "+20100", "channel": "email"}),
            json!({"type": "request_code", "mobile": 20100, "channel": "sms"}),
            json!({"type": "code_failed"}),
            json!({"type": "code_failed", "error": "Too many attempts"}),
            json!({"type": "submit_code", "code": 1234}),
            json!({"type": "verified", "user_exists": true}),
            json!({"type": "verified", "user_exists": "yes", "force_default_location": false}),
            json!({"type": "registered", "token": null, "force_default_location": false}),
            json!({"type": "submit_registration", "name": "M", "email": "m@x.co", "accept_terms": true}),
            json!({"type": "restore"}),
            json!({"type": "restore", "stored": {"login_in_progress": false}}),
            json!({"type": "restore", "stored": {"use_default_location": false, "login_in_progress": false, "modal": "help"}}),
        ] {
            refused_by_both(&value, read_login_event);
        }
    }

    #[wasm_bindgen_test]
    fn a_wrong_login_event_is_an_invalid_argument_naming_its_field() {
        let mut flow = PhoneLoginFlowHandle::new();
        let error = flow
            .send(
                js(&json!({"type": "request_code", "mobile": "+20100", "channel": "fax"})),
                JsValue::from(0),
            )
            .unwrap_err();
        assert_eq!(
            message(error),
            "event: `channel`: expected `sms` or `whatsapp`"
        );
        let error = flow
            .send(
                js(&json!({"type": "restore", "stored": {}})),
                JsValue::from(0),
            )
            .unwrap_err();
        assert!(
            message(error).starts_with("event: `stored`: missing field"),
            "the stored state's field is named"
        );
    }

    #[wasm_bindgen_test]
    fn a_sent_login_event_moves_the_flow() {
        let mut flow = PhoneLoginFlowHandle::new();
        flow.send(js(&json!({"type": "open_sign_in"})), JsValue::from(0))
            .unwrap();
        flow.send(
            js(&json!({"type": "request_code", "mobile": "+201001234567", "channel": "whatsapp"})),
            JsValue::from(0),
        )
        .unwrap();
        let view = flow.view().unwrap();
        assert_eq!(
            js_sys::Reflect::get(&view, &"mobile".into()).unwrap(),
            "+201001234567"
        );
    }

    fn request_events() -> Vec<RequestEvent> {
        let mut events = vec![
            RequestEvent::Started,
            RequestEvent::Succeeded { message: None },
            RequestEvent::Succeeded {
                message: Some("Code sent".into()),
            },
            RequestEvent::Tick,
        ];
        events.extend(
            texts()
                .into_iter()
                .map(|error| RequestEvent::Failed { error }),
        );
        events
    }

    /// Which variant a request event is (no wildcard, as above).
    fn request_variant(event: &RequestEvent) -> usize {
        match event {
            RequestEvent::Started => 0,
            RequestEvent::Succeeded { .. } => 1,
            RequestEvent::Failed { .. } => 2,
            RequestEvent::Tick => 3,
        }
    }

    #[wasm_bindgen_test]
    fn every_request_event_reads_as_the_core_reads_it() {
        reads_every_variant(&request_events(), request_variant, 4, read_request_event);
        // The message left out, and a field no variant has.
        let value = json!({"type": "succeeded", "data": {"sent": true}});
        let core: RequestEvent = serde_json::from_value(value.clone()).unwrap();
        assert_eq!(read_request_event(&js(&value), "event").unwrap(), core);
    }

    #[wasm_bindgen_test]
    fn request_events_of_the_wrong_shape_are_refused_by_both() {
        for value in [
            json!({"type": "sent"}),
            json!({"type": "failed"}),
            json!({"type": "failed", "error": {"kind": "message", "id": "no_such_message"}}),
            json!({"type": "failed", "error": {"kind": "server"}}),
            json!({"type": "succeeded", "message": 3}),
        ] {
            refused_by_both(&value, read_request_event);
        }
        // serde also reads an event as a list whose first element is its tag; no client
        // sends one and the TypeScript type has none, so the bindings refuse it.
        let listed = json!(["succeeded", "Code sent"]);
        assert!(serde_json::from_value::<RequestEvent>(listed.clone()).is_ok());
        assert!(read_request_event(&js(&listed), "event").is_err());
        let error = RequestFlowHandle::new()
            .send(js(&json!({"type": "failed"})), JsValue::from(0))
            .unwrap_err();
        assert_eq!(message(error), "event: missing field `error`");
    }
}
