//! Order statuses, their tabs and the allowed status changes (spec 4).

#[cfg(feature = "ts")]
pub(crate) fn register_typescript(_d: &mut crate::typescript::Declarations) {}
