//! Who may review a product: a signed-in shopper who received it, once; the one
//! review they wrote they may edit.

use serde::{Deserialize, Serialize};

use crate::messages::{Message, MessageId};

/// What the product page offers the shopper about their own review.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum ReviewAction {
    /// "Write a review".
    Write,
    /// "Edit your review": they have one.
    Edit,
    /// Nothing: signed out, or the product never delivered to them.
    NotEligible,
}

/// The review action for a shopper: [`ReviewAction::Edit`] when signed in with a
/// review of the product (whatever became of the order since), else
/// [`ReviewAction::Write`] when signed in and the product was delivered to them, else
/// [`ReviewAction::NotEligible`]. A signed-out shopper is offered nothing: the flags
/// of a signed-out page are unknown, whatever they say.
pub fn may_review(
    signed_in: bool,
    purchased_and_delivered: bool,
    already_reviewed: bool,
) -> ReviewAction {
    match (signed_in, purchased_and_delivered, already_reviewed) {
        (false, _, _) => ReviewAction::NotEligible,
        (true, _, true) => ReviewAction::Edit,
        (true, true, false) => ReviewAction::Write,
        (true, false, false) => ReviewAction::NotEligible,
    }
}

/// Whether a signed-in shopper may add a new review (the server's check; signing in
/// is the auth rules'): 'You have already reviewed this product' when they have one
/// (a 422: they edit it instead), 'You can review this product after it has been
/// delivered to you' when it was not delivered to them.
pub fn review_creation(
    purchased_and_delivered: bool,
    already_reviewed: bool,
) -> Result<(), Message> {
    if already_reviewed {
        Err(MessageId::AlreadyReviewed.into())
    } else if !purchased_and_delivered {
        Err(MessageId::ReviewRequiresDelivery.into())
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::locale::Language;

    #[test]
    fn every_combination() {
        use ReviewAction::*;
        let cases = [
            ((false, false, false), NotEligible),
            ((false, true, false), NotEligible),
            ((false, true, true), NotEligible),
            ((false, false, true), NotEligible),
            ((true, false, false), NotEligible),
            ((true, true, false), Write),
            ((true, true, true), Edit),
            ((true, false, true), Edit),
        ];
        for ((signed_in, delivered, reviewed), action) in cases {
            assert_eq!(
                may_review(signed_in, delivered, reviewed),
                action,
                "{signed_in} {delivered} {reviewed}"
            );
        }
        assert_eq!(
            serde_json::to_value(NotEligible).unwrap(),
            serde_json::json!("not_eligible")
        );
    }

    #[test]
    fn a_second_review_or_an_undelivered_product_is_refused() {
        assert_eq!(review_creation(true, false), Ok(()));
        let again = review_creation(true, true).unwrap_err();
        assert_eq!(again.english(), "You have already reviewed this product");
        assert_eq!(
            again.render(Language::Ar),
            "لقد كتبت مراجعة لهذا المنتج من قبل"
        );
        assert_eq!(review_creation(false, true), Err(again));
        assert_eq!(
            review_creation(false, false).unwrap_err().english(),
            "You can review this product after it has been delivered to you"
        );
    }

    #[test]
    fn the_page_offers_writing_exactly_when_the_server_accepts_a_new_review() {
        for delivered in [false, true] {
            for reviewed in [false, true] {
                assert_eq!(
                    may_review(true, delivered, reviewed) == ReviewAction::Write,
                    review_creation(delivered, reviewed).is_ok()
                );
            }
        }
    }
}
