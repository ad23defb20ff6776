//! E-mail one-time-code sign-in, for customers who gave an e-mail address. Whether an
//! address has an account is not revealed: the answer to a code request is the same
//! either way, and only accounts are sent a code.

use axum::Json;
use axum::extract::State;
use rusqlite::OptionalExtension;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::otp::{self, Check, Purpose};
use super::{fields, issue_and_send, refused, sign_in};
use crate::api::envelope::Data;
use crate::api::error::{ApiError, ErrorBody, ValidationErrorBody};
use crate::api::extract::{JsonBody, Lang};
use crate::api::i18n::Msg;
use crate::api::state::{AppState, now_ms};

#[derive(Debug, Deserialize, ToSchema)]
pub struct EmailRequest {
    #[schema(max_length = 190)]
    pub email: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct EmailCodeSent {
    pub email: String,
    pub expires_in: u64,
    pub resend_after: u64,
}

/// Sends a 4-digit sign-in code to an account's e-mail address.
#[utoipa::path(post, path = "/user/email/login-by-otp", tag = "auth",
    request_body = EmailRequest,
    responses((status = 200, body = Data<EmailCodeSent>), (status = 422, body = ValidationErrorBody), (status = 429, body = ErrorBody)))]
pub async fn email_login_by_otp(
    State(state): State<AppState>,
    Lang(lang): Lang,
    JsonBody(body): JsonBody<EmailRequest>,
) -> Result<Json<Data<EmailCodeSent>>, ApiError> {
    let email = fields::email(&body.email, lang)?;
    let lookup = email.clone();
    let exists: bool = state
        .db
        .read(move |c| {
            Ok(c.query_row(
                "SELECT exists(SELECT 1 FROM users WHERE email = ?1)",
                [&lookup],
                |r| r.get(0),
            )?)
        })
        .await?;
    if exists {
        issue_and_send(&state, Purpose::EmailLogin, email.clone(), "email", lang).await?;
    }
    Ok(Json(Data::with_message(
        EmailCodeSent {
            email,
            expires_in: (otp::CODE_TTL_MS / 1000) as u64,
            resend_after: (otp::RESEND_AFTER_MS / 1000) as u64,
        },
        Msg::EmailCodeSent.text(lang),
    )))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct EmailVerifyRequest {
    #[schema(max_length = 190)]
    pub email: String,
    #[schema(max_length = 4)]
    pub code: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct EmailSignedIn {
    pub token: String,
    /// Always true: only accounts receive codes.
    pub user_exists: bool,
}

/// Checks an e-mail sign-in code and starts a session.
#[utoipa::path(post, path = "/user/email/verify", tag = "auth",
    request_body = EmailVerifyRequest,
    responses((status = 200, body = Data<EmailSignedIn>), (status = 422, body = ValidationErrorBody), (status = 429, body = ErrorBody)))]
pub async fn email_verify(
    State(state): State<AppState>,
    Lang(lang): Lang,
    JsonBody(body): JsonBody<EmailVerifyRequest>,
) -> Result<Json<Data<EmailSignedIn>>, ApiError> {
    let email = fields::email(&body.email, lang)?;
    let code = fields::code(&body.code, lang)?;
    state.limits.check_code_target(&email, lang)?;
    let secret = state.secret.clone();
    let now = now_ms();
    let outcome = state
        .db
        .write(move |tx| {
            let check = otp::check(tx, &secret, Purpose::EmailLogin, &email, None, &code, now)?;
            let Check::Accepted { id, .. } = check else {
                return Ok(Err(check));
            };
            let user: Option<i64> = tx
                .query_row("SELECT id FROM users WHERE email = ?1", [&email], |r| {
                    r.get(0)
                })
                .optional()?;
            otp::consume(tx, id, now)?;
            // The account may have changed its address since the code was sent.
            match user {
                Some(user_id) => Ok(Ok(sign_in(tx, user_id, now)?)),
                None => Ok(Err(Check::NoCode)),
            }
        })
        .await?;
    let token = outcome.map_err(|check| refused(check, lang))?;
    Ok(Json(Data::with_message(
        EmailSignedIn {
            token,
            user_exists: true,
        },
        Msg::SignedIn.text(lang),
    )))
}
