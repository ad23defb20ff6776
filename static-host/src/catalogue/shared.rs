//! Helpers every catalogue endpoint shares: amounts, picking the request language,
//! the checks on `service_id` and search text, and a small builder for SQL whose
//! filters depend on the request (values always travel as parameters).

use rusqlite::types::Value;
use rusqlite::{Connection, OptionalExtension};
use serde::Serialize;
use storefront_core::locale::Language;
use storefront_core::messages::{Message, MessageId};
use storefront_core::money::Money;
use utoipa::ToSchema;

use crate::http::error::ApiError;
use crate::i18n::{Msg, field_label};

/// The only currency the reference API prices in.
pub const CURRENCY: &str = "EGP";

/// Longest search text accepted, in characters.
pub const SEARCH_MAX_CHARS: usize = 100;

/// Most items in a suggestion or quick-search list.
pub const SUGGESTIONS: i64 = 10;

/// An amount as the API writes it: a decimal string with two decimals (`"19.99"`).
pub fn amount(minor: i64) -> String {
    Money::from_minor(minor).to_string()
}

/// The previous price, shown only when it is really higher than the current one.
pub fn old_amount(price_minor: i64, old_minor: Option<i64>) -> Option<String> {
    old_minor.filter(|old| *old > price_minor).map(amount)
}

/// Picks the text for the request language.
pub fn pick(lang: Language, en: String, ar: String) -> String {
    match lang {
        Language::En => en,
        Language::Ar => ar,
    }
}

/// The column holding `field` in the request language (`name` → `name_ar`). Only
/// ever called with a fixed column name, so the result is safe in SQL text.
pub fn column(field: &'static str, lang: Language) -> String {
    format!("{field}_{}", lang.code())
}

/// A local message in both languages, for texts the shared catalogue lacks.
pub fn text(lang: Language, en: &str, ar: &str) -> String {
    pick(lang, en.to_owned(), ar.to_owned())
}

/// A field's label for messages, covering the catalogue's own query fields.
pub fn label(field: &str, lang: Language) -> String {
    let (en, ar) = match field {
        "category_id" => ("category", "الفئة"),
        "branch_id" => ("shop", "المتجر"),
        "brand_id" => ("brand", "العلامة التجارية"),
        "branch_category_id" => ("shop category", "فئة المتاجر"),
        "is_tree" => ("tree option", "خيار الشجرة"),
        other => return field_label(other, lang),
    };
    text(lang, en, ar)
}

pub fn not_found(lang: Language) -> ApiError {
    ApiError::NotFound {
        message: Msg::NotFound.text(lang),
    }
}

/// 422 "The selected … is invalid." for an id that names nothing usable here.
pub fn invalid_choice(field: &str, lang: Language) -> ApiError {
    let label = label(field, lang);
    let message = match lang {
        Language::En => format!("The selected {label} is invalid."),
        Language::Ar => format!("قيمة {label} المختارة غير صحيحة."),
    };
    ApiError::validation(field, message)
}

pub fn out_of_range(field: &str, min: i64, max: i64, lang: Language) -> ApiError {
    let label = label(field, lang);
    let message = match lang {
        Language::En => format!("The {label} must be between {min} and {max}."),
        Language::Ar => format!("يجب أن تكون قيمة {label} بين {min} و{max}."),
    };
    ApiError::validation(field, message)
}

/// `service_id` is required: 422 'Service ID is required.' when it is missing.
pub fn required_service(service_id: Option<i64>, lang: Language) -> Result<i64, ApiError> {
    service_id.ok_or_else(|| {
        ApiError::validation(
            "service_id",
            Msg::from(MessageId::ServiceIdRequired).text(lang),
        )
    })
}

/// 404 unless the service exists.
pub fn check_service(conn: &Connection, service_id: i64, lang: Language) -> Result<(), ApiError> {
    let found: Option<i64> = conn
        .prepare_cached("SELECT id FROM services WHERE id = ?1")?
        .query_row([service_id], |r| r.get(0))
        .optional()?;
    found.map(|_| ()).ok_or_else(|| not_found(lang))
}

/// Optional search text: trimmed; blank means "no search"; longer than
/// [`SEARCH_MAX_CHARS`] is a 422.
pub fn optional_search(
    field: &str,
    value: Option<&str>,
    lang: Language,
) -> Result<Option<String>, ApiError> {
    let Some(value) = value.map(str::trim).filter(|v| !v.is_empty()) else {
        return Ok(None);
    };
    if value.chars().count() > SEARCH_MAX_CHARS {
        return Err(ApiError::validation(
            field,
            Msg::from(Message::new(MessageId::TooLong).with("len", SEARCH_MAX_CHARS)).text(lang),
        ));
    }
    Ok(Some(value.to_owned()))
}

/// Required search text: missing or blank is a 422 'please add search text'.
pub fn required_search(
    field: &str,
    value: Option<&str>,
    lang: Language,
) -> Result<String, ApiError> {
    optional_search(field, value, lang)?
        .ok_or_else(|| ApiError::validation(field, Msg::from(MessageId::AddSearchText).text(lang)))
}

/// A `LIKE` pattern matching `text` anywhere, with the wildcards in `text` taken
/// literally (use with `ESCAPE '\'`). SQLite's `LIKE` ignores ASCII case.
pub fn contains_pattern(text: &str) -> String {
    let mut pattern = String::with_capacity(text.len() + 2);
    pattern.push('%');
    for c in text.chars() {
        if matches!(c, '%' | '_' | '\\') {
            pattern.push('\\');
        }
        pattern.push(c);
    }
    pattern.push('%');
    pattern
}

/// `{id, name}`, the reference to another item the API nests.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct IdName {
    pub id: i64,
    pub name: String,
}

impl IdName {
    /// Reads a row of `id, name_en, name_ar`, naming it in `lang`.
    pub fn from_row(row: &rusqlite::Row<'_>, lang: Language) -> rusqlite::Result<IdName> {
        Ok(IdName {
            id: row.get(0)?,
            name: pick(lang, row.get(1)?, row.get(2)?),
        })
    }
}

/// SQL text with numbered parameters, for queries whose filters vary. Values only
/// ever enter as parameters; the text holds fixed fragments and `?N` markers.
#[derive(Debug, Default, Clone)]
pub struct Sql {
    args: Vec<Value>,
}

impl Sql {
    /// Adds a parameter and returns its marker (`?3`).
    pub fn arg(&mut self, value: impl Into<Value>) -> String {
        self.args.push(value.into());
        format!("?{}", self.args.len())
    }

    pub fn params(&self) -> rusqlite::ParamsFromIter<std::slice::Iter<'_, Value>> {
        rusqlite::params_from_iter(self.args.iter())
    }
}

/// Joins `WHERE` conditions (`1` when there are none).
pub fn all_of(conditions: &[String]) -> String {
    if conditions.is_empty() {
        "1".to_owned()
    } else {
        conditions.join(" AND ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_have_two_decimals() {
        assert_eq!(amount(1999), "19.99");
        assert_eq!(amount(500), "5.00");
        assert_eq!(amount(0), "0.00");
        assert_eq!(old_amount(1000, Some(1200)), Some("12.00".to_owned()));
        assert_eq!(old_amount(1000, Some(1000)), None);
        assert_eq!(old_amount(1000, None), None);
    }

    #[test]
    fn like_patterns_take_wildcards_literally() {
        assert_eq!(contains_pattern("ab"), "%ab%");
        assert_eq!(contains_pattern("50%_off\\"), "%50\\%\\_off\\\\%");
    }

    #[test]
    fn search_text_is_trimmed_and_bounded() {
        assert_eq!(
            optional_search("search", Some("  tea "), Language::En).unwrap(),
            Some("tea".into())
        );
        assert_eq!(
            optional_search("search", Some("   "), Language::En).unwrap(),
            None
        );
        assert_eq!(optional_search("search", None, Language::En).unwrap(), None);
        let long = "x".repeat(SEARCH_MAX_CHARS + 1);
        let err = optional_search("search", Some(&long), Language::En).unwrap_err();
        assert_eq!(
            err.body()["errors"]["search"][0],
            "Too long! The maximum character is 100"
        );
        let err = required_search("search", Some(" "), Language::En).unwrap_err();
        assert_eq!(err.body()["errors"]["search"][0], "please add search text");
        // Arabic letters count as one character each, not by their UTF-8 bytes.
        let arabic = "ش".repeat(SEARCH_MAX_CHARS);
        assert!(optional_search("search", Some(&arabic), Language::Ar).is_ok());
    }

    #[test]
    fn sql_markers_count_up() {
        let mut sql = Sql::default();
        assert_eq!(sql.arg(5i64), "?1");
        assert_eq!(sql.arg("x".to_owned()), "?2");
        assert_eq!(all_of(&[]), "1");
        assert_eq!(all_of(&["a = 1".into(), "b = 2".into()]), "a = 1 AND b = 2");
    }

    #[test]
    fn labels_cover_the_catalogue_fields() {
        assert_eq!(label("category_id", Language::En), "category");
        assert_eq!(label("service_id", Language::Ar), "الخدمة");
        let err = invalid_choice("brand_id", Language::En);
        assert_eq!(
            err.body()["errors"]["brand_id"][0],
            "The selected brand is invalid."
        );
    }
}
