//! Runs in headless Chromium through `wasm-pack test --headless --chrome`.
#![cfg(target_arch = "wasm32")]

use storefront_wasm::core_version;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
fn direction_and_language_cross_the_js_boundary() {
    assert_eq!(storefront_wasm::text_direction("ar").unwrap(), "rtl");
    assert_eq!(storefront_wasm::text_direction("en-GB").unwrap(), "ltr");
    assert_eq!(storefront_wasm::parse_language("ar-EG").unwrap(), "ar");
}

#[wasm_bindgen_test]
fn unknown_language_is_a_core_error() {
    let error = storefront_wasm::text_direction("xx").unwrap_err();
    let name = js_sys::Reflect::get(&error, &"name".into()).unwrap();
    assert_eq!(name, "CoreError");
    let kind = js_sys::Reflect::get(&error, &"kind".into()).unwrap();
    assert_eq!(kind, "unsupported_language");
}

#[wasm_bindgen_test]
fn version_is_the_core_crate_version() {
    assert_eq!(core_version(), env!("CARGO_PKG_VERSION"));
}
