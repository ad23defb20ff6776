use storefront_core::location::LatLng;
use storefront_core::messages::Message;
use storefront_core::validation::{
    self as rules, OpenPriceRange, OtpBoxes, PhoneCheck, PriceRange, ReturnRequestForm, SignUpForm,
};
use wasm_bindgen::prelude::*;

use crate::convert::{from_js, to_js};

/// A rule's outcome for JS: the message, or `null` when the value passes.
fn outcome(result: Result<(), Message>) -> Result<JsValue, JsValue> {
    to_js(&result.err())
}

/// 'Required' for blank text.
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = validateRequired, unchecked_return_type = "T.Message | null")]
pub fn validate_required(value: &str) -> Result<JsValue, JsValue> {
    outcome(rules::required(value))
}

/// 'This field is required' for blank text.
#[cfg(feature = "cart")]
#[wasm_bindgen(js_name = validateFieldRequired, unchecked_return_type = "T.Message | null")]
pub fn validate_field_required(value: &str) -> Result<JsValue, JsValue> {
    outcome(rules::field_required(value))
}

/// 'Too Short! The minimum character is {len}'.
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = validateMinLength, unchecked_return_type = "T.Message | null")]
pub fn validate_min_length(value: &str, len: usize) -> Result<JsValue, JsValue> {
    outcome(rules::min_length(value, len))
}

/// 'Too long! The maximum character is {len}'.
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = validateMaxLength, unchecked_return_type = "T.Message | null")]
pub fn validate_max_length(value: &str, len: usize) -> Result<JsValue, JsValue> {
    outcome(rules::max_length(value, len))
}

/// 'Only number'.
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = validateOnlyNumbers, unchecked_return_type = "T.Message | null")]
pub fn validate_only_numbers(value: &str) -> Result<JsValue, JsValue> {
    outcome(rules::only_numbers(value))
}

/// 'Only URL' (http or https with a host).
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = validateUrl, unchecked_return_type = "T.Message | null")]
pub fn validate_url(value: &str) -> Result<JsValue, JsValue> {
    outcome(rules::url(value))
}

/// 'Must be greater than 0' for a decimal string ('Only number' if not a number).
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = validateGreaterThanZero, unchecked_return_type = "T.Message | null")]
pub fn validate_greater_than_zero(value: &str) -> Result<JsValue, JsValue> {
    outcome(rules::greater_than_zero(value))
}

/// 'Invalid email' (sign-up).
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = validateEmail, unchecked_return_type = "T.Message | null")]
pub fn validate_email(value: &str) -> Result<JsValue, JsValue> {
    outcome(rules::email(value))
}

/// 'Email Format is wrong right format is example@domain.com' (catalogue).
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = validateEmailFormat, unchecked_return_type = "T.Message | null")]
pub fn validate_email_format(value: &str) -> Result<JsValue, JsValue> {
    outcome(rules::email_format(value))
}

/// 'Use 8 or more characters with a mix of letters, numbers & symbols'.
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = validatePassword, unchecked_return_type = "T.Message | null")]
pub fn validate_password(value: &str) -> Result<JsValue, JsValue> {
    outcome(rules::password(value))
}

/// 'Passwords must match'.
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = validatePasswordsMatch, unchecked_return_type = "T.Message | null")]
pub fn validate_passwords_match(password: &str, confirmation: &str) -> Result<JsValue, JsValue> {
    outcome(rules::passwords_match(password, confirmation))
}

/// 'Card number must be 16 digits' (spaces allowed).
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = validateCardNumber, unchecked_return_type = "T.Message | null")]
pub fn validate_card_number(value: &str) -> Result<JsValue, JsValue> {
    outcome(rules::card_number(value))
}

/// 'CVV must be 3 digits'.
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = validateCvv, unchecked_return_type = "T.Message | null")]
pub fn validate_cvv(value: &str) -> Result<JsValue, JsValue> {
    outcome(rules::cvv(value))
}

/// 'Year must be 2 digits'.
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = validateExpiryYear, unchecked_return_type = "T.Message | null")]
pub fn validate_expiry_year(value: &str) -> Result<JsValue, JsValue> {
    outcome(rules::expiry_year(value))
}

/// The privacy policy and terms must be accepted at checkout.
#[cfg(feature = "rest")]
#[wasm_bindgen(
    js_name = validatePrivacyTermsAccepted,
    unchecked_return_type = "T.Message | null"
)]
pub fn validate_privacy_terms_accepted(accepted: bool) -> Result<JsValue, JsValue> {
    outcome(rules::privacy_terms_accepted(accepted))
}

/// 'please choose an address' when no address id is chosen.
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = validateAddressChosen, unchecked_return_type = "T.Message | null")]
pub fn validate_address_chosen(
    #[wasm_bindgen(unchecked_param_type = "number | null")] address_id: JsValue,
) -> Result<JsValue, JsValue> {
    let address_id: Option<u64> = from_js(address_id, "addressId")?;
    outcome(rules::address_chosen(address_id))
}

/// 'please choose a location' when no point is chosen.
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = validateLocationChosen, unchecked_return_type = "T.Message | null")]
pub fn validate_location_chosen(
    #[wasm_bindgen(unchecked_param_type = "T.LatLng | null")] location: JsValue,
) -> Result<JsValue, JsValue> {
    let location: Option<LatLng> = from_js(location, "location")?;
    outcome(rules::location_chosen(location.as_ref()))
}

/// The default address cannot be deleted.
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = validateAddressDeletion, unchecked_return_type = "T.Message | null")]
pub fn validate_address_deletion(is_default: bool) -> Result<JsValue, JsValue> {
    outcome(rules::address_deletion(is_default))
}

/// 'Only image files are allowed' unless the MIME type is PNG, JPEG, WebP or GIF.
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = validateImageFile, unchecked_return_type = "T.Message | null")]
pub fn validate_image_file(mime_type: &str) -> Result<JsValue, JsValue> {
    outcome(rules::image_file(mime_type))
}

/// Whether a picture of this many bytes is within the upload limit (2 MB).
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = imageSizeAllowed)]
pub fn image_size_allowed(bytes: f64) -> bool {
    // A size the browser reports is a whole, non-negative number; anything else is refused.
    bytes.is_finite()
        && bytes >= 0.0
        && bytes.fract() == 0.0
        && rules::image_size_allowed(bytes as u64)
}

/// The upload limit of a picture, in bytes (for the form's hint).
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = maxImageBytes)]
pub fn max_image_bytes() -> f64 {
    rules::MAX_IMAGE_BYTES as f64
}

/// The accepted image MIME types (for a file input's `accept`).
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = acceptedImageTypes, unchecked_return_type = "string[]")]
pub fn accepted_image_types() -> Result<JsValue, JsValue> {
    to_js(&rules::ACCEPTED_IMAGE_TYPES)
}

/// 'Required' until the sign-up terms are accepted.
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = validateTermsAccepted, unchecked_return_type = "T.Message | null")]
pub fn validate_terms_accepted(accepted: bool) -> Result<JsValue, JsValue> {
    outcome(rules::terms_accepted(accepted))
}

/// The sign-up form's errors by field (`name`, `email`, `acceptTerms`).
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = validateSignUp, unchecked_return_type = "Record<string, T.Message>")]
pub fn validate_sign_up(
    #[wasm_bindgen(unchecked_param_type = "T.SignUpForm")] form: JsValue,
) -> Result<JsValue, JsValue> {
    let form: SignUpForm = from_js(form, "form")?;
    to_js(&rules::validate_sign_up(&form))
}

/// Sign-up submit is enabled only when valid and changed.
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = signUpCanSubmit)]
pub fn sign_up_can_submit(
    #[wasm_bindgen(unchecked_param_type = "T.SignUpForm")] current: JsValue,
    #[wasm_bindgen(unchecked_param_type = "T.SignUpForm")] initial: JsValue,
) -> Result<bool, JsValue> {
    let current: SignUpForm = from_js(current, "current")?;
    let initial: SignUpForm = from_js(initial, "initial")?;
    Ok(rules::sign_up_can_submit(&current, &initial))
}

/// Reads a typed phone number with a default country (ISO or dialling code).
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = parsePhone, unchecked_return_type = "T.PhoneCheck")]
pub fn parse_phone(input: &str, default_country: &str) -> Result<JsValue, JsValue> {
    to_js(&PhoneCheck::from(rules::parse_phone(
        input,
        default_country,
    )))
}

/// 'Phone Number is Invalid' unless the non-blank text is a valid number.
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = validatePhone, unchecked_return_type = "T.Message | null")]
pub fn validate_phone(input: &str, default_country: &str) -> Result<JsValue, JsValue> {
    outcome(rules::phone(input, default_country))
}

/// The login mobile: 'Required', 'Only number', 'Phone Number is Invalid', or the
/// number with its E.164 form.
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = checkLoginMobile, unchecked_return_type = "T.PhoneCheck")]
pub fn check_login_mobile(input: &str, default_country: &str) -> Result<JsValue, JsValue> {
    to_js(&PhoneCheck::from(rules::login_mobile(
        input,
        default_country,
    )))
}

/// Login submit is enabled only when the mobile is valid and changed.
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = loginCanSubmit)]
pub fn login_can_submit(current: &str, initial: &str, default_country: &str) -> bool {
    rules::login_can_submit(current, initial, default_country)
}

/// A character typed into code box `index`.
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = otpTypeChar, unchecked_return_type = "T.OtpEntry")]
pub fn otp_type_char(
    #[wasm_bindgen(unchecked_param_type = "T.OtpBoxes")] boxes: JsValue,
    index: usize,
    typed: char,
) -> Result<JsValue, JsValue> {
    let boxes: OtpBoxes = from_js(boxes, "boxes")?;
    to_js(&rules::type_char(boxes, index, typed))
}

/// Backspace in code box `index`.
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = otpBackspace, unchecked_return_type = "T.OtpEntry")]
pub fn otp_backspace(
    #[wasm_bindgen(unchecked_param_type = "T.OtpBoxes")] boxes: JsValue,
    index: usize,
) -> Result<JsValue, JsValue> {
    let boxes: OtpBoxes = from_js(boxes, "boxes")?;
    to_js(&rules::backspace(boxes, index))
}

/// Text pasted into code box `index`: four digits fill every box, else ignored.
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = otpPaste, unchecked_return_type = "T.OtpEntry")]
pub fn otp_paste(
    #[wasm_bindgen(unchecked_param_type = "T.OtpBoxes")] boxes: JsValue,
    index: usize,
    text: &str,
) -> Result<JsValue, JsValue> {
    let boxes: OtpBoxes = from_js(boxes, "boxes")?;
    to_js(&rules::paste(boxes, index, text))
}

/// The four-digit code when every box is filled, else `null`.
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = otpCode, unchecked_return_type = "string | null")]
pub fn otp_code(
    #[wasm_bindgen(unchecked_param_type = "T.OtpBoxes")] boxes: JsValue,
) -> Result<JsValue, JsValue> {
    let boxes: OtpBoxes = from_js(boxes, "boxes")?;
    to_js(&rules::otp_code(&boxes))
}

/// Whether every code box is filled (verify enabled).
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = otpIsComplete)]
pub fn otp_is_complete(
    #[wasm_bindgen(unchecked_param_type = "T.OtpBoxes")] boxes: JsValue,
) -> Result<bool, JsValue> {
    let boxes: OtpBoxes = from_js(boxes, "boxes")?;
    Ok(rules::is_complete(&boxes))
}

/// The return request's errors by field path (`items.0.comment`).
#[cfg(feature = "rest")]
#[wasm_bindgen(
    js_name = validateReturnRequest,
    unchecked_return_type = "Record<string, T.Message>"
)]
pub fn validate_return_request(
    #[wasm_bindgen(unchecked_param_type = "T.ReturnRequestForm")] form: JsValue,
) -> Result<JsValue, JsValue> {
    let form: ReturnRequestForm = from_js(form, "form")?;
    to_js(&rules::validate_return_request(&form))
}

/// The price range clamped into its bounds, min ≤ max, as two-decimal strings.
#[cfg(feature = "cart")]
#[wasm_bindgen(js_name = clampPriceRange, unchecked_return_type = "T.PriceRange")]
pub fn clamp_price_range(
    #[wasm_bindgen(unchecked_param_type = "T.PriceRange")] range: JsValue,
    #[wasm_bindgen(unchecked_param_type = "T.PriceRange")] bounds: JsValue,
) -> Result<JsValue, JsValue> {
    let range: PriceRange = from_js(range, "range")?;
    let bounds: PriceRange = from_js(bounds, "bounds")?;
    to_js(&rules::clamp_price_range(range, bounds))
}

/// A listing's price filter in order (a minimum above the maximum swapped); open ends
/// stay open.
#[cfg(feature = "cart")]
#[wasm_bindgen(js_name = orderPriceRange, unchecked_return_type = "T.OpenPriceRange")]
pub fn order_price_range(
    #[wasm_bindgen(unchecked_param_type = "T.OpenPriceRange")] range: JsValue,
) -> Result<JsValue, JsValue> {
    let range: OpenPriceRange = from_js(range, "range")?;
    to_js(&rules::order_price_range(range))
}

/// The date picker's 60 years, newest first.
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = yearOptions, unchecked_return_type = "number[]")]
pub fn year_options(current_year: i32) -> Result<JsValue, JsValue> {
    to_js(&rules::year_options(current_year))
}

/// Arabic-Indic digits written as ASCII digits, the form to submit.
#[cfg(feature = "cart")]
#[wasm_bindgen(js_name = normalizeDigits)]
pub fn normalize_digits(text: &str) -> String {
    rules::normalize_digits(text)
}

/// The address form's errors by field (`name`, `contact_name`, `phone`, …,
/// `postal_code`); `country` is the store's (`storeCountryCode`), for the phone number.
#[cfg(feature = "rest")]
#[wasm_bindgen(
    js_name = validateAddressForm,
    unchecked_return_type = "Record<string, T.Message>"
)]
pub fn validate_address_form(
    #[wasm_bindgen(unchecked_param_type = "T.AddressForm")] form: JsValue,
    country: &str,
) -> Result<JsValue, JsValue> {
    let form: rules::AddressForm = from_js(form, "form")?;
    to_js(&rules::validate_address_form(&form, country))
}

/// The store's country: the remote config's `default_country_code` when it is a
/// two-letter code, else `EG`.
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = storeCountryCode)]
pub fn store_country_code(configured: Option<String>) -> String {
    rules::store_country_code(configured.as_deref())
}

/// The profile form's errors by field (`name`, `email`, `company_name`, and `year` for a
/// half-chosen birthdate).
#[cfg(feature = "rest")]
#[wasm_bindgen(
    js_name = validateProfileForm,
    unchecked_return_type = "Record<string, T.Message>"
)]
pub fn validate_profile_form(
    #[wasm_bindgen(unchecked_param_type = "T.ProfileForm")] form: JsValue,
) -> Result<JsValue, JsValue> {
    let form: rules::ProfileForm = from_js(form, "form")?;
    to_js(&rules::validate_profile_form(&form))
}

/// A `YYYY-MM-DD` birthdate as the three dropdowns' values (all `""` for anything else).
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = splitBirthdate, unchecked_return_type = "T.BirthdateParts")]
pub fn split_birthdate(value: &str) -> Result<JsValue, JsValue> {
    to_js(&rules::split_birthdate(value))
}

/// How many days the day dropdown offers for the chosen month and year.
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = birthdateDaysIn)]
pub fn birthdate_days_in(
    #[wasm_bindgen(unchecked_param_type = "T.BirthdateParts")] parts: JsValue,
) -> Result<u8, JsValue> {
    Ok(rules::birthdate_days_in(&from_js(parts, "parts")?))
}

/// The dropdowns as a birthdate: unset, partial, or a `YYYY-MM-DD` date.
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = joinBirthdate, unchecked_return_type = "T.Birthdate")]
pub fn join_birthdate(
    #[wasm_bindgen(unchecked_param_type = "T.BirthdateParts")] parts: JsValue,
) -> Result<JsValue, JsValue> {
    to_js(&rules::join_birthdate(&from_js(parts, "parts")?))
}
