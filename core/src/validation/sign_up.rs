//! The sign-up form (spec 5): name required ('Required'), a valid e-mail ('Invalid
//! email'), terms accepted ('Required'), referral code optional; submit enabled only
//! when the form is valid and changed.

use serde::{Deserialize, Serialize};

use crate::messages::{Message, MessageId};

use super::FieldErrors;
use super::email::email;
use super::fields::{max_length, required};
use super::profile_form::{PROFILE_NAME_MAX_CHARS, PROFILE_TEXT_MAX_CHARS};

/// The sign-up form's values, with the registration payload's field names. Missing
/// fields read as empty.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(default)]
pub struct SignUpForm {
    pub name: String,
    pub email: String,
    pub referral_code: String,
    #[serde(rename = "acceptTerms")]
    pub accept_terms: bool,
}

/// 'Required' until the terms are accepted.
pub fn terms_accepted(accepted: bool) -> Result<(), Message> {
    if accepted {
        Ok(())
    } else {
        Err(MessageId::Required.into())
    }
}

/// Every field's first error, keyed by field name (`name`, `email`, `acceptTerms`);
/// the server's registrations (`register-by-otp`, `register`) check with it too.
/// A blank e-mail is 'Invalid email' too: spec 5 gives the field that one message.
pub fn validate_sign_up(form: &SignUpForm) -> FieldErrors {
    // The lengths are the profile's (the same columns), so the server refuses with this
    // table what the form refuses.
    let checks = [
        (
            "name",
            required(&form.name)
                .and_then(|()| max_length(form.name.trim(), PROFILE_NAME_MAX_CHARS)),
        ),
        (
            "email",
            required(&form.email)
                .map_err(|_| Message::from(MessageId::InvalidEmail))
                .and_then(|()| email(&form.email))
                .and_then(|()| max_length(form.email.trim(), PROFILE_TEXT_MAX_CHARS)),
        ),
        ("acceptTerms", terms_accepted(form.accept_terms)),
    ];
    super::errors_of(checks)
}

/// Submit is enabled only when the form is valid and differs from its initial values.
pub fn sign_up_can_submit(current: &SignUpForm, initial: &SignUpForm) -> bool {
    current != initial && validate_sign_up(current).is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn filled() -> SignUpForm {
        SignUpForm {
            name: "Mona Adel".into(),
            email: "mona@example.com".into(),
            referral_code: String::new(),
            accept_terms: true,
        }
    }

    fn english(errors: &FieldErrors) -> Vec<(String, String)> {
        errors
            .iter()
            .map(|(k, m)| (k.clone(), m.english()))
            .collect()
    }

    #[test]
    fn a_complete_form_has_no_errors() {
        assert!(validate_sign_up(&filled()).is_empty());
        let with_code = SignUpForm {
            referral_code: "FRIEND10".into(),
            ..filled()
        };
        assert!(validate_sign_up(&with_code).is_empty());
    }

    #[test]
    fn every_field_reports_its_message() {
        let errors = validate_sign_up(&SignUpForm::default());
        assert_eq!(
            english(&errors),
            vec![
                ("acceptTerms".to_owned(), "Required".to_owned()),
                ("email".to_owned(), "Invalid email".to_owned()),
                ("name".to_owned(), "Required".to_owned()),
            ]
        );
        let blank_email = SignUpForm {
            email: "   ".into(),
            ..filled()
        };
        assert_eq!(
            english(&validate_sign_up(&blank_email)),
            vec![("email".to_owned(), "Invalid email".to_owned())]
        );
        let bad_email = SignUpForm {
            email: "mona@".into(),
            ..filled()
        };
        assert_eq!(
            english(&validate_sign_up(&bad_email)),
            vec![("email".to_owned(), "Invalid email".to_owned())]
        );
        let blank_name = SignUpForm {
            name: "   ".into(),
            ..filled()
        };
        assert_eq!(
            english(&validate_sign_up(&blank_name)),
            vec![("name".to_owned(), "Required".to_owned())]
        );
        let long = SignUpForm {
            name: "م".repeat(101),
            // 191 characters in labels of 60 (each label may have 63).
            email: format!(
                "mona@{}com",
                format!("{}.", "abcdefghij".repeat(6)).repeat(3)
            ),
            ..filled()
        };
        assert_eq!(
            english(&validate_sign_up(&long)),
            vec![
                (
                    "email".to_owned(),
                    "Too long! The maximum character is 190".to_owned()
                ),
                (
                    "name".to_owned(),
                    "Too long! The maximum character is 100".to_owned()
                ),
            ]
        );
    }

    #[test]
    fn submit_needs_a_valid_and_changed_form() {
        let initial = SignUpForm::default();
        assert!(!sign_up_can_submit(&initial, &initial));
        assert!(sign_up_can_submit(&filled(), &initial));
        assert!(!sign_up_can_submit(&filled(), &filled()));
        let not_accepted = SignUpForm {
            accept_terms: false,
            ..filled()
        };
        assert!(!sign_up_can_submit(&not_accepted, &initial));
    }

    #[test]
    fn reads_the_payload_field_names_leniently() {
        let form: SignUpForm =
            serde_json::from_value(serde_json::json!({"name": "Ali", "acceptTerms": true}))
                .unwrap();
        assert_eq!(
            form,
            SignUpForm {
                name: "Ali".into(),
                accept_terms: true,
                ..SignUpForm::default()
            }
        );
    }
}
