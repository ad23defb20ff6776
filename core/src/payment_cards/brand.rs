//! A card's brand from the start of its number, for the brand logo and the schemes
//! the shop accepts.

use serde::{Deserialize, Serialize};

use super::number::card_digits;

/// A card scheme; serialised lowercase.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum CardBrand {
    Visa,
    Mastercard,
    /// Egypt's domestic scheme.
    Meeza,
    Unknown,
}

/// Meeza's prefix (it starts with 5, like Mastercard).
const MEEZA_PREFIX: u32 = 507_803;

/// The brand a card number starts with (spaces ignored; ASCII or Arabic-Indic
/// digits): Meeza `507803`, Visa `4`, Mastercard `51`–`55` and `2221`–`2720`;
/// [`CardBrand::Unknown`] otherwise, for too few digits to tell, or for a character
/// other than digits and spaces. Decided as soon as the prefix is typed.
pub fn card_brand(number: &str) -> CardBrand {
    let Some(digits) = card_digits(number) else {
        return CardBrand::Unknown;
    };
    // The number made by the first `len` digits, when there are that many.
    let prefix = |len: usize| {
        digits
            .get(..len)
            .map(|first| first.iter().fold(0u32, |n, &d| n * 10 + u32::from(d)))
    };
    // Meeza first: the most specific prefix, and one no broader rule may claim.
    if prefix(6) == Some(MEEZA_PREFIX) {
        CardBrand::Meeza
    } else if prefix(1) == Some(4) {
        CardBrand::Visa
    } else if prefix(2).is_some_and(|p| (51..=55).contains(&p))
        || prefix(4).is_some_and(|p| (2221..=2720).contains(&p))
    {
        CardBrand::Mastercard
    } else {
        CardBrand::Unknown
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use CardBrand::*;

    #[test]
    fn brands_at_each_prefix_boundary() {
        let cases = [
            ("4242424242424242", Visa),
            ("4000000000000077", Visa),
            ("4", Visa),
            ("5055555555554444", Unknown),
            ("5100000000000000", Mastercard),
            ("5555555555554444", Mastercard),
            ("5599999999999999", Mastercard),
            ("5600000000000000", Unknown),
            ("2220999999999999", Unknown),
            ("2221000000000009", Mastercard),
            ("2223003122003222", Mastercard),
            ("2720999999999999", Mastercard),
            ("2721000000000000", Unknown),
            ("5078030000000000", Meeza),
            ("5078 0312 3456 7890", Meeza),
            ("507803", Meeza),
            ("5078040000000000", Unknown),
            ("5078020000000000", Unknown),
            ("3782822463100050", Unknown),
            ("6011000990139424", Unknown),
            ("", Unknown),
        ];
        for (number, brand) in cases {
            assert_eq!(card_brand(number), brand, "{number}");
        }
    }

    #[test]
    fn partial_numbers_and_other_characters() {
        // Too few digits to tell.
        assert_eq!(card_brand("5"), Unknown);
        assert_eq!(card_brand("222"), Unknown);
        assert_eq!(card_brand("50780"), Unknown);
        assert_eq!(card_brand("51"), Mastercard);
        assert_eq!(card_brand("2221"), Mastercard);
        assert_eq!(card_brand(" ٤٢٤٢ ٤٢"), Visa);
        assert_eq!(card_brand("4242-4242"), Unknown);
        assert_eq!(card_brand("x4242"), Unknown);
    }

    #[test]
    fn serialises_lowercase() {
        assert_eq!(
            [Visa, Mastercard, Meeza, Unknown].map(|b| serde_json::to_value(b).unwrap()),
            ["visa", "mastercard", "meeza", "unknown"].map(|b| serde_json::json!(b))
        );
    }
}
