#![cfg(target_arch = "wasm32")]

mod support;

use serde_json::{Value, json};
use support::{js, json, kind};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

const TAHRIR: (f64, f64) = (30.0444, 31.2357);

fn point() -> Value {
    json!({"latitude": TAHRIR.0, "longitude": TAHRIR.1})
}

/// Runs one event through the binding, returning the new state and the effects.
fn update(state: &Value, event: Value) -> (Value, Value) {
    let result =
        json(storefront_wasm::location_picker_update(js(state.clone()), js(event)).unwrap());
    (result[0].clone(), result[1].clone())
}

fn label(state: &Value) -> Value {
    json(storefront_wasm::location_picker_label(js(state.clone())).unwrap())
}

fn empty_picker() -> Value {
    let stored = json!({"use_default_location": false, "login_in_progress": false});
    json(storefront_wasm::location_picker_start(js(stored)).unwrap())
}

#[wasm_bindgen_test]
fn a_fresh_picker_asks_to_choose_a_location() {
    let picker = empty_picker();
    assert_eq!(picker["point"], Value::Null);
    assert_eq!(
        label(&picker),
        json!({"id": "choose_location", "params": {}})
    );
    assert!(!storefront_wasm::location_picker_can_confirm(js(picker)).unwrap());
}

#[wasm_bindgen_test]
fn starts_from_the_stored_point_and_district() {
    let stored = json!({
        "location": {"lat": TAHRIR.0, "lng": TAHRIR.1},
        "district_id": 7,
        "use_default_location": false,
        "login_in_progress": false
    });
    let picker = json(storefront_wasm::location_picker_start(js(stored)).unwrap());
    assert_eq!(picker["point"], point());
    assert_eq!(label(&picker)["id"], "pick_this_address");
}

#[wasm_bindgen_test]
fn choosing_checking_and_confirming_a_point() {
    let (picker, effects) = update(
        &empty_picker(),
        json!({"type": "point_chosen", "point": point()}),
    );
    assert_eq!(
        effects,
        json!([{"type": "request", "call": {"call": "is_supported_location", "latitude": TAHRIR.0, "longitude": TAHRIR.1}}])
    );
    assert!(!storefront_wasm::location_picker_can_confirm(js(picker.clone())).unwrap());

    let (picker, effects) = update(
        &picker,
        json!({"type": "support_answered", "point": point(), "district_id": 7}),
    );
    assert_eq!(effects, json!([]));
    assert_eq!(label(&picker)["id"], "pick_this_address");
    assert!(storefront_wasm::location_picker_can_confirm(js(picker.clone())).unwrap());

    let (_, effects) = update(&picker, json!({"type": "confirm"}));
    assert_eq!(
        effects,
        json!([
            {"type": "store", "key": "district_id", "value": "7"},
            {"type": "store", "key": "location", "value": "{\"lat\":30.0444,\"lng\":31.2357}"},
            {"type": "store", "key": "use_default_location", "value": "false"},
            {"type": "remove", "keys": ["address_id", "selectedAddress", "modal_status"]},
            {"type": "close_modal"},
            {"type": "navigate", "to": "/home", "after_ms": 0}
        ])
    );
}

#[wasm_bindgen_test]
fn a_stale_answer_is_ignored_and_an_unsupported_point_says_so() {
    let other = json!({"latitude": 28.5, "longitude": 33.9});
    let (picker, _) = update(
        &empty_picker(),
        json!({"type": "point_chosen", "point": point()}),
    );
    let (picker, _) = update(&picker, json!({"type": "point_chosen", "point": other}));
    let (picker, _) = update(
        &picker,
        json!({"type": "support_answered", "point": point(), "district_id": 7}),
    );
    assert_eq!(picker["district_id"], Value::Null);
    assert_eq!(picker["loading"], true);
    let (picker, _) = update(
        &picker,
        json!({"type": "support_answered", "point": other, "district_id": null}),
    );
    assert_eq!(label(&picker)["id"], "location_not_supported");
    assert!(!storefront_wasm::location_picker_can_confirm(js(picker)).unwrap());
}

#[wasm_bindgen_test]
fn the_search_dropdown_follows_text_and_results() {
    let status =
        |picker: &Value| json(storefront_wasm::map_search_status(js(picker.clone())).unwrap());
    let picker = empty_picker();
    assert_eq!(
        status(&picker),
        json!({"status": "start_typing", "message": {"id": "map_start_typing", "params": {}}})
    );
    let (picker, effects) = update(
        &picker,
        json!({"type": "search_text_changed", "text": " Tahrir "}),
    );
    assert_eq!(
        effects,
        json!([{"type": "request", "call": {"call": "map_search", "search": "Tahrir"}}])
    );
    assert_eq!(status(&picker)["status"], "searching");
    let result =
        json!({"name": "Tahrir Square", "address": "Downtown, Cairo", "location": point()});
    let (picker, _) = update(
        &picker,
        json!({"type": "search_results_arrived", "search": "Tahrir", "results": [result]}),
    );
    assert_eq!(
        status(&picker),
        json!({"status": "results", "results": [result]})
    );
    let (picker, _) = update(
        &picker,
        json!({"type": "search_text_changed", "text": "Zzz"}),
    );
    let (picker, _) = update(&picker, json!({"type": "search_failed", "search": "Zzz"}));
    assert_eq!(status(&picker)["message"]["id"], "map_no_results");
}

#[wasm_bindgen_test]
fn opening_and_dismissing_the_picker_remember_it_for_a_reload() {
    assert_eq!(
        json(storefront_wasm::location_picker_open_effects().unwrap()),
        json!([
            {"type": "open_modal", "modal": "pickAddress"},
            {"type": "store", "key": "modal_status", "value": "pickAddress"}
        ])
    );
    assert_eq!(
        json(storefront_wasm::location_picker_dismiss_effects().unwrap()),
        json!([{"type": "close_modal"}, {"type": "remove", "keys": ["modal_status"]}])
    );
}

#[wasm_bindgen_test]
fn map_constants_are_the_specs() {
    assert_eq!(storefront_wasm::map_zoom(), 14);
    assert_eq!(storefront_wasm::map_height_px(), 400);
}

#[wasm_bindgen_test]
fn a_malformed_event_is_an_invalid_argument() {
    let error = storefront_wasm::location_picker_update(
        js(empty_picker()),
        js(json!({"type": "point_chosen", "point": {"lat": 1}})),
    )
    .unwrap_err();
    assert_eq!(kind(&error), "invalid_argument");
    let error = storefront_wasm::location_picker_label(JsValue::NULL).unwrap_err();
    assert_eq!(kind(&error), "invalid_argument");
}
