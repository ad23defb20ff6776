//! Languages of the storefront and their writing direction (spec 9).

use serde::{Deserialize, Serialize};
use thiserror::Error;

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

#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("unsupported language code: {0:?}")]
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

#[cfg(test)]
mod tests {
    use super::*;

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
    }

    #[test]
    fn english_is_the_default_and_serialises_as_its_code() {
        assert_eq!(Language::default(), Language::En);
        assert_eq!(serde_json::to_string(&Language::Ar).unwrap(), "\"ar\"");
    }
}
