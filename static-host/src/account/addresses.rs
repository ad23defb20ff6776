//! The address book (spec 3 address form, spec 5): `GET/POST /addresses`,
//! `GET/PUT/DELETE /addresses/{id}`, `POST /addresses/{id}/default`.
//!
//! Rules:
//! - The delivery district is derived from the map location with the same
//!   point-in-polygon test as `/map/is-supported-location`; a point outside every
//!   district is a 422 on `location` ('Location not supported').
//! - The phone is read by the core's phone rule with the store's default country
//!   (landlines allowed) and stored in E.164.
//! - The first address becomes the default; making another the default unsets the
//!   previous one in the same transaction (a unique index keeps one default).
//!   `is_default: false` never leaves the customer without a default: to move it,
//!   make another address the default.
//! - Deleting the default is refused (400, the spec's message); deleting another
//!   address hides it (soft delete), so orders keep their address.
//! - At most [`MAX_ADDRESSES`] live addresses per customer.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use rusqlite::{Connection, OptionalExtension, params};
use serde::{Deserialize, Serialize};
use storefront_core::locale::Language;
use storefront_core::messages::MessageId;
use storefront_core::validation::{AddressForm, max_length, parse_phone, validate_address_form};
use utoipa::{IntoParams, ToSchema};

use crate::account::{Form, ParentId};
use crate::clock::now_ms;
use crate::http::envelope::{Data, Location, Named, Page, Paging};
use crate::http::error::{ApiError, BadRequestBody, ErrorBody, ValidationErrorBody, not_found};
use crate::http::extract::{CurrentUser, Id, JsonBody, Lang, Query};
use crate::http::state::AppState;
use crate::i18n::Msg;
use crate::i18n::columns::{IdName, pick};
use crate::location::{contains, parse_ring};
use crate::pages::settings::remote_config;

/// Most live addresses a customer may keep.
pub const MAX_ADDRESSES: usize = 50;
/// Longest address name, contact name, country, region and city (the core's form rule).
pub const NAME_MAX: usize = storefront_core::validation::ADDRESS_NAME_MAX_CHARS;
/// Longest street address.
pub const DETAILS_MAX: usize = storefront_core::validation::ADDRESS_DETAILS_MAX_CHARS;
/// Longest building number, floor, apartment number and postal code.
pub const SHORT_MAX: usize = storefront_core::validation::ADDRESS_SHORT_MAX_CHARS;
/// Longest phone text accepted before parsing.
const PHONE_MAX: usize = 40;

/// Home, work or other (spec 3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum AddressType {
    Home,
    Work,
    Other,
}

impl AddressType {
    fn as_str(self) -> &'static str {
        match self {
            AddressType::Home => "home",
            AddressType::Work => "work",
            AddressType::Other => "other",
        }
    }

    fn parse(text: &str) -> AddressType {
        match text {
            "work" => AddressType::Work,
            "other" => AddressType::Other,
            _ => AddressType::Home,
        }
    }
}

/// A saved address. `country_id{name}` and `city_id{name}` repeat `country` and
/// `city` in the shape the profile's `address` uses (spec 3 `User.address`).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Address {
    pub id: i64,
    #[serde(rename = "type")]
    pub kind: AddressType,
    /// The address name, e.g. "Home".
    pub name: String,
    pub contact_name: String,
    /// E.164.
    pub phone: String,
    pub country: String,
    /// Region or state.
    pub region: String,
    pub city: String,
    /// Street and the rest of the address.
    pub address_details: String,
    pub building_number: String,
    pub floor: String,
    pub apartment_number: String,
    pub postal_code: String,
    pub location: Location,
    /// The delivery district containing `location`.
    pub district_id: i64,
    /// The district, named in the request language.
    pub district: IdName,
    pub is_default: bool,
    pub country_id: Named,
    pub city_id: Named,
    /// RFC 3339.
    pub created_at: String,
}

/// The address form (spec 3). Texts are trimmed; missing optional texts are empty.
#[derive(Debug, Deserialize, ToSchema)]
pub struct AddressRequest {
    /// Address name, e.g. "Home" (required, at most 100 characters).
    #[serde(default)]
    #[schema(value_type = String, required = true, pattern = r"^\s*\S([\s\S]{0,98}\S)?\s*$", example = "Home")]
    pub name: Option<String>,
    /// Who receives deliveries (required, at most 100 characters).
    #[serde(default)]
    #[schema(value_type = String, required = true, pattern = r"^\s*\S([\s\S]{0,98}\S)?\s*$", example = "Mona Adel")]
    pub contact_name: Option<String>,
    /// Phone number (required), international or national in the store's default
    /// country; landlines allowed.
    #[serde(default)]
    #[schema(value_type = String, required = true, pattern = r"\S", max_length = 40, example = "01001234567")]
    pub phone: Option<String>,
    /// Default "Egypt".
    #[serde(default)]
    #[schema(max_length = 100)]
    pub country: Option<String>,
    /// Region or state.
    #[serde(default)]
    #[schema(max_length = 100)]
    pub region: Option<String>,
    #[serde(default)]
    #[schema(max_length = 100)]
    pub city: Option<String>,
    /// Street address (required, at most 255 characters).
    #[serde(default)]
    #[schema(value_type = String, required = true, pattern = r"^\s*\S([\s\S]{0,253}\S)?\s*$", example = "12 26th of July Street")]
    pub address_details: Option<String>,
    #[serde(default)]
    #[schema(max_length = 20)]
    pub building_number: Option<String>,
    #[serde(default)]
    #[schema(max_length = 20)]
    pub floor: Option<String>,
    #[serde(default)]
    #[schema(max_length = 20)]
    pub apartment_number: Option<String>,
    /// Digits only, at most 20.
    #[serde(default)]
    #[schema(max_length = 20)]
    pub postal_code: Option<String>,
    /// The map location (required); it must lie in a delivery district.
    #[serde(default)]
    #[schema(value_type = Location, required = true)]
    pub location: Option<Location>,
    /// home (default), work or other.
    #[serde(default, rename = "type")]
    pub kind: Option<AddressType>,
    /// Make this the default address. The first address is the default anyway.
    #[serde(default)]
    pub is_default: Option<bool>,
}

/// A validated address form.
#[derive(Debug, Clone)]
struct AddressFields {
    name: String,
    contact_name: String,
    phone: String,
    country: String,
    region: String,
    city: String,
    address_details: String,
    building_number: String,
    floor: String,
    apartment_number: String,
    postal_code: String,
    location: Location,
    kind: AddressType,
    is_default: bool,
}

/// The form's fields in the order a 422 names them (the core's table answers them
/// keyed by name).
const FIELDS: [&str; 11] = [
    "name",
    "contact_name",
    "phone",
    "country",
    "region",
    "city",
    "address_details",
    "building_number",
    "floor",
    "apartment_number",
    "postal_code",
];

/// Checks the form with the core's table ([`validate_address_form`]: 'This field is
/// required', 'Too long! …', 'Phone Number is Invalid', 'Only number') and the map
/// point ('please choose a location'), every bad field at once.
fn validate(
    body: AddressRequest,
    default_country: &str,
    lang: Language,
) -> Result<AddressFields, ApiError> {
    let text = |value: Option<String>| {
        value
            .as_deref()
            .map(str::trim)
            .unwrap_or_default()
            .to_owned()
    };
    let fields = AddressForm {
        name: text(body.name),
        contact_name: text(body.contact_name),
        phone: text(body.phone),
        country: text(body.country),
        region: text(body.region),
        city: text(body.city),
        address_details: text(body.address_details),
        building_number: text(body.building_number),
        floor: text(body.floor),
        apartment_number: text(body.apartment_number),
        postal_code: text(body.postal_code),
    };
    let mut errors = validate_address_form(&fields, default_country);
    // Two answers of the server's stand over the table's, so its 422s stay as they
    // were: a phone past the column's 40 characters is 'Too long!' (the table reads
    // it as a number), and a postal code both too long and not digits is 'Too long!'
    // (the table tries the digits first).
    if !fields.phone.is_empty()
        && let Err(message) = max_length(&fields.phone, PHONE_MAX)
    {
        errors.insert("phone".to_owned(), message);
    }
    if let Err(message) = max_length(&fields.postal_code, SHORT_MAX) {
        errors.insert("postal_code".to_owned(), message);
    }
    let mut form = Form::new(lang);
    for field in FIELDS {
        if let Some(message) = errors.remove(field) {
            form.fail(field, message);
        }
    }
    let phone = match parse_phone(&fields.phone, default_country) {
        Ok(number) if !form.has_error("phone") => number.e164,
        _ => String::new(),
    };
    let AddressForm {
        name,
        contact_name,
        country,
        region,
        city,
        address_details,
        building_number,
        floor,
        apartment_number,
        postal_code,
        ..
    } = fields;
    let location = match body.location {
        None => {
            form.fail("location", MessageId::ChooseALocation);
            Location {
                latitude: 0.0,
                longitude: 0.0,
            }
        }
        Some(point) => {
            // `contains` is false for NaN and infinities.
            if !(-90.0..=90.0).contains(&point.latitude) {
                form.fail(
                    "location.latitude",
                    Msg::OutOfRange {
                        field: "latitude".into(),
                        min: -90,
                        max: 90,
                    },
                );
            }
            if !(-180.0..=180.0).contains(&point.longitude) {
                form.fail(
                    "location.longitude",
                    Msg::OutOfRange {
                        field: "longitude".into(),
                        min: -180,
                        max: 180,
                    },
                );
            }
            point
        }
    };
    form.finish()?;
    Ok(AddressFields {
        name,
        contact_name,
        phone,
        country: if country.is_empty() {
            "Egypt".to_owned()
        } else {
            country
        },
        region,
        city,
        address_details,
        building_number,
        floor,
        apartment_number,
        postal_code,
        location,
        kind: body.kind.unwrap_or(AddressType::Home),
        is_default: body.is_default.unwrap_or(false),
    })
}

/// The delivery district containing a point: the first district (by id) whose
/// polygon contains it, borders included — the rule of `/map/is-supported-location`,
/// with its ring reader and point-in-polygon test.
pub fn district_for(conn: &Connection, location: Location) -> Result<Option<i64>, ApiError> {
    let mut stmt = conn.prepare("SELECT id, polygon FROM districts ORDER BY id")?;
    let mut rows = stmt.query([])?;
    while let Some(r) = rows.next()? {
        let polygon: String = r.get(1)?;
        if let Some(ring) = parse_ring(&polygon)
            && contains(&ring, (location.longitude, location.latitude))
        {
            return Ok(Some(r.get(0)?));
        }
    }
    Ok(None)
}

fn location_not_supported(lang: Language) -> ApiError {
    ApiError::validation(
        "location",
        Msg::from(MessageId::LocationNotSupported).text(lang),
    )
}

const COLUMNS: &str = "a.id, a.type, a.name, a.contact_name, a.phone, a.country, a.region, a.city,
     a.address_details, a.building_number, a.floor, a.apartment_number, a.postal_code,
     a.latitude, a.longitude, a.district_id, d.name_en, d.name_ar, a.is_default, a.created_at";

const FROM: &str = "FROM addresses a JOIN districts d ON d.id = a.district_id";

fn address_row(r: &rusqlite::Row<'_>, lang: Language) -> rusqlite::Result<Address> {
    let kind: String = r.get(1)?;
    let country: String = r.get(5)?;
    let city: String = r.get(7)?;
    let district_id: i64 = r.get(15)?;
    Ok(Address {
        id: r.get(0)?,
        kind: AddressType::parse(&kind),
        name: r.get(2)?,
        contact_name: r.get(3)?,
        phone: r.get(4)?,
        country_id: Named {
            name: country.clone(),
        },
        country,
        region: r.get(6)?,
        city_id: Named { name: city.clone() },
        city,
        address_details: r.get(8)?,
        building_number: r.get(9)?,
        floor: r.get(10)?,
        apartment_number: r.get(11)?,
        postal_code: r.get(12)?,
        location: Location {
            latitude: r.get(13)?,
            longitude: r.get(14)?,
        },
        district_id,
        district: IdName {
            id: district_id,
            name: pick(lang, r.get(16)?, r.get(17)?),
        },
        is_default: r.get(18)?,
        created_at: crate::clock::iso_time(r.get(19)?),
    })
}

/// One of the customer's live addresses, or 404.
pub fn load_address(
    conn: &Connection,
    user_id: i64,
    id: i64,
    lang: Language,
) -> Result<Address, ApiError> {
    conn.query_row(
        &format!(
            "SELECT {COLUMNS} {FROM} WHERE a.id = ?1 AND a.user_id = ?2 AND a.deleted_at IS NULL"
        ),
        params![id, user_id],
        |r| address_row(r, lang),
    )
    .optional()?
    .ok_or_else(|| not_found(lang))
}

/// The customer's default address, if any.
pub fn default_address(
    conn: &Connection,
    user_id: i64,
    lang: Language,
) -> Result<Option<Address>, ApiError> {
    Ok(conn
        .query_row(
            &format!(
                "SELECT {COLUMNS} {FROM}
                 WHERE a.user_id = ?1 AND a.is_default = 1 AND a.deleted_at IS NULL"
            ),
            [user_id],
            |r| address_row(r, lang),
        )
        .optional()?)
}

/// Makes `id` the customer's only default (the caller runs it in its transaction).
fn make_default(conn: &Connection, user_id: i64, id: i64) -> rusqlite::Result<()> {
    conn.execute(
        "UPDATE addresses SET is_default = 0
         WHERE user_id = ?1 AND is_default = 1 AND deleted_at IS NULL AND id != ?2",
        params![user_id, id],
    )?;
    conn.execute(
        "UPDATE addresses SET is_default = 1 WHERE id = ?1 AND user_id = ?2",
        params![id, user_id],
    )?;
    Ok(())
}

/// Query of `GET /addresses`.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AddressesQuery {
    /// Page number, from 1.
    #[param(minimum = 1, maximum = 100000)]
    pub page: Option<u32>,
    /// Items per page, 1 to 100 (default 50: the whole book).
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<u32>,
}

/// The customer's addresses: the default first, then the newest. An empty list is
/// where the client shows 'no address available'.
#[utoipa::path(get, path = "/addresses", tag = "account", security(("bearer" = [])),
    params(AddressesQuery, ("Language" = Option<String>, Header, description = "en or ar")),
    responses((status = 200, body = Page<Address>), (status = 401, body = ErrorBody),
        (status = 422, body = ValidationErrorBody)))]
pub async fn list_addresses(
    State(state): State<AppState>,
    Lang(lang): Lang,
    user: CurrentUser,
    Query(query): Query<AddressesQuery>,
) -> Result<Json<Page<Address>>, ApiError> {
    let paging = Paging {
        page: query.page,
        limit: query.limit,
    }
    .checked_with_default(lang, MAX_ADDRESSES as u32)?;
    let user_id = user.id;
    let page = state
        .db
        .read(move |c| {
            let total: i64 = c.query_row(
                "SELECT count(*) FROM addresses WHERE user_id = ?1 AND deleted_at IS NULL",
                [user_id],
                |r| r.get(0),
            )?;
            let mut stmt = c.prepare(&format!(
                "SELECT {COLUMNS} {FROM} WHERE a.user_id = ?1 AND a.deleted_at IS NULL
                 ORDER BY a.is_default DESC, a.id DESC LIMIT ?2 OFFSET ?3"
            ))?;
            let data = stmt
                .query_map(
                    params![user_id, i64::from(paging.limit), paging.offset()],
                    |r| address_row(r, lang),
                )?
                .collect::<Result<Vec<_>, _>>()?;
            Ok(Page {
                data,
                meta: paging.meta(u64::try_from(total).unwrap_or(0)),
            })
        })
        .await?;
    Ok(Json(page))
}

/// Adds an address. The district comes from `location`; the first address, or one
/// sent with `is_default: true`, becomes the default (the previous default is
/// unset). 422 names every bad field; a location outside the delivery districts is a
/// 422 on `location` ('Location not supported'); more than 50 addresses is a 400.
#[utoipa::path(post, path = "/addresses", tag = "account", security(("bearer" = [])),
    request_body = AddressRequest,
    params(("Language" = Option<String>, Header, description = "en or ar")),
    responses((status = 201, body = Data<Address>), (status = 400, body = BadRequestBody),
        (status = 401, body = ErrorBody), (status = 415, body = ErrorBody),
        (status = 422, body = ValidationErrorBody)))]
pub async fn create_address(
    State(state): State<AppState>,
    Lang(lang): Lang,
    user: CurrentUser,
    JsonBody(body): JsonBody<AddressRequest>,
) -> Result<(StatusCode, Json<Data<Address>>), ApiError> {
    let config = remote_config(&state).await?;
    let fields = validate(body, &config.default_country_code, lang)?;
    let (user_id, now) = (user.id, now_ms());
    let address = state
        .db
        .write(move |tx| {
            let district_id =
                district_for(tx, fields.location)?.ok_or_else(|| location_not_supported(lang))?;
            let count: i64 = tx.query_row(
                "SELECT count(*) FROM addresses WHERE user_id = ?1 AND deleted_at IS NULL",
                [user_id],
                |r| r.get(0),
            )?;
            if count >= MAX_ADDRESSES as i64 {
                return Err(ApiError::bad_request(
                    Msg::TooManyAddresses { max: MAX_ADDRESSES }.text(lang),
                ));
            }
            let f = &fields;
            tx.execute(
                "INSERT INTO addresses (user_id, type, name, contact_name, phone, country, region, city,
                     address_details, building_number, floor, apartment_number, postal_code,
                     latitude, longitude, district_id, is_default, created_at)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, 0, ?17)",
                params![
                    user_id, f.kind.as_str(), f.name, f.contact_name, f.phone, f.country, f.region,
                    f.city, f.address_details, f.building_number, f.floor, f.apartment_number,
                    f.postal_code, f.location.latitude, f.location.longitude, district_id, now
                ],
            )?;
            let id = tx.last_insert_rowid();
            if count == 0 || f.is_default {
                make_default(tx, user_id, id)?;
            }
            load_address(tx, user_id, id, lang)
        })
        .await?;
    Ok((
        StatusCode::CREATED,
        Json(Data::with_message(address, Msg::AddressCreated.text(lang))),
    ))
}

/// One of the customer's addresses; another customer's or a deleted one is a 404.
#[utoipa::path(get, path = "/addresses/{id}", tag = "account", security(("bearer" = [])),
    params(("id" = i64, Path, minimum = 1, description = "Address id"),
        ("Language" = Option<String>, Header, description = "en or ar")),
    responses((status = 200, body = Data<Address>), (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
pub async fn get_address(
    State(state): State<AppState>,
    Lang(lang): Lang,
    user: CurrentUser,
    Id(id): Id,
) -> Result<Json<Data<Address>>, ApiError> {
    let user_id = user.id;
    let address = state
        .db
        .read(move |c| load_address(c, user_id, id, lang))
        .await?;
    Ok(Json(Data::new(address)))
}

/// Replaces an address with the form sent (the same fields and rules as adding
/// one). `is_default: true` makes it the default; `false` on the default keeps it
/// the default (make another address the default instead).
#[utoipa::path(put, path = "/addresses/{id}", tag = "account", security(("bearer" = [])),
    request_body = AddressRequest,
    params(("id" = i64, Path, minimum = 1, description = "Address id"),
        ("Language" = Option<String>, Header, description = "en or ar")),
    responses((status = 200, body = Data<Address>), (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 415, body = ErrorBody),
        (status = 422, body = ValidationErrorBody)))]
pub async fn update_address(
    State(state): State<AppState>,
    Lang(lang): Lang,
    user: CurrentUser,
    Id(id): Id,
    JsonBody(body): JsonBody<AddressRequest>,
) -> Result<Json<Data<Address>>, ApiError> {
    let config = remote_config(&state).await?;
    let fields = validate(body, &config.default_country_code, lang)?;
    let user_id = user.id;
    let address = state
        .db
        .write(move |tx| {
            load_address(tx, user_id, id, lang)?;
            let district_id =
                district_for(tx, fields.location)?.ok_or_else(|| location_not_supported(lang))?;
            let f = &fields;
            tx.execute(
                "UPDATE addresses SET type = ?3, name = ?4, contact_name = ?5, phone = ?6, country = ?7,
                     region = ?8, city = ?9, address_details = ?10, building_number = ?11, floor = ?12,
                     apartment_number = ?13, postal_code = ?14, latitude = ?15, longitude = ?16,
                     district_id = ?17
                 WHERE id = ?1 AND user_id = ?2",
                params![
                    id, user_id, f.kind.as_str(), f.name, f.contact_name, f.phone, f.country,
                    f.region, f.city, f.address_details, f.building_number, f.floor,
                    f.apartment_number, f.postal_code, f.location.latitude, f.location.longitude,
                    district_id
                ],
            )?;
            if f.is_default {
                make_default(tx, user_id, id)?;
            }
            load_address(tx, user_id, id, lang)
        })
        .await?;
    Ok(Json(Data::with_message(
        address,
        Msg::AddressUpdated.text(lang),
    )))
}

/// Deletes an address (orders that used it keep it). The default address cannot be
/// deleted: 400 'You cannot delete your default address. Please select a different
/// address as your default address before deleting this one.'
#[utoipa::path(delete, path = "/addresses/{id}", tag = "account", security(("bearer" = [])),
    params(("id" = i64, Path, minimum = 1, description = "Address id"),
        ("Language" = Option<String>, Header, description = "en or ar")),
    responses((status = 200, body = Data<Option<String>>), (status = 400, body = BadRequestBody),
        (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn delete_address(
    State(state): State<AppState>,
    Lang(lang): Lang,
    user: CurrentUser,
    Id(id): Id,
) -> Result<Json<Data<Option<String>>>, ApiError> {
    let (user_id, now) = (user.id, now_ms());
    state
        .db
        .write(move |tx| {
            let address = load_address(tx, user_id, id, lang)?;
            storefront_core::validation::address_deletion(address.is_default)
                .map_err(|message| ApiError::bad_request(Msg::from(message).text(lang)))?;
            tx.execute(
                "UPDATE addresses SET deleted_at = ?3 WHERE id = ?1 AND user_id = ?2",
                params![id, user_id, now],
            )?;
            Ok(())
        })
        .await?;
    Ok(Json(Data::with_message(
        None,
        Msg::AddressDeleted.text(lang),
    )))
}

/// Makes an address the default; the previous default is unset in the same
/// transaction.
#[utoipa::path(post, path = "/addresses/{id}/default", tag = "account", security(("bearer" = [])),
    params(("id" = i64, Path, minimum = 1, description = "Address id"),
        ("Language" = Option<String>, Header, description = "en or ar")),
    responses((status = 200, body = Data<Address>), (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
pub async fn set_default_address(
    State(state): State<AppState>,
    Lang(lang): Lang,
    user: CurrentUser,
    ParentId(id): ParentId,
) -> Result<Json<Data<Address>>, ApiError> {
    let user_id = user.id;
    let address = state
        .db
        .write(move |tx| {
            load_address(tx, user_id, id, lang)?;
            make_default(tx, user_id, id)?;
            load_address(tx, user_id, id, lang)
        })
        .await?;
    Ok(Json(Data::with_message(
        address,
        Msg::DefaultAddressSet.text(lang),
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(value: serde_json::Value) -> AddressRequest {
        serde_json::from_value(value).unwrap()
    }

    #[test]
    fn the_server_s_answers_stand_over_the_core_table_in_form_order() {
        let body = request(serde_json::json!({
            "contact_name": "Mona",
            "phone": "1".repeat(PHONE_MAX + 1),
            "address_details": "12 Nile St",
            "postal_code": "x".repeat(SHORT_MAX + 1),
            "location": {"latitude": 30.0, "longitude": 31.0},
        }));
        let err = validate(body, "EG", Language::En).unwrap_err().body();
        // The name comes first, as the form lists it, though its check ran last.
        assert_eq!(err["message"], "This field is required");
        assert_eq!(
            err["errors"]["phone"][0],
            "Too long! The maximum character is 40"
        );
        assert_eq!(
            err["errors"]["postal_code"][0],
            "Too long! The maximum character is 20"
        );
    }
}
