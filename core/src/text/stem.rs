//! Word stems for search (issue 25): the second half of the search key, after the
//! folding of [`super::fold_for_search`]. A shopper types 'الحليب' (the milk) or
//! 'oranges' and expects what is listed as 'حليب' or 'Orange'; both sides of a search
//! (the indexed text and the query) go through [`search_stem_key`], so they meet on
//! the stem.
//!
//! Every word of the folded text is stemmed by its script:
//!
//! - **Arabic** (every letter in U+0621–U+064A): the light stemmer below, after
//!   Larkey's "light10" with the proclitics of issue 25.
//!   - Prefixes, at most one, longest first: the definite article with a proclitic
//!     (وال، فال، بال، كال), لل (ل + ال) and ال itself, when at least two letters stay;
//!     otherwise the conjunction و, when at least three stay.
//!   - Suffixes, each at most once, in this order: the feminine dual (تان، تين) and
//!     the feminine plural (ات) when three letters stay; the masculine plural and the
//!     dual (ون، ين، ان) when four stay, so that 'زيتون' (olives) is not 'زيت' (oil)
//!     and 'رمان' keeps its letters; the nisba ending ية (folded يه), taa marbuta (ة,
//!     folded ه) and ي, when three stay.
//!
//!   So 'الحليب', 'بالحليب' and 'حليب' are 'حليب'; 'الجبنة' and 'جبنة' are 'جبن';
//!   'البرتقال', 'بالبرتقال', 'وبرتقال' and 'برتقالة' are 'برتقال'; 'حفاضات' and
//!   'حفاضة' are 'حفاض'; 'الفيتامينات' and 'فيتامين' are 'فيتام'.
//!
//!   The bare proclitics ب ك ل ف are not removed: they begin too many words
//!   ('برتقال', 'بطاطس', 'كفتة', 'فراولة'), and removing them joins words that differ
//!   ('كفتة' kofta and 'فتة' fatta would both be 'فت'). A query word that carries one
//!   is tried without it only when nothing else matches ([`bare_proclitic_rest`]).
//!   Snowball's Arabic stemmer was tried and rejected: it gives 'برتقال' → 'رتقال'
//!   but 'البرتقال' → 'برتقال', and 'الجبنه' → 'جبنه' but 'جبنه' → 'جبن', so the
//!   article still split the matches.
//! - **English** (every letter ASCII a–z): Snowball's English (Porter 2) stemmer from
//!   `rust-stemmers`, so 'oranges' and 'orange' are 'orang', 'tomatoes' is 'tomato',
//!   'strawberries' and 'strawberry' are 'strawberri', 'fries' and 'fried' are 'fri'.
//! - Anything else (digits, mixed scripts, other alphabets) stays as folded.
//!
//! Stemming joins some words that differ ('organ' and 'organic'); search ranks exact
//! word forms above words that only share the stem, and the folded words stay indexed
//! too (see the server's search), so a word typed exactly still finds itself first.
//!
//! Only the server needs this (the WASM builds never search), so it sits behind the
//! core's `search-index` feature with the `rust-stemmers` dependency.

use super::search_key::search_terms;

/// The stem of one word of a folded text (a [`search_terms`] term). Words that are
/// not all Arabic or all ASCII letters are returned as they are.
pub fn stem_word(word: &str) -> String {
    if is_arabic_word(word) {
        arabic_light_stem(word)
    } else if !word.is_empty() && word.bytes().all(|b| b.is_ascii_lowercase()) {
        english_stem(word)
    } else {
        word.to_owned()
    }
}

/// The stemmed key of `text`: each of its [`search_terms`] stemmed by [`stem_word`],
/// joined by single spaces. The index and the queries both use it.
pub fn search_stem_key(text: &str) -> String {
    search_terms(text)
        .iter()
        .map(|word| stem_word(word))
        .collect::<Vec<_>>()
        .join(" ")
}

fn english_stem(word: &str) -> String {
    rust_stemmers::Stemmer::create(rust_stemmers::Algorithm::English)
        .stem(word)
        .into_owned()
}

/// Whether every character of a (folded) word is an Arabic letter.
fn is_arabic_word(word: &str) -> bool {
    !word.is_empty() && word.chars().all(|c| ('\u{0621}'..='\u{064A}').contains(&c))
}

/// The definite article with the proclitics that attach to it, longest first.
const ARTICLES: [&str; 6] = ["وال", "فال", "بال", "كال", "لل", "ال"];

/// The prefixes the Arabic stemmer removes (see the module rule), or the word as it is.
/// Only the article forms and the conjunction و: a query that is still being typed
/// ('البرت') is looked up by what follows them.
pub fn strip_arabic_proclitics(word: &str) -> &str {
    if !is_arabic_word(word) {
        return word;
    }
    for article in ARTICLES {
        if let Some(rest) = word.strip_prefix(article)
            && rest.chars().count() >= 2
        {
            return rest;
        }
    }
    match word.strip_prefix('و') {
        Some(rest) if rest.chars().count() >= 3 => rest,
        _ => word,
    }
}

/// Removes `suffix` when at least `keep` letters stay.
fn strip_suffix<'a>(word: &'a str, suffixes: &[&str], keep: usize) -> &'a str {
    for suffix in suffixes {
        if let Some(rest) = word.strip_suffix(suffix)
            && rest.chars().count() >= keep
        {
            return rest;
        }
    }
    word
}

/// The light stem of a folded Arabic word (see the module rule).
fn arabic_light_stem(word: &str) -> String {
    let mut stem = strip_arabic_proclitics(word);
    stem = strip_suffix(stem, &["تان", "تين"], 3);
    stem = strip_suffix(stem, &["ات"], 3);
    stem = strip_suffix(stem, &["ون", "ين", "ان"], 4);
    stem = strip_suffix(stem, &["يه"], 3);
    stem = strip_suffix(stem, &["ه"], 3);
    stem = strip_suffix(stem, &["ي"], 3);
    stem.to_owned()
}

/// Whether a folded Arabic word starts with a preposition joined to the article:
/// بال (with the), كال (like the), لل (for the). Such a word names a relation that
/// product names spell the same way ('حليب بالفراولة', strawberry milk; 'مناديل
/// للأطفال', wipes for children), so a search ranks names holding the word as typed
/// above names that only share its stem ('فراولة', strawberries). The article alone
/// and و carry no such meaning.
pub fn has_relation_proclitic(word: &str) -> bool {
    is_arabic_word(word)
        && ["بال", "كال", "لل"].iter().any(|p| {
            word.strip_prefix(p)
                .is_some_and(|rest| rest.chars().count() >= 2)
        })
}

/// For a query word that starts with a bare proclitic (ب with, ك like, ل for, ف then)
/// and no article, the rest of the word when at least three letters stay: 'بحليب' →
/// 'حليب'. The index keeps such words whole (see the module rule), so a search tries
/// the rest only when the word as typed finds nothing.
pub fn bare_proclitic_rest(word: &str) -> Option<&str> {
    if !is_arabic_word(word) || strip_arabic_proclitics(word) != word {
        return None;
    }
    let rest = word
        .strip_prefix(['ب', 'ك', 'ل', 'ف'])
        .filter(|rest| rest.chars().count() >= 3)?;
    Some(rest)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::search_key;
    use proptest::prelude::*;

    /// Arabic letters as they are after folding.
    const LETTERS: &[char] = &[
        'ا', 'ب', 'ت', 'ث', 'ج', 'ح', 'خ', 'د', 'ذ', 'ر', 'ز', 'س', 'ش', 'ص', 'ض', 'ط', 'ظ', 'ع',
        'غ', 'ف', 'ق', 'ك', 'ل', 'م', 'ن', 'ه', 'و', 'ي', 'ء', 'ؤ', 'ئ',
    ];

    fn key(text: &str) -> String {
        search_stem_key(text)
    }

    #[test]
    fn the_article_and_its_proclitics_go() {
        // The examples.
        assert_eq!(key("الحليب"), key("حليب"));
        assert_eq!(key("الحليب"), "حليب");
        assert_eq!(key("الجبنة"), key("جبنة"));
        assert_eq!(key("الجبنة"), "جبن");
        for form in [
            "البرتقال",
            "بالبرتقال",
            "وبرتقال",
            "والبرتقال",
            "كالبرتقال",
            "فالبرتقال",
        ] {
            assert_eq!(key(form), "برتقال", "{form}");
        }
        // ل + ال is written لل.
        assert_eq!(key("للأطفال"), key("أطفال"));
        // Hamza forms fold before stemming: 'الأرز' is 'ارز' like 'أرز'.
        assert_eq!(key("الأرز"), key("أرز"));
    }

    #[test]
    fn common_suffixes_go() {
        // Feminine plural and taa marbuta meet.
        assert_eq!(key("حفاضات"), key("حفاضة"));
        assert_eq!(key("بيضات"), "بيض");
        assert_eq!(key("كمامات"), key("كمامة"));
        // The dual.
        assert_eq!(key("بيضتان"), "بيض");
        assert_eq!(key("بيضتين"), "بيض");
        // Masculine plural, after the feminine one: one stem for the whole family.
        assert_eq!(key("الفيتامينات"), key("فيتامين"));
        assert_eq!(key("مهندسون"), key("مهندسين"));
        // Nisba adjectives: 'مصرية', 'مصري' and 'المصري' are one word.
        assert_eq!(key("مصرية"), "مصر");
        assert_eq!(key("المصري"), "مصر");
        assert_eq!(key("حلويات"), key("حلوى"));
    }

    #[test]
    fn short_words_keep_their_letters() {
        // Too short for the rule to apply: a stem keeps at least two letters after an
        // article, three after a suffix, four after ون ين ان.
        assert_eq!(key("زيتون"), "زيتون");
        assert_ne!(key("زيتون"), key("زيت"));
        assert_eq!(key("رمان"), "رمان");
        assert_eq!(key("تين"), "تين");
        assert_eq!(key("شاي"), "شاي");
        assert_eq!(key("فته"), "فته");
        assert_eq!(key("ورق"), "ورق");
        assert_eq!(key("الرز"), "رز");
        assert_eq!(key("ال"), "ال");
        // Bare proclitics stay in the index: kofta is not fatta.
        assert_ne!(key("كفتة"), key("فتة"));
        assert_eq!(key("برتقال"), "برتقال");
        assert_eq!(key("بطاطس"), "بطاطس");
    }

    #[test]
    fn english_plurals_and_singulars_meet() {
        assert_eq!(key("oranges"), key("orange"));
        assert_eq!(key("Tomatoes"), key("tomato"));
        assert_eq!(key("strawberries"), key("strawberry"));
        assert_eq!(key("cookies"), key("cookie"));
        assert_eq!(key("mangoes"), key("mango"));
        assert_eq!(key("fries"), key("fried"));
        assert_eq!(key("Eggs"), "egg");
        assert_ne!(key("eggs"), key("eggplant"));
        // Digits and mixed words are kept; text folds first.
        assert_eq!(key("Vitamin D3 1000 IU"), "vitamin d3 1000 iu");
        assert_eq!(key("Crème"), "crème");
    }

    #[test]
    fn bare_proclitics_are_a_query_side_retry() {
        assert_eq!(bare_proclitic_rest("بحليب"), Some("حليب"));
        assert_eq!(bare_proclitic_rest("كفته"), Some("فته"));
        assert_eq!(bare_proclitic_rest("لبن"), None);
        assert_eq!(bare_proclitic_rest("البرتقال"), None);
        assert_eq!(bare_proclitic_rest("وبرتقال"), None);
        assert_eq!(bare_proclitic_rest("milk"), None);
        assert_eq!(strip_arabic_proclitics("البرت"), "برت");
        assert_eq!(strip_arabic_proclitics("برت"), "برت");
        assert_eq!(strip_arabic_proclitics("orange"), "orange");
    }

    #[test]
    fn prepositions_with_the_article_are_relations() {
        for word in ["بالفراوله", "كالحليب", "للاطفال"] {
            assert!(has_relation_proclitic(word), "{word}");
        }
        for word in [
            "الفراوله",
            "والحليب",
            "فراوله",
            "بحليب",
            "برتقال",
            "بال",
            "with",
        ] {
            assert!(!has_relation_proclitic(word), "{word}");
        }
    }

    proptest! {
        #[test]
        fn a_stem_is_never_empty_and_never_longer(text in "[\\u0621-\\u064Aa-zA-Z0-9 ]{0,40}") {
            let folded = search_key(&text);
            let stemmed = search_stem_key(&text);
            let words: Vec<&str> = folded.split(' ').filter(|w| !w.is_empty()).collect();
            let stems: Vec<&str> = stemmed.split(' ').filter(|w| !w.is_empty()).collect();
            prop_assert_eq!(words.len(), stems.len());
            for (word, stem) in words.iter().zip(&stems) {
                prop_assert!(!stem.is_empty());
                prop_assert!(stem.chars().count() <= word.chars().count(), "{word} → {stem}");
            }
        }

        #[test]
        fn the_key_works_word_by_word(a in "[\\u0621-\\u064Aa-z]{1,12}", b in "[\\u0621-\\u064Aa-z]{1,12}") {
            // A word can fold away entirely (a lone tatweel 'ـ'), so the keys of the
            // words that remain are the ones joined.
            let parts: Vec<String> = [search_stem_key(&a), search_stem_key(&b)]
                .into_iter()
                .filter(|key| !key.is_empty())
                .collect();
            prop_assert_eq!(search_stem_key(&format!("{a} {b}")), parts.join(" "));
        }

        #[test]
        fn every_article_form_meets_the_bare_word(
            letters in proptest::collection::vec(prop::sample::select(LETTERS.to_vec()), 3..9),
            article in prop::sample::select(ARTICLES.to_vec()),
        ) {
            // An Arabic word that does not itself start with an article or و: with an
            // article form in front, it has the same stem. (Not لل before a word
            // starting with ل: 'للبن' reads as لل + 'بن', a limit of the rule.)
            let word: String = letters.into_iter().collect();
            prop_assume!(strip_arabic_proclitics(&word) == word);
            prop_assume!(!(article == "لل" && word.starts_with('ل')));
            prop_assert_eq!(key(&format!("{article}{word}")), key(&word));
        }
    }
}
