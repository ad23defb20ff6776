#![cfg(target_arch = "wasm32")]

mod support;

use serde_json::{Value, json};
use support::{js, json, kind, storage_with};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

use storefront_wasm::{PhoneLoginFlowHandle, RequestFlowHandle};

wasm_bindgen_test_configure!(run_in_browser);

/// Sends one event through the handle and returns (view, effects) as JSON.
fn send(flow: &mut PhoneLoginFlowHandle, event: Value, now_ms: f64) -> (Value, Value) {
    let step = json(flow.send(js(event), now_ms.into()).unwrap());
    (step["view"].clone(), step["effects"].clone())
}

#[wasm_bindgen_test]
fn an_existing_user_signs_in_through_js_values() {
    let mut flow = PhoneLoginFlowHandle::new();
    assert_eq!(json(flow.view().unwrap())["step"], "closed");
    let (_, effects) = send(&mut flow, json!({"type": "open_sign_in"}), 0.0);
    assert_eq!(effects[1], json!({"type": "open_modal", "modal": "signIn"}));
    let (_, effects) = send(
        &mut flow,
        json!({"type": "request_code", "mobile": "+201001234567", "channel": "whatsapp"}),
        1_000.0,
    );
    assert_eq!(
        effects[0],
        json!({"type": "store", "key": "temp_login_status", "value": "true"})
    );
    assert_eq!(
        effects[2],
        json!({"type": "request", "call": {"call": "login_by_otp", "mobile": "+201001234567", "channel": "whatsapp"}})
    );
    let (state, effects) = send(&mut flow, json!({"type": "code_sent"}), 2_000.0);
    // The resend deadline is stored before the toast, so a reload keeps the wait.
    assert_eq!(
        effects[1],
        json!({"type": "store", "key": "resend_ready_at", "value": "62000"})
    );
    assert_eq!(effects[2]["text"]["id"], "otp_sent");
    assert_eq!(state["step"], "verifyOtp");
    assert_eq!(state["login"]["isSuccess"], true);
    send(
        &mut flow,
        json!({"type": "submit_code", "code": "1234"}),
        3_000.0,
    );
    let (state, effects) = send(
        &mut flow,
        json!({"type": "verified", "token": "tok", "user_exists": true, "message": null, "force_default_location": false}),
        3_100.0,
    );
    assert_eq!(state["step"], "closed");
    assert!(
        effects
            .as_array()
            .unwrap()
            .contains(&json!({"type": "navigate", "to": "/account/my-address", "after_ms": 500}))
    );
    assert!(
        effects
            .as_array()
            .unwrap()
            .contains(&json!({"type": "store", "key": "token", "value": "tok"}))
    );
}

#[wasm_bindgen_test]
fn resend_waits_sixty_seconds() {
    let mut flow = PhoneLoginFlowHandle::new();
    send(&mut flow, json!({"type": "open_sign_in"}), 0.0);
    send(
        &mut flow,
        json!({"type": "request_code", "mobile": "0100", "channel": "sms"}),
        0.0,
    );
    let (view, _) = send(&mut flow, json!({"type": "code_sent"}), 10_000.0);
    // The view says when the code went out; the countdown counts from it.
    assert_eq!(view["code_sent_at_ms"], 10_000);
    let since = |sent: &Value, now: f64| {
        json(storefront_wasm::resend_availability_since(js(sent.clone()), now.into()).unwrap())
    };
    assert_eq!(
        since(&view["code_sent_at_ms"], 69_001.0),
        json!({"state": "wait", "seconds": 1, "message": {"id": "wait_before_resend", "params": {"seconds": "1"}}})
    );
    assert_eq!(
        since(&view["code_sent_at_ms"], 70_000.0),
        json!({"state": "ready"})
    );
    assert_eq!(since(&Value::Null, 0.0), json!({"state": "ready"}));
}

#[wasm_bindgen_test]
fn restore_reopens_the_remembered_modal() {
    let mut flow = PhoneLoginFlowHandle::new();
    let stored = json!({
        "token": null, "language": null, "district_id": null, "address_id": null,
        "selected_address": null, "location": null, "selected_service": null,
        "selected_service_name": null, "use_default_location": false, "currency": null,
        "login_in_progress": false, "user_mobile": "0100", "user_code": "1234",
        "user_exists": false, "modal": "register"
    });
    let (state, effects) = send(&mut flow, json!({"type": "restore", "stored": stored}), 0.0);
    assert_eq!(state["step"], "register");
    assert_eq!(
        effects,
        json!([{"type": "open_modal", "modal": "register"}])
    );
}

#[wasm_bindgen_test]
fn request_flows_toast_the_server_message_and_reset() {
    let mut flow = RequestFlowHandle::new();
    let idle = json(flow.view().unwrap());
    assert_eq!(idle["isLoading"], false);
    let mut send = |event: Value, now: f64| json(flow.send(js(event), now.into()).unwrap());
    let loading = send(json!({"type": "started"}), 0.0);
    assert_eq!(loading["view"]["isLoading"], true);
    let done = send(
        json!({"type": "succeeded", "message": "Check your inbox"}),
        100.0,
    );
    assert_eq!(
        done["effects"],
        json!([
            {"type": "toast", "tone": "success", "text": {"kind": "server", "text": "Check your inbox"}},
            {"type": "wake_at", "at_ms": 3100}
        ])
    );
    let reset = send(json!({"type": "tick"}), 3_100.0);
    assert_eq!(reset["view"], idle);
}

#[wasm_bindgen_test]
fn signed_in_effects_store_the_token_and_leave() {
    let effects = json(storefront_wasm::signed_in_effects("tok", true, None).unwrap());
    assert_eq!(
        effects[0],
        json!({"type": "store", "key": "token", "value": "tok"})
    );
    assert_eq!(
        effects[2],
        json!({"type": "navigate", "to": "/home", "after_ms": 500})
    );
    assert_eq!(
        json(storefront_wasm::signed_in_effects("", true, None).unwrap()),
        json!([])
    );
    let back = json(storefront_wasm::signed_in_effects("tok", true, Some("/cart".into())).unwrap());
    assert_eq!(
        back[2],
        json!({"type": "navigate", "to": "/cart", "after_ms": 500})
    );
}

#[wasm_bindgen_test]
fn bad_events_and_times_are_invalid_arguments() {
    let mut flow = PhoneLoginFlowHandle::new();
    let error = flow
        .send(js(json!({"type": "dance"})), 0.0.into())
        .unwrap_err();
    assert_eq!(kind(&error), "invalid_argument");
    let error = flow
        .send(js(json!({"type": "tick"})), f64::NAN.into())
        .unwrap_err();
    assert_eq!(kind(&error), "invalid_argument");
    let error = RequestFlowHandle::new()
        .send(js(json!({"type": "started"})), JsValue::from_str("soon"))
        .unwrap_err();
    assert_eq!(kind(&error), "invalid_argument");
}

#[wasm_bindgen_test]
fn a_restore_is_needed_only_for_a_remembered_modal_or_sign_in_values() {
    for quiet in [
        &[][..],
        &[
            ("token", "tok"),
            ("district_id", "3"),
            ("language", "ar"),
            ("selectedService", "2"),
            ("persist:user", "{}"),
        ][..],
        // Corrupt values read as absent, so they need no restore either.
        &[
            ("modal_status", "checkout"),
            ("temp_login_status", "yes"),
            ("user_mobile", "  "),
            ("user_exists", "maybe"),
        ][..],
        &[("temp_login_status", "false")][..],
    ] {
        storage_with(quiet);
        assert!(!storefront_wasm::restore_needed(), "{quiet:?}");
    }
    for remembered in [
        ("modal_status", "signIn"),
        ("modal_status", "pickAddress"),
        ("temp_login_status", "true"),
        ("user_mobile", "0100"),
        ("user_code", "1234"),
        ("user_exists", "false"),
    ] {
        storage_with(&[("token", "tok"), remembered]);
        assert!(storefront_wasm::restore_needed(), "{remembered:?}");
    }
}

#[wasm_bindgen_test]
fn what_restore_needed_sees_is_what_the_restore_event_brings_back() {
    storage_with(&[
        ("user_mobile", "0100"),
        ("user_code", "1234"),
        ("user_exists", "false"),
        ("modal_status", "register"),
    ]);
    assert!(storefront_wasm::restore_needed());
    let stored = json(storefront_wasm::read_client_state().unwrap());
    let mut flow = PhoneLoginFlowHandle::new();
    let (state, effects) = send(&mut flow, json!({"type": "restore", "stored": stored}), 0.0);
    assert_eq!(state["step"], "register");
    assert_eq!(
        effects,
        json!([{"type": "open_modal", "modal": "register"}])
    );
    storage_with(&[("token", "tok")]);
    assert!(!storefront_wasm::restore_needed());
    let stored = json(storefront_wasm::read_client_state().unwrap());
    let mut flow = PhoneLoginFlowHandle::new();
    let start = json(flow.view().unwrap());
    let (state, effects) = send(&mut flow, json!({"type": "restore", "stored": stored}), 0.0);
    assert_eq!((state, effects), (start, json!([])));
}
