//! Phone sign-in with one-time codes and registration (spec 4, 9).

mod types;

pub use types::{Channel, Modal, Registration};

#[cfg(feature = "ts")]
pub(crate) fn register_typescript(d: &mut crate::typescript::Declarations) {
    types::register_typescript(d);
}
