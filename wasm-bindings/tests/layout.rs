#![cfg(target_arch = "wasm32")]

mod support;

use serde_json::json;
use support::{js, json, kind};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
fn breakpoints_and_constants() {
    assert_eq!(storefront_wasm::breakpoint(767).unwrap(), "mobile");
    assert_eq!(storefront_wasm::breakpoint(768).unwrap(), "tablet");
    assert_eq!(storefront_wasm::breakpoint(1221).unwrap(), "desktop");
    assert!(storefront_wasm::is_small_screen(767));
    assert!(!storefront_wasm::is_small_screen(768));
    assert_eq!(
        json(storefront_wasm::layout_constants().unwrap()),
        json!({"desktop_above_px": 1220, "tablet_above_px": 767, "small_screen_below_px": 768,
               "categories_max_height": "70vh", "category_tree_limit": 1000, "map_zoom": 14, "map_height_px": 400})
    );
}

#[wasm_bindgen_test]
fn bottom_bar_from_a_partial_context() {
    let context = js(json!({"width": 375, "route": "/home", "has_district": true,
                            "enable_services_page": true, "signed_in": true, "cart_items_quantity": 2}));
    assert_eq!(
        json(storefront_wasm::bottom_bar(context).unwrap()),
        json!([
            {"item": "services", "to": "/services"},
            {"item": "cart", "to": "/cart", "badge": 2},
            {"item": "account_menu"},
        ])
    );
    let error = storefront_wasm::bottom_bar(js(json!({"width": "wide"}))).unwrap_err();
    assert_eq!(kind(&error), "invalid_argument");
}

#[wasm_bindgen_test]
fn menus_and_top_bar() {
    let menu = json(storefront_wasm::account_menu().unwrap());
    assert_eq!(menu[0]["group"], "orders");
    assert_eq!(
        menu[0]["links"][0],
        json!({"link": "my_orders", "to": "/account/my-orders"})
    );
    assert_eq!(menu[4]["links"], json!([{"link": "logout", "to": "/"}]));
    let dropdown = json(storefront_wasm::profile_dropdown().unwrap());
    assert_eq!(dropdown.as_array().map(Vec::len), Some(6));
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
