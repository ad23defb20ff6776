//! Runs in headless Chromium through `wasm-pack test --headless --chrome`.
#![cfg(target_arch = "wasm32")]

use storefront_wasm::{core_version, text_direction};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
fn direction_crosses_the_js_boundary() {
    assert_eq!(text_direction("ar").unwrap(), "rtl");
    assert_eq!(text_direction("en-GB").unwrap(), "ltr");
}

#[wasm_bindgen_test]
fn unknown_language_is_a_js_error() {
    assert!(text_direction("xx").is_err());
}

#[wasm_bindgen_test]
fn version_is_the_core_crate_version() {
    assert_eq!(core_version(), env!("CARGO_PKG_VERSION"));
}
