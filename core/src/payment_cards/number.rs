//! A card number's digits: the Luhn check digit, the last four digits and the masked
//! label a saved card is shown by.

use crate::validation::ascii_digit;

/// Fewest and most digits in a card number (ISO/IEC 7812 numbers are 12 to 19 long).
pub const CARD_NUMBER_MIN_DIGITS: usize = 12;
pub const CARD_NUMBER_MAX_DIGITS: usize = 19;

/// The digits of a card number, as values 0 to 9: ASCII or Arabic-Indic digits (an
/// Arabic keyboard types those, and the card number field takes them), spaces
/// between groups ignored; `None` for any other character.
pub(crate) fn card_digits(number: &str) -> Option<Vec<u8>> {
    number
        .trim()
        .chars()
        .filter(|&c| c != ' ')
        .map(|c| ascii_digit(c).map(|d| d as u8 - b'0'))
        .collect()
}

/// Whether the number passes the Luhn check (its last digit checks the others, which
/// catches any one mistyped digit and most swapped pairs). Spaces are ignored; any
/// other non-digit, fewer than 12 or more than 19 digits fail.
pub fn luhn_valid(number: &str) -> bool {
    let Some(digits) = card_digits(number) else {
        return false;
    };
    if !(CARD_NUMBER_MIN_DIGITS..=CARD_NUMBER_MAX_DIGITS).contains(&digits.len()) {
        return false;
    }
    // From the check digit leftwards, every second digit doubled (its digits summed).
    let sum: u32 = digits
        .iter()
        .rev()
        .enumerate()
        .map(|(i, &d)| {
            let d = u32::from(d);
            if i % 2 == 1 {
                let doubled = 2 * d;
                if doubled > 9 { doubled - 9 } else { doubled }
            } else {
                d
            }
        })
        .sum();
    sum.is_multiple_of(10)
}

/// The last four digits of a card number (ASCII), what may be kept and shown of it;
/// `None` when it has fewer than four digits or a character other than digits and
/// spaces.
pub fn last_four_digits(number: &str) -> Option<String> {
    let digits = card_digits(number)?;
    let last = digits.get(digits.len().checked_sub(4)?..)?;
    Some(last.iter().map(|&d| char::from(b'0' + d)).collect())
}

/// A saved card's label: four bullets (U+2022), a space and its last four digits,
/// "•••• 4242".
pub fn masked_label(last4: &str) -> String {
    format!("\u{2022}\u{2022}\u{2022}\u{2022} {}", last4.trim())
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn known_test_numbers_pass() {
        for good in [
            "4242424242424242",
            "5555555555554444",
            "4000000000000077",
            "4242 4242 4242 4242",
            " 5555 5555 5555 4444 ",
            "٤٢٤٢٤٢٤٢٤٢٤٢٤٢٤٢",
            // 12, 15 and 19 digits.
            "000000000000",
            "378282246310005",
            "4000000000000000006",
        ] {
            assert!(luhn_valid(good), "{good}");
        }
    }

    #[test]
    fn mistakes_fail() {
        for bad in [
            "4242424242424241",
            "4242424242424243",
            "5555555555554445",
            "4000000000000078",
            // Two neighbours swapped.
            "2424424242424242",
            "4242-4242-4242-4242",
            "4242424242424242x",
            "4242\t4242424242424242",
            "",
            "   ",
            "0",
            // Valid sums but 11 and 20 digits.
            "00000000000",
            "00000000000000000000",
        ] {
            assert!(!luhn_valid(bad), "{bad:?}");
        }
    }

    #[test]
    fn last_four_and_masked_label() {
        assert_eq!(
            last_four_digits("4242 4242 4242 4242").as_deref(),
            Some("4242")
        );
        assert_eq!(
            last_four_digits("5555555555554444").as_deref(),
            Some("4444")
        );
        assert_eq!(last_four_digits("٥٥٥٥ ٤٤٤١").as_deref(), Some("4441"));
        assert_eq!(last_four_digits("1234").as_deref(), Some("1234"));
        assert_eq!(last_four_digits("123"), None);
        assert_eq!(last_four_digits("4242-4242"), None);
        assert_eq!(masked_label("4242"), "•••• 4242");
        assert_eq!(
            masked_label("4242"),
            "\u{2022}\u{2022}\u{2022}\u{2022} 4242"
        );
    }

    proptest! {
        #[test]
        fn every_single_digit_change_fails(digits in proptest::collection::vec(0u8..10, 11..19), at in any::<prop::sample::Index>(), by in 1u8..10) {
            // Complete the number with the check digit that makes it valid.
            let body: String = digits.iter().map(|&d| char::from(b'0' + d)).collect();
            let check = (0..10u8)
                .find(|c| luhn_valid(&format!("{body}{c}")))
                .expect("exactly one check digit fits");
            let number = format!("{body}{check}");
            prop_assert!(luhn_valid(&number));
            let mut changed: Vec<u8> = number.bytes().collect();
            let i = at.index(changed.len());
            changed[i] = b'0' + (changed[i] - b'0' + by) % 10;
            prop_assert!(!luhn_valid(std::str::from_utf8(&changed).unwrap()));
        }
    }
}
