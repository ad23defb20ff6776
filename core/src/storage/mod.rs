//! The client storage model (spec 3, 9).

mod keys;

pub use keys::StorageKey;

#[cfg(feature = "ts")]
pub(crate) fn register_typescript(d: &mut crate::typescript::Declarations) {
    d.add::<StorageKey>();
}
