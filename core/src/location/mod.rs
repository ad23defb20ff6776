//! The location picker: support checks, confirm state and its label (spec 4); the
//! place types shared with storage and startup.

mod types;

pub use types::{Address, GeoPoint, LatLng, Named};

#[cfg(feature = "ts")]
pub(crate) fn register_typescript(d: &mut crate::typescript::Declarations) {
    types::register_typescript(d);
}
