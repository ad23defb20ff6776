//! Languages of the storefront and their writing direction (spec 9).

use serde::{Deserialize, Serialize};
use thiserror::Error;

mod amount;
mod plural;

pub use amount::{amount_digits, count_digits};
pub use plural::{PluralCategory, plural_category};

/// A language the storefront is offered in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum Language {
    /// English, the default unless remote config says otherwise.
    #[default]
    En,
    /// Arabic, written right to left.
    Ar,
}

/// Writing direction of a page, as the HTML `dir` attribute spells it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum Direction {
    Ltr,
    Rtl,
}

// Quoted, not Debug-formatted: Debug's escaping of text is about 4 KB gzip of the
// first-paint WASM module, which shows this message.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("unsupported language code: \"{0}\"")]
pub struct UnsupportedLanguage(pub String);

impl Language {
    /// The code used in URLs, storage and the `Language` request header.
    pub fn code(self) -> &'static str {
        match self {
            Language::En => "en",
            Language::Ar => "ar",
        }
    }

    pub fn direction(self) -> Direction {
        match self {
            Language::En => Direction::Ltr,
            Language::Ar => Direction::Rtl,
        }
    }

    /// Parses a language code, accepting region variants such as `ar-EG`.
    pub fn parse(code: &str) -> Result<Self, UnsupportedLanguage> {
        let primary = code.trim().split(['-', '_']).next().unwrap_or_default();
        match primary.to_ascii_lowercase().as_str() {
            "en" => Ok(Language::En),
            "ar" => Ok(Language::Ar),
            _ => Err(UnsupportedLanguage(code.to_owned())),
        }
    }
}

impl Direction {
    pub fn as_str(self) -> &'static str {
        match self {
            Direction::Ltr => "ltr",
            Direction::Rtl => "rtl",
        }
    }
}

/// Number text (ASCII digits) as the language writes it: unchanged in English, with
/// Arabic-Indic digits (٠–٩) in Arabic, as `Intl.NumberFormat("ar-EG")` does on the
/// app's Arabic pages.
pub fn in_digits(ascii: &str, language: Language) -> String {
    match language {
        Language::En => ascii.to_owned(),
        Language::Ar => ascii
            .chars()
            .map(|c| match c.to_digit(10) {
                Some(d) => char::from_u32(0x0660 + d).unwrap_or(c),
                None => c,
            })
            .collect(),
    }
}

/// The language of a page the server sends before any script runs (spec 9): the one
/// chosen on this device (the page-view cookie), else the reader's browser preference
/// among ours (`Accept-Language`, by its weights; the first listed wins a tie), else
/// English.
pub fn page_language(chosen: Option<Language>, accept_language: Option<&str>) -> Language {
    chosen
        .or_else(|| accept_language.and_then(preferred))
        .unwrap_or_default()
}

/// The most preferred of our languages in an `Accept-Language` header, if any.
fn preferred(header: &str) -> Option<Language> {
    let mut best: Option<(Language, u16)> = None;
    for item in header.split(',') {
        let mut parts = item.split(';');
        let Ok(language) = Language::parse(parts.next().unwrap_or_default()) else {
            continue;
        };
        // Weights in thousandths, as the header allows three decimals; `q=0` refuses.
        let weight = parts
            .find_map(|p| p.trim().strip_prefix("q="))
            .map_or(1000, |q| weight_of(q.trim()));
        if weight > 0 && best.is_none_or(|(_, w)| weight > w) {
            best = Some((language, weight));
        }
    }
    best.map(|(language, _)| language)
}

/// A `q` value in thousandths: `1`, `0.8`, `0.125`; unreadable is 0.
fn weight_of(q: &str) -> u16 {
    let (whole, fraction) = q.split_once('.').unwrap_or((q, ""));
    let digits = |s: &str| !s.is_empty() && s.len() <= 3 && s.bytes().all(|b| b.is_ascii_digit());
    match whole {
        "1" if fraction.bytes().all(|b| b == b'0') && fraction.len() <= 3 => 1000,
        "0" if fraction.is_empty() => 0,
        "0" if digits(fraction) => format!("{fraction:0<3}").parse().unwrap_or(0),
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arabic_writes_arabic_indic_digits() {
        assert_eq!(in_digits("2025", Language::Ar), "٢٠٢٥");
        assert_eq!(in_digits("2025", Language::En), "2025");
    }

    #[test]
    fn a_page_takes_the_chosen_language_then_the_browser_preference_then_english() {
        assert_eq!(
            page_language(Some(Language::Ar), Some("en-US,en")),
            Language::Ar
        );
        assert_eq!(
            page_language(None, Some("ar-EG,ar;q=0.9,en;q=0.8")),
            Language::Ar
        );
        assert_eq!(
            page_language(None, Some("fr-FR,fr;q=0.9,ar;q=0.5,en;q=0.4")),
            Language::Ar
        );
        assert_eq!(
            page_language(None, Some("de, en;q=0.2, ar;q=0.3")),
            Language::Ar
        );
        assert_eq!(page_language(None, Some("en-GB, ar")), Language::En);
        assert_eq!(page_language(None, Some("fr, de")), Language::En);
        assert_eq!(page_language(None, Some("ar;q=0, en;q=0.1")), Language::En);
        assert_eq!(page_language(None, Some("ar;q=abc")), Language::En);
        assert_eq!(page_language(None, Some("")), Language::En);
        assert_eq!(page_language(None, None), Language::En);
    }

    #[test]
    fn weights_are_read_to_three_decimals() {
        assert_eq!(weight_of("1"), 1000);
        assert_eq!(weight_of("1.000"), 1000);
        assert_eq!(weight_of("0.8"), 800);
        assert_eq!(weight_of("0.125"), 125);
        assert_eq!(weight_of("0"), 0);
        assert_eq!(weight_of("0.1234"), 0);
        assert_eq!(weight_of("2"), 0);
        assert_eq!(weight_of("-1"), 0);
    }

    #[test]
    fn arabic_is_right_to_left_and_english_left_to_right() {
        assert_eq!(Language::Ar.direction(), Direction::Rtl);
        assert_eq!(Language::En.direction(), Direction::Ltr);
        assert_eq!(Direction::Rtl.as_str(), "rtl");
    }

    #[test]
    fn parses_codes_with_regions_and_rejects_others() {
        assert_eq!(Language::parse("ar-EG"), Ok(Language::Ar));
        assert_eq!(Language::parse(" EN "), Ok(Language::En));
        assert_eq!(
            Language::parse("fr"),
            Err(UnsupportedLanguage("fr".to_owned()))
        );
        assert!(Language::parse("").is_err());
        assert_eq!(
            Language::parse("fr").unwrap_err().to_string(),
            "unsupported language code: \"fr\""
        );
    }

    #[test]
    fn english_is_the_default_and_serialises_as_its_code() {
        assert_eq!(Language::default(), Language::En);
        assert_eq!(serde_json::to_string(&Language::Ar).unwrap(), "\"ar\"");
    }
}
