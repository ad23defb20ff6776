//! Registration by e-mail (issue 36 item 5), for a shopper without a phone at hand: a
//! code confirms the address, then the account is made with a password and no phone;
//! the phone is verified before the first order (`auth/phone.rs`, `orders/checkout.rs`).
//!
//! Enumeration: the code request answers the same whether or not an account uses the
//! address (a code is sent either way, as for an e-mail change); only the holder of
//! the code learns, at the second step, that the address is taken.

use axum::Json;
use axum::extract::State;
use serde::Deserialize;
use utoipa::ToSchema;

use crate::auth::email::{EmailCodeSent, EmailRequest};
use crate::auth::login::{NewAccount, Registered, create_account};
use crate::auth::otp::Purpose;
use crate::auth::password::hash_password;
use crate::auth::{Delivery, TypedCode, fields, issue_and_send, on_accepted_code};
use crate::http::envelope::Data;
use crate::http::error::{ApiError, ErrorBody, ValidationErrorBody};
use crate::http::extract::{Client, JsonBody, Lang};
use crate::http::state::AppState;
use crate::i18n::Msg;
use storefront_core::messages::MessageId;

/// Sends the 4-digit code that confirms the address of a registration by e-mail.
#[utoipa::path(post, path = "/user/email/register-code", tag = "auth",
    request_body = EmailRequest,
    responses((status = 200, body = Data<EmailCodeSent>), (status = 422, body = ValidationErrorBody), (status = 429, body = ErrorBody)))]
pub async fn email_register_code(
    State(state): State<AppState>,
    Lang(lang): Lang,
    Client(client): Client,
    JsonBody(body): JsonBody<EmailRequest>,
) -> Result<Json<Data<EmailCodeSent>>, ApiError> {
    let email = fields::email(&body.email, lang)?;
    issue_and_send(
        &state,
        Purpose::EmailRegister,
        email.clone(),
        "email",
        client,
        None,
        Delivery::Background { send: true },
        lang,
    )
    .await?;
    Ok(EmailCodeSent::answer(email, lang))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct EmailRegisterRequest {
    /// At most 100 characters, not blank (surrounding spaces are trimmed).
    #[schema(pattern = r"^\s*\S([\s\S]{0,98}\S)?\s*$", example = "Mona Adel")]
    pub name: String,
    #[schema(
        max_length = 190,
        pattern = r#"^\s*[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.[A-Za-z]{2,63}\s*$"#,
        example = "mona@example.com"
    )]
    pub email: String,
    /// The 4 digits sent by `POST /user/email/register-code`.
    #[schema(pattern = r"^\s*[0-9]{4}\s*$", example = "1234")]
    pub code: String,
    /// 8 or more characters with letters, numbers and symbols.
    #[schema(max_length = 128)]
    pub password: String,
    #[schema(max_length = 128)]
    pub password_confirmation: String,
    /// Another customer's referral code (optional).
    #[serde(default)]
    #[schema(max_length = 40)]
    pub referral_code: Option<String>,
    /// Must be true (false is a 422).
    #[serde(rename = "acceptTerms")]
    pub accept_terms: bool,
}

/// Creates an account from a confirmed e-mail address and a password, with no phone
/// yet ('Account Created Successfully'), and signs it in.
#[utoipa::path(post, path = "/user/register", tag = "auth",
    request_body = EmailRegisterRequest,
    responses((status = 200, body = Data<Registered>), (status = 422, body = ValidationErrorBody), (status = 429, body = ErrorBody)))]
pub async fn register_by_email(
    State(state): State<AppState>,
    Lang(lang): Lang,
    Client(client): Client,
    JsonBody(body): JsonBody<EmailRegisterRequest>,
) -> Result<Json<Data<Registered>>, ApiError> {
    let (name, email) = fields::sign_up(&body.name, &body.email, body.accept_terms, lang)?;
    let code = fields::code(&body.code, lang)?;
    fields::new_password(&body.password, &body.password_confirmation, lang)?;
    let referral = body
        .referral_code
        .map(|c| c.trim().to_uppercase())
        .filter(|c| !c.is_empty());
    // Hashed before the code is checked: the code is used up in the same transaction
    // that creates the account, so no second request can race it.
    let hash = hash_password(body.password).await?;
    let typed = TypedCode {
        purpose: Purpose::EmailRegister,
        target: email.clone(),
        client,
        channel: None,
        user_id: None,
        code,
    };
    let (token, user) = on_accepted_code(&state, lang, typed, move |tx, code| {
        let account = NewAccount {
            mobile: None,
            name: &name,
            email: &email,
            referral: referral.as_deref(),
            password_hash: Some(&hash),
        };
        create_account(tx, account, code.id, lang, code.now)
    })
    .await?;
    Ok(Json(Data::with_message(
        Registered { token, user },
        Msg::from(MessageId::AccountCreated).text(lang),
    )))
}
