//! E-mail + password sign-in (issue 36 item 5), under the code flows' rules (issue 19):
//!
//! - **No enumeration.** An unknown address, an account without a password and a wrong
//!   password get the same 422 on `password` ('The e-mail address or password is
//!   incorrect.'), after the same Argon2 work (a stored hash, or a dummy one), and count
//!   the same tries towards the same caps.
//! - **Per client:** at most [`WRONG_PER_CLIENT`] wrong passwords for one address in
//!   [`CLIENT_WINDOW_MS`] from one client; then 429 until the oldest leaves the window.
//! - **Per address:** after `--limit-wrong-codes-per-target` wrong passwords from any
//!   clients in its period (10 a day by default), password sign-in for the address is
//!   paused for clients that are not known to it, and the owner is told once through
//!   the e-mail. A client that signed in to the address in the last 30 days (with the
//!   password or a code: `otp::known_client`) is not held by strangers' tries, so a
//!   stranger cannot lock the owner out; and the owner can always sign in with a code.

use std::sync::OnceLock;

use axum::Json;
use axum::extract::State;
use rusqlite::{OptionalExtension, Transaction, params};
use serde::Deserialize;
use utoipa::ToSchema;

use crate::auth::email::EmailSignedIn;
use crate::auth::otp::{self, KNOWN_CLIENT_MS};
use crate::auth::password::{hash_now, password_matches};
use crate::auth::{PauseNotice, fields, send_notice, sign_in};
use crate::code_sender::{Notice, Paused};
use crate::config::Rate;
use crate::http::envelope::Data;
use crate::http::error::{ApiError, ErrorBody, ValidationErrorBody};
use crate::http::extract::{Client, JsonBody, Lang};
use crate::http::state::AppState;
use crate::i18n::Msg;
use storefront_core::locale::Language;

/// Wrong passwords one client may try on one address within [`CLIENT_WINDOW_MS`].
pub const WRONG_PER_CLIENT: i64 = 5;
pub const CLIENT_WINDOW_MS: i64 = 15 * 60 * 1000;

#[derive(Debug, Deserialize, ToSchema)]
pub struct PasswordLoginRequest {
    #[schema(
        max_length = 190,
        pattern = r#"^\s*[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.[A-Za-z]{2,63}\s*$"#,
        example = "mona@example.com"
    )]
    pub email: String,
    /// Required; compared with the account's password as typed.
    #[schema(min_length = 1, max_length = 128)]
    pub password: String,
}

/// What the caps decided before the password is compared.
enum Gate {
    /// Compare against this account's hash (None: no account or no password).
    Try { user: Option<(i64, Option<String>)> },
    /// This client made too many wrong tries on the address.
    Throttled { wait_ms: i64 },
    /// The address is paused for clients not known to it.
    Paused { wait_ms: i64 },
}

/// Signs in with an e-mail address and its password ('Signed in successfully.'), under
/// the caps above. The same 422 for every failure, 429 past a cap.
#[utoipa::path(post, path = "/user/login", tag = "auth",
    request_body = PasswordLoginRequest,
    responses((status = 200, body = Data<EmailSignedIn>), (status = 422, body = ValidationErrorBody), (status = 429, body = ErrorBody)))]
pub async fn login_with_password(
    State(state): State<AppState>,
    Lang(lang): Lang,
    Client(client): Client,
    JsonBody(body): JsonBody<PasswordLoginRequest>,
) -> Result<Json<Data<EmailSignedIn>>, ApiError> {
    let email = fields::email(&body.email, lang)?;
    if body.password.is_empty() {
        return Err(fields::required("password", lang));
    }
    if body.password.chars().count() > 128 {
        // Longer than any password the server sets: wrong, without the hashing work.
        return Err(wrong(lang));
    }
    let cap = state.limits.wrong_codes_per_target;
    let now = state.clock.now_ms();
    let (target, who) = (email.clone(), client.clone());
    let gate = state
        .db
        .write(move |tx| Ok(gate(tx, &target, &who, cap, now)?))
        .await?;
    let user = match gate {
        Gate::Try { user } => user,
        Gate::Throttled { wait_ms } => {
            return Err(crate::http::rate_limit::too_many_requests(
                std::time::Duration::from_millis(u64::try_from(wait_ms).unwrap_or(0)),
                lang,
            ));
        }
        Gate::Paused { wait_ms } => {
            let secs = u64::try_from(wait_ms).unwrap_or(0).div_ceil(1000).max(1);
            return Err(ApiError::TooManyRequests {
                message: Msg::PasswordSignInPaused {
                    hours: secs.div_ceil(3600),
                }
                .text(lang),
                retry_after_secs: secs,
            });
        }
    };
    let stored = user
        .as_ref()
        .and_then(|(_, hash)| hash.clone())
        .unwrap_or_else(|| dummy_hash().to_owned());
    let matches = password_matches(body.password, stored).await?;
    let account = user
        .as_ref()
        .filter(|(_, hash)| hash.is_some())
        .map(|(id, _)| *id);
    let signed_in = matches.then_some(account).flatten();
    let now = state.clock.now_ms();
    let (outcome, notice) = state
        .db
        .write(move |tx| {
            tx.execute(
                "INSERT INTO password_attempts (target, client, ok, at) VALUES (?1, ?2, ?3, ?4)",
                params![email, client, signed_in.is_some(), now],
            )?;
            match signed_in {
                Some(user_id) => Ok((Some(sign_in(tx, user_id, now)?), None)),
                None => Ok((None, pause_notice(tx, &email, account, cap, now)?)),
            }
        })
        .await?;
    send_notice(&state, notice);
    let token = outcome.ok_or_else(|| wrong(lang))?;
    Ok(Json(Data::with_message(
        EmailSignedIn {
            token,
            user_exists: true,
        },
        Msg::SignedIn.text(lang),
    )))
}

fn wrong(lang: Language) -> ApiError {
    ApiError::validation("password", Msg::WrongPassword.text(lang))
}

/// An Argon2 hash of a random password, compared against when the address has no
/// password, so every failure costs the same time.
fn dummy_hash() -> &'static str {
    static DUMMY: OnceLock<String> = OnceLock::new();
    DUMMY.get_or_init(|| {
        let random: String = (0..24)
            .map(|_| char::from(b'a' + rand::random_range(0..26u8)))
            .collect();
        hash_now(&random).unwrap_or_default()
    })
}

/// The caps, checked in the write transaction that also reads the account.
fn gate(
    tx: &Transaction<'_>,
    target: &str,
    client: &str,
    cap: Rate,
    now: i64,
) -> rusqlite::Result<Gate> {
    let mine: Vec<i64> = {
        let mut stmt = tx.prepare_cached(
            "SELECT at FROM password_attempts
             WHERE target = ?1 AND client = ?2 AND ok = 0 AND at > ?3 ORDER BY at",
        )?;
        stmt.query_map(
            params![target, client, now.saturating_sub(CLIENT_WINDOW_MS)],
            |r| r.get(0),
        )?
        .collect::<rusqlite::Result<_>>()?
    };
    if mine.len() as i64 >= WRONG_PER_CLIENT {
        // The window opens again when the oldest counted try leaves it.
        let oldest = mine[mine.len() - WRONG_PER_CLIENT as usize];
        return Ok(Gate::Throttled {
            wait_ms: oldest + CLIENT_WINDOW_MS - now,
        });
    }
    if let Some(wait_ms) = paused_for(tx, target, cap, now)?
        && !known(tx, target, client, cap, now)?
    {
        return Ok(Gate::Paused { wait_ms });
    }
    let user = tx
        .query_row(
            "SELECT id, password_hash FROM users WHERE email = ?1 AND deleted_at IS NULL",
            [target],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .optional()?;
    Ok(Gate::Try { user })
}

/// When the address's wrong passwords in the cap's period reach the cap: how long
/// until enough of them leave it.
fn paused_for(
    tx: &Transaction<'_>,
    target: &str,
    cap: Rate,
    now: i64,
) -> rusqlite::Result<Option<i64>> {
    let Rate::Every { count, per } = cap else {
        return Ok(None);
    };
    let window = i64::try_from(per.as_millis()).unwrap_or(i64::MAX);
    let count = i64::from(count.get());
    // The try that must leave the period: the count-th newest.
    let pivot: Option<i64> = tx
        .query_row(
            "SELECT at FROM password_attempts WHERE target = ?1 AND ok = 0 AND at > ?2
             ORDER BY at DESC LIMIT 1 OFFSET ?3",
            params![target, now.saturating_sub(window), count - 1],
            |r| r.get(0),
        )
        .optional()?;
    Ok(pivot.map(|at| at.saturating_add(window) - now))
}

/// Whether `client` signed in to the address lately (password or code), and has not
/// itself been guessing since.
fn known(
    tx: &Transaction<'_>,
    target: &str,
    client: &str,
    cap: Rate,
    now: i64,
) -> rusqlite::Result<bool> {
    let by_password: bool = tx.query_row(
        "SELECT exists(SELECT 1 FROM password_attempts
                       WHERE target = ?1 AND client = ?2 AND ok = 1 AND at > ?3)",
        params![target, client, now.saturating_sub(KNOWN_CLIENT_MS)],
        |r| r.get(0),
    )?;
    Ok(by_password || otp::known_client(tx, target, client, cap, now)?)
}

/// The notice owed to the owner when this wrong try paused the address, once per
/// period, and only to an account (strangers' addresses are never mailed).
fn pause_notice(
    tx: &Transaction<'_>,
    target: &str,
    account: Option<i64>,
    cap: Rate,
    now: i64,
) -> rusqlite::Result<Option<PauseNotice>> {
    let Rate::Every { per, .. } = cap else {
        return Ok(None);
    };
    let Some(user_id) = account else {
        return Ok(None);
    };
    if paused_for(tx, target, cap, now)?.is_none() {
        return Ok(None);
    }
    let key = format!("password:{target}");
    let window = i64::try_from(per.as_millis()).unwrap_or(i64::MAX);
    let told: bool = tx.query_row(
        "SELECT exists(SELECT 1 FROM security_notices WHERE target = ?1 AND sent_at > ?2)",
        params![key, now.saturating_sub(window)],
        |r| r.get(0),
    )?;
    if told {
        return Ok(None);
    }
    tx.execute(
        "INSERT INTO security_notices (target, sent_at) VALUES (?1, ?2)",
        params![key, now],
    )?;
    let locale: String = tx.query_row(
        "SELECT default_locale FROM users WHERE id = ?1",
        [user_id],
        |r| r.get(0),
    )?;
    Ok(Some(PauseNotice(Notice {
        to: target.to_owned(),
        channel: "email".into(),
        language: Language::parse(&locale).unwrap_or_default(),
        paused_hours: u64::try_from(window).unwrap_or(0).div_ceil(3_600_000),
        about: Paused::Passwords,
    })))
}
