//! Sign-in and the customer's account (spec 3, 4, 7): phone one-time codes by SMS or
//! WhatsApp, registration, e-mail one-time-code sign-in, password reset, logout,
//! profile and settings.

mod delete_account;
mod email;
mod email_register;
mod fields;
mod login;
pub mod otp;
mod password;
mod password_login;
mod phone;
pub mod profile;

use rusqlite::{Transaction, params};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::code_sender::{CodeMessage, Notice};
use crate::http::error::ApiError;
use crate::http::rate_limit::RateLimits;
use crate::http::state::AppState;
use crate::i18n::Msg;
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
        .routes(routes!(profile::logout_all))
        .routes(routes!(email::confirm_email_change))
        .routes(routes!(password_login::login_with_password))
        .routes(routes!(email_register::email_register_code))
        .routes(routes!(email_register::register_by_email))
        .routes(routes!(phone::send_phone_code))
        .routes(routes!(phone::verify_phone))
        .routes(routes!(delete_account::delete_account))
}

/// Creates a session for a user and returns its bearer token.
fn sign_in(tx: &Transaction<'_>, user_id: i64, now: i64) -> rusqlite::Result<String> {
    let token = crate::http::session::new_token();
    tx.execute(
        "INSERT INTO tokens (token_hash, user_id, created_at, last_used_at) VALUES (?1, ?2, ?3, ?3)",
        params![crate::http::session::hash_token(&token), user_id, now],
    )?;
    Ok(token)
}

/// How a code reaches its target.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Delivery {
    /// Sent before answering; a failed delivery discards the code and answers 503
    /// (phone codes: any number gets one, so the answer reveals nothing).
    Await,
    /// Sent after answering, and nothing is sent to an address that has no account
    /// (the sender is told the code was withheld, on the same path); so the answer
    /// (status, body, time, later limits) is the same either way.
    Background { send: bool },
}

/// Issues a code for `target`, asked by `client`, and hands it to the code sender.
#[allow(clippy::too_many_arguments)]
async fn issue_and_send(
    state: &AppState,
    purpose: otp::Purpose,
    target: String,
    channel: &'static str,
    client: String,
    user_id: Option<i64>,
    delivery: Delivery,
    lang: Language,
) -> Result<(), ApiError> {
    let secret = state.secret.clone();
    let (to, now) = (target.clone(), state.clock.now_ms());
    let caps = otp::Caps {
        codes: state.limits.codes_per_target,
        wrong_tries: state.limits.wrong_codes_per_target,
    };
    let issued = state
        .db
        .write(move |tx| {
            Ok(otp::issue(
                tx, &secret, purpose, &to, channel, &client, user_id, caps, now,
            )?)
        })
        .await?;
    let (id, code) = match issued {
        Ok(issued) => issued,
        Err(refusal) => return Err(issue_refused(refusal, lang)),
    };
    let message = CodeMessage {
        to: target,
        channel: channel.to_owned(),
        code,
        purpose: purpose.as_str(),
        language: lang,
    };
    match delivery {
        Delivery::Background { send } => {
            let sender = state.sender.clone();
            tokio::spawn(async move {
                if !send {
                    if let Err(err) = sender.withhold(&message).await {
                        tracing::warn!(%err, purpose = message.purpose, "could not record a withheld one-time code");
                    }
                    return;
                }
                // The code stays: a retry waits the resend time, as for an address with
                // no account, so a failure reveals nothing either.
                if let Err(err) = sender.send(&message).await {
                    tracing::warn!(%err, purpose = message.purpose, "could not deliver a one-time code");
                }
            });
            Ok(())
        }
        Delivery::Await => {
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
    }
}

/// The 429 of a refused code request; each says when to try again.
fn issue_refused(refusal: otp::IssueRefusal, lang: Language) -> ApiError {
    match refusal {
        otp::IssueRefusal::ResendWait { seconds } => ApiError::TooManyRequests {
            message: Msg::from(Message::new(MessageId::WaitBeforeResend).with("seconds", seconds))
                .text(lang),
            retry_after_secs: seconds,
        },
        otp::IssueRefusal::TooMany { retry_after_secs } => ApiError::TooManyRequests {
            message: Msg::TooManyCodes {
                minutes: retry_after_secs.div_ceil(60),
            }
            .text(lang),
            retry_after_secs,
        },
        otp::IssueRefusal::Paused { retry_after_secs } => ApiError::TooManyRequests {
            message: Msg::CodesPaused {
                hours: retry_after_secs.div_ceil(3600),
            }
            .text(lang),
            retry_after_secs,
        },
    }
}

/// A notice owed to a target's owner once the transaction that found it commits.
#[derive(Debug, Clone)]
pub struct PauseNotice(Notice);

/// A code a customer typed, and what it must have been sent for.
pub struct TypedCode {
    pub purpose: otp::Purpose,
    pub target: String,
    /// The checking client ([`otp::client_key`]).
    pub client: String,
    /// The channel the code must have been sent on, when it matters.
    pub channel: Option<&'static str>,
    /// The account the code was issued for, when it matters.
    pub user_id: Option<i64>,
    pub code: String,
}

/// A code that passed its check, in the transaction that checked it.
#[derive(Debug, Clone, Copy)]
pub struct AcceptedCode {
    pub id: i64,
    /// `POST /user/verify-login-by-otp` verified it already (a new number registering).
    pub verified_before: bool,
    /// The request's time.
    pub now: i64,
}

/// Checks a typed code and, when it passes, runs `then` in the same write transaction,
/// so no second request can use the code in between. `then` answers the request's
/// outcome (an `Err` inside is the API's answer, committed like the check); its outer
/// error rolls back. A refused code answers as every code check does (422 on `code`,
/// 429), its wrong try committed, and the pause notice to the target's owner is sent
/// when it is due.
pub async fn on_accepted_code<T, F>(
    state: &AppState,
    lang: Language,
    typed: TypedCode,
    then: F,
) -> Result<T, ApiError>
where
    T: Send + 'static,
    F: FnOnce(&Transaction<'_>, AcceptedCode) -> Result<Result<T, ApiError>, ApiError>
        + Send
        + 'static,
{
    let secret = state.secret.clone();
    let limits = state.limits.clone();
    let now = state.clock.now_ms();
    let (outcome, notice) = state
        .db
        .write(move |tx| {
            let attempt = otp::Attempt {
                purpose: typed.purpose,
                target: &typed.target,
                client: &typed.client,
                channel: typed.channel,
                user_id: typed.user_id,
                code: &typed.code,
            };
            let (check, notice) = check_code(tx, &secret, &limits, attempt, now)?;
            let otp::Check::Accepted {
                id,
                verified_before,
            } = check
            else {
                return Ok((Err(refused(check, lang)), notice));
            };
            let accepted = AcceptedCode {
                id,
                verified_before,
                now,
            };
            Ok((then(tx, accepted)?, None))
        })
        .await?;
    send_notice(state, notice);
    outcome
}

/// A contact of an account that a code confirms: its e-mail address or its phone.
#[derive(Debug, Clone, Copy)]
pub enum Contact {
    Email,
    Mobile,
}

impl Contact {
    /// The `users` column, which is also the request's field.
    fn column(self) -> &'static str {
        match self {
            Contact::Email => "email",
            Contact::Mobile => "mobile",
        }
    }

    fn taken(self, lang: Language) -> ApiError {
        let message = match self {
            Contact::Email => Msg::EmailTaken,
            Contact::Mobile => Msg::AlreadyRegistered,
        };
        ApiError::validation(self.column(), message.text(lang))
    }
}

/// Gives the signed-in account the contact `code` confirmed, in the code's transaction:
/// a 422 on the field when another account uses it; else the code is used up, the
/// contact set and the account's other sessions ended, as for any change of contact.
/// The account's profile after it.
pub fn set_confirmed_contact(
    tx: &Transaction<'_>,
    user: &crate::http::extract::CurrentUser,
    contact: Contact,
    value: &str,
    code: AcceptedCode,
    lang: Language,
) -> Result<Result<profile::Profile, ApiError>, ApiError> {
    let column = contact.column();
    let taken: bool = tx.query_row(
        &format!("SELECT exists(SELECT 1 FROM users WHERE {column} = ?1 AND id != ?2)"),
        params![value, user.id],
        |r| r.get(0),
    )?;
    if taken {
        return Ok(Err(contact.taken(lang)));
    }
    otp::consume(tx, code.id, code.now)?;
    tx.execute(
        &format!("UPDATE users SET {column} = ?2 WHERE id = ?1"),
        params![user.id, value],
    )?;
    crate::http::session::revoke_others(tx, user.id, &user.token_hash, code.now)?;
    Ok(Ok(profile::load_profile(tx, user.id)?))
}

/// Checks a code in a write transaction (the per-code check limit included) and, when
/// a wrong try paused the target's codes, prepares the notice to its owner.
fn check_code(
    tx: &Transaction<'_>,
    secret: &[u8; 32],
    limits: &RateLimits,
    attempt: otp::Attempt<'_>,
    now: i64,
) -> rusqlite::Result<(otp::Check, Option<PauseNotice>)> {
    let check = otp::check(tx, secret, attempt, now, |id| limits.check_code(id))?;
    let mut notice = None;
    if matches!(check, otp::Check::Wrong | otp::Check::TooManyAttempts)
        && otp::pause_notice_due(tx, attempt.target, limits.wrong_codes_per_target, now)?
        && let Some((channel, locale)) = otp::notice_route(tx, attempt.target)?
    {
        let paused_hours = match limits.wrong_codes_per_target {
            crate::http::rate_limit::Rate::Every { per, .. } => per.as_secs().div_ceil(3600),
            crate::http::rate_limit::Rate::Off => 0,
        };
        notice = Some(PauseNotice(Notice {
            to: attempt.target.to_owned(),
            channel,
            language: locale
                .as_deref()
                .and_then(|l| Language::parse(l).ok())
                .unwrap_or_default(),
            paused_hours,
            about: crate::code_sender::Paused::Codes,
        }));
    }
    Ok((check, notice))
}

/// Sends a notice prepared by [`check_code`], after the answer (best effort).
pub fn send_notice(state: &AppState, notice: Option<PauseNotice>) {
    if let Some(PauseNotice(notice)) = notice {
        let sender = state.sender.clone();
        tokio::spawn(async move {
            if let Err(err) = sender.notify(&notice).await {
                tracing::warn!(%err, "could not deliver a security notice");
            }
        });
    }
}

/// Maps a failed code check to the API's answer.
fn refused(check: otp::Check, lang: Language) -> ApiError {
    match check {
        otp::Check::Expired => ApiError::validation("code", Msg::CodeExpired.text(lang)),
        otp::Check::TooManyAttempts => ApiError::TooManyRequests {
            message: Msg::TooManyAttempts.text(lang),
            retry_after_secs: 60,
        },
        otp::Check::OtherClient => ApiError::validation("code", Msg::CodeOtherClient.text(lang)),
        otp::Check::Throttled { wait } => crate::http::rate_limit::too_many_requests(wait, lang),
        otp::Check::Wrong | otp::Check::NoCode | otp::Check::Accepted { .. } => {
            ApiError::validation("code", Msg::CodeIncorrect.text(lang))
        }
    }
}
