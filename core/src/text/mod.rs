//! Text rules: search-text trimming and label cutting by grapheme (spec 2, 9).

mod label;
mod search;

pub use label::{ELLIPSIS, LABEL_MAX_GRAPHEMES, address_label, cut_label, cut_to};
pub use search::{
    SEARCH_RESULTS_PATH, percent_encode, search_destination, submit_search, suggestion_query,
};

#[cfg(feature = "ts")]
pub(crate) fn register_typescript(_d: &mut crate::typescript::Declarations) {}
