#![cfg(target_arch = "wasm32")]

mod support;

use serde_json::{Value, json};
use support::{js, json, kind};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn stored(token: Option<&str>) -> Value {
    json!({
        "token": token, "language": "ar", "district_id": 4, "address_id": null,
        "selected_address": null, "location": null, "selected_service": 2,
        "selected_service_name": "Food", "use_default_location": false, "currency": "USD",
        "login_in_progress": false, "user_mobile": null, "user_code": null,
        "user_exists": null, "modal": null
    })
}

#[wasm_bindgen_test]
fn logout_from_an_account_page_reloads() {
    let effects = json(
        storefront_wasm::logout_effects(
            js(stored(Some("tok"))),
            "/account/my-wallet",
            js(json!("requested")),
        )
        .unwrap(),
    );
    let effects = effects.as_array().unwrap();
    assert_eq!(
        effects[0],
        json!({"type": "request", "call": {"call": "logout", "token": "tok"}})
    );
    let removed = effects[1]["keys"].as_array().unwrap();
    assert!(removed.contains(&json!("token")) && removed.contains(&json!("district_id")));
    assert!(!removed.contains(&json!("language")) && !removed.contains(&json!("current_currency")));
    assert_eq!(effects[2], json!({"type": "reset_queries"}));
    assert_eq!(effects[3], json!({"type": "forget_personal_data"}));
    assert_eq!(effects[4], json!({"type": "reload_page"}));
}

#[wasm_bindgen_test]
fn unauthorized_logout_on_a_public_page_stays_and_skips_the_call() {
    let effects = json(
        storefront_wasm::logout_effects(
            js(stored(Some("tok"))),
            "/home",
            js(json!("unauthorized")),
        )
        .unwrap(),
    );
    assert_eq!(effects.as_array().unwrap().len(), 3);
    assert_eq!(effects[1], json!({"type": "reset_queries"}));
    assert_eq!(effects[2], json!({"type": "forget_personal_data"}));
}

#[wasm_bindgen_test]
fn language_change_for_signed_in_and_guest() {
    let signed_in = json(
        storefront_wasm::change_language_effects(js(json!("en")), js(json!("ar")), true).unwrap(),
    );
    assert_eq!(
        signed_in,
        json!([
            {"type": "request", "call": {"call": "update_language", "default_locale": "ar"}},
            {"type": "store", "key": "language", "value": "ar"},
            {"type": "set_document_language", "language": "ar"},
            {"type": "reset_queries"},
            {"type": "reload_remote_config"}
        ])
    );
    let guest = json(
        storefront_wasm::change_language_effects(js(json!("ar")), js(json!("en")), false).unwrap(),
    );
    assert_eq!(guest.as_array().unwrap().len(), 4);
    assert_eq!(
        guest[0],
        json!({"type": "store", "key": "language", "value": "en"})
    );
}

#[wasm_bindgen_test]
fn choosing_a_service_goes_home() {
    let effects = json(
        storefront_wasm::choose_service_effects(js(json!({"id": 7, "name": "Pharmacy"}))).unwrap(),
    );
    assert_eq!(
        effects[0],
        json!({"type": "store", "key": "selectedService", "value": "7"})
    );
    assert_eq!(effects[2], json!({"type": "reset_catalogue_lists"}));
    assert_eq!(
        effects[3],
        json!({"type": "navigate", "to": "/home", "after_ms": 0})
    );
}

#[wasm_bindgen_test]
fn wrong_shapes_are_invalid_arguments() {
    let error = storefront_wasm::change_language_effects(js(json!("fr")), js(json!("ar")), false)
        .unwrap_err();
    assert_eq!(kind(&error), "invalid_argument");
    let error =
        storefront_wasm::logout_effects(JsValue::NULL, "/", js(json!("requested"))).unwrap_err();
    assert_eq!(kind(&error), "invalid_argument");
}
