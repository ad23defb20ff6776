//! API errors in exactly the shapes the client extracts messages from (spec 8):
//! 422 `{"message", "errors": {"field": ["…"]}}`, 400 `{"message", "errors":
//! {"error": "…"}}`, and `{"message"}` for the rest. Texts are already in the
//! request's language when the error is built.

use axum::Json;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::{Map, Value, json};
use storefront_core::locale::Language;

use crate::i18n::Msg;

#[derive(Debug)]
pub enum ApiError {
    /// 422 with per-field messages, in field order.
    Validation {
        message: String,
        errors: Vec<(String, String)>,
    },
    /// 400 with `errors.error`.
    BadRequest { message: String },
    /// 401: missing, unknown or revoked token.
    Unauthenticated { message: String },
    /// 403.
    Forbidden { message: String },
    /// 404.
    NotFound { message: String },
    /// 405 and other protocol-level refusals with a plain message.
    Status { status: StatusCode, message: String },
    /// 429 with `Retry-After` seconds.
    TooManyRequests {
        message: String,
        retry_after_secs: u64,
    },
    /// 500: logged in full, answered with a generic message.
    Internal { detail: String },
}

impl ApiError {
    pub fn validation(field: &str, message: impl Into<String>) -> Self {
        let message = message.into();
        ApiError::Validation {
            message: message.clone(),
            errors: vec![(field.to_owned(), message)],
        }
    }

    pub fn bad_request(message: impl Into<String>) -> Self {
        ApiError::BadRequest {
            message: message.into(),
        }
    }

    pub fn internal(detail: impl Into<String>) -> Self {
        ApiError::Internal {
            detail: detail.into(),
        }
    }

    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::Validation { .. } => StatusCode::UNPROCESSABLE_ENTITY,
            ApiError::BadRequest { .. } => StatusCode::BAD_REQUEST,
            ApiError::Unauthenticated { .. } => StatusCode::UNAUTHORIZED,
            ApiError::Forbidden { .. } => StatusCode::FORBIDDEN,
            ApiError::NotFound { .. } => StatusCode::NOT_FOUND,
            ApiError::Status { status, .. } => *status,
            ApiError::TooManyRequests { .. } => StatusCode::TOO_MANY_REQUESTS,
            ApiError::Internal { .. } => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    /// The JSON body.
    pub fn body(&self) -> Value {
        match self {
            ApiError::Validation { message, errors } => {
                let mut fields = Map::new();
                for (field, text) in errors {
                    let entry = fields
                        .entry(field.clone())
                        .or_insert_with(|| Value::Array(Vec::new()));
                    if let Value::Array(list) = entry {
                        list.push(Value::String(text.clone()));
                    }
                }
                json!({ "message": message, "errors": fields })
            }
            ApiError::BadRequest { message } => {
                json!({ "message": message, "errors": { "error": message } })
            }
            ApiError::Unauthenticated { message }
            | ApiError::Forbidden { message }
            | ApiError::NotFound { message }
            | ApiError::Status { message, .. }
            | ApiError::TooManyRequests { message, .. } => json!({ "message": message }),
            ApiError::Internal { .. } => json!({ "message": "Internal server error." }),
        }
    }
}

/// 404 with the catalogue's 'not found' text: an id that names nothing, or nothing
/// the caller may see.
pub fn not_found(lang: Language) -> ApiError {
    ApiError::NotFound {
        message: Msg::NotFound.text(lang),
    }
}

/// 422 "The selected … is invalid." for a value that names nothing usable here.
/// `field` may be a path into the body (`items.0.id`): the answer is keyed by the
/// path and the message names its last segment.
pub fn invalid(field: &str, lang: Language) -> ApiError {
    ApiError::validation(field, invalid_text(field, lang))
}

/// The message of [`invalid`], for a 422 that collects several fields.
pub fn invalid_text(field: &str, lang: Language) -> String {
    let leaf = field.rsplit('.').next().unwrap_or(field).to_owned();
    Msg::InvalidChoice { field: leaf }.text(lang)
}

/// 422 "The … must be between {min} and {max}."
pub fn out_of_range(field: &str, min: i64, max: i64, lang: Language) -> ApiError {
    let message = Msg::OutOfRange {
        field: field.to_owned(),
        min,
        max,
    };
    ApiError::validation(field, message.text(lang))
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        if let ApiError::Internal { detail } = &self {
            tracing::error!(%detail, "internal error");
        }
        let mut response = (self.status(), Json(self.body())).into_response();
        if let ApiError::TooManyRequests {
            retry_after_secs, ..
        } = &self
            && let Ok(value) = HeaderValue::from_str(&retry_after_secs.to_string())
        {
            response.headers_mut().insert(header::RETRY_AFTER, value);
        }
        response
    }
}

impl From<rusqlite::Error> for ApiError {
    fn from(err: rusqlite::Error) -> Self {
        ApiError::internal(format!("database: {err}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn validation_errors_group_by_field_in_order() {
        let error = ApiError::Validation {
            message: "The mobile field is required.".into(),
            errors: vec![
                ("mobile".into(), "The mobile field is required.".into()),
                ("channel".into(), "Choose sms or whatsapp.".into()),
                ("mobile".into(), "Second".into()),
            ],
        };
        assert_eq!(error.status(), StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(
            error.body(),
            json!({"message": "The mobile field is required.", "errors": {
                "mobile": ["The mobile field is required.", "Second"],
                "channel": ["Choose sms or whatsapp."]}})
        );
    }

    #[test]
    fn bad_request_carries_errors_error() {
        let body = ApiError::bad_request("Cart belongs to another shop").body();
        assert_eq!(body["errors"]["error"], "Cart belongs to another shop");
        assert_eq!(body["message"], "Cart belongs to another shop");
    }

    #[test]
    fn invalid_choices_name_the_field_by_its_label() {
        let body = invalid("brand_id", Language::En).body();
        assert_eq!(
            body["errors"]["brand_id"][0],
            "The selected brand is invalid."
        );
        let body = invalid("items.0.pickup_address_id", Language::En).body();
        assert_eq!(
            body["errors"]["items.0.pickup_address_id"][0],
            "The selected pickup address is invalid."
        );
        let body = out_of_range("latitude", -90, 90, Language::En).body();
        assert_eq!(
            body["errors"]["latitude"][0],
            "The latitude must be between -90 and 90."
        );
    }

    #[test]
    fn internal_errors_hide_details() {
        let error = ApiError::internal("disk I/O error at /secret/path");
        assert_eq!(error.body(), json!({"message": "Internal server error."}));
    }
}

/// `{"message"}`: the body of every error but 422 and 400.
#[derive(serde::Serialize, utoipa::ToSchema)]
pub struct ErrorBody {
    pub message: String,
}

/// 422: `{"message", "errors": {"field": ["…"]}}`.
#[derive(serde::Serialize, utoipa::ToSchema)]
pub struct ValidationErrorBody {
    pub message: String,
    pub errors: std::collections::BTreeMap<String, Vec<String>>,
}

/// 400: `{"message", "errors": {"error": "…"}}`.
#[derive(serde::Serialize, utoipa::ToSchema)]
pub struct BadRequestBody {
    pub message: String,
    pub errors: BadRequestErrors,
}

#[derive(serde::Serialize, utoipa::ToSchema)]
pub struct BadRequestErrors {
    pub error: String,
}
