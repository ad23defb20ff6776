//! Phone sign-in (spec 4): a code by SMS or WhatsApp, then either a session (known
//! number) or registration (new number).

use axum::Json;
use axum::extract::State;
use rusqlite::{OptionalExtension, params};
use serde::{Deserialize, Serialize};
use storefront_core::locale::Language;
use storefront_core::messages::MessageId;
use utoipa::ToSchema;

use crate::auth::otp::{self, Check, Purpose};
use crate::auth::profile::{Profile, load_profile};
use crate::auth::{
    Delivery, TypedCode, fields, issue_and_send, on_accepted_code, refused, sign_in,
};
use crate::http::envelope::Data;
use crate::http::error::{ApiError, ErrorBody, ValidationErrorBody, invalid};
use crate::http::extract::{Client, JsonBody, Lang};
use crate::http::state::AppState;
use crate::i18n::Msg;
use crate::pages::settings::remote_config;

/// How a code is delivered to a phone.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Channel {
    Sms,
    Whatsapp,
}

impl Channel {
    pub fn as_str(self) -> &'static str {
        match self {
            Channel::Sms => "sms",
            Channel::Whatsapp => "whatsapp",
        }
    }
}

/// Refuses a channel remote config does not enable (422 on `channel`).
pub(super) fn channel_enabled(
    config: &crate::pages::settings::StoredRemoteConfig,
    channel: Channel,
    lang: Language,
) -> Result<(), ApiError> {
    let enabled = match channel {
        Channel::Sms => config.verification_methods_sms,
        Channel::Whatsapp => config.verification_methods_whatsapp,
    };
    if enabled {
        Ok(())
    } else {
        Err(ApiError::validation(
            "channel",
            Msg::ChannelDisabled.text(lang),
        ))
    }
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct LoginByOtpRequest {
    /// The phone number as typed; read with the store's default country
    /// (remote config `default_country_code`) unless it starts with + or 00.
    #[schema(
        max_length = 40,
        examples("01001234567", "01101234567", "01201234567", "01501234567")
    )]
    pub mobile: String,
    pub channel: Channel,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CodeSent {
    /// The number in E.164 form; send it back as is to verify.
    pub mobile: String,
    pub channel: Channel,
    /// Seconds until the code expires.
    pub expires_in: u64,
    /// Seconds before another code may be requested.
    pub resend_after: u64,
}

impl CodeSent {
    /// The answer to a code sent to `mobile` by `channel` ('OTP sent'), with the code's
    /// lifetime and resend wait.
    pub(super) fn answer(mobile: String, channel: Channel, lang: Language) -> Json<Data<Self>> {
        Json(Data::with_message(
            CodeSent {
                mobile,
                channel,
                expires_in: (otp::CODE_TTL_MS / 1000) as u64,
                resend_after: (otp::RESEND_AFTER_MS / 1000) as u64,
            },
            Msg::from(MessageId::OtpSent).text(lang),
        ))
    }
}

/// Sends a 4-digit code to a phone by SMS or WhatsApp (only the methods remote config
/// enables). A new code can be requested after 60 s, at most 5 an hour per number;
/// earlier requests answer 429 with 'Wait N seconds before resending!'.
#[utoipa::path(post, path = "/user/login-by-otp", tag = "auth",
    request_body = LoginByOtpRequest,
    responses(
        (status = 200, description = "Code sent", body = Data<CodeSent>),
        (status = 422, body = ValidationErrorBody), (status = 429, body = ErrorBody), (status = 503, body = ErrorBody)))]
pub async fn login_by_otp(
    State(state): State<AppState>,
    Lang(lang): Lang,
    Client(client): Client,
    JsonBody(body): JsonBody<LoginByOtpRequest>,
) -> Result<Json<Data<CodeSent>>, ApiError> {
    let config = remote_config(&state).await?;
    let mobile = fields::mobile(&body.mobile, &config.default_country_code, lang)?;
    channel_enabled(&config, body.channel, lang)?;
    issue_and_send(
        &state,
        Purpose::Login,
        mobile.clone(),
        body.channel.as_str(),
        client,
        None,
        Delivery::Await,
        lang,
    )
    .await?;
    Ok(CodeSent::answer(mobile, body.channel, lang))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct VerifyLoginRequest {
    #[schema(
        max_length = 40,
        examples("01001234567", "01101234567", "01201234567", "01501234567")
    )]
    pub mobile: String,
    pub channel: Channel,
    /// The 4 digits received.
    #[schema(pattern = r"^\s*[0-9]{4}\s*$", example = "1234")]
    pub code: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct VerifyLogin {
    /// A bearer token when the number has an account; null when it must register.
    pub token: Option<String>,
    pub user_exists: bool,
}

/// Checks a code. A known number gets a session token ('Otp verified
/// successfully'); a new number gets `user_exists: false` ('Otp verified, Complete
/// your registration') and registers with the same mobile and code within 30
/// minutes. Wrong code 422, expired 422, the fifth wrong try locks the code (429).
#[utoipa::path(post, path = "/user/verify-login-by-otp", tag = "auth",
    request_body = VerifyLoginRequest,
    responses(
        (status = 200, body = Data<VerifyLogin>),
        (status = 422, body = ValidationErrorBody), (status = 429, body = ErrorBody)))]
pub async fn verify_login_by_otp(
    State(state): State<AppState>,
    Lang(lang): Lang,
    Client(client): Client,
    JsonBody(body): JsonBody<VerifyLoginRequest>,
) -> Result<Json<Data<VerifyLogin>>, ApiError> {
    let config = remote_config(&state).await?;
    let mobile = fields::mobile(&body.mobile, &config.default_country_code, lang)?;
    let typed = TypedCode {
        purpose: Purpose::Login,
        target: mobile.clone(),
        client,
        channel: Some(body.channel.as_str()),
        user_id: None,
        code: fields::code(&body.code, lang)?,
    };
    let outcome = on_accepted_code(&state, lang, typed, move |tx, code| {
        let user: Option<i64> = tx
            .query_row("SELECT id FROM users WHERE mobile = ?1", [&mobile], |r| {
                r.get(0)
            })
            .optional()?;
        Ok(Ok(match user {
            Some(user_id) => {
                otp::consume(tx, code.id, code.now)?;
                Some(sign_in(tx, user_id, code.now)?)
            }
            None => {
                otp::mark_verified(tx, code.id, code.now)?;
                None
            }
        }))
    })
    .await?;
    match outcome {
        Some(token) => Ok(Json(Data::with_message(
            VerifyLogin {
                token: Some(token),
                user_exists: true,
            },
            Msg::from(MessageId::OtpVerified).text(lang),
        ))),
        None => Ok(Json(Data::with_message(
            VerifyLogin {
                token: None,
                user_exists: false,
            },
            Msg::from(MessageId::OtpVerifiedRegister).text(lang),
        ))),
    }
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct RegisterRequest {
    /// At most 100 characters, not blank (surrounding spaces are trimmed).
    #[schema(pattern = r"^\s*\S([\s\S]{0,98}\S)?\s*$", example = "Mona Adel")]
    pub name: String,
    #[schema(
        max_length = 190,
        pattern = r#"^\s*[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.[A-Za-z]{2,63}\s*$"#,
        example = "mona@example.com"
    )]
    pub email: String,
    /// Another customer's referral code (optional).
    #[serde(default)]
    #[schema(max_length = 40)]
    pub referral_code: Option<String>,
    /// Must be true (false is a 422).
    #[serde(rename = "acceptTerms")]
    pub accept_terms: bool,
    /// Always "user".
    #[serde(default)]
    #[schema(pattern = "^user$")]
    pub user_register: Option<String>,
    #[schema(
        max_length = 40,
        examples("01001234567", "01101234567", "01201234567", "01501234567")
    )]
    pub mobile: String,
    /// The code verified for this mobile.
    #[schema(pattern = r"^\s*[0-9]{4}\s*$", example = "1234")]
    pub code: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Registered {
    pub token: String,
    pub user: Profile,
}

/// Creates the account of a number whose code was just verified
/// ('Account Created Successfully') and signs it in.
#[utoipa::path(post, path = "/user/register-by-otp", tag = "auth",
    request_body = RegisterRequest,
    responses((status = 200, body = Data<Registered>), (status = 422, body = ValidationErrorBody), (status = 429, body = ErrorBody)))]
pub async fn register_by_otp(
    State(state): State<AppState>,
    Lang(lang): Lang,
    Client(client): Client,
    JsonBody(body): JsonBody<RegisterRequest>,
) -> Result<Json<Data<Registered>>, ApiError> {
    let config = remote_config(&state).await?;
    let (name, email) = fields::sign_up(&body.name, &body.email, body.accept_terms, lang)?;
    if body
        .user_register
        .as_deref()
        .is_some_and(|role| role != "user")
    {
        return Err(invalid("user_register", lang));
    }
    let mobile = fields::mobile(&body.mobile, &config.default_country_code, lang)?;
    let referral = body
        .referral_code
        .map(|c| c.trim().to_uppercase())
        .filter(|c| !c.is_empty());
    let typed = TypedCode {
        purpose: Purpose::Login,
        target: mobile.clone(),
        client,
        channel: None,
        user_id: None,
        code: fields::code(&body.code, lang)?,
    };
    let (token, user) = on_accepted_code(&state, lang, typed, move |tx, code| {
        // A code that was never verified through verify-login cannot register.
        if !code.verified_before {
            return Ok(Err(refused(Check::Wrong, lang)));
        }
        let account = NewAccount {
            mobile: Some(&mobile),
            name: &name,
            email: &email,
            referral: referral.as_deref(),
            password_hash: None,
        };
        create_account(tx, account, code.id, lang, code.now)
    })
    .await?;
    Ok(Json(Data::with_message(
        Registered { token, user },
        Msg::from(MessageId::AccountCreated).text(lang),
    )))
}

/// A unique, easy-to-read referral code (no 0/O or 1/I).
/// What registration writes.
pub(super) struct NewAccount<'a> {
    /// None: registered by e-mail, the phone is verified before the first order.
    pub mobile: Option<&'a str>,
    pub name: &'a str,
    pub email: &'a str,
    pub referral: Option<&'a str>,
    pub password_hash: Option<&'a str>,
}

/// Creates the account with the verified code `code_id` and signs it in; a number or
/// e-mail already in use, or an unknown referral code, is the refusal.
pub(super) fn create_account(
    tx: &rusqlite::Transaction<'_>,
    account: NewAccount<'_>,
    code_id: i64,
    lang: Language,
    now: i64,
) -> Result<Result<(String, Profile), ApiError>, ApiError> {
    let NewAccount {
        mobile,
        name,
        email,
        referral,
        password_hash,
    } = account;
    let taken: bool = tx.query_row(
        "SELECT exists(SELECT 1 FROM users WHERE mobile = ?1)",
        [mobile],
        |r| r.get(0),
    )?;
    if taken {
        return Ok(Err(ApiError::validation(
            "mobile",
            Msg::AlreadyRegistered.text(lang),
        )));
    }
    let email_taken: bool = tx.query_row(
        "SELECT exists(SELECT 1 FROM users WHERE email = ?1)",
        [email],
        |r| r.get(0),
    )?;
    if email_taken {
        return Ok(Err(ApiError::validation(
            "email",
            Msg::EmailTaken.text(lang),
        )));
    }
    let referred_by: Option<i64> = match referral {
        None => None,
        Some(code) => match tx
            .query_row(
                "SELECT id FROM users WHERE referral_code = ?1",
                [code],
                |r| r.get(0),
            )
            .optional()?
        {
            Some(id) => Some(id),
            None => {
                return Ok(Err(invalid("referral_code", lang)));
            }
        },
    };
    tx.execute(
        "INSERT INTO users (mobile, name, email, default_locale, referral_code, referred_by, created_at,
                            password_hash)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
        params![
            mobile,
            name,
            email,
            lang.code(),
            new_referral_code(tx)?,
            referred_by,
            now,
            password_hash
        ],
    )?;
    let user_id = tx.last_insert_rowid();
    otp::consume(tx, code_id, now)?;
    let token = sign_in(tx, user_id, now)?;
    Ok(Ok((token, load_profile(tx, user_id)?)))
}

fn new_referral_code(tx: &rusqlite::Transaction<'_>) -> rusqlite::Result<String> {
    const ALPHABET: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
    loop {
        let suffix: String = (0..6)
            .map(|_| char::from(ALPHABET[rand::random_range(0..ALPHABET.len())]))
            .collect();
        let code = format!("NILE{suffix}");
        let taken: bool = tx.query_row(
            "SELECT exists(SELECT 1 FROM users WHERE referral_code = ?1)",
            params![code],
            |r| r.get(0),
        )?;
        if !taken {
            return Ok(code);
        }
    }
}
