#![cfg(target_arch = "wasm32")]

mod support;

use serde_json::{Value, json};
use support::{js, json, kind};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn item(id: u64, product_id: u64, qty: u32, price: &str) -> Value {
    json!({
        "id": id, "key": format!("k{id}"), "product_id": product_id, "qty": qty,
        "price": price, "favorite": false, "order": null, "message": null,
        "product": {"name": "Tea", "image": null, "min_qty": 1, "max_qty": 5, "stock": 8, "branch_id": 3}
    })
}

fn server_cart() -> Value {
    json!({
        "items": [item(1, 10, 2, "12.50")],
        "items_quantity": 2, "price": "25.00", "total": "28.50", "cart_total": "38.50",
        "tax": "3.50", "coupon_id": null, "coupon_code": null, "coupon_discount": "0.00",
        "delivery_price": "10.00", "branch_id": 3,
        "pricing": {"tax_rate_bp": 1400, "delivery_fee": "10.00", "free_delivery_over": "100.00", "free_delivery": false},
        "coupon_rule": null
    })
}

/// A flow whose cart has loaded, and the view it gave.
fn loaded() -> (storefront_wasm::CartFlowHandle, Value) {
    let mut flow = storefront_wasm::CartFlowHandle::new();
    let step = json(
        flow.send(js(json!({"type": "loaded", "cart": server_cart()})))
            .unwrap(),
    );
    (flow, step["view"].clone())
}

/// The badge of a view, from its cart's `items_quantity` as the shell passes it.
fn badge(view: &Value) -> Option<u32> {
    let quantity = view["cart"]["items_quantity"].as_u64();
    storefront_wasm::cart_badge(quantity.map(|q| u32::try_from(q).unwrap()))
}

#[wasm_bindgen_test]
fn a_new_flow_shows_no_cart_and_no_badge() {
    let view = json(storefront_wasm::CartFlowHandle::new().view().unwrap());
    assert_eq!(
        view,
        json!({"cart": null, "loaded": false, "adding": false, "prompt": null})
    );
    assert_eq!(badge(&view), None);
}

#[wasm_bindgen_test]
fn the_badge_shows_a_loaded_count_above_zero() {
    assert_eq!(storefront_wasm::cart_badge(None), None);
    assert_eq!(storefront_wasm::cart_badge(Some(0)), None);
    assert_eq!(storefront_wasm::cart_badge(Some(1)), Some(1));
    assert_eq!(storefront_wasm::cart_badge(Some(120)), Some(120));
    assert_eq!(badge(&loaded().1), Some(2));
}

#[wasm_bindgen_test]
fn adding_an_existing_product_replaces_it_and_toasts_the_server_message() {
    let (mut flow, _) = loaded();
    let mut again = item(1, 10, 4, "12.50");
    again["message"] = json!("Added to cart");
    let step = json(
        flow.send(js(json!({"type": "added", "item": again})))
            .unwrap(),
    );
    let cart = &step["view"]["cart"];
    assert_eq!(cart["items_quantity"], 4);
    assert_eq!(cart["items"].as_array().unwrap().len(), 1);
    assert_eq!(cart["price"], "50.00");
    assert_eq!(cart["tax"], "7.00");
    assert_eq!(cart["cart_total"], "67.00");
    assert_eq!(
        step["effects"],
        json!([{"type": "toast", "tone": "success", "text": {"kind": "server", "text": "Added to cart"}}])
    );
    assert_eq!(badge(&step["view"]), Some(4));
}

#[wasm_bindgen_test]
fn a_400_on_add_asks_with_the_servers_message() {
    let (mut flow, _) = loaded();
    let request = json!({"product_id": 7, "branch_id": 3, "qty": null, "empty_cart": false});
    let asked = json(
        flow.send(js(json!({"type": "add_requested", "request": request})))
            .unwrap(),
    );
    assert_eq!(
        asked["effects"],
        json!([{"type": "request", "call": {"call": "add_to_cart", "product_id": 7, "qty": null, "empty_cart": false}}])
    );
    assert_eq!(asked["view"]["adding"], true);
    let step = json(
        flow.send(js(json!({"type": "add_failed", "status": 400,
                             "message": {"kind": "server", "text": "different shop"}})))
            .unwrap(),
    );
    assert_eq!(
        step["view"]["prompt"],
        json!({"kind": "server", "text": "different shop"})
    );
    assert_eq!(step["view"]["adding"], false);
    assert_eq!(step["effects"], json!([]));
}

#[wasm_bindgen_test]
fn a_product_from_another_shop_gets_the_prompt_without_a_call() {
    let (mut flow, _) = loaded();
    let step = json(
        flow.send(js(json!({"type": "add_requested",
            "request": {"product_id": 7, "branch_id": 9, "qty": null, "empty_cart": false}})))
            .unwrap(),
    );
    assert_eq!(
        step["view"]["prompt"],
        json!({"kind": "message", "id": "different_shop", "params": {}})
    );
    assert_eq!(step["effects"], json!([]));
}

#[wasm_bindgen_test]
fn carts_and_items_with_numbers_and_0_1_favourites_are_read_leniently() {
    // Another API may send amounts as numbers and favourites as 0/1: the flow's events
    // read them as the server's own.
    let mut flow = storefront_wasm::CartFlowHandle::new();
    let step = json(
        flow.send(js(json!({"type": "loaded", "cart": {
            "items": [{"id": 1, "key": "a", "product_id": 2, "qty": 3, "price": 1.5, "favorite": 1}],
            "items_quantity": 3, "price": 4.5, "total": 4.5, "cart_total": 4.5, "tax": 0
        }})))
        .unwrap(),
    );
    let cart = &step["view"]["cart"];
    assert_eq!(cart["items"][0]["favorite"], true);
    assert_eq!(cart["items"][0]["price"], "1.50");
    assert_eq!(cart["tax"], "0.00");
    let step = json(
        flow.send(js(json!({"type": "updated", "item":
            {"id": 1, "key": "a", "product_id": 2, "qty": 1, "price": 2, "favorite": 0}})))
            .unwrap(),
    );
    assert_eq!(step["view"]["cart"]["items"][0]["favorite"], false);
    let error = flow
        .send(js(json!({"type": "loaded", "cart": {"items": "none"}})))
        .unwrap_err();
    assert_eq!(kind(&error), "invalid_argument");
}

#[wasm_bindgen_test]
fn totals_follow_the_documented_rules() {
    let totals = json(
        storefront_wasm::cart_totals(
            js(json!([{"price": "5.00", "qty": 2}])),
            js(json!({"tax_rate_bp": 1000, "delivery_fee": "3.00", "free_delivery_over": null, "free_delivery": false})),
            js(json!({"type": "percent", "rate_bp": 1250, "cap": null, "minimum": null})),
        )
        .unwrap(),
    );
    assert_eq!(
        totals,
        json!({"price": "10.00", "coupon_discount": "1.25", "tax": "0.88",
               "delivery_price": "3.00", "total": "9.63", "cart_total": "12.63"})
    );
    let without = json(
        storefront_wasm::cart_totals(
            js(json!([])),
            js(json!({"tax_rate_bp": 0, "delivery_fee": "3.00", "free_delivery_over": null, "free_delivery": false})),
            JsValue::NULL,
        )
        .unwrap(),
    );
    assert_eq!(without["cart_total"], "0.00");
}

#[wasm_bindgen_test]
fn a_quantity_change_is_shown_recomputed_and_sent_and_negative_quantities_are_refused() {
    let (mut flow, _) = loaded();
    let step = json(
        flow.send(js(
            json!({"type": "quantity_changed", "key": "k1", "qty": 8}),
        ))
        .unwrap(),
    );
    let next = &step["view"]["cart"];
    assert_eq!(next["items_quantity"], 8);
    assert_eq!(next["price"], "100.00");
    assert_eq!(next["delivery_price"], "0.00");
    assert_eq!(next["items"][0]["order"]["cart_total"], "114.00");
    assert_eq!(
        step["effects"],
        json!([{"type": "request", "call": {"call": "update_cart_quantity", "key": "k1", "qty": 8}}])
    );
    let error = flow
        .send(js(
            json!({"type": "quantity_changed", "key": "k1", "qty": -1}),
        ))
        .unwrap_err();
    assert_eq!(kind(&error), "invalid_argument");
    // A refused event leaves the flow as it was.
    assert_eq!(json(flow.view().unwrap())["cart"]["items_quantity"], 8);
}

#[wasm_bindgen_test]
fn the_stepper_reports_each_limit_with_its_message() {
    let limits = storefront_wasm::quantity_limits(js(
        json!({"name": "Tea", "image": null, "min_qty": 2, "max_qty": 5, "stock": 4, "branch_id": null}),
    ))
    .unwrap();
    assert_eq!(
        json(limits.clone()),
        json!({"min": 2, "max": 5, "stock": 4})
    );
    let check = |value: JsValue| json(value);
    assert_eq!(
        check(storefront_wasm::quantity_increment(JsValue::from_f64(2.0), limits.clone()).unwrap()),
        json!({"kind": "accepted", "qty": 3})
    );
    assert_eq!(
        check(storefront_wasm::quantity_increment(JsValue::from_f64(4.0), limits.clone()).unwrap()),
        json!({"kind": "refused", "message": {"id": "not_enough_stock", "params": {}}})
    );
    assert_eq!(
        check(storefront_wasm::quantity_decrement(JsValue::from_f64(2.0), limits.clone()).unwrap()),
        json!({"kind": "refused", "message": {"id": "min_quantity_reached", "params": {}}})
    );
    assert_eq!(
        check(storefront_wasm::quantity_set(JsValue::from_f64(6.0), limits).unwrap()),
        json!({"kind": "refused", "message": {"id": "max_quantity_reached", "params": {}}})
    );
    let unavailable = js(json!({"min": 1, "max": null, "stock": 0}));
    assert_eq!(
        check(storefront_wasm::quantity_set(JsValue::from_f64(1.0), unavailable).unwrap())["message"]
            ["id"],
        "item_unavailable"
    );
}

#[wasm_bindgen_test]
fn unmet_minimums_of_the_shop_and_the_coupon() {
    let mut cart = loaded().1["cart"].clone();
    let shop = |cart: &Value, minimum: JsValue| {
        json(storefront_wasm::unmet_shop_minimum(js(cart.clone()), minimum).unwrap())
    };
    assert_eq!(shop(&cart, JsValue::from_str("100.00")), json!("100.00"));
    assert_eq!(shop(&cart, JsValue::from_str("20")), Value::Null);
    assert_eq!(shop(&cart, JsValue::NULL), Value::Null);

    cart["coupon_code"] = json!("WELCOME10");
    cart["coupon_rule"] = json!({"type": "fixed", "amount": "5.00", "minimum": "100.00"});
    let coupon = json(storefront_wasm::unmet_coupon_minimum(js(cart.clone())).unwrap());
    assert_eq!(coupon, json!("100.00"));
    cart["coupon_discount"] = json!("5.00");
    let coupon = json(storefront_wasm::unmet_coupon_minimum(js(cart)).unwrap());
    assert_eq!(coupon, Value::Null);
}
