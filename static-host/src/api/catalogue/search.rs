//! Full-text search of products and shops on SQLite FTS5 (migration 0006).
//!
//! `product_search` and `branch_search` index the [`search_key`] form of each name and
//! description, per language: text folded by the core's rule (Arabic alef, taa
//! marbuta and alef maqsura variants, diacritics, tatweel, case), words joined by
//! single spaces. Queries fold the same way, so 'احمد' finds 'أحمد'. Triggers keep the
//! indexes in step with `products` and `branches` through the `search_key` and
//! `search_digest` SQL functions, which [`register_functions`] adds to every
//! connection the server opens.
//!
//! A `product_search` row is a search document: one distinct folded text, shared by
//! every product carrying it (`products.search_doc`; in a marketplace many shops list
//! the same item). Ranking scores documents, then orders their products through the
//! `products_by_search_doc` index without reading product rows.
//!
//! Every query word matches as a word prefix ('orange' finds 'Oranges', 'ora' too),
//! and all of them must match within one language (a product's English name and
//! description, or its Arabic ones). The best matches come first, by tier: names
//! starting with the query (its words in order, each as a prefix), then names holding
//! every word, then description-only matches; within a tier by bm25, with names
//! weighing [`NAME_WEIGHT`] times the descriptions and a whole word scoring above a
//! word that only starts with it ('Orange' before 'Orangeade' for 'orange'; bm25 also
//! prefers shorter names).
//!
//! The tiers are FTS5 queries too (`^` anchors a phrase at the start of a column), so
//! ranking never reads indexed text back: a common word in a large catalogue matches
//! thousands of rows, and every row read costs.

use rusqlite::Connection;
use rusqlite::functions::FunctionFlags;
use sha2::{Digest, Sha256};
use storefront_core::text::{search_key, search_terms};

use super::shared::Sql;

/// How much more a name match counts than a description match in bm25.
pub const NAME_WEIGHT: f64 = 10.0;

/// The FTS5 tables; both have the columns `name_en, name_ar, description_en,
/// description_ar`, in that order. A `product_search` rowid is a search document
/// (`products.search_doc`), a `branch_search` rowid a shop's id.
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

/// Adds the SQL functions the index triggers call, so every connection that writes
/// products or shops needs them: `search_key(text)`, the folded words of a text, and
/// `search_digest(name_en, name_ar, description_en, description_ar)`, which names a
/// product's search document (equal for texts that fold alike). Deterministic and
/// innocuous, as SQLite requires of functions used in triggers.
pub fn register_functions(conn: &Connection) -> rusqlite::Result<()> {
    let flags = FunctionFlags::SQLITE_UTF8
        | FunctionFlags::SQLITE_DETERMINISTIC
        | FunctionFlags::SQLITE_INNOCUOUS;
    conn.create_scalar_function("search_key", 1, flags, |ctx| {
        let text: Option<String> = ctx.get(0)?;
        Ok(text.map(|text| search_key(&text)))
    })?;
    conn.create_scalar_function("search_digest", 4, flags, |ctx| {
        let mut texts = Vec::with_capacity(4);
        for i in 0..4 {
            texts.push(ctx.get::<Option<String>>(i)?.unwrap_or_default());
        }
        Ok(search_digest(&texts))
    })
}

/// The first 16 bytes of the SHA-256 of the texts' keys, each followed by a unit
/// separator (which no key holds): a collision would take about 2^64 distinct texts.
fn search_digest(texts: &[String]) -> Vec<u8> {
    let mut hasher = Sha256::new();
    for text in texts {
        hasher.update(search_key(text).as_bytes());
        hasher.update([0x1f]);
    }
    hasher.finalize()[..16].to_vec()
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

/// A search text turned into FTS5 queries and a ranking.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TextSearch {
    terms: Vec<String>,
}

/// An FTS5 string: the text between double quotes, quotes doubled.
fn quoted(text: &str) -> String {
    format!("\"{}\"", text.replace('"', "\"\""))
}

impl TextSearch {
    /// `None` when the text has no letters or digits (only punctuation or marks):
    /// such a search matches nothing.
    pub fn new(text: &str) -> Option<TextSearch> {
        let terms = search_terms(text);
        (!terms.is_empty()).then_some(TextSearch { terms })
    }

    /// The FTS5 query: every word as a prefix, all within one language's columns;
    /// each word also as a whole word, which matches nothing more but scores higher
    /// in bm25. It travels as a parameter; the words are quoted, so nothing in them is
    /// syntax.
    pub fn match_expression(&self, fields: Fields) -> String {
        let words = self
            .terms
            .iter()
            .map(|term| {
                let term = quoted(term);
                format!("({term} OR {term}*)")
            })
            .collect::<Vec<_>>()
            .join(" AND ");
        let [en, ar] = match fields {
            Fields::Names => ["name_en", "name_ar"],
            Fields::NamesAndDescriptions => ["name_en description_en", "name_ar description_ar"],
        };
        format!("{{{en}}} : ({words}) OR {{{ar}}} : ({words})")
    }

    /// The FTS5 query of names starting with the text: its words in order from the
    /// name's first word, each as a prefix.
    fn starts_expression(&self) -> String {
        let phrase = self
            .terms
            .iter()
            .map(|term| format!("{}*", quoted(term)))
            .collect::<Vec<_>>()
            .join(" + ");
        format!("{{name_en}} : ^ {phrase} OR {{name_ar}} : ^ {phrase}")
    }

    /// SQL giving the tier of the current match row of `index` (0 best): 0 the name
    /// starts with the text, 1 the name holds every word, 2 only a description
    /// matches (never with [`Fields::Names`]). Each tier is one index query, run once
    /// per statement; its text is a parameter of `sql`.
    pub fn tier(&self, index: Index, fields: Fields, sql: &mut Sql) -> String {
        let table = index.table();
        let mut rows = |expression: String| {
            let m = sql.arg(expression);
            format!("{table}.rowid IN (SELECT rowid FROM {table} WHERE {table} MATCH {m})")
        };
        let starts = rows(self.starts_expression());
        match fields {
            Fields::Names => format!("CASE WHEN {starts} THEN 0 ELSE 1 END"),
            Fields::NamesAndDescriptions => {
                let names = rows(self.match_expression(Fields::Names));
                format!("CASE WHEN {starts} THEN 0 WHEN {names} THEN 1 ELSE 2 END")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn queries_fold_and_quote_every_word_as_a_prefix() {
        let search = TextSearch::new("  Fresh-MILK  ").unwrap();
        let words = r#"("fresh" OR "fresh"*) AND ("milk" OR "milk"*)"#;
        assert_eq!(
            search.match_expression(Fields::Names),
            format!("{{name_en}} : ({words}) OR {{name_ar}} : ({words})")
        );
        assert_eq!(
            search.starts_expression(),
            r#"{name_en} : ^ "fresh"* + "milk"* OR {name_ar} : ^ "fresh"* + "milk"*"#
        );
        assert_eq!(
            TextSearch::new("أحمد")
                .unwrap()
                .match_expression(Fields::NamesAndDescriptions),
            r#"{name_en description_en} : (("احمد" OR "احمد"*)) OR {name_ar description_ar} : (("احمد" OR "احمد"*))"#
        );
        // FTS5 syntax in the text is only punctuation between words.
        assert_eq!(
            TextSearch::new(r#"a" name_en:*"#)
                .unwrap()
                .starts_expression(),
            r#"{name_en} : ^ "a"* + "name"* + "en"* OR {name_ar} : ^ "a"* + "name"* + "en"*"#
        );
        assert_eq!(quoted(r#"say "hi""#), r#""say ""hi""""#);
        assert_eq!(TextSearch::new("%_ ()\"*"), None);
        assert_eq!(TextSearch::new("\u{064E}\u{0640}"), None);
    }

    #[test]
    fn tiers_are_index_queries_with_bound_text() {
        let search = TextSearch::new("Orange juice").unwrap();
        let mut sql = Sql::default();
        let tier = search.tier(Index::Products, Fields::NamesAndDescriptions, &mut sql);
        assert!(!tier.contains("orange"), "values are parameters: {tier}");
        assert_eq!(
            tier,
            "CASE WHEN product_search.rowid IN (SELECT rowid FROM product_search WHERE product_search MATCH ?1) THEN 0 \
             WHEN product_search.rowid IN (SELECT rowid FROM product_search WHERE product_search MATCH ?2) THEN 1 ELSE 2 END"
        );
        let mut sql = Sql::default();
        let tier = search.tier(Index::Branches, Fields::Names, &mut sql);
        assert_eq!(
            tier,
            "CASE WHEN branch_search.rowid IN (SELECT rowid FROM branch_search WHERE branch_search MATCH ?1) THEN 0 ELSE 1 END"
        );
        assert_eq!(sql.arg(0i64), "?2");
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
        let digest = |texts: [&str; 4]| -> Vec<u8> {
            conn.query_row("SELECT search_digest(?1, ?2, ?3, ?4)", texts, |r| r.get(0))
                .unwrap()
        };
        let first = digest(["Fresh Milk", "حليب طازج", "", "لبن"]);
        assert_eq!(first.len(), 16);
        // Texts that fold alike share a document; any other difference does not, even
        // text moved from one column to the next.
        assert_eq!(first, digest(["FRESH  milk!", "حَليب طازج", "", "لبن"]));
        assert_ne!(first, digest(["Fresh Milk", "حليب طازج", "لبن", ""]));
        assert_ne!(first, digest(["Fresh Milk", "حليب طازج", "", "لبنة"]));
    }
}
