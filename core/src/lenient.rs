//! Reading JSON leniently: booleans as `true`/`1`/`"1"`, ids and numbers as numbers
//! or numeric strings. Anything unreadable is absent, never an error. Server documents
//! (remote config, profile, settings) and stored values are read this way: a client
//! must keep working when another server or an older client wrote them a little
//! differently (spec 3).

use serde_json::Value;

use crate::locale::Language;
use crate::storage::valid_id;

/// `true`, `1`, `"1"`, `"true"` (any case) are true; everything else is false.
pub(crate) fn flag(value: Option<&Value>) -> bool {
    match value {
        Some(Value::Bool(b)) => *b,
        Some(Value::Number(n)) => n.as_f64().is_some_and(|f| f != 0.0),
        Some(Value::String(s)) => {
            let s = s.trim();
            s == "1" || s.eq_ignore_ascii_case("true")
        }
        _ => false,
    }
}

/// A positive integer id from a number or a numeric string.
pub(crate) fn id(value: Option<&Value>) -> Option<u64> {
    let id = match value? {
        Value::Number(n) => n.as_u64().or_else(|| {
            // `12.0` is 12; fractions and negatives are not ids.
            n.as_f64()
                .filter(|f| f.fract() == 0.0 && *f > 0.0 && *f < 9.0e15)
                .map(|f| f as u64)
        }),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }?;
    // Positive and exact as a JavaScript number, like every id the client keeps.
    valid_id(id).then_some(id)
}

/// A finite number from a number or a numeric string.
pub(crate) fn number(value: Option<&Value>) -> Option<f64> {
    match value? {
        Value::Number(n) => n.as_f64(),
        // A numeric string reads as the JSON number it spells.
        Value::String(s) => serde_json::from_str::<Value>(s.trim()).ok()?.as_f64(),
        _ => None,
    }
    .filter(|f| f.is_finite())
}

/// Non-blank text; numbers are written as text.
pub(crate) fn text(value: Option<&Value>) -> Option<String> {
    match value? {
        Value::String(s) if !s.trim().is_empty() => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// A language code such as `ar` or `en-GB`.
pub(crate) fn language(value: Option<&Value>) -> Option<Language> {
    Language::parse(value?.as_str()?).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn flags_accept_booleans_numbers_and_strings() {
        for yes in [
            json!(true),
            json!(1),
            json!("1"),
            json!("true"),
            json!(" TRUE "),
        ] {
            assert!(flag(Some(&yes)), "{yes}");
        }
        for no in [
            json!(false),
            json!(0),
            json!("0"),
            json!(""),
            json!(null),
            json!("yes"),
        ] {
            assert!(!flag(Some(&no)), "{no}");
        }
        assert!(!flag(None));
    }

    #[test]
    fn ids_accept_numbers_and_numeric_strings() {
        assert_eq!(id(Some(&json!(12))), Some(12));
        assert_eq!(id(Some(&json!("12"))), Some(12));
        assert_eq!(id(Some(&json!(12.0))), Some(12));
        for bad in [
            json!(0),
            json!(-3),
            json!(1.5),
            json!("x"),
            json!(null),
            json!([1]),
        ] {
            assert_eq!(id(Some(&bad)), None, "{bad}");
        }
    }

    #[test]
    fn numbers_and_text_are_read_leniently() {
        assert_eq!(number(Some(&json!("30.05"))), Some(30.05));
        assert_eq!(number(Some(&json!("NaN"))), None);
        assert_eq!(text(Some(&json!("  "))), None);
        assert_eq!(text(Some(&json!(20))), Some("20".into()));
        assert_eq!(language(Some(&json!("ar-EG"))), Some(Language::Ar));
        assert_eq!(language(Some(&json!("fr"))), None);
    }
}
