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
        json(storefront_wasm::client_error_message(" Network Error ").unwrap()),
        json!({"kind": "message", "id": "error_with_message", "params": {"message": "Network Error"}})
    );
    assert_eq!(
        json(storefront_wasm::client_error_message("  ").unwrap()),
        json!({"kind": "message", "id": "generic_error", "params": {}})
    );
}

const FAMILY: &str = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}";
const FLAG: &str = "\u{1F1EA}\u{1F1EC}";
/// A letter with a shadda and a fatha: three code points, one grapheme.
const LETTER: &str = "\u{0628}\u{0651}\u{064E}";

/// The server text a 500 with this `message` shows.
fn server_text(message: &str) -> serde_json::Value {
    let body = serde_json::to_string(&json!({"message": message})).unwrap();
    let text = json(storefront_wasm::response_error_message(500, body.as_bytes()).unwrap());
    assert_eq!(text["kind"], "server");
    text["text"].clone()
}

/// The message parameter of a client error with this message.
fn client_text(message: &str) -> serde_json::Value {
    json(storefront_wasm::client_error_message(message).unwrap())["params"]["message"].clone()
}

#[wasm_bindgen_test]
fn server_and_client_texts_are_capped_at_500_graphemes() {
    let huge = "x".repeat(1_000_000);
    let capped = format!("{}...", "x".repeat(500));
    assert_eq!(server_text(&huge), capped.as_str());
    assert_eq!(client_text(&huge), capped.as_str());
    let five_hundred = "x".repeat(500);
    assert_eq!(server_text(&five_hundred), five_hundred.as_str());
    assert_eq!(client_text(&five_hundred), five_hundred.as_str());
}

#[wasm_bindgen_test]
fn capped_texts_never_split_a_letter_or_an_emoji() {
    for (text, kept) in [
        (LETTER.repeat(501), format!("{}...", LETTER.repeat(500))),
        (
            format!("{}{FAMILY}{FLAG}", "a".repeat(499)),
            format!("{}{FAMILY}...", "a".repeat(499)),
        ),
        (
            format!("{}{FLAG}{FLAG}", "a".repeat(499)),
            format!("{}{FLAG}...", "a".repeat(499)),
        ),
    ] {
        assert_eq!(server_text(&text), kept.as_str());
        assert_eq!(client_text(&text), kept.as_str());
    }
    let whole = format!("{}{FAMILY}{LETTER}", "a".repeat(498));
    assert_eq!(server_text(&whole), whole.as_str());
    assert_eq!(client_text(&whole), whole.as_str());
}

#[wasm_bindgen_test]
fn a_422_s_field_messages_in_order() {
    let body = br#"{"errors":{"name":["","Required"],"address_id":["please choose an address"]}}"#;
    assert_eq!(
        json(storefront_wasm::field_errors(422, body).unwrap()),
        json!([
            {"field": "name", "message": "Required"},
            {"field": "address_id", "message": "please choose an address"}
        ])
    );
    assert_eq!(
        json(storefront_wasm::field_errors(400, body).unwrap()),
        json!([])
    );
}

#[wasm_bindgen_test]
fn api_instants_in_both_forms() {
    assert_eq!(
        storefront_wasm::api_instant_ms("2025-03-01 09:30"),
        Some(1_740_821_400_000.0)
    );
    assert_eq!(
        storefront_wasm::api_instant_ms("2025-03-01T11:30:00+02:00"),
        Some(1_740_821_400_000.0)
    );
    assert_eq!(storefront_wasm::api_instant_ms("soon"), None);
}
