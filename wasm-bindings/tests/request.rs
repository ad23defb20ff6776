#![cfg(target_arch = "wasm32")]

mod support;

use serde_json::json;
use support::{js, json, kind, storage_with};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

/// A customer's storage (a guest's without the token).
fn stored(token: Option<&str>) {
    let mut items = vec![
        ("language", "ar"),
        ("district_id", "12"),
        ("location", r#"{"lat":30.5,"lng":31.25}"#),
        ("selectedService", "2"),
        ("selectedServiceName", "Food"),
    ];
    if let Some(token) = token {
        items.push(("token", token));
    }
    storage_with(&items);
}

fn headers(language: &str) -> serde_json::Value {
    json(storefront_wasm::request_headers(language).unwrap())
}

#[wasm_bindgen_test]
fn headers_are_ordered_pairs_with_the_token_only_when_signed_in() {
    stored(Some("t0k"));
    assert_eq!(
        headers("ar"),
        json!([
            ["Authorization", "Bearer t0k"],
            ["district-id", "12"],
            ["longitude", "31.25"],
            ["latitude", "30.5"],
            ["Language", "ar"],
            ["User-Agent-Type", "web"],
            ["currency", "USD"]
        ])
    );
    stored(None);
    let guest = headers("en");
    assert_eq!(guest[0], json!(["district-id", "12"]));
    assert_eq!(guest[3], json!(["Language", "en"]));
    let error = storefront_wasm::request_headers("fr").unwrap_err();
    assert_eq!(kind(&error), "unsupported_language");
}

#[wasm_bindgen_test]
fn headers_follow_what_storage_holds_now() {
    storage_with(&[
        ("address_id", "8"),
        ("location", r#"{"lat":"30","lng":"31.5"}"#),
        ("current_currency", "egp"),
    ]);
    assert_eq!(
        headers("en-GB"),
        json!([
            ["address-id", "8"],
            ["longitude", "31.5"],
            ["latitude", "30.0"],
            ["Language", "en"],
            ["User-Agent-Type", "web"],
            ["currency", "EGP"]
        ])
    );
    // Corrupt or off-earth values are not sent.
    storage_with(&[
        ("token", "  "),
        ("district_id", "12abc"),
        ("location", r#"{"lat":91,"lng":0}"#),
    ]);
    assert_eq!(
        headers("ar"),
        json!([
            ["Language", "ar"],
            ["User-Agent-Type", "web"],
            ["currency", "USD"]
        ])
    );
}

#[wasm_bindgen_test]
fn catalogue_lists_need_page_and_service() {
    assert_eq!(
        json(
            storefront_wasm::catalogue_list_request(
                JsValue::from_str("products"),
                js(json!({"page": 2, "service_id": 7}))
            )
            .unwrap()
        ),
        json!({"kind": "fetch", "path": "/products", "query": [["page", "2"], ["service_id", "7"]]})
    );
    assert_eq!(
        json(
            storefront_wasm::catalogue_list_request(
                JsValue::from_str("branches"),
                js(json!({"page": 1, "service_id": 7}))
            )
            .unwrap()
        )["path"],
        "/branches"
    );
    for payload in [
        json!({"page": null, "service_id": 7}),
        json!({"page": 2, "service_id": null}),
        json!({}),
    ] {
        assert_eq!(
            json(
                storefront_wasm::catalogue_list_request(
                    JsValue::from_str("branches"),
                    js(payload.clone())
                )
                .unwrap()
            ),
            json!({"kind": "skip", "warning": {"id": "missing_page_or_service_id", "params": {}}}),
            "{payload}"
        );
    }
    let error = storefront_wasm::catalogue_list_request(
        JsValue::from_str("categories"),
        js(json!({"page": 2, "service_id": 7})),
    )
    .unwrap_err();
    assert_eq!(kind(&error), "invalid_argument");
}

#[wasm_bindgen_test]
fn the_cart_needs_a_service_id() {
    assert_eq!(
        json(storefront_wasm::cart_request(JsValue::from_f64(4.0)).unwrap()),
        json!({"kind": "fetch", "path": "/get_card", "query": [["service_id", "4"]]})
    );
    assert_eq!(
        json(storefront_wasm::cart_request(JsValue::NULL).unwrap()),
        json!({"kind": "reject", "message": {"id": "service_id_required", "params": {}}})
    );
    let error = storefront_wasm::cart_request(JsValue::from_str("4")).unwrap_err();
    assert_eq!(kind(&error), "invalid_argument");
}
