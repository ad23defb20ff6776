//! The validation vocabulary (issue 37): a few functions that take the rule by name
//! (`checkField(value, {rule: "min_length", min: 3})`) instead of one function per
//! rule. The names and their parameters are the core's types (`FieldRule`, `Choice`,
//! `FormInput`, `OtpEdit`, `PhonePurpose`), read as `validation_read.rs` says.

use storefront_core::messages::Message;
use storefront_core::validation::{self as rules, OpenPriceRange, PhonePurpose, PriceRange};
use wasm_bindgen::prelude::*;

use crate::convert::{Read, argument, from_js, money, optional, required, to_js};
use crate::validation_read;

/// A rule's outcome for JS: the message, or `null` when the value passes.
fn outcome(result: Result<(), Message>) -> Result<JsValue, JsValue> {
    to_js(&result.err())
}

/// One rule of a text field: its message for `value`, or `null` when the value passes.
/// `{rule: "field_required"}`, `{rule: "max_length", max: 100}`,
/// `{rule: "passwords_match", password}` (the value is the confirmation),
/// `{rule: "image_file"}` (the value is a file's MIME type), `{rule: "review_comment"}`
/// (graphemes counted by the browser's `Intl.Segmenter`), …; see `FieldRule`.
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = checkField, unchecked_return_type = "T.Message | null")]
pub fn check_field(
    value: &str,
    #[wasm_bindgen(unchecked_param_type = "T.FieldRule")] rule: JsValue,
) -> Result<JsValue, JsValue> {
    let rule = validation_read::field_rule(rule, "rule")?;
    outcome(rule.check_with(value, &crate::graphemes::BrowserGraphemes))
}

/// The cart module's `checkField`: the rules of a field's presence and length
/// (`required`, `field_required`, `min_length`, `max_length`, `only_numbers`); the
/// others are the whole core's. Only the module shrinks: its own dispatch links none
/// of the other rules' code, which with the Unicode tables of the URL, e-mail and
/// password rules made the module 10 KB gzip larger.
#[cfg(all(feature = "cart", not(feature = "rest")))]
#[wasm_bindgen(js_name = checkField, unchecked_return_type = "T.Message | null")]
pub fn check_field(
    value: &str,
    #[wasm_bindgen(
        unchecked_param_type = "Extract<T.FieldRule, { rule: 'required' | 'field_required' | 'min_length' | 'max_length' | 'only_numbers' }>"
    )]
    rule: JsValue,
) -> Result<JsValue, JsValue> {
    // Read by hand, as the cart's values are (`cart.rs`): the module links no JSON reader.
    use crate::convert::{count, tag};
    let check = argument(&rule, "rule", |rule, _| -> Read<Result<(), Message>> {
        Ok(match tag(rule, "rule")?.as_str() {
            "required" => rules::required(value),
            "field_required" => rules::field_required(value),
            "min_length" => rules::min_length(value, required(rule, "min", count)?),
            "max_length" => rules::max_length(value, required(rule, "max", count)?),
            "only_numbers" => rules::only_numbers(value),
            _ => {
                return Err(
                    "a rule of the whole core (storefront-core), not of storefront-core/cart"
                        .into(),
                );
            }
        })
    })?;
    outcome(check)
}

/// One rule of a form's non-text state, with the state: its message, or `null` when it
/// passes. `{choice: "terms_accepted", accepted}`, `{choice: "privacy_terms_accepted",
/// accepted}`, `{choice: "address", address_id}`, `{choice: "location", location}`,
/// `{choice: "address_deletion", is_default}`; see `Choice`.
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = checkChoice, unchecked_return_type = "T.Message | null")]
pub fn check_choice(
    #[wasm_bindgen(unchecked_param_type = "T.Choice")] choice: JsValue,
) -> Result<JsValue, JsValue> {
    outcome(validation_read::choice(choice, "choice")?.check())
}

/// A form's errors: each invalid field's first message, keyed by field name or path
/// (`items.0.comment`); an empty record when the form can be submitted. The forms:
/// `sign_up`, `return_request`, `address` (with the store's `country`), `profile`; see
/// `FormInput`.
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = checkForm, unchecked_return_type = "Record<string, T.Message>")]
pub fn check_form(
    #[wasm_bindgen(unchecked_param_type = "T.FormInput")] form: JsValue,
) -> Result<JsValue, JsValue> {
    to_js(&validation_read::form_input(form, "form")?.errors())
}

/// A typed phone number with a default country (ISO or dialling code), checked for
/// `purpose`. (Its TypeScript signature is in the section below: wasm-bindgen would
/// make `purpose` required.)
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = checkPhone, skip_typescript)]
pub fn check_phone(
    input: &str,
    default_country: &str,
    purpose: Option<String>,
) -> Result<JsValue, JsValue> {
    let purpose = match purpose {
        None => PhonePurpose::default(),
        Some(name) => crate::convert::name(&JsValue::from_str(&name), "purpose")?,
    };
    to_js(&rules::check_phone(input, default_country, purpose))
}

#[cfg(feature = "rest")]
#[wasm_bindgen(typescript_custom_section)]
const CHECK_PHONE: &'static str = r#"
/**
 * A typed phone number with a default country (ISO or dialling code), checked for
 * `purpose`: `"any"` (the default) takes any valid number, landlines included;
 * `"login"` is the login mobile ('Required', 'Only number', no landline), which can be
 * submitted when valid.
 */
export function checkPhone(input: string, default_country: string, purpose?: T.PhonePurpose): T.PhoneCheck;
"#;

/// An input event in the code boxes: the new boxes, the box to focus, and the code
/// they make (`code`, `null` until every box is filled; `complete`).
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = otpEdit, unchecked_return_type = "T.OtpEntry")]
pub fn otp_edit(
    #[wasm_bindgen(unchecked_param_type = "T.OtpBoxes")] boxes: JsValue,
    #[wasm_bindgen(unchecked_param_type = "T.OtpEdit")] edit: JsValue,
) -> Result<JsValue, JsValue> {
    let boxes: rules::OtpBoxes = from_js(boxes, "boxes")?;
    let edit = validation_read::otp_edit(edit, "edit")?;
    to_js(&rules::edit(boxes, &edit))
}

/// The picture upload's limits: `max_bytes` (a picture is within the limit when its
/// size is at most this) and the `accepted_types` (for a file input's `accept`).
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = imageLimits, unchecked_return_type = "T.ImageLimits")]
pub fn image_limits() -> Result<JsValue, JsValue> {
    to_js(&rules::image_limits())
}

/// The price range clamped into its bounds, min ≤ max, as two-decimal strings.
#[cfg(feature = "cart")]
#[wasm_bindgen(js_name = clampPriceRange, unchecked_return_type = "T.PriceRange")]
pub fn clamp_price_range(
    #[wasm_bindgen(unchecked_param_type = "T.PriceRange")] range: JsValue,
    #[wasm_bindgen(unchecked_param_type = "T.PriceRange")] bounds: JsValue,
) -> Result<JsValue, JsValue> {
    let range = argument(&range, "range", read_price_range)?;
    let bounds = argument(&bounds, "bounds", read_price_range)?;
    to_js(&rules::clamp_price_range(range, bounds))
}

/// A listing's price filter in order (a minimum above the maximum swapped); open ends
/// stay open.
#[cfg(feature = "cart")]
#[wasm_bindgen(js_name = orderPriceRange, unchecked_return_type = "T.OpenPriceRange")]
pub fn order_price_range(
    #[wasm_bindgen(unchecked_param_type = "T.OpenPriceRange")] range: JsValue,
) -> Result<JsValue, JsValue> {
    let range = argument(&range, "range", |range, _| {
        Ok(OpenPriceRange {
            min: optional(range, "min", money)?,
            max: optional(range, "max", money)?,
        })
    })?;
    to_js(&rules::order_price_range(range))
}

/// A price range, read by hand like the cart's values (`cart.rs`).
#[cfg(feature = "cart")]
fn read_price_range(range: &JsValue, _: &str) -> Read<PriceRange> {
    Ok(PriceRange {
        min: required(range, "min", money)?,
        max: required(range, "max", money)?,
    })
}

/// Arabic-Indic digits written as ASCII digits, the form to submit.
#[cfg(feature = "cart")]
#[wasm_bindgen(js_name = normalizeDigits)]
pub fn normalize_digits(text: &str) -> String {
    rules::normalize_digits(text)
}

/// The store's country: the remote config's `default_country_code` when it is a
/// two-letter code, else `EG` (the `country` of an address form's `checkForm`).
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = storeCountryCode)]
pub fn store_country_code(configured: Option<String>) -> String {
    rules::store_country_code(configured.as_deref())
}

/// A `YYYY-MM-DD` birthdate as the three dropdowns' values (all `""` for anything else).
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = splitBirthdate, unchecked_return_type = "T.BirthdateParts")]
pub fn split_birthdate(value: &str) -> Result<JsValue, JsValue> {
    to_js(&rules::split_birthdate(value))
}

/// The birthdate's dropdowns for the parts chosen: the `years` offered (`current_year`
/// and the 59 before it, newest first), the `days` of the chosen month, and the
/// `birthdate` the parts make (unset, partial, or a `YYYY-MM-DD` date).
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = birthdateDropdowns, unchecked_return_type = "T.BirthdateDropdowns")]
pub fn birthdate_dropdowns(
    #[wasm_bindgen(unchecked_param_type = "T.BirthdateParts")] parts: JsValue,
    current_year: i32,
) -> Result<JsValue, JsValue> {
    let parts: rules::BirthdateParts = from_js(parts, "parts")?;
    to_js(&rules::birthdate_dropdowns(&parts, current_year))
}
