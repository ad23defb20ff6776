//! Every validation rule and message of spec 5, one file per rule family.
//!
//! Each field rule is a function from the value to `Result<(), Message>`, so a form
//! schema (zod in the web UI) can delegate field by field and render the message in
//! the reader's language. Format rules pass on blank values so optional fields may
//! stay empty; a required field puts [`required`] or [`field_required`] first. Form
//! rules return [`FieldErrors`]: each invalid field's first message, keyed by field
//! name or path. Lengths count characters, never bytes.
//!
//! A client that reaches the rules through one narrow entry point names them with
//! values: a [`FieldRule`] (one text rule and its parameters), a [`Choice`] (a
//! checkbox, a chosen address or point), a [`FormInput`] (a whole form), an
//! [`OtpEdit`] (a key in the code boxes), a [`PhonePurpose`]. Each only dispatches to
//! the rule functions below, which stay the rules.

mod address_book;
mod address_form;
mod checkout;
mod date_picker;
mod digits;
mod email;
mod field_rule;
mod fields;
mod forms;
mod image_upload;
mod otp;
mod password;
mod payment_card;
mod phone;
mod phone_countries;
mod price_range;
mod profile_form;
mod return_request;
mod sign_up;

use std::collections::BTreeMap;

use crate::messages::Message;

pub use address_book::address_deletion;
pub use address_form::{
    ADDRESS_DETAILS_MAX_CHARS, ADDRESS_NAME_MAX_CHARS, ADDRESS_SHORT_MAX_CHARS, AddressForm,
    DEFAULT_COUNTRY_CODE, store_country_code, validate_address_form,
};
pub use checkout::{address_chosen, location_chosen, privacy_terms_accepted};
pub use date_picker::{YEAR_OPTIONS, year_options};
pub(crate) use digits::ascii_digit;
pub use digits::normalize_digits;
pub use email::{EMAIL_FORMAT_EXAMPLE, email, email_format, is_email};
pub use field_rule::{Choice, FieldRule};
pub use fields::{
    field_required, greater_than_zero, is_web_url, max_length, min_length, only_numbers, required,
    url,
};
pub use forms::FormInput;
pub use image_upload::{
    ACCEPTED_IMAGE_TYPES, ImageLimits, MAX_IMAGE_BYTES, image_file, image_limits,
    image_size_allowed,
};
pub use otp::{
    OtpBoxes, OtpEdit, OtpEntry, backspace, edit, is_complete, otp_code, paste, type_char,
};
pub use password::{PASSWORD_MIN_CHARS, password, passwords_match};
pub use payment_card::{
    CARD_NUMBER_DIGITS, CVV_DIGITS, EXPIRY_YEAR_DIGITS, card_number, card_number_checksum, cvv,
    expiry_month, expiry_year,
};
pub use phone::{
    PhoneCheck, PhoneKind, PhoneNumber, PhonePurpose, check_phone, login_can_submit, login_mobile,
    parse_phone, phone,
};
pub use price_range::{OpenPriceRange, PriceRange, clamp_price_range, order_price_range};
pub use profile_form::{
    Birthdate, BirthdateDropdowns, BirthdateParts, PROFILE_NAME_MAX_CHARS, PROFILE_TEXT_MAX_CHARS,
    ProfileForm, birthdate_allowed, birthdate_days_in, birthdate_dropdowns, join_birthdate,
    split_birthdate, validate_profile_form,
};
pub use return_request::{
    RETURN_COMMENT_MAX_CHARS, RefundMethod, ReturnItem, ReturnRequestForm, validate_return_request,
};
pub use sign_up::{SignUpForm, sign_up_can_submit, terms_accepted, validate_sign_up};

/// Each invalid field's first message, keyed by field name or path
/// (`email`, `items.0.comment`), in key order.
pub type FieldErrors = BTreeMap<String, Message>;

/// A form's errors from its checks, one per field: the failing ones' messages.
fn errors_of<const N: usize>(checks: [(&str, Result<(), Message>); N]) -> FieldErrors {
    checks
        .into_iter()
        .filter_map(|(field, result)| result.err().map(|message| (field.to_owned(), message)))
        .collect()
}

#[cfg(feature = "ts")]
pub(crate) fn register_typescript(d: &mut crate::typescript::Declarations) {
    d.add::<FieldRule>()
        .add::<Choice>()
        .add::<FormInput>()
        .add::<PhoneKind>()
        .add::<PhoneNumber>()
        .add::<PhoneCheck>()
        .add::<PhonePurpose>()
        .add::<OtpBoxes>()
        .add::<OtpEdit>()
        .add::<OtpEntry>()
        .add::<SignUpForm>()
        .add::<RefundMethod>()
        .add::<ReturnItem>()
        .add::<ReturnRequestForm>()
        .add::<PriceRange>()
        .add::<OpenPriceRange>()
        .add::<AddressForm>()
        .add::<BirthdateParts>()
        .add::<Birthdate>()
        .add::<BirthdateDropdowns>()
        .add::<ProfileForm>()
        .add::<ImageLimits>();
}
