//! The vocabulary of sign-in (spec 3, 4): channels, modals, the registration payload.

use serde::{Deserialize, Serialize};

/// How a one-time code is delivered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum Channel {
    Sms,
    Whatsapp,
}

/// The modals whose state is remembered across reloads (spec 4), with their stored
/// names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Modal {
    #[serde(rename = "signIn")]
    SignIn,
    #[serde(rename = "verifyOtp")]
    VerifyOtp,
    #[serde(rename = "register")]
    Register,
    #[serde(rename = "pickAddress")]
    PickAddress,
}

impl Modal {
    pub const ALL: [Modal; 4] = [
        Modal::SignIn,
        Modal::VerifyOtp,
        Modal::Register,
        Modal::PickAddress,
    ];

    /// The name stored under the modal-status key.
    pub fn as_str(self) -> &'static str {
        match self {
            Modal::SignIn => "signIn",
            Modal::VerifyOtp => "verifyOtp",
            Modal::Register => "register",
            Modal::PickAddress => "pickAddress",
        }
    }

    pub fn parse(name: &str) -> Option<Modal> {
        Modal::ALL.into_iter().find(|m| m.as_str() == name)
    }
}

/// `POST /user/register-by-otp` payload (spec 3).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Registration {
    pub name: String,
    pub email: String,
    #[serde(default)]
    pub referral_code: String,
    #[serde(rename = "acceptTerms")]
    pub accept_terms: bool,
    /// Always `"user"`.
    #[serde(default = "user_role")]
    pub user_register: String,
    pub mobile: String,
    pub code: String,
}

/// Payload of the requests that take only an e-mail: asking for an e-mail sign-in code
/// and `POST /user/forget-password` (spec 7).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct EmailAddress {
    pub email: String,
}

/// `POST /user/email/verify` payload: the e-mail and the one-time code sent to it (the
/// spec does not show it; this is what the reference server takes).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct EmailCode {
    pub email: String,
    pub code: String,
}

/// `POST /user/password/reset` payload: the code sent to the e-mail and the new
/// password entered twice (spec 5, 7).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PasswordReset {
    pub email: String,
    pub code: String,
    pub password: String,
    pub password_confirmation: String,
}

fn user_role() -> String {
    "user".to_owned()
}

#[cfg(feature = "ts")]
pub(crate) fn register_typescript(d: &mut crate::typescript::Declarations) {
    d.add::<Channel>()
        .add::<Modal>()
        .add::<Registration>()
        .add::<EmailAddress>()
        .add::<EmailCode>()
        .add::<PasswordReset>();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn modal_names_round_trip() {
        for modal in Modal::ALL {
            assert_eq!(Modal::parse(modal.as_str()), Some(modal));
            assert_eq!(serde_json::to_value(modal).unwrap(), modal.as_str());
        }
        assert_eq!(Modal::parse("checkout"), None);
    }

    #[test]
    fn registration_has_the_spec_field_names() {
        let payload = Registration {
            name: "Mona".into(),
            email: "mona@example.com".into(),
            referral_code: String::new(),
            accept_terms: true,
            user_register: "user".into(),
            mobile: "+201001234567".into(),
            code: "1234".into(),
        };
        let json = serde_json::to_value(&payload).unwrap();
        assert_eq!(json["acceptTerms"], true);
        assert_eq!(json["user_register"], "user");
        assert_eq!(json["referral_code"], "");
    }

    #[test]
    fn password_reset_has_the_server_field_names() {
        let payload = PasswordReset {
            email: "mona@example.com".into(),
            code: "1234".into(),
            password: "Aa123456!".into(),
            password_confirmation: "Aa123456!".into(),
        };
        let json = serde_json::to_value(&payload).unwrap();
        assert_eq!(json["password_confirmation"], "Aa123456!");
        let back: EmailCode =
            serde_json::from_value(serde_json::json!({"email": "a@b.co", "code": "9876"})).unwrap();
        assert_eq!(back.code, "9876");
    }
}
