//! Every validation rule and message of spec 5.

#[cfg(feature = "ts")]
pub(crate) fn register_typescript(_d: &mut crate::typescript::Declarations) {}
