//! `GET /map/reverse`: the address of a point, from the seeded gazetteer and district
//! outlines, offline like map search (issue 36, item 2). What the data does not know
//! is null, never guessed.

use axum::Json;
use axum::extract::State;
use rusqlite::{Connection, params};
use serde::Serialize;
use storefront_core::locale::Language;
use storefront_core::location::distance_m;
use utoipa::ToSchema;

use super::{PointQuery, district_at};
use crate::http::envelope::Data;
use crate::http::error::{ApiError, ValidationErrorBody, out_of_range};
use crate::http::extract::{Lang, Query};
use crate::http::state::AppState;
use crate::i18n::columns::pick;

/// How near a gazetteer place must be for its street to be the point's street, in
/// metres. A street is only worth filling in if the pin is on it or beside it: the
/// gazetteer's places lie about half a kilometre apart in the districts, so a wider
/// radius would name a street several blocks away (a courier's wrong turn); a point
/// further from every place gets no street, and the shopper types it.
pub const STREET_RADIUS_M: f64 = 500.0;

/// The country of every district and gazetteer place of the embedded API: the demo
/// store delivers in Egypt only (its remote config's `default_country_code` is EG).
const COUNTRY: (&str, &str) = ("Egypt", "مصر");

/// What the map knows of a point's address; each field null when it does not (every
/// field is always sent).
#[derive(Debug, Default, PartialEq, Serialize, ToSchema)]
pub struct ReverseGeocode {
    /// The nearest gazetteer place's street (and the place's name when it is a
    /// landmark on it: 'Cairo Tower, Hadayek El Zohreya Street'), within 500 m.
    #[schema(required = true)]
    pub street_address: Option<String>,
    /// The city of the district containing the point.
    #[schema(required = true)]
    pub city: Option<String>,
    /// The name of the district containing the point.
    #[schema(required = true)]
    pub region: Option<String>,
    /// The postal code of the district containing the point.
    #[schema(required = true)]
    pub postal_code: Option<String>,
    /// The store's country, when the point is in a district or near a gazetteer place.
    #[schema(required = true)]
    pub country: Option<String>,
    /// The district containing the point; null outside every district.
    #[schema(required = true)]
    pub district_id: Option<i64>,
}

/// The address of a point on the map, for an address form to fill in: the street of
/// the nearest place of the gazetteer within 500 m (`street_address`), the district
/// containing the point (`region`, its name; `district_id`), that district's city and
/// postal code, and the country when either is known. Each is null when nothing
/// answers for it: a point outside every district has no region, city or postal code,
/// and one far from every place no street. Names in the `Language` header's language.
/// Missing or non-numeric coordinates, a latitude outside −90..90 or a longitude
/// outside −180..180 are a 422 naming the field.
#[utoipa::path(get, path = "/map/reverse", tag = "location",
    params(PointQuery, ("Language" = Option<String>, Header, description = "en or ar")),
    responses((status = 200, body = Data<ReverseGeocode>), (status = 422, body = ValidationErrorBody)))]
pub async fn reverse(
    State(state): State<AppState>,
    Lang(lang): Lang,
    Query(point): Query<PointQuery>,
) -> Result<Json<Data<ReverseGeocode>>, ApiError> {
    // `contains` is false for NaN, so "nan" and infinities are refused too.
    if !(-90.0..=90.0).contains(&point.latitude) {
        return Err(out_of_range("latitude", -90, 90, lang));
    }
    if !(-180.0..=180.0).contains(&point.longitude) {
        return Err(out_of_range("longitude", -180, 180, lang));
    }
    let answer = state
        .db
        .read(move |c| address_at(c, point.latitude, point.longitude, lang))
        .await?;
    Ok(Json(Data::new(answer)))
}

fn address_at(
    c: &Connection,
    lat: f64,
    lng: f64,
    lang: Language,
) -> Result<ReverseGeocode, ApiError> {
    let mut answer = ReverseGeocode {
        street_address: nearest_street(c, lat, lng, lang)?,
        ..ReverseGeocode::default()
    };
    if let Some(district) = district_at(c, lng, lat, lang)? {
        let (city_en, city_ar, postal_code): (Option<String>, Option<String>, Option<String>) = c
            .query_row(
            "SELECT city_en, city_ar, postal_code FROM districts WHERE id = ?1",
            params![district.id],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )?;
        answer.city = localized(lang, city_en, city_ar);
        answer.postal_code = postal_code.filter(|code| !code.trim().is_empty());
        answer.region = Some(district.name);
        answer.district_id = Some(district.id);
    }
    if answer.district_id.is_some() || answer.street_address.is_some() {
        answer.country = Some(pick(lang, COUNTRY.0.into(), COUNTRY.1.into()));
    }
    Ok(answer)
}

/// The text in the language, when that language's text is there and not blank.
fn localized(lang: Language, en: Option<String>, ar: Option<String>) -> Option<String> {
    match lang {
        Language::En => en,
        Language::Ar => ar,
    }
    .filter(|text| !text.trim().is_empty())
}

/// The street of the nearest place within [`STREET_RADIUS_M`]: the place's street, led
/// by its name when that is not the street itself; its name alone when its street is
/// not known.
fn nearest_street(
    c: &Connection,
    lat: f64,
    lng: f64,
    lang: Language,
) -> Result<Option<String>, ApiError> {
    // A degree of latitude is at least 110.5 km: the window holds every place within
    // the radius (and a few more, measured below). Longitude is not windowed: its
    // degrees shrink towards the poles, and the gazetteer is small.
    let window = STREET_RADIUS_M / 110_000.0;
    let mut stmt = c.prepare(
        "SELECT name_en, name_ar, street_en, street_ar, latitude, longitude FROM places
         WHERE latitude BETWEEN ?1 AND ?2 ORDER BY id",
    )?;
    let mut rows = stmt.query(params![lat - window, lat + window])?;
    let mut nearest: Option<(f64, String, Option<String>)> = None;
    while let Some(r) = rows.next()? {
        let distance = distance_m((lat, lng), (r.get(4)?, r.get(5)?));
        if distance > STREET_RADIUS_M || nearest.as_ref().is_some_and(|n| n.0 <= distance) {
            continue;
        }
        let name = pick(lang, r.get(0)?, r.get(1)?);
        let street = localized(lang, r.get(2)?, r.get(3)?);
        nearest = Some((distance, name, street));
    }
    Ok(nearest.map(|(_, name, street)| match street {
        Some(street) if street != name => format!("{name}{}{street}", separator(lang)),
        Some(street) => street,
        None => name,
    }))
}

/// Parts of an address are separated by an Arabic comma in Arabic.
fn separator(lang: Language) -> &'static str {
    match lang {
        Language::En => ", ",
        Language::Ar => "، ",
    }
}
