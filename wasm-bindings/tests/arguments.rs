//! How the functions read their JS arguments and write their results: results as JSON
//! text, arguments as JSON text or field by field (the first-paint and cart functions),
//! all in `convert.rs`.
#![cfg(target_arch = "wasm32")]

mod support;

use serde_json::json;
use support::{js, json, kind, message, storage_with};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn eval(source: &str) -> JsValue {
    js_sys::eval(source).unwrap()
}

fn limits(product: &str) -> serde_json::Value {
    json(storefront_wasm::quantity_limits(eval(product)).unwrap())
}

#[wasm_bindgen_test]
fn undefined_is_null_or_missing_and_only_own_properties_count() {
    // An omitted argument reads as null.
    assert_eq!(
        json(storefront_wasm::cart_request(JsValue::UNDEFINED).unwrap()),
        json!({"kind": "reject", "message": {"id": "service_id_required", "params": {}}})
    );
    // A field that is undefined is a missing field: its default, or absent.
    assert_eq!(
        limits("({name: 'Tea', min_qty: 2, max_qty: undefined, stock: 8})"),
        json!({"min": 2, "max": null, "stock": 8})
    );
    assert_eq!(
        limits("({name: 'Tea', min_qty: undefined})"),
        json!({"min": 1, "max": null, "stock": null})
    );
    assert_eq!(
        limits("Object.assign(Object.create(null), {name: 'Tea', max_qty: 5})"),
        json!({"min": 1, "max": 5, "stock": null})
    );
    // Inherited properties are not read.
    assert_eq!(
        limits("Object.assign(Object.create({max_qty: 9, stock: 2}), {name: 'Tea'})"),
        json!({"min": 1, "max": null, "stock": null})
    );
    // A required field that is undefined is missing, so a wrong shape.
    let error =
        storefront_wasm::quantity_limits(eval("({name: undefined, min_qty: 2})")).unwrap_err();
    assert_eq!(kind(&error), "invalid_argument");
    assert!(message(error).contains("name"));
}

#[wasm_bindgen_test]
fn wrong_shapes_are_invalid_arguments_naming_the_parameter() {
    for bad in [
        "(() => ({name: 'Tea'}))",
        "(Symbol('product'))",
        "(null)",
        "('Tea')",
        "({name: 'Tea', stock: 1.5})",
        "({name: 'Tea', stock: -1})",
        "({name: 'Tea', stock: '8'})",
        "({name: 'Tea', stock: 2 ** 32})",
        "({name: 'Tea', stock: 2n ** 70n})",
        "({name: 'Tea', stock: 4n})",
    ] {
        let error = storefront_wasm::quantity_limits(eval(bad)).unwrap_err();
        assert_eq!(kind(&error), "invalid_argument", "{bad}");
        let message = message(error);
        assert!(message.starts_with("product: "), "{bad}: {message}");
    }
}

#[wasm_bindgen_test]
fn fields_read_one_by_one_ignore_the_rest_of_the_value() {
    // A cycle among fields no rule reads is no obstacle: only the named fields are read
    // (through JSON text, the whole value had to be written first, and could not be).
    assert_eq!(
        limits("(() => { const p = {name: 'Tea', stock: 3}; p.self = p; return p; })()"),
        json!({"min": 1, "max": null, "stock": 3})
    );
}

#[wasm_bindgen_test]
fn whole_floats_are_integers() {
    assert_eq!(
        limits("({name: 'Tea', min_qty: 3.0, stock: 4e0})"),
        json!({"min": 3, "max": null, "stock": 4})
    );
}

#[wasm_bindgen_test]
fn results_keep_the_declared_field_order() {
    let view = storefront_wasm::CartFlowHandle::new().view().unwrap();
    let keys: Vec<String> = js_sys::Object::keys(view.unchecked_ref::<js_sys::Object>())
        .iter()
        .map(|key| key.as_string().unwrap())
        .collect();
    assert_eq!(keys, ["cart", "loaded", "adding", "prompt"]);
}

#[wasm_bindgen_test]
fn non_finite_numbers_are_not_numbers_of_a_required_field() {
    // JSON has no NaN or Infinity: a required float holding one is a wrong shape.
    for bad in [
        "({type: 'point_chosen', point: {latitude: NaN, longitude: 31}})",
        "({type: 'point_chosen', point: {latitude: 30, longitude: Infinity}})",
    ] {
        let mut picker =
            storefront_wasm::LocationPickerFlowHandle::new(JsValue::NULL, JsValue::NULL).unwrap();
        let error = picker.send(eval(bad)).unwrap_err();
        assert_eq!(kind(&error), "invalid_argument", "{bad}");
    }
}

// The first-paint functions read their arguments field by field (`read.rs`).

#[wasm_bindgen_test]
fn whole_numbers_are_non_negative_safe_integers_or_absent() {
    let request = |payload: &str| {
        storefront_wasm::catalogue_list_request(JsValue::from_str("products"), eval(payload))
    };
    assert_eq!(
        json(request("({page: 3.0, service_id: 2 ** 53 - 1})").unwrap())["query"],
        json!([["page", "3"], ["service_id", "9007199254740991"]])
    );
    // null, undefined, a missing field and a missing object are all absent.
    for absent in [
        "({page: null, service_id: 7})",
        "({page: undefined, service_id: 7})",
        "({service_id: 7})",
        "(null)",
        "(undefined)",
    ] {
        assert_eq!(json(request(absent).unwrap())["kind"], "skip", "{absent}");
    }
    for bad in [
        "({page: 1.5, service_id: 7})",
        "({page: -1, service_id: 7})",
        "({page: '2', service_id: 7})",
        "({page: true, service_id: 7})",
        "({page: NaN, service_id: 7})",
        "({page: Infinity, service_id: 7})",
        "({page: 1, service_id: 2 ** 53})",
        "({page: 1, service_id: 7n})",
    ] {
        let error = request(bad).unwrap_err();
        assert_eq!(kind(&error), "invalid_argument", "{bad}");
        assert!(message(error).starts_with("payload."), "{bad}");
    }
}

#[wasm_bindgen_test]
fn names_must_be_known_text() {
    let payload = || js(json!({"page": 1, "service_id": 7}));
    for (bad, why) in [
        (JsValue::from_str("orders"), "list: unknown name"),
        (JsValue::from_str("Products"), "list: unknown name"),
        (JsValue::from_f64(0.0), "list: expected a name"),
        (JsValue::NULL, "list: expected a name"),
    ] {
        let error = storefront_wasm::catalogue_list_request(bad, payload()).unwrap_err();
        assert_eq!(kind(&error), "invalid_argument");
        assert_eq!(message(error), why);
    }
}

#[wasm_bindgen_test]
fn flags_are_true_only_when_true() {
    // Anything but `true` (1, "true", a missing field, a context that is not an
    // object) is false: here, a guest.
    let guest = json!({"decision": "redirect", "to": "/", "toast": null,
                       "remember_origin": "/account/profile"});
    for context in [
        "({signed_in: 1, has_district: 1})",
        "({signed_in: 'true', has_district: 'true'})",
        "({})",
        "('signed_in')",
        "(null)",
    ] {
        let decision = storefront_wasm::decide_navigation("/account/profile", eval(context));
        assert_eq!(json(decision.unwrap()), guest, "{context}");
    }
}

#[wasm_bindgen_test]
fn json_arguments_must_be_json() {
    storage_with(&[]);
    let mut start = storefront_wasm::StartupFlowHandle::new("en").unwrap();
    let error = start
        .send(eval(
            "({type: 'config_loaded', config: {default_service_id: 2n}})",
        ))
        .unwrap_err();
    assert_eq!(kind(&error), "invalid_argument");
    assert_eq!(message(error), "event.config: not JSON");
    let error = start
        .send(eval(
            "({type: 'profile_answered', profile: {user: {id: 1n}}})",
        ))
        .unwrap_err();
    assert_eq!(message(error), "event.profile: not JSON");
    let error =
        storefront_wasm::address_label(eval("(() => { const a = {id: 1}; a.a = a; return a; })()"))
            .unwrap_err();
    assert_eq!(kind(&error), "invalid_argument");
    assert_eq!(message(error), "address: not JSON");
}
