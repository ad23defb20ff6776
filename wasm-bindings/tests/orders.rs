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
    let server = |text: &str| json!({"kind": "server", "text": text});
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
    // A checkout placed with cash, then refused: the step, the view and the effects.
    let refused = |status: Option<u16>, fields: &[&str], text: serde_json::Value| {
        let mut flow = storefront_wasm::CheckoutFlowHandle::new(render.clone());
        let cash = json!({"method": "cash", "use_wallet": false, "saved_card_id": null, "save_card": false});
        send(&mut flow, json!({"type": "payment_done", "payment": cash}));
        send(
            &mut flow,
            json!({"type": "place", "key": "k", "card": null, "cvv": null}),
        );
        send(
            &mut flow,
            json!({"type": "placement_failed", "status": status, "fields": fields, "text": text}),
        )
    };
    let step = refused(Some(422), &["card.number"], server("Invalid"));
    assert_eq!(
        (&step["view"]["step"], &step["view"]["payment_failure"]),
        (&json!("payment"), &server("Invalid"))
    );
    assert_eq!(step["effects"], json!([]));
    // A saved card that can no longer pay (deleted in another tab): the cards are read again.
    let step = refused(Some(422), &["saved_card_id"], server("Gone"));
    assert_eq!(step["view"]["saved_card_refused"], true);
    assert_eq!(step["effects"], json!([{"type": "reload_saved_cards"}]));
    // An account without a verified phone: the review step asks for one.
    let step = refused(Some(422), &["mobile"], server("Verify"));
    assert_eq!(step["view"]["step"], "review");
    assert_eq!(step["view"]["phone_refusal"], server("Verify"));
    let step = refused(Some(400), &[], server("NO_DELIVERY_TO_LOCATION"));
    assert_eq!(step["view"]["step"], "address");
    assert_eq!(step["view"]["area_refused"], true);
    // Only the page's texts count, and a refused cart is read again.
    let step = refused(Some(400), &[], server("We Don't Deliver To Your Location"));
    assert_eq!(step["view"]["step"], "review");
    assert_eq!(step["effects"], json!([{"type": "reload_cart"}]));
    let step = refused(None, &[], server("NO_DELIVERY_TO_LOCATION"));
    assert_eq!(step["view"]["step"], "review");
    assert_eq!(step["effects"], json!([]));
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

/// A checkout flow whose refusals are matched against `words` for every message (a
/// page's texts, as the UI's `renderMessage` gives them).
fn checkout(words: &str) -> storefront_wasm::CheckoutFlowHandle {
    let render = js_sys::Function::new_with_args(
        "message",
        &format!("return message.id === 'balance_not_sufficient' ? {words:?} : 'other';"),
    );
    storefront_wasm::CheckoutFlowHandle::new(render)
}

fn send(
    flow: &mut storefront_wasm::CheckoutFlowHandle,
    event: serde_json::Value,
) -> serde_json::Value {
    json(flow.send(js(event), 0.0.into()).unwrap())
}

#[wasm_bindgen_test]
fn checkout_places_with_the_key_and_the_card_only_in_the_request() {
    let mut flow = checkout("Balance Not Sufficient");
    assert_eq!(json(flow.view().unwrap())["step"], "address");
    send(
        &mut flow,
        json!({"type": "address_chosen", "address_id": 7}),
    );
    send(&mut flow, json!({"type": "address_done"}));
    let payment =
        json!({"method": "card", "use_wallet": false, "saved_card_id": null, "save_card": true});
    let step = send(
        &mut flow,
        json!({"type": "payment_done", "payment": payment}),
    );
    assert_eq!(step["view"]["step"], "review");
    assert_eq!(step["view"]["index"], 2);

    let card = json!({"number": "4242424242424242", "name": "Mona", "exp_month": "12", "exp_year": "39", "cvv": "123"});
    let step = send(
        &mut flow,
        json!({"type": "place", "key": "key-1", "card": card, "cvv": null}),
    );
    assert_eq!(
        step["effects"],
        json!([{"type": "request", "call": {"call": "place_order", "idempotency_key": "key-1", "order": {
            "address_id": 7, "payment_method": "card", "use_wallet": false, "card": card,
            "save_card": true, "saved_card_id": null, "cvv": null,
        }}}])
    );
    assert_eq!(step["view"]["placing"], true);
    assert!(!step["view"].to_string().contains("4242"));

    let step = send(&mut flow, json!({"type": "placed", "order_id": 5}));
    assert_eq!(
        step["effects"],
        json!([
            {"type": "finish_checkout_attempt"},
            {"type": "navigate", "to": "/checkout/success/5", "after_ms": 0},
        ])
    );
}

#[wasm_bindgen_test]
fn checkout_refusals_are_matched_with_the_page_s_texts() {
    // The page's own words for 'Balance Not Sufficient', as its render gives them.
    let mut flow = checkout("الرصيد غير كافٍ");
    let cash =
        json!({"method": "cash", "use_wallet": true, "saved_card_id": null, "save_card": false});
    send(&mut flow, json!({"type": "payment_done", "payment": cash}));
    send(
        &mut flow,
        json!({"type": "place", "key": "k", "card": null, "cvv": null}),
    );
    let text = json!({"kind": "server", "text": "الرصيد غير كافٍ"});
    let step = send(
        &mut flow,
        json!({"type": "placement_failed", "status": 400, "fields": [], "text": text}),
    );
    assert_eq!(step["view"]["step"], "payment");
    assert_eq!(step["view"]["payment_failure"], text);
    assert_eq!(step["effects"], json!([]));
}

#[wasm_bindgen_test]
fn checkout_events_of_the_wrong_shape_are_invalid_arguments() {
    let mut flow = checkout("x");
    let error = flow
        .send(js(json!({"type": "place"})), 0.0.into())
        .unwrap_err();
    assert_eq!(kind(&error), "invalid_argument");
}

#[wasm_bindgen_test]
fn the_default_card_is_preselected_unless_expired_or_another_can_still_pay() {
    let cards = js(json!([
        {"id": 1, "expired": false, "is_default": false},
        {"id": 2, "expired": false, "is_default": true},
        {"id": 3, "expired": true, "is_default": false},
    ]));
    let pick = |earlier: serde_json::Value| {
        json(storefront_wasm::preselected_card(cards.clone(), js(earlier)).unwrap())
    };
    assert_eq!(pick(json!(null)), json!({"card": "saved", "id": 2}));
    assert_eq!(
        pick(json!({"card": "saved", "id": 1})),
        json!({"card": "saved", "id": 1})
    );
    assert_eq!(
        pick(json!({"card": "saved", "id": 3})),
        json!({"card": "saved", "id": 2})
    );
    assert_eq!(pick(json!({"card": "new"})), json!({"card": "new"}));
    let none = json(storefront_wasm::preselected_card(js(json!([])), JsValue::NULL).unwrap());
    assert_eq!(none, json!({"card": "new"}));
}
