//! Typo tolerance for search results (issue 25): when nothing matches what was typed,
//! a word of [`TYPO_MIN_LETTERS`] or more letters may stand for an indexed word one
//! edit away: one letter wrong, missing or extra, or two neighbours swapped ('bananna'
//! → 'banana', 'برتقل' → 'برتقال', 'yoghurt' → 'yogurt'). Shorter words are left
//! alone: one edit turns 'milk' into 'mild' or 'silk'.
//!
//! Words are compared as folded by [`super::fold_for_search`], character by character,
//! with the optimal string alignment distance of `strsim` (a small, well-kept crate,
//! already in the server's dependency tree through clap's "did you mean" suggestions).

/// The fewest letters a typed word needs before a one-edit neighbour may replace it.
pub const TYPO_MIN_LETTERS: usize = 5;

/// Whether `typed` may be corrected at all (long enough, see [`TYPO_MIN_LETTERS`]).
pub fn typo_tolerant(typed: &str) -> bool {
    typed.chars().count() >= TYPO_MIN_LETTERS
}

/// Whether `a` and `b` differ by exactly one edit: a letter replaced, inserted or
/// removed, or two adjacent letters swapped (strsim's optimal string alignment
/// distance is 1). Equal words are not one edit apart.
pub fn one_edit_apart(a: &str, b: &str) -> bool {
    // Words whose lengths differ by two or more are never one edit apart: most of a
    // vocabulary is ruled out without computing a distance.
    a.chars().count().abs_diff(b.chars().count()) <= 1 && strsim::osa_distance(a, b) == 1
}

/// The words of `vocabulary` one edit from `typed` (none when `typed` is too short).
pub fn typo_candidates<'a>(
    typed: &str,
    vocabulary: impl IntoIterator<Item = &'a str>,
) -> Vec<&'a str> {
    if !typo_tolerant(typed) {
        return Vec::new();
    }
    vocabulary
        .into_iter()
        .filter(|word| one_edit_apart(typed, word))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn one_edit_of_each_kind() {
        assert!(one_edit_apart("bananna", "banana"), "an extra letter");
        assert!(one_edit_apart("banana", "bananna"), "a missing letter");
        assert!(one_edit_apart("chedar", "cheddar"));
        assert!(
            one_edit_apart("pomegranite", "pomegranate"),
            "a wrong letter"
        );
        assert!(one_edit_apart("mlik", "milk"), "two neighbours swapped");
        assert!(one_edit_apart("برتقل", "برتقال"));
        assert!(one_edit_apart("كاتشاب", "كاتشب"));
        assert!(!one_edit_apart("milk", "milk"), "equal is no edit");
        assert!(!one_edit_apart("milk", "mlki"), "two edits");
        assert!(!one_edit_apart("abc", "cba"));
        assert!(!one_edit_apart("orange", "oranges2"));
        assert!(!one_edit_apart("", "ab"));
        assert!(one_edit_apart("", "a"));
    }

    #[test]
    fn only_words_of_five_letters_or_more_are_corrected() {
        let vocabulary = ["banana", "bananas", "milk", "silk", "cheddar", "برتقال"];
        assert_eq!(typo_candidates("bananna", vocabulary), vec!["banana"]);
        // Five letters are enough.
        assert_eq!(typo_candidates("banan", vocabulary), vec!["banana"]);
        assert_eq!(
            typo_candidates("bananaz", vocabulary),
            vec!["banana", "bananas"]
        );
        // Four letters: no correction, though 'silk' is one edit away.
        assert_eq!(typo_candidates("milk", vocabulary), Vec::<&str>::new());
        assert_eq!(typo_candidates("mllk", vocabulary), Vec::<&str>::new());
        // Letters, not bytes: five Arabic letters are ten bytes.
        assert_eq!(typo_candidates("برتقل", vocabulary), vec!["برتقال"]);
        assert!(!typo_tolerant("حليب"));
        assert!(typo_tolerant("حليبب"));
    }

    /// The edit distance with adjacent swaps (optimal string alignment), as a reference.
    fn distance(a: &[char], b: &[char]) -> usize {
        let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
        for (i, row) in d.iter_mut().enumerate() {
            row[0] = i;
        }
        for (j, cell) in d[0].iter_mut().enumerate() {
            *cell = j;
        }
        for i in 1..=a.len() {
            for j in 1..=b.len() {
                let cost = usize::from(a[i - 1] != b[j - 1]);
                d[i][j] = (d[i - 1][j] + 1)
                    .min(d[i][j - 1] + 1)
                    .min(d[i - 1][j - 1] + cost);
                if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                    d[i][j] = d[i][j].min(d[i - 2][j - 2] + 1);
                }
            }
        }
        d[a.len()][b.len()]
    }

    proptest! {
        #[test]
        fn agrees_with_the_edit_distance(a in "[abcح]{0,7}", b in "[abcح]{0,7}") {
            let (x, y): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
            prop_assert_eq!(one_edit_apart(&a, &b), distance(&x, &y) == 1, "{} / {}", a, b);
            prop_assert_eq!(one_edit_apart(&a, &b), one_edit_apart(&b, &a));
        }
    }
}
