//! Bindings of `storefront_core::cart`.

use storefront_core::cart::{self, CartLine, CartPricing, CartProduct, QuantityLimits};
use storefront_core::flow::Flow;
use storefront_core::money::Money;
use wasm_bindgen::prelude::*;

use crate::cart_read::{CartEventValue, CartValue, CouponRuleValue};
use crate::convert::{from_js, to_js};

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
        let CartEventValue(event) = from_js(event, "event")?;
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
    let lines: Vec<CartLine> = from_js(lines, "lines")?;
    let pricing: CartPricing = from_js(pricing, "pricing")?;
    let CouponRuleValue(coupon) = from_js(coupon, "coupon")?;
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
    let CartValue(cart) = from_js(cart, "cart")?;
    let minimum: Option<Money> = from_js(minimum, "minimum")?;
    to_js(&cart::unmet_shop_minimum(&cart, minimum))
}

/// The applied coupon's minimum when the coupon gives nothing because the subtotal is
/// below it, else null.
#[cfg(feature = "cart")]
#[wasm_bindgen(js_name = unmetCouponMinimum, unchecked_return_type = "T.Money | null")]
pub fn unmet_coupon_minimum(
    #[wasm_bindgen(unchecked_param_type = "T.Cart")] cart: JsValue,
) -> Result<JsValue, JsValue> {
    let CartValue(cart) = from_js(cart, "cart")?;
    to_js(&cart::unmet_coupon_minimum(&cart))
}

/// The stepper limits of a product summary.
#[cfg(feature = "cart")]
#[wasm_bindgen(js_name = quantityLimits, unchecked_return_type = "T.QuantityLimits")]
pub fn quantity_limits(
    #[wasm_bindgen(unchecked_param_type = "T.CartProduct")] product: JsValue,
) -> Result<JsValue, JsValue> {
    let product: CartProduct = from_js(product, "product")?;
    to_js(&QuantityLimits::from(&product))
}

/// One more than `current`, or the limit's message.
#[cfg(feature = "cart")]
#[wasm_bindgen(js_name = quantityIncrement, unchecked_return_type = "T.QuantityCheck")]
pub fn quantity_increment(
    #[wasm_bindgen(unchecked_param_type = "number")] current: JsValue,
    #[wasm_bindgen(unchecked_param_type = "T.QuantityLimits")] limits: JsValue,
) -> Result<JsValue, JsValue> {
    let current: u32 = from_js(current, "current")?;
    let limits: QuantityLimits = from_js(limits, "limits")?;
    to_js(&cart::increment(current, &limits))
}

/// One less than `current`, or the limit's message.
#[cfg(feature = "cart")]
#[wasm_bindgen(js_name = quantityDecrement, unchecked_return_type = "T.QuantityCheck")]
pub fn quantity_decrement(
    #[wasm_bindgen(unchecked_param_type = "number")] current: JsValue,
    #[wasm_bindgen(unchecked_param_type = "T.QuantityLimits")] limits: JsValue,
) -> Result<JsValue, JsValue> {
    let current: u32 = from_js(current, "current")?;
    let limits: QuantityLimits = from_js(limits, "limits")?;
    to_js(&cart::decrement(current, &limits))
}

/// A typed-in quantity, or the limit's message.
#[cfg(feature = "cart")]
#[wasm_bindgen(js_name = quantitySet, unchecked_return_type = "T.QuantityCheck")]
pub fn quantity_set(
    #[wasm_bindgen(unchecked_param_type = "number")] requested: JsValue,
    #[wasm_bindgen(unchecked_param_type = "T.QuantityLimits")] limits: JsValue,
) -> Result<JsValue, JsValue> {
    let requested: u32 = from_js(requested, "requested")?;
    let limits: QuantityLimits = from_js(limits, "limits")?;
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
