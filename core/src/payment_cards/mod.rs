//! Saved payment cards (issue 36): a card's brand, the Luhn check of its number, its
//! expiry, the masked label it is shown by, and how many a shopper may keep.
//!
//! Only a card's brand, last four digits and expiry are kept; the number itself never
//! is. The card form's field rules (16 digits, CVV, expiry month and year, the check
//! digit) are in [`crate::validation`]. The UI's own labels ("Expired", "Use a new
//! card", "Card ending in …") live in its catalogue.

mod brand;
mod expiry;
mod number;

use crate::messages::{Message, MessageId};

pub use brand::{CardBrand, card_brand};
pub use expiry::{card_expired, card_expiry};
pub use number::{
    CARD_NUMBER_MAX_DIGITS, CARD_NUMBER_MIN_DIGITS, last_four_digits, luhn_valid, masked_label,
};

/// Most cards a shopper may save.
pub const MAX_SAVED_CARDS: usize = 10;

/// Whether a shopper with `saved_cards` saved cards may save another: 'You can save up
/// to 10 cards. …' once they have [`MAX_SAVED_CARDS`].
pub fn card_saving(saved_cards: usize) -> Result<(), Message> {
    if saved_cards < MAX_SAVED_CARDS {
        Ok(())
    } else {
        Err(Message::new(MessageId::SavedCardsLimit).with("max", MAX_SAVED_CARDS))
    }
}

#[cfg(feature = "ts")]
pub(crate) fn register_typescript(d: &mut crate::typescript::Declarations) {
    d.add::<CardBrand>();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::locale::Language;

    #[test]
    fn up_to_ten_cards() {
        assert_eq!(card_saving(0), Ok(()));
        assert_eq!(card_saving(9), Ok(()));
        for saved in [10, 11] {
            let limit = card_saving(saved).unwrap_err();
            assert_eq!(
                limit.english(),
                "You can save up to 10 cards. Remove a saved card to add a new one."
            );
            assert_eq!(
                limit.render(Language::Ar),
                "يمكنك حفظ ١٠ بطاقات كحد أقصى. احذف بطاقة محفوظة لإضافة بطاقة جديدة."
            );
        }
    }

    #[test]
    fn the_arabic_limit_agrees_with_its_number() {
        let limit = |max: usize| {
            Message::new(MessageId::SavedCardsLimit)
                .with("max", max)
                .render(Language::Ar)
        };
        assert!(limit(1).starts_with("يمكنك حفظ بطاقة واحدة كحد أقصى."));
        assert!(limit(2).starts_with("يمكنك حفظ بطاقتين كحد أقصى."));
        assert!(limit(20).starts_with("يمكنك حفظ ٢٠ بطاقة كحد أقصى."));
    }
}
