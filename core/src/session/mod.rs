//! Session flows: logout, language change, choosing a service (spec 4).

#[cfg(feature = "ts")]
pub(crate) fn register_typescript(_d: &mut crate::typescript::Declarations) {}
