#![cfg(target_arch = "wasm32")]

mod support;

use serde_json::json;
use support::{js, kind};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
fn renders_messages_with_params_in_both_languages() {
    let message = js(json!({"id": "wait_before_resend", "params": {"seconds": "7"}}));
    assert_eq!(
        storefront_wasm::render_message(message.clone(), "en").unwrap(),
        "Wait 7 seconds before resending!"
    );
    assert_eq!(
        storefront_wasm::render_message(message, "ar").unwrap(),
        "انتظر 7 ثانية قبل إعادة الإرسال!"
    );
}

#[wasm_bindgen_test]
fn renders_server_text_as_is() {
    let text = js(json!({"kind": "server", "text": "Code expired"}));
    assert_eq!(
        storefront_wasm::render_text(text, "ar").unwrap(),
        "Code expired"
    );
}

#[wasm_bindgen_test]
fn catalogue_is_a_plain_object_keyed_by_id() {
    let catalogue = storefront_wasm::message_catalogue("en").unwrap();
    let text = js_sys::Reflect::get(&catalogue, &"cart_empty".into()).unwrap();
    assert_eq!(text, "You don't have any product");
    let ids = storefront_wasm::message_ids().unwrap();
    assert!(js_sys::Array::is_array(&ids));
}

#[wasm_bindgen_test]
fn a_malformed_message_is_an_invalid_argument() {
    let error = storefront_wasm::render_message(js(json!({"id": "no_such_id"})), "en").unwrap_err();
    assert_eq!(kind(&error), "invalid_argument");
}
