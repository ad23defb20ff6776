//! Bindings of `storefront_core::orders`.

use storefront_core::flow::Flow;
use storefront_core::orders::{
    self, CardChoice, CheckoutEvent, OrderStatus, OrderTab, ReturnTab, SavedCardFacts,
};
use wasm_bindgen::prelude::*;

use crate::convert::{from_js, to_js};

/// Reads a status as the server sends it (`canceled` is `cancelled`; anything
/// unknown is `unknown`).
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = parseOrderStatus, unchecked_return_type = "T.OrderStatus")]
pub fn parse_order_status(text: &str) -> Result<JsValue, JsValue> {
    to_js(&OrderStatus::parse(text))
}

/// The orders page's tabs in order, with their API keys and statuses.
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = orderTabs, unchecked_return_type = "T.TabInfo<T.OrderTab>[]")]
pub fn order_tabs() -> Result<JsValue, JsValue> {
    to_js(&orders::order_tabs())
}

/// The return-orders page's tabs in order, with their API keys and statuses.
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = returnTabs, unchecked_return_type = "T.TabInfo<T.ReturnTab>[]")]
pub fn return_tabs() -> Result<JsValue, JsValue> {
    to_js(&orders::return_tabs())
}

/// The orders tab an order of this status is listed under, or null.
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = orderTabOf, unchecked_return_type = "T.OrderTab | null")]
pub fn order_tab_of(
    #[wasm_bindgen(unchecked_param_type = "T.OrderStatus")] status: JsValue,
) -> Result<JsValue, JsValue> {
    let status: OrderStatus = from_js(status, "status")?;
    to_js(&OrderTab::of(status))
}

/// The return tab an order of this status is listed under, or null.
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = returnTabOf, unchecked_return_type = "T.ReturnTab | null")]
pub fn return_tab_of(
    #[wasm_bindgen(unchecked_param_type = "T.OrderStatus")] status: JsValue,
) -> Result<JsValue, JsValue> {
    let status: OrderStatus = from_js(status, "status")?;
    to_js(&ReturnTab::of(status))
}

/// The statuses an order may move to.
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = orderNextStatuses, unchecked_return_type = "T.OrderStatus[]")]
pub fn order_next_statuses(
    #[wasm_bindgen(unchecked_param_type = "T.OrderStatus")] from: JsValue,
) -> Result<JsValue, JsValue> {
    let from: OrderStatus = from_js(from, "from")?;
    to_js(orders::next_statuses(from))
}

/// Whether an order may change from one status to another.
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = orderCanTransition)]
pub fn order_can_transition(
    #[wasm_bindgen(unchecked_param_type = "T.OrderStatus")] from: JsValue,
    #[wasm_bindgen(unchecked_param_type = "T.OrderStatus")] to: JsValue,
) -> Result<bool, JsValue> {
    let from: OrderStatus = from_js(from, "from")?;
    let to: OrderStatus = from_js(to, "to")?;
    Ok(orders::can_transition(from, to))
}

/// Whether the customer may cancel an order of this status.
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = orderCanCancel)]
pub fn order_can_cancel(
    #[wasm_bindgen(unchecked_param_type = "T.OrderStatus")] status: JsValue,
) -> Result<bool, JsValue> {
    let status: OrderStatus = from_js(status, "status")?;
    Ok(orders::can_cancel(status))
}

/// Whether the customer may ask for a return now (times in ms since the epoch).
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = orderCanRequestReturn)]
pub fn order_can_request_return(
    #[wasm_bindgen(unchecked_param_type = "T.OrderStatus")] status: JsValue,
    #[wasm_bindgen(js_name = deliveredAtMs, unchecked_param_type = "number | null")]
    delivered_at_ms: JsValue,
    #[wasm_bindgen(js_name = nowMs, unchecked_param_type = "number")] now_ms: JsValue,
) -> Result<bool, JsValue> {
    let status: OrderStatus = from_js(status, "status")?;
    let delivered_at_ms: Option<u64> = from_js(delivered_at_ms, "deliveredAtMs")?;
    let now_ms: u64 = from_js(now_ms, "nowMs")?;
    Ok(orders::can_request_return(status, delivered_at_ms, now_ms))
}

/// Days after delivery during which a return may be asked for.
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = returnWindowDays)]
pub fn return_window_days() -> u32 {
    // 14 fits any JS number; a u64 would cross as a bigint.
    u32::try_from(orders::RETURN_WINDOW_DAYS).unwrap_or(u32::MAX)
}

/// The return reasons, in the order the form lists them (`other` needs a comment).
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = returnReasons, unchecked_return_type = "T.ReturnReason[]")]
pub fn return_reasons() -> Result<JsValue, JsValue> {
    to_js(&orders::ReturnReason::ALL)
}

/// Whether a return reason (its API value) needs a comment.
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = returnReasonRequiresComment)]
pub fn return_reason_requires_comment(reason: &str) -> bool {
    orders::ReturnReason::parse(reason).is_some_and(orders::ReturnReason::requires_comment)
}

/// The pickup days offered at `nowMs` (ms since the epoch, the caller's clock):
/// tomorrow up to a week ahead, as `YYYY-MM-DD` (UTC).
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = pickupDays, unchecked_return_type = "string[]")]
pub fn pickup_days(
    #[wasm_bindgen(unchecked_param_type = "number")] now_ms: JsValue,
) -> Result<JsValue, JsValue> {
    to_js(&orders::pickup_days(from_js(now_ms, "nowMs")?))
}

/// The pickup times offered: each hour from 09:00 to 21:00 (UTC), as `HH:MM`.
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = pickupTimes)]
pub fn pickup_times() -> Vec<String> {
    orders::pickup_times()
}

/// The checkout of one visit to /checkout (spec 2: address → payment → review) behind a
/// handle: its state (the step, the chosen address, the payment chosen without the
/// card's secrets, the placement under way, where a refusal is shown, the resume of an
/// attempt a reload left open) stays here. Events go in; the effects to perform (the
/// `place_order` call whose answer comes back as `placed` / `placement_failed`, the
/// attempt finished, the success page, the saved cards or the cart read again) and the
/// view to render come out.
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = CheckoutFlow)]
pub struct CheckoutFlowHandle(orders::CheckoutFlow);

#[cfg(feature = "rest")]
#[wasm_bindgen(js_class = CheckoutFlow)]
impl CheckoutFlowHandle {
    /// A checkout at the address step. `render` gives one of the core's messages in the
    /// page language: the server words its refusals from the same catalogue, so its
    /// text is matched against these to find the step a refusal is shown at.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "(message: T.Message) => string")]
        render: js_sys::Function,
    ) -> Self {
        Self(orders::CheckoutFlow::with_render(
            move |message: &storefront_core::messages::Message| {
                to_js(message)
                    .and_then(|message| render.call1(&JsValue::NULL, &message))
                    .ok()
                    .and_then(|words| words.as_string())
                    .unwrap_or_default()
            },
        ))
    }

    /// Applies an event: the effects to perform and the view after it. The checkout
    /// reads no clock; `nowMs` is taken as every flow's is.
    #[wasm_bindgen(unchecked_return_type = "T.Step<T.CheckoutView>")]
    pub fn send(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "T.CheckoutEvent")] event: JsValue,
        #[wasm_bindgen(js_name = nowMs, unchecked_param_type = "number")] now_ms: JsValue,
    ) -> Result<JsValue, JsValue> {
        let event: CheckoutEvent = from_js(event, "event")?;
        to_js(&self.0.step(event, from_js(now_ms, "nowMs")?))
    }

    /// The view now.
    #[wasm_bindgen(unchecked_return_type = "T.CheckoutView")]
    pub fn view(&self) -> Result<JsValue, JsValue> {
        to_js(&self.0.view())
    }
}

/// The card the payment step offers first: the earlier choice (null: none yet) while
/// it can still pay, else the default card unless it has expired, else a new card.
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = preselectedCard, unchecked_return_type = "T.CardChoice")]
pub fn preselected_card(
    #[wasm_bindgen(unchecked_param_type = "T.SavedCardFacts[]")] cards: JsValue,
    #[wasm_bindgen(unchecked_param_type = "T.CardChoice | null")] earlier: JsValue,
) -> Result<JsValue, JsValue> {
    let cards: Vec<SavedCardFacts> = from_js(cards, "cards")?;
    let earlier: Option<CardChoice> = from_js(earlier, "earlier")?;
    to_js(&orders::preselected_card(&cards, earlier))
}
