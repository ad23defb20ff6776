//! Bindings of `storefront_core::cart`.

//!
//! The cart's arguments are read by hand (the readers at the end), not with the core's
//! serde derives: the derived readers of the cart's internally tagged values (`CartEvent`,
//! `CouponRule`, `Text`) buffer each value and compile every type inside twice, and the
//! self-describing format links std's float printing; reading by hand made the cart module
//! about half its size (91.6 → 48.7 KB gzip). The core keeps its derives for other clients, and the tests below
//! check that both readers agree on every variant.

use storefront_core::cart::{
    self, AddRequest, Cart, CartEvent, CartItem, CartItemOrder, CartLine, CartPricing, CartProduct,
    CartTotals, CouponResponse, CouponRule, Favorite, QuantityLimits,
};
use storefront_core::flow::Flow;
use wasm_bindgen::prelude::*;

use crate::convert::{
    Read, argument, boolean, count, expected, list, money, optional, or_default, read_text,
    required, string, tag, to_js,
};

/// The cart of the selected service (spec 4) as a flow: its state (the server's cart,
/// the changes on their way, the add under way, the different-shop question) stays in
/// here. Events go in; the effects to perform (toasts, the one call to make, whose
/// answer comes back as an event) and the view to render come out.
#[cfg(feature = "cart")]
#[wasm_bindgen(js_name = CartFlow)]
#[derive(Default)]
pub struct CartFlowHandle(cart::CartFlow);

#[cfg(feature = "cart")]
#[wasm_bindgen(js_class = CartFlow)]
impl CartFlowHandle {
    /// A cart not loaded yet.
    #[wasm_bindgen(constructor)]
    pub fn new() -> Self {
        Self::default()
    }

    /// Applies an event (a customer's action or an API answer): the effects to perform
    /// and the view after it.
    #[wasm_bindgen(unchecked_return_type = "T.Step<T.CartView>")]
    pub fn send(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "T.CartEvent")] event: JsValue,
    ) -> Result<JsValue, JsValue> {
        let event = argument(&event, "event", read_event)?;
        // The cart's rules read no clock.
        to_js(&self.0.step(event, 0))
    }

    /// The view now.
    #[wasm_bindgen(unchecked_return_type = "T.CartView")]
    pub fn view(&self) -> Result<JsValue, JsValue> {
        to_js(&self.0.view())
    }
}

/// The totals of lines under a branch's pricing and an optional coupon.
#[cfg(feature = "cart")]
#[wasm_bindgen(js_name = cartTotals, unchecked_return_type = "T.CartTotals")]
pub fn cart_totals(
    #[wasm_bindgen(unchecked_param_type = "T.CartLine[]")] lines: JsValue,
    #[wasm_bindgen(unchecked_param_type = "T.CartPricing")] pricing: JsValue,
    #[wasm_bindgen(unchecked_param_type = "T.CouponRule | null")] coupon: JsValue,
) -> Result<JsValue, JsValue> {
    let lines = argument(&lines, "lines", |v, name| list(v, name, read_line))?;
    let pricing = argument(&pricing, "pricing", read_pricing)?;
    let coupon = argument(&coupon, "coupon", |v, name| {
        nullable(v, name, read_coupon_rule)
    })?;
    to_js(&cart::compute_totals(&lines, &pricing, coupon.as_ref()))
}

/// The shop's minimum order when the cart's subtotal is below it, else null (also for
/// an empty cart or a minimum not known yet).
#[cfg(feature = "cart")]
#[wasm_bindgen(js_name = unmetShopMinimum, unchecked_return_type = "T.Money | null")]
pub fn unmet_shop_minimum(
    #[wasm_bindgen(unchecked_param_type = "T.Cart")] cart: JsValue,
    #[wasm_bindgen(unchecked_param_type = "T.Money | null")] minimum: JsValue,
) -> Result<JsValue, JsValue> {
    let cart = argument(&cart, "cart", read_cart)?;
    let minimum = argument(&minimum, "minimum", |v, name| nullable(v, name, money))?;
    to_js(&cart::unmet_shop_minimum(&cart, minimum))
}

/// The applied coupon's minimum when the coupon gives nothing because the subtotal is
/// below it, else null.
#[cfg(feature = "cart")]
#[wasm_bindgen(js_name = unmetCouponMinimum, unchecked_return_type = "T.Money | null")]
pub fn unmet_coupon_minimum(
    #[wasm_bindgen(unchecked_param_type = "T.Cart")] cart: JsValue,
) -> Result<JsValue, JsValue> {
    let cart = argument(&cart, "cart", read_cart)?;
    to_js(&cart::unmet_coupon_minimum(&cart))
}

/// The stepper limits of a product summary.
#[cfg(feature = "cart")]
#[wasm_bindgen(js_name = quantityLimits, unchecked_return_type = "T.QuantityLimits")]
pub fn quantity_limits(
    #[wasm_bindgen(unchecked_param_type = "T.CartProduct")] product: JsValue,
) -> Result<JsValue, JsValue> {
    let product = argument(&product, "product", read_product)?;
    to_js(&QuantityLimits::from(&product))
}

/// One more than `current`, or the limit's message.
#[cfg(feature = "cart")]
#[wasm_bindgen(js_name = quantityIncrement, unchecked_return_type = "T.QuantityCheck")]
pub fn quantity_increment(
    #[wasm_bindgen(unchecked_param_type = "number")] current: JsValue,
    #[wasm_bindgen(unchecked_param_type = "T.QuantityLimits")] limits: JsValue,
) -> Result<JsValue, JsValue> {
    let current: u32 = argument(&current, "current", count)?;
    let limits = argument(&limits, "limits", read_limits)?;
    to_js(&cart::increment(current, &limits))
}

/// One less than `current`, or the limit's message.
#[cfg(feature = "cart")]
#[wasm_bindgen(js_name = quantityDecrement, unchecked_return_type = "T.QuantityCheck")]
pub fn quantity_decrement(
    #[wasm_bindgen(unchecked_param_type = "number")] current: JsValue,
    #[wasm_bindgen(unchecked_param_type = "T.QuantityLimits")] limits: JsValue,
) -> Result<JsValue, JsValue> {
    let current: u32 = argument(&current, "current", count)?;
    let limits = argument(&limits, "limits", read_limits)?;
    to_js(&cart::decrement(current, &limits))
}

/// A typed-in quantity, or the limit's message.
#[cfg(feature = "cart")]
#[wasm_bindgen(js_name = quantitySet, unchecked_return_type = "T.QuantityCheck")]
pub fn quantity_set(
    #[wasm_bindgen(unchecked_param_type = "number")] requested: JsValue,
    #[wasm_bindgen(unchecked_param_type = "T.QuantityLimits")] limits: JsValue,
) -> Result<JsValue, JsValue> {
    let requested: u32 = argument(&requested, "requested", count)?;
    let limits = argument(&limits, "limits", read_limits)?;
    to_js(&cart::set_quantity(requested, &limits))
}

/// The count on the cart badge from the cart's `items_quantity` (`null` until the cart
/// has loaded), or null when no badge shows.
#[cfg(feature = "start")]
#[wasm_bindgen(js_name = cartBadge)]
pub fn cart_badge(
    #[wasm_bindgen(js_name = itemsQuantity)] items_quantity: Option<u32>,
) -> Option<u32> {
    cart::badge_count(items_quantity)
}

// The readers of the cart's values, field by field as the core's serde derives read
// them: the same required fields, the same defaults, the same leniency (amounts as
// numbers or strings, favourites as 0/1).

/// A value that may be null (or an omitted argument).
fn nullable<T>(
    value: &JsValue,
    name: &str,
    read: fn(&JsValue, &str) -> Read<T>,
) -> Read<Option<T>> {
    if value.is_null() || value.is_undefined() {
        Ok(None)
    } else {
        read(value, name).map(Some)
    }
}

fn read_event(value: &JsValue, _: &str) -> Read<CartEvent> {
    let v = value;
    Ok(match tag(v, "type")?.as_str() {
        "loaded" => CartEvent::Loaded {
            cart: required(v, "cart", read_cart)?,
        },
        "add_requested" => CartEvent::AddRequested {
            request: required(v, "request", read_add_request)?,
        },
        "prompt_accepted" => CartEvent::PromptAccepted,
        "quantity_changed" => CartEvent::QuantityChanged {
            key: required(v, "key", string)?,
            qty: required(v, "qty", count)?,
        },
        "quantity_failed" => CartEvent::QuantityFailed {
            message: required(v, "message", read_text)?,
        },
        "added" => CartEvent::Added {
            item: required(v, "item", read_item)?,
        },
        "add_failed" => CartEvent::AddFailed {
            status: required(v, "status", count)?,
            message: required(v, "message", read_text)?,
        },
        "updated" => CartEvent::Updated {
            item: required(v, "item", read_item)?,
        },
        "deleted" => CartEvent::Deleted {
            id: required(v, "id", count)?,
            order: optional(v, "order", read_item_order)?,
        },
        "coupon_applied" => CartEvent::CouponApplied {
            response: required(v, "response", read_coupon_response)?,
        },
        "request_failed" => CartEvent::RequestFailed {
            message: required(v, "message", read_text)?,
        },
        "favorite_toggled" => CartEvent::FavoriteToggled {
            product_id: required(v, "product_id", count)?,
        },
        "emptied" => CartEvent::Emptied,
        "prompt_dismissed" => CartEvent::PromptDismissed,
        "reset" => CartEvent::Reset,
        other => return Err(format!("unknown event `{other}`")),
    })
}

fn read_cart(v: &JsValue, _: &str) -> Read<Cart> {
    Ok(Cart {
        items: required(v, "items", |items, name| list(items, name, read_item))?,
        items_quantity: required(v, "items_quantity", count)?,
        price: required(v, "price", money)?,
        total: required(v, "total", money)?,
        cart_total: required(v, "cart_total", money)?,
        tax: required(v, "tax", money)?,
        coupon_id: optional(v, "coupon_id", count)?,
        coupon_code: optional(v, "coupon_code", string)?,
        coupon_discount: or_default(v, "coupon_discount", money)?,
        delivery_price: or_default(v, "delivery_price", money)?,
        branch_id: optional(v, "branch_id", count)?,
        pricing: or_default(v, "pricing", read_pricing)?,
        coupon_rule: optional(v, "coupon_rule", read_coupon_rule)?,
    })
}

fn read_item(v: &JsValue, _: &str) -> Read<CartItem> {
    Ok(CartItem {
        id: required(v, "id", count)?,
        key: required(v, "key", string)?,
        product_id: required(v, "product_id", count)?,
        qty: required(v, "qty", count)?,
        price: required(v, "price", money)?,
        favorite: or_default(v, "favorite", read_favorite)?,
        order: optional(v, "order", read_item_order)?,
        message: optional(v, "message", string)?,
        product: optional(v, "product", read_product)?,
    })
}

/// `true` / `false`, 0 / 1, or the same as text.
fn read_favorite(value: &JsValue, name: &str) -> Read<Favorite> {
    if let Some(flag) = value.as_bool() {
        return Ok(Favorite(flag));
    }
    let text = value.as_string();
    match (value.as_f64(), text.as_deref().map(str::trim)) {
        (Some(0.0), _) | (_, Some("0" | "false")) => Ok(Favorite(false)),
        (Some(1.0), _) | (_, Some("1" | "true")) => Ok(Favorite(true)),
        _ => Err(expected(name, "a boolean or 0/1")),
    }
}

fn read_item_order(v: &JsValue, _: &str) -> Read<CartItemOrder> {
    Ok(CartItemOrder {
        price: required(v, "price", money)?,
        total: required(v, "total", money)?,
        cart_total: required(v, "cart_total", money)?,
        tax: required(v, "tax", money)?,
    })
}

fn read_product(v: &JsValue, _: &str) -> Read<CartProduct> {
    Ok(CartProduct {
        name: required(v, "name", string)?,
        image: optional(v, "image", string)?,
        min_qty: optional(v, "min_qty", count)?.unwrap_or(1),
        max_qty: optional(v, "max_qty", count)?,
        stock: optional(v, "stock", count)?,
        branch_id: optional(v, "branch_id", count)?,
    })
}

fn read_pricing(v: &JsValue, _: &str) -> Read<CartPricing> {
    Ok(CartPricing {
        tax_rate_bp: or_default(v, "tax_rate_bp", count)?,
        delivery_fee: or_default(v, "delivery_fee", money)?,
        free_delivery_over: optional(v, "free_delivery_over", money)?,
        free_delivery: or_default(v, "free_delivery", boolean)?,
    })
}

fn read_coupon_rule(v: &JsValue, _: &str) -> Read<CouponRule> {
    Ok(match tag(v, "type")?.as_str() {
        "percent" => CouponRule::Percent {
            rate_bp: required(v, "rate_bp", count)?,
            cap: optional(v, "cap", money)?,
            minimum: optional(v, "minimum", money)?,
        },
        "fixed" => CouponRule::Fixed {
            amount: required(v, "amount", money)?,
            minimum: optional(v, "minimum", money)?,
        },
        other => return Err(format!("unknown coupon rule `{other}`")),
    })
}

fn read_coupon_response(v: &JsValue, _: &str) -> Read<CouponResponse> {
    Ok(CouponResponse {
        item: optional(v, "item", read_item)?,
        coupon_id: optional(v, "coupon_id", count)?,
        coupon_code: optional(v, "coupon_code", string)?,
        coupon_rule: optional(v, "coupon_rule", read_coupon_rule)?,
        totals: required(v, "totals", read_totals)?,
        message: optional(v, "message", string)?,
    })
}

fn read_totals(v: &JsValue, _: &str) -> Read<CartTotals> {
    Ok(CartTotals {
        price: required(v, "price", money)?,
        coupon_discount: required(v, "coupon_discount", money)?,
        tax: required(v, "tax", money)?,
        delivery_price: required(v, "delivery_price", money)?,
        total: required(v, "total", money)?,
        cart_total: required(v, "cart_total", money)?,
    })
}

fn read_add_request(v: &JsValue, _: &str) -> Read<AddRequest> {
    Ok(AddRequest {
        product_id: required(v, "product_id", count)?,
        branch_id: required(v, "branch_id", count)?,
        qty: optional(v, "qty", count)?,
        empty_cart: or_default(v, "empty_cart", boolean)?,
    })
}

fn read_line(v: &JsValue, _: &str) -> Read<CartLine> {
    Ok(CartLine {
        price: required(v, "price", money)?,
        qty: required(v, "qty", count)?,
    })
}

fn read_limits(v: &JsValue, _: &str) -> Read<QuantityLimits> {
    Ok(QuantityLimits {
        min: required(v, "min", count)?,
        max: optional(v, "max", count)?,
        stock: optional(v, "stock", count)?,
    })
}

/// The readers above against the core's serde derives, in the browser (`just wasm-test`).
#[cfg(all(test, target_arch = "wasm32"))]
mod tests {
    use serde_json::json;
    use storefront_core::messages::{Message, MessageId, Text};
    use storefront_core::money::Money;
    use wasm_bindgen_test::*;

    use super::*;
    use crate::convert::testing::{both, js, message, reads_every_variant, refused_by_both};

    wasm_bindgen_test_configure!(run_in_browser);

    fn money(text: &str) -> Money {
        Money::parse(text).unwrap()
    }

    fn item() -> CartItem {
        CartItem {
            id: 7,
            key: "k7".into(),
            product_id: 70,
            qty: 2,
            price: money("12.50"),
            favorite: Favorite(true),
            order: Some(CartItemOrder {
                price: money("25"),
                total: money("28.5"),
                cart_total: money("28.5"),
                tax: money("3.5"),
            }),
            message: Some("added".into()),
            product: Some(CartProduct {
                name: "Milk".into(),
                image: None,
                min_qty: 1,
                max_qty: Some(5),
                stock: Some(9),
                branch_id: Some(3),
            }),
        }
    }

    fn cart(coupon_rule: Option<CouponRule>) -> Cart {
        Cart {
            items: vec![item()],
            items_quantity: 2,
            price: money("25"),
            total: money("28.5"),
            cart_total: money("28.5"),
            tax: money("3.5"),
            coupon_id: Some(4),
            coupon_code: Some("SAVE".into()),
            coupon_discount: money("2"),
            delivery_price: money("5"),
            branch_id: Some(3),
            pricing: CartPricing {
                tax_rate_bp: 1400,
                delivery_fee: money("10"),
                free_delivery_over: Some(money("100")),
                free_delivery: true,
            },
            coupon_rule,
        }
    }

    fn rules() -> Vec<Option<CouponRule>> {
        vec![
            None,
            Some(CouponRule::Percent {
                rate_bp: 1000,
                cap: Some(money("20")),
                minimum: None,
            }),
            Some(CouponRule::Fixed {
                amount: money("5"),
                minimum: Some(money("50")),
            }),
        ]
    }

    fn texts() -> Vec<Text> {
        vec![
            Text::Message(Message::new(MessageId::Required)),
            Text::Message(Message::new(MessageId::TooShort).with("len", 3)),
            Text::Server {
                text: "Out of stock".into(),
            },
        ]
    }

    fn events() -> Vec<CartEvent> {
        let mut events = vec![
            CartEvent::AddRequested {
                request: AddRequest {
                    product_id: 70,
                    branch_id: 3,
                    qty: Some(2),
                    empty_cart: true,
                },
            },
            CartEvent::PromptAccepted,
            CartEvent::QuantityChanged {
                key: "k7".into(),
                qty: 3,
            },
            CartEvent::Added { item: item() },
            CartEvent::Updated { item: item() },
            CartEvent::Deleted { id: 7, order: None },
            CartEvent::Deleted {
                id: 7,
                order: item().order,
            },
            CartEvent::FavoriteToggled { product_id: 70 },
            CartEvent::Emptied,
            CartEvent::PromptDismissed,
            CartEvent::Reset,
        ];
        for rule in rules() {
            events.push(CartEvent::Loaded { cart: cart(rule) });
            events.push(CartEvent::CouponApplied {
                response: CouponResponse {
                    item: Some(item()),
                    coupon_id: Some(4),
                    coupon_code: Some("SAVE".into()),
                    coupon_rule: rule,
                    totals: CartTotals::default(),
                    message: Some("Coupon applied".into()),
                },
            });
        }
        for text in texts() {
            events.push(CartEvent::QuantityFailed {
                message: text.clone(),
            });
            events.push(CartEvent::AddFailed {
                status: 400,
                message: text.clone(),
            });
            events.push(CartEvent::RequestFailed { message: text });
        }
        events
    }

    /// Which variant an event is. Without a wildcard, so that a variant added to the
    /// core stops this from compiling until `read_event` and `events()` have it too.
    fn variant(event: &CartEvent) -> usize {
        match event {
            CartEvent::Loaded { .. } => 0,
            CartEvent::AddRequested { .. } => 1,
            CartEvent::PromptAccepted => 2,
            CartEvent::QuantityChanged { .. } => 3,
            CartEvent::QuantityFailed { .. } => 4,
            CartEvent::Added { .. } => 5,
            CartEvent::AddFailed { .. } => 6,
            CartEvent::Updated { .. } => 7,
            CartEvent::Deleted { .. } => 8,
            CartEvent::CouponApplied { .. } => 9,
            CartEvent::RequestFailed { .. } => 10,
            CartEvent::FavoriteToggled { .. } => 11,
            CartEvent::Emptied => 12,
            CartEvent::PromptDismissed => 13,
            CartEvent::Reset => 14,
        }
    }

    #[wasm_bindgen_test]
    fn every_cart_event_reads_as_the_core_reads_it() {
        reads_every_variant(&events(), variant, 15, read_event);
    }

    #[wasm_bindgen_test]
    fn the_servers_shapes_and_left_out_fields_read_as_the_core_reads_them() {
        // Amounts as numbers, favourites as 0/1 or text, optional fields left out or null.
        let cart = json!({
            "items": [
                {"id": 1, "key": "a", "product_id": 2, "qty": 1, "price": 9.5, "favorite": 1},
                {"id": 2, "key": "b", "product_id": 3, "qty": 2, "price": "0.1", "favorite": "false",
                 "product": {"name": "Tea", "max_qty": null}},
                {"id": 3, "key": "c", "product_id": 4, "qty": 1, "price": 12, "favorite": null}
            ],
            "items_quantity": 4, "price": "9.5", "total": 9.5, "cart_total": 9.5, "tax": 0,
            "coupon_code": null,
            "coupon_rule": {"minimum": "10", "type": "fixed", "amount": 2}
        });
        let (core, ours) = both(cart, read_cart);
        assert_eq!(ours, core);
        assert_eq!(ours.items[1].product.as_ref().map(|p| p.min_qty), Some(1));
        let (core, ours) = both(json!({"kind": "message", "id": "required"}), read_text);
        assert_eq!(ours, core);
        let (core, ours) = both(json!({"min": 1, "stock": 0}), read_limits);
        assert_eq!(ours, core);
        let (core, ours) = both(json!({"price": 2.25, "qty": 3}), read_line);
        assert_eq!(ours, core);
    }

    #[wasm_bindgen_test]
    fn values_of_the_wrong_shape_are_refused_by_both() {
        for value in [
            json!({"type": "teleported"}),
            json!({"type": "quantity_changed", "key": "a"}),
            json!({"type": "quantity_changed", "key": "a", "qty": -1}),
            json!({"type": "quantity_changed", "key": "a", "qty": 1.5}),
            json!({"type": "quantity_changed", "key": 5, "qty": 1}),
            json!({"kind": "loaded"}),
            json!("reset"),
            json!({"type": "loaded", "cart": {"type": "percent"}}),
            json!({"type": "updated", "item": {"id": 1, "key": "a", "product_id": 2, "qty": 1, "price": "abc"}}),
            json!({"type": "updated", "item": {"id": 1, "key": "a", "product_id": 2, "qty": 1, "price": "1", "favorite": 2}}),
            json!({"type": "request_failed", "message": {"kind": "message", "id": "no_such_message"}}),
            json!({"type": "request_failed", "message": {"kind": "message", "id": "too_short", "params": {"len": 3}}}),
            json!({"type": "add_failed", "status": 70000, "message": {"kind": "server", "text": "x"}}),
        ] {
            refused_by_both(&value, read_event);
        }
        let rule = json!({"type": "percent", "cap": "1"});
        refused_by_both(&rule, read_coupon_rule);
    }

    #[wasm_bindgen_test]
    fn a_wrong_argument_is_an_invalid_argument_naming_its_field() {
        let error = CartFlowHandle::new()
            .send(js(
                &json!({"type": "quantity_changed", "key": "a", "qty": "2"}),
            ))
            .unwrap_err();
        assert_eq!(message(error), "event: `qty`: expected a whole number");
    }
}
