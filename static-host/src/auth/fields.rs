//! Field rules of the account endpoints, answering 422 naming the field. The rules
//! themselves are the Rust core's (`storefront_core::validation`), so the server
//! refuses exactly what the client refuses.

use storefront_core::locale::Language;
use storefront_core::messages::{Message, MessageId};

use crate::http::error::ApiError;
use crate::i18n::Msg;

/// The profile form's limits (the core's, which the client checks too).
pub const EMAIL_MAX: usize = storefront_core::validation::PROFILE_TEXT_MAX_CHARS;

fn invalid(field: &str, message: Message, lang: Language) -> ApiError {
    ApiError::validation(field, Msg::from(message).text(lang))
}

pub fn required(field: &str, lang: Language) -> ApiError {
    ApiError::validation(
        field,
        Msg::FieldRequired {
            field: field.to_owned(),
        }
        .text(lang),
    )
}

/// A required, trimmed text of at most `max` characters.
pub fn text(field: &str, raw: &str, max: usize, lang: Language) -> Result<String, ApiError> {
    let value = raw.trim();
    if value.is_empty() {
        return Err(required(field, lang));
    }
    if value.chars().count() > max {
        return Err(invalid(
            field,
            Message::new(MessageId::TooLong).with("len", max),
            lang,
        ));
    }
    Ok(value.to_owned())
}

/// A phone number in E.164 form, read with the store's default country.
pub fn mobile(raw: &str, default_country: &str, lang: Language) -> Result<String, ApiError> {
    if raw.trim().is_empty() {
        return Err(required("mobile", lang));
    }
    // The same rule as the sign-in form: mobiles only, since codes go by SMS or WhatsApp.
    storefront_core::validation::login_mobile(raw, default_country)
        .map(|number| number.e164)
        .map_err(|message| invalid("mobile", message, lang))
}

/// A valid e-mail address, trimmed and lower-cased.
pub fn email(raw: &str, lang: Language) -> Result<String, ApiError> {
    let value = text("email", raw, EMAIL_MAX, lang)?;
    storefront_core::validation::email(&value)
        .map_err(|message| invalid("email", message, lang))?;
    Ok(value.to_lowercase())
}

/// A one-time code: exactly four digits.
pub fn code(raw: &str, lang: Language) -> Result<String, ApiError> {
    let value = raw.trim();
    if value.is_empty() {
        return Err(required("code", lang));
    }
    if value.len() != 4 || !value.bytes().all(|b| b.is_ascii_digit()) {
        return Err(invalid("code", Message::new(MessageId::OnlyNumber), lang));
    }
    Ok(value.to_owned())
}

/// A new password entered twice. The core's rule leaves an empty field to the
/// form's "required" check, so the emptiness is refused here.
pub fn new_password(password: &str, confirmation: &str, lang: Language) -> Result<(), ApiError> {
    if password.is_empty() {
        return Err(required("password", lang));
    }
    storefront_core::validation::password(password)
        .map_err(|message| invalid("password", message, lang))?;
    storefront_core::validation::passwords_match(password, confirmation)
        .map_err(|message| invalid("password_confirmation", message, lang))
}

/// A registration's name, e-mail and terms, checked with the core's sign-up table
/// (`validate_sign_up`, the form's own rules): every bad field at once, else the
/// trimmed name and the normalised address.
pub fn sign_up(
    name: &str,
    email: &str,
    accept_terms: bool,
    lang: Language,
) -> Result<(String, String), ApiError> {
    let form = storefront_core::validation::SignUpForm {
        name: name.to_owned(),
        email: email.trim().to_owned(),
        referral_code: String::new(),
        accept_terms,
    };
    let errors: Vec<(String, String)> = storefront_core::validation::validate_sign_up(&form)
        .into_iter()
        .map(|(field, message)| (field, Msg::from(message).text(lang)))
        .collect();
    if let Some((_, first)) = errors.first() {
        return Err(ApiError::Validation {
            message: first.clone(),
            errors,
        });
    }
    Ok((name.trim().to_owned(), email.trim().to_lowercase()))
}
