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

/// What a phone number is checked for ([`check_phone`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum PhonePurpose {
    /// Any valid number, landlines included ([`parse_phone`]).
    #[default]
    Any,
    /// The login mobile ([`login_mobile`]): 'Required' when blank, 'Only number' for
    /// letters, and no landline of a country whose mobile ranges are known.
    Login,
}

/// A typed phone number checked for `purpose`, with a default country (an ISO or
/// dialling code) for national numbers. The login mobile's initial value is blank,
/// which is never valid, so a valid one can be submitted ([`login_can_submit`]).
pub fn check_phone(input: &str, default: &str, purpose: PhonePurpose) -> PhoneCheck {
    match purpose {
        PhonePurpose::Any => parse_phone(input, default),
        PhonePurpose::Login => login_mobile(input, default),
    }
    .into()
}

/// Login submit is enabled only when the mobile is valid and changed from its initial
/// value (spec 5).
pub fn login_can_submit(current: &str, initial: &str, default: &str) -> bool {
    current != initial && login_mobile(current, default).is_ok()
}

#[cfg(test)]
mod tests {
    use super::phone_countries::COUNTRIES;
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
    fn a_check_for_a_purpose_is_that_purpose_s_rule() {
        for input in [
            "",
            "abc",
            "0101",
            "01012345678",
            "02 2345 6789",
            "+966 50 123 4567",
        ] {
            assert_eq!(
                check_phone(input, "EG", PhonePurpose::Any),
                PhoneCheck::from(parse_phone(input, "EG")),
                "{input}"
            );
            assert_eq!(
                check_phone(input, "EG", PhonePurpose::Login),
                PhoneCheck::from(login_mobile(input, "EG")),
                "{input}"
            );
            // The login form starts blank: a valid login mobile can be submitted.
            assert_eq!(
                matches!(
                    check_phone(input, "EG", PhonePurpose::Login),
                    PhoneCheck::Valid { .. }
                ),
                login_can_submit(input, "", "EG"),
                "{input}"
            );
        }
        // The catalogue rule is the `any` check of non-blank text.
        assert_eq!(
            check_phone("123", "EG", PhonePurpose::Any),
            PhoneCheck::Invalid {
                error: phone("123", "EG").unwrap_err()
            }
        );
        assert_eq!(PhonePurpose::default(), PhonePurpose::Any);
        assert_eq!(
            serde_json::from_str::<PhonePurpose>(r#""login""#).unwrap(),
            PhonePurpose::Login
        );
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
        fn every_country_s_numbers_round_trip_through_e164(
            (row, national, kind) in national_number(),
            separators in proptest::collection::vec((any::<prop::sample::Index>(), prop::sample::select(vec![' ', '-', '.', '\u{200E}'])), 0..3),
            arabic_digits: bool,
            lower_case: bool,
        ) {
            let country = &COUNTRIES[row];
            let default = if lower_case { country.iso.to_ascii_lowercase() } else { country.iso.to_owned() };
            let expected = format!("+{}{national}", country.code);
            let trunk = if country.trunk_zero { "0" } else { "" };
            let mut national_form = format!("{trunk}{national}");
            for (at, separator) in &separators {
                let at = national_form.char_indices().map(|(i, _)| i).nth(at.index(national_form.chars().count() + 1)).unwrap_or(national_form.len());
                national_form.insert(at, *separator);
            }
            if arabic_digits {
                national_form = national_form.chars().map(|c| c.to_digit(10).and_then(|d| char::from_u32(0x0660 + d)).unwrap_or(c)).collect();
            }
            let typed_forms = [
                (national_form, Some(country.iso)),
                (format!("+{} {national}", country.code), phone_countries::by_code(country.code).map(|c| c.iso)),
                (format!("00{}{national}", country.code), phone_countries::by_code(country.code).map(|c| c.iso)),
            ];
            for (typed, iso) in typed_forms {
                let number = parse_phone(&typed, &default);
                prop_assert_eq!(
                    number.as_ref().map(|n| (n.e164.as_str(), n.national_number.as_deref(), n.country.as_deref(), n.kind)),
                    Ok((expected.as_str(), Some(national.as_str()), iso, kind)),
                    "{:?} in {}", typed, default
                );
                let number = number.unwrap();
                // The E.164 form reads back as the same number whatever the default.
                let again = parse_phone(&number.e164, "XX").unwrap();
                prop_assert_eq!((&again.e164, &again.national_number, again.kind), (&number.e164, &number.national_number, number.kind));
                // A landline cannot sign in; any other valid number can.
                let login = login_mobile(&typed, &default);
                if kind == PhoneKind::Fixed {
                    prop_assert_eq!(login, Err(MessageId::PhoneInvalid.into()), "{:?}", typed);
                } else {
                    prop_assert_eq!(login, Ok(number), "{:?}", typed);
                }
            }
        }

        #[test]
        fn bad_numbers_are_refused_with_their_reason(bad in bad_number()) {
            let message = |reason: Option<MessageId>| reason.map_or(Ok(()), |id| Err(Message::from(id)));
            prop_assert_eq!(login_mobile(&bad.input, &bad.default).map(|_| ()), message(bad.login), "{}: {:?}", bad.how, bad);
            prop_assert_eq!(parse_phone(&bad.input, &bad.default).map(|_| ()), message(bad.parse), "{}: {:?}", bad.how, bad);
        }

        #[test]
        fn any_text_is_a_valid_number_or_refused_with_the_right_reason(
            input in prop_oneof!["\\PC{0,30}", "[+0-9 ()\\-٠-٩a]{0,24}", "[ \\t]{0,3}"],
            default in prop_oneof!["\\PC{0,5}", "(EG|SA|US|GB|DE|XX|\\+[0-9]{1,4}|)"],
        ) {
            match login_mobile(&input, &default) {
                Ok(number) => {
                    prop_assert!(!stray_character(&input), "{:?}", input);
                    let digits = number.e164.strip_prefix('+').unwrap_or_default();
                    prop_assert!((E164_MIN_DIGITS..=E164_MAX_DIGITS).contains(&digits.len()), "{:?}", number);
                    prop_assert!(digits.bytes().all(|b| b.is_ascii_digit()) && !digits.starts_with('0'), "{:?}", number);
                    prop_assert!(number.kind != PhoneKind::Fixed);
                    prop_assert_eq!(parse_phone(&number.e164, "XX").map(|n| n.e164), Ok(number.e164.clone()));
                }
                Err(message) if input.trim().is_empty() => prop_assert_eq!(message.id, MessageId::Required),
                Err(message) if stray_character(&input) => prop_assert_eq!(message.id, MessageId::OnlyNumber),
                Err(message) => prop_assert_eq!(message.id, MessageId::PhoneInvalid),
            }
        }
    }

    /// Whether typed text holds something besides digits (of the three scripts),
    /// spaces, separators and one `+` before the first digit: what 'Only number' is for.
    fn stray_character(input: &str) -> bool {
        let (mut digit_seen, mut plus_seen) = (false, false);
        for c in input.chars() {
            if ascii_digit(c).is_some() {
                digit_seen = true;
            } else if c == '+' {
                if digit_seen || plus_seen {
                    return true;
                }
                plus_seen = true;
            } else if !(c.is_whitespace() || is_separator(c)) {
                return true;
            }
        }
        false
    }

    /// A national number of one row of the table (its index), and the kind it must
    /// read as: a mobile from a mobile range, a landline outside them, or either where
    /// the country's mobiles cannot be told apart. NANP numbers keep 2-9 in the area
    /// code's and the exchange's first digit.
    fn national_number() -> impl Strategy<Value = (usize, String, PhoneKind)> {
        (
            0..COUNTRIES.len(),
            any::<bool>(),
            any::<prop::sample::Index>(),
            any::<prop::sample::Index>(),
            "[2-9][0-9]{2}[2-9][0-9]{11}",
        )
            .prop_filter_map(
                "a landline that fell in a mobile range",
                |(row, mobile, pick, prefix_pick, digits)| {
                    let country = &COUNTRIES[row];
                    if country.mobile.is_empty() {
                        let length = country.lengths[pick.index(country.lengths.len())];
                        return Some((row, digits[..length].to_owned(), PhoneKind::Unknown));
                    }
                    if mobile {
                        let range = &country.mobile[pick.index(country.mobile.len())];
                        let prefix = range.prefixes[prefix_pick.index(range.prefixes.len())];
                        let national =
                            format!("{prefix}{}", &digits[..range.length - prefix.len()]);
                        return Some((row, national, PhoneKind::Mobile));
                    }
                    let national =
                        digits[..country.lengths[pick.index(country.lengths.len())]].to_owned();
                    let in_a_mobile_range = country.mobile.iter().any(|range| {
                        range.length == national.len()
                            && range.prefixes.iter().any(|p| national.starts_with(p))
                    });
                    (!in_a_mobile_range).then_some((row, national, PhoneKind::Fixed))
                },
            )
    }

    /// Typed text that must be refused, with its default country, the reasons
    /// `login_mobile` and `parse_phone` must give (`None`: accepted) and what is wrong.
    #[derive(Debug)]
    struct BadNumber {
        input: String,
        default: String,
        login: Option<MessageId>,
        parse: Option<MessageId>,
        how: &'static str,
    }

    fn bad_number() -> impl Strategy<Value = BadNumber> {
        use MessageId::{OnlyNumber, PhoneInvalid, Required};
        let choices = (
            0usize..9,
            any::<prop::sample::Index>(),
            1usize..14,
            "[0-9]{15}",
        );
        let fillers = (
            prop::sample::select(vec!['a', 'x', '#', '*', ',', '_', '½', '²', 'e']),
            prop::sample::select(vec!["55", "7", "81", "86"]),
            "[ \\t\\n]{0,3}",
            prop::sample::select(vec!["XX", "", "+", "ZZ", "1234", "0"]),
        );
        (national_number(), choices, fillers).prop_map(
            |(
                (row, national, kind),
                (how, at, length, digits),
                (stray, unlisted, blank, no_country),
            )| {
                let country = &COUNTRIES[row];
                let trunk = if country.trunk_zero { "0" } else { "" };
                let typed = format!("{trunk}{national}");
                let bad = |input: String, login, parse, how| BadNumber {
                    input,
                    default: country.iso.to_owned(),
                    login: Some(login),
                    parse,
                    how,
                };
                match how {
                    0 => {
                        let mut text = typed.clone();
                        text.insert(at.index(typed.len() + 1), stray);
                        bad(text, OnlyNumber, Some(PhoneInvalid), "not a digit")
                    }
                    1 => {
                        // After the first digit, so never a leading +.
                        let mut text = typed.clone();
                        text.insert(1 + at.index(typed.len()), '+');
                        bad(text, OnlyNumber, Some(PhoneInvalid), "a + after a digit")
                    }
                    2 => {
                        let text = format!("++{}{national}", country.code);
                        bad(text, OnlyNumber, Some(PhoneInvalid), "two +")
                    }
                    3 => {
                        // A length the row does not take, not starting with the dialling
                        // code's digit (which would read as the code typed without +).
                        let length = (1..=12)
                            .cycle()
                            .skip(length)
                            .find(|l| !country.lengths.contains(l))
                            .unwrap();
                        let first = if country.code.starts_with('9') {
                            '8'
                        } else {
                            '9'
                        };
                        let text = format!("{trunk}{first}{}", &digits[..length - 1]);
                        bad(text, PhoneInvalid, Some(PhoneInvalid), "a wrong length")
                    }
                    // Outside the mobile ranges: a number, but not one to sign in with.
                    4 if kind == PhoneKind::Fixed => bad(typed, PhoneInvalid, None, "a landline"),
                    4 | 5 => {
                        // NANP: an area code or an exchange starting with 0 or 1.
                        let mut text = digits[..10].to_owned();
                        let digit = if length % 2 == 0 { "0" } else { "1" };
                        text.replace_range(if how == 4 { 0..1 } else { 3..4 }, digit);
                        // A leading "00" is an international prefix, another reading.
                        if text.starts_with("00") {
                            text.replace_range(1..2, "2");
                        }
                        BadNumber {
                            default: "US".to_owned(),
                            ..bad(text, PhoneInvalid, Some(PhoneInvalid), "NANP 0 or 1")
                        }
                    }
                    6 => {
                        // A dialling code outside the table: E.164 takes 8 to 15 digits.
                        let total = if length < 7 {
                            length.max(unlisted.len() + 1)
                        } else {
                            16 + length % 3
                        };
                        let rest = digits.repeat(2);
                        let text = format!("+{unlisted}{}", &rest[..total - unlisted.len()]);
                        bad(text, PhoneInvalid, Some(PhoneInvalid), "E.164 length")
                    }
                    7 => bad(blank, Required, Some(PhoneInvalid), "blank"),
                    _ => BadNumber {
                        default: no_country.to_owned(),
                        ..bad(
                            typed,
                            PhoneInvalid,
                            Some(PhoneInvalid),
                            "no default country",
                        )
                    },
                }
            },
        )
    }
}
