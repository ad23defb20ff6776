#![cfg(target_arch = "wasm32")]

mod support;

use serde_json::json;
use support::json;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
fn a_shop_that_does_not_deliver_has_the_notice_and_no_add_to_cart() {
    assert_eq!(
        json(storefront_wasm::shop_delivery(Some(false)).unwrap()),
        json!({
            "notice": {"id": "no_delivery_to_location", "params": {}},
            "can_add_to_cart": false,
            "promise": null
        })
    );
}

#[wasm_bindgen_test]
fn a_delivering_shop_or_no_district_blocks_nothing() {
    let open = json!({
        "notice": null,
        "can_add_to_cart": true,
        "promise": {"id": "delivery_promise", "params": {}}
    });
    assert_eq!(
        json(storefront_wasm::shop_delivery(Some(true)).unwrap()),
        open
    );
    assert_eq!(json(storefront_wasm::shop_delivery(None).unwrap()), open);
}

#[wasm_bindgen_test]
fn a_cart_whose_shop_does_not_deliver_says_so_and_closes_checkout() {
    assert_eq!(
        json(storefront_wasm::cart_delivery(2, Some(false)).unwrap()),
        json!({
            "notice": {"id": "no_delivery_to_location", "params": {}},
            "offer_empty": true,
            "can_check_out": false
        })
    );
    let open = json!({"notice": null, "offer_empty": false, "can_check_out": true});
    assert_eq!(
        json(storefront_wasm::cart_delivery(0, Some(false)).unwrap()),
        open
    );
    assert_eq!(
        json(storefront_wasm::cart_delivery(2, Some(true)).unwrap()),
        open
    );
    assert_eq!(json(storefront_wasm::cart_delivery(2, None).unwrap()), open);
}
