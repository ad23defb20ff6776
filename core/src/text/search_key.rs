//! How text is compared when searching names and descriptions (the search at scale of
//! issue 13): one folding rule applied to indexed text and to queries alike, so
//! 'احمد' finds 'أحمد', 'مكتبه' finds 'مكتبة' and 'ORANGE' finds 'Orange'.
//!
//! The rule, per character (so folding a concatenation is the concatenation of the
//! folded parts):
//! - alef with hamza above or below, alef with madda and alef wasla (أ إ آ ٱ) → bare
//!   alef (ا): people type these interchangeably;
//! - taa marbuta (ة) → haa (ه), alef maqsura (ى) → yaa (ي): the same, at word ends;
//! - Arabic diacritics (tashkeel U+064B–U+065F, which include the combining hamza and
//!   madda, so a decomposed أ folds like the composed one), the superscript alef
//!   (U+0670) and the tatweel stretch (U+0640) are removed: they decorate, not spell;
//! - Arabic-Indic and Eastern Arabic-Indic digits → ASCII digits, so '١ لتر' and
//!   '1 لتر' meet;
//! - everything else is lowercased (Unicode, one character at a time).
//!
//! The rule is pure: a server indexing a catalogue and a client filtering a list
//! locally get the same answer.

/// Folds `text` for comparison (see the module rule). Spaces and punctuation stay.
pub fn fold_for_search(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\u{0622}' | '\u{0623}' | '\u{0625}' | '\u{0671}' => out.push('\u{0627}'),
            '\u{0629}' => out.push('\u{0647}'),
            '\u{0649}' => out.push('\u{064A}'),
            '\u{064B}'..='\u{065F}' | '\u{0670}' | '\u{0640}' => {}
            '\u{0660}'..='\u{0669}' => out.push(ascii_digit(c, '\u{0660}')),
            '\u{06F0}'..='\u{06F9}' => out.push(ascii_digit(c, '\u{06F0}')),
            c if c.is_ascii() => out.push(c.to_ascii_lowercase()),
            c => out.extend(c.to_lowercase()),
        }
    }
    out
}

fn ascii_digit(c: char, zero: char) -> char {
    char::from_digit(u32::from(c) - u32::from(zero), 10).unwrap_or(c)
}

/// The words of `text` after folding: runs of letters and digits; everything else
/// (spaces, punctuation, symbols) separates words and is dropped.
pub fn search_terms(text: &str) -> Vec<String> {
    fold_for_search(text)
        .split(|c: char| !c.is_alphanumeric())
        .filter(|word| !word.is_empty())
        .map(str::to_owned)
        .collect()
}

/// The comparable form of `text`: its [`search_terms`] joined by single spaces. Two
/// texts that differ only in case, Arabic spelling variants, diacritics or
/// punctuation have the same key; a key starts with another key when the text
/// starts with the other text's words.
pub fn search_key(text: &str) -> String {
    search_terms(text).join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn hamza_forms_of_alef_fold_to_bare_alef() {
        assert_eq!(fold_for_search("أحمد"), "احمد");
        assert_eq!(fold_for_search("إسلام"), "اسلام");
        assert_eq!(fold_for_search("آمال"), "امال");
        assert_eq!(fold_for_search("ٱلله"), "الله");
        // Decomposed: bare alef followed by the combining hamza above.
        assert_eq!(fold_for_search("\u{0627}\u{0654}حمد"), "احمد");
        assert_eq!(search_key("أحمد"), search_key("احمد"));
    }

    #[test]
    fn taa_marbuta_and_alef_maqsura_fold_at_word_ends() {
        assert_eq!(fold_for_search("مكتبة"), "مكتبه");
        assert_eq!(fold_for_search("مستشفى"), "مستشفي");
        assert_eq!(search_key("قهوة تركية"), search_key("قهوه تركيه"));
        assert_eq!(search_key("حلوى"), search_key("حلوي"));
    }

    #[test]
    fn diacritics_and_tatweel_are_removed() {
        // Fatha, shadda, kasra, sukun, tanween, superscript alef and tatweel.
        assert_eq!(fold_for_search("مُحَمَّد"), "محمد");
        assert_eq!(fold_for_search("كِتَابٌ"), "كتاب");
        assert_eq!(fold_for_search("هٰذا"), "هذا");
        assert_eq!(fold_for_search("عـــربي"), "عربي");
        assert_eq!(search_key("شَايٌ أَخْضَر"), "شاي اخضر");
    }

    #[test]
    fn case_folds_and_punctuation_separates_words() {
        assert_eq!(fold_for_search("Oranges"), "oranges");
        assert_eq!(fold_for_search("ÉCLAIR Ünd"), "éclair ünd");
        assert_eq!(
            search_terms("  Juhayna   Full-Cream Milk, 1 L!"),
            vec!["juhayna", "full", "cream", "milk", "1", "l"]
        );
        assert_eq!(search_key("Coca-Cola 330ml"), "coca cola 330ml");
        assert!(search_terms("%_ -- !!").is_empty());
        assert_eq!(search_key(""), "");
    }

    #[test]
    fn arabic_indic_digits_become_ascii() {
        assert_eq!(search_key("حليب ١ لتر"), "حليب 1 لتر");
        assert_eq!(fold_for_search("۲۰۲۴"), "2024");
    }

    #[test]
    fn other_letters_are_kept() {
        // Hamza on waw and yaa, and the lone hamza, are letters of their own.
        assert_eq!(fold_for_search("مؤسسة شاطئ ماء"), "مؤسسه شاطئ ماء");
        assert_eq!(fold_for_search("日本 ß"), "日本 ß");
    }

    /// Arabic text with letters that fold (hamza forms, taa marbuta, alef maqsura)
    /// and plain ones.
    fn arabic_word() -> impl Strategy<Value = String> {
        proptest::collection::vec(
            prop_oneof![
                Just('ا'),
                Just('أ'),
                Just('إ'),
                Just('آ'),
                Just('ب'),
                Just('ة'),
                Just('ى'),
                Just('ي'),
                Just('ه'),
                Just('م'),
                Just('ل'),
            ],
            1..12,
        )
        .prop_map(|letters| letters.into_iter().collect())
    }

    const MARKS: &[char] = &[
        '\u{064B}', '\u{064C}', '\u{064D}', '\u{064E}', '\u{064F}', '\u{0650}', '\u{0651}',
        '\u{0652}', '\u{0670}', '\u{0640}',
    ];

    proptest! {
        #[test]
        fn folding_is_idempotent(text in "\\PC{0,40}") {
            let once = fold_for_search(&text);
            prop_assert_eq!(fold_for_search(&once), once.clone());
            let key = search_key(&text);
            prop_assert_eq!(search_key(&key), key);
        }

        #[test]
        fn folding_works_character_by_character(a in "\\PC{0,20}", b in "\\PC{0,20}") {
            prop_assert_eq!(
                fold_for_search(&format!("{a}{b}")),
                format!("{}{}", fold_for_search(&a), fold_for_search(&b))
            );
        }

        #[test]
        fn folded_text_has_no_variant_forms(text in "[\\u0600-\\u06FFA-Za-z ]{0,40}") {
            let folded = fold_for_search(&text);
            for c in folded.chars() {
                prop_assert!(!"أإآٱةى\u{0640}\u{0670}".contains(c), "{c:?} in {folded:?}");
                prop_assert!(!('\u{064B}'..='\u{065F}').contains(&c), "{c:?} in {folded:?}");
                prop_assert!(!c.is_ascii_uppercase());
            }
        }

        #[test]
        fn marks_anywhere_do_not_change_the_key(
            word in arabic_word(),
            marks in proptest::collection::vec((0usize..12, 0usize..MARKS.len()), 0..6),
        ) {
            let mut marked: Vec<char> = word.chars().collect();
            for (at, mark) in marks {
                // After a letter, where marks and tatweel go.
                let at = 1 + at % marked.len();
                marked.insert(at, MARKS[mark]);
            }
            let marked: String = marked.into_iter().collect();
            prop_assert_eq!(search_key(&marked), search_key(&word));
        }

        #[test]
        fn case_never_matters_for_ascii(text in "[ -~]{0,40}") {
            prop_assert_eq!(search_key(&text.to_ascii_uppercase()), search_key(&text));
        }

        #[test]
        fn terms_are_non_empty_runs_of_letters_and_digits(text in "\\PC{0,40}") {
            for term in search_terms(&text) {
                prop_assert!(!term.is_empty());
                prop_assert!(term.chars().all(char::is_alphanumeric), "{term:?}");
            }
        }
    }
}
