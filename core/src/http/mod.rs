//! Status handling and message extraction for API responses (spec 8).

#[cfg(feature = "ts")]
pub(crate) fn register_typescript(_d: &mut crate::typescript::Declarations) {}
