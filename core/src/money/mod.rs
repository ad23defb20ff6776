//! Exact money: an amount in minor units (hundredths), never a float.
//!
//! Amounts cross every boundary as decimal strings (`"12.50"`), so no client turns
//! them into binary floats. Server amounts are accepted as numbers or numeric strings;
//! a JSON number is read through its shortest decimal form, which is exactly what the
//! server wrote (`12.35` stays 12.35). More than two decimals round half away from zero.
//! Arithmetic saturates instead of overflowing: amounts near ±9e16 are not real money.

use std::fmt;
use std::iter::Sum;
use std::ops::{Add, AddAssign, Neg, Sub, SubAssign};
use std::str::FromStr;

use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use thiserror::Error;

/// Minor units per major unit.
const SCALE: i64 = 100;

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(type = "string"))]
pub struct Money(i64);

// The text is quoted, not Debug-formatted: Debug's escaping of text would put about
// 4 KB gzip of formatting code into every WASM module that can show this message.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MoneyError {
    #[error("not an amount of money: \"{0}\"")]
    Invalid(String),
    #[error("amount out of range: \"{0}\"")]
    OutOfRange(String),
}

impl Money {
    pub const ZERO: Money = Money(0);

    pub const fn from_minor(minor: i64) -> Self {
        Money(minor)
    }

    /// Whole major units, e.g. `Money::major(12)` is 12.00.
    pub const fn major(units: i64) -> Self {
        Money(units.saturating_mul(SCALE))
    }

    pub const fn minor(self) -> i64 {
        self.0
    }

    pub const fn is_zero(self) -> bool {
        self.0 == 0
    }

    pub const fn is_negative(self) -> bool {
        self.0 < 0
    }

    /// The amount times a quantity.
    pub fn times(self, quantity: u32) -> Self {
        Money(self.0.saturating_mul(i64::from(quantity)))
    }

    /// The share of this amount at a rate in basis points (1400 = 14%), rounded half
    /// away from zero to the minor unit.
    pub fn percent_bp(self, basis_points: u32) -> Self {
        let product = i128::from(self.0) * i128::from(basis_points);
        let half = 5_000 * product.signum();
        Money(clamp_i128((product + half) / 10_000))
    }

    /// Never below zero.
    pub fn non_negative(self) -> Self {
        Money(self.0.max(0))
    }

    /// The amount without its sign.
    pub const fn abs(self) -> Self {
        Money(self.0.saturating_abs())
    }

    /// Whether the amount is below, at or above zero (what a page shows for it: a
    /// discount line or none, a credit or a debit).
    pub const fn sign(self) -> Sign {
        match self.0 {
            ..0 => Sign::Negative,
            0 => Sign::Zero,
            _ => Sign::Positive,
        }
    }

    /// Parses a decimal amount: optional sign, digits, optional fraction
    /// (`"12"`, `"12.5"`, `"-0.75"`, `".5"`, also exponent forms such as `"1e3"` that
    /// JSON numbers may take).
    pub fn parse(text: &str) -> Result<Self, MoneyError> {
        let invalid = || MoneyError::Invalid(text.to_owned());
        let trimmed = text.trim();
        // Split and stripped, never sliced at an index: a slice's panic path (its message
        // formats with Debug) would be kilobytes of every WASM module that reads amounts.
        let (negative, unsigned) = match (trimmed.strip_prefix('-'), trimmed.strip_prefix('+')) {
            (Some(rest), _) => (true, rest),
            (None, Some(rest)) => (false, rest),
            (None, None) => (false, trimmed),
        };
        let (mantissa, exponent) = match unsigned.split_once(['e', 'E']) {
            Some((mantissa, exponent)) => {
                let exponent: i32 = exponent.parse().map_err(|_| invalid())?;
                (mantissa, exponent)
            }
            None => (unsigned, 0),
        };
        let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
        let all_digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
        if (whole.is_empty() && fraction.is_empty()) || !all_digits(whole) || !all_digits(fraction)
        {
            return Err(invalid());
        }
        // Shift the decimal point by the exponent over the digit string.
        let digits: Vec<u8> = whole
            .bytes()
            .chain(fraction.bytes())
            .map(|b| b - b'0')
            .collect();
        let point = i64::try_from(whole.len()).map_err(|_| invalid())? + i64::from(exponent);
        let out_of_range = || MoneyError::OutOfRange(text.to_owned());
        let mut minor: i128 = 0;
        // Integer part and two decimals: digit positions [0, point + 2).
        let keep = point + 2;
        if keep > 30 {
            return Err(out_of_range());
        }
        for position in 0..keep.max(0) {
            let digit = usize::try_from(position)
                .ok()
                .and_then(|p| digits.get(p))
                .copied()
                .unwrap_or(0);
            minor = minor * 10 + i128::from(digit);
        }
        let next = usize::try_from(keep)
            .ok()
            .and_then(|p| digits.get(p))
            .copied()
            .unwrap_or(0);
        if next >= 5 {
            minor += 1;
        }
        if negative {
            minor = -minor;
        }
        i64::try_from(minor).map(Money).map_err(|_| out_of_range())
    }
}

fn clamp_i128(value: i128) -> i64 {
    i64::try_from(value).unwrap_or(if value < 0 { i64::MIN } else { i64::MAX })
}

impl fmt::Display for Money {
    /// Always two decimals, `.` as separator: `12.50`, `-0.05`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let abs = self.0.unsigned_abs();
        let scale = SCALE.unsigned_abs();
        write!(f, "{sign}{}.{:02}", abs / scale, abs % scale)
    }
}

impl FromStr for Money {
    type Err = MoneyError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Money::parse(s)
    }
}

impl Add for Money {
    type Output = Money;
    fn add(self, rhs: Money) -> Money {
        Money(self.0.saturating_add(rhs.0))
    }
}

impl AddAssign for Money {
    fn add_assign(&mut self, rhs: Money) {
        *self = *self + rhs;
    }
}

impl Sub for Money {
    type Output = Money;
    fn sub(self, rhs: Money) -> Money {
        Money(self.0.saturating_sub(rhs.0))
    }
}

impl SubAssign for Money {
    fn sub_assign(&mut self, rhs: Money) {
        *self = *self - rhs;
    }
}

impl Neg for Money {
    type Output = Money;
    fn neg(self) -> Money {
        Money(self.0.saturating_neg())
    }
}

impl Sum for Money {
    fn sum<I: Iterator<Item = Money>>(iter: I) -> Money {
        iter.fold(Money::ZERO, Add::add)
    }
}

impl Serialize for Money {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Money {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(MoneyVisitor)
    }
}

struct MoneyVisitor;

impl Visitor<'_> for MoneyVisitor {
    type Value = Money;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an amount as a number or a numeric string")
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Money, E> {
        Money::parse(v).map_err(E::custom)
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Money, E> {
        v.checked_mul(SCALE)
            .map(Money)
            .ok_or_else(|| E::custom(MoneyError::OutOfRange(v.to_string())))
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Money, E> {
        i64::try_from(v)
            .ok()
            .and_then(|v| v.checked_mul(SCALE))
            .map(Money)
            .ok_or_else(|| E::custom(MoneyError::OutOfRange(v.to_string())))
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Money, E> {
        if !v.is_finite() {
            return Err(E::custom(MoneyError::Invalid(v.to_string())));
        }
        // Rust prints the shortest decimal that reads back as the same float: the
        // digits the server wrote.
        Money::parse(&v.to_string()).map_err(E::custom)
    }
}

/// The sign of an amount.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Sign {
    Negative,
    Zero,
    Positive,
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn m(text: &str) -> Money {
        Money::parse(text).unwrap()
    }

    #[test]
    fn errors_quote_the_text() {
        assert_eq!(
            Money::parse("1,5").unwrap_err().to_string(),
            "not an amount of money: \"1,5\""
        );
        assert_eq!(
            MoneyError::OutOfRange("1e30".into()).to_string(),
            "amount out of range: \"1e30\""
        );
    }

    #[test]
    fn parses_decimal_forms() {
        assert_eq!(m("12"), Money::from_minor(1200));
        assert_eq!(m("12.5"), Money::from_minor(1250));
        assert_eq!(m("12.50"), Money::from_minor(1250));
        assert_eq!(m("-0.75"), Money::from_minor(-75));
        assert_eq!(m(".5"), Money::from_minor(50));
        assert_eq!(m("7."), Money::from_minor(700));
        assert_eq!(m("1e3"), Money::from_minor(100_000));
        assert_eq!(m("1.5E-1"), Money::from_minor(15));
        assert_eq!(m(" 3.00 "), Money::from_minor(300));
    }

    #[test]
    fn extra_decimals_round_half_away_from_zero() {
        assert_eq!(m("0.005"), Money::from_minor(1));
        assert_eq!(m("0.004"), Money::from_minor(0));
        assert_eq!(m("-2.675"), Money::from_minor(-268));
    }

    #[test]
    fn rejects_what_is_not_an_amount() {
        for bad in [
            "", "-", ".", "abc", "1.2.3", "1,5", "0x10", "1e", "١٢", "NaN",
        ] {
            assert!(Money::parse(bad).is_err(), "{bad:?}");
        }
        assert!(matches!(
            Money::parse("1e40"),
            Err(MoneyError::OutOfRange(_))
        ));
    }

    #[test]
    fn displays_two_decimals() {
        assert_eq!(Money::from_minor(1250).to_string(), "12.50");
        assert_eq!(Money::from_minor(-5).to_string(), "-0.05");
        assert_eq!(Money::ZERO.to_string(), "0.00");
    }

    #[test]
    fn percent_rounds_half_away_from_zero() {
        assert_eq!(
            Money::from_minor(1000).percent_bp(1400),
            Money::from_minor(140)
        );
        // 0.35 * 14% = 0.049 -> 0.05
        assert_eq!(Money::from_minor(35).percent_bp(1400), Money::from_minor(5));
        // 0.25 * 10% = 0.025 -> 0.03
        assert_eq!(Money::from_minor(25).percent_bp(1000), Money::from_minor(3));
        assert_eq!(
            Money::from_minor(-25).percent_bp(1000),
            Money::from_minor(-3)
        );
    }

    #[test]
    fn reads_server_numbers_and_strings_and_writes_strings() {
        let read = |json: &str| serde_json::from_str::<Money>(json).unwrap();
        assert_eq!(read("12.35"), Money::from_minor(1235));
        assert_eq!(read("0.1"), Money::from_minor(10));
        assert_eq!(read("7"), Money::from_minor(700));
        assert_eq!(read("\"19.99\""), Money::from_minor(1999));
        assert!(serde_json::from_str::<Money>("true").is_err());
        assert!(serde_json::from_str::<Money>("\"twelve\"").is_err());
        assert_eq!(
            serde_json::to_string(&Money::from_minor(1999)).unwrap(),
            "\"19.99\""
        );
    }

    #[test]
    fn arithmetic_saturates() {
        assert_eq!(
            Money::from_minor(i64::MAX) + Money::from_minor(1),
            Money::from_minor(i64::MAX)
        );
        assert_eq!(Money::from_minor(250).times(3), Money::from_minor(750));
        let total: Money = [m("1.10"), m("2.20"), m("3.30")].into_iter().sum();
        assert_eq!(total, m("6.60"));
    }

    proptest! {
        #[test]
        fn display_then_parse_is_identity(minor in -1_000_000_000_000i64..1_000_000_000_000) {
            let money = Money::from_minor(minor);
            prop_assert_eq!(Money::parse(&money.to_string()).unwrap(), money);
        }

        #[test]
        fn float_json_of_two_decimal_amounts_is_exact(minor in 0i64..10_000_000_000) {
            let json = format!("{}.{:02}", minor / 100, minor % 100);
            let as_float: f64 = json.parse().unwrap();
            let read: Money = serde_json::from_value(serde_json::json!(as_float)).unwrap();
            prop_assert_eq!(read, Money::from_minor(minor));
        }

        #[test]
        fn parse_reads_a_decimal_text_at_its_exact_value((text, value) in decimal_text()) {
            prop_assert_eq!(Money::parse(&text), Ok(Money::from_minor(value.minor_rounded())), "{}", text);
        }

        #[test]
        fn parse_keeps_the_order_of_decimal_texts((a, va) in decimal_text(), (b, vb) in decimal_text()) {
            let (ma, mb) = (Money::parse(&a).unwrap(), Money::parse(&b).unwrap());
            // Rounding may merge two values into one amount, never swap them.
            match va.cmp(&vb) {
                std::cmp::Ordering::Less => prop_assert!(ma <= mb, "{} < {}", a, b),
                std::cmp::Ordering::Equal => prop_assert_eq!(ma, mb, "{} = {}", a, b),
                std::cmp::Ordering::Greater => prop_assert!(ma >= mb, "{} > {}", a, b),
            }
            // The difference's sign tells the same order.
            let expected = match ma.cmp(&mb) {
                std::cmp::Ordering::Less => Sign::Negative,
                std::cmp::Ordering::Equal => Sign::Zero,
                std::cmp::Ordering::Greater => Sign::Positive,
            };
            prop_assert_eq!((ma - mb).sign(), expected);
        }

        #[test]
        fn parse_refuses_a_stray_character_as_invalid(
            (text, _) in decimal_text(),
            stray in "[a-df-zA-DF-Z,_%$٠-٩]",
            at in any::<prop::sample::Index>(),
        ) {
            let mut text = text;
            let at = text.char_indices().map(|(i, _)| i).nth(at.index(text.chars().count() + 1)).unwrap_or(text.len());
            text.insert_str(at, &stray);
            prop_assert_eq!(Money::parse(&text), Err(MoneyError::Invalid(text.clone())));
        }

        #[test]
        fn parse_accepts_exactly_the_grammar_and_names_what_it_refuses(
            text in prop_oneof![
                ".{0,40}",
                "[-+ .0-9eE]{0,12}",
                "[0-9]{17,24}(\\.[0-9]{0,3})?",
                decimal_text().prop_map(|(text, _)| text),
            ],
        ) {
            match Money::parse(&text) {
                Ok(money) => {
                    prop_assert!(is_amount_text(&text), "accepted {:?}", text);
                    prop_assert_eq!(Money::parse(&money.to_string()), Ok(money));
                }
                Err(MoneyError::Invalid(named)) => {
                    prop_assert!(!is_amount_text(&text), "{:?} called invalid", text);
                    prop_assert_eq!(named, text);
                }
                Err(MoneyError::OutOfRange(named)) => {
                    prop_assert!(is_amount_text(&text), "{:?} called out of range", text);
                    prop_assert_eq!(named, text);
                }
            }
        }
    }

    /// An exact decimal value: `digits` × 10^`exponent`, signed.
    #[derive(Debug, Clone, Copy)]
    struct Exact {
        digits: i128,
        exponent: i32,
    }

    impl Exact {
        /// In minor units, rounded half away from zero: plain integer arithmetic, not
        /// the parser's digit walk.
        fn minor_rounded(self) -> i64 {
            let shift = self.exponent + 2;
            let magnitude = if shift >= 0 {
                self.digits.abs() * 10i128.pow(shift.unsigned_abs())
            } else {
                let divisor = 10i128.pow(shift.unsigned_abs());
                (self.digits.abs() + divisor / 2) / divisor
            };
            i64::try_from(magnitude * self.digits.signum()).unwrap()
        }
    }

    impl PartialEq for Exact {
        fn eq(&self, other: &Self) -> bool {
            self.cmp(other) == std::cmp::Ordering::Equal
        }
    }

    impl Eq for Exact {}

    impl PartialOrd for Exact {
        fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
            Some(self.cmp(other))
        }
    }

    impl Ord for Exact {
        fn cmp(&self, other: &Self) -> std::cmp::Ordering {
            // Both over the smaller exponent; the generator's ranges keep this in i128.
            let low = self.exponent.min(other.exponent);
            let scaled = |e: Exact| e.digits * 10i128.pow((e.exponent - low).unsigned_abs());
            scaled(*self).cmp(&scaled(*other))
        }
    }

    /// A decimal text in any form `parse` documents (spaces, sign, whole digits, point,
    /// fraction, exponent), with its exact value. Sizes keep every value within range.
    fn decimal_text() -> impl Strategy<Value = (String, Exact)> {
        (
            "[ \t]{0,2}",
            prop_oneof![Just(""), Just("+"), Just("-")],
            "[0-9]{0,12}",
            any::<bool>(),
            "[0-9]{0,6}",
            proptest::option::of((prop_oneof![Just("e"), Just("E"), Just("e+")], -8i32..=4)),
        )
            .prop_map(|(pad, sign, whole, point, fraction, exponent)| {
                let whole = if whole.is_empty() && fraction.is_empty() {
                    "0".to_owned()
                } else {
                    whole
                };
                let mut text = format!("{pad}{sign}{whole}");
                if point || !fraction.is_empty() {
                    text.push('.');
                    text.push_str(&fraction);
                }
                let mut power = 0;
                if let Some((marker, e)) = exponent {
                    // "e+" only before a non-negative exponent.
                    let marker = if e < 0 { "e" } else { marker };
                    text.push_str(&format!("{marker}{e}"));
                    power = e;
                }
                text.push_str(&pad);
                let magnitude: i128 = format!("{whole}{fraction}").parse().unwrap();
                let digits = if sign == "-" { -magnitude } else { magnitude };
                let exponent = power - i32::try_from(fraction.len()).unwrap();
                (text, Exact { digits, exponent })
            })
    }

    /// The grammar `parse` documents, read character by character: an optional sign,
    /// digits with at most one point (one digit at least), then optionally `e` or `E`
    /// and an exponent that fits an `i32`; spaces around.
    fn is_amount_text(text: &str) -> bool {
        let mut chars = text.trim().chars().peekable();
        chars.next_if(|c| matches!(c, '+' | '-'));
        let (mut digits, mut points) = (0, 0);
        while let Some(c) = chars.next_if(|c| c.is_ascii_digit() || *c == '.') {
            if c == '.' {
                points += 1;
            } else {
                digits += 1;
            }
        }
        if digits == 0 || points > 1 {
            return false;
        }
        match chars.next() {
            None => true,
            Some('e' | 'E') => chars.collect::<String>().parse::<i32>().is_ok(),
            Some(_) => false,
        }
    }

    #[test]
    fn sign_and_abs() {
        assert_eq!(m("-0.01").sign(), Sign::Negative);
        assert_eq!(m("0.00").sign(), Sign::Zero);
        assert_eq!(m("-0").sign(), Sign::Zero);
        assert_eq!(m("12.5").sign(), Sign::Positive);
        assert_eq!(m("-12.5").abs(), m("12.50"));
        assert_eq!(m("3").abs(), m("3"));
        assert_eq!(
            Money::from_minor(i64::MIN).abs(),
            Money::from_minor(i64::MAX)
        );
        assert_eq!(serde_json::to_value(Sign::Negative).unwrap(), "negative");
    }
}
