//! Full-text search of products and shops on SQLite FTS5 (migration 0006).
//!
//! `product_search` and `branch_search` index the [`search_key`] form of each name and
//! description, per language: text folded by the core's rule (Arabic alef, taa
//! marbuta and alef maqsura variants, diacritics, tatweel, case), words joined by
//! single spaces. Triggers keep them in step with `products` and `branches` through
//! the `search_key` SQL function, which [`register_functions`] adds to every
//! connection the server opens. Queries fold the same way, so 'احمد' finds 'أحمد'.
//!
//! Every query word matches as a word prefix ('orange' finds 'Oranges', 'ora' too),
//! and all of them must match within one language (a product's English name and
//! description, or its Arabic ones). The best matches come first, by tier: the whole
//! name is the query, then the name starts with it, then the name holds every word,
//! then only the description does; within a tier by bm25 with names weighing
//! [`NAME_WEIGHT`] times the descriptions.

use rusqlite::Connection;
use rusqlite::functions::FunctionFlags;
use storefront_core::text::{search_key, search_terms};

use super::shared::Sql;

/// How much more a name match counts than a description match in bm25.
pub const NAME_WEIGHT: f64 = 10.0;

/// The FTS5 tables; both have the columns `name_en, name_ar, description_en,
/// description_ar`, in that order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Index {
    Products,
    Branches,
}

impl Index {
    /// The table name (fixed text, safe in SQL).
    pub fn table(self) -> &'static str {
        match self {
            Index::Products => "product_search",
            Index::Branches => "branch_search",
        }
    }

    /// The bm25 score of the current match row (lower is better), names weighted.
    pub fn score(self) -> String {
        format!(
            "bm25({}, {NAME_WEIGHT:.1}, {NAME_WEIGHT:.1}, 1.0, 1.0)",
            self.table()
        )
    }
}

/// Which columns a search looks in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fields {
    /// Names only: suggestions and quick search.
    Names,
    /// Names and descriptions: result lists.
    NamesAndDescriptions,
}

/// Adds `search_key(text)` to a connection: the index triggers call it, so every
/// connection that writes products or shops needs it. Deterministic and innocuous,
/// as SQLite requires of functions used in triggers.
pub fn register_functions(conn: &Connection) -> rusqlite::Result<()> {
    conn.create_scalar_function(
        "search_key",
        1,
        FunctionFlags::SQLITE_UTF8
            | FunctionFlags::SQLITE_DETERMINISTIC
            | FunctionFlags::SQLITE_INNOCUOUS,
        |ctx| {
            let text: Option<String> = ctx.get(0)?;
            Ok(text.map(|text| search_key(&text)))
        },
    )
}

/// A list's search parameter, once validated.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub enum SearchFilter {
    /// No search (absent or blank): everything matches.
    #[default]
    Off,
    /// Text with no letters or digits: nothing matches.
    Nothing,
    Words(TextSearch),
}

impl SearchFilter {
    /// From a trimmed, length-checked parameter (`None`: no search).
    pub fn new(text: Option<&str>) -> SearchFilter {
        match text.map(TextSearch::new) {
            None => SearchFilter::Off,
            Some(None) => SearchFilter::Nothing,
            Some(Some(search)) => SearchFilter::Words(search),
        }
    }

    /// The `WHERE` condition keeping the rows of `id` (a fixed column name, e.g.
    /// `p.id`) that match in `fields` of `index`; `None` when nothing is filtered.
    pub fn condition(
        &self,
        index: Index,
        fields: Fields,
        id: &str,
        sql: &mut Sql,
    ) -> Option<String> {
        match self {
            SearchFilter::Off => None,
            SearchFilter::Nothing => Some("0".to_owned()),
            SearchFilter::Words(search) => {
                let table = index.table();
                let m = sql.arg(search.match_expression(fields));
                Some(format!(
                    "{id} IN (SELECT rowid FROM {table} WHERE {table} MATCH {m})"
                ))
            }
        }
    }
}

/// A search text turned into an FTS5 query and a ranking.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TextSearch {
    key: String,
    terms: Vec<String>,
}

impl TextSearch {
    /// `None` when the text has no letters or digits (only punctuation or marks):
    /// such a search matches nothing.
    pub fn new(text: &str) -> Option<TextSearch> {
        let terms = search_terms(text);
        (!terms.is_empty()).then(|| TextSearch {
            key: terms.join(" "),
            terms,
        })
    }

    /// The FTS5 query: every word as a prefix, all within one language's columns.
    /// It travels as a parameter; the words are quoted, so nothing in them is syntax.
    pub fn match_expression(&self, fields: Fields) -> String {
        let words = self
            .terms
            .iter()
            .map(|term| format!("\"{}\"*", term.replace('"', "\"\"")))
            .collect::<Vec<_>>()
            .join(" ");
        let [en, ar] = match fields {
            Fields::Names => ["name_en", "name_ar"],
            Fields::NamesAndDescriptions => ["name_en description_en", "name_ar description_ar"],
        };
        format!("{{{en}}} : ({words}) OR {{{ar}}} : ({words})")
    }

    /// SQL giving the tier of the current match row of `index` (0 best): 0 the name
    /// is the query, 1 the name starts with it, 2 the name holds every word (as a word
    /// prefix), 3 only the description matches. Values enter as parameters of `sql`.
    pub fn tier(&self, index: Index, sql: &mut Sql) -> String {
        let table = index.table();
        let key = sql.arg(self.key.clone());
        // Indexed names are keys too: words separated by single spaces, so " word"
        // inside " " || name means a word starting with it.
        let mut words = |column: &str| {
            self.terms
                .iter()
                .map(|term| {
                    let marker = sql.arg(format!(" {term}"));
                    format!("instr(' ' || {table}.{column}, {marker}) > 0")
                })
                .collect::<Vec<_>>()
                .join(" AND ")
        };
        let (words_en, words_ar) = (words("name_en"), words("name_ar"));
        format!(
            "CASE WHEN {table}.name_en = {key} OR {table}.name_ar = {key} THEN 0 \
             WHEN substr({table}.name_en, 1, length({key})) = {key} \
               OR substr({table}.name_ar, 1, length({key})) = {key} THEN 1 \
             WHEN ({words_en}) OR ({words_ar}) THEN 2 ELSE 3 END"
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn queries_fold_and_quote_every_word_as_a_prefix() {
        let search = TextSearch::new("  Fresh-MILK  ").unwrap();
        assert_eq!(
            search.match_expression(Fields::Names),
            r#"{name_en} : ("fresh"* "milk"*) OR {name_ar} : ("fresh"* "milk"*)"#
        );
        assert_eq!(
            TextSearch::new("أحمد")
                .unwrap()
                .match_expression(Fields::NamesAndDescriptions),
            r#"{name_en description_en} : ("احمد"*) OR {name_ar description_ar} : ("احمد"*)"#
        );
        // FTS5 syntax in the text is only punctuation between words.
        assert_eq!(
            TextSearch::new(r#"a" OR name_en:*"#)
                .unwrap()
                .match_expression(Fields::Names),
            r#"{name_en} : ("a"* "or"* "name"* "en"*) OR {name_ar} : ("a"* "or"* "name"* "en"*)"#
        );
        assert_eq!(TextSearch::new("%_ ()\"*"), None);
        assert_eq!(TextSearch::new("\u{064E}\u{0640}"), None);
    }

    #[test]
    fn the_tier_binds_the_key_and_each_word() {
        let search = TextSearch::new("Orange juice").unwrap();
        let mut sql = Sql::default();
        let tier = search.tier(Index::Products, &mut sql);
        assert!(!tier.contains("orange"), "values are parameters: {tier}");
        assert!(tier.contains("product_search.name_en = ?1"));
        assert!(tier.contains("instr(' ' || product_search.name_ar, ?5) > 0"));
        assert_eq!(sql.arg(0i64), "?6");
    }

    #[test]
    fn the_function_folds_like_the_core() {
        let conn = Connection::open_in_memory().unwrap();
        register_functions(&conn).unwrap();
        let key: String = conn
            .query_row("SELECT search_key('  مُـحَمَّد  أحمد!')", [], |r| r.get(0))
            .unwrap();
        assert_eq!(key, "محمد احمد");
        let null: Option<String> = conn
            .query_row("SELECT search_key(NULL)", [], |r| r.get(0))
            .unwrap();
        assert_eq!(null, None);
    }
}
