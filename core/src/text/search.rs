//! Header search (spec 2): the typed text is trimmed; empty text warns and goes
//! nowhere; otherwise submitting goes to `/branches-results?query=<text>`, and
//! suggestions are fetched only for non-empty text.

use crate::effects::{Effect, Tone};
use crate::messages::MessageId;

/// Where a submitted search goes (spec 2).
pub const SEARCH_RESULTS_PATH: &str = "/branches-results";

/// The trimmed text, when anything is left.
fn trimmed(text: &str) -> Option<&str> {
    Some(text.trim()).filter(|t| !t.is_empty())
}

/// The destination of a submitted search: `/branches-results?query=` with the trimmed
/// text percent-encoded as UTF-8 (so Arabic survives the URL); `None` for blank text.
pub fn search_destination(text: &str) -> Option<String> {
    trimmed(text).map(|query| format!("{SEARCH_RESULTS_PATH}?query={}", percent_encode(query)))
}

/// What submitting the header search does: navigate to [`search_destination`], or for
/// blank text the warning 'please add search text' and no navigation.
///
/// The warning is an error-toned toast: [`Tone`] has no separate warning tone.
pub fn submit_search(text: &str) -> Vec<Effect> {
    match search_destination(text) {
        Some(to) => vec![Effect::Navigate { to, after_ms: 0 }],
        None => vec![Effect::Toast {
            tone: Tone::Error,
            text: MessageId::AddSearchText.into(),
        }],
    }
}

/// The text to fetch suggestions for (trimmed), or `None`: no fetch for blank text.
pub fn suggestion_query(text: &str) -> Option<String> {
    trimmed(text).map(str::to_owned)
}

/// Percent-encodes every byte of the UTF-8 text except the URL-unreserved characters
/// (`A-Z a-z 0-9 - _ . ~`), so the result is safe in a query value or a path segment.
pub fn percent_encode(text: &str) -> String {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'_' | b'.' | b'~') {
            out.push(char::from(byte));
        } else {
            out.push('%');
            out.push(char::from(HEX[usize::from(byte >> 4)]));
            out.push(char::from(HEX[usize::from(byte & 0x0F)]));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::messages::Text;
    use proptest::prelude::*;

    /// Decodes what [`percent_encode`] wrote (test-only inverse).
    fn percent_decode(text: &str) -> Vec<u8> {
        let bytes = text.as_bytes();
        let mut out = Vec::new();
        let mut i = 0;
        while i < bytes.len() {
            if bytes[i] == b'%' {
                let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).unwrap();
                out.push(u8::from_str_radix(hex, 16).unwrap());
                i += 3;
            } else {
                out.push(bytes[i]);
                i += 1;
            }
        }
        out
    }

    #[test]
    fn blank_text_warns_and_does_not_navigate() {
        for blank in ["", "   ", "\t\n"] {
            assert_eq!(search_destination(blank), None);
            assert_eq!(
                submit_search(blank),
                vec![Effect::Toast {
                    tone: Tone::Error,
                    text: Text::from(MessageId::AddSearchText),
                }]
            );
            assert_eq!(suggestion_query(blank), None);
        }
        let warning = Text::from(MessageId::AddSearchText);
        assert_eq!(
            warning.render(crate::locale::Language::En),
            "please add search text"
        );
    }

    #[test]
    fn text_is_trimmed_and_encoded_into_the_destination() {
        assert_eq!(
            submit_search("  fresh milk "),
            vec![Effect::Navigate {
                to: "/branches-results?query=fresh%20milk".to_owned(),
                after_ms: 0,
            }]
        );
        assert_eq!(
            search_destination("a&b=c?#d/e+f%"),
            Some("/branches-results?query=a%26b%3Dc%3F%23d%2Fe%2Bf%25".to_owned())
        );
        assert_eq!(suggestion_query("  milk "), Some("milk".to_owned()));
    }

    #[test]
    fn arabic_survives_as_utf8_percent_encoding() {
        // "حليب" is U+062D U+0644 U+064A U+0628.
        assert_eq!(
            search_destination(" حليب "),
            Some("/branches-results?query=%D8%AD%D9%84%D9%8A%D8%A8".to_owned())
        );
    }

    #[test]
    fn destination_is_the_branches_results_route() {
        let route = crate::routes::match_route(SEARCH_RESULTS_PATH).unwrap();
        assert_eq!(route.route.id, crate::routes::RouteId::BranchesResults);
    }

    proptest! {
        #[test]
        fn encoding_round_trips_and_is_url_safe(text in "\\PC{0,40}") {
            let encoded = percent_encode(&text);
            prop_assert!(encoded.bytes().all(|b| b.is_ascii_alphanumeric() || b"-_.~%".contains(&b)));
            prop_assert_eq!(percent_decode(&encoded), text.as_bytes().to_vec());
        }

        #[test]
        fn suggestions_only_for_non_blank_text(text in "\\PC{0,20}") {
            let query = suggestion_query(&text);
            prop_assert_eq!(query.is_some(), !text.trim().is_empty());
            prop_assert_eq!(search_destination(&text).is_some(), query.is_some());
        }
    }
}
