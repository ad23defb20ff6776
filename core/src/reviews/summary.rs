//! A product's rating summary: how many reviews, their average to one decimal, the
//! five stars drawn for that average, and the five-bar chart of the distribution.
//!
//! All exact, in integers: the average is kept in tenths of a star (43 is 4.3), so a
//! page never shows 4.2999999 or rounds 4.25 differently from the server.
//!
//! Stars show the shown average rounded to the nearest half star: x.0–x.2 is x stars,
//! x.3–x.7 is x and a half, x.8–x.9 is x + 1 (4.3 → ★★★★½, 4.2 → ★★★★☆, 4.8 → ★★★★★).
//! An average in tenths is never exactly between two halves, so no tie arises.

use serde::{Deserialize, Serialize};

/// How one of the five stars is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum StarFill {
    Full,
    Half,
    Empty,
}

/// The summary of a product's reviews.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RatingSummary {
    /// How many reviews.
    pub count: u64,
    /// The average rating in tenths of a star (10 to 50; 43 is 4.3), rounded half up;
    /// `None` without reviews.
    pub average_tenths: Option<u8>,
    /// The five stars for the average, first to fifth; all empty without reviews.
    pub stars: [StarFill; 5],
    /// Each bar's share of the reviews in whole percent (0 to 100), for 1 to 5 stars;
    /// each rounded half up on its own, so together they may make 99 to 101. All 0
    /// without reviews.
    pub shares: [u8; 5],
}

impl RatingSummary {
    /// The average as a decimal text with one decimal (`"4.3"`), `None` without
    /// reviews; clients format [`RatingSummary::average_tenths`] in the reader's digits.
    pub fn average_text(&self) -> Option<String> {
        self.average_tenths
            .map(|tenths| format!("{}.{}", tenths / 10, tenths % 10))
    }
}

/// `numerator / denominator` rounded half up (`denominator` above zero).
fn divide_half_up(numerator: u64, denominator: u64) -> u64 {
    (2 * numerator + denominator) / (2 * denominator)
}

/// The summary of the per-star counts `counts[0]` (1 star) to `counts[4]` (5 stars).
pub fn rating_summary(counts: [u32; 5]) -> RatingSummary {
    let count: u64 = counts.iter().copied().map(u64::from).sum();
    if count == 0 {
        return RatingSummary {
            count,
            average_tenths: None,
            stars: [StarFill::Empty; 5],
            shares: [0; 5],
        };
    }
    // At most 5 × 5 × u32::MAX stars, times 20 in the rounding: far inside u64.
    let stars_given: u64 = (1..=5u64)
        .zip(counts)
        .map(|(stars, n)| stars * u64::from(n))
        .sum();
    let tenths = divide_half_up(stars_given * 10, count);
    let average_tenths = u8::try_from(tenths).unwrap_or(50);
    let shares = counts.map(|n| {
        let percent = divide_half_up(u64::from(n) * 100, count);
        u8::try_from(percent).unwrap_or(100)
    });
    RatingSummary {
        count,
        average_tenths: Some(average_tenths),
        stars: star_fills(average_tenths),
        shares,
    }
}

/// The five stars drawn for an average in tenths of a star (43 is 4.3): rounded to the
/// nearest half star, as the module says. Above 50 is five full stars.
pub fn star_fills(average_tenths: u8) -> [StarFill; 5] {
    // Half stars in the average, rounded: tenths / 5, half up.
    let halves = divide_half_up(u64::from(average_tenths), 5).min(10);
    std::array::from_fn(|i| {
        let star = 2 * (i as u64 + 1);
        if halves >= star {
            StarFill::Full
        } else if halves + 1 == star {
            StarFill::Half
        } else {
            StarFill::Empty
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use StarFill::{Empty as E, Full as F, Half as H};
    use proptest::prelude::*;

    #[test]
    fn no_reviews() {
        let summary = rating_summary([0; 5]);
        assert_eq!(
            summary,
            RatingSummary {
                count: 0,
                average_tenths: None,
                stars: [E; 5],
                shares: [0; 5],
            }
        );
        assert_eq!(summary.average_text(), None);
    }

    #[test]
    fn average_to_one_decimal_half_up() {
        // 3 × 5 + 1 × 4 = 19 / 4 = 4.75 → 4.8.
        let summary = rating_summary([0, 0, 0, 1, 3]);
        assert_eq!(summary.count, 4);
        assert_eq!(summary.average_tenths, Some(48));
        assert_eq!(summary.average_text().as_deref(), Some("4.8"));
        // 4.25 → 4.3 (half up), not 4.2.
        assert_eq!(rating_summary([0, 0, 0, 3, 1]).average_tenths, Some(43));
        // 15 / 4 = 3.75 → 3.8, which an f64 also gets; 106 / 25 = 4.24 → 4.2.
        assert_eq!(rating_summary([1, 0, 0, 1, 2]).average_tenths, Some(38));
        assert_eq!(rating_summary([0, 0, 0, 19, 6]).average_tenths, Some(42));
        // 4 / 3 = 1.333… → 1.3.
        assert_eq!(rating_summary([2, 1, 0, 0, 0]).average_tenths, Some(13));
        assert_eq!(
            rating_summary([0, 0, 0, 0, 7]).average_text().as_deref(),
            Some("5.0")
        );
        assert_eq!(
            rating_summary([9, 0, 0, 0, 0]).average_text().as_deref(),
            Some("1.0")
        );
    }

    #[test]
    fn huge_counts_do_not_overflow() {
        let summary = rating_summary([u32::MAX; 5]);
        assert_eq!(summary.count, 5 * u64::from(u32::MAX));
        assert_eq!(summary.average_tenths, Some(30));
        assert_eq!(summary.shares, [20; 5]);
        assert_eq!(
            rating_summary([0, 0, 0, 0, u32::MAX]).average_tenths,
            Some(50)
        );
    }

    #[test]
    fn stars_round_to_the_nearest_half() {
        assert_eq!(star_fills(10), [F, E, E, E, E]);
        assert_eq!(star_fills(12), [F, E, E, E, E]);
        assert_eq!(star_fills(13), [F, H, E, E, E]);
        assert_eq!(star_fills(40), [F, F, F, F, E]);
        assert_eq!(star_fills(42), [F, F, F, F, E]);
        assert_eq!(star_fills(43), [F, F, F, F, H]);
        assert_eq!(star_fills(45), [F, F, F, F, H]);
        assert_eq!(star_fills(47), [F, F, F, F, H]);
        assert_eq!(star_fills(48), [F, F, F, F, F]);
        assert_eq!(star_fills(50), [F; 5]);
        assert_eq!(star_fills(77), [F; 5]);
        assert_eq!(star_fills(0), [E; 5]);
        assert_eq!(rating_summary([0, 0, 0, 3, 1]).stars, [F, F, F, F, H]);
    }

    #[test]
    fn shares_are_whole_percent_rounded_half_up() {
        assert_eq!(rating_summary([0, 0, 0, 1, 3]).shares, [0, 0, 0, 25, 75]);
        // Thirds: 33.3 each, summing to 99.
        assert_eq!(rating_summary([1, 1, 1, 0, 0]).shares, [33, 33, 33, 0, 0]);
        // 1 of 8 is 12.5 → 13; 3 of 8 is 37.5 → 38.
        assert_eq!(rating_summary([1, 0, 3, 0, 4]).shares, [13, 0, 38, 0, 50]);
        // 1 of 1000 is 0.1 → 0.
        assert_eq!(rating_summary([1, 0, 0, 0, 999]).shares, [0, 0, 0, 0, 100]);
    }

    #[test]
    fn serialises_for_the_client() {
        assert_eq!(
            serde_json::to_value(rating_summary([0, 0, 0, 1, 1])).unwrap(),
            serde_json::json!({
                "count": 2,
                "average_tenths": 45,
                "stars": ["full", "full", "full", "full", "half"],
                "shares": [0, 0, 0, 50, 50],
            })
        );
    }

    proptest! {
        #[test]
        fn the_average_is_the_nearest_tenth(counts in proptest::array::uniform5(0u32..2000)) {
            let summary = rating_summary(counts);
            let count: u64 = counts.iter().map(|&n| u64::from(n)).sum();
            prop_assert_eq!(summary.count, count);
            if count == 0 {
                prop_assert_eq!(summary.average_tenths, None);
            } else {
                let sum: u64 = counts.iter().zip(1u64..).map(|(&n, s)| u64::from(n) * s).sum();
                let tenths = u64::from(summary.average_tenths.unwrap());
                // |tenths / 10 - sum / count| <= 1/20, ties going up: in integers.
                prop_assert!(20 * sum < (2 * tenths + 1) * count);
                prop_assert!((2 * tenths).saturating_sub(1) * count <= 20 * sum);
                prop_assert!((10..=50).contains(&tenths));
                let total: u32 = summary.shares.iter().map(|&s| u32::from(s)).sum();
                prop_assert!((97..=103).contains(&total), "{}", total);
            }
        }

        #[test]
        fn stars_are_full_then_at_most_one_half_then_empty(tenths in 0u8..=60) {
            let stars = star_fills(tenths);
            let rank = |s: &StarFill| match s { F => 0, H => 1, E => 2 };
            prop_assert!(stars.windows(2).all(|w| rank(&w[0]) <= rank(&w[1])));
            prop_assert!(stars.iter().filter(|&&s| s == H).count() <= 1);
            let halves: u64 = stars.iter().map(|s| match s { F => 2, H => 1, E => 0 }).sum();
            // Within a quarter star of the average (capped at five stars).
            let average = u64::from(tenths.min(50));
            prop_assert!(halves * 5 + 2 >= average && average + 2 >= halves * 5);
        }
    }
}
