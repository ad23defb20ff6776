//! Where a refused order placement is shown (`POST /order/checkout`): next to the
//! checkout step it is about, so the customer fixes it there (spec 2: address, payment,
//! review).
//!
//! - A 422 names its fields: `address_id` is the address step's; `card` (and
//!   `card.*`), `payment_method`, `wallet_amount` and the saved cards' `saved_card_id`
//!   (an expired card, or one that is no longer the customer's: deleted in another tab),
//!   `cvv` and `save_card` (the 10-card limit) the payment step's; any other the review
//!   step's. A refused `saved_card_id` also says that the saved cards shown are out of
//!   date: the client reads them again and forgets the CVV typed for that card.
//! - Otherwise the message says: the delivery area ('Sorry, we don't deliver to your
//!   area now!', 'We Don't Deliver To Your Location') and 'please choose an address'
//!   are the address step's, the first two also marking the area as refused; a declined
//!   payment and 'Balance Not Sufficient' the payment step's; anything else (stock, an
//!   empty cart, the shop's minimum, no answer) the review step's.
//!
//! The server words its refusals from the same catalogue, so a server text is matched
//! against the message texts in the page language: [`placement_failure`] renders them
//! with the core's catalogue, [`placement_failure_with`] with the caller's (the browser
//! build keeps its texts as data, out of the WASM).

use serde::{Deserialize, Serialize};

use crate::locale::Language;
use crate::messages::{Message, MessageId, Text};

/// A step of the checkout.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum CheckoutStep {
    Address,
    Payment,
    Review,
}

/// Where a refusal goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PlacementFailure {
    pub step: CheckoutStep,
    /// The delivery area refused the chosen address.
    pub area: bool,
    /// The chosen saved card cannot pay (a 422 on `saved_card_id`: it expired, or it was
    /// deleted meanwhile): read the saved cards again and forget its CVV.
    pub saved_card: bool,
    /// The account has no verified phone yet (a 422 on `mobile`, 'Verify your phone
    /// number before your first order.'): the review step asks for one.
    pub phone: bool,
}

const AREA: [MessageId; 2] = [MessageId::AreaNotServed, MessageId::NoDeliveryToLocation];
const PAYMENT: [MessageId; 2] = [MessageId::PaymentFailed, MessageId::BalanceNotSufficient];

/// The step a failed placement belongs to: `status` of the answer (`None`: none came),
/// the fields its 422 names (see [`crate::http::field_errors`]), and its toast text,
/// matched against our messages in `language`.
pub fn placement_failure(
    status: Option<u16>,
    fields: &[String],
    text: &Text,
    language: Language,
) -> PlacementFailure {
    placement_failure_with(status, fields, text, &|message: &Message| {
        message.render(language)
    })
}

/// [`placement_failure`], with our messages rendered by `render` in the page language.
pub fn placement_failure_with(
    status: Option<u16>,
    fields: &[String],
    text: &Text,
    render: &dyn Fn(&Message) -> String,
) -> PlacementFailure {
    let at = |step| PlacementFailure {
        step,
        area: false,
        saved_card: false,
        phone: false,
    };
    if status == Some(422) {
        if fields.iter().any(|f| f == "mobile") {
            return PlacementFailure {
                phone: true,
                ..at(CheckoutStep::Review)
            };
        }
        if fields.iter().any(|f| f == "address_id") {
            return at(CheckoutStep::Address);
        }
        const PAYMENT_FIELDS: [&str; 6] = [
            "card",
            "payment_method",
            "wallet_amount",
            "saved_card_id",
            "cvv",
            "save_card",
        ];
        let payment = |f: &String| f.starts_with("card.") || PAYMENT_FIELDS.contains(&f.as_str());
        if fields.iter().any(payment) {
            return PlacementFailure {
                saved_card: fields.iter().any(|f| f == "saved_card_id"),
                ..at(CheckoutStep::Payment)
            };
        }
        return at(CheckoutStep::Review);
    }
    if status.is_none() {
        return at(CheckoutStep::Review);
    }
    let says = |ids: &[MessageId]| match text {
        Text::Message(message) => ids.contains(&message.id),
        Text::Server { text } => ids
            .iter()
            .any(|&id| render(&Message::new(id)) == text.trim()),
    };
    if says(&AREA) {
        return PlacementFailure {
            area: true,
            ..at(CheckoutStep::Address)
        };
    }
    if says(&[MessageId::ChooseAnAddress]) {
        return at(CheckoutStep::Address);
    }
    if says(&PAYMENT) {
        return at(CheckoutStep::Payment);
    }
    at(CheckoutStep::Review)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn server(text: &str) -> Text {
        Text::Server {
            text: text.to_owned(),
        }
    }

    fn fields(names: &[&str]) -> Vec<String> {
        names.iter().map(|n| (*n).to_owned()).collect()
    }

    fn step(
        status: Option<u16>,
        names: &[&str],
        text: &Text,
        language: Language,
    ) -> (CheckoutStep, bool) {
        let found = placement_failure(status, &fields(names), text, language);
        (found.step, found.area)
    }

    #[test]
    fn a_422_goes_by_the_fields_it_names() {
        let text = server("The address id field is required.");
        let en = Language::En;
        assert_eq!(
            step(Some(422), &["address_id", "card"], &text, en),
            (CheckoutStep::Address, false)
        );
        for field in [
            "card",
            "card.number",
            "payment_method",
            "wallet_amount",
            "saved_card_id",
            "cvv",
            "save_card",
        ] {
            assert_eq!(
                step(Some(422), &["notes", field], &text, en),
                (CheckoutStep::Payment, false),
                "{field}"
            );
        }
        assert_eq!(
            step(Some(422), &["cardholder", "notes"], &text, en),
            (CheckoutStep::Review, false)
        );
        // Even when its text reads like an area refusal: the fields decide.
        let area = server("We Don't Deliver To Your Location");
        assert_eq!(
            step(Some(422), &[], &area, en),
            (CheckoutStep::Review, false)
        );
    }

    #[test]
    fn other_refusals_go_by_their_message_in_either_form_and_language() {
        let en = Language::En;
        let ar = Language::Ar;
        let area = Text::from(MessageId::AreaNotServed);
        assert_eq!(
            step(Some(400), &[], &area, en),
            (CheckoutStep::Address, true)
        );
        let words = Message::new(MessageId::NoDeliveryToLocation).render(ar);
        assert_eq!(
            step(Some(400), &[], &server(&format!(" {words} ")), ar),
            (CheckoutStep::Address, true)
        );
        // The Arabic words do not count on an English page.
        assert_eq!(
            step(Some(400), &[], &server(&words), en),
            (CheckoutStep::Review, false)
        );
        let choose = server(&Message::new(MessageId::ChooseAnAddress).render(en));
        assert_eq!(
            step(Some(400), &[], &choose, en),
            (CheckoutStep::Address, false)
        );
        let balance = server(&Message::new(MessageId::BalanceNotSufficient).render(en));
        assert_eq!(
            step(Some(400), &[], &balance, en),
            (CheckoutStep::Payment, false)
        );
        assert_eq!(
            step(Some(402), &[], &Text::from(MessageId::PaymentFailed), en),
            (CheckoutStep::Payment, false)
        );
        assert_eq!(
            step(Some(409), &[], &server("Only 2 left in stock"), en),
            (CheckoutStep::Review, false)
        );
    }

    #[test]
    fn the_caller_s_texts_are_the_ones_matched() {
        let render = |message: &Message| format!("text of {}", message.id.as_str());
        let text = server("text of balance_not_sufficient");
        let found = placement_failure_with(Some(400), &[], &text, &render);
        assert_eq!(found.step, CheckoutStep::Payment);
        let ours = server(&Message::new(MessageId::BalanceNotSufficient).render(Language::En));
        assert_eq!(
            placement_failure_with(Some(400), &[], &ours, &render).step,
            CheckoutStep::Review
        );
    }

    #[test]
    fn an_account_without_a_phone_is_asked_for_one_at_the_review_step() {
        let text = Text::Message(Message::new(MessageId::PhoneRequired));
        let found = placement_failure(Some(422), &fields(&["mobile"]), &text, Language::En);
        assert_eq!(
            found,
            PlacementFailure {
                step: CheckoutStep::Review,
                area: false,
                saved_card: false,
                phone: true
            }
        );
        assert!(!placement_failure(Some(422), &fields(&["address_id"]), &text, Language::En).phone);
    }

    #[test]
    fn a_refused_saved_card_goes_to_the_payment_step_and_asks_for_the_cards_again() {
        // The server's answer for a saved card deleted in another tab (or another
        // customer's): a 422 on `saved_card_id` with the core's words, in either language.
        for language in [Language::En, Language::Ar] {
            let gone = server(&Message::new(MessageId::SavedCardUnavailable).render(language));
            let found = placement_failure(Some(422), &fields(&["saved_card_id"]), &gone, language);
            assert_eq!(
                found,
                PlacementFailure {
                    step: CheckoutStep::Payment,
                    area: false,
                    saved_card: true,
                    phone: false
                },
                "{language:?}"
            );
        }
        let expired = Text::from(MessageId::CardExpired);
        assert!(
            placement_failure(
                Some(422),
                &fields(&["saved_card_id"]),
                &expired,
                Language::En
            )
            .saved_card
        );
        // Any other payment field keeps the cards as they are.
        for field in ["cvv", "card.number", "save_card"] {
            let found = placement_failure(Some(422), &fields(&[field]), &expired, Language::En);
            assert_eq!(
                (found.step, found.saved_card),
                (CheckoutStep::Payment, false),
                "{field}"
            );
        }
        // Only a 422 names the field: a 404 (the old answer) is not read as one.
        let not_found = server("The requested item was not found.");
        let found = placement_failure(Some(404), &[], &not_found, Language::En);
        assert_eq!(
            (found.step, found.saved_card),
            (CheckoutStep::Review, false)
        );
    }

    #[test]
    fn no_answer_is_the_review_step_s() {
        let text = Text::from(MessageId::AreaNotServed);
        assert_eq!(
            step(None, &[], &text, Language::En),
            (CheckoutStep::Review, false)
        );
    }
}
