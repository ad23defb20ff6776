//! Cart state and its transitions, totals and quantity limits (spec 3, 4, 8, 9).

#[cfg(feature = "ts")]
pub(crate) fn register_typescript(_d: &mut crate::typescript::Declarations) {}
