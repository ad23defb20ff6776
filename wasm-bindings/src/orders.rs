//! Bindings of `storefront_core::orders`.
//!
//! The checkout's events are read by hand (the readers at the end), as the cart's are
//! (`cart.rs`): serde's derived reader of an internally tagged enum buffers each event and
//! compiles every type inside a second time. The core keeps its derives for other
//! clients; the tests below check that both readers agree on every variant.

use storefront_core::flow::Flow;
use storefront_core::orders::{
    self, CardChoice, CardDetails, CheckoutEvent, CheckoutStep, OrderStatus, OrderTab,
    PaymentMethod, PaymentSummary, ReturnTab, SavedCardFacts,
};
use wasm_bindgen::prelude::*;

use crate::convert::{
    Read, argument, boolean, count, expected, from_js, list, optional, read_text, required, string,
    tag, to_js,
};

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
        let event = argument(&event, "event", read_checkout_event)?;
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
    let cards = argument(&cards, "cards", |cards, name| {
        list(cards, name, read_saved_card)
    })?;
    let earlier = argument(&earlier, "earlier", |earlier, name| {
        if earlier.is_null() || earlier.is_undefined() {
            Ok(None)
        } else {
            read_card_choice(earlier, name).map(Some)
        }
    })?;
    to_js(&orders::preselected_card(&cards, earlier))
}

// The checkout's events, field by field as the core's serde derives read them: the same
// required fields, `null` or a left-out field as `None`, other fields ignored.

fn read_checkout_event(v: &JsValue, _: &str) -> Read<CheckoutEvent> {
    Ok(match tag(v, "type")?.as_str() {
        "address_chosen" => CheckoutEvent::AddressChosen {
            address_id: required(v, "address_id", count)?,
        },
        "address_done" => CheckoutEvent::AddressDone,
        "payment_done" => CheckoutEvent::PaymentDone {
            payment: required(v, "payment", read_payment)?,
        },
        "go_to" => CheckoutEvent::GoTo {
            step: required(v, "step", read_step)?,
        },
        "place" => CheckoutEvent::Place {
            key: required(v, "key", string)?,
            card: optional(v, "card", read_card)?,
            cvv: optional(v, "cvv", string)?,
        },
        "placed" => CheckoutEvent::Placed {
            order_id: required(v, "order_id", count)?,
        },
        "placement_failed" => CheckoutEvent::PlacementFailed {
            status: optional(v, "status", count)?,
            fields: required(v, "fields", |fields, name| list(fields, name, string))?,
            text: required(v, "text", read_text)?,
        },
        "resume_asked" => CheckoutEvent::ResumeAsked {
            key: required(v, "key", string)?,
        },
        "reset" => CheckoutEvent::Reset,
        other => return Err(format!("unknown event `{other}`")),
    })
}

fn read_payment(v: &JsValue, _: &str) -> Read<PaymentSummary> {
    Ok(PaymentSummary {
        method: required(v, "method", read_method)?,
        use_wallet: required(v, "use_wallet", boolean)?,
        saved_card_id: optional(v, "saved_card_id", count)?,
        save_card: required(v, "save_card", boolean)?,
    })
}

fn read_method(value: &JsValue, name: &str) -> Read<PaymentMethod> {
    match string(value, name)?.as_str() {
        "card" => Ok(PaymentMethod::Card),
        "cash" => Ok(PaymentMethod::Cash),
        _ => Err(expected(name, "`card` or `cash`")),
    }
}

fn read_step(value: &JsValue, name: &str) -> Read<CheckoutStep> {
    match string(value, name)?.as_str() {
        "address" => Ok(CheckoutStep::Address),
        "payment" => Ok(CheckoutStep::Payment),
        "review" => Ok(CheckoutStep::Review),
        _ => Err(expected(name, "`address`, `payment` or `review`")),
    }
}

fn read_card(v: &JsValue, _: &str) -> Read<CardDetails> {
    Ok(CardDetails {
        number: required(v, "number", string)?,
        name: required(v, "name", string)?,
        exp_month: required(v, "exp_month", string)?,
        exp_year: required(v, "exp_year", string)?,
        cvv: required(v, "cvv", string)?,
    })
}

// The payment step's saved cards and choice, read by hand for the same reason: the
// choice is internally tagged (`{"card": "saved", "id": 4}`).

fn read_saved_card(v: &JsValue, _: &str) -> Read<SavedCardFacts> {
    Ok(SavedCardFacts {
        id: required(v, "id", count)?,
        expired: required(v, "expired", boolean)?,
        is_default: required(v, "is_default", boolean)?,
    })
}

fn read_card_choice(v: &JsValue, _: &str) -> Read<CardChoice> {
    Ok(match tag(v, "card")?.as_str() {
        "saved" => CardChoice::Saved {
            id: required(v, "id", count)?,
        },
        "new" => CardChoice::New,
        other => return Err(format!("unknown card `{other}`")),
    })
}

/// The readers above against the core's serde derives, in the browser (`just wasm-test`).
#[cfg(all(test, target_arch = "wasm32"))]
mod tests {
    use serde_json::{Value, json};
    use storefront_core::messages::{Message, MessageId, Text};
    use storefront_core::orders::CHECKOUT_STEPS;
    use wasm_bindgen_test::*;

    use super::*;
    use crate::convert::testing::{both, js, message, reads_every_variant, refused_by_both};

    wasm_bindgen_test_configure!(run_in_browser);

    fn card() -> CardDetails {
        CardDetails {
            number: "4242 4242 4242 4242".into(),
            name: "Mona Ali".into(),
            exp_month: "04".into(),
            exp_year: "2031".into(),
            cvv: "123".into(),
        }
    }

    fn events() -> Vec<CheckoutEvent> {
        let mut events = vec![
            CheckoutEvent::AddressChosen { address_id: 12 },
            CheckoutEvent::AddressDone,
            CheckoutEvent::Place {
                key: "k-1".into(),
                card: Some(card()),
                cvv: None,
            },
            CheckoutEvent::Place {
                key: "k-2".into(),
                card: None,
                cvv: Some("321".into()),
            },
            CheckoutEvent::Placed { order_id: 900 },
            CheckoutEvent::ResumeAsked { key: "k-1".into() },
            CheckoutEvent::Reset,
        ];
        for method in [PaymentMethod::Card, PaymentMethod::Cash] {
            for (saved_card_id, flags) in [(None, true), (Some(5), false)] {
                events.push(CheckoutEvent::PaymentDone {
                    payment: PaymentSummary {
                        method,
                        use_wallet: flags,
                        saved_card_id,
                        save_card: !flags,
                    },
                });
            }
        }
        for step in CHECKOUT_STEPS {
            events.push(CheckoutEvent::GoTo { step });
        }
        for (status, text) in [
            (
                Some(422),
                Text::Message(Message::new(MessageId::Required).with("field", "cvv")),
            ),
            (
                None,
                Text::Server {
                    text: "Sorry, we don't deliver to your area now!".into(),
                },
            ),
        ] {
            events.push(CheckoutEvent::PlacementFailed {
                status,
                fields: if status.is_some() {
                    vec!["card.cvv".into(), "address_id".into()]
                } else {
                    vec![]
                },
                text,
            });
        }
        events
    }

    /// Which variant an event is. Without a wildcard, so that a variant added to the
    /// core stops this from compiling until `read_checkout_event` and `events()` have it.
    fn variant(event: &CheckoutEvent) -> usize {
        match event {
            CheckoutEvent::AddressChosen { .. } => 0,
            CheckoutEvent::AddressDone => 1,
            CheckoutEvent::PaymentDone { .. } => 2,
            CheckoutEvent::GoTo { .. } => 3,
            CheckoutEvent::Place { .. } => 4,
            CheckoutEvent::Placed { .. } => 5,
            CheckoutEvent::PlacementFailed { .. } => 6,
            CheckoutEvent::ResumeAsked { .. } => 7,
            CheckoutEvent::Reset => 8,
        }
    }

    fn flow() -> CheckoutFlowHandle {
        CheckoutFlowHandle::new(js_sys::Function::new_no_args("return ''"))
    }

    #[wasm_bindgen_test]
    fn every_checkout_event_reads_as_the_core_reads_it() {
        reads_every_variant(&events(), variant, 9, read_checkout_event);
    }

    #[wasm_bindgen_test]
    fn left_out_null_and_extra_fields_read_as_the_core_reads_them() {
        for value in [
            // The UI's shapes: optional fields null or left out, a saved card's CVV only.
            json!({"type": "place", "key": "k", "cvv": "123"}),
            json!({"type": "place", "key": "k", "card": null, "cvv": null}),
            json!({"type": "placement_failed", "fields": [], "text": {"kind": "message", "id": "no_response"}}),
            json!({"type": "placement_failed", "status": null, "fields": [], "text": {"kind": "server", "text": "x"}}),
            json!({"type": "payment_done", "payment": {"method": "cash", "use_wallet": false, "save_card": false}}),
            // Fields no variant has are ignored, by a unit variant too.
            json!({"type": "reset", "at": 1}),
            json!({"type": "placed", "order_id": 3, "order": {"id": 3}}),
        ] {
            let (core, ours) = both(value.clone(), read_checkout_event);
            assert_eq!(ours, core, "{value}");
        }
    }

    #[wasm_bindgen_test]
    fn events_of_the_wrong_shape_are_refused_by_both() {
        for value in [
            json!({"type": "teleported"}),
            json!({"kind": "reset"}),
            json!("reset"),
            json!({"type": "address_chosen"}),
            json!({"type": "address_chosen", "address_id": -1}),
            json!({"type": "address_chosen", "address_id": 1.5}),
            json!({"type": "address_chosen", "address_id": "4"}),
            json!({"type": "go_to", "step": "shipping"}),
            json!({"type": "payment_done", "payment": {"method": "cheque", "use_wallet": false, "save_card": false}}),
            json!({"type": "payment_done", "payment": {"method": "cash", "save_card": false}}),
            json!({"type": "payment_done", "payment": {"method": "cash", "use_wallet": 0, "save_card": false}}),
            json!({"type": "place", "cvv": "123"}),
            json!({"type": "place", "key": "k", "card": {"number": "4242", "name": "M", "exp_month": "04", "exp_year": "31"}}),
            json!({"type": "place", "key": "k", "cvv": 123}),
            json!({"type": "placement_failed", "status": 70000, "fields": [], "text": {"kind": "server", "text": "x"}}),
            json!({"type": "placement_failed", "fields": [], "text": {"kind": "shout", "text": "x"}}),
            json!({"type": "placement_failed", "text": {"kind": "server", "text": "x"}}),
            json!({"type": "placement_failed", "fields": [1], "text": {"kind": "server", "text": "x"}}),
            json!({"type": "placement_failed", "fields": "cvv", "text": {"kind": "server", "text": "x"}}),
            json!({"type": "resume_asked"}),
        ] {
            refused_by_both(&value, read_checkout_event);
        }
    }

    #[wasm_bindgen_test]
    fn a_wrong_event_is_an_invalid_argument_naming_its_field() {
        let error = flow()
            .send(
                js(&json!({"type": "go_to", "step": "shipping"})),
                JsValue::from(0),
            )
            .unwrap_err();
        assert_eq!(
            message(error),
            "event: `step`: expected `address`, `payment` or `review`"
        );
    }

    #[wasm_bindgen_test]
    fn only_own_fields_are_read() {
        // A field inherited from the prototype is not the event's (JSON.stringify skips
        // it too): the address is missing.
        let event =
            js_sys::Object::create(js(&json!({"address_id": 4})).unchecked_ref::<js_sys::Object>());
        js_sys::Reflect::set(&event, &"type".into(), &"address_chosen".into()).unwrap();
        let error = flow().send(event.into(), JsValue::from(0)).unwrap_err();
        assert_eq!(message(error), "event: missing field `address_id`");
    }

    #[wasm_bindgen_test]
    fn a_sent_event_moves_the_flow() {
        let mut flow = flow();
        flow.send(
            js(&json!({"type": "address_chosen", "address_id": 4})),
            JsValue::from(0),
        )
        .unwrap();
        flow.send(js(&json!({"type": "address_done"})), JsValue::from(0))
            .unwrap();
        let view = flow.view().unwrap();
        assert_eq!(
            js_sys::Reflect::get(&view, &"step".into()).unwrap(),
            "payment"
        );
        assert_eq!(
            js_sys::Reflect::get(&view, &"address_id".into()).unwrap(),
            4
        );
    }

    #[wasm_bindgen_test]
    fn saved_cards_and_choices_read_as_the_core_reads_them() {
        for choice in [
            json!({"card": "new"}),
            json!({"card": "saved", "id": 4}),
            json!({"card": "new", "id": 4}),
        ] {
            let core: CardChoice = serde_json::from_value(choice.clone()).unwrap();
            assert_eq!(read_card_choice(&js(&choice), "earlier").unwrap(), core);
        }
        let cards = json!([
            {"id": 1, "expired": false, "is_default": true},
            {"id": 2, "expired": true, "is_default": false, "last4": "4242"}
        ]);
        let core: Vec<SavedCardFacts> = serde_json::from_value(cards.clone()).unwrap();
        assert_eq!(list(&js(&cards), "cards", read_saved_card).unwrap(), core);
        for choice in [
            json!({"card": "old"}),
            json!({"card": "saved"}),
            json!({"card": "saved", "id": "4"}),
            json!({"id": 4}),
        ] {
            assert!(serde_json::from_value::<CardChoice>(choice.clone()).is_err());
            assert!(
                read_card_choice(&js(&choice), "earlier").is_err(),
                "{choice}"
            );
        }
        for cards in [
            json!([{"id": 1, "expired": false}]),
            json!([{"id": 1, "expired": "no", "is_default": false}]),
            json!({"id": 1, "expired": false, "is_default": false}),
        ] {
            assert!(serde_json::from_value::<Vec<SavedCardFacts>>(cards.clone()).is_err());
            assert!(
                list(&js(&cards), "cards", read_saved_card).is_err(),
                "{cards}"
            );
        }
    }

    #[wasm_bindgen_test]
    fn a_wrong_card_argument_is_an_invalid_argument_naming_it() {
        let said = |cards: Value, earlier: JsValue| {
            let error = preselected_card(js(&cards), earlier).unwrap_err();
            message(error)
        };
        assert_eq!(
            said(json!([{"id": 1, "expired": false}]), JsValue::NULL),
            "cards: missing field `is_default`"
        );
        assert_eq!(
            said(json!([]), js(&json!({"card": "saved", "id": -1}))),
            "earlier: `id`: expected a whole number"
        );
        // Left out, the earlier choice is none.
        let choice = preselected_card(js(&json!([])), JsValue::UNDEFINED).unwrap();
        assert_eq!(
            js_sys::Reflect::get(&choice, &"card".into()).unwrap(),
            "new"
        );
    }
}
