//! How any function reads its JS arguments and writes its results (`convert.rs`).
#![cfg(target_arch = "wasm32")]

mod support;

use serde_json::json;
use support::{json, kind};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn eval(source: &str) -> JsValue {
    js_sys::eval(source).unwrap()
}

#[wasm_bindgen_test]
fn undefined_reads_as_null_and_only_own_properties_count() {
    let limits = |product: &str| json(storefront_wasm::quantity_limits(eval(product)).unwrap());
    assert_eq!(
        limits("({name: 'Tea', min_qty: 2, max_qty: undefined, stock: 8})"),
        json!({"min": 2, "max": null, "stock": 8})
    );
    assert_eq!(
        limits("Object.assign(Object.create(null), {name: 'Tea', max_qty: 5})"),
        json!({"min": 1, "max": 5, "stock": null})
    );
    // A required number that is undefined is a wrong shape, as a missing one is.
    let error =
        storefront_wasm::quantity_limits(eval("({name: 'Tea', min_qty: undefined})")).unwrap_err();
    assert_eq!(kind(&error), "invalid_argument");
}

#[wasm_bindgen_test]
fn wrong_shapes_are_invalid_arguments() {
    for bad in [
        // A struct is an object, never an array by position.
        "(['Tea', null, 1, 5, 8, 3])",
        "(() => ({name: 'Tea'}))",
        "(Symbol('product'))",
        "({name: 'Tea', stock: NaN})",
        "({name: 'Tea', stock: 1.5})",
        "({name: 'Tea', stock: -1})",
        "({name: 'Tea', stock: 2n ** 70n})",
    ] {
        let error = storefront_wasm::quantity_limits(eval(bad)).unwrap_err();
        assert_eq!(kind(&error), "invalid_argument", "{bad}");
        let message = String::from(js_sys::Error::from(error).message());
        assert!(message.starts_with("product: "), "{message}");
    }
}

#[wasm_bindgen_test]
fn numbers_may_be_whole_floats_or_bigints() {
    let limits = |product: &str| json(storefront_wasm::quantity_limits(eval(product)).unwrap());
    assert_eq!(
        limits("({name: 'Tea', min_qty: 3.0, stock: 4n})"),
        json!({"min": 3, "max": null, "stock": 4})
    );
}

#[wasm_bindgen_test]
fn results_keep_the_declared_field_order() {
    let state = storefront_wasm::cart_initial_state().unwrap();
    let keys: Vec<String> = js_sys::Object::keys(state.unchecked_ref::<js_sys::Object>())
        .iter()
        .map(|key| key.as_string().unwrap())
        .collect();
    assert_eq!(keys, ["cart", "loaded", "old_cart_message"]);
}

#[wasm_bindgen_test]
fn non_finite_numbers_reach_float_fields() {
    // The rules decide about a NaN point (here: a location off the earth is not sent).
    let state = eval(
        "({use_default_location: false, login_in_progress: false, district_id: 12,
           location: {lat: NaN, lng: Infinity}})",
    );
    let headers = json(storefront_wasm::request_headers(state, "en").unwrap());
    assert_eq!(headers[0], json!(["district-id", "12"]));
    assert_eq!(headers[1], json!(["Language", "en"]));
}
