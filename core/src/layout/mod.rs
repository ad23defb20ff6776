//! Breakpoints and what the layout shows at each width (spec 9).

#[cfg(feature = "ts")]
pub(crate) fn register_typescript(_d: &mut crate::typescript::Declarations) {}
