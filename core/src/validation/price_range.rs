//! The price-range slider (spec 5): the chosen range stays within the allowed bounds,
//! its minimum never above its maximum, shown with two decimals (exact [`Money`],
//! which crosses as `"12.50"`).

use serde::{Deserialize, Serialize};

use crate::money::Money;

/// A price range; amounts cross as two-decimal strings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PriceRange {
    pub min: Money,
    pub max: Money,
}

/// The range clamped into `bounds` (bounds given the wrong way round are swapped);
/// when the thumbs cross, the two ends are swapped, as the slider draws them.
pub fn clamp_price_range(range: PriceRange, bounds: PriceRange) -> PriceRange {
    let (low, high) = if bounds.min <= bounds.max {
        (bounds.min, bounds.max)
    } else {
        (bounds.max, bounds.min)
    };
    let a = range.min.clamp(low, high);
    let b = range.max.clamp(low, high);
    PriceRange {
        min: a.min(b),
        max: a.max(b),
    }
}

/// A price filter whose ends may be open (a listing's URL).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct OpenPriceRange {
    pub min: Option<Money>,
    pub max: Option<Money>,
}

/// The filter in order: a minimum above the maximum (a hand-edited URL) is swapped, so
/// a listing is never asked for an impossible range; an open end stays open.
pub fn order_price_range(range: OpenPriceRange) -> OpenPriceRange {
    match (range.min, range.max) {
        (Some(min), Some(max)) if min > max => OpenPriceRange {
            min: Some(max),
            max: Some(min),
        },
        _ => range,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_open_range_is_put_in_order() {
        let m = |t: &str| Some(Money::parse(t).unwrap());
        let open = |min, max| OpenPriceRange { min, max };
        assert_eq!(
            order_price_range(open(m("500"), m("100"))),
            open(m("100"), m("500"))
        );
        assert_eq!(
            order_price_range(open(m("10"), m("20"))),
            open(m("10"), m("20"))
        );
        assert_eq!(
            order_price_range(open(m("500"), None)),
            open(m("500"), None)
        );
        assert_eq!(order_price_range(open(None, m("5"))), open(None, m("5")));
    }
    use proptest::prelude::*;

    fn range(min: &str, max: &str) -> PriceRange {
        PriceRange {
            min: Money::parse(min).unwrap(),
            max: Money::parse(max).unwrap(),
        }
    }

    #[test]
    fn clamps_into_the_bounds_with_two_decimals() {
        let bounds = range("10", "250.5");
        let clamped = clamp_price_range(range("-5", "900"), bounds);
        assert_eq!(clamped, range("10", "250.50"));
        assert_eq!(
            serde_json::to_value(clamped).unwrap(),
            serde_json::json!({"min": "10.00", "max": "250.50"})
        );
        assert_eq!(
            clamp_price_range(range("20.5", "30"), bounds),
            range("20.50", "30.00")
        );
    }

    #[test]
    fn crossed_thumbs_and_inverted_bounds_are_put_in_order() {
        assert_eq!(
            clamp_price_range(range("80", "40"), range("0", "100")),
            range("40", "80")
        );
        assert_eq!(
            clamp_price_range(range("5", "500"), range("100", "0")),
            range("5", "100")
        );
    }

    #[test]
    fn reads_server_numbers() {
        let read: PriceRange =
            serde_json::from_value(serde_json::json!({"min": 0, "max": 99.9})).unwrap();
        assert_eq!(read, range("0", "99.90"));
    }

    proptest! {
        #[test]
        fn result_is_ordered_and_within_bounds(a in any::<i64>(), b in any::<i64>(), lo in any::<i64>(), hi in any::<i64>()) {
            let bounds = PriceRange { min: Money::from_minor(lo), max: Money::from_minor(hi) };
            let out = clamp_price_range(PriceRange { min: Money::from_minor(a), max: Money::from_minor(b) }, bounds);
            let (low, high) = (Money::from_minor(lo.min(hi)), Money::from_minor(lo.max(hi)));
            prop_assert!(low <= out.min && out.min <= out.max && out.max <= high);
        }
    }
}
