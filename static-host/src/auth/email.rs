//! E-mail one-time-code sign-in, for customers who gave an e-mail address, and the
//! confirmation of a new e-mail address by a code sent to it.
//!
//! Whether an address has an account is not revealed: a code request is answered the
//! same either way (status, body, resend wait and caps: a code is recorded for every
//! address, and only an account's is sent, after the answer), and a check of a code
//! for an address without an account is simply a wrong code.

use axum::Json;
use axum::extract::State;
use rusqlite::OptionalExtension;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::auth::otp::{self, Check, Purpose};
use crate::auth::profile::Profile;
use crate::auth::{
    Contact, Delivery, TypedCode, fields, issue_and_send, on_accepted_code, refused,
    set_confirmed_contact, sign_in,
};
use crate::http::envelope::Data;
use crate::http::error::{ApiError, ErrorBody, ValidationErrorBody};
use crate::http::extract::{Client, CurrentUser, JsonBody, Lang};
use crate::http::state::AppState;
use crate::i18n::Msg;

#[derive(Debug, Deserialize, ToSchema)]
pub struct EmailRequest {
    #[schema(
        max_length = 190,
        pattern = r#"^\s*[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.[A-Za-z]{2,63}\s*$"#,
        example = "mona@example.com"
    )]
    pub email: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct EmailCodeSent {
    pub email: String,
    pub expires_in: u64,
    pub resend_after: u64,
}

impl EmailCodeSent {
    /// The answer to a code sent to `email` ('A code was sent to your e-mail.'), with
    /// the code's lifetime and resend wait.
    pub(super) fn answer(
        email: String,
        lang: storefront_core::locale::Language,
    ) -> Json<Data<Self>> {
        Json(Data::with_message(
            EmailCodeSent {
                email,
                expires_in: (otp::CODE_TTL_MS / 1000) as u64,
                resend_after: (otp::RESEND_AFTER_MS / 1000) as u64,
            },
            Msg::EmailCodeSent.text(lang),
        ))
    }
}

/// Sends a 4-digit sign-in code to an account's e-mail address.
#[utoipa::path(post, path = "/user/email/login-by-otp", tag = "auth",
    request_body = EmailRequest,
    responses((status = 200, body = Data<EmailCodeSent>), (status = 422, body = ValidationErrorBody), (status = 429, body = ErrorBody)))]
pub async fn email_login_by_otp(
    State(state): State<AppState>,
    Lang(lang): Lang,
    Client(client): Client,
    JsonBody(body): JsonBody<EmailRequest>,
) -> Result<Json<Data<EmailCodeSent>>, ApiError> {
    let email = fields::email(&body.email, lang)?;
    let exists = account_uses(&state, &email).await?;
    issue_and_send(
        &state,
        Purpose::EmailLogin,
        email.clone(),
        "email",
        client,
        None,
        Delivery::Background { send: exists },
        lang,
    )
    .await?;
    Ok(EmailCodeSent::answer(email, lang))
}

/// Whether an account uses the (normalised) address.
pub(super) async fn account_uses(state: &AppState, email: &str) -> Result<bool, ApiError> {
    let lookup = email.to_owned();
    state
        .db
        .read(move |c| {
            Ok(c.query_row(
                "SELECT exists(SELECT 1 FROM users WHERE email = ?1)",
                [&lookup],
                |r| r.get(0),
            )?)
        })
        .await
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct EmailVerifyRequest {
    #[schema(
        max_length = 190,
        pattern = r#"^\s*[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.[A-Za-z]{2,63}\s*$"#,
        example = "mona@example.com"
    )]
    pub email: String,
    #[schema(pattern = r"^\s*[0-9]{4}\s*$", example = "1234")]
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
    Client(client): Client,
    JsonBody(body): JsonBody<EmailVerifyRequest>,
) -> Result<Json<Data<EmailSignedIn>>, ApiError> {
    let email = fields::email(&body.email, lang)?;
    let typed = TypedCode {
        purpose: Purpose::EmailLogin,
        target: email.clone(),
        client,
        channel: None,
        user_id: None,
        code: fields::code(&body.code, lang)?,
    };
    let token = on_accepted_code(&state, lang, typed, move |tx, code| {
        let user: Option<i64> = tx
            .query_row("SELECT id FROM users WHERE email = ?1", [&email], |r| {
                r.get(0)
            })
            .optional()?;
        otp::consume(tx, code.id, code.now)?;
        // The account may have changed its address since the code was sent.
        Ok(match user {
            Some(user_id) => Ok(sign_in(tx, user_id, code.now)?),
            None => Err(refused(Check::NoCode, lang)),
        })
    })
    .await?;
    Ok(Json(Data::with_message(
        EmailSignedIn {
            token,
            user_exists: true,
        },
        Msg::SignedIn.text(lang),
    )))
}

/// Sends the code that confirms a new e-mail address of the signed-in customer (the
/// profile keeps its address until then). Called by `PATCH /user/update-profile`.
pub(super) async fn request_email_change(
    state: &AppState,
    user_id: i64,
    email: String,
    client: String,
    lang: storefront_core::locale::Language,
) -> Result<(), ApiError> {
    // Sent whether or not another account uses the address: the answer is the same,
    // and only the address's owner learns (when confirming) that it is taken.
    issue_and_send(
        state,
        Purpose::EmailChange,
        email,
        "email",
        client,
        Some(user_id),
        Delivery::Background { send: true },
        lang,
    )
    .await
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ConfirmEmailRequest {
    /// The new address, as sent to `PATCH /user/update-profile`.
    #[schema(
        max_length = 190,
        pattern = r#"^\s*[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.[A-Za-z]{2,63}\s*$"#,
        example = "mona@example.com"
    )]
    pub email: String,
    /// The 4 digits sent to the new address.
    #[schema(pattern = r"^\s*[0-9]{4}\s*$", example = "1234")]
    pub code: String,
}

/// Confirms a new e-mail address with the code `PATCH /user/update-profile` sent to
/// it: the profile then uses it ('Your e-mail address has been changed.') and every
/// other session of the account is signed out. An address another account uses is a
/// 422 on `email` (only the address's owner, who has the code, can learn that).
#[utoipa::path(post, path = "/user/email/confirm-change", tag = "account",
    request_body = ConfirmEmailRequest, security(("bearer" = [])),
    responses((status = 200, body = Data<Profile>), (status = 401, body = ErrorBody),
        (status = 422, body = ValidationErrorBody), (status = 429, body = ErrorBody)))]
pub async fn confirm_email_change(
    State(state): State<AppState>,
    Lang(lang): Lang,
    Client(client): Client,
    user: CurrentUser,
    JsonBody(body): JsonBody<ConfirmEmailRequest>,
) -> Result<Json<Data<Profile>>, ApiError> {
    let email = fields::email(&body.email, lang)?;
    let typed = TypedCode {
        purpose: Purpose::EmailChange,
        target: email.clone(),
        client,
        channel: None,
        user_id: Some(user.id),
        code: fields::code(&body.code, lang)?,
    };
    let profile = on_accepted_code(&state, lang, typed, move |tx, code| {
        set_confirmed_contact(tx, &user, Contact::Email, &email, code, lang)
    })
    .await?;
    Ok(Json(Data::with_message(
        profile,
        Msg::EmailChanged.text(lang),
    )))
}
