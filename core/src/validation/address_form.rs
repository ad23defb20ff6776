//! The address form (spec 3, 5): a name and a contact name (required), a phone number
//! valid for the store's country (required), the street address (required), and
//! optional country, region, city, building number, floor, apartment number and a
//! numeric postal code; each no longer than the API keeps. The map point is checked
//! apart ([`super::location_chosen`]).

use serde::{Deserialize, Serialize};

use crate::messages::Message;

use super::FieldErrors;
use super::fields::{field_required, max_length, only_numbers};
use super::phone::phone;

/// Longest address name, contact name, country, region and city (characters).
pub const ADDRESS_NAME_MAX_CHARS: usize = 100;
/// Longest street address.
pub const ADDRESS_DETAILS_MAX_CHARS: usize = 255;
/// Longest building number, floor, apartment number and postal code.
pub const ADDRESS_SHORT_MAX_CHARS: usize = 20;
/// The store's country when the remote config names none (ISO 3166 code).
pub const DEFAULT_COUNTRY_CODE: &str = "EG";

/// The store's country: the remote config's `default_country_code` when it is a
/// two-letter code (upper-cased), else [`DEFAULT_COUNTRY_CODE`].
pub fn store_country_code(configured: Option<&str>) -> String {
    match configured.map(str::trim) {
        Some(code) if code.len() == 2 && code.bytes().all(|b| b.is_ascii_alphabetic()) => {
            code.to_ascii_uppercase()
        }
        _ => DEFAULT_COUNTRY_CODE.to_owned(),
    }
}

/// The address form's text fields, with the API's names. Missing fields read as empty.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(default)]
pub struct AddressForm {
    pub name: String,
    pub contact_name: String,
    pub phone: String,
    pub country: String,
    pub region: String,
    pub city: String,
    pub address_details: String,
    pub building_number: String,
    pub floor: String,
    pub apartment_number: String,
    pub postal_code: String,
}

/// Each field's first error, keyed by field name; `country` is the store's (for the
/// phone number). Values are trimmed before their length is counted.
pub fn validate_address_form(form: &AddressForm, country: &str) -> FieldErrors {
    let required = |value: &str, max: usize| {
        field_required(value).and_then(|()| max_length(value.trim(), max))
    };
    let optional = |value: &str, max: usize| max_length(value.trim(), max);
    let postal = form.postal_code.trim();
    let checks: [(&str, Result<(), Message>); 11] = [
        ("name", required(&form.name, ADDRESS_NAME_MAX_CHARS)),
        (
            "contact_name",
            required(&form.contact_name, ADDRESS_NAME_MAX_CHARS),
        ),
        (
            "phone",
            field_required(&form.phone).and_then(|()| phone(&form.phone, country)),
        ),
        ("country", optional(&form.country, ADDRESS_NAME_MAX_CHARS)),
        ("region", optional(&form.region, ADDRESS_NAME_MAX_CHARS)),
        ("city", optional(&form.city, ADDRESS_NAME_MAX_CHARS)),
        (
            "address_details",
            required(&form.address_details, ADDRESS_DETAILS_MAX_CHARS),
        ),
        (
            "building_number",
            optional(&form.building_number, ADDRESS_SHORT_MAX_CHARS),
        ),
        ("floor", optional(&form.floor, ADDRESS_SHORT_MAX_CHARS)),
        (
            "apartment_number",
            optional(&form.apartment_number, ADDRESS_SHORT_MAX_CHARS),
        ),
        (
            "postal_code",
            only_numbers(postal).and_then(|()| max_length(postal, ADDRESS_SHORT_MAX_CHARS)),
        ),
    ];
    super::errors_of(checks)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::locale::Language;

    fn filled() -> AddressForm {
        AddressForm {
            name: "Home".into(),
            contact_name: "Mona Adel".into(),
            phone: "010 1234 5678".into(),
            address_details: "12 Nile St".into(),
            ..AddressForm::default()
        }
    }

    fn english(errors: &FieldErrors) -> Vec<(String, String)> {
        errors
            .iter()
            .map(|(field, message)| (field.clone(), message.render(Language::En)))
            .collect()
    }

    #[test]
    fn a_filled_form_is_valid_and_an_empty_one_names_its_required_fields() {
        assert!(validate_address_form(&filled(), "EG").is_empty());
        let errors = validate_address_form(&AddressForm::default(), "EG");
        assert_eq!(
            errors.keys().collect::<Vec<_>>(),
            ["address_details", "contact_name", "name", "phone"]
        );
        assert_eq!(
            errors["name"].render(Language::En),
            "This field is required"
        );
    }

    #[test]
    fn lengths_are_the_api_s_in_characters_after_trimming() {
        let at_limit = AddressForm {
            name: format!("  {}  ", "ب".repeat(ADDRESS_NAME_MAX_CHARS)),
            address_details: "x".repeat(ADDRESS_DETAILS_MAX_CHARS),
            floor: "1".repeat(ADDRESS_SHORT_MAX_CHARS),
            ..filled()
        };
        assert!(validate_address_form(&at_limit, "EG").is_empty());
        let over = AddressForm {
            name: "n".repeat(ADDRESS_NAME_MAX_CHARS + 1),
            city: "c".repeat(ADDRESS_NAME_MAX_CHARS + 1),
            address_details: "x".repeat(ADDRESS_DETAILS_MAX_CHARS + 1),
            apartment_number: "1".repeat(ADDRESS_SHORT_MAX_CHARS + 1),
            ..filled()
        };
        assert_eq!(
            english(&validate_address_form(&over, "EG")),
            [
                (
                    "address_details".to_owned(),
                    "Too long! The maximum character is 255".to_owned()
                ),
                (
                    "apartment_number".to_owned(),
                    "Too long! The maximum character is 20".to_owned()
                ),
                (
                    "city".to_owned(),
                    "Too long! The maximum character is 100".to_owned()
                ),
                (
                    "name".to_owned(),
                    "Too long! The maximum character is 100".to_owned()
                ),
            ]
        );
    }

    #[test]
    fn the_phone_is_the_store_country_s_and_the_postal_code_digits() {
        let form = AddressForm {
            phone: "12".into(),
            postal_code: "11A".into(),
            ..filled()
        };
        let errors = validate_address_form(&form, "EG");
        assert_eq!(errors.keys().collect::<Vec<_>>(), ["phone", "postal_code"]);
        let blank_postal = AddressForm {
            postal_code: "  ".into(),
            ..filled()
        };
        assert!(validate_address_form(&blank_postal, "EG").is_empty());
    }

    #[test]
    fn the_store_country_is_a_two_letter_code_else_egypt() {
        assert_eq!(store_country_code(Some(" sa ")), "SA");
        assert_eq!(store_country_code(Some("EGY")), "EG");
        assert_eq!(store_country_code(Some("+20")), "EG");
        assert_eq!(store_country_code(Some("")), "EG");
        assert_eq!(store_country_code(None), "EG");
    }
}
