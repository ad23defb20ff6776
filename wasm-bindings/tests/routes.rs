#![cfg(target_arch = "wasm32")]

mod support;

use serde_json::json;
use support::{js, json};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
fn the_table_lists_every_route_with_its_rules() {
    let table = json(storefront_wasm::route_table().unwrap());
    let rows = table.as_array().unwrap();
    let cart = rows.iter().find(|r| r["pattern"] == "/cart").unwrap();
    assert_eq!(
        cart,
        &json!({"id": "cart", "pattern": "/cart", "access": "authenticated", "needs_location": true, "layout": "standard"})
    );
    assert!(
        rows.iter()
            .any(|r| r["pattern"] == "/auth/reset-password" && r["layout"] == "auth")
    );
}

#[wasm_bindgen_test]
fn matches_paths_with_ids_and_ignores_queries() {
    let matched = json(storefront_wasm::match_route("/products/42/?ref=home").unwrap());
    assert_eq!(matched["route"]["id"], "product");
    assert_eq!(matched["params"], json!({"id": 42}));
    assert!(
        storefront_wasm::match_route("/products/0")
            .unwrap()
            .is_null()
    );
}

#[wasm_bindgen_test]
fn guests_are_redirected_with_the_origin_remembered() {
    let context =
        js(json!({"signed_in": false, "has_district": true, "force_default_location": false}));
    let decision =
        json(storefront_wasm::decide_navigation("/account/profile?x=1", context).unwrap());
    assert_eq!(
        decision,
        json!({"decision": "redirect", "to": "/", "toast": null, "remember_origin": "/account/profile?x=1"})
    );
}

#[wasm_bindgen_test]
fn no_district_toasts_please_choose_an_address() {
    let context =
        js(json!({"signed_in": true, "has_district": false, "force_default_location": false}));
    let decision = json(storefront_wasm::decide_navigation("/home", context.clone()).unwrap());
    assert_eq!(decision["to"], "/account/my-address");
    assert_eq!(
        decision["toast"],
        json!({"id": "please_choose_address", "params": {}})
    );
    let allowed = json(storefront_wasm::decide_navigation("/account", context.clone()).unwrap());
    assert_eq!(allowed["decision"], "allow");
    let missing = json(storefront_wasm::decide_navigation("/nope", context).unwrap());
    assert_eq!(missing, json!({"decision": "not_found"}));
}

#[wasm_bindgen_test]
fn post_login_destination_depends_on_forced_location() {
    assert_eq!(storefront_wasm::post_login_destination(true, None), "/home");
    assert_eq!(
        storefront_wasm::post_login_destination(false, None),
        "/account/my-address"
    );
    assert_eq!(
        storefront_wasm::post_login_destination(false, Some("/account/profile".into())),
        "/account/profile"
    );
    assert_eq!(
        storefront_wasm::post_login_destination(false, Some("//elsewhere.example".into())),
        "/account/my-address"
    );
}

#[wasm_bindgen_test]
fn a_forced_default_location_sends_guests_with_a_district_home() {
    let context = |force: bool, district: bool| {
        js(json!({"signed_in": false, "has_district": district, "force_default_location": force}))
    };
    let landing = |context| json(storefront_wasm::decide_navigation("/", context).unwrap());
    assert_eq!(landing(context(true, true))["to"], "/home");
    assert_eq!(landing(context(true, false))["decision"], "allow");
    assert_eq!(landing(context(false, true))["decision"], "allow");
}

#[wasm_bindgen_test]
fn a_context_that_is_not_an_object_is_a_guest_without_a_district() {
    let guest = json!({"signed_in": false, "has_district": false, "force_default_location": false});
    for path in ["/", "/home", "/account/profile", "/cart", "/nope"] {
        for context in [
            JsValue::from_str("guest"),
            JsValue::NULL,
            JsValue::UNDEFINED,
        ] {
            assert_eq!(
                json(storefront_wasm::decide_navigation(path, context).unwrap()),
                json(storefront_wasm::decide_navigation(path, js(guest.clone())).unwrap()),
                "{path}"
            );
        }
    }
}
