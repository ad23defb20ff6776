//! Places: points, the stored location, the customer's address (spec 3).

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::lenient::{id, number, text};

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

/// Whether a latitude and longitude are finite and on the earth.
fn on_earth(latitude: f64, longitude: f64) -> bool {
    (-90.0..=90.0).contains(&latitude) && (-180.0..=180.0).contains(&longitude)
}

impl GeoPoint {
    /// Finite and within ±90° latitude, ±180° longitude.
    pub fn is_valid(&self) -> bool {
        on_earth(self.latitude, self.longitude)
    }
}

impl LatLng {
    /// Finite and within ±90° latitude, ±180° longitude.
    pub fn is_valid(&self) -> bool {
        on_earth(self.lat, self.lng)
    }

    /// Reads `{"lat", "lng"}` leniently (numbers or numeric strings).
    pub fn from_json(value: &Value) -> Option<LatLng> {
        Some(LatLng {
            lat: number(value.get("lat"))?,
            lng: number(value.get("lng"))?,
        })
    }
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

impl Address {
    /// Reads an address object leniently (ids and coordinates as numbers or numeric
    /// strings, blank text absent); `None` without a readable id or with a district
    /// that is there but unreadable.
    pub fn from_json(value: &Value) -> Option<Address> {
        let get = |name: &str| value.get(name);
        let district_id = match get("district_id") {
            None | Some(Value::Null) => None,
            district => Some(id(district)?),
        };
        let location = get("location").and_then(|l| {
            Some(GeoPoint {
                latitude: number(l.get("latitude"))?,
                longitude: number(l.get("longitude"))?,
            })
        });
        let named = |name: &str| text(get(name)?.get("name")).map(|name| Named { name });
        Some(Address {
            id: id(get("id"))?,
            name: text(get("name")),
            region: text(get("region")),
            postal_code: text(get("postal_code")),
            address_details: text(get("address_details")),
            district_id,
            location,
            country_id: named("country_id"),
            city_id: named("city_id"),
        })
    }

    /// Whether its ids are ones the server can have issued and its point, if any, is
    /// on the earth.
    pub fn is_valid(&self) -> bool {
        crate::storage::valid_id(self.id)
            && self.district_id.is_none_or(crate::storage::valid_id)
            && self.location.as_ref().is_none_or(GeoPoint::is_valid)
    }
}

#[cfg(feature = "ts")]
pub(crate) fn register_typescript(d: &mut crate::typescript::Declarations) {
    d.add::<GeoPoint>()
        .add::<LatLng>()
        .add::<Named>()
        .add::<Address>();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_must_be_finite_and_on_the_earth() {
        assert!(
            LatLng {
                lat: 90.0,
                lng: -180.0
            }
            .is_valid()
        );
        assert!(
            !LatLng {
                lat: 90.5,
                lng: 0.0
            }
            .is_valid()
        );
        assert!(
            !LatLng {
                lat: 0.0,
                lng: 180.1
            }
            .is_valid()
        );
        assert!(
            !LatLng {
                lat: f64::NAN,
                lng: 0.0
            }
            .is_valid()
        );
        assert!(
            !GeoPoint {
                latitude: 0.0,
                longitude: f64::INFINITY
            }
            .is_valid()
        );
    }

    #[test]
    fn stored_and_api_points_convert_both_ways() {
        let api = GeoPoint {
            latitude: 30.0444,
            longitude: 31.2357,
        };
        let stored = LatLng::from(api);
        assert_eq!(
            serde_json::to_value(stored).unwrap(),
            serde_json::json!({"lat": 30.0444, "lng": 31.2357})
        );
        assert_eq!(GeoPoint::from(stored), api);
    }
}
