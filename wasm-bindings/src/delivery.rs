//! Bindings of `storefront_core::delivery`: plain values in (the API's `delivers`
//! flag, an item count), a small object out.

use storefront_core::delivery;
use wasm_bindgen::prelude::*;

use crate::convert::to_js;

/// What a product or shop page shows, given the API's `delivers` flag (null or
/// undefined: no district known): the 'We Don't Deliver To Your Location' notice and
/// whether add-to-cart is offered.
#[cfg(feature = "cart")]
#[wasm_bindgen(js_name = shopDelivery, unchecked_return_type = "T.ShopDelivery")]
pub fn shop_delivery(delivers: Option<bool>) -> Result<JsValue, JsValue> {
    to_js(&delivery::shop_delivery(delivers))
}

/// What the cart page shows, given its item count and the cart's `delivers` flag: the
/// notice when its shop does not deliver to the chosen district, whether to offer to
/// empty it, and whether checkout is open.
#[cfg(feature = "cart")]
#[wasm_bindgen(js_name = cartDelivery, unchecked_return_type = "T.CartDelivery")]
pub fn cart_delivery(items: u32, delivers: Option<bool>) -> Result<JsValue, JsValue> {
    to_js(&delivery::cart_delivery(items, delivers))
}
