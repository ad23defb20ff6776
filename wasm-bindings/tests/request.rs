#![cfg(target_arch = "wasm32")]

mod support;

use serde_json::json;
use support::{js, json, kind};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn client_state(token: Option<&str>) -> JsValue {
    js(json!({
        "token": token, "language": "ar", "district_id": 12, "address_id": null,
        "selected_address": null, "location": {"lat": 30.5, "lng": 31.25},
        "selected_service": 2, "selected_service_name": "Food", "use_default_location": false,
        "currency": null, "login_in_progress": false, "user_mobile": null, "user_code": null,
        "user_exists": null, "modal": null
    }))
}

#[wasm_bindgen_test]
fn headers_are_ordered_pairs_with_the_token_only_when_signed_in() {
    let headers = json(storefront_wasm::request_headers(client_state(Some("t0k")), "ar").unwrap());
    assert_eq!(
        headers,
        json!([
            ["Authorization", "Bearer t0k"],
            ["district-id", "12"],
            ["longitude", "31.25"],
            ["latitude", "30.5"],
            ["Language", "ar"],
            ["User-Agent-Type", "web"],
            ["currency", "USD"]
        ])
    );
    let guest = json(storefront_wasm::request_headers(client_state(None), "en").unwrap());
    assert_eq!(guest[0], json!(["district-id", "12"]));
    assert_eq!(guest[3], json!(["Language", "en"]));
    let error = storefront_wasm::request_headers(client_state(None), "fr").unwrap_err();
    assert_eq!(kind(&error), "unsupported_language");
}

#[wasm_bindgen_test]
fn catalogue_lists_need_page_and_service() {
    assert_eq!(
        json(
            storefront_wasm::catalogue_list_request(
                JsValue::from_str("products"),
                js(json!({"page": 2, "service_id": 7}))
            )
            .unwrap()
        ),
        json!({"kind": "fetch", "path": "/products", "query": [["page", "2"], ["service_id", "7"]]})
    );
    assert_eq!(
        json(
            storefront_wasm::catalogue_list_request(
                JsValue::from_str("branches"),
                js(json!({"page": null, "service_id": 7}))
            )
            .unwrap()
        ),
        json!({"kind": "skip", "warning": {"id": "missing_page_or_service_id", "params": {}}})
    );
}

#[wasm_bindgen_test]
fn the_cart_needs_a_service_id() {
    assert_eq!(
        json(storefront_wasm::cart_request(JsValue::from_f64(4.0)).unwrap()),
        json!({"kind": "fetch", "path": "/get_card", "query": [["service_id", "4"]]})
    );
    assert_eq!(
        json(storefront_wasm::cart_request(JsValue::NULL).unwrap()),
        json!({"kind": "reject", "message": {"id": "service_id_required", "params": {}}})
    );
}
