#![cfg(target_arch = "wasm32")]

mod support;

use serde_json::json;
use support::{js, json, kind};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn status(name: &str) -> JsValue {
    JsValue::from_str(name)
}

#[wasm_bindgen_test]
fn statuses_parse_with_canceled_and_unknown() {
    assert_eq!(
        storefront_wasm::parse_order_status("canceled").unwrap(),
        "cancelled"
    );
    assert_eq!(
        storefront_wasm::parse_order_status("on_hold").unwrap(),
        "on_hold"
    );
    assert_eq!(
        storefront_wasm::parse_order_status("refunded").unwrap(),
        "unknown"
    );
}

#[wasm_bindgen_test]
fn tabs_carry_their_keys_and_statuses() {
    let tabs = json(storefront_wasm::order_tabs().unwrap());
    assert_eq!(tabs.as_array().unwrap().len(), 5);
    assert_eq!(
        tabs[1],
        json!({"tab": "completed", "key": "delivered", "statuses": ["delivered"]})
    );
    let returns = json(storefront_wasm::return_tabs().unwrap());
    assert_eq!(returns[1]["key"], "returned");
    assert_eq!(
        storefront_wasm::order_tab_of(status("shipped")).unwrap(),
        "current"
    );
    assert_eq!(
        storefront_wasm::return_tab_of(status("in_return")).unwrap(),
        "current"
    );
    assert!(
        storefront_wasm::return_tab_of(status("pending"))
            .unwrap()
            .is_null()
    );
    assert!(
        storefront_wasm::order_tab_of(status("unknown"))
            .unwrap()
            .is_null()
    );
}

#[wasm_bindgen_test]
fn transitions_cancellation_and_returns() {
    assert_eq!(
        json(storefront_wasm::order_next_statuses(status("shipped")).unwrap()),
        json!(["out_for_delivery", "delivered"])
    );
    assert!(
        storefront_wasm::order_can_transition(status("pending"), status("processing")).unwrap()
    );
    assert!(
        !storefront_wasm::order_can_transition(status("cancelled"), status("pending")).unwrap()
    );
    assert!(storefront_wasm::order_can_cancel(status("on_hold")).unwrap());
    assert!(!storefront_wasm::order_can_cancel(status("shipped")).unwrap());
    let delivered = 1_700_000_000_000.0;
    let day = 86_400_000.0;
    let days = f64::from(storefront_wasm::return_window_days());
    assert_eq!(days, 14.0);
    assert!(
        storefront_wasm::order_can_request_return(
            status("delivered"),
            JsValue::from_f64(delivered),
            JsValue::from_f64(delivered + days * day)
        )
        .unwrap()
    );
    assert!(
        !storefront_wasm::order_can_request_return(
            status("delivered"),
            JsValue::from_f64(delivered),
            JsValue::from_f64(delivered + days * day + 1.0)
        )
        .unwrap()
    );
    assert!(
        !storefront_wasm::order_can_request_return(
            status("delivered"),
            JsValue::NULL,
            JsValue::from_f64(delivered)
        )
        .unwrap()
    );
    let error = storefront_wasm::order_can_request_return(
        status("delivered"),
        JsValue::NULL,
        JsValue::from_str("now"),
    )
    .unwrap_err();
    assert_eq!(kind(&error), "invalid_argument");
}

#[wasm_bindgen_test]
fn a_refused_placement_goes_to_its_step() {
    let server = |text: &str| js(json!({"kind": "server", "text": text}));
    // The page's texts: here, a message's id in capitals.
    let render: js_sys::Function =
        wasm_bindgen::closure::Closure::<dyn Fn(JsValue) -> String>::new(|message: JsValue| {
            json(message)["id"]
                .as_str()
                .unwrap_or_default()
                .to_uppercase()
        })
        .into_js_value()
        .into();
    let placed = |status, fields: &[&str], text| {
        json(
            storefront_wasm::placement_failure(
                status,
                fields.iter().map(|f| (*f).to_owned()).collect(),
                text,
                render.clone(),
            )
            .unwrap(),
        )
    };
    assert_eq!(
        placed(Some(422), &["card.number"], server("Invalid")),
        json!({"step": "payment", "area": false, "saved_card": false, "phone": false})
    );
    // A saved card that can no longer pay (deleted in another tab): the cards are read again.
    assert_eq!(
        placed(Some(422), &["saved_card_id"], server("Gone")),
        json!({"step": "payment", "area": false, "saved_card": true, "phone": false})
    );
    // An account without a verified phone: the review step asks for one.
    assert_eq!(
        placed(Some(422), &["mobile"], server("Verify")),
        json!({"step": "review", "area": false, "saved_card": false, "phone": true})
    );
    assert_eq!(
        placed(Some(400), &[], server("NO_DELIVERY_TO_LOCATION")),
        json!({"step": "address", "area": true, "saved_card": false, "phone": false})
    );
    assert_eq!(
        placed(Some(400), &[], server("We Don't Deliver To Your Location")),
        json!({"step": "review", "area": false, "saved_card": false, "phone": false})
    );
    assert_eq!(
        placed(None, &[], server("NO_DELIVERY_TO_LOCATION")),
        json!({"step": "review", "area": false, "saved_card": false, "phone": false})
    );
    let refused =
        storefront_wasm::placement_failure(Some(400), Vec::new(), JsValue::from(3), render.clone())
            .unwrap_err();
    assert_eq!(kind(&refused), "invalid_argument");
}

#[wasm_bindgen_test]
fn return_reasons_and_pickup_slots() {
    assert_eq!(
        json(storefront_wasm::return_reasons().unwrap()),
        json!([
            "damaged",
            "wrong_item",
            "not_as_described",
            "missing_parts",
            "changed_mind",
            "other"
        ])
    );
    assert!(storefront_wasm::return_reason_requires_comment("other"));
    assert!(!storefront_wasm::return_reason_requires_comment("damaged"));
    assert!(!storefront_wasm::return_reason_requires_comment("nonsense"));
    // 2026-11-27T23:59:59Z.
    let days = json(storefront_wasm::pickup_days(JsValue::from(1_795_823_999_000_f64)).unwrap());
    assert_eq!(days[0], "2026-11-28");
    assert_eq!(days.as_array().unwrap().len(), 7);
    let refused = storefront_wasm::pickup_days(JsValue::from(1.5)).unwrap_err();
    assert_eq!(kind(&refused), "invalid_argument");
    let times = storefront_wasm::pickup_times();
    assert_eq!((times[0].as_str(), times[12].as_str()), ("09:00", "21:00"));
}
