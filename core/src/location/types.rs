//! Places: points, the stored location, the customer's address (spec 3).

use serde::{Deserialize, Serialize};

/// A point as the API sends it (`location{latitude, longitude}`).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct GeoPoint {
    pub latitude: f64,
    pub longitude: f64,
}

/// The chosen point as stored under the `location` key: `{"lat", "lng"}`.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LatLng {
    pub lat: f64,
    pub lng: f64,
}

impl From<GeoPoint> for LatLng {
    fn from(p: GeoPoint) -> Self {
        LatLng {
            lat: p.latitude,
            lng: p.longitude,
        }
    }
}

impl From<LatLng> for GeoPoint {
    fn from(p: LatLng) -> Self {
        GeoPoint {
            latitude: p.lat,
            longitude: p.lng,
        }
    }
}

/// `{name}` objects the API nests for country and city.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Named {
    pub name: String,
}

/// A customer's address as the profile and the address book send it (spec 3).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Address {
    pub id: u64,
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default)]
    pub region: Option<String>,
    #[serde(default)]
    pub postal_code: Option<String>,
    #[serde(default)]
    pub address_details: Option<String>,
    #[serde(default)]
    pub district_id: Option<u64>,
    #[serde(default)]
    pub location: Option<GeoPoint>,
    #[serde(default)]
    pub country_id: Option<Named>,
    #[serde(default)]
    pub city_id: Option<Named>,
}

#[cfg(feature = "ts")]
pub(crate) fn register_typescript(d: &mut crate::typescript::Declarations) {
    d.add::<GeoPoint>().add::<LatLng>().add::<Named>().add::<Address>();
}
