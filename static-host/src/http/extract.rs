//! Request extractors whose refusals are the API's own error shapes: the language
//! header, the bearer token, JSON bodies, query strings and numeric ids.

use std::marker::PhantomData;

use axum::body::Bytes;
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::request::Parts;
use axum::http::{StatusCode, header};
use serde::de::DeserializeOwned;
use storefront_core::locale::Language;

use crate::http::client_ip::client_ip_of;
use crate::http::error::{ApiError, invalid};
use crate::http::rate_limit::{CustomerLimit, too_many_requests};
use crate::http::state::AppState;
use crate::i18n::{Msg, language_of_headers};

/// The `Language` request header (`en` or `ar`); anything else reads as English.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Lang(pub Language);

impl<S: Send + Sync> FromRequestParts<S> for Lang {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        Ok(Lang(language_of(parts)))
    }
}

pub fn language_of(parts: &Parts) -> Language {
    language_of_headers(&parts.headers)
}

/// Where the shopper shops, from spec 7's headers: `district-id` (the chosen
/// district) and `address-id` (the chosen address). Each is a whole number from 1
/// when sent; anything else is a 422 naming the header. Which district they make is
/// [`crate::location::delivery::request_district`]'s rule (it needs the database).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Area {
    pub district_id: Option<i64>,
    pub address_id: Option<i64>,
}

impl<S: Send + Sync> FromRequestParts<S> for Area {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        let lang = language_of(parts);
        Ok(Area {
            district_id: id_header(&parts.headers, "district-id", lang)?,
            address_id: id_header(&parts.headers, "address-id", lang)?,
        })
    }
}

/// A header holding an id (1 or more); absent or blank is None.
fn id_header(
    headers: &axum::http::HeaderMap,
    name: &str,
    lang: Language,
) -> Result<Option<i64>, ApiError> {
    let Some(value) = headers.get(name) else {
        return Ok(None);
    };
    let text = value.to_str().map(str::trim).unwrap_or("\u{0}");
    if text.is_empty() {
        return Ok(None);
    }
    text.parse::<i64>()
        .ok()
        .filter(|id| *id > 0)
        .map(Some)
        .ok_or_else(|| {
            ApiError::validation(
                name,
                Msg::FieldType {
                    field: name.to_owned(),
                }
                .text(lang),
            )
        })
}

/// The requesting client, as one-time codes are bound to it: a keyed hash of its
/// address (the per-IP limits' address: the TCP peer, or the trusted proxy's
/// `X-Forwarded-For` entry).
#[derive(Debug, Clone)]
pub struct Client(pub String);

impl FromRequestParts<AppState> for Client {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let ip = crate::http::client_ip::client_ip_of(
            &parts.extensions,
            &parts.headers,
            state.limits.trust_forwarded_headers(),
        );
        Ok(Client(crate::http::client_ip::client_key(
            &state.secret,
            ip,
        )))
    }
}

/// The signed-in customer; requests without a valid token get 401.
#[derive(Debug, Clone)]
pub struct CurrentUser {
    pub id: i64,
    pub token_hash: String,
}

/// The customer if a token is sent. A token that is sent but unknown or revoked is
/// still a 401, so a client with a stale token learns to log out.
#[derive(Debug, Clone)]
pub struct MaybeUser(pub Option<CurrentUser>);

impl MaybeUser {
    pub fn id(&self) -> Option<i64> {
        self.0.as_ref().map(|u| u.id)
    }
}

fn bearer(parts: &Parts) -> Option<&str> {
    let value = parts.headers.get(header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.split_once(' ')?;
    scheme
        .eq_ignore_ascii_case("bearer")
        .then(|| token.trim())
        .filter(|t| !t.is_empty())
}

fn unauthenticated(lang: Language) -> ApiError {
    ApiError::Unauthenticated {
        message: Msg::Unauthenticated.text(lang),
    }
}

async fn user_for(state: &AppState, token: &str, lang: Language) -> Result<CurrentUser, ApiError> {
    use crate::http::session::Standing;
    let token_hash = crate::http::session::hash_token(token);
    let lookup = token_hash.clone();
    let session: Option<(i64, i64, i64)> = state
        .db
        .read(move |c| {
            use rusqlite::OptionalExtension;
            Ok(c.query_row(
                "SELECT user_id, created_at, coalesce(last_used_at, created_at) FROM tokens
                 WHERE token_hash = ?1 AND revoked_at IS NULL",
                [&lookup],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
            )
            .optional()?)
        })
        .await?;
    let Some((id, created_at, last_used_at)) = session else {
        return Err(unauthenticated(lang));
    };
    // The server's clock: tests move it to a session's idle and age limits exactly.
    let now = state.clock.now_ms();
    match state.sessions.standing(created_at, last_used_at, now) {
        Standing::Ended => Err(unauthenticated(lang)),
        Standing::Valid { renew } => {
            if renew {
                // Renewed on use, written at most once per `renew_every`.
                let hash = token_hash.clone();
                state
                    .db
                    .write(move |tx| {
                        tx.execute(
                            "UPDATE tokens SET last_used_at = ?2 WHERE token_hash = ?1",
                            rusqlite::params![hash, now],
                        )?;
                        Ok(())
                    })
                    .await?;
            }
            Ok(CurrentUser { id, token_hash })
        }
    }
}

impl FromRequestParts<AppState> for CurrentUser {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let lang = language_of(parts);
        match bearer(parts) {
            Some(token) => user_for(state, token, lang).await,
            None => Err(unauthenticated(lang)),
        }
    }
}

impl FromRequestParts<AppState> for MaybeUser {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let lang = language_of(parts);
        match bearer(parts) {
            Some(token) => Ok(MaybeUser(Some(user_for(state, token, lang).await?))),
            None => Ok(MaybeUser(None)),
        }
    }
}

/// A JSON request body of type `T`: a missing or wrong content type is 415, broken
/// JSON 400, a field of the wrong type or a missing field 422 naming the field.
pub struct JsonBody<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for JsonBody<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        let (parts, body) = req.into_parts();
        let lang = language_of(&parts);
        let is_json = parts
            .headers
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.split(';').next())
            .map(|mime| {
                let mime = mime.trim().to_ascii_lowercase();
                mime == "application/json"
                    || (mime.starts_with("application/") && mime.ends_with("+json"))
            })
            .unwrap_or(false);
        if !is_json {
            return Err(ApiError::Status {
                status: StatusCode::UNSUPPORTED_MEDIA_TYPE,
                message: Msg::ExpectedJson.text(lang),
            });
        }
        let bytes = Bytes::from_request(Request::from_parts(parts, body), state)
            .await
            .map_err(|_| ApiError::Status {
                status: StatusCode::PAYLOAD_TOO_LARGE,
                message: Msg::BodyTooLarge {
                    max_kb: crate::http::JSON_BODY_LIMIT / 1024,
                }
                .text(lang),
            })?;
        let value: serde_json::Value = serde_json::from_slice(&bytes)
            .map_err(|_| ApiError::bad_request(Msg::InvalidJson.text(lang)))?;
        if !value.is_object() {
            return Err(ApiError::bad_request(Msg::InvalidJson.text(lang)));
        }
        deserialize_fields(value, lang).map(JsonBody)
    }
}

/// Query parameters of type `T`, with the same 422 on a bad field.
pub struct Query<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequestParts<S> for Query<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        let lang = language_of(parts);
        let query = parts.uri.query().unwrap_or_default();
        let deserializer = serde_urlencoded::Deserializer::new(form_urlencoded_parse(query));
        serde_path_to_error::deserialize(deserializer)
            .map(Query)
            .map_err(|err| field_error(err.path().to_string(), &err.inner().to_string(), lang))
    }
}

fn form_urlencoded_parse(query: &str) -> form_urlencoded::Parse<'_> {
    form_urlencoded::parse(query.as_bytes())
}

/// Reads a JSON value into `T`, naming the offending field on failure.
pub fn deserialize_fields<T: DeserializeOwned>(
    value: serde_json::Value,
    lang: Language,
) -> Result<T, ApiError> {
    // Strict: a struct only from an object, as the OpenAPI document describes it.
    serde_path_to_error::deserialize(super::strict_json::Strict(value))
        .map_err(|err| field_error(err.path().to_string(), &err.inner().to_string(), lang))
}

/// Turns a serde error into a 422 for the right field: serde reports a missing
/// field on its parent path, naming the field in the message.
fn field_error(path: String, detail: &str, lang: Language) -> ApiError {
    if let Some(name) = detail
        .strip_prefix("missing field `")
        .and_then(|rest| rest.split('`').next())
    {
        let field = if path == "." || path.is_empty() {
            name.to_owned()
        } else {
            format!("{path}.{name}")
        };
        let label = name.to_owned();
        return ApiError::validation(&field, Msg::FieldRequired { field: label }.text(lang));
    }
    let field = if path == "." || path.is_empty() {
        "body".to_owned()
    } else {
        path
    };
    let leaf = field.rsplit('.').next().unwrap_or(&field).to_owned();
    if detail.starts_with("unknown variant") {
        return invalid(&field, lang);
    }
    ApiError::validation(&field, Msg::FieldType { field: leaf }.text(lang))
}

/// A numeric id in the path; anything else is "not found" (it cannot name an item).
#[derive(Debug, Clone, Copy)]
pub struct Id(pub i64);

impl<S: Send + Sync> FromRequestParts<S> for Id {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        let lang = language_of(parts);
        let last = parts
            .uri
            .path()
            .rsplit('/')
            .find(|s| !s.is_empty())
            .unwrap_or_default();
        last.parse::<i64>()
            .ok()
            .filter(|id| *id > 0)
            .map(Id)
            .ok_or_else(|| ApiError::NotFound {
                message: Msg::NotFound.text(lang),
            })
    }
}

/// The signed-in customer making a write that `L` limits: 401 without a token, 429 when
/// the customer's writes of that kind are spent.
#[derive(Debug, Clone)]
pub struct LimitedCustomer<L>(pub CurrentUser, pub PhantomData<L>);

impl<L: CustomerLimit> FromRequestParts<AppState> for LimitedCustomer<L> {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let user = CurrentUser::from_request_parts(parts, state).await?;
        let ip = client_ip_of(
            &parts.extensions,
            &parts.headers,
            state.limits.trust_forwarded_headers(),
        );
        L::check(&state.limits, user.id, ip)
            .map_err(|wait| too_many_requests(wait, language_of(parts)))?;
        Ok(LimitedCustomer(user, PhantomData))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    struct Login {
        mobile: String,
        channel: Channel,
    }

    #[derive(Debug, Deserialize)]
    #[serde(rename_all = "lowercase")]
    enum Channel {
        Sms,
    }

    #[test]
    fn missing_fields_are_named() {
        let err = deserialize_fields::<Login>(serde_json::json!({"channel": "sms"}), Language::En)
            .unwrap_err();
        assert_eq!(
            err.body()["errors"]["mobile"][0],
            "The mobile number field is required."
        );
    }

    #[test]
    fn wrong_types_and_choices_are_named() {
        let err = deserialize_fields::<Login>(
            serde_json::json!({"mobile": 5, "channel": "sms"}),
            Language::En,
        )
        .unwrap_err();
        assert_eq!(
            err.body()["errors"]["mobile"][0],
            "The mobile number field has the wrong type."
        );
        let err = deserialize_fields::<Login>(
            serde_json::json!({"mobile": "1", "channel": "fax"}),
            Language::En,
        )
        .unwrap_err();
        assert_eq!(
            err.body()["errors"]["channel"][0],
            "The selected verification method is invalid."
        );
    }
}
