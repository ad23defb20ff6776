//! The location picker: support checks, confirm state and its label (spec 4), the map
//! search dropdown (spec 8); the place types shared with storage and startup.

mod picker;
mod reach;
mod search;
mod types;

pub use picker::{
    LocationPicker, LocationPickerEvent, LocationPickerFlow, LocationPickerView, MAP_HEIGHT_PX,
    MAP_ZOOM, dismiss, open, update,
};
pub use reach::{DELIVERY_RADIUS_M, District, centre, distance_m, reaches};
pub use search::{MapSearch, MapSearchResult, MapSearchStatus};
pub use types::{Address, GeoPoint, LatLng, Named};

#[cfg(feature = "ts")]
pub(crate) fn register_typescript(d: &mut crate::typescript::Declarations) {
    types::register_typescript(d);
    d.add::<MapSearchResult>()
        .add::<MapSearch>()
        .add::<MapSearchStatus>()
        .add::<LocationPicker>()
        .add::<LocationPickerEvent>()
        .add::<LocationPickerView>();
}
