//! The form tables by name (issue 37): a [`FormInput`] names one of the forms whose
//! rules the core holds whole, with its values, and [`FormInput::errors`] dispatches to
//! that form's rule function.

use serde::{Deserialize, Serialize};

use super::{
    AddressForm, FieldErrors, ProfileForm, ReturnRequestForm, SignUpForm, validate_address_form,
    validate_profile_form, validate_return_request, validate_sign_up,
};

/// A form and its values: `{"form": "sign_up", "values": {…}}`. Its errors
/// ([`FormInput::errors`]) are each invalid field's first message; a form with none can
/// be submitted.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "form", rename_all = "snake_case")]
pub enum FormInput {
    /// Sign-up: `name`, `email`, `acceptTerms` ([`validate_sign_up`]). Its initial
    /// values (blank, terms not accepted) never pass, so a form without errors has
    /// changed too ([`super::sign_up_can_submit`]).
    SignUp { values: SignUpForm },
    /// A return request, keyed by path (`items.0.comment`, `refund_method`, …):
    /// [`validate_return_request`].
    ReturnRequest { values: ReturnRequestForm },
    /// An address: `name`, `contact_name`, `phone`, …, `postal_code`; `country` is the
    /// store's ([`super::store_country_code`]), for the phone number
    /// ([`validate_address_form`]).
    Address {
        values: AddressForm,
        country: String,
    },
    /// The profile: `name`, `email`, `company_name`, and `year` for a half-chosen
    /// birthdate ([`validate_profile_form`]).
    Profile { values: ProfileForm },
}

impl FormInput {
    /// Each invalid field's first message, keyed by field name or path.
    pub fn errors(&self) -> FieldErrors {
        match self {
            FormInput::SignUp { values } => validate_sign_up(values),
            FormInput::ReturnRequest { values } => validate_return_request(values),
            FormInput::Address { values, country } => validate_address_form(values, country),
            FormInput::Profile { values } => validate_profile_form(values),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::validation::sign_up_can_submit;

    fn read(json: &str) -> FormInput {
        serde_json::from_str(json).unwrap()
    }

    #[test]
    fn each_form_is_its_rule_function() {
        let sign_up = SignUpForm {
            name: "Mona".into(),
            email: "mona@".into(),
            ..SignUpForm::default()
        };
        let return_request = ReturnRequestForm::default();
        let address = AddressForm {
            name: "Home".into(),
            phone: "12".into(),
            postal_code: "11A".into(),
            ..AddressForm::default()
        };
        let profile = ProfileForm {
            name: "Mona".into(),
            month: "2".into(),
            ..ProfileForm::default()
        };
        let cases = [
            (
                FormInput::SignUp {
                    values: sign_up.clone(),
                },
                validate_sign_up(&sign_up),
            ),
            (
                FormInput::ReturnRequest {
                    values: return_request.clone(),
                },
                validate_return_request(&return_request),
            ),
            (
                FormInput::Address {
                    values: address.clone(),
                    country: "EG".into(),
                },
                validate_address_form(&address, "EG"),
            ),
            (
                FormInput::Profile {
                    values: profile.clone(),
                },
                validate_profile_form(&profile),
            ),
        ];
        for (form, expected) in cases {
            assert!(!expected.is_empty(), "{form:?}");
            assert_eq!(form.errors(), expected, "{form:?}");
        }
    }

    /// A sign-up form without errors is one that can be submitted: the blank initial
    /// form is never valid.
    #[test]
    fn a_sign_up_form_without_errors_can_be_submitted() {
        let initial = SignUpForm::default();
        let forms = [
            initial.clone(),
            SignUpForm {
                name: "Mona".into(),
                email: "mona@example.com".into(),
                ..SignUpForm::default()
            },
            SignUpForm {
                name: "Mona".into(),
                email: "mona@example.com".into(),
                referral_code: "FRIEND10".into(),
                accept_terms: true,
            },
        ];
        for values in forms {
            let can_submit = sign_up_can_submit(&values, &initial);
            let form = FormInput::SignUp { values };
            assert_eq!(form.errors().is_empty(), can_submit, "{form:?}");
        }
    }

    #[test]
    fn forms_cross_as_tagged_objects() {
        assert_eq!(
            read(r#"{"form": "sign_up", "values": {"name": "Mona", "acceptTerms": true}}"#),
            FormInput::SignUp {
                values: SignUpForm {
                    name: "Mona".into(),
                    accept_terms: true,
                    ..SignUpForm::default()
                }
            }
        );
        assert_eq!(
            read(r#"{"form": "address", "values": {"phone": "010"}, "country": "EG"}"#),
            FormInput::Address {
                values: AddressForm {
                    phone: "010".into(),
                    ..AddressForm::default()
                },
                country: "EG".into()
            }
        );
        assert_eq!(
            read(r#"{"form": "return_request", "values": {}}"#),
            FormInput::ReturnRequest {
                values: ReturnRequestForm::default()
            }
        );
        // The profile's values may carry fields the rules do not read (the gender).
        assert_eq!(
            read(r#"{"form": "profile", "values": {"name": "Mona", "gender": "female"}}"#),
            FormInput::Profile {
                values: ProfileForm {
                    name: "Mona".into(),
                    ..ProfileForm::default()
                }
            }
        );
        assert!(serde_json::from_str::<FormInput>(r#"{"form": "address", "values": {}}"#).is_err());
    }
}
