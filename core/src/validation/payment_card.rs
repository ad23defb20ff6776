//! Payment card fields (spec 5, 9): card number 16 digits, CVV 3, expiry year 2; and
//! (issue 36) the card number's check digit and an expiry month from 1 to 12.

use crate::messages::{Message, MessageId};

use super::digits::{ascii_digit, is_digit};

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

/// 'This card number is not valid' when the number fails the Luhn check (a mistyped
/// digit); see [`crate::payment_cards::luhn_valid`]. Put after [`card_number`], which
/// says what is wrong with a number of the wrong length.
pub fn card_number_checksum(value: &str) -> Result<(), Message> {
    if value.trim().is_empty() || crate::payment_cards::luhn_valid(value) {
        Ok(())
    } else {
        Err(MessageId::CardNumberInvalid.into())
    }
}

/// 'Month must be between 1 and 12' (the card's expiry month: one or two digits,
/// `5` or `05`).
pub fn expiry_month(value: &str) -> Result<(), Message> {
    let value = value.trim();
    let month = || {
        let digits: Option<String> = value.chars().map(ascii_digit).collect();
        digits
            .filter(|d| (1..=2).contains(&d.len()))?
            .parse::<u8>()
            .ok()
    };
    if value.is_empty() || month().is_some_and(|m| (1..=12).contains(&m)) {
        Ok(())
    } else {
        Err(MessageId::ExpiryMonthInvalid.into())
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
    fn the_check_digit_catches_typos() {
        for good in [
            "4242424242424242",
            "4242 4242 4242 4242",
            "5555555555554444",
            "4000000000000077",
        ] {
            assert_eq!(card_number_checksum(good), Ok(()), "{good}");
        }
        for bad in ["4242424242424241", "5555 5555 5555 4445", "1234", "4242x"] {
            assert_eq!(
                card_number_checksum(bad).unwrap_err().english(),
                "This card number is not valid",
                "{bad}"
            );
        }
        assert_eq!(
            card_number_checksum("1")
                .unwrap_err()
                .render(crate::locale::Language::Ar),
            "رقم البطاقة غير صالح"
        );
    }

    #[test]
    fn expiry_months_are_one_to_twelve() {
        for good in ["1", "01", "9", "09", "10", "12", " 12 ", "٠٥", "١٢"] {
            assert_eq!(expiry_month(good), Ok(()), "{good}");
        }
        for bad in ["0", "00", "13", "99", "001", "1a", "-1", "1.5", "1 2"] {
            assert_eq!(
                expiry_month(bad).unwrap_err().english(),
                "Month must be between 1 and 12",
                "{bad}"
            );
        }
    }

    #[test]
    fn blank_is_left_to_the_required_rule() {
        assert_eq!(card_number(""), Ok(()));
        assert_eq!(cvv(" "), Ok(()));
        assert_eq!(expiry_year(""), Ok(()));
        assert_eq!(card_number_checksum("  "), Ok(()));
        assert_eq!(expiry_month(""), Ok(()));
    }
}
