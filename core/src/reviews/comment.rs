//! A review's comment: optional, at most 500 characters as the shopper sees them
//! (grapheme clusters), plain text in lines.

use crate::messages::{Message, MessageId};
use crate::text::Graphemes;

/// Longest review comment, in grapheme clusters: an Arabic letter with its diacritics
/// or an emoji sequence counts once, as the shopper sees it.
pub const REVIEW_COMMENT_MAX_GRAPHEMES: usize = 500;

/// The comment to store: trimmed, line ends written `\n`; `None` when blank (no
/// comment). Errors:
/// - 'Your review contains invisible characters that are not allowed' for a control
///   character (Unicode `Cc`) other than a line break: they are invisible or move the
///   text around, and a stored review is shown to every shopper;
/// - 'Your review is too long. The maximum is 500 characters.' above
///   [`REVIEW_COMMENT_MAX_GRAPHEMES`] clusters (counted after trimming).
pub fn review_comment_with(
    value: &str,
    graphemes: &dyn Graphemes,
) -> Result<Option<String>, Message> {
    // A textarea submits `\r\n`; a lone `\r` (old Mac text pasted in) is a line end too.
    let text = value.replace("\r\n", "\n").replace('\r', "\n");
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    if text.chars().any(|c| c.is_control() && c != '\n') {
        return Err(MessageId::ReviewCommentControlCharacters.into());
    }
    if graphemes
        .start_of(text, REVIEW_COMMENT_MAX_GRAPHEMES)
        .is_some()
    {
        return Err(
            Message::new(MessageId::ReviewCommentTooLong).with("len", REVIEW_COMMENT_MAX_GRAPHEMES)
        );
    }
    Ok(Some(text.to_owned()))
}

/// [`review_comment_with`] the core's own segmentation.
#[cfg(feature = "unicode-segmentation")]
pub fn review_comment(value: &str) -> Result<Option<String>, Message> {
    review_comment_with(value, &crate::text::UnicodeGraphemes)
}

#[cfg(all(test, feature = "unicode-segmentation"))]
mod tests {
    use super::*;
    use crate::locale::Language;
    use proptest::prelude::*;
    use unicode_segmentation::UnicodeSegmentation;

    fn too_long() -> Message {
        Message::new(MessageId::ReviewCommentTooLong).with("len", 500)
    }

    #[test]
    fn blank_is_no_comment_and_text_is_trimmed() {
        assert_eq!(review_comment(""), Ok(None));
        assert_eq!(review_comment(" \n\t \r\n "), Ok(None));
        assert_eq!(
            review_comment("  Fresh and tasty. \n"),
            Ok(Some("Fresh and tasty.".to_owned()))
        );
        assert_eq!(
            review_comment(" منتج ممتاز "),
            Ok(Some("منتج ممتاز".to_owned()))
        );
    }

    #[test]
    fn line_breaks_are_kept_as_newlines() {
        assert_eq!(
            review_comment("Good\r\nFast delivery\rWould buy again\n\nThanks"),
            Ok(Some(
                "Good\nFast delivery\nWould buy again\n\nThanks".to_owned()
            ))
        );
    }

    #[test]
    fn control_characters_inside_are_refused() {
        for bad in [
            "bad\u{0}text",
            "tab\there",
            "bell\u{7}",
            "esc\u{1b}[31m red",
            "del\u{7f}x",
            "c1\u{85}x",
        ] {
            assert_eq!(
                review_comment(bad),
                Err(MessageId::ReviewCommentControlCharacters.into()),
                "{bad:?}"
            );
        }
        // Format characters are not control characters: emoji and Arabic need joiners.
        assert!(review_comment("👍\u{200D}x \u{200C}").is_ok());
    }

    #[test]
    fn five_hundred_graphemes_fit_and_five_hundred_and_one_do_not() {
        assert!(review_comment(&"a".repeat(500)).is_ok());
        assert_eq!(review_comment(&"a".repeat(501)), Err(too_long()));
        // A letter with shadda and fatha is three chars but one grapheme.
        let letter = "\u{0628}\u{0651}\u{064E}";
        assert!(review_comment(&letter.repeat(500)).is_ok());
        assert_eq!(review_comment(&letter.repeat(501)), Err(too_long()));
        let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}";
        assert!(review_comment(&family.repeat(500)).is_ok());
        // Counted after trimming; a `\r\n` is one line break.
        assert!(review_comment(&format!("  {}  ", "a".repeat(500))).is_ok());
        assert!(review_comment(&format!("{}\r\n{}", "a".repeat(249), "b".repeat(250))).is_ok());
    }

    #[test]
    fn the_too_long_message_names_the_limit_in_both_languages() {
        assert_eq!(
            too_long().english(),
            "Your review is too long. The maximum is 500 characters."
        );
        assert_eq!(
            too_long().render(Language::Ar),
            "مراجعتك طويلة جدًا. الحد الأقصى هو ٥٠٠ حرف."
        );
    }

    proptest! {
        #[test]
        fn a_kept_comment_is_trimmed_clean_and_short(text in "[\\PC\\r\\n\\t]{0,40}", repeat in 1usize..30) {
            let text = text.repeat(repeat);
            if let Ok(Some(kept)) = review_comment(&text) {
                prop_assert_eq!(kept.trim(), kept.as_str());
                prop_assert!(!kept.is_empty());
                prop_assert!(!kept.contains('\r'));
                prop_assert!(kept.chars().all(|c| c == '\n' || !c.is_control()));
                prop_assert!(kept.graphemes(true).count() <= REVIEW_COMMENT_MAX_GRAPHEMES);
            }
        }
    }
}
