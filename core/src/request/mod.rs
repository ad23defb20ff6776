//! Request headers and preconditions for API calls (spec 5, 7).

#[cfg(feature = "ts")]
pub(crate) fn register_typescript(_d: &mut crate::typescript::Declarations) {}
