//! `POST /contact-us` (guests too) and `POST /support` (signed in): messages to the
//! store, stored for the team to answer.
//!
//! Fields are checked with the spec's catalogue messages ('This field is required',
//! 'Too Short! The minimum character is {len}', 'Too long! The maximum character is
//! {len}', 'Email Format is wrong right format is example@domain.com', 'Phone Number
//! is Invalid'). The contact form takes at most [`CONTACT_PER_HOUR`] messages an hour
//! from one e-mail address (429 past that), since guests may use it.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use rusqlite::params;
use serde::{Deserialize, Serialize};
use storefront_core::validation::{email_format, min_length, parse_phone};
use utoipa::ToSchema;

use crate::account::{Form, owns_order};
use crate::clock::{iso_time, now_ms};
use crate::http::envelope::Data;
use crate::http::error::{ApiError, ErrorBody, ValidationErrorBody, invalid};
use crate::http::extract::{CurrentUser, JsonBody, Lang, MaybeUser};
use crate::http::state::AppState;
use crate::i18n::Msg;
use crate::pages::settings::remote_config;

pub const NAME_MAX: usize = 100;
pub const EMAIL_MAX: usize = 190;
pub const SUBJECT_MAX: usize = 150;
/// Shortest and longest message.
pub const MESSAGE_MIN: usize = 10;
pub const MESSAGE_MAX: usize = 2000;
/// Contact messages accepted from one e-mail address per hour.
pub const CONTACT_PER_HOUR: i64 = 5;
const HOUR_MS: i64 = 3_600_000;

/// The contact-us form.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ContactRequest {
    /// Required, at most 100 characters.
    #[serde(default)]
    #[schema(value_type = String, required = true, pattern = r"^\s*\S([\s\S]{0,98}\S)?\s*$")]
    pub name: Option<String>,
    /// Required: where the answer goes.
    #[serde(default)]
    #[schema(value_type = String, required = true, max_length = 190, pattern = r#"^\s*[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.[A-Za-z]{2,63}\s*$"#)]
    pub email: Option<String>,
    /// Optional phone number (national numbers read in the store's country).
    #[serde(default)]
    #[schema(max_length = 40)]
    pub phone: Option<String>,
    /// Required, 10 to 2000 characters.
    #[serde(default)]
    #[schema(value_type = String, required = true, pattern = r"^\s*\S[\s\S]{8,1998}\S\s*$")]
    pub message: Option<String>,
}

/// A stored contact message.
#[derive(Debug, Serialize, ToSchema)]
pub struct ContactReceipt {
    pub id: i64,
    /// RFC 3339.
    pub created_at: String,
}

/// The support form.
#[derive(Debug, Deserialize, ToSchema)]
pub struct SupportRequest {
    /// Required, at most 150 characters.
    #[serde(default)]
    #[schema(value_type = String, required = true, pattern = r"^\s*\S([\s\S]{0,148}\S)?\s*$")]
    pub subject: Option<String>,
    /// Required, 10 to 2000 characters.
    #[serde(default)]
    #[schema(value_type = String, required = true, pattern = r"^\s*\S[\s\S]{8,1998}\S\s*$")]
    pub message: Option<String>,
    /// One of the customer's orders, when the request is about one.
    #[serde(default)]
    #[schema(minimum = 1)]
    pub order_id: Option<i64>,
}

/// A support ticket.
#[derive(Debug, Serialize, ToSchema)]
pub struct SupportTicket {
    pub id: i64,
    pub subject: String,
    pub message: String,
    pub order_id: Option<i64>,
    /// `open` when received.
    pub status: String,
    /// RFC 3339.
    pub created_at: String,
}

fn message_field(form: &mut Form, value: Option<&str>) -> String {
    let text = form.required("message", value, MESSAGE_MAX);
    if !form.has_error("message") {
        form.check("message", min_length(&text, MESSAGE_MIN));
    }
    text
}

/// Sends a message to the store (signed in or not). 422 names every bad field; more
/// than 5 messages an hour from one e-mail address is a 429.
#[utoipa::path(post, path = "/contact-us", tag = "account", request_body = ContactRequest,
    security((), ("bearer" = [])),
    params(("Language" = Option<String>, Header, description = "en or ar")),
    responses((status = 201, body = Data<ContactReceipt>), (status = 401, body = ErrorBody),
        (status = 415, body = ErrorBody), (status = 422, body = ValidationErrorBody),
        (status = 429, body = ErrorBody)))]
pub async fn contact_us(
    State(state): State<AppState>,
    Lang(lang): Lang,
    user: MaybeUser,
    JsonBody(body): JsonBody<ContactRequest>,
) -> Result<(StatusCode, Json<Data<ContactReceipt>>), ApiError> {
    let config = remote_config(&state).await?;
    let mut form = Form::new(lang);
    let name = form.required("name", body.name.as_deref(), NAME_MAX);
    let email = form.required("email", body.email.as_deref(), EMAIL_MAX);
    if !form.has_error("email") {
        form.check("email", email_format(&email));
    }
    let phone_text = form.optional("phone", body.phone.as_deref(), 40);
    let phone = if phone_text.is_empty() || form.has_error("phone") {
        None
    } else {
        match parse_phone(&phone_text, &config.default_country_code) {
            Ok(number) => Some(number.e164),
            Err(message) => {
                form.fail("phone", message);
                None
            }
        }
    };
    let message = message_field(&mut form, body.message.as_deref());
    form.finish()?;
    let email = email.to_lowercase();
    let (user_id, now) = (user.id(), now_ms());
    let id = state
        .db
        .write(move |tx| {
            let recent: i64 = tx.query_row(
                "SELECT count(*) FROM contact_messages WHERE email = ?1 AND created_at > ?2",
                params![email, now - HOUR_MS],
                |r| r.get(0),
            )?;
            if recent >= CONTACT_PER_HOUR {
                return Err(ApiError::TooManyRequests {
                    message: Msg::TooManyContactMessages.text(lang),
                    retry_after_secs: 3600,
                });
            }
            tx.execute(
                "INSERT INTO contact_messages (user_id, name, email, phone, message, language, created_at)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                params![user_id, name, email, phone, message, lang.code(), now],
            )?;
            Ok(tx.last_insert_rowid())
        })
        .await?;
    Ok((
        StatusCode::CREATED,
        Json(Data::with_message(
            ContactReceipt {
                id,
                created_at: iso_time(now),
            },
            Msg::ContactReceived.text(lang),
        )),
    ))
}

/// Opens a support request, optionally about one of the customer's orders (another
/// customer's or an unknown order is a 422 on `order_id`).
#[utoipa::path(post, path = "/support", tag = "account", request_body = SupportRequest,
    security(("bearer" = [])),
    params(("Language" = Option<String>, Header, description = "en or ar")),
    responses((status = 201, body = Data<SupportTicket>), (status = 401, body = ErrorBody),
        (status = 415, body = ErrorBody), (status = 422, body = ValidationErrorBody)))]
pub async fn support(
    State(state): State<AppState>,
    Lang(lang): Lang,
    user: CurrentUser,
    JsonBody(body): JsonBody<SupportRequest>,
) -> Result<(StatusCode, Json<Data<SupportTicket>>), ApiError> {
    let mut form = Form::new(lang);
    let subject = form.required("subject", body.subject.as_deref(), SUBJECT_MAX);
    let message = message_field(&mut form, body.message.as_deref());
    form.finish()?;
    let (user_id, now, order_id) = (user.id, now_ms(), body.order_id);
    let ticket = state
        .db
        .write(move |tx| {
            if let Some(order) = order_id
                && !owns_order(tx, user_id, order)
            {
                return Err(invalid("order_id", lang));
            }
            tx.execute(
                "INSERT INTO support_tickets (user_id, subject, message, order_id, language, created_at)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                params![user_id, subject, message, order_id, lang.code(), now],
            )?;
            Ok(SupportTicket {
                id: tx.last_insert_rowid(),
                subject,
                message,
                order_id,
                status: "open".to_owned(),
                created_at: iso_time(now),
            })
        })
        .await?;
    let text = Msg::SupportReceived { id: ticket.id }.text(lang);
    Ok((StatusCode::CREATED, Json(Data::with_message(ticket, text))))
}
