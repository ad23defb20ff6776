//! `GET /map/search` (the local gazetteer), `GET /map/is-supported-location`
//! (which delivery district, if any, contains a point) and `GET /map/districts` (the
//! delivery districts as GeoJSON, drawn by the location picker's map); `GET
//! /map/reverse` (a point's address, `reverse.rs`).

pub mod delivery;
mod reverse;

use axum::Json;
use axum::extract::State;
use rusqlite::{Connection, params};
use serde::{Deserialize, Serialize};
use storefront_core::locale::Language;
use storefront_core::messages::MessageId;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::db::sql::contains_pattern;
use crate::http::envelope::{Data, Location, Page};
use crate::http::error::{ApiError, ValidationErrorBody, out_of_range};
use crate::http::extract::{Lang, Query};
use crate::http::search_text::{SUGGESTIONS, required_search};
use crate::http::state::AppState;
use crate::i18n::Msg;
use crate::i18n::columns::{IdName, pick};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(search))
        .routes(routes!(is_supported_location))
        .routes(routes!(districts))
        .routes(routes!(reverse::reverse))
}

/// A place found by map search (spec 3).
#[derive(Debug, Serialize, ToSchema)]
pub struct MapPlace {
    /// In the request language.
    pub name: String,
    /// In the request language.
    pub address: String,
    pub location: Location,
}

/// Query of `GET /map/search`.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct MapSearchQuery {
    /// Text contained in the place's name or address, either language, ignoring case
    /// (required, at most 100 characters).
    #[param(
        required = true,
        pattern = r"^\s*\S([\s\S]{0,98}\S)?\s*$",
        example = "Zamalek"
    )]
    pub search: Option<String>,
}

/// Query of `GET /map/is-supported-location` and `GET /map/reverse`.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PointQuery {
    /// Degrees, −90 to 90.
    #[param(minimum = -90, maximum = 90)]
    pub latitude: f64,
    /// Degrees, −180 to 180.
    #[param(minimum = -180, maximum = 180)]
    pub longitude: f64,
}

/// Whether the storefront delivers to a point, and in which district.
#[derive(Debug, Serialize, ToSchema)]
pub struct LocationSupport {
    pub supported: bool,
    /// The district containing the point; null when unsupported.
    pub district_id: Option<i64>,
    pub district: Option<IdName>,
}

/// Map search in the local gazetteer: at most 10 places whose name or address
/// contains the text in either language (ignoring case), places whose name matches
/// first. Blank `search` is a 422 ('please add search text').
#[utoipa::path(get, path = "/map/search", tag = "location",
    params(MapSearchQuery, ("Language" = Option<String>, Header, description = "en or ar")),
    responses((status = 200, body = Page<MapPlace>), (status = 422, body = ValidationErrorBody)))]
async fn search(
    State(state): State<AppState>,
    Lang(lang): Lang,
    Query(query): Query<MapSearchQuery>,
) -> Result<Json<Page<MapPlace>>, ApiError> {
    let text = required_search("search", query.search.as_deref(), lang)?;
    let places = state
        .db
        .read(move |c| {
            let mut stmt = c.prepare(
                "SELECT name_en, name_ar, address_en, address_ar, latitude, longitude,
                        (name_en LIKE ?1 ESCAPE '\\' OR name_ar LIKE ?1 ESCAPE '\\') AS by_name
                 FROM places
                 WHERE by_name OR address_en LIKE ?1 ESCAPE '\\' OR address_ar LIKE ?1 ESCAPE '\\'
                 ORDER BY by_name DESC, id LIMIT ?2",
            )?;
            let rows = stmt.query_map(params![contains_pattern(&text), SUGGESTIONS], |r| {
                Ok(MapPlace {
                    name: pick(lang, r.get(0)?, r.get(1)?),
                    address: pick(lang, r.get(2)?, r.get(3)?),
                    location: Location {
                        latitude: r.get(4)?,
                        longitude: r.get(5)?,
                    },
                })
            })?;
            Ok(rows.collect::<Result<Vec<_>, _>>()?)
        })
        .await?;
    Ok(Json(Page::all(places)))
}

/// Whether the storefront delivers to a point: `supported`, and the district
/// (`district_id`, `district`) whose area contains it. Points on a district's
/// border count as inside. The message is a short confirmation, or 'Sorry, we don't
/// deliver to your area now!' when unsupported. Missing or non-numeric coordinates,
/// a latitude outside −90..90 or a longitude outside −180..180 are a 422 naming the
/// field.
#[utoipa::path(get, path = "/map/is-supported-location", tag = "location",
    params(PointQuery, ("Language" = Option<String>, Header, description = "en or ar")),
    responses((status = 200, body = Data<LocationSupport>), (status = 422, body = ValidationErrorBody)))]
async fn is_supported_location(
    State(state): State<AppState>,
    Lang(lang): Lang,
    Query(point): Query<PointQuery>,
) -> Result<Json<Data<LocationSupport>>, ApiError> {
    // `contains` is false for NaN, so "nan" and infinities are refused too.
    if !(-90.0..=90.0).contains(&point.latitude) {
        return Err(out_of_range("latitude", -90, 90, lang));
    }
    if !(-180.0..=180.0).contains(&point.longitude) {
        return Err(out_of_range("longitude", -180, 180, lang));
    }
    let district = state
        .db
        .read(move |c| district_at(c, point.longitude, point.latitude, lang))
        .await?;
    let (support, message) = match district {
        Some(district) => (
            LocationSupport {
                supported: true,
                district_id: Some(district.id),
                district: Some(district),
            },
            Msg::LocationSupported.text(lang),
        ),
        None => (
            LocationSupport {
                supported: false,
                district_id: None,
                district: None,
            },
            Msg::from(MessageId::AreaNotServed).text(lang),
        ),
    };
    Ok(Json(Data::with_message(support, message)))
}

/// The delivery districts as a GeoJSON `FeatureCollection` (RFC 7946), the data
/// source of the location picker's map.
#[derive(Debug, Serialize, ToSchema)]
pub struct DistrictCollection {
    /// Always `FeatureCollection`.
    #[serde(rename = "type")]
    #[schema(example = "FeatureCollection")]
    pub kind: String,
    pub features: Vec<DistrictFeature>,
}

/// One district as a GeoJSON `Feature`.
#[derive(Debug, Serialize, ToSchema)]
pub struct DistrictFeature {
    /// Always `Feature`.
    #[serde(rename = "type")]
    #[schema(example = "Feature")]
    pub kind: String,
    /// The district id (also in `properties`).
    pub id: i64,
    pub properties: IdName,
    pub geometry: DistrictGeometry,
}

/// A GeoJSON `Polygon`: one closed outer ring of `[longitude, latitude]` positions.
#[derive(Debug, Serialize, ToSchema)]
pub struct DistrictGeometry {
    /// Always `Polygon`.
    #[serde(rename = "type")]
    #[schema(example = "Polygon")]
    pub kind: String,
    /// One ring; its last position repeats the first.
    pub coordinates: Vec<Vec<Vec<f64>>>,
}

/// The delivery districts as GeoJSON (a `FeatureCollection` of `Polygon`s, names in
/// the request language), for drawing on the map. Districts whose stored outline
/// cannot be read are left out (and logged).
#[utoipa::path(get, path = "/map/districts", tag = "location",
    params(("Language" = Option<String>, Header, description = "en or ar")),
    responses((status = 200, body = DistrictCollection, content_type = "application/geo+json")))]
async fn districts(
    State(state): State<AppState>,
    Lang(lang): Lang,
) -> Result<impl axum::response::IntoResponse, ApiError> {
    let features = state
        .db
        .read(move |c| {
            let mut stmt =
                c.prepare("SELECT id, name_en, name_ar, polygon FROM districts ORDER BY id")?;
            let rows = stmt.query_map([], |r| {
                Ok((
                    r.get::<_, i64>(0)?,
                    pick(lang, r.get(1)?, r.get(2)?),
                    r.get::<_, String>(3)?,
                ))
            })?;
            let mut features = Vec::new();
            for row in rows {
                let (id, name, polygon) = row?;
                let Some(ring) = parse_ring(&polygon) else {
                    tracing::warn!(
                        district = id,
                        "district polygon is not a ring of [lng, lat] points"
                    );
                    continue;
                };
                features.push(district_feature(id, name, &ring));
            }
            Ok(features)
        })
        .await?;
    let collection = DistrictCollection {
        kind: "FeatureCollection".into(),
        features,
    };
    Ok((
        [(axum::http::header::CONTENT_TYPE, "application/geo+json")],
        Json(collection),
    ))
}

/// A district as a GeoJSON feature, its ring closed as RFC 7946 requires.
fn district_feature(id: i64, name: String, ring: &[(f64, f64)]) -> DistrictFeature {
    let mut positions: Vec<Vec<f64>> = ring.iter().map(|&(x, y)| vec![x, y]).collect();
    if let Some(first) = positions.first().cloned() {
        positions.push(first);
    }
    DistrictFeature {
        kind: "Feature".into(),
        id,
        properties: IdName { id, name },
        geometry: DistrictGeometry {
            kind: "Polygon".into(),
            coordinates: vec![positions],
        },
    }
}

/// The first district (by id) whose polygon contains the point. A district whose
/// stored polygon cannot be read is skipped and logged, not fatal.
fn district_at(
    c: &Connection,
    lng: f64,
    lat: f64,
    lang: Language,
) -> Result<Option<IdName>, ApiError> {
    let mut stmt = c.prepare("SELECT id, name_en, name_ar, polygon FROM districts ORDER BY id")?;
    let mut rows = stmt.query([])?;
    while let Some(r) = rows.next()? {
        let id: i64 = r.get(0)?;
        let polygon: String = r.get(3)?;
        let Some(ring) = parse_ring(&polygon) else {
            tracing::warn!(
                district = id,
                "district polygon is not a ring of [lng, lat] points"
            );
            continue;
        };
        if contains(&ring, (lng, lat)) {
            return Ok(Some(IdName {
                id,
                name: pick(lang, r.get(1)?, r.get(2)?),
            }));
        }
    }
    Ok(None)
}

/// Reads a stored ring: a JSON array of `[lng, lat]` pairs, at least three distinct
/// points, all finite. The closing point may repeat the first or not.
pub fn parse_ring(text: &str) -> Option<Vec<(f64, f64)>> {
    let points: Vec<[f64; 2]> = serde_json::from_str(text).ok()?;
    let mut ring: Vec<(f64, f64)> = points
        .into_iter()
        .map(|[x, y]| (x, y))
        .filter(|(x, y)| x.is_finite() && y.is_finite())
        .collect();
    if ring.len() > 1 && ring.first() == ring.last() {
        ring.pop();
    }
    (ring.len() >= 3).then_some(ring)
}

/// How far from an edge (in degrees, about 0.1 mm) a point still counts as on it.
const EDGE_TOLERANCE: f64 = 1e-9;

/// Whether `p` is inside the ring or on its boundary. `ring` lists the vertices
/// (without repeating the first), `(x, y)` = `(lng, lat)`.
///
/// Boundary points are found first, exactly (within [`EDGE_TOLERANCE`]), because the
/// crossing count is unreliable there. The crossing count then uses the half-open
/// rule (an edge counts when one end is strictly above the ray and the other not),
/// so a ray through a vertex is counted once and horizontal edges never.
pub fn contains(ring: &[(f64, f64)], p: (f64, f64)) -> bool {
    if ring.len() < 3 {
        return false;
    }
    let (min_x, max_x, min_y, max_y) = ring.iter().fold(
        (
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::INFINITY,
            f64::NEG_INFINITY,
        ),
        |(a, b, c, d), &(x, y)| (a.min(x), b.max(x), c.min(y), d.max(y)),
    );
    let t = EDGE_TOLERANCE;
    if p.0 < min_x - t || p.0 > max_x + t || p.1 < min_y - t || p.1 > max_y + t {
        return false;
    }
    let edges = || ring.iter().zip(ring.iter().cycle().skip(1));
    if edges().any(|(&a, &b)| on_segment(a, b, p)) {
        return true;
    }
    let mut inside = false;
    for (&(xa, ya), &(xb, yb)) in edges() {
        if (ya > p.1) != (yb > p.1) {
            // x where the edge crosses the horizontal line through p.
            let x = xa + (p.1 - ya) * (xb - xa) / (yb - ya);
            if p.0 < x {
                inside = !inside;
            }
        }
    }
    inside
}

/// Whether `p` lies on segment `a`–`b`, within [`EDGE_TOLERANCE`].
fn on_segment(a: (f64, f64), b: (f64, f64), p: (f64, f64)) -> bool {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let (px, py) = (p.0 - a.0, p.1 - a.1);
    let length_sq = dx * dx + dy * dy;
    if length_sq == 0.0 {
        return px.hypot(py) <= EDGE_TOLERANCE;
    }
    // Distance from the line, then position along the segment.
    let cross = dx * py - dy * px;
    if cross.abs() > EDGE_TOLERANCE * length_sq.sqrt() {
        return false;
    }
    let along = (dx * px + dy * py) / length_sq.sqrt();
    along >= -EDGE_TOLERANCE && along <= length_sq.sqrt() + EDGE_TOLERANCE
}

#[cfg(test)]
mod tests {
    use super::*;

    const SQUARE: [(f64, f64); 4] = [(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)];

    #[test]
    fn inside_and_outside_a_square() {
        assert!(contains(&SQUARE, (5.0, 5.0)));
        assert!(contains(&SQUARE, (0.001, 9.999)));
        assert!(!contains(&SQUARE, (10.001, 5.0)));
        assert!(!contains(&SQUARE, (-5.0, 5.0)));
        // Outside the bounding box on each side.
        assert!(!contains(&SQUARE, (5.0, 11.0)));
        assert!(!contains(&SQUARE, (5.0, -1.0)));
        assert!(!contains(&SQUARE, (50.0, 50.0)));
    }

    #[test]
    fn edges_and_vertices_count_as_inside() {
        for p in [
            (0.0, 0.0),
            (10.0, 10.0),
            (0.0, 10.0),
            (5.0, 0.0),
            (10.0, 3.0),
            (0.0, 7.5),
            (4.0, 10.0),
        ] {
            assert!(contains(&SQUARE, p), "{p:?} is on the boundary");
        }
        // On a slanted edge.
        let triangle = [(0.0, 0.0), (4.0, 0.0), (0.0, 4.0)];
        assert!(contains(&triangle, (2.0, 2.0)));
        assert!(!contains(&triangle, (2.1, 2.1)));
    }

    #[test]
    fn rays_through_vertices_count_once() {
        // A diamond: the ray from (0, 0) passes exactly through the vertex (5, 0).
        let diamond = [(0.0, -5.0), (5.0, 0.0), (0.0, 5.0), (-5.0, 0.0)];
        assert!(contains(&diamond, (0.0, 0.0)));
        assert!(!contains(&diamond, (-6.0, 0.0)));
        assert!(!contains(&diamond, (6.0, 0.0)));
        // The ray from (-1, 5) runs along the top spike's vertex only.
        assert!(!contains(&diamond, (-1.0, 5.0)));
    }

    #[test]
    fn concave_polygons() {
        // A "U": the notch (4..6, 2..10) is outside.
        let u = [
            (0.0, 0.0),
            (10.0, 0.0),
            (10.0, 10.0),
            (6.0, 10.0),
            (6.0, 2.0),
            (4.0, 2.0),
            (4.0, 10.0),
            (0.0, 10.0),
        ];
        assert!(contains(&u, (2.0, 8.0)));
        assert!(contains(&u, (8.0, 8.0)));
        assert!(!contains(&u, (5.0, 8.0)));
        assert!(contains(&u, (5.0, 1.0)));
        // The ray from (1, 2) runs along the horizontal notch floor.
        assert!(contains(&u, (1.0, 2.0)));
        assert!(contains(&u, (5.0, 2.0)), "on the notch floor");
    }

    #[test]
    fn real_coordinates_of_a_district() {
        let zamalek = [
            (31.2150, 30.0550),
            (31.2280, 30.0550),
            (31.2280, 30.0720),
            (31.2150, 30.0720),
        ];
        assert!(contains(&zamalek, (31.2197, 30.0626)));
        assert!(!contains(&zamalek, (31.2357, 30.0444)));
    }

    #[test]
    fn features_close_their_ring() {
        let ring = parse_ring("[[0,0],[10,0],[10,10],[0,10]]").unwrap();
        let feature = district_feature(3, "Dokki".into(), &ring);
        let json = serde_json::to_value(&feature).unwrap();
        assert_eq!(json["type"], "Feature");
        assert_eq!(json["geometry"]["type"], "Polygon");
        let positions = json["geometry"]["coordinates"][0].as_array().unwrap();
        assert_eq!(positions.len(), 5);
        assert_eq!(positions.first(), positions.last());
        assert_eq!(
            json["properties"],
            serde_json::json!({"id": 3, "name": "Dokki"})
        );
    }

    #[test]
    fn rings_are_read_from_json() {
        let ring = parse_ring("[[0,0],[10,0],[10,10],[0,10],[0,0]]").unwrap();
        assert_eq!(ring.len(), 4);
        assert_eq!(parse_ring("[[0,0],[10,0],[10,10]]").unwrap().len(), 3);
        assert!(parse_ring("[[0,0],[1,1]]").is_none());
        assert!(parse_ring("not json").is_none());
        assert!(parse_ring("[[0,0,0],[1,1],[2,2]]").is_none());
        assert!(!contains(&[], (0.0, 0.0)));
    }
}
