#![cfg(target_arch = "wasm32")]

mod support;

use serde_json::json;
use support::{js, json, kind};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
fn search_submits_to_branches_results_or_warns() {
    assert_eq!(
        json(storefront_wasm::submit_search("  حليب ").unwrap()),
        json!([{"type": "navigate", "to": "/branches-results?query=%D8%AD%D9%84%D9%8A%D8%A8", "after_ms": 0}])
    );
    assert_eq!(
        json(storefront_wasm::submit_search("   ").unwrap()),
        json!([{"type": "toast", "tone": "error", "text": {"kind": "message", "id": "add_search_text", "params": {}}}])
    );
    assert_eq!(
        storefront_wasm::search_destination("milk").unwrap(),
        "/branches-results?query=milk"
    );
    assert_eq!(
        storefront_wasm::search_destination(" ").unwrap(),
        JsValue::NULL
    );
}

#[wasm_bindgen_test]
fn suggestions_only_for_non_blank_text() {
    assert_eq!(storefront_wasm::suggestion_query(" mi ").unwrap(), "mi");
    assert_eq!(
        storefront_wasm::suggestion_query("").unwrap(),
        JsValue::NULL
    );
}

#[wasm_bindgen_test]
fn labels_are_cut_by_grapheme() {
    assert_eq!(
        storefront_wasm::cut_label("Fresh Fruits and Vegetables"),
        "Fresh Fruits and Veg..."
    );
    assert_eq!(storefront_wasm::cut_label("خضروات"), "خضروات");
}

#[wasm_bindgen_test]
fn address_labels_from_js_addresses() {
    let address = js(json!({"id": 3, "name": null, "region": "Heliopolis, Cairo Governorate"}));
    assert_eq!(
        storefront_wasm::address_label(address).unwrap(),
        "Heliopolis, Cairo Go..."
    );
    assert_eq!(
        storefront_wasm::address_label(js(json!({"id": 3}))).unwrap(),
        JsValue::NULL
    );
    let error = storefront_wasm::address_label(js(json!({"name": "no id"}))).unwrap_err();
    assert_eq!(kind(&error), "invalid_argument");
}
