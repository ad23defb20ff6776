#![cfg(target_arch = "wasm32")]

mod support;

use serde_json::json;
use support::{js, json, kind, message};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
fn breakpoints() {
    assert_eq!(storefront_wasm::breakpoint(767).unwrap(), "mobile");
    assert_eq!(storefront_wasm::breakpoint(768).unwrap(), "tablet");
    assert_eq!(storefront_wasm::breakpoint(1220).unwrap(), "tablet");
    assert_eq!(storefront_wasm::breakpoint(1221).unwrap(), "desktop");
    assert!(storefront_wasm::is_small_screen(767));
    assert!(!storefront_wasm::is_small_screen(768));
}

fn bottom_bar(context: serde_json::Value) -> serde_json::Value {
    json(storefront_wasm::bottom_bar(js(context)).unwrap())
}

#[wasm_bindgen_test]
fn bottom_bar_from_a_partial_context() {
    let context = json!({"width": 375, "route": "/home", "has_district": true,
                         "enable_services_page": true, "signed_in": true, "cart_items_quantity": 2});
    assert_eq!(
        bottom_bar(context),
        json!([
            {"item": "services", "to": "/services"},
            {"item": "cart", "to": "/cart", "badge": 2},
            {"item": "account_menu"},
        ])
    );
    // Missing flags are false, a missing width is 0: a guest on a small screen.
    assert_eq!(
        bottom_bar(json!({})),
        json!([{"item": "home", "to": "/"}, {"item": "login", "modal": "signIn"}])
    );
    // No bottom bar from 768 px.
    assert_eq!(
        bottom_bar(json!({"width": 768, "signed_in": true})),
        json!([])
    );
}

#[wasm_bindgen_test]
fn the_bottom_bar_badge_shows_a_loaded_count_above_zero() {
    let badge = |quantity: serde_json::Value| {
        let items = bottom_bar(json!({"width": 375, "signed_in": true,
                                      "cart_items_quantity": quantity}));
        let cart = items
            .as_array()
            .unwrap()
            .iter()
            .find(|i| i["item"] == "cart")
            .cloned();
        cart.unwrap()["badge"].clone()
    };
    assert_eq!(badge(json!(3)), json!(3));
    assert_eq!(badge(json!(0)), json!(null));
    assert_eq!(badge(json!(null)), json!(null));
    // Beyond the badge's range the count stays large, never wraps around.
    assert_eq!(badge(json!(4_294_967_296u64)), json!(4_294_967_295u64));
}

#[wasm_bindgen_test]
fn a_width_beyond_any_screen_is_wide() {
    assert_eq!(
        bottom_bar(json!({"width": 4_294_967_296u64 + 375, "signed_in": true})),
        json!([])
    );
}

#[wasm_bindgen_test]
fn bottom_bar_numbers_must_be_whole() {
    for (context, parameter) in [
        (json!({"width": "wide"}), "context.width"),
        (json!({"width": -375}), "context.width"),
        (json!({"width": 375.5}), "context.width"),
        (
            json!({"width": 375, "cart_items_quantity": "2"}),
            "context.cart_items_quantity",
        ),
        (
            json!({"width": 375, "cart_items_quantity": 1.5}),
            "context.cart_items_quantity",
        ),
    ] {
        let error = storefront_wasm::bottom_bar(js(context.clone())).unwrap_err();
        assert_eq!(kind(&error), "invalid_argument", "{context}");
        assert!(message(error).starts_with(parameter), "{context}");
    }
}

#[wasm_bindgen_test]
fn logo_and_search() {
    assert_eq!(storefront_wasm::logo_target(true), "/home");
    assert_eq!(storefront_wasm::logo_target(false), "/");
    assert_eq!(
        storefront_wasm::search_element(Some("products_focused".into())).unwrap(),
        "products_focused"
    );
    assert_eq!(storefront_wasm::search_element(None).unwrap(), "standard");
}

#[wasm_bindgen_test]
fn footer_from_settings_and_pages() {
    let settings = js(json!({
        "general_setting": {"email": "help@shop.example", "address_ar": "القاهرة", "address_en": "Cairo",
                            "android_app_link": "https://play.google.com/store/apps/details?id=x"},
        "social_media": {"whatsapp": "+20 100 123 4567", "twitter": "https://x.com/shop"}
    }));
    let pages = js(json!([{"id": 1, "title": "About us", "type": "about"},
                          {"id": 9, "title": "Privacy", "type": "policy"}]));
    let footer = json(storefront_wasm::footer_content(settings, pages, "ar", 2025).unwrap());
    assert_eq!(
        footer["about_links"],
        json!([{"title": "About us", "to": "/account/information/1"}])
    );
    assert_eq!(
        footer["policy_links"],
        json!([{"title": "Privacy", "to": "/information/9"}])
    );
    assert_eq!(footer["address"], "القاهرة");
    assert_eq!(
        footer["email"],
        json!({"text": "help@shop.example", "href": "mailto:help@shop.example"})
    );
    assert_eq!(footer["ios_app_link"], json!(null));
    assert_eq!(
        footer["social_links"],
        json!([{"network": "twitter", "href": "https://x.com/shop"},
               {"network": "whatsapp", "href": "https://wa.me/201001234567"}])
    );
    assert_eq!(footer["copyright_year"], 2025);
    let error =
        storefront_wasm::footer_content(js(json!({})), js(json!([])), "fr", 2025).unwrap_err();
    assert_eq!(kind(&error), "unsupported_language");
}

#[wasm_bindgen_test]
fn footer_settings_and_pages_are_read_leniently() {
    // Ids as text, a WhatsApp number as a number, fields of the wrong type absent.
    let settings = js(json!({
        "general_setting": {"email": 42, "address_en": "Cairo", "address_ar": ["x"]},
        "social_media": {"whatsapp": 201_001_234_567u64, "twitter": true}
    }));
    let pages = js(json!([
        {"id": "1", "title": "About us", "type": "about"},
        {"title": "No id", "type": "about"},
        {"id": "nine", "title": "Bad id", "type": "policy"},
        "not a page"
    ]));
    let footer = json(storefront_wasm::footer_content(settings, pages, "en", 2025).unwrap());
    assert_eq!(
        footer["about_links"],
        json!([{"title": "About us", "to": "/account/information/1"}])
    );
    assert_eq!(footer["policy_links"], json!([]));
    assert_eq!(footer["address"], "Cairo");
    assert_eq!(footer["email"], json!(null));
    assert_eq!(
        footer["social_links"],
        json!([{"network": "whatsapp", "href": "https://wa.me/201001234567"}])
    );
    // Settings or pages of another shape (or not loaded yet) are empty.
    let empty = json(
        storefront_wasm::footer_content(JsValue::NULL, js(json!({"id": 1})), "en", 2025).unwrap(),
    );
    let undefined = json(
        storefront_wasm::footer_content(JsValue::UNDEFINED, JsValue::UNDEFINED, "en", 2025)
            .unwrap(),
    );
    assert_eq!(empty, undefined);
    assert_eq!(empty["about_links"], json!([]));
    assert_eq!(empty["address"], json!(null));
    assert_eq!(empty["social_links"], json!([]));
    assert_eq!(empty["copyright_year"], 2025);
}
