//! Reading the validation vocabulary's tagged values by hand.
//!
//! `FieldRule`, `Choice`, `FormInput` and `OtpEdit` are internally tagged in the core
//! (`{"rule": "min_length", "min": 3}`). Serde's reader for such an enum buffers the
//! value in its `Content` tree and compiles every type inside a second time
//! (`cart_read.rs`), and even an externally tagged mirror compiles a visitor per variant:
//! the first version of these functions, read through mirrors, made the whole core 7 KB
//! gzip larger than the 45 functions they replace. Here the JSON value (as every argument
//! is read, `convert::from_js`) is taken apart by its tag and fields, and only the forms'
//! values go through their derived readers, which the core had compiled already. The
//! tests below check that these readers and the core's serde readers agree.

use serde::de::DeserializeOwned;
use serde_json::{Map, Value};
use storefront_core::location::LatLng;
use storefront_core::validation::{
    AddressForm, Choice, FieldRule, FormInput, OtpEdit, ProfileForm, ReturnRequestForm, SignUpForm,
};
use wasm_bindgen::JsValue;

use crate::convert::{ErrorKind, core_error, from_js};

/// A JS value of one of the core's tagged types, read by `read`.
fn read_js<T>(
    value: JsValue,
    parameter: &str,
    read: fn(&Value) -> Result<T, String>,
) -> Result<T, JsValue> {
    let value: Value = from_js(value, parameter)?;
    read(&value).map_err(|e| core_error(ErrorKind::InvalidArgument, format!("{parameter}: {e}")))
}

/// A field rule (`{"rule": "required"}`).
pub(crate) fn field_rule(value: JsValue, parameter: &str) -> Result<FieldRule, JsValue> {
    read_js(value, parameter, read_field_rule)
}

/// A choice (`{"choice": "address", "address_id": 4}`).
#[cfg(feature = "rest")]
pub(crate) fn choice(value: JsValue, parameter: &str) -> Result<Choice, JsValue> {
    read_js(value, parameter, read_choice)
}

/// A form and its values (`{"form": "sign_up", "values": {…}}`).
#[cfg(feature = "rest")]
pub(crate) fn form_input(value: JsValue, parameter: &str) -> Result<FormInput, JsValue> {
    read_js(value, parameter, read_form_input)
}

/// An edit of the code boxes (`{"edit": "type", "index": 0, "typed": "4"}`).
#[cfg(feature = "rest")]
pub(crate) fn otp_edit(value: JsValue, parameter: &str) -> Result<OtpEdit, JsValue> {
    read_js(value, parameter, read_otp_edit)
}

/// An object's fields and the name under its `tag`.
fn tagged<'a>(value: &'a Value, tag: &str) -> Result<(&'a str, &'a Map<String, Value>), String> {
    let fields = value
        .as_object()
        .ok_or_else(|| format!("expected an object with a `{tag}`"))?;
    match fields.get(tag) {
        Some(Value::String(name)) => Ok((name, fields)),
        Some(_) => Err(format!("`{tag}` is not a name")),
        None => Err(format!("missing `{tag}`")),
    }
}

fn unknown(tag: &str, name: &str) -> String {
    format!("unknown {tag} `{name}`")
}

/// A field that must be there (`undefined` fields never cross: JSON leaves them out).
fn required<'a>(fields: &'a Map<String, Value>, name: &str) -> Result<&'a Value, String> {
    fields
        .get(name)
        .ok_or_else(|| format!("missing field `{name}`"))
}

/// A whole, non-negative number.
fn count(fields: &Map<String, Value>, name: &str) -> Result<usize, String> {
    required(fields, name)?
        .as_u64()
        .and_then(|n| usize::try_from(n).ok())
        .ok_or_else(|| format!("`{name}`: expected a whole number"))
}

fn text(fields: &Map<String, Value>, name: &str) -> Result<String, String> {
    required(fields, name)?
        .as_str()
        .map(str::to_owned)
        .ok_or_else(|| format!("`{name}`: expected text"))
}

fn flag(fields: &Map<String, Value>, name: &str) -> Result<bool, String> {
    required(fields, name)?
        .as_bool()
        .ok_or_else(|| format!("`{name}`: expected a boolean"))
}

/// `null` or missing is `None`.
fn optional<'a>(fields: &'a Map<String, Value>, name: &str) -> Option<&'a Value> {
    fields.get(name).filter(|value| !value.is_null())
}

/// A value of one of the core's derived readers, over an owned `Value` as `from_js`
/// reads (a reader over `&Value` would be compiled a second time).
fn derived<T: DeserializeOwned>(value: &Value, name: &str) -> Result<T, String> {
    T::deserialize(value.clone()).map_err(|e| format!("`{name}`: {e}"))
}

fn read_field_rule(value: &Value) -> Result<FieldRule, String> {
    let (name, fields) = tagged(value, "rule")?;
    Ok(match name {
        "required" => FieldRule::Required,
        "field_required" => FieldRule::FieldRequired,
        "min_length" => FieldRule::MinLength {
            min: count(fields, "min")?,
        },
        "max_length" => FieldRule::MaxLength {
            max: count(fields, "max")?,
        },
        "only_numbers" => FieldRule::OnlyNumbers,
        "url" => FieldRule::Url,
        "greater_than_zero" => FieldRule::GreaterThanZero,
        "email" => FieldRule::Email,
        "email_format" => FieldRule::EmailFormat,
        "password" => FieldRule::Password,
        "passwords_match" => FieldRule::PasswordsMatch {
            password: text(fields, "password")?,
        },
        "card_number" => FieldRule::CardNumber,
        "cvv" => FieldRule::Cvv,
        "expiry_year" => FieldRule::ExpiryYear,
        "image_file" => FieldRule::ImageFile,
        "review_rating" => FieldRule::ReviewRating,
        "review_comment" => FieldRule::ReviewComment,
        other => return Err(unknown("rule", other)),
    })
}

fn read_choice(value: &Value) -> Result<Choice, String> {
    let (name, fields) = tagged(value, "choice")?;
    Ok(match name {
        "terms_accepted" => Choice::TermsAccepted {
            accepted: flag(fields, "accepted")?,
        },
        "privacy_terms_accepted" => Choice::PrivacyTermsAccepted {
            accepted: flag(fields, "accepted")?,
        },
        "address" => Choice::Address {
            address_id: match optional(fields, "address_id") {
                None => None,
                Some(id) => Some(id.as_u64().ok_or("`address_id`: expected a whole number")?),
            },
        },
        "location" => Choice::Location {
            location: match optional(fields, "location") {
                None => None,
                Some(point) => Some(derived::<LatLng>(point, "location")?),
            },
        },
        "address_deletion" => Choice::AddressDeletion {
            is_default: flag(fields, "is_default")?,
        },
        other => return Err(unknown("choice", other)),
    })
}

fn read_form_input(value: &Value) -> Result<FormInput, String> {
    let (name, fields) = tagged(value, "form")?;
    let values = || required(fields, "values");
    Ok(match name {
        "sign_up" => FormInput::SignUp {
            values: derived::<SignUpForm>(values()?, "values")?,
        },
        "return_request" => FormInput::ReturnRequest {
            values: derived::<ReturnRequestForm>(values()?, "values")?,
        },
        "address" => FormInput::Address {
            values: derived::<AddressForm>(values()?, "values")?,
            country: text(fields, "country")?,
        },
        "profile" => FormInput::Profile {
            values: derived::<ProfileForm>(values()?, "values")?,
        },
        other => return Err(unknown("form", other)),
    })
}

fn read_otp_edit(value: &Value) -> Result<OtpEdit, String> {
    let (name, fields) = tagged(value, "edit")?;
    let index = count(fields, "index")?;
    Ok(match name {
        "type" => {
            let typed = text(fields, "typed")?;
            let mut chars = typed.chars();
            match (chars.next(), chars.next()) {
                (Some(typed), None) => OtpEdit::Type { index, typed },
                _ => return Err("`typed`: expected one character".to_owned()),
            }
        }
        "backspace" => OtpEdit::Backspace { index },
        "paste" => OtpEdit::Paste {
            index,
            text: text(fields, "text")?,
        },
        other => return Err(unknown("edit", other)),
    })
}

#[cfg(test)]
mod tests {
    use serde::Serialize;
    use serde_json::json;

    use super::*;

    /// Each value, written by the core, reads back the same through `read`.
    fn round_trip<T: Serialize + PartialEq + std::fmt::Debug>(
        values: Vec<T>,
        read: fn(&Value) -> Result<T, String>,
    ) {
        for value in values {
            let json = serde_json::to_value(&value).unwrap();
            assert_eq!(read(&json).as_ref(), Ok(&value), "{json}");
        }
    }

    /// The core's serde reader and `read` both take `json` to the same value, or both
    /// refuse it.
    fn agree<T: DeserializeOwned + PartialEq + std::fmt::Debug>(
        json: Value,
        read: fn(&Value) -> Result<T, String>,
    ) {
        let core = serde_json::from_value::<T>(json.clone()).ok();
        assert_eq!(read(&json).ok(), core, "{json}");
    }

    #[test]
    fn field_rules_read_alike() {
        let rules = vec![
            FieldRule::Required,
            FieldRule::FieldRequired,
            FieldRule::MinLength { min: 3 },
            FieldRule::MaxLength { max: 200 },
            FieldRule::OnlyNumbers,
            FieldRule::Url,
            FieldRule::GreaterThanZero,
            FieldRule::Email,
            FieldRule::EmailFormat,
            FieldRule::Password,
            FieldRule::PasswordsMatch {
                password: "Aa12345!".into(),
            },
            FieldRule::CardNumber,
            FieldRule::Cvv,
            FieldRule::ExpiryYear,
            FieldRule::ImageFile,
            FieldRule::ReviewRating,
            FieldRule::ReviewComment,
        ];
        round_trip(rules, read_field_rule);
        for json in [
            json!({"rule": "required", "hint": "ignored"}),
            json!({"rule": "min_length"}),
            json!({"rule": "min_length", "min": -1}),
            json!({"rule": "min_length", "min": 1.5}),
            json!({"rule": "min_length", "min": "3"}),
            json!({"rule": "passwords_match", "password": null}),
            json!({"rule": "shout"}),
            json!({"rule": 3}),
            json!({"min": 3}),
            json!("required"),
            json!(null),
        ] {
            agree(json, read_field_rule);
        }
    }

    #[test]
    fn choices_read_alike() {
        let choices = vec![
            Choice::TermsAccepted { accepted: true },
            Choice::PrivacyTermsAccepted { accepted: false },
            Choice::Address { address_id: None },
            Choice::Address {
                address_id: Some(4),
            },
            Choice::Location { location: None },
            Choice::Location {
                location: Some(LatLng {
                    lat: 30.0444,
                    lng: 31.2357,
                }),
            },
            Choice::AddressDeletion { is_default: true },
        ];
        round_trip(choices, read_choice);
        for json in [
            json!({"choice": "address"}),
            json!({"choice": "address", "address_id": "four"}),
            json!({"choice": "address", "address_id": -4}),
            json!({"choice": "location"}),
            json!({"choice": "location", "location": {"lat": 1}}),
            json!({"choice": "location", "location": {"lat": 1, "lng": 2.5}}),
            json!({"choice": "terms_accepted"}),
            json!({"choice": "terms_accepted", "accepted": 1}),
            json!({"choice": "colour", "accepted": true}),
        ] {
            agree(json, read_choice);
        }
    }

    #[test]
    fn forms_read_alike() {
        let forms = vec![
            FormInput::SignUp {
                values: SignUpForm {
                    name: "Mona".into(),
                    accept_terms: true,
                    ..SignUpForm::default()
                },
            },
            FormInput::ReturnRequest {
                values: ReturnRequestForm::default(),
            },
            FormInput::Address {
                values: AddressForm {
                    phone: "010".into(),
                    ..AddressForm::default()
                },
                country: "EG".into(),
            },
            FormInput::Profile {
                values: ProfileForm {
                    month: "2".into(),
                    ..ProfileForm::default()
                },
            },
        ];
        round_trip(forms, read_form_input);
        for json in [
            json!({"form": "sign_up", "values": {}}),
            json!({"form": "sign_up"}),
            json!({"form": "profile", "values": {"name": "Mona", "gender": "female"}}),
            json!({"form": "profile", "values": 3}),
            json!({"form": "address", "values": {}}),
            json!({"form": "address", "values": {}, "country": 20}),
            json!({"form": "return_request", "values": {"items": [{"quantity": -1}]}}),
            json!({"form": "survey", "values": {}}),
        ] {
            agree(json, read_form_input);
        }
    }

    #[test]
    fn otp_edits_read_alike() {
        let edits = vec![
            OtpEdit::Type {
                index: 1,
                typed: '٣',
            },
            OtpEdit::Backspace { index: 0 },
            OtpEdit::Paste {
                index: 2,
                text: "Your code is 1234".into(),
            },
        ];
        round_trip(edits, read_otp_edit);
        for json in [
            json!({"edit": "type", "index": 0, "typed": "12"}),
            json!({"edit": "type", "index": 0, "typed": ""}),
            json!({"edit": "type", "index": 0}),
            json!({"edit": "backspace"}),
            json!({"edit": "backspace", "index": -1}),
            json!({"edit": "paste", "index": 0, "text": 1234}),
            json!({"edit": "undo", "index": 0}),
        ] {
            agree(json, read_otp_edit);
        }
    }
}
