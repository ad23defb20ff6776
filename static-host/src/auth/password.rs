//! Passwords: forgotten-password codes by e-mail, reset, and change while signed in.
//! Passwords are stored as Argon2id hashes.

use argon2::Argon2;
use argon2::password_hash::phc::PasswordHash;
use argon2::password_hash::{PasswordHasher, PasswordVerifier};
use axum::Json;
use axum::extract::State;
use rusqlite::{OptionalExtension, params};
use serde::Deserialize;
use utoipa::ToSchema;

use crate::auth::otp::{self, Check, Purpose};
use crate::auth::{Delivery, TypedCode, fields, issue_and_send, on_accepted_code, refused};
use crate::http::envelope::Data;
use crate::http::error::{ApiError, ErrorBody, ValidationErrorBody};
use crate::http::extract::{Client, CurrentUser, JsonBody, Lang};
use crate::http::state::AppState;
use crate::i18n::Msg;

use crate::auth::email::EmailRequest;

/// Hashes a password (Argon2id) on the blocking pool: a hash takes tens of
/// milliseconds of CPU, which must not hold an async worker.
pub async fn hash_password(password: String) -> Result<String, ApiError> {
    tokio::task::spawn_blocking(move || hash_now(&password))
        .await
        .map_err(|e| ApiError::internal(format!("password hashing task failed: {e}")))?
}

pub(super) fn hash_now(password: &str) -> Result<String, ApiError> {
    Argon2::default()
        .hash_password(password.as_bytes())
        .map(|hash| hash.to_string())
        .map_err(|e| ApiError::internal(format!("password hashing failed: {e}")))
}

/// Checks a password against its stored hash, on the blocking pool.
pub(super) async fn password_matches(password: String, stored: String) -> Result<bool, ApiError> {
    tokio::task::spawn_blocking(move || matches_now(&password, &stored))
        .await
        .map_err(|e| ApiError::internal(format!("password check task failed: {e}")))
}

fn matches_now(password: &str, stored: &str) -> bool {
    PasswordHash::new(stored)
        .map(|hash| {
            Argon2::default()
                .verify_password(password.as_bytes(), &hash)
                .is_ok()
        })
        .unwrap_or(false)
}

/// Sends a password-reset code to the account's e-mail. The answer is the same
/// whether or not an account uses the address.
#[utoipa::path(post, path = "/user/forget-password", tag = "auth",
    request_body = EmailRequest,
    responses((status = 200, body = Data<Option<String>>), (status = 422, body = ValidationErrorBody), (status = 429, body = ErrorBody)))]
pub async fn forget_password(
    State(state): State<AppState>,
    Lang(lang): Lang,
    Client(client): Client,
    JsonBody(body): JsonBody<EmailRequest>,
) -> Result<Json<Data<Option<String>>>, ApiError> {
    let email = fields::email(&body.email, lang)?;
    let exists = crate::auth::email::account_uses(&state, &email).await?;
    issue_and_send(
        &state,
        Purpose::PasswordReset,
        email,
        "email",
        client,
        None,
        Delivery::Background { send: exists },
        lang,
    )
    .await?;
    Ok(Json(Data::with_message(
        None,
        Msg::ResetCodeSent.text(lang),
    )))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ResetPasswordRequest {
    #[schema(
        max_length = 190,
        pattern = r#"^\s*[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.[A-Za-z]{2,63}\s*$"#,
        example = "mona@example.com"
    )]
    pub email: String,
    #[schema(pattern = r"^\s*[0-9]{4}\s*$", example = "1234")]
    pub code: String,
    /// 8 or more characters with letters, numbers and symbols.
    #[schema(max_length = 128)]
    pub password: String,
    #[schema(max_length = 128)]
    pub password_confirmation: String,
}

/// Sets a new password with the code sent by forget-password. Every existing session
/// of the account is signed out.
#[utoipa::path(post, path = "/user/password/reset", tag = "auth",
    request_body = ResetPasswordRequest,
    responses((status = 200, body = Data<Option<String>>), (status = 422, body = ValidationErrorBody), (status = 429, body = ErrorBody)))]
pub async fn reset_password(
    State(state): State<AppState>,
    Lang(lang): Lang,
    Client(client): Client,
    JsonBody(body): JsonBody<ResetPasswordRequest>,
) -> Result<Json<Data<Option<String>>>, ApiError> {
    let email = fields::email(&body.email, lang)?;
    let code = fields::code(&body.code, lang)?;
    fields::new_password(&body.password, &body.password_confirmation, lang)?;
    // The code first (its wrong tries committed): nothing is hashed for a wrong code,
    // so an address with no account and a wrong code take the same time.
    let typed = TypedCode {
        purpose: Purpose::PasswordReset,
        target: email.clone(),
        client,
        channel: None,
        user_id: None,
        code,
    };
    let code_id = on_accepted_code(&state, lang, typed, |_, code| Ok(Ok(code.id))).await?;
    let hash = hash_password(body.password).await?;
    let now = state.clock.now_ms();
    let outcome = state
        .db
        .write(move |tx| {
            // Used up only now, and only once, should two resets race.
            if !otp::consume_once(tx, code_id, now)? {
                return Ok(Err(Check::NoCode));
            }
            let user: Option<i64> = tx
                .query_row("SELECT id FROM users WHERE email = ?1", [&email], |r| {
                    r.get(0)
                })
                .optional()?;
            let Some(user_id) = user else {
                return Ok(Err(Check::NoCode));
            };
            tx.execute(
                "UPDATE users SET password_hash = ?2 WHERE id = ?1",
                params![user_id, hash],
            )?;
            crate::http::session::revoke_all(tx, user_id, now)?;
            Ok(Ok(()))
        })
        .await?;
    outcome.map_err(|check| refused(check, lang))?;
    Ok(Json(Data::with_message(
        None,
        Msg::PasswordReset.text(lang),
    )))
}

/// `password` must have 8 or more characters with a letter, a digit and a symbol,
/// and `password_confirmation` must equal it.
#[derive(Debug, Deserialize, ToSchema)]
#[schema(example = json!({"current_password": "Fuzz1234!", "password": "Fuzz1234!", "password_confirmation": "Fuzz1234!"}))]
pub struct UpdatePasswordRequest {
    /// Required when the account already has a password.
    #[serde(default)]
    #[schema(max_length = 128)]
    pub current_password: Option<String>,
    #[schema(max_length = 128)]
    pub password: String,
    #[schema(max_length = 128)]
    pub password_confirmation: String,
}

/// Changes the signed-in customer's password (or sets a first one); the account's
/// other sessions are signed out.
#[utoipa::path(patch, path = "/user/update-password", tag = "account",
    request_body = UpdatePasswordRequest, security(("bearer" = [])),
    responses((status = 200, body = Data<Option<String>>), (status = 401, body = ErrorBody), (status = 422, body = ValidationErrorBody)))]
pub async fn update_password(
    State(state): State<AppState>,
    Lang(lang): Lang,
    user: CurrentUser,
    JsonBody(body): JsonBody<UpdatePasswordRequest>,
) -> Result<Json<Data<Option<String>>>, ApiError> {
    fields::new_password(&body.password, &body.password_confirmation, lang)?;
    let user_id = user.id;
    let stored: Option<String> = state
        .db
        .read(move |c| {
            Ok(c.query_row(
                "SELECT password_hash FROM users WHERE id = ?1",
                [user_id],
                |r| r.get(0),
            )?)
        })
        .await?;
    if let Some(stored) = stored {
        let current = body.current_password.unwrap_or_default();
        if current.is_empty() {
            return Err(ApiError::validation(
                "current_password",
                Msg::FieldRequired {
                    field: "current_password".into(),
                }
                .text(lang),
            ));
        }
        if !password_matches(current, stored).await? {
            return Err(ApiError::validation(
                "current_password",
                Msg::CurrentPasswordWrong.text(lang),
            ));
        }
    }
    let hash = hash_password(body.password).await?;
    let (keep, now) = (user.token_hash, state.clock.now_ms());
    state
        .db
        .write(move |tx| {
            tx.execute(
                "UPDATE users SET password_hash = ?2 WHERE id = ?1",
                params![user_id, hash],
            )?;
            crate::http::session::revoke_others(tx, user_id, &keep, now)?;
            Ok(())
        })
        .await?;
    Ok(Json(Data::with_message(
        None,
        Msg::PasswordUpdated.text(lang),
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashes_verify_and_differ_per_call() {
        let a = hash_now("Str0ng!pass").unwrap();
        let b = hash_now("Str0ng!pass").unwrap();
        assert_ne!(a, b, "salted");
        assert!(a.starts_with("$argon2id$"));
        assert!(matches_now("Str0ng!pass", &a));
        assert!(!matches_now("wrong", &a));
        assert!(!matches_now("Str0ng!pass", "not a hash"));
    }
}
