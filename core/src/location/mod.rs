//! The location picker: support checks, confirm state and its label (spec 4).

#[cfg(feature = "ts")]
pub(crate) fn register_typescript(_d: &mut crate::typescript::Declarations) {}
