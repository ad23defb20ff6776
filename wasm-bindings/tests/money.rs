#![cfg(target_arch = "wasm32")]

mod support;

use support::kind;
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
fn numbers_and_strings_become_exact_decimal_strings() {
    assert_eq!(
        storefront_wasm::parse_money(JsValue::from_f64(12.5)).unwrap(),
        "12.50"
    );
    assert_eq!(
        storefront_wasm::parse_money(JsValue::from_f64(0.1 + 0.2)).unwrap(),
        "0.30"
    );
    assert_eq!(
        storefront_wasm::parse_money(JsValue::from_str("19.99")).unwrap(),
        "19.99"
    );
}

#[wasm_bindgen_test]
fn garbage_is_invalid_money() {
    for bad in [
        JsValue::from_str("abc"),
        JsValue::TRUE,
        JsValue::NULL,
        JsValue::from_f64(f64::NAN),
    ] {
        let error = storefront_wasm::parse_money(bad).unwrap_err();
        assert_eq!(kind(&error), "invalid_money");
    }
}

#[wasm_bindgen_test]
fn the_sign_and_the_amount_without_it() {
    for (value, sign) in [
        (JsValue::from_str("-0.01"), "negative"),
        (JsValue::from_str("0.00"), "zero"),
        (JsValue::from_f64(0.0), "zero"),
        (JsValue::from_str("12.5"), "positive"),
    ] {
        assert_eq!(storefront_wasm::money_sign(value).unwrap(), sign);
    }
    assert_eq!(
        storefront_wasm::money_abs(JsValue::from_str("-12.5")).unwrap(),
        "12.50"
    );
    let error = storefront_wasm::money_sign(JsValue::from_str("abc")).unwrap_err();
    assert_eq!(kind(&error), "invalid_money");
}
