#![cfg(target_arch = "wasm32")]

mod support;

use serde_json::json;
use support::{effects, js, json, kind, message, storage_with};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

/// A signed-in customer's storage (a guest's without the token).
fn signed_in(token: Option<&str>) -> web_sys::Storage {
    let mut items = vec![
        ("language", "ar"),
        ("district_id", "4"),
        ("selectedService", "2"),
        ("selectedServiceName", "Food"),
        ("current_currency", "EGP"),
    ];
    if let Some(token) = token {
        items.push(("token", token));
    }
    storage_with(&items)
}

fn logout(path: &str, reason: &str) -> serde_json::Value {
    json(storefront_wasm::logout_effects(path, JsValue::from_str(reason)).unwrap())
}

#[wasm_bindgen_test]
fn logout_from_an_account_page_reloads() {
    signed_in(Some("tok"));
    let effects = logout("/account/my-wallet", "requested");
    let effects = effects.as_array().unwrap();
    assert_eq!(effects.len(), 6);
    assert_eq!(
        effects[0],
        json!({"type": "request", "call": {"call": "logout", "token": "tok"}})
    );
    let removed = effects[1]["keys"].as_array().unwrap();
    assert!(removed.contains(&json!("token")) && removed.contains(&json!("district_id")));
    assert!(!removed.contains(&json!("language")) && !removed.contains(&json!("current_currency")));
    assert_eq!(effects[2], json!({"type": "reset_queries"}));
    assert_eq!(effects[3], json!({"type": "forget_personal_data"}));
    assert_eq!(effects[4], json!({"type": "reset_session_state"}));
    assert_eq!(effects[5], json!({"type": "reload_page"}));
}

#[wasm_bindgen_test]
fn the_logout_call_carries_the_stored_token_which_the_effects_then_remove() {
    let storage = signed_in(Some("eyJ0.abc"));
    let list = storefront_wasm::logout_effects("/home", JsValue::from_str("requested")).unwrap();
    assert_eq!(
        json(list.clone())[0]["call"],
        json!({"call": "logout", "token": "eyJ0.abc"})
    );
    storefront_wasm::apply_storage_effects(effects(list)).unwrap();
    let mut left: Vec<String> = (0..storage.length().unwrap())
        .filter_map(|i| storage.key(i).unwrap())
        .collect();
    left.sort();
    assert_eq!(
        left,
        [
            "current_currency",
            "language",
            "selectedService",
            "selectedServiceName"
        ]
    );
}

#[wasm_bindgen_test]
fn unauthorized_logout_skips_the_call_and_leaves_a_page_needing_a_location_for_the_landing_page() {
    signed_in(Some("tok"));
    let effects = logout("/home", "unauthorized");
    assert_eq!(effects.as_array().unwrap().len(), 5);
    assert_eq!(effects[0]["type"], "remove");
    assert_eq!(effects[1], json!({"type": "reset_queries"}));
    assert_eq!(effects[2], json!({"type": "forget_personal_data"}));
    assert_eq!(effects[3], json!({"type": "reset_session_state"}));
    assert_eq!(
        effects[4],
        json!({"type": "navigate", "to": "/", "after_ms": 0})
    );
    // A public page that needs no location stays.
    signed_in(Some("tok"));
    let effects = logout("/search-results", "unauthorized");
    assert_eq!(effects.as_array().unwrap().len(), 4);
}

#[wasm_bindgen_test]
fn without_a_stored_token_no_logout_call_is_made() {
    signed_in(None);
    let effects = logout("/home", "requested");
    assert_eq!(effects.as_array().unwrap().len(), 4);
    assert_eq!(effects[0]["type"], "remove");
    // A blank token counts as none.
    signed_in(Some("  "));
    assert_eq!(logout("/home", "requested")[0]["type"], "remove");
}

#[wasm_bindgen_test]
fn language_change_for_signed_in_and_guest() {
    let signed_in = json(storefront_wasm::change_language_effects("en", "ar", true).unwrap());
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
    let guest = json(storefront_wasm::change_language_effects("ar", "en-GB", false).unwrap());
    assert_eq!(guest.as_array().unwrap().len(), 4);
    assert_eq!(
        guest[0],
        json!({"type": "store", "key": "language", "value": "en"})
    );
    assert_eq!(
        json(storefront_wasm::change_language_effects("ar", "ar-EG", true).unwrap()),
        json!([])
    );
}

#[wasm_bindgen_test]
fn choosing_a_service_goes_home() {
    let effects = json(
        storefront_wasm::choose_service_effects(js(json!({"id": 7, "name": "Pharmacy"}))).unwrap(),
    );
    assert_eq!(
        effects,
        json!([
            {"type": "store", "key": "selectedService", "value": "7"},
            {"type": "store", "key": "selectedServiceName", "value": "Pharmacy"},
            {"type": "reset_catalogue_lists"},
            {"type": "navigate", "to": "/home", "after_ms": 0}
        ])
    );
    // A name that is missing or not text is empty.
    let unnamed =
        json(storefront_wasm::choose_service_effects(js(json!({"id": 7.0, "name": 5}))).unwrap());
    assert_eq!(
        unnamed[1],
        json!({"type": "store", "key": "selectedServiceName", "value": ""})
    );
}

#[wasm_bindgen_test]
fn wrong_shapes_are_invalid_arguments() {
    for (from, to) in [("fr", "ar"), ("ar", "xx"), ("", "en")] {
        let error = storefront_wasm::change_language_effects(from, to, false).unwrap_err();
        assert_eq!(kind(&error), "unsupported_language", "{from} -> {to}");
    }
    signed_in(Some("tok"));
    for reason in [
        JsValue::from_str("expired"),
        JsValue::NULL,
        JsValue::from_f64(0.0),
    ] {
        let error = storefront_wasm::logout_effects("/", reason.clone()).unwrap_err();
        assert_eq!(kind(&error), "invalid_argument", "{reason:?}");
        assert!(message(error).starts_with("reason: "));
    }
    for service in [
        json!({"name": "Pharmacy"}),
        json!({"id": null, "name": "Pharmacy"}),
        json!({"id": "7", "name": "Pharmacy"}),
        json!({"id": 7.5, "name": "Pharmacy"}),
        json!({"id": -7, "name": "Pharmacy"}),
        json!(7),
    ] {
        let error = storefront_wasm::choose_service_effects(js(service.clone())).unwrap_err();
        assert_eq!(kind(&error), "invalid_argument", "{service}");
        assert!(message(error).starts_with("service.id: "), "{service}");
    }
}
