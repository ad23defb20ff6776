//! The phone of a signed-in account (issue 36 item 5): an account registered by e-mail
//! has none, and verifies one by a code before its first order. The code is bound to
//! the account and the client that asked, like every code (`auth/otp.rs`).

use axum::Json;
use axum::extract::State;
use serde::Deserialize;
use utoipa::ToSchema;

use crate::auth::login::{Channel, CodeSent};
use crate::auth::otp::Purpose;
use crate::auth::profile::Profile;
use crate::auth::{
    Contact, Delivery, TypedCode, fields, issue_and_send, on_accepted_code, set_confirmed_contact,
};
use crate::http::envelope::Data;
use crate::http::error::{ApiError, ErrorBody, ValidationErrorBody};
use crate::http::extract::{Client, CurrentUser, JsonBody, Lang};
use crate::http::state::AppState;
use crate::i18n::Msg;
use crate::pages::settings::remote_config;

#[derive(Debug, Deserialize, ToSchema)]
pub struct PhoneCodeRequest {
    /// The phone number as typed, read like the sign-in form's.
    #[schema(
        max_length = 40,
        examples("01001234567", "01101234567", "01201234567", "01501234567")
    )]
    pub mobile: String,
    pub channel: Channel,
}

/// Sends a code to the phone the signed-in customer wants to verify, by SMS or
/// WhatsApp (the methods remote config enables).
#[utoipa::path(post, path = "/user/phone/send-code", tag = "account",
    request_body = PhoneCodeRequest, security(("bearer" = [])),
    responses((status = 200, body = Data<CodeSent>), (status = 401, body = ErrorBody),
        (status = 422, body = ValidationErrorBody), (status = 429, body = ErrorBody), (status = 503, body = ErrorBody)))]
pub async fn send_phone_code(
    State(state): State<AppState>,
    Lang(lang): Lang,
    Client(client): Client,
    user: CurrentUser,
    JsonBody(body): JsonBody<PhoneCodeRequest>,
) -> Result<Json<Data<CodeSent>>, ApiError> {
    let config = remote_config(&state).await?;
    let mobile = fields::mobile(&body.mobile, &config.default_country_code, lang)?;
    crate::auth::login::channel_enabled(&config, body.channel, lang)?;
    issue_and_send(
        &state,
        Purpose::PhoneVerify,
        mobile.clone(),
        body.channel.as_str(),
        client,
        Some(user.id),
        Delivery::Await,
        lang,
    )
    .await?;
    Ok(CodeSent::answer(mobile, body.channel, lang))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct PhoneVerifyRequest {
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

/// Checks the code and makes the number the account's phone ('Your phone number is
/// verified.'); the account's other sessions are signed out, as for any change of
/// phone. A number another account uses is a 422 on `mobile`.
#[utoipa::path(post, path = "/user/phone/verify", tag = "account",
    request_body = PhoneVerifyRequest, security(("bearer" = [])),
    responses((status = 200, body = Data<Profile>), (status = 401, body = ErrorBody),
        (status = 422, body = ValidationErrorBody), (status = 429, body = ErrorBody)))]
pub async fn verify_phone(
    State(state): State<AppState>,
    Lang(lang): Lang,
    Client(client): Client,
    user: CurrentUser,
    JsonBody(body): JsonBody<PhoneVerifyRequest>,
) -> Result<Json<Data<Profile>>, ApiError> {
    let config = remote_config(&state).await?;
    let mobile = fields::mobile(&body.mobile, &config.default_country_code, lang)?;
    let typed = TypedCode {
        purpose: Purpose::PhoneVerify,
        target: mobile.clone(),
        client,
        channel: Some(body.channel.as_str()),
        user_id: Some(user.id),
        code: fields::code(&body.code, lang)?,
    };
    let profile = on_accepted_code(&state, lang, typed, move |tx, code| {
        set_confirmed_contact(tx, &user, Contact::Mobile, &mobile, code, lang)
    })
    .await?;
    Ok(Json(Data::with_message(
        profile,
        Msg::PhoneVerified.text(lang),
    )))
}
