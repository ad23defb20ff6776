//! Text rules: search-text trimming, search folding (Arabic spelling variants,
//! diacritics, case), word stems and typo tolerance for search, and label cutting by
//! grapheme (spec 2, 9).

mod label;
mod search;
mod search_key;
#[cfg(feature = "search-index")]
mod stem;
#[cfg(feature = "search-index")]
mod typo;

pub use label::{
    ELLIPSIS, Graphemes, LABEL_MAX_GRAPHEMES, address_label_with, cut_label_with, cut_to_with,
};
#[cfg(feature = "unicode-segmentation")]
pub use label::{UnicodeGraphemes, address_label, cut_label, cut_to};
pub use search::{
    SEARCH_RESULTS_PATH, percent_encode, search_destination, submit_search, suggestion_query,
};
pub use search_key::{fold_for_search, search_key, search_terms};
#[cfg(feature = "search-index")]
pub use stem::{
    bare_proclitic_rest, has_relation_proclitic, search_stem_key, stem_word,
    strip_arabic_proclitics,
};
#[cfg(feature = "search-index")]
pub use typo::{TYPO_MIN_LETTERS, one_edit_apart, typo_candidates, typo_tolerant};

#[cfg(feature = "ts")]
pub(crate) fn register_typescript(_d: &mut crate::typescript::Declarations) {}
