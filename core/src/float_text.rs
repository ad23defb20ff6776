//! Floats to and from text without std's float printer and parser, which would add
//! about 18 KB and 30 KB to the WASM core for the few places that need them: printed
//! with zmij and read with serde_json's number reader, both linked anyway.

use std::cmp::Ordering;

use crate::value_tree::Tree;

/// What `value.to_string()` returns.
pub(crate) fn display(value: f64) -> String {
    let mut buffer = zmij::Buffer::new();
    // zmij writes NaN and the infinities as std does, and finite values as
    // `[-]digits[.digits][e±exponent]`.
    let printed = buffer.format(value);
    if !value.is_finite() {
        return printed.to_owned();
    }
    let sign = if value.is_sign_negative() { "-" } else { "" };
    let (mut digits, mut exponent) = shortest(printed.trim_start_matches('-'));
    if exact_half_above(value.abs(), digits, exponent) {
        // Both neighbours are shortest; zmij keeps the even one, std rounds half up.
        (digits, exponent) = trimmed(digits + 1, exponent);
    }
    if digits == 0 {
        return format!("{sign}0");
    }
    let digits = digits.to_string();
    let point = digits.len() as i32 + exponent;
    if point <= 0 {
        format!(
            "{sign}0.{}{digits}",
            "0".repeat(point.unsigned_abs() as usize)
        )
    } else if exponent >= 0 {
        format!("{sign}{digits}{}", "0".repeat(exponent as usize))
    } else {
        let (int, frac) = digits.split_at(point as usize);
        format!("{sign}{int}.{frac}")
    }
}

/// What `text.parse::<f64>()` gives when that is a finite number.
///
/// Exact for every text that is some float's shortest form (what any correct printer
/// writes: std, JavaScript's `String(number)`) and for up to 15 significant digits
/// with an exponent within ±22. Longer texts that no printer writes are read as
/// serde_json reads them, which can be a few steps off the nearest float.
pub(crate) fn parse_finite(text: &str) -> Option<f64> {
    let (negative, unsigned) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    let (mantissa, exponent) = match unsigned.split_once(['e', 'E']) {
        Some((mantissa, exponent)) => (mantissa, exponent_value(exponent)?),
        None => (unsigned, 0),
    };
    let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let all_digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if (whole.is_empty() && fraction.is_empty()) || !all_digits(whole) || !all_digits(fraction) {
        return None;
    }
    // The significant digits, and the power of ten of the last one.
    let digits = format!("{whole}{fraction}");
    let significant = digits.trim_start_matches('0').trim_end_matches('0');
    if significant.is_empty() {
        return Some(if negative { -0.0 } else { 0.0 });
    }
    let trailing_zeros = digits.trim_end_matches('0').len();
    let exponent = exponent - fraction.len() as i64 + (digits.len() - trailing_zeros) as i64;
    let sign = if negative { "-" } else { "" };
    let Ok(Tree::Float(read)) = serde_json::from_str(&format!("{sign}{significant}e{exponent}"))
    else {
        return None;
    };
    if !read.is_finite() {
        return None;
    }
    // A shortest form names its float exactly: walk from the reading towards the float
    // that prints as the text, if there is one.
    if let (Ok(wanted), Ok(exponent)) = (significant.parse::<u64>(), i32::try_from(exponent)) {
        let wanted = (wanted, exponent);
        let mut magnitude = read.abs();
        let mut last = None;
        for _ in 0..64 {
            let mut buffer = zmij::Buffer::new();
            let (digits, exponent) = shortest(buffer.format_finite(magnitude));
            // Between two equally short forms, std writes the upper one, zmij (and
            // JavaScript) the even one: either names the float.
            let upper = exact_half_above(magnitude, digits, exponent)
                .then(|| trimmed(digits + 1, exponent));
            let order = compare((digits, exponent), wanted);
            match order {
                _ if upper == Some(wanted) => {
                    return Some(if negative { -magnitude } else { magnitude });
                }
                Ordering::Equal => return Some(if negative { -magnitude } else { magnitude }),
                // Stepped past it: no float prints as the text.
                _ if last.is_some_and(|last| last != order) => break,
                Ordering::Less => magnitude = magnitude.next_up(),
                Ordering::Greater => magnitude = magnitude.next_down(),
            }
            last = Some(order);
        }
    }
    Some(read)
}

/// Orders two `digits × 10^exponent` decimals (digits without trailing zeros).
fn compare((a, a_exponent): (u64, i32), (b, b_exponent): (u64, i32)) -> Ordering {
    if a == 0 || b == 0 {
        return a.cmp(&b);
    }
    let (a_len, b_len) = (a.ilog10() as i32 + 1, b.ilog10() as i32 + 1);
    // Where the leading digit sits, then the digits aligned to the same length.
    (a_len + a_exponent)
        .cmp(&(b_len + b_exponent))
        .then_with(|| {
            let len = a_len.max(b_len);
            let pad = |n: u64, n_len: i32| u128::from(n) * 10u128.pow((len - n_len) as u32);
            pad(a, a_len).cmp(&pad(b, b_len))
        })
}

/// The exponent after `e`: an optional sign and digits, saturated far beyond any float.
fn exponent_value(text: &str) -> Option<i64> {
    let (negative, digits) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let value = digits
        .bytes()
        .fold(0i64, |n, b| (n * 10 + i64::from(b - b'0')).min(1_000_000));
    Some(if negative { -value } else { value })
}

/// zmij's unsigned output as `digits × 10^exponent`, without trailing zeros.
fn shortest(printed: &str) -> (u64, i32) {
    let (mantissa, exponent) = match printed.split_once(['e', 'E']) {
        Some((mantissa, exponent)) => (mantissa, exponent.parse::<i32>().unwrap_or(0)),
        None => (printed, 0),
    };
    let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    // At most 17 significant digits: they fit in a u64.
    let digits = whole
        .bytes()
        .chain(fraction.bytes())
        .fold(0u64, |n, b| n * 10 + u64::from(b - b'0'));
    trimmed(digits, exponent - fraction.len() as i32)
}

fn trimmed(mut digits: u64, mut exponent: i32) -> (u64, i32) {
    while digits != 0 && digits.is_multiple_of(10) {
        digits /= 10;
        exponent += 1;
    }
    (digits, exponent)
}

/// Whether `value` (positive) is exactly `(digits + ½) × 10^exponent`.
///
/// Such a value is `odd × 2^e` with `odd × 5^-e = 10 × digits + 5` and
/// `e = exponent − 1`; with at most 18 significant digits, `5^-e` stays below 2^60.
fn exact_half_above(value: f64, digits: u64, exponent: i32) -> bool {
    let bits = value.to_bits();
    let biased = (bits >> 52) as i32;
    let fraction = bits & ((1 << 52) - 1);
    let (mantissa, power) = if biased == 0 {
        (fraction, -1074)
    } else {
        (fraction | 1 << 52, biased - 1075)
    };
    if mantissa == 0 {
        return false;
    }
    let zeros = mantissa.trailing_zeros();
    let (odd, e) = (mantissa >> zeros, power + zeros as i32);
    e < 0
        && e > -26
        && e == exponent - 1
        && u128::from(odd) * 5u128.pow(e.unsigned_abs()) == u128::from(digits) * 10 + 5
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn matches_display_on_edge_values() {
        for value in [
            0.0,
            -0.0,
            1.0,
            -1.5,
            0.1,
            12.35,
            100.0,
            1e15,
            1e16,
            1.5e300,
            1e-7,
            -2.5e-5,
            123_456_789.125,
            // Exactly between two shortest forms: std rounds half up.
            1_220_400_554_774_103.0 + 0.25,
            1e14 + 0.125,
            8_388_608.0 + 1.0 / 1024.0,
            f64::MAX,
            f64::MIN_POSITIVE,
            5e-324,
            9_007_199_254_740_993.0,
            f64::NAN,
            f64::INFINITY,
            f64::NEG_INFINITY,
        ] {
            assert_eq!(display(value), value.to_string(), "{value:e}");
        }
    }

    /// What the std parser gives, when finite.
    fn std_parse(text: &str) -> Option<f64> {
        text.parse::<f64>().ok().filter(|f| f.is_finite())
    }

    #[test]
    fn parses_as_std_on_edge_texts() {
        for text in [
            "0",
            "-0",
            "+0",
            "00",
            "0.0",
            "-0.000",
            "1",
            "+1",
            "-1",
            "01",
            "001.50",
            ".5",
            "5.",
            "-.5",
            "30.0444",
            "31.2357",
            "1e5",
            "1E5",
            "1e+5",
            "1e-5",
            "1.5e-7",
            "0.1",
            "0.10000000000000001",
            "9007199254740993",
            "5e-324",
            "2.4e-324",
            "1.7976931348623157e308",
            "1.8e308",
            "1e-400",
            "-1e-400",
            "1e400",
            "12.35",
            "100000000000000.125",
            "1220400554774103.3",
        ] {
            let (ours, std) = (parse_finite(text), std_parse(text));
            assert_eq!(ours.map(f64::to_bits), std.map(f64::to_bits), "{text}");
        }
        for text in [
            "",
            ".",
            "-",
            "+",
            "e5",
            "1e",
            "1e+",
            "1.2.3",
            "1,5",
            " 1",
            "1 ",
            "0x10",
            "1_000",
            "inf",
            "-infinity",
            "NaN",
            "nan",
            "١٢",
        ] {
            assert_eq!(parse_finite(text), None, "{text}");
        }
    }

    proptest! {
        #[test]
        fn matches_display(value in any::<f64>()) {
            prop_assert_eq!(display(value), value.to_string());
        }

        #[test]
        fn matches_display_on_decimals(minor in any::<i64>(), scale in 0u32..12) {
            let value = minor as f64 / 10f64.powi(scale as i32);
            prop_assert_eq!(display(value), value.to_string());
        }

        #[test]
        fn reads_back_every_printed_float(value in any::<f64>()) {
            if value.is_finite() {
                // std's forms, and zmij's (which JavaScript's `String(number)` matches).
                let zmij = zmij::Buffer::new().format(value).to_owned();
                for text in [value.to_string(), format!("{value:e}"), format!("{value:E}"), zmij] {
                    prop_assert_eq!(parse_finite(&text).map(f64::to_bits), Some(value.to_bits()));
                }
            }
        }

        #[test]
        fn parses_as_std_up_to_15_digits(
            text in "[+-]?[0-9]{0,8}(\\.[0-9]{0,7})?([eE][+-]?(1?[0-9]|2[0-2]))?",
        ) {
            prop_assert_eq!(parse_finite(&text).map(f64::to_bits), std_parse(&text).map(f64::to_bits));
        }

        #[test]
        fn parses_long_texts_within_a_few_steps_of_std(
            text in "[+-]?[0-9]{1,25}(\\.[0-9]{0,25})?([eE][+-]?[0-9]{1,3})?",
        ) {
            match (parse_finite(&text), std_parse(&text)) {
                (Some(ours), Some(std)) => {
                    let (mut low, mut high) = (ours, ours);
                    for _ in 0..4 {
                        (low, high) = (low.next_down(), high.next_up());
                    }
                    prop_assert!((low..=high).contains(&std), "{} read as {:e}, std {:e}", text, ours, std);
                }
                (ours, std) => prop_assert_eq!(ours, std),
            }
        }

        #[test]
        fn matches_display_on_short_binary_fractions(odd in any::<u64>(), shift in 0u32..64) {
            // odd × 2^-shift: the values whose decimal form is short enough to tie.
            let value = (odd | 1) as f64 / 2f64.powi(shift as i32);
            prop_assert_eq!(display(value), value.to_string());
        }
    }
}
