#![cfg(target_arch = "wasm32")]

mod support;

use serde_json::json;
use support::json;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
fn statuses_classify_as_string_outcomes() {
    assert_eq!(
        storefront_wasm::classify_status(200, false).unwrap(),
        "success"
    );
    assert_eq!(
        storefront_wasm::classify_status(401, false).unwrap(),
        "log_out"
    );
    assert_eq!(storefront_wasm::classify_status(401, true).unwrap(), "fail");
    assert_eq!(
        storefront_wasm::classify_status(403, true).unwrap(),
        "log_out"
    );
    assert_eq!(
        storefront_wasm::classify_status(404, false).unwrap(),
        "not_found"
    );
    assert_eq!(
        storefront_wasm::classify_status(500, false).unwrap(),
        "fail"
    );
}

#[wasm_bindgen_test]
fn response_bodies_become_server_text_or_our_messages() {
    let body = br#"{"message":"Invalid","errors":{"phone":["Phone taken"],"a":["later"]}}"#;
    assert_eq!(
        json(storefront_wasm::response_error_message(422, body).unwrap()),
        json!({"kind": "server", "text": "Phone taken"})
    );
    let body = br#"{"errors":{"error":["Coupon expired"]}}"#;
    assert_eq!(
        json(storefront_wasm::response_error_message(400, body).unwrap()),
        json!({"kind": "server", "text": "Coupon expired"})
    );
    assert_eq!(
        json(storefront_wasm::response_error_message(502, b"\xFF<html>").unwrap()),
        json!({"kind": "message", "id": "generic_error", "params": {}})
    );
}

#[wasm_bindgen_test]
fn no_response_and_client_errors() {
    assert_eq!(
        json(storefront_wasm::no_response_message().unwrap()),
        json!({"kind": "message", "id": "no_response", "params": {}})
    );
    assert_eq!(
        json(storefront_wasm::offline_message().unwrap()),
        json!({"kind": "message", "id": "offline", "params": {}})
    );
    assert_eq!(
        json(storefront_wasm::client_error_message("Network Error").unwrap()),
        json!({"kind": "message", "id": "error_with_message", "params": {"message": "Network Error"}})
    );
}
