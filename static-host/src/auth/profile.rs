//! The signed-in customer's profile, settings and logout (spec 3, 4, 7).

use axum::Json;
use axum::extract::State;
use rusqlite::{Connection, OptionalExtension, params};
use serde::{Deserialize, Deserializer, Serialize};
use storefront_core::locale::Language;
use utoipa::ToSchema;

use crate::auth::fields;
use crate::http::envelope::Data;
use crate::http::error::{ApiError, ErrorBody, ValidationErrorBody, invalid};
use crate::http::extract::{Client, CurrentUser, JsonBody, Lang};
use crate::http::state::AppState;
use crate::i18n::Msg;
use storefront_core::validation::{
    BirthdateParts, ProfileForm, split_birthdate, validate_profile_form,
};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Gender {
    Female,
    Male,
}

/// Which notifications the customer wants.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Notifications {
    pub orders: bool,
    pub offers: bool,
    pub newsletter: bool,
}

/// The customer's profile (spec 3).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Profile {
    pub id: i64,
    pub name: String,
    /// E.164; null when no phone is verified yet (an account registered by e-mail,
    /// which verifies one before its first order: `POST /user/phone/verify`).
    pub mobile: Option<String>,
    pub email: Option<String>,
    pub company_name: Option<String>,
    /// YYYY-MM-DD.
    pub birthdate: Option<String>,
    pub gender: Option<Gender>,
    /// Path of the uploaded picture.
    pub image: Option<String>,
    /// "en" or "ar".
    pub default_locale: String,
    pub notifications: Notifications,
    pub referral_code: String,
    /// Whether a password is set (changing it then needs the current one).
    pub has_password: bool,
}

/// The default delivery address as the profile carries it (spec 3 `user.address`).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ProfileAddress {
    pub id: i64,
    pub name: Option<String>,
    pub region: Option<String>,
    pub postal_code: Option<String>,
    pub address_details: Option<String>,
    pub district_id: Option<i64>,
    pub location: Option<crate::http::envelope::Location>,
    pub country_id: Option<crate::http::envelope::Named>,
    pub city_id: Option<crate::http::envelope::Named>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ProfileResponse {
    pub user: Profile,
    /// The default address, if any.
    pub address: Option<ProfileAddress>,
    pub default_locale: String,
}

pub fn load_profile(conn: &Connection, user_id: i64) -> Result<Profile, ApiError> {
    let profile = conn.query_row(
        "SELECT id, name, mobile, email, company_name, birthdate, gender, image, default_locale, notifications,
                referral_code, password_hash IS NOT NULL
         FROM users WHERE id = ?1",
        [user_id],
        |r| {
            let notifications: String = r.get(9)?;
            let gender: Option<String> = r.get(6)?;
            Ok(Profile {
                id: r.get(0)?,
                name: r.get(1)?,
                mobile: r.get(2)?,
                email: r.get(3)?,
                company_name: r.get(4)?,
                birthdate: r.get(5)?,
                gender: match gender.as_deref() {
                    Some("female") => Some(Gender::Female),
                    Some("male") => Some(Gender::Male),
                    _ => None,
                },
                image: r.get(7)?,
                default_locale: r.get(8)?,
                notifications: serde_json::from_str(&notifications)
                    .unwrap_or(Notifications { orders: true, offers: true, newsletter: false }),
                referral_code: r.get(10)?,
                has_password: r.get(11)?,
            })
        },
    );
    match profile {
        Ok(profile) => Ok(profile),
        Err(rusqlite::Error::QueryReturnedNoRows) => Err(ApiError::internal(format!(
            "user {user_id} has a token but no row"
        ))),
        Err(err) => Err(err.into()),
    }
}

/// The customer's default address from the address book (`/addresses`), in the
/// shape of spec 3 `User.address`; none until the customer saves one.
pub fn default_address(
    conn: &Connection,
    user_id: i64,
) -> Result<Option<ProfileAddress>, ApiError> {
    use crate::http::envelope::{Location, Named};
    Ok(conn
        .query_row(
            "SELECT id, name, region, postal_code, address_details, district_id, latitude, longitude,
                    country, city
             FROM addresses WHERE user_id = ?1 AND is_default = 1 AND deleted_at IS NULL",
            [user_id],
            |r| {
                let text = |i: usize| -> rusqlite::Result<Option<String>> {
                    Ok(Some(r.get::<_, String>(i)?).filter(|t| !t.is_empty()))
                };
                Ok(ProfileAddress {
                    id: r.get(0)?,
                    name: text(1)?,
                    region: text(2)?,
                    postal_code: text(3)?,
                    address_details: text(4)?,
                    district_id: r.get(5)?,
                    location: Some(Location {
                        latitude: r.get(6)?,
                        longitude: r.get(7)?,
                    }),
                    country_id: text(8)?.map(|name| Named { name }),
                    city_id: text(9)?.map(|name| Named { name }),
                })
            },
        )
        .optional()?)
}

/// The signed-in customer's profile, default address and language.
#[utoipa::path(get, path = "/user/profile", tag = "account", security(("bearer" = [])),
    responses((status = 200, body = Data<ProfileResponse>), (status = 401, body = ErrorBody)))]
pub async fn get_profile(
    State(state): State<AppState>,
    user: CurrentUser,
) -> Result<Json<Data<ProfileResponse>>, ApiError> {
    let id = user.id;
    let (user, address) = state
        .db
        .read(move |c| Ok((load_profile(c, id)?, default_address(c, id)?)))
        .await?;
    let default_locale = user.default_locale.clone();
    Ok(Json(Data::new(ProfileResponse {
        user,
        address,
        default_locale,
    })))
}

/// `null` clears a field, a missing field leaves it unchanged.
fn present<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
    d: D,
) -> Result<Option<Option<T>>, D::Error> {
    Option::<T>::deserialize(d).map(Some)
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct UpdateProfileRequest {
    #[serde(default)]
    #[schema(pattern = r"^\s*\S([\s\S]{0,98}\S)?\s*$")]
    pub name: Option<String>,
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<String>, max_length = 190, pattern = r#"^\s*([A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.[A-Za-z]{2,63})?\s*$"#)]
    pub email: Option<Option<String>>,
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<String>, pattern = r"^\s*(\S([\s\S]{0,188}\S)?)?\s*$")]
    pub company_name: Option<Option<String>>,
    /// YYYY-MM-DD, in the past.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<String>, max_length = 10)]
    pub birthdate: Option<Option<String>>,
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<Gender>)]
    pub gender: Option<Option<Gender>>,
    /// A path returned by the upload endpoint for this customer, or null.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<String>, max_length = 200)]
    pub image: Option<Option<String>>,
}

/// Updates profile fields; fields left out stay as they are ('Profile updated
/// successfully'). A new `email` is not changed at once: a code is sent to it, and
/// `POST /user/email/confirm-change` with that code makes the change (the answer is
/// the same whether or not another account uses the address; message 'We sent a code
/// to …'). `email: null` removes the address at once. Removing or changing the address
/// signs out the account's other sessions. A picture the profile stops using is
/// deleted.
#[utoipa::path(patch, path = "/user/update-profile", tag = "account", request_body = UpdateProfileRequest,
    security(("bearer" = [])),
    responses((status = 200, body = Data<Profile>), (status = 401, body = ErrorBody), (status = 422, body = ValidationErrorBody),
        (status = 429, description = "A code to a new e-mail address was asked for too recently", body = ErrorBody)))]
pub async fn update_profile(
    State(state): State<AppState>,
    Lang(lang): Lang,
    Client(client): Client,
    user: CurrentUser,
    JsonBody(body): JsonBody<UpdateProfileRequest>,
) -> Result<Json<Data<Profile>>, ApiError> {
    let user_id = user.id;
    let current = state
        .db
        .read(move |c| {
            Ok(c.query_row(
                "SELECT name, email, company_name, birthdate FROM users WHERE id = ?1",
                [user_id],
                |r| {
                    Ok(StoredForm {
                        name: r.get(0)?,
                        email: r.get(1)?,
                        company_name: r.get(2)?,
                        birthdate: r.get(3)?,
                    })
                },
            )?)
        })
        .await?;
    let (year, month, day) = crate::clock::utc_date(state.clock.now_ms());
    let today = format!("{year:04}-{month:02}-{day:02}");
    let checked = checked_form(&body, &current, &today, lang)?;
    let name = checked.name;
    let company = checked.company_name;
    let birthdate = checked.birthdate;
    let email = match body.email {
        Some(Some(e)) if !e.trim().is_empty() => Some(Some(fields::email(&e, lang)?)),
        Some(_) => Some(None),
        None => None,
    };
    let image = body.image;
    let gender = body.gender;
    let current_email = current.email;
    // A new address waits for its code; the rest of the form is saved now.
    let (email, pending_email) = match email {
        Some(Some(address)) if current_email.as_deref() != Some(address.as_str()) => {
            (None, Some(address))
        }
        Some(Some(_)) => (None, None),
        Some(None) if current_email.is_none() => (None, None),
        other => (other, None),
    };
    if let Some(address) = &pending_email {
        crate::auth::email::request_email_change(&state, user_id, address.clone(), client, lang)
            .await?;
    }
    let keep = user.token_hash.clone();
    let now = state.clock.now_ms();
    let (profile, unused) = state
        .db
        .write(move |tx| {
            if let Some(name) = &name {
                tx.execute("UPDATE users SET name = ?2 WHERE id = ?1", params![user_id, name])?;
            }
            if let Some(email) = &email {
                // Only a removal gets here: a new address is confirmed by its code.
                tx.execute("UPDATE users SET email = ?2 WHERE id = ?1", params![user_id, email])?;
                crate::http::session::revoke_others(tx, user_id, &keep, now)?;
            }
            if let Some(company) = &company {
                tx.execute("UPDATE users SET company_name = ?2 WHERE id = ?1", params![user_id, company])?;
            }
            if let Some(birthdate) = &birthdate {
                tx.execute("UPDATE users SET birthdate = ?2 WHERE id = ?1", params![user_id, birthdate])?;
            }
            if let Some(gender) = gender {
                let value = gender.map(|g| match g {
                    Gender::Female => "female",
                    Gender::Male => "male",
                });
                tx.execute("UPDATE users SET gender = ?2 WHERE id = ?1", params![user_id, value])?;
            }
            let mut unused = Vec::new();
            if let Some(image) = &image {
                let before: Option<String> =
                    tx.query_row("SELECT image FROM users WHERE id = ?1", [user_id], |r| r.get(0))?;
                if let Some(path) = image {
                    let owned: bool = tx.query_row(
                        "SELECT exists(SELECT 1 FROM uploads WHERE user_id = ?1 AND ?2 = '/api/media/uploads/' || file_name)",
                        params![user_id, path],
                        |r| r.get(0),
                    )?;
                    if !owned {
                        return Err(invalid("image", lang));
                    }
                }
                tx.execute("UPDATE users SET image = ?2 WHERE id = ?1", params![user_id, image])?;
                // The picture it replaces is deleted (it counts against the quota).
                if let Some(before) = before.filter(|b| Some(b) != image.as_ref())
                    && let Some(name) = before.strip_prefix(crate::media::upload::UPLOADS_PATH)
                    && tx.execute("DELETE FROM uploads WHERE user_id = ?1 AND file_name = ?2", params![user_id, name])? > 0
                {
                    unused.push(name.to_owned());
                }
            }
            Ok((load_profile(tx, user_id)?, unused))
        })
        .await?;
    crate::media::upload::remove_files(&state.uploads_dir, unused).await;
    let message = match pending_email {
        Some(email) => Msg::EmailChangeCodeSent { email },
        None => Msg::ProfileUpdated,
    };
    Ok(Json(Data::with_message(profile, message.text(lang))))
}

/// The profile's stored form fields, which a partial update is checked against.
struct StoredForm {
    name: String,
    email: Option<String>,
    company_name: Option<String>,
    birthdate: Option<String>,
}

/// What a valid update writes: for each field it names, the new value (None: cleared).
struct CheckedForm {
    name: Option<String>,
    company_name: Option<Option<String>>,
    birthdate: Option<Option<String>>,
}

/// Checks the update with the core's profile form table (`validate_profile_form`: the
/// same rules as the form in the browser, the birthdate's range by `today`), on the
/// profile as it would be after the update; only the fields the update names can fail,
/// so a value stored under an older rule never blocks another field's change. The
/// birthdate travels as `YYYY-MM-DD` (the form's `year` error is the API's `birthdate`).
fn checked_form(
    body: &UpdateProfileRequest,
    current: &StoredForm,
    today: &str,
    lang: Language,
) -> Result<CheckedForm, ApiError> {
    let patched = |patch: &Option<Option<String>>, stored: &Option<String>| match patch {
        Some(value) => value.clone().unwrap_or_default(),
        None => stored.clone().unwrap_or_default(),
    };
    let birthdate_text = patched(&body.birthdate, &current.birthdate);
    let parts = split_birthdate(&birthdate_text);
    if body.birthdate.is_some()
        && !birthdate_text.trim().is_empty()
        && parts == BirthdateParts::default()
    {
        // Not the wire format at all: the form's table would read it as no date.
        return Err(ApiError::validation(
            "birthdate",
            Msg::FieldType {
                field: "birthdate".into(),
            }
            .text(lang),
        ));
    }
    let form = ProfileForm {
        name: body.name.clone().unwrap_or_else(|| current.name.clone()),
        email: patched(&body.email, &current.email),
        company_name: patched(&body.company_name, &current.company_name),
        day: parts.day,
        month: parts.month,
        year: parts.year,
        today: today.to_owned(),
    };
    let named = [
        ("name", "name", body.name.is_some()),
        ("email", "email", body.email.is_some()),
        ("company_name", "company_name", body.company_name.is_some()),
        ("year", "birthdate", body.birthdate.is_some()),
    ];
    let errors = validate_profile_form(&form);
    let refused: Vec<(String, String)> = named
        .iter()
        .filter(|(_, _, sent)| *sent)
        .filter_map(|(field, api_field, _)| {
            errors.get(*field).map(|message| {
                (
                    (*api_field).to_owned(),
                    Msg::from(message.clone()).text(lang),
                )
            })
        })
        .collect();
    if let Some((_, first)) = refused.first() {
        return Err(ApiError::Validation {
            message: first.clone(),
            errors: refused,
        });
    }
    let text = |value: &Option<Option<String>>| {
        value.as_ref().map(|v| {
            v.as_deref()
                .map(str::trim)
                .filter(|t| !t.is_empty())
                .map(str::to_owned)
        })
    };
    Ok(CheckedForm {
        name: body.name.as_deref().map(|n| n.trim().to_owned()),
        company_name: text(&body.company_name),
        birthdate: text(&body.birthdate).map(|b| b.map(|_| birthdate_text.trim().to_owned())),
    })
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct UpdateSettingRequest {
    #[serde(default)]
    pub default_locale: Option<Locale>,
    #[serde(default)]
    pub notifications: Option<NotificationsPatch>,
}

#[derive(Debug, Clone, Copy, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Locale {
    En,
    Ar,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct NotificationsPatch {
    pub orders: Option<bool>,
    pub offers: Option<bool>,
    pub newsletter: Option<bool>,
}

/// Saves preferences: the language (`default_locale`) and notification choices. The
/// storefront does not show the message when only the language is sent (spec 7).
#[utoipa::path(put, path = "/user/update-setting", tag = "account", request_body = UpdateSettingRequest,
    security(("bearer" = [])),
    responses((status = 200, body = Data<Profile>), (status = 401, body = ErrorBody), (status = 422, body = ValidationErrorBody)))]
pub async fn update_setting(
    State(state): State<AppState>,
    Lang(lang): Lang,
    user: CurrentUser,
    JsonBody(body): JsonBody<UpdateSettingRequest>,
) -> Result<Json<Data<Profile>>, ApiError> {
    let user_id = user.id;
    let profile = state
        .db
        .write(move |tx| {
            if let Some(locale) = body.default_locale {
                let code = match locale {
                    Locale::En => "en",
                    Locale::Ar => "ar",
                };
                tx.execute(
                    "UPDATE users SET default_locale = ?2 WHERE id = ?1",
                    params![user_id, code],
                )?;
            }
            if let Some(patch) = body.notifications {
                let mut current = load_profile(tx, user_id)?.notifications;
                current.orders = patch.orders.unwrap_or(current.orders);
                current.offers = patch.offers.unwrap_or(current.offers);
                current.newsletter = patch.newsletter.unwrap_or(current.newsletter);
                let json = serde_json::to_string(&current)
                    .map_err(|e| ApiError::internal(e.to_string()))?;
                tx.execute(
                    "UPDATE users SET notifications = ?2 WHERE id = ?1",
                    params![user_id, json],
                )?;
            }
            load_profile(tx, user_id)
        })
        .await?;
    Ok(Json(Data::with_message(
        profile,
        Msg::SettingsUpdated.text(lang),
    )))
}

/// Ends this session: the token stops working at once.
#[utoipa::path(post, path = "/user/logout", tag = "auth", security(("bearer" = [])),
    responses((status = 200, body = Data<Option<String>>), (status = 401, body = ErrorBody)))]
pub async fn logout(
    State(state): State<AppState>,
    Lang(lang): Lang,
    user: CurrentUser,
) -> Result<Json<Data<Option<String>>>, ApiError> {
    let now = state.clock.now_ms();
    state
        .db
        .write(move |tx| {
            tx.execute(
                "UPDATE tokens SET revoked_at = ?2 WHERE token_hash = ?1",
                params![user.token_hash, now],
            )?;
            Ok(())
        })
        .await?;
    Ok(Json(Data::with_message(None, Msg::LoggedOut.text(lang))))
}

/// Ends every session of the account, this one included ('You have been signed out
/// on every device.'): every token of the account answers 401 from then on.
#[utoipa::path(post, path = "/user/logout-all", tag = "auth", security(("bearer" = [])),
    responses((status = 200, body = Data<Option<String>>), (status = 401, body = ErrorBody)))]
pub async fn logout_all(
    State(state): State<AppState>,
    Lang(lang): Lang,
    user: CurrentUser,
) -> Result<Json<Data<Option<String>>>, ApiError> {
    let now = state.clock.now_ms();
    state
        .db
        .write(move |tx| {
            crate::http::session::revoke_all(tx, user.id, now)?;
            Ok(())
        })
        .await?;
    Ok(Json(Data::with_message(
        None,
        Msg::LoggedOutEverywhere.text(lang),
    )))
}
