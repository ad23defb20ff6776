//! The search text a shopper types (`search`, `text`): trimmed, bounded, and a 422
//! on the field when it is too long or, where it is required, blank (spec 7, 8).

use storefront_core::locale::Language;
use storefront_core::messages::{Message, MessageId};

use crate::http::error::ApiError;
use crate::i18n::Msg;

/// Longest search text accepted, in characters.
pub const SEARCH_MAX_CHARS: usize = 100;

/// Most items in a suggestion or quick-search list.
pub const SUGGESTIONS: i64 = 10;

/// Optional search text: trimmed; blank means "no search"; longer than
/// [`SEARCH_MAX_CHARS`] is a 422.
pub fn optional_search(
    field: &str,
    value: Option<&str>,
    lang: Language,
) -> Result<Option<String>, ApiError> {
    let Some(value) = value.map(str::trim).filter(|v| !v.is_empty()) else {
        return Ok(None);
    };
    if value.chars().count() > SEARCH_MAX_CHARS {
        return Err(ApiError::validation(
            field,
            Msg::from(Message::new(MessageId::TooLong).with("len", SEARCH_MAX_CHARS)).text(lang),
        ));
    }
    Ok(Some(value.to_owned()))
}

/// Required search text: missing or blank is a 422 'please add search text'.
pub fn required_search(
    field: &str,
    value: Option<&str>,
    lang: Language,
) -> Result<String, ApiError> {
    optional_search(field, value, lang)?
        .ok_or_else(|| ApiError::validation(field, Msg::from(MessageId::AddSearchText).text(lang)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn search_text_is_trimmed_and_bounded() {
        assert_eq!(
            optional_search("search", Some("  tea "), Language::En).unwrap(),
            Some("tea".into())
        );
        assert_eq!(
            optional_search("search", Some("   "), Language::En).unwrap(),
            None
        );
        assert_eq!(optional_search("search", None, Language::En).unwrap(), None);
        let long = "x".repeat(SEARCH_MAX_CHARS + 1);
        let err = optional_search("search", Some(&long), Language::En).unwrap_err();
        assert_eq!(
            err.body()["errors"]["search"][0],
            "Too long! The maximum character is 100"
        );
        let err = required_search("search", Some(" "), Language::En).unwrap_err();
        assert_eq!(err.body()["errors"]["search"][0], "please add search text");
        // Arabic letters count as one character each, not by their UTF-8 bytes.
        let arabic = "ش".repeat(SEARCH_MAX_CHARS);
        assert!(optional_search("search", Some(&arabic), Language::Ar).is_ok());
    }
}
