//! How a reviewer is named on a review: "Mona S.", first name and the last name's
//! initial, so a review never shows a shopper's full name (nor their phone or e-mail,
//! which the rule is never given).

use crate::text::Graphemes;

/// The first name and the last name's initial with a period ("Mona S."); the first
/// name alone without a last name; `None` without a first name, for which clients
/// show [`MessageId::ReviewerAnonymous`](crate::messages::MessageId::ReviewerAnonymous)
/// ('A customer'). A last name alone is not shown: its initial says nothing and the
/// whole of it says too much. Blank names count as absent. The initial is the trimmed
/// last name's first grapheme cluster, upper-cased in scripts with case (Arabic has
/// none: "منى س."), after the Arabic article "ال" ("الشريف" gives "ش.").
pub fn reviewer_name_with(
    first_name: Option<&str>,
    last_name: Option<&str>,
    graphemes: &dyn Graphemes,
) -> Option<String> {
    fn present(name: Option<&str>) -> Option<&str> {
        name.map(str::trim).filter(|name| !name.is_empty())
    }
    let first = present(first_name)?;
    let Some(last) = present(last_name) else {
        return Some(first.to_owned());
    };
    // An Arabic family name's article is not its initial: "الشريف" is "ش.", not "ا.".
    let last = last
        .strip_prefix(ARABIC_ARTICLE)
        .filter(|rest| !rest.is_empty())
        .unwrap_or(last);
    // No second cluster: the last name is one cluster. An offset that is no char
    // boundary (a client's segmenter gone wrong) falls back to the first char, so a
    // long last name is never shown whole by mistake.
    let first_char = last.chars().next().map_or(0, char::len_utf8);
    let end = match graphemes.start_of(last, 1) {
        None => last.len(),
        Some(end) if end > 0 && last.is_char_boundary(end) => end,
        Some(_) => first_char,
    };
    let initial = last.get(..end).unwrap_or_default().to_uppercase();
    Some(format!("{first} {initial}."))
}

/// Arabic's definite article, which many family names begin with.
const ARABIC_ARTICLE: &str = "\u{0627}\u{0644}";

/// [`reviewer_name_with`] the core's own segmentation.
#[cfg(feature = "unicode-segmentation")]
pub fn reviewer_name(first_name: Option<&str>, last_name: Option<&str>) -> Option<String> {
    reviewer_name_with(first_name, last_name, &crate::text::UnicodeGraphemes)
}

#[cfg(all(test, feature = "unicode-segmentation"))]
mod tests {
    use super::*;
    use crate::locale::Language;
    use crate::messages::{Message, MessageId};

    fn name(first: Option<&str>, last: Option<&str>) -> Option<String> {
        reviewer_name(first, last)
    }

    #[test]
    fn first_name_and_initial() {
        assert_eq!(name(Some("Mona"), Some("Salem")), Some("Mona S.".into()));
        assert_eq!(
            name(Some(" Mona "), Some(" salem ")),
            Some("Mona S.".into())
        );
        assert_eq!(
            name(Some("Ahmed Ali"), Some("el-Sayed")),
            Some("Ahmed Ali E.".into())
        );
        assert_eq!(name(Some("Émile"), Some("élan")), Some("Émile É.".into()));
    }

    #[test]
    fn arabic_names_have_no_case() {
        assert_eq!(name(Some("منى"), Some("سالم")), Some("منى س.".into()));
        // The article is skipped; a name that is only the article keeps it.
        assert_eq!(name(Some("منى"), Some("الشريف")), Some("منى ش.".into()));
        assert_eq!(name(Some("منى"), Some("ال")), Some("منى ا.".into()));
        // The initial keeps its diacritics: one grapheme, three chars.
        assert_eq!(
            name(Some("منى"), Some("\u{0628}\u{0651}\u{064E}كر")),
            Some("منى \u{0628}\u{0651}\u{064E}.".into())
        );
    }

    #[test]
    fn missing_names() {
        assert_eq!(name(Some("Mona"), None), Some("Mona".into()));
        assert_eq!(name(Some("Mona"), Some("  ")), Some("Mona".into()));
        assert_eq!(name(None, Some("Salem")), None);
        assert_eq!(name(Some(" "), Some("Salem")), None);
        assert_eq!(name(None, None), None);
        let anonymous = Message::new(MessageId::ReviewerAnonymous);
        assert_eq!(anonymous.english(), "A customer");
        assert_eq!(anonymous.render(Language::Ar), "أحد العملاء");
    }

    #[test]
    fn a_one_letter_last_name_is_its_own_initial() {
        assert_eq!(name(Some("Mona"), Some("s")), Some("Mona S.".into()));
        assert_eq!(
            name(Some("منى"), Some("\u{0628}\u{0651}")),
            Some("منى \u{0628}\u{0651}.".into())
        );
    }

    /// A segmenter that answers an offset inside a char, or zero.
    struct Broken(usize);

    impl Graphemes for Broken {
        fn start_of(&self, _text: &str, _n: usize) -> Option<usize> {
            Some(self.0)
        }
    }

    #[test]
    fn a_broken_segmenter_never_shows_the_whole_last_name() {
        for broken in [Broken(1), Broken(0)] {
            assert_eq!(
                reviewer_name_with(Some("منى"), Some("سالم"), &broken),
                Some("منى س.".into())
            );
        }
    }
}
