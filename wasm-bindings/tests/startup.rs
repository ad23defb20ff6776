#![cfg(target_arch = "wasm32")]

mod support;

use serde_json::{Value, json};
use support::{js, json, kind};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn guest() -> Value {
    json!({
        "token": null, "language": null, "district_id": null, "address_id": null,
        "selected_address": null, "location": null, "selected_service": null,
        "selected_service_name": null, "use_default_location": false, "currency": null,
        "login_in_progress": false, "user_mobile": null, "user_code": null,
        "user_exists": null, "modal": null
    })
}

#[wasm_bindgen_test]
fn remote_config_is_read_leniently() {
    let config = json(
        storefront_wasm::parse_remote_config(js(json!({
            "app_name": "Souq", "default_service_id": "3", "enable_services_page": "1",
            "force_select_default_locations": 1,
            "default_location": {"district_id": "9", "latitude": "30.5", "longitude": 31.25},
            "verification_methods_sms": 0, "verification_methods_whatsapp": "1"
        })))
        .unwrap(),
    );
    assert_eq!(config["default_service_id"], 3);
    assert_eq!(config["enable_services_page"], true);
    assert_eq!(
        config["default_location"],
        json!({"district_id": 9, "latitude": 30.5, "longitude": 31.25})
    );
    assert_eq!(config["title"], Value::Null);
    let channels = json(storefront_wasm::verification_channels(js(config)).unwrap());
    assert_eq!(channels, json!(["whatsapp"]));
    let empty = json(storefront_wasm::parse_remote_config(JsValue::UNDEFINED).unwrap());
    assert_eq!(empty["force_select_default_locations"], false);
}

#[wasm_bindgen_test]
fn profile_is_read_leniently() {
    let profile = json(
        storefront_wasm::parse_profile_response(js(json!({
            "user": {"name": "Mona", "gender": "male", "default_locale": "ar"},
            "address": {"id": "5", "district_id": 4},
            "message": "ok"
        })))
        .unwrap(),
    );
    assert_eq!(profile["user"]["gender"], "male");
    assert_eq!(profile["default_locale"], "ar");
    assert_eq!(profile["address"]["id"], 5);
}

#[wasm_bindgen_test]
fn a_forced_guest_gets_the_default_location_and_loads() {
    let config = storefront_wasm::parse_remote_config(js(json!({
        "force_select_default_locations": "1", "default_service_id": 2,
        "default_location": {"district_id": 9, "latitude": 30.5, "longitude": 31.5}
    })))
    .unwrap();
    let plan = json(storefront_wasm::plan_startup(config, JsValue::NULL, js(guest())).unwrap());
    assert_eq!(plan["district_id"], 9);
    assert_eq!(plan["use_default_location"], true);
    assert_eq!(plan["language"], "en");
    assert_eq!(
        plan["loads"],
        json!(["services", "selected_service", "products", "branches"])
    );
    let effects = plan["effects"].as_array().unwrap();
    assert!(effects.contains(
        &json!({"type": "store", "key": "location", "value": "{\"lat\":30.5,\"lng\":31.5}"})
    ));
    assert!(effects.contains(&json!({"type": "store", "key": "selectedService", "value": "2"})));
}

#[wasm_bindgen_test]
fn a_signed_in_customer_uses_the_profile_language_and_loads_the_cart() {
    let mut stored = guest();
    stored["token"] = json!("tok");
    stored["district_id"] = json!(3);
    stored["selected_service"] = json!(1);
    let loads = json(storefront_wasm::initial_loads(js(stored.clone())).unwrap());
    assert_eq!(loads, json!(["remote_config", "settings", "profile"]));
    let config = storefront_wasm::parse_remote_config(js(json!({}))).unwrap();
    let profile =
        storefront_wasm::parse_profile_response(js(json!({"default_locale": "ar"}))).unwrap();
    let plan = json(storefront_wasm::plan_startup(config, profile, js(stored)).unwrap());
    assert_eq!(plan["language"], "ar");
    assert_eq!(plan["effects"], json!([]));
    assert_eq!(
        plan["loads"].as_array().unwrap().last(),
        Some(&json!("cart"))
    );
}

#[wasm_bindgen_test]
fn the_screen_spins_then_shows_or_fails() {
    let screen = |loads: Value| json(storefront_wasm::startup_screen(js(loads)).unwrap());
    assert_eq!(
        screen(
            json!({"settings": "loaded", "remote_config": "loading", "selected_service": "idle", "profile": "idle"})
        ),
        json!({"state": "loading"})
    );
    assert_eq!(
        screen(
            json!({"settings": "loaded", "remote_config": "loaded", "selected_service": "loaded", "profile": "idle"})
        ),
        json!({"state": "ready"})
    );
    let failed = screen(
        json!({"settings": "failed", "remote_config": "loaded", "selected_service": "idle", "profile": "idle"}),
    );
    let text = storefront_wasm::render_message(js(failed["message"].clone()), "en").unwrap();
    assert_eq!(text, "Loading failed! Please reload.");
    let error = storefront_wasm::startup_screen(js(json!({"settings": "done"}))).unwrap_err();
    assert_eq!(kind(&error), "invalid_argument");
}
