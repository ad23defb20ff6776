//! The route table and the guard deciding every navigation (spec 2, 6).

#[cfg(feature = "ts")]
pub(crate) fn register_typescript(_d: &mut crate::typescript::Declarations) {}
