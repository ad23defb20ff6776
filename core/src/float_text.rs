//! Floats as text exactly as Rust's `Display` writes them (the shortest digits that
//! read back as the same float, never an exponent), printed with zmij, the float
//! printer serde_json already brings: std's own printer would add about 18 KB to the
//! WASM core for the few places that need float text.

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
        fn matches_display_on_short_binary_fractions(odd in any::<u64>(), shift in 0u32..64) {
            // odd × 2^-shift: the values whose decimal form is short enough to tie.
            let value = (odd | 1) as f64 / 2f64.powi(shift as i32);
            prop_assert_eq!(display(value), value.to_string());
        }
    }
}
