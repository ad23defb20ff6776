//! Sign-in and the customer's account (spec 3, 4, 7): phone one-time codes by SMS or
//! WhatsApp, registration, e-mail one-time-code sign-in, password reset, logout,
//! profile and settings.

mod email;
mod fields;
mod login;
pub mod otp;
mod password;
pub mod profile;
pub mod tokens;

use rusqlite::{Transaction, params};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::code_sender::CodeMessage;
use super::error::ApiError;
use super::i18n::Msg;
use super::state::AppState;
use storefront_core::locale::Language;
use storefront_core::messages::{Message, MessageId};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(login::login_by_otp))
        .routes(routes!(login::verify_login_by_otp))
        .routes(routes!(login::register_by_otp))
        .routes(routes!(email::email_login_by_otp))
        .routes(routes!(email::email_verify))
        .routes(routes!(password::forget_password))
        .routes(routes!(password::reset_password))
        .routes(routes!(password::update_password))
        .routes(routes!(profile::get_profile))
        .routes(routes!(profile::update_profile))
        .routes(routes!(profile::update_setting))
        .routes(routes!(profile::logout))
}

/// Creates a session for a user and returns its bearer token.
fn sign_in(tx: &Transaction<'_>, user_id: i64, now: i64) -> rusqlite::Result<String> {
    let token = tokens::new_token();
    tx.execute(
        "INSERT INTO tokens (token_hash, user_id, created_at) VALUES (?1, ?2, ?3)",
        params![tokens::hash_token(&token), user_id, now],
    )?;
    Ok(token)
}

/// Issues a code and hands it to the code sender. A code that could not be delivered
/// is discarded, so the customer may ask again at once.
async fn issue_and_send(
    state: &AppState,
    purpose: otp::Purpose,
    target: String,
    channel: &'static str,
    lang: Language,
) -> Result<(), ApiError> {
    let secret = state.secret.clone();
    let (to, now) = (target.clone(), super::state::now_ms());
    let cap = state.limits.codes_per_target;
    let issued = state
        .db
        .write(move |tx| Ok(otp::issue(tx, &secret, purpose, &to, channel, cap, now)?))
        .await?;
    let (id, code) = match issued {
        Ok(issued) => issued,
        Err(otp::IssueRefusal::ResendWait { seconds }) => {
            return Err(ApiError::TooManyRequests {
                message: Msg::from(
                    Message::new(MessageId::WaitBeforeResend).with("seconds", seconds),
                )
                .text(lang),
                retry_after_secs: seconds,
            });
        }
        Err(otp::IssueRefusal::TooMany { retry_after_secs }) => {
            return Err(ApiError::TooManyRequests {
                message: Msg::TooManyCodes.text(lang),
                retry_after_secs,
            });
        }
    };
    let message = CodeMessage {
        to: target,
        channel: channel.to_owned(),
        code,
        purpose: purpose.as_str(),
        language: lang,
    };
    if let Err(err) = state.sender.send(&message).await {
        tracing::warn!(%err, purpose = purpose.as_str(), "could not deliver a one-time code");
        state.db.write(move |tx| Ok(otp::discard(tx, id)?)).await?;
        return Err(ApiError::Status {
            status: axum::http::StatusCode::SERVICE_UNAVAILABLE,
            message: Msg::SendFailed.text(lang),
        });
    }
    Ok(())
}

/// Maps a failed code check to the API's answer.
fn refused(check: otp::Check, lang: Language) -> ApiError {
    match check {
        otp::Check::Expired => ApiError::validation("code", Msg::CodeExpired.text(lang)),
        otp::Check::TooManyAttempts => ApiError::TooManyRequests {
            message: Msg::TooManyAttempts.text(lang),
            retry_after_secs: 60,
        },
        otp::Check::Wrong | otp::Check::NoCode | otp::Check::Accepted { .. } => {
            ApiError::validation("code", Msg::CodeIncorrect.text(lang))
        }
    }
}
