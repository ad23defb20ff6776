//! Bilingual columns: the schema keeps each text as `…_en` and `…_ar`, and an answer
//! carries the one the `Language` header asks for.

use serde::Serialize;
use storefront_core::locale::Language;
use utoipa::ToSchema;

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
