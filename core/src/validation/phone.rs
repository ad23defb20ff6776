//! The login phone field (spec 5): required, numeric ('Only number'), and a valid
//! international number ('Phone Number is Invalid') read with a default country from
//! remote config. What a person types is accepted: spaces, dashes, dots, parentheses,
//! a leading `+` or `00`, a national number with or without its trunk `0`, the
//! dialling code without `+`, Arabic-Indic digits and the direction marks an Arabic
//! page copies along. The result is the E.164 form (`+201012345678`).

use serde::{Deserialize, Serialize};

use crate::messages::{Message, MessageId};

use super::digits::ascii_digit;
use super::phone_countries::{self, Country};

/// Shortest and longest E.164 numbers, dialling code included, for codes outside the
/// table.
const E164_MIN_DIGITS: usize = 8;
const E164_MAX_DIGITS: usize = 15;

/// What kind of line a number is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum PhoneKind {
    Mobile,
    /// Not a mobile range of a country whose mobile ranges are known.
    Fixed,
    /// The country's mobiles cannot be told apart (NANP), or the country is not in the
    /// table.
    Unknown,
}

/// A valid phone number.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PhoneNumber {
    /// `+` and up to 15 digits, e.g. `+201012345678`.
    pub e164: String,
    /// ISO 3166 code of the country, when its dialling code is in the table
    /// (`+1` is reported as `US`).
    pub country: Option<String>,
    /// The number without dialling code and trunk `0`, when the country is known.
    pub national_number: Option<String>,
    pub kind: PhoneKind,
}

/// A phone check's outcome, for callers that need the number or the message.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "result", rename_all = "snake_case")]
pub enum PhoneCheck {
    Valid { number: PhoneNumber },
    Invalid { error: Message },
}

impl From<Result<PhoneNumber, Message>> for PhoneCheck {
    fn from(result: Result<PhoneNumber, Message>) -> Self {
        match result {
            Ok(number) => PhoneCheck::Valid { number },
            Err(error) => PhoneCheck::Invalid { error },
        }
    }
}

/// The typed text reduced to its digits, or `None` when it holds anything but
/// digits, separators and one leading `+`.
struct Typed {
    plus: bool,
    digits: String,
}

fn read_typed(input: &str) -> Option<Typed> {
    let mut plus = false;
    let mut digits = String::new();
    for c in input.chars() {
        if let Some(d) = ascii_digit(c) {
            digits.push(d);
        } else if c == '+' && !plus && digits.is_empty() {
            plus = true;
        } else if !(c.is_whitespace() || is_separator(c)) {
            return None;
        }
    }
    Some(Typed { plus, digits })
}

/// Characters people put between digits, and invisible direction marks.
fn is_separator(c: char) -> bool {
    matches!(
        c,
        '-' | '.' | '(' | ')' | '/' | '\u{2010}'..='\u{2015}' | '\u{200E}' | '\u{200F}'
            | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{061C}'
    )
}

/// The default country: an ISO code (`"EG"`, `"eg"`) or a dialling code (`"+20"`,
/// `"20"`, `"0020"`).
enum DefaultCountry {
    Known(&'static Country),
    /// A dialling code outside the table.
    Code(String),
}

fn default_country(text: &str) -> Option<DefaultCountry> {
    let text = text.trim();
    if text.len() == 2 && text.bytes().all(|b| b.is_ascii_alphabetic()) {
        return phone_countries::by_iso(text).map(DefaultCountry::Known);
    }
    let digits = text
        .strip_prefix('+')
        .or_else(|| text.strip_prefix("00"))
        .unwrap_or(text);
    if digits.is_empty()
        || digits.len() > 3
        || digits.starts_with('0')
        || !digits.bytes().all(|b| b.is_ascii_digit())
    {
        return None;
    }
    Some(match phone_countries::by_code(digits) {
        Some(country) => DefaultCountry::Known(country),
        None => DefaultCountry::Code(digits.to_owned()),
    })
}

fn invalid() -> Message {
    MessageId::PhoneInvalid.into()
}

/// A number of a country in the table, from its national digits.
fn known(country: &'static Country, national: &str) -> Option<PhoneNumber> {
    let national = match national.strip_prefix('0') {
        // The trunk 0 is dropped; some people also keep it after the dialling code.
        Some(rest) if country.trunk_zero => rest,
        _ => national,
    };
    country.accepts(national).then(|| PhoneNumber {
        e164: format!("+{}{national}", country.code),
        country: Some(country.iso.to_owned()),
        national_number: Some(national.to_owned()),
        kind: match country.is_mobile(national) {
            Some(true) => PhoneKind::Mobile,
            Some(false) => PhoneKind::Fixed,
            None => PhoneKind::Unknown,
        },
    })
}

/// A number with a dialling code outside the table: E.164 length rules only.
fn unlisted(international: &str) -> Option<PhoneNumber> {
    let valid = (E164_MIN_DIGITS..=E164_MAX_DIGITS).contains(&international.len())
        && !international.starts_with('0');
    valid.then(|| PhoneNumber {
        e164: format!("+{international}"),
        country: None,
        national_number: None,
        kind: PhoneKind::Unknown,
    })
}

/// An international number: dialling code and national number, digits only.
fn international(digits: &str) -> Option<PhoneNumber> {
    match phone_countries::by_number(digits) {
        Some(country) => known(country, digits.get(country.code.len()..)?),
        None => unlisted(digits),
    }
}

/// Reads a phone number as typed, with a default country for national numbers.
/// 'Phone Number is Invalid' for anything that is not a valid number (blank text
/// included), and for a national number when the default country is not understood.
pub fn parse_phone(input: &str, default: &str) -> Result<PhoneNumber, Message> {
    let typed = read_typed(input).ok_or_else(invalid)?;
    let digits = typed.digits.as_str();
    if digits.is_empty() {
        return Err(invalid());
    }
    let number = if typed.plus {
        international(digits)
    } else if let Some(rest) = digits.strip_prefix("00") {
        international(rest)
    } else {
        match default_country(default) {
            // A national number, or the dialling code typed without `+`.
            Some(DefaultCountry::Known(country)) => known(country, digits).or_else(|| {
                digits
                    .strip_prefix(country.code)
                    .and_then(|rest| known(country, rest))
            }),
            Some(DefaultCountry::Code(code)) => {
                let national = digits.strip_prefix('0').unwrap_or(digits);
                unlisted(&format!("{code}{national}"))
            }
            None => None,
        }
    };
    number.ok_or_else(invalid)
}

/// The catalogue rule: 'Phone Number is Invalid' unless the non-blank text is a valid
/// number of any kind (address forms take landlines too).
pub fn phone(input: &str, default: &str) -> Result<(), Message> {
    if input.trim().is_empty() {
        return Ok(());
    }
    parse_phone(input, default).map(|_| ())
}

/// The login mobile (spec 5): 'Required' when blank; 'Only number' when it holds
/// anything but digits, separators and a leading `+`; 'Phone Number is Invalid' when
/// it is not a valid number, or is a landline of a country whose mobile ranges are
/// known (the code goes out by SMS or WhatsApp).
pub fn login_mobile(input: &str, default: &str) -> Result<PhoneNumber, Message> {
    if input.trim().is_empty() {
        return Err(MessageId::Required.into());
    }
    if read_typed(input).is_none() {
        return Err(MessageId::OnlyNumber.into());
    }
    let number = parse_phone(input, default)?;
    if number.kind == PhoneKind::Fixed {
        return Err(invalid());
    }
    Ok(number)
}

/// Login submit is enabled only when the mobile is valid and changed from its initial
/// value (spec 5).
pub fn login_can_submit(current: &str, initial: &str, default: &str) -> bool {
    current != initial && login_mobile(current, default).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn e164(input: &str, default: &str) -> Option<String> {
        parse_phone(input, default).ok().map(|n| n.e164)
    }

    #[test]
    fn egyptian_numbers_in_every_typed_form() {
        for typed in [
            "01012345678",
            "1012345678",
            "010 1234 5678",
            "010-1234-5678",
            "(010) 1234.5678",
            "+20 10 1234 5678",
            "+20 010 1234 5678",
            "0020 10 1234 5678",
            "201012345678",
            "٠١٠١٢٣٤٥٦٧٨",
            "\u{200E}+20 101 234 5678\u{200E}",
        ] {
            assert_eq!(
                e164(typed, "EG").as_deref(),
                Some("+201012345678"),
                "{typed}"
            );
        }
        let number = parse_phone("01112345678", "eg").unwrap();
        assert_eq!(number.country.as_deref(), Some("EG"));
        assert_eq!(number.national_number.as_deref(), Some("1112345678"));
        assert_eq!(number.kind, PhoneKind::Mobile);
        // Cairo landline: 02 + 8 digits.
        let landline = parse_phone("02 2345 6789", "EG").unwrap();
        assert_eq!(landline.e164, "+20223456789");
        assert_eq!(landline.kind, PhoneKind::Fixed);
    }

    #[test]
    fn the_default_country_is_an_iso_code_or_a_dialling_code() {
        for default in ["EG", "eg", "+20", "20", "0020", " +20 "] {
            assert_eq!(
                e164("0101 234 5678", default).as_deref(),
                Some("+201012345678"),
                "{default}"
            );
        }
        assert_eq!(e164("0101 234 5678", "XX"), None);
        assert_eq!(e164("0101 234 5678", ""), None);
        assert_eq!(e164("0101 234 5678", "+"), None);
        // An international number does not need the default.
        assert_eq!(
            e164("+966 50 123 4567", "").as_deref(),
            Some("+966501234567")
        );
    }

    #[test]
    fn gulf_and_levant_mobiles() {
        let cases = [
            ("050 123 4567", "SA", "+966501234567"),
            ("0501234567", "AE", "+971501234567"),
            ("5123 4567", "KW", "+96551234567"),
            ("3312 3456", "QA", "+97433123456"),
            ("3612 3456", "BH", "+97336123456"),
            ("9123 4567", "OM", "+96891234567"),
            ("079 123 4567", "JO", "+962791234567"),
            ("03 123 456", "LB", "+9613123456"),
            ("71 123 456", "LB", "+96171123456"),
            ("0770 123 4567", "IQ", "+9647701234567"),
            ("0612-345678", "MA", "+212612345678"),
            ("0551 23 45 67", "DZ", "+213551234567"),
            ("20 123 456", "TN", "+21620123456"),
            ("091 234 5678", "LY", "+218912345678"),
            ("091 234 5678", "SD", "+249912345678"),
            ("077 123 4567", "YE", "+967771234567"),
            ("0944 123 456", "SY", "+963944123456"),
            ("059 123 4567", "PS", "+970591234567"),
        ];
        for (typed, country, expected) in cases {
            let number =
                parse_phone(typed, country).unwrap_or_else(|e| panic!("{typed} {country}: {e:?}"));
            assert_eq!(number.e164, expected, "{typed} {country}");
            assert_eq!(number.kind, PhoneKind::Mobile, "{typed} {country}");
            assert_eq!(number.country.as_deref(), Some(country));
        }
    }

    #[test]
    fn large_countries() {
        let cases = [
            ("(212) 555-0123", "US", "+12125550123", PhoneKind::Unknown),
            ("1 212 555 0123", "US", "+12125550123", PhoneKind::Unknown),
            ("07700 900123", "GB", "+447700900123", PhoneKind::Mobile),
            ("020 7946 0018", "GB", "+442079460018", PhoneKind::Fixed),
            ("06 12 34 56 78", "FR", "+33612345678", PhoneKind::Mobile),
            ("0151 23456789", "DE", "+4915123456789", PhoneKind::Mobile),
            ("030 123456", "DE", "+4930123456", PhoneKind::Fixed),
            ("0532 123 45 67", "TR", "+905321234567", PhoneKind::Mobile),
            ("098765 43210", "IN", "+919876543210", PhoneKind::Mobile),
            ("0300 1234567", "PK", "+923001234567", PhoneKind::Mobile),
        ];
        for (typed, country, expected, kind) in cases {
            let number = parse_phone(typed, country).unwrap_or_else(|e| panic!("{typed}: {e:?}"));
            assert_eq!(
                (number.e164.as_str(), number.kind),
                (expected, kind),
                "{typed}"
            );
        }
        // +1 is reported as the first row of the code.
        assert_eq!(
            parse_phone("+1 416 555 0123", "EG")
                .unwrap()
                .country
                .as_deref(),
            Some("US")
        );
        // NANP area codes and exchanges never start with 0 or 1.
        assert_eq!(e164("(012) 555-0123", "US"), None);
        assert_eq!(e164("(212) 155-0123", "US"), None);
    }

    #[test]
    fn wrong_lengths_and_shapes_are_invalid() {
        for (typed, country) in [
            ("01012345", "EG"),
            ("010123456789", "EG"),
            ("+20 10 12", "EG"),
            ("05012345", "SA"),
            ("+", "EG"),
            ("00", "EG"),
            ("", "EG"),
            ("12+34", "EG"),
            ("++201012345678", "EG"),
            ("010 1234 5678 ext 2", "EG"),
            ("+0 123 456 789", "EG"),
        ] {
            assert_eq!(
                parse_phone(typed, country).unwrap_err().english(),
                "Phone Number is Invalid",
                "{typed}"
            );
        }
    }

    #[test]
    fn unlisted_dialling_codes_use_e164_lengths() {
        assert_eq!(
            e164("+55 11 91234-5678", "EG").as_deref(),
            Some("+5511912345678")
        );
        assert_eq!(
            e164("011 91234-5678", "+55").as_deref(),
            Some("+5511912345678")
        );
        let number = parse_phone("+81 90 1234 5678", "EG").unwrap();
        assert_eq!((number.country, number.kind), (None, PhoneKind::Unknown));
        assert_eq!(e164("+81 123", "EG"), None);
        assert_eq!(e164("+81 1234 5678 9012 34", "EG"), None);
    }

    #[test]
    fn login_mobile_messages_in_order() {
        assert_eq!(login_mobile("  ", "EG").unwrap_err().english(), "Required");
        assert_eq!(
            login_mobile("010abc5678", "EG").unwrap_err().english(),
            "Only number"
        );
        assert_eq!(
            login_mobile("0101234", "EG").unwrap_err().english(),
            "Phone Number is Invalid"
        );
        // One digit short of a mobile: a valid length only for landlines.
        assert_eq!(
            login_mobile("0101234567", "EG").unwrap_err().english(),
            "Phone Number is Invalid"
        );
        // A landline cannot receive the code.
        assert_eq!(
            login_mobile("02 2345 6789", "EG").unwrap_err().english(),
            "Phone Number is Invalid"
        );
        assert_eq!(
            login_mobile("01012345678", "EG").unwrap().e164,
            "+201012345678"
        );
        // Where mobiles cannot be told apart, any valid number is accepted.
        assert_eq!(
            login_mobile("212 555 0123", "US").unwrap().e164,
            "+12125550123"
        );
    }

    #[test]
    fn the_catalogue_rule_accepts_landlines_and_blank() {
        assert_eq!(phone("02 2345 6789", "EG"), Ok(()));
        assert_eq!(phone("", "EG"), Ok(()));
        assert_eq!(
            phone("123", "EG").unwrap_err().english(),
            "Phone Number is Invalid"
        );
    }

    #[test]
    fn login_submit_needs_a_valid_changed_mobile() {
        assert!(!login_can_submit("", "", "EG"));
        assert!(!login_can_submit("0101", "", "EG"));
        assert!(login_can_submit("01012345678", "", "EG"));
        assert!(!login_can_submit("01012345678", "01012345678", "EG"));
    }

    #[test]
    fn checks_serialise_with_a_result_tag() {
        let valid = PhoneCheck::from(login_mobile("01012345678", "EG"));
        assert_eq!(
            serde_json::to_value(&valid).unwrap(),
            serde_json::json!({"result": "valid", "number": {
                "e164": "+201012345678", "country": "EG",
                "national_number": "1012345678", "kind": "mobile"}})
        );
        let invalid = PhoneCheck::from(login_mobile("", "EG"));
        assert_eq!(
            serde_json::to_value(&invalid).unwrap(),
            serde_json::json!({"result": "invalid", "error": {"id": "required", "params": {}}})
        );
    }

    proptest! {
        #[test]
        fn egyptian_mobiles_round_trip_through_every_form(
            prefix in prop_oneof![Just("10"), Just("11"), Just("12"), Just("15")],
            rest in "[0-9]{8}",
        ) {
            let expected = format!("+20{prefix}{rest}");
            for typed in [
                format!("0{prefix}{rest}"),
                format!("+20 {prefix} {} {}", &rest[..4], &rest[4..]),
                format!("0020{prefix}{rest}"),
                format!("20{prefix}{rest}"),
            ] {
                let number = login_mobile(&typed, "EG").unwrap();
                prop_assert_eq!(&number.e164, &expected);
                // The E.164 form reads back as itself.
                prop_assert_eq!(parse_phone(&number.e164, "XX").unwrap(), number);
            }
        }

        #[test]
        fn never_panics_and_e164_is_well_formed(input in "[+0-9 ()\\-٠-٩a]{0,24}", default in "(EG|SA|US|GB|DE|XX|\\+[0-9]{1,4}|)") {
            if let Ok(number) = parse_phone(&input, &default) {
                let digits = number.e164.strip_prefix('+').unwrap();
                prop_assert!((E164_MIN_DIGITS..=E164_MAX_DIGITS).contains(&digits.len()));
                prop_assert!(digits.bytes().all(|b| b.is_ascii_digit()));
                prop_assert!(!digits.starts_with('0'));
            }
        }

        #[test]
        fn arbitrary_text_never_panics(input in "\\PC{0,30}", default in "\\PC{0,5}") {
            let _ = login_mobile(&input, &default);
        }
    }
}
