//! Which plural form a count takes (CLDR's cardinal rules for whole numbers), so that
//! a page the server writes says "3 items" / "٣ منتجات" exactly as the app's
//! `Intl.PluralRules` (through react-intl's `{count, plural, …}`) will.

use serde::{Deserialize, Serialize};

use super::Language;

/// A CLDR plural category; a message has a form for each its language uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum PluralCategory {
    Zero,
    One,
    Two,
    Few,
    Many,
    Other,
}

impl PluralCategory {
    /// The name ICU messages use (`one`, `few`, …).
    pub fn as_str(self) -> &'static str {
        match self {
            PluralCategory::Zero => "zero",
            PluralCategory::One => "one",
            PluralCategory::Two => "two",
            PluralCategory::Few => "few",
            PluralCategory::Many => "many",
            PluralCategory::Other => "other",
        }
    }
}

/// The category of a whole count: English has `one` (1) and `other`; Arabic has `zero`,
/// `one`, `two`, `few` (3–10 in the last two digits), `many` (11–99 in them) and `other`.
pub fn plural_category(count: u64, language: Language) -> PluralCategory {
    match language {
        Language::En => match count {
            1 => PluralCategory::One,
            _ => PluralCategory::Other,
        },
        Language::Ar => match (count, count % 100) {
            (0, _) => PluralCategory::Zero,
            (1, _) => PluralCategory::One,
            (2, _) => PluralCategory::Two,
            (_, 3..=10) => PluralCategory::Few,
            (_, 11..=99) => PluralCategory::Many,
            _ => PluralCategory::Other,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use PluralCategory::*;

    #[test]
    fn english_is_one_or_other() {
        let forms: Vec<_> = [0, 1, 2, 11, 101]
            .map(|n| plural_category(n, Language::En))
            .into();
        assert_eq!(forms, [Other, One, Other, Other, Other]);
    }

    #[test]
    fn arabic_as_intl_plural_rules_ar_eg_selects() {
        // `new Intl.PluralRules("ar-EG").select(n)` for each n, read in Node (ICU 78).
        let cases = [
            (0, Zero),
            (1, One),
            (2, Two),
            (3, Few),
            (10, Few),
            (11, Many),
            (99, Many),
            (100, Other),
            (101, Other),
            (102, Other),
            (103, Few),
            (111, Many),
            (1000, Other),
            (1003, Few),
        ];
        for (n, category) in cases {
            assert_eq!(plural_category(n, Language::Ar), category, "{n}");
        }
    }
}
