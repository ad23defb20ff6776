//! An amount of money's digits as a page writes them, so that the server's page shows
//! the same text as the app's `Intl.NumberFormat(locale, {style: "currency"})`: the
//! template (written by the app's own components) holds the currency's symbol, sign and
//! order for the locale, and the server puts these digits in their place.

use super::{Language, in_digits};
use crate::money::Money;

/// The amount without its sign, two decimals, thousands grouped: `1,234.50` in English,
/// `١٬٢٣٤٫٥٠` in Arabic (Arabic-Indic digits, `٬` between thousands, `٫` before the
/// decimals), as `Intl.NumberFormat("en" | "ar-EG", {minimumFractionDigits: 2,
/// maximumFractionDigits: 2})` writes them.
pub fn amount_digits(amount: Money, language: Language) -> String {
    let minor = amount.minor().unsigned_abs();
    let point = match language {
        Language::En => '.',
        Language::Ar => '\u{066B}',
    };
    format!(
        "{}{point}{}",
        count_digits(minor / 100, language),
        in_digits(&format!("{:02}", minor % 100), language)
    )
}

/// A whole number with its thousands grouped, as `Intl.NumberFormat("en" | "ar-EG")`
/// writes it (and a plural message's `#`): `1,234` / `١٬٢٣٤`.
pub fn count_digits(count: u64, language: Language) -> String {
    let whole = count.to_string();
    let group = match language {
        Language::En => ',',
        Language::Ar => '\u{066C}',
    };
    let mut grouped = String::with_capacity(whole.len() + whole.len() / 3);
    for (i, digit) in whole.chars().enumerate() {
        if i > 0 && (whole.len() - i).is_multiple_of(3) {
            grouped.push(group);
        }
        grouped.push(digit);
    }
    in_digits(&grouped, language)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn as_intl_writes_them() {
        // `new Intl.NumberFormat(locale, {minimumFractionDigits: 2, maximumFractionDigits: 2})`,
        // read in Node (ICU 78).
        let cases = [
            (98_765_432_100, "987,654,321.00", "٩٨٧٬٦٥٤٬٣٢١٫٠٠"),
            (50, "0.50", "٠٫٥٠"),
            (123_456_789, "1,234,567.89", "١٬٢٣٤٬٥٦٧٫٨٩"),
            (100_000, "1,000.00", "١٬٠٠٠٫٠٠"),
            (99_999, "999.99", "٩٩٩٫٩٩"),
            (0, "0.00", "٠٫٠٠"),
        ];
        for (minor, en, ar) in cases {
            assert_eq!(amount_digits(Money::from_minor(minor), Language::En), en);
            assert_eq!(amount_digits(Money::from_minor(minor), Language::Ar), ar);
        }
    }

    #[test]
    fn counts_as_intl_writes_them() {
        for (n, en, ar) in [
            (0, "0", "٠"),
            (999, "999", "٩٩٩"),
            (1000, "1,000", "١٬٠٠٠"),
            (987_654_303, "987,654,303", "٩٨٧٬٦٥٤٬٣٠٣"),
        ] {
            assert_eq!(count_digits(n, Language::En), en);
            assert_eq!(count_digits(n, Language::Ar), ar);
        }
    }

    #[test]
    fn the_sign_is_the_templates() {
        assert_eq!(amount_digits(Money::from_minor(-500), Language::En), "5.00");
        assert_eq!(
            amount_digits(Money::from_minor(i64::MIN), Language::En),
            "92,233,720,368,547,758.08"
        );
    }
}
