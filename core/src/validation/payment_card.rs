//! Payment card fields (spec 5, 9): card number 16 digits, CVV 3, expiry year 2.

use crate::messages::{Message, MessageId};

use super::digits::is_digit;

/// Digits in a card number, a CVV and an expiry year (spec 9).
pub const CARD_NUMBER_DIGITS: usize = 16;
pub const CVV_DIGITS: usize = 3;
pub const EXPIRY_YEAR_DIGITS: usize = 2;

/// Whether the text is exactly `count` digits once the allowed spaces are removed.
fn digits_exactly(value: &str, count: usize, spaces_allowed: bool) -> bool {
    let mut seen = 0;
    for c in value.trim().chars() {
        if is_digit(c) {
            seen += 1;
        } else if !(spaces_allowed && c == ' ') {
            return false;
        }
    }
    seen == count
}

/// 'Card number must be 16 digits'; groups separated by spaces are fine.
pub fn card_number(value: &str) -> Result<(), Message> {
    if value.trim().is_empty() || digits_exactly(value, CARD_NUMBER_DIGITS, true) {
        Ok(())
    } else {
        Err(MessageId::CardNumberDigits.into())
    }
}

/// 'CVV must be 3 digits'.
pub fn cvv(value: &str) -> Result<(), Message> {
    if value.trim().is_empty() || digits_exactly(value, CVV_DIGITS, false) {
        Ok(())
    } else {
        Err(MessageId::CvvDigits.into())
    }
}

/// 'Year must be 2 digits' (the card's expiry year, e.g. `29`).
pub fn expiry_year(value: &str) -> Result<(), Message> {
    if value.trim().is_empty() || digits_exactly(value, EXPIRY_YEAR_DIGITS, false) {
        Ok(())
    } else {
        Err(MessageId::YearDigits.into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn card_numbers_are_sixteen_digits_with_optional_spaces() {
        assert_eq!(card_number("4242424242424242"), Ok(()));
        assert_eq!(card_number("4242 4242 4242 4242"), Ok(()));
        for bad in [
            "4242 4242 4242 424",
            "4242-4242-4242-4242",
            "42424242424242421",
            "4242 4242 4242 424x",
        ] {
            assert_eq!(
                card_number(bad).unwrap_err().english(),
                "Card number must be 16 digits",
                "{bad}"
            );
        }
    }

    #[test]
    fn cvv_and_year_lengths() {
        assert_eq!(cvv("123"), Ok(()));
        for bad in ["12", "1234", "12a", "1 23"] {
            assert_eq!(
                cvv(bad).unwrap_err().english(),
                "CVV must be 3 digits",
                "{bad}"
            );
        }
        assert_eq!(expiry_year("29"), Ok(()));
        for bad in ["2029", "9", "2a"] {
            assert_eq!(
                expiry_year(bad).unwrap_err().english(),
                "Year must be 2 digits",
                "{bad}"
            );
        }
    }

    #[test]
    fn blank_is_left_to_the_required_rule() {
        assert_eq!(card_number(""), Ok(()));
        assert_eq!(cvv(" "), Ok(()));
        assert_eq!(expiry_year(""), Ok(()));
    }
}
