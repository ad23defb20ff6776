//! The single-field rules by name (issue 37): a [`FieldRule`] names one text rule and
//! its parameters, a [`Choice`] one rule of a form's non-text state (a checkbox, a
//! chosen address or point, the address to delete). A client that checks fields
//! through one entry point (the bindings' `checkField` and `checkChoice`) passes these;
//! each only dispatches to the rule function of the same name, which stays the rule.

use serde::{Deserialize, Serialize};

use crate::location::LatLng;
use crate::messages::Message;
use crate::reviews::{rating, review_comment_with};
use crate::text::Graphemes;

use super::{
    address_chosen, address_deletion, card_number, cvv, email, email_format, expiry_year,
    field_required, greater_than_zero, image_file, location_chosen, max_length, min_length,
    only_numbers, password, passwords_match, privacy_terms_accepted, required, terms_accepted, url,
};

/// One rule of a text field, with its parameters: `{"rule": "required"}`,
/// `{"rule": "min_length", "min": 3}`, `{"rule": "passwords_match", "password": "…"}`.
/// Format rules pass on blank text (a required field puts `required` or
/// `field_required` first); lengths count characters.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "rule", rename_all = "snake_case")]
pub enum FieldRule {
    /// 'Required' for blank text (sign-up and login forms): [`required`].
    Required,
    /// 'This field is required' for blank text (the catalogue's wording):
    /// [`field_required`].
    FieldRequired,
    /// 'Too Short! The minimum character is {len}' for non-blank text shorter than
    /// `min` characters: [`min_length`].
    MinLength { min: usize },
    /// 'Too long! The maximum character is {len}' for text longer than `max`
    /// characters: [`max_length`].
    MaxLength { max: usize },
    /// 'Only number' unless all digits (ASCII or Arabic-Indic): [`only_numbers`].
    OnlyNumbers,
    /// 'Only URL' unless an `http(s)` URL with a host: [`url`].
    Url,
    /// 'Must be greater than 0' for a decimal at or below zero, 'Only number' for
    /// anything but a decimal: [`greater_than_zero`].
    GreaterThanZero,
    /// 'Invalid email' (sign-up): [`email`].
    Email,
    /// 'Email Format is wrong right format is example@domain.com' (catalogue):
    /// [`email_format`].
    EmailFormat,
    /// 'Use 8 or more characters with a mix of letters, numbers & symbols':
    /// [`password`].
    Password,
    /// 'Passwords must match' unless the text (the confirmation) is exactly
    /// `password`: [`passwords_match`].
    PasswordsMatch { password: String },
    /// 'Card number must be 16 digits' (spaces allowed): [`card_number`].
    CardNumber,
    /// 'CVV must be 3 digits': [`cvv`].
    Cvv,
    /// 'Year must be 2 digits' (the card's expiry year): [`expiry_year`].
    ExpiryYear,
    /// 'Only image files are allowed' unless the text, a file's MIME type, is PNG,
    /// JPEG, WebP or GIF: [`image_file`].
    ImageFile,
    /// A review's star rating as the form holds it, the number's text: blank is no
    /// rating ('Please choose a rating'), else 1 to 5 ([`rating`]).
    ReviewRating,
    /// A review's comment: at most 500 graphemes after trimming, no control
    /// character but a line break; blank passes ([`review_comment_with`]).
    ReviewComment,
}

impl FieldRule {
    /// The rule's message for `value`, or `Ok` when it passes; graphemes counted by
    /// the core's own segmentation.
    #[cfg(feature = "unicode-segmentation")]
    pub fn check(&self, value: &str) -> Result<(), Message> {
        self.check_with(value, &crate::text::UnicodeGraphemes)
    }

    /// [`FieldRule::check`] with `graphemes` counting the clusters of the rules that
    /// count them (a browser passes its own `Intl.Segmenter`).
    pub fn check_with(&self, value: &str, graphemes: &dyn Graphemes) -> Result<(), Message> {
        match self {
            FieldRule::Required => required(value),
            FieldRule::FieldRequired => field_required(value),
            FieldRule::MinLength { min } => min_length(value, *min),
            FieldRule::MaxLength { max } => max_length(value, *max),
            FieldRule::OnlyNumbers => only_numbers(value),
            FieldRule::Url => url(value),
            FieldRule::GreaterThanZero => greater_than_zero(value),
            FieldRule::Email => email(value),
            FieldRule::EmailFormat => email_format(value),
            FieldRule::Password => password(value),
            FieldRule::PasswordsMatch { password } => passwords_match(password, value),
            FieldRule::CardNumber => card_number(value),
            FieldRule::Cvv => cvv(value),
            FieldRule::ExpiryYear => expiry_year(value),
            FieldRule::ImageFile => image_file(value),
            FieldRule::ReviewRating => review_rating(value),
            FieldRule::ReviewComment => review_comment_with(value, graphemes).map(|_| ()),
        }
    }
}

/// The rating in a form's text: none when blank, a number of stars else (anything
/// that is not a small whole number is out of range, as 0 or 6 are).
fn review_rating(value: &str) -> Result<(), Message> {
    let value = value.trim();
    let stars = if value.is_empty() {
        None
    } else {
        Some(value.parse::<u8>().unwrap_or(0))
    };
    rating(stars).map(|_| ())
}

/// A rule of a form's non-text state, with the state it checks:
/// `{"choice": "terms_accepted", "accepted": false}`,
/// `{"choice": "address", "address_id": null}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "choice", rename_all = "snake_case")]
pub enum Choice {
    /// The sign-up terms: 'Required' until accepted ([`terms_accepted`]).
    TermsAccepted { accepted: bool },
    /// Checkout's privacy policy and terms: 'Please accept the privacy policy and the
    /// terms and conditions' until accepted ([`privacy_terms_accepted`]).
    PrivacyTermsAccepted { accepted: bool },
    /// The delivery address: 'please choose an address' until one (a valid id) is
    /// chosen ([`address_chosen`]).
    Address { address_id: Option<u64> },
    /// The map point: 'please choose a location' until a point on the earth is chosen
    /// ([`location_chosen`]).
    Location { location: Option<LatLng> },
    /// Deleting an address: the default address cannot be deleted
    /// ([`address_deletion`]).
    AddressDeletion { is_default: bool },
}

impl Choice {
    /// The rule's message, or `Ok` when it passes.
    pub fn check(&self) -> Result<(), Message> {
        match self {
            Choice::TermsAccepted { accepted } => terms_accepted(*accepted),
            Choice::PrivacyTermsAccepted { accepted } => privacy_terms_accepted(*accepted),
            Choice::Address { address_id } => address_chosen(*address_id),
            Choice::Location { location } => location_chosen(location.as_ref()),
            Choice::AddressDeletion { is_default } => address_deletion(*is_default),
        }
    }
}

#[cfg(all(test, feature = "unicode-segmentation"))]
mod tests {
    use super::*;
    use crate::messages::MessageId;

    /// Every rule with a value it refuses, the rule function's own message for it, and
    /// a value it passes.
    fn every_rule() -> Vec<(FieldRule, &'static str, Result<(), Message>, &'static str)> {
        vec![
            (FieldRule::Required, " ", required(" "), "Mona"),
            (FieldRule::FieldRequired, "", field_required(""), "x"),
            (
                FieldRule::MinLength { min: 3 },
                "ab",
                min_length("ab", 3),
                "abc",
            ),
            (
                FieldRule::MaxLength { max: 3 },
                "سلام",
                max_length("سلام", 3),
                "سلا",
            ),
            (FieldRule::OnlyNumbers, "12a", only_numbers("12a"), "٠١٢"),
            (
                FieldRule::Url,
                "example.com",
                url("example.com"),
                "https://example.com",
            ),
            (
                FieldRule::GreaterThanZero,
                "0.00",
                greater_than_zero("0.00"),
                "0.01",
            ),
            (FieldRule::Email, "a@b", email("a@b"), "mona@example.com"),
            (
                FieldRule::EmailFormat,
                "a@b",
                email_format("a@b"),
                "mona@example.com",
            ),
            (
                FieldRule::Password,
                "Aa123456",
                password("Aa123456"),
                "Aa12345!",
            ),
            (
                FieldRule::PasswordsMatch {
                    password: "Aa12345!".to_owned(),
                },
                "Aa12345?",
                passwords_match("Aa12345!", "Aa12345?"),
                "Aa12345!",
            ),
            (
                FieldRule::CardNumber,
                "4242",
                card_number("4242"),
                "4242 4242 4242 4242",
            ),
            (FieldRule::Cvv, "12", cvv("12"), "123"),
            (FieldRule::ExpiryYear, "2029", expiry_year("2029"), "29"),
            (
                FieldRule::ImageFile,
                "image/svg+xml",
                image_file("image/svg+xml"),
                "image/webp",
            ),
            (FieldRule::ReviewRating, "", rating(None).map(|_| ()), "4"),
            (
                FieldRule::ReviewComment,
                "x\u{7}",
                crate::reviews::review_comment("x\u{7}").map(|_| ()),
                "  Fresh 👍  ",
            ),
        ]
    }

    #[test]
    fn review_rules_are_the_review_rules() {
        for bad in ["0", "6", "x", "4.5", "-1", "300"] {
            assert_eq!(
                FieldRule::ReviewRating.check(bad),
                Err(MessageId::RatingOutOfRange.into()),
                "{bad}"
            );
        }
        for stars in 1..=5 {
            assert_eq!(FieldRule::ReviewRating.check(&stars.to_string()), Ok(()));
        }
        assert_eq!(
            FieldRule::ReviewRating.check(" "),
            Err(MessageId::RatingRequired.into())
        );
        // Counted in graphemes: 500 family emoji fit, 501 letters do not.
        let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}";
        assert_eq!(FieldRule::ReviewComment.check(&family.repeat(500)), Ok(()));
        assert_eq!(
            FieldRule::ReviewComment.check(&"a".repeat(501)),
            Err(Message::new(MessageId::ReviewCommentTooLong).with("len", 500))
        );
        assert_eq!(FieldRule::ReviewComment.check(""), Ok(()));
    }

    #[test]
    fn each_field_rule_is_its_rule_function() {
        for (rule, refused, expected, passed) in every_rule() {
            assert!(expected.is_err(), "{rule:?} refuses {refused:?}");
            assert_eq!(rule.check(refused), expected, "{rule:?}");
            assert_eq!(rule.check(passed), Ok(()), "{rule:?}");
        }
        assert_eq!(
            FieldRule::MinLength { min: 3 }.check("ab"),
            Err(Message::new(MessageId::TooShort).with("len", 3))
        );
    }

    #[test]
    fn field_rules_cross_as_tagged_objects() {
        let read = |json: &str| serde_json::from_str::<FieldRule>(json).unwrap();
        assert_eq!(read(r#"{"rule": "required"}"#), FieldRule::Required);
        assert_eq!(
            read(r#"{"rule": "min_length", "min": 3}"#),
            FieldRule::MinLength { min: 3 }
        );
        assert_eq!(
            read(r#"{"rule": "passwords_match", "password": "x"}"#),
            FieldRule::PasswordsMatch {
                password: "x".to_owned()
            }
        );
        // Every rule writes and reads back the same.
        for (rule, ..) in every_rule() {
            let json = serde_json::to_string(&rule).unwrap();
            assert_eq!(serde_json::from_str::<FieldRule>(&json).unwrap(), rule);
        }
        assert!(serde_json::from_str::<FieldRule>(r#"{"rule": "max_length"}"#).is_err());
        assert!(serde_json::from_str::<FieldRule>(r#"{"rule": "shout"}"#).is_err());
    }

    #[test]
    fn each_choice_is_its_rule_function() {
        let cairo = LatLng {
            lat: 30.0444,
            lng: 31.2357,
        };
        let cases = [
            (
                Choice::TermsAccepted { accepted: false },
                terms_accepted(false),
            ),
            (Choice::TermsAccepted { accepted: true }, Ok(())),
            (
                Choice::PrivacyTermsAccepted { accepted: false },
                privacy_terms_accepted(false),
            ),
            (Choice::PrivacyTermsAccepted { accepted: true }, Ok(())),
            (Choice::Address { address_id: None }, address_chosen(None)),
            (
                Choice::Address {
                    address_id: Some(0),
                },
                address_chosen(Some(0)),
            ),
            (
                Choice::Address {
                    address_id: Some(4),
                },
                Ok(()),
            ),
            (Choice::Location { location: None }, location_chosen(None)),
            (
                Choice::Location {
                    location: Some(cairo),
                },
                Ok(()),
            ),
            (
                Choice::AddressDeletion { is_default: true },
                address_deletion(true),
            ),
            (Choice::AddressDeletion { is_default: false }, Ok(())),
        ];
        for (choice, expected) in cases {
            assert_eq!(choice.check(), expected, "{choice:?}");
        }
        assert_eq!(
            Choice::Address { address_id: None }.check(),
            Err(MessageId::ChooseAnAddress.into())
        );
    }

    #[test]
    fn choices_cross_as_tagged_objects() {
        let read = |json: &str| serde_json::from_str::<Choice>(json).unwrap();
        assert_eq!(
            read(r#"{"choice": "privacy_terms_accepted", "accepted": true}"#),
            Choice::PrivacyTermsAccepted { accepted: true }
        );
        assert_eq!(
            read(r#"{"choice": "address", "address_id": null}"#),
            Choice::Address { address_id: None }
        );
        assert_eq!(
            read(r#"{"choice": "location", "location": {"lat": 1.5, "lng": 2}}"#),
            Choice::Location {
                location: Some(LatLng { lat: 1.5, lng: 2.0 })
            }
        );
        assert_eq!(
            read(r#"{"choice": "address_deletion", "is_default": false}"#),
            Choice::AddressDeletion { is_default: false }
        );
    }
}
