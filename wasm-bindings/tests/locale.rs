//! Runs in headless Chromium through `wasm-pack test --headless --chrome`.
#![cfg(target_arch = "wasm32")]

use storefront_wasm::{core_version, is_core_error};
use wasm_bindgen::JsValue;
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
    assert!(is_core_error(error.clone(), None));
    let kind = js_sys::Reflect::get(&error, &"kind".into()).unwrap();
    assert_eq!(kind, "unsupported_language");
    // The guard with a kind: this kind only.
    assert!(is_core_error(
        error.clone(),
        Some("unsupported_language".into())
    ));
    assert!(!is_core_error(error, Some("invalid_argument".into())));
    assert!(!is_core_error(JsValue::from_str("plain string"), None));
    assert!(!is_core_error(js_sys::Error::new("other").into(), None));
    assert!(!is_core_error(
        js_sys::Error::new("other").into(),
        Some("internal".into())
    ));
}

#[wasm_bindgen_test]
fn version_is_the_core_crate_version() {
    assert_eq!(core_version(), env!("CARGO_PKG_VERSION"));
}
