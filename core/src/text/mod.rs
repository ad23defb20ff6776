//! Text rules: search-text trimming and label cutting by grapheme (spec 2, 9).

#[cfg(feature = "ts")]
pub(crate) fn register_typescript(_d: &mut crate::typescript::Declarations) {}
