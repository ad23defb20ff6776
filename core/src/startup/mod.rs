//! What to use and what to load when the app starts (spec 4).

#[cfg(feature = "ts")]
pub(crate) fn register_typescript(_d: &mut crate::typescript::Declarations) {}
