#![cfg(target_arch = "wasm32")]

mod support;

use serde_json::{Value, json};
use support::{js, json, kind};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

use storefront_wasm::LocationPickerFlowHandle;

wasm_bindgen_test_configure!(run_in_browser);

const TAHRIR: (f64, f64) = (30.0444, 31.2357);

fn point() -> Value {
    json!({"latitude": TAHRIR.0, "longitude": TAHRIR.1})
}

/// Sends one event through the handle: the effects and the view after it.
fn send(picker: &mut LocationPickerFlowHandle, event: Value) -> (Value, Value) {
    let step = json(picker.send(js(event)).unwrap());
    (step["effects"].clone(), step["view"].clone())
}

fn empty_picker() -> LocationPickerFlowHandle {
    LocationPickerFlowHandle::new(JsValue::NULL, JsValue::NULL).unwrap()
}

#[wasm_bindgen_test]
fn a_fresh_picker_asks_to_choose_a_location() {
    let view = json(empty_picker().view().unwrap());
    assert_eq!(view["point"], Value::Null);
    assert_eq!(
        view["label"],
        json!({"id": "choose_location", "params": {}})
    );
    assert_eq!(view["can_confirm"], false);
    // The map's size is the spec's.
    assert_eq!(
        (view["zoom"].clone(), view["height_px"].clone()),
        (json!(14), json!(400))
    );
}

#[wasm_bindgen_test]
fn starts_from_a_given_point_and_district() {
    let picker = LocationPickerFlowHandle::new(js(point()), JsValue::from(7)).unwrap();
    let view = json(picker.view().unwrap());
    assert_eq!(view["point"], point());
    assert_eq!(view["label"]["id"], "pick_this_address");
    // Half a choice is no choice.
    let half = LocationPickerFlowHandle::new(js(point()), JsValue::NULL).unwrap();
    assert_eq!(json(half.view().unwrap())["point"], Value::Null);
}

#[wasm_bindgen_test]
fn choosing_checking_and_confirming_a_point() {
    let mut picker = empty_picker();
    let (effects, view) = send(
        &mut picker,
        json!({"type": "point_chosen", "point": point()}),
    );
    assert_eq!(
        effects,
        json!([{"type": "request", "call": {"call": "is_supported_location", "latitude": TAHRIR.0, "longitude": TAHRIR.1}}])
    );
    assert_eq!(view["can_confirm"], false);
    assert_eq!(view["label"]["id"], "checking_location");

    let (effects, view) = send(
        &mut picker,
        json!({"type": "support_answered", "point": point(), "district_id": 7, "district_name": "Downtown"}),
    );
    assert_eq!(effects, json!([]));
    assert_eq!(view["label"]["id"], "pick_this_address");
    assert_eq!(view["district_name"], "Downtown");
    assert_eq!(view["can_confirm"], true);

    let (effects, _) = send(&mut picker, json!({"type": "confirm"}));
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
    let mut picker = empty_picker();
    send(
        &mut picker,
        json!({"type": "point_chosen", "point": point()}),
    );
    send(&mut picker, json!({"type": "point_chosen", "point": other}));
    let (_, view) = send(
        &mut picker,
        json!({"type": "support_answered", "point": point(), "district_id": 7}),
    );
    assert_eq!(view["district_id"], Value::Null);
    assert_eq!(view["loading"], true);
    let (_, view) = send(
        &mut picker,
        json!({"type": "support_answered", "point": other, "district_id": null}),
    );
    assert_eq!(view["label"]["id"], "location_not_supported");
    assert_eq!(view["can_confirm"], false);
}

#[wasm_bindgen_test]
fn the_search_dropdown_follows_text_and_results() {
    let mut picker = empty_picker();
    assert_eq!(
        json(picker.view().unwrap())["search"],
        json!({"status": "start_typing", "message": {"id": "map_start_typing", "params": {}}})
    );
    let (effects, view) = send(
        &mut picker,
        json!({"type": "search_text_changed", "text": " Tahrir "}),
    );
    assert_eq!(
        effects,
        json!([{"type": "request", "call": {"call": "map_search", "search": "Tahrir"}}])
    );
    assert_eq!(view["search"]["status"], "searching");
    let result =
        json!({"name": "Tahrir Square", "address": "Downtown, Cairo", "location": point()});
    let (_, view) = send(
        &mut picker,
        json!({"type": "search_results_arrived", "search": "Tahrir", "results": [result]}),
    );
    assert_eq!(
        view["search"],
        json!({"status": "results", "results": [result]})
    );
    send(
        &mut picker,
        json!({"type": "search_text_changed", "text": "Zzz"}),
    );
    let (_, view) = send(
        &mut picker,
        json!({"type": "search_failed", "search": "Zzz"}),
    );
    assert_eq!(view["search"]["message"]["id"], "map_no_results");
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
    let (effects, _) = send(&mut empty_picker(), json!({"type": "dismiss"}));
    assert_eq!(
        effects,
        json!([{"type": "close_modal"}, {"type": "remove", "keys": ["modal_status"]}])
    );
}

#[wasm_bindgen_test]
fn malformed_arguments_are_invalid_arguments() {
    let error = empty_picker()
        .send(js(json!({"type": "point_chosen", "point": {"lat": 1}})))
        .unwrap_err();
    assert_eq!(kind(&error), "invalid_argument");
    let error = LocationPickerFlowHandle::new(js(json!({"lat": 1})), JsValue::NULL)
        .err()
        .unwrap();
    assert_eq!(kind(&error), "invalid_argument");
}
