//! Labels cut to 20 characters plus '...' (spec 2, 9): category names in the menu and
//! the chosen address on the address button.
//!
//! "Characters" are grapheme clusters, what a reader sees as one letter: an Arabic
//! letter with its diacritics or an emoji sequence (a family, a flag) is never split,
//! which counting bytes or UTF-16 units would do.

use crate::location::Address;

/// Longest label shown uncut, in grapheme clusters (spec 9).
pub const LABEL_MAX_GRAPHEMES: usize = 20;

/// What marks a cut label (spec 2).
pub const ELLIPSIS: &str = "...";

/// Where a text divides into what a reader sees as one character: grapheme clusters
/// (Unicode's UAX #29). [`UnicodeGraphemes`] is the core's own; a client whose
/// platform already segments text can pass that instead to the `…_with` functions.
pub trait Graphemes {
    /// The byte offset at which cluster `n` (counting from 0) starts, or `None` when
    /// the text has at most `n` clusters.
    fn start_of(&self, text: &str, n: usize) -> Option<usize>;
}

/// Grapheme clusters by the `unicode-segmentation` crate (extended clusters).
#[cfg(feature = "unicode-segmentation")]
#[derive(Debug, Clone, Copy, Default)]
pub struct UnicodeGraphemes;

#[cfg(feature = "unicode-segmentation")]
impl Graphemes for UnicodeGraphemes {
    fn start_of(&self, text: &str, n: usize) -> Option<usize> {
        use unicode_segmentation::UnicodeSegmentation;
        // Only the clusters up to `n` are visited, so a huge text costs no more than a
        // short one.
        text.grapheme_indices(true).nth(n).map(|(at, _)| at)
    }
}

/// `text` unchanged when it has at most `max_graphemes` grapheme clusters; otherwise
/// its first `max_graphemes` clusters (whitespace at the cut trimmed, so no
/// "word ...") followed by [`ELLIPSIS`].
pub fn cut_to_with(text: &str, max_graphemes: usize, graphemes: &dyn Graphemes) -> String {
    match graphemes.start_of(text, max_graphemes) {
        None => text.to_owned(),
        Some(cut) => {
            let kept = text.get(..cut).unwrap_or(text).trim_end();
            format!("{kept}{ELLIPSIS}")
        }
    }
}

/// [`cut_to_with`] the core's own segmentation.
#[cfg(feature = "unicode-segmentation")]
pub fn cut_to(text: &str, max_graphemes: usize) -> String {
    cut_to_with(text, max_graphemes, &UnicodeGraphemes)
}

/// A label cut to [`LABEL_MAX_GRAPHEMES`] plus '...' (category names, spec 2).
pub fn cut_label_with(text: &str, graphemes: &dyn Graphemes) -> String {
    cut_to_with(text, LABEL_MAX_GRAPHEMES, graphemes)
}

/// [`cut_label_with`] the core's own segmentation.
#[cfg(feature = "unicode-segmentation")]
pub fn cut_label(text: &str) -> String {
    cut_label_with(text, &UnicodeGraphemes)
}

/// The address button's label (spec 2): the address's name, else its region, else its
/// street (`address_details`), cut like any label. Blank values count as absent;
/// `None` when the address has none of them.
pub fn address_label_with(address: &Address, graphemes: &dyn Graphemes) -> Option<String> {
    [&address.name, &address.region, &address.address_details]
        .into_iter()
        .flatten()
        .map(|value| value.trim())
        .find(|value| !value.is_empty())
        .map(|value| cut_label_with(value, graphemes))
}

/// [`address_label_with`] the core's own segmentation.
#[cfg(feature = "unicode-segmentation")]
pub fn address_label(address: &Address) -> Option<String> {
    address_label_with(address, &UnicodeGraphemes)
}

#[cfg(all(test, feature = "unicode-segmentation"))]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use unicode_segmentation::UnicodeSegmentation;

    fn graphemes(text: &str) -> Vec<&str> {
        text.graphemes(true).collect()
    }

    #[test]
    fn short_labels_are_unchanged_and_long_ones_cut_at_twenty() {
        assert_eq!(cut_label("Fruits"), "Fruits");
        let twenty = "abcdefghijklmnopqrst";
        assert_eq!(cut_label(twenty), twenty);
        assert_eq!(
            cut_label("abcdefghijklmnopqrstu"),
            "abcdefghijklmnopqrst..."
        );
        assert_eq!(
            cut_label("Fresh Fruits and Vegetables"),
            "Fresh Fruits and Veg..."
        );
    }

    #[test]
    fn whitespace_at_the_cut_is_trimmed() {
        // The 20th grapheme is a space: "Fresh Fruits and Ve " would end in " ...".
        assert_eq!(
            cut_label("Fresh Fruits andxxx Vegetables"),
            "Fresh Fruits andxxx..."
        );
        assert_eq!(
            cut_label("Nineteen characters  and more"),
            "Nineteen characters..."
        );
    }

    #[test]
    fn arabic_with_diacritics_is_cut_by_letter() {
        // 21 letters, each with a shadda and a fatha: 63 chars, 21 graphemes.
        let letter = "\u{0628}\u{0651}\u{064E}";
        let text = letter.repeat(21);
        let cut = cut_label(&text);
        assert_eq!(cut, format!("{}...", letter.repeat(20)));
        assert_eq!(cut_label(&letter.repeat(20)), letter.repeat(20));
        assert_eq!(
            cut_label("الخضروات والفواكه الطازجة"),
            "الخضروات والفواكه ال..."
        );
    }

    #[test]
    fn emoji_sequences_are_never_split() {
        let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}";
        let flag = "\u{1F1EA}\u{1F1EC}";
        let text = format!("{}{family}{flag}", "a".repeat(19));
        assert_eq!(cut_label(&text), format!("{}{family}...", "a".repeat(19)));
    }

    fn address(name: Option<&str>, region: Option<&str>, street: Option<&str>) -> Address {
        serde_json::from_value(serde_json::json!({
            "id": 7, "name": name, "region": region, "address_details": street,
        }))
        .unwrap()
    }

    #[test]
    fn address_label_prefers_name_then_region_then_street() {
        assert_eq!(
            address_label(&address(Some("Home"), Some("Giza"), Some("12 Nile St"))),
            Some("Home".to_owned())
        );
        assert_eq!(
            address_label(&address(None, Some("Giza"), Some("12 Nile St"))),
            Some("Giza".to_owned())
        );
        assert_eq!(
            address_label(&address(
                Some("  "),
                Some(""),
                Some("12 Nile Street, Dokki, Giza")
            )),
            Some("12 Nile Street, Dokk...".to_owned())
        );
        assert_eq!(address_label(&address(None, None, None)), None);
    }

    proptest! {
        #[test]
        fn cutting_never_splits_a_grapheme(text in "\\PC{0,60}") {
            let cut = cut_label(&text);
            let kept = cut.strip_suffix(ELLIPSIS).filter(|_| cut != text).unwrap_or(&cut);
            // What is kept is a prefix of the original on a grapheme boundary.
            prop_assert!(text.starts_with(kept));
            let original = graphemes(&text);
            let kept_graphemes = graphemes(kept);
            prop_assert_eq!(&original[..kept_graphemes.len()], &kept_graphemes[..]);
        }

        #[test]
        fn output_is_at_most_twenty_graphemes_plus_ellipsis(text in "\\PC{0,80}") {
            let cut = cut_label(&text);
            if graphemes(&text).len() <= LABEL_MAX_GRAPHEMES {
                prop_assert_eq!(&cut, &text);
            } else {
                prop_assert!(cut.ends_with(ELLIPSIS));
                let kept = &cut[..cut.len() - ELLIPSIS.len()];
                prop_assert!(graphemes(kept).len() <= LABEL_MAX_GRAPHEMES);
            }
        }

        #[test]
        fn short_text_is_a_fixed_point(text in "\\PC{0,20}") {
            let once = cut_label(&text);
            prop_assert_eq!(cut_label(&once), once);
        }

        #[test]
        fn mixed_scripts_with_combining_marks(
            parts in proptest::collection::vec(
                prop_oneof![
                    Just("\u{0628}\u{0651}\u{064E}"), Just("e\u{0301}"), Just("\u{1F44D}\u{1F3FD}"),
                    Just("\u{1F1F8}\u{1F1E6}"), Just("a"), Just(" "), Just("\u{0627}\u{0644}"),
                ],
                0..40,
            )
        ) {
            let text: String = parts.concat();
            let cut = cut_label(&text);
            let original = graphemes(&text);
            if original.len() > LABEL_MAX_GRAPHEMES {
                let kept = graphemes(&cut[..cut.len() - ELLIPSIS.len()]);
                prop_assert_eq!(&original[..kept.len()], &kept[..]);
            } else {
                prop_assert_eq!(cut, text);
            }
        }
    }
}
