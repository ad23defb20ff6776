//! Full-text search of products and shops on SQLite FTS5 (migrations 0006 and 0010).
//!
//! **What is indexed.** `product_search` and `branch_search` hold each text twice:
//! folded by the core's [`search_key`] (Arabic alef, taa marbuta and alef maqsura
//! variants, diacritics, tatweel, case; words joined by single spaces) and stemmed by
//! the core's [`search_stem_key`] (the `…_stem` columns: Arabic light stemming, English
//! Porter 2). A product's document also holds its brand and its category (with the
//! parent category) in columns of their own, and its name without the leading brand
//! (`search_item`). Triggers keep the indexes in step with `products`, `brands`,
//! `categories` and `branches` through the SQL functions `db::functions` adds
//! to every connection the server opens.
//!
//! A `product_search` row is a search document: one distinct text (names,
//! descriptions, brand and category), shared by every product carrying it
//! (`products.search_doc`; in a marketplace many shops list the same item). Ranking
//! scores documents, then reads their products through the `products_by_search_doc`
//! index without reading product rows.
//!
//! **How a query word matches.** A word of the query matches a word of the text when
//! - the text's word starts with it as typed (folded): 'ora' finds 'Oranges', so
//!   suggestions follow the typing;
//! - or both have the same stem: 'oranges' finds 'Orange', 'الحليب' finds 'حليب',
//!   'بالبرتقال' finds 'برتقال';
//! - or, for an Arabic word with the article or و, the rest starts a stem: 'البرت'
//!   finds 'برتقال' while it is being typed.
//!
//! Every word must match, all within one language (a product's English texts, or its
//! Arabic ones). The query is FTS5 text built here from quoted words: nothing a
//! shopper types is syntax.
//!
//! **Ranking by intent** (best first), each an FTS5 query run once per request:
//! 1. *tier*: every word matches the name or the brand as a whole word or stem (0),
//!    some only as the start of a word (1), or the description is needed (2);
//! 2. *category*: a word names the product's category or its parent ('milk' → Milk,
//!    'vitamins' → Vitamins & Supplements) before the others ('milk chocolate');
//! 3. *form*: an Arabic word with a preposition and the article (بال، كال، لل: 'with
//!    the', 'like the', 'for the') is in the name as typed: 'بالفراولة' puts strawberry
//!    milk ('حليب بالفراولة') before strawberries ('فراولة');
//! 4. *starts*: the item's name (without the brand) starts with the query as typed;
//! 5. products: the fewest words in the item's name (without the brand), in the query's
//!    language: the name the query covers best, so 'فول مدمس' is above 'فول سوداني
//!    محمص' for 'فول' and 'Tomatoes 1 kg' above 'Tomato Ketchup Potato Chips' for
//!    'tomato';
//! 6. *typed*: the name holds every word as typed, not only its stem ('Navel Oranges'
//!    before 'Orange Juice' for 'oranges');
//! 7. products: popularity; shops: bm25 over the matched columns (names weigh
//!    [`NAME_WEIGHT`], descriptions 1), then display order.
//!
//! **When nothing matches** (the results list only; suggestions follow the typing):
//! first an Arabic word may drop a bare proclitic ('ببرتقال' → 'برتقال',
//! [`TextSearch::broader`]); then a word of five letters or more may stand for an
//! indexed word one edit away ('bananna' → 'banana', [`TextSearch::with_typos`], the
//! index's words read from `product_search_terms`), and the list says it is
//! approximate (`meta.approximate`).
use crate::db::sql::Sql;

use storefront_core::text::{
    bare_proclitic_rest, has_relation_proclitic, search_terms, stem_word, strip_arabic_proclitics,
    typo_candidates, typo_tolerant,
};

/// How much more a name match counts than a description match in bm25.
pub const NAME_WEIGHT: f64 = 10.0;
/// A brand match (products).
pub const BRAND_WEIGHT: f64 = 4.0;
/// A category match (products, in a broader search).
pub const CATEGORY_WEIGHT: f64 = 2.0;

/// Most indexed words one typo may stand for: a long word rarely has more than a few
/// neighbours, and the query stays small whatever the catalogue.
const MAX_TYPO_CANDIDATES: usize = 20;

/// The languages of the indexed columns.
const LANGUAGES: [&str; 2] = ["en", "ar"];

/// The FTS5 tables. A `product_search` rowid is a search document
/// (`products.search_doc`), a `branch_search` rowid a shop's id.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Index {
    Products,
    Branches,
}

/// A kind of text in a search document; each has a folded and a stemmed column per
/// language (`name_en`, `name_en_stem`, …).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Field {
    /// The product's name without its brand, or the shop's name.
    Name,
    /// The product's brand (products only).
    Brand,
    /// The product's category and its parent (products only).
    Category,
    Description,
}

impl Field {
    fn name(self) -> &'static str {
        match self {
            Field::Name => "name",
            Field::Brand => "brand",
            Field::Category => "category",
            Field::Description => "description",
        }
    }

    fn weight(self) -> f64 {
        match self {
            Field::Name => NAME_WEIGHT,
            Field::Brand => BRAND_WEIGHT,
            Field::Category => CATEGORY_WEIGHT,
            Field::Description => 1.0,
        }
    }

    /// The column of this field in `language`, folded or stemmed (fixed text).
    fn column(self, language: &str, stem: bool) -> String {
        let suffix = if stem { "_stem" } else { "" };
        format!("{}_{language}{suffix}", self.name())
    }
}

impl Index {
    /// The table name (fixed text, safe in SQL).
    pub fn table(self) -> &'static str {
        match self {
            Index::Products => "product_search",
            Index::Branches => "branch_search",
        }
    }

    /// The fields of a document, in column order (the folded columns, each field in
    /// both languages, then the stemmed ones in the same order; see migration 0010).
    fn fields(self) -> &'static [Field] {
        match self {
            Index::Products => &[
                Field::Name,
                Field::Brand,
                Field::Category,
                Field::Description,
            ],
            Index::Branches => &[Field::Name, Field::Description],
        }
    }

    /// The bm25 score of the current match row (lower is better), fields weighted.
    pub fn score(self) -> String {
        let weights: Vec<String> = [false, true]
            .into_iter()
            .flat_map(|_| self.fields().iter())
            .flat_map(|field| LANGUAGES.map(|_| format!("{:.1}", field.weight())))
            .collect();
        format!("bm25({}, {})", self.table(), weights.join(", "))
    }
}

/// Which texts a search looks in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fields {
    /// Names (and products' brands): suggestions and quick search.
    Names,
    /// Names, brands and descriptions: result lists.
    NamesAndDescriptions,
}

impl Fields {
    /// The fields of `index` looked in: result lists also look in products'
    /// categories.
    fn of(self, index: Index) -> Vec<Field> {
        let mut fields = vec![Field::Name];
        if index == Index::Products {
            fields.push(Field::Brand);
        }
        if self == Fields::NamesAndDescriptions {
            if index == Index::Products {
                fields.push(Field::Category);
            }
            fields.push(Field::Description);
        }
        fields
    }
}

/// How closely a word must match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Closeness {
    /// The whole word as typed (folded).
    Typed,
    /// The whole word as typed, or its stem.
    Whole,
    /// Also the start of a word.
    Prefix,
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
                let m = sql.arg(search.match_expression(index, fields));
                Some(format!(
                    "{id} IN (SELECT rowid FROM {table} WHERE {table} MATCH {m})"
                ))
            }
        }
    }
}

/// One word of a query.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Word {
    /// As typed, folded.
    folded: String,
    /// Its stem.
    stem: String,
    /// An Arabic word without its article or و, when it had one: also matched as the
    /// start of a stem.
    unclitic: Option<String>,
    /// An Arabic word with بال، كال or لل: names holding it as typed rank first.
    relation: bool,
    /// Other indexed words it may stand for in a relaxed search (see
    /// [`TextSearch::broader`] and [`TextSearch::with_typos`]).
    alternatives: Vec<String>,
}

/// How far a search strays from what was typed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Relaxation {
    /// The words as typed: prefixes and stems.
    #[default]
    Exact,
    /// Also Arabic words without a bare proclitic.
    Broader,
    /// Also indexed words one edit from a typed word of five letters or more.
    Typos,
}

/// A search text turned into FTS5 queries and a ranking.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TextSearch {
    words: Vec<Word>,
    relaxation: Relaxation,
}

/// The SQL ranking terms of a search, for the current match row of its index (each
/// 0 for the better half, 1 or 2 otherwise, or `NULL` when it does not apply: never a
/// bare number, which `ORDER BY` would read as a column; see the module's ranking).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ranking {
    pub tier: String,
    pub category: String,
    pub form: String,
    pub starts: String,
    pub typed: String,
}

/// An FTS5 string: the text between double quotes, quotes doubled.
fn quoted(text: &str) -> String {
    format!("\"{}\"", text.replace('"', "\"\""))
}

/// The FTS5 column filter of `fields` in `language` (`{name_en brand_en}`), folded,
/// stemmed or both.
fn columns(fields: &[Field], language: &str, folded: bool, stemmed: bool) -> String {
    let mut names = Vec::new();
    for stem in [false, true] {
        if (stem && stemmed) || (!stem && folded) {
            names.extend(fields.iter().map(|f| f.column(language, stem)));
        }
    }
    format!("{{{}}}", names.join(" "))
}

impl TextSearch {
    /// `None` when the text has no letters or digits (only punctuation or marks):
    /// such a search matches nothing.
    pub fn new(text: &str) -> Option<TextSearch> {
        let words: Vec<Word> = search_terms(text)
            .into_iter()
            .map(|folded| {
                let unclitic = strip_arabic_proclitics(&folded);
                Word {
                    stem: stem_word(&folded),
                    unclitic: (unclitic != folded).then(|| unclitic.to_owned()),
                    relation: has_relation_proclitic(&folded),
                    folded,
                    alternatives: Vec::new(),
                }
            })
            .collect();
        (!words.is_empty()).then_some(TextSearch {
            words,
            relaxation: Relaxation::Exact,
        })
    }

    pub fn relaxation(&self) -> Relaxation {
        self.relaxation
    }

    /// The language of the indexed columns the query can match: Arabic when a word
    /// has an Arabic letter (all words must match within one language).
    pub fn language(&self) -> &'static str {
        let arabic = |c: char| ('\u{0600}'..='\u{06FF}').contains(&c);
        if self.words.iter().any(|w| w.folded.chars().any(arabic)) {
            "ar"
        } else {
            "en"
        }
    }

    /// The same words, an Arabic word with a bare proclitic (ب ك ل ف) also by the
    /// rest's stem: for a results list where the words as typed found nothing.
    pub fn broader(&self) -> TextSearch {
        let mut search = self.clone();
        search.relaxation = Relaxation::Broader;
        for word in &mut search.words {
            if let Some(rest) = bare_proclitic_rest(&word.folded) {
                word.alternatives.push(stem_word(rest));
            }
        }
        search
    }

    /// Whether a word is long enough to be corrected (five letters or more).
    pub fn typo_tolerant(&self) -> bool {
        self.words.iter().any(|w| typo_tolerant(&w.folded))
    }

    /// A broader search where each word of five letters or more also stands for the
    /// indexed words one edit away (from `vocabulary`, the index's terms); `None`
    /// when no word has such a neighbour.
    pub fn with_typos(&self, vocabulary: &[&str]) -> Option<TextSearch> {
        let mut search = self.broader();
        search.relaxation = Relaxation::Typos;
        let mut found = false;
        for word in &mut search.words {
            let candidates = typo_candidates(&word.folded, vocabulary.iter().copied());
            for candidate in candidates.into_iter().take(MAX_TYPO_CANDIDATES) {
                found = true;
                for alternative in [candidate.to_owned(), stem_word(candidate)] {
                    if !word.alternatives.contains(&alternative) {
                        word.alternatives.push(alternative);
                    }
                }
            }
        }
        found.then_some(search)
    }

    /// One word's FTS5 query in `fields` of one language: as typed (whole, or also as
    /// a prefix), by stem, and by its alternatives.
    fn word_expression(
        word: &Word,
        fields: &[Field],
        language: &str,
        closeness: Closeness,
    ) -> String {
        let folded = columns(fields, language, true, false);
        let stemmed = columns(fields, language, false, true);
        let typed = quoted(&word.folded);
        let stem = quoted(&word.stem);
        let mut parts = Vec::new();
        match closeness {
            Closeness::Typed => parts.push(format!("{folded} : {typed}")),
            Closeness::Whole => {
                parts.push(format!("{folded} : {typed}"));
                parts.push(format!("{stemmed} : {stem}"));
            }
            Closeness::Prefix => {
                parts.push(format!("{folded} : ({typed} OR {typed}*)"));
                match &word.unclitic {
                    Some(rest) => parts.push(format!("{stemmed} : ({stem} OR {}*)", quoted(rest))),
                    None => parts.push(format!("{stemmed} : {stem}")),
                }
            }
        }
        if !word.alternatives.is_empty() {
            let both = columns(fields, language, true, true);
            let alternatives: Vec<String> = word.alternatives.iter().map(|a| quoted(a)).collect();
            parts.push(format!("{both} : ({})", alternatives.join(" OR ")));
        }
        format!("({})", parts.join(" OR "))
    }

    /// Every word matching in `fields`, all within one language.
    fn all_words(&self, fields: &[Field], closeness: Closeness) -> String {
        LANGUAGES
            .map(|language| {
                let words: Vec<String> = self
                    .words
                    .iter()
                    .map(|word| Self::word_expression(word, fields, language, closeness))
                    .collect();
                format!("({})", words.join(" AND "))
            })
            .join(" OR ")
    }

    /// Some word matching `fields` as a whole word or stem, in either language.
    fn any_word(&self, fields: &[Field]) -> String {
        LANGUAGES
            .iter()
            .flat_map(|language| {
                self.words.iter().map(move |word| {
                    Self::word_expression(word, fields, language, Closeness::Whole)
                })
            })
            .collect::<Vec<_>>()
            .join(" OR ")
    }

    /// The FTS5 query of this search in `fields` of `index`. It travels as a
    /// parameter; the words are quoted, so nothing in them is syntax.
    pub fn match_expression(&self, index: Index, fields: Fields) -> String {
        self.all_words(&fields.of(index), Closeness::Prefix)
    }

    /// The FTS5 query of names starting with the text as typed: its words in order
    /// from the name's first word, each the start of a word. (As typed, not by stem:
    /// 'oranges' does not put 'Orange Juice' before 'Navel Oranges'.)
    fn starts_expression(&self) -> String {
        let phrase = self
            .words
            .iter()
            .map(|w| format!("{}*", quoted(&w.folded)))
            .collect::<Vec<_>>()
            .join(" + ");
        LANGUAGES
            .map(|language| format!("{{name_{language}}} : ^ {phrase}"))
            .join(" OR ")
    }

    /// The ranking terms of the current match row of `index` (see the module's
    /// ranking). Each is one index query, run once per statement; its text is a
    /// parameter of `sql`.
    pub fn ranking(&self, index: Index, fields: Fields, sql: &mut Sql) -> Ranking {
        let table = index.table();
        let mut rows = |expression: String| {
            let m = sql.arg(expression);
            format!("{table}.rowid IN (SELECT rowid FROM {table} WHERE {table} MATCH {m})")
        };
        let names = Fields::Names.of(index);
        let whole = rows(self.all_words(&names, Closeness::Whole));
        let tier = match fields {
            Fields::Names => format!("CASE WHEN {whole} THEN 0 ELSE 1 END"),
            Fields::NamesAndDescriptions => {
                let prefix = rows(self.all_words(&names, Closeness::Prefix));
                format!("CASE WHEN {whole} THEN 0 WHEN {prefix} THEN 1 ELSE 2 END")
            }
        };
        let category = match index {
            Index::Products => format!(
                "CASE WHEN {} THEN 0 ELSE 1 END",
                rows(self.any_word(&[Field::Category]))
            ),
            Index::Branches => "NULL".to_owned(),
        };
        let related: Vec<String> = self
            .words
            .iter()
            .filter(|w| w.relation)
            .map(|w| {
                format!(
                    "{} : {}",
                    columns(&names, "ar", true, false),
                    quoted(&w.folded)
                )
            })
            .collect();
        let form = if related.is_empty() {
            "NULL".to_owned()
        } else {
            format!(
                "CASE WHEN {} THEN 0 ELSE 1 END",
                rows(related.join(" AND "))
            )
        };
        let starts = format!(
            "CASE WHEN {} THEN 0 ELSE 1 END",
            rows(self.starts_expression())
        );
        let typed = format!(
            "CASE WHEN {} THEN 0 ELSE 1 END",
            rows(self.all_words(&names, Closeness::Typed))
        );
        Ranking {
            tier,
            category,
            form,
            starts,
            typed,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn queries_quote_every_word_as_typed_and_by_stem() {
        let search = TextSearch::new("  Fresh-ORANGES  ").unwrap();
        let en = r#"({name_en brand_en} : ("fresh" OR "fresh"*) OR {name_en_stem brand_en_stem} : "fresh") AND ({name_en brand_en} : ("oranges" OR "oranges"*) OR {name_en_stem brand_en_stem} : "orang")"#;
        let expression = search.match_expression(Index::Products, Fields::Names);
        assert!(
            expression.starts_with(&format!("({en}) OR (")),
            "{expression}"
        );
        assert_eq!(
            TextSearch::new("أحمد")
                .unwrap()
                .match_expression(Index::Branches, Fields::NamesAndDescriptions),
            r#"(({name_en description_en} : ("احمد" OR "احمد"*) OR {name_en_stem description_en_stem} : "احمد")) OR (({name_ar description_ar} : ("احمد" OR "احمد"*) OR {name_ar_stem description_ar_stem} : "احمد"))"#
        );
        // The article goes: the stem, and the rest as the start of a stem.
        let article = TextSearch::new("البرت").unwrap();
        assert!(
            article
                .match_expression(Index::Branches, Fields::Names)
                .contains(r#"{name_ar_stem} : ("برت" OR "برت"*)"#)
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
    fn relaxed_searches_add_proclitics_and_typos() {
        let search = TextSearch::new("بحليب").unwrap();
        let exact = search.match_expression(Index::Products, Fields::NamesAndDescriptions);
        assert!(!exact.contains(r#""حليب""#), "{exact}");
        // Result lists look in the category; suggestions do not.
        assert!(
            exact.contains("{name_ar brand_ar category_ar description_ar}"),
            "{exact}"
        );
        let names = search.match_expression(Index::Products, Fields::Names);
        assert!(!names.contains("category"), "{names}");
        let broader = search.broader();
        assert_eq!(broader.relaxation(), Relaxation::Broader);
        let expression = broader.match_expression(Index::Products, Fields::NamesAndDescriptions);
        assert!(expression.contains(r#": ("حليب")"#), "{expression}");

        let vocabulary = ["banana", "bananas", "bandana", "milk"];
        let search = TextSearch::new("bananna milk").unwrap();
        assert!(search.typo_tolerant());
        let typo = search.with_typos(&vocabulary).unwrap();
        assert_eq!(typo.relaxation(), Relaxation::Typos);
        assert_eq!(typo.words[0].alternatives, vec!["banana"]);
        assert!(
            typo.words[1].alternatives.is_empty(),
            "four letters: no typo"
        );
        let expression = typo.match_expression(Index::Products, Fields::NamesAndDescriptions);
        assert!(expression.contains(r#": ("banana")"#), "{expression}");
        // Nothing one edit away, or no word long enough: no typo search at all.
        assert_eq!(
            TextSearch::new("kiwis").unwrap().with_typos(&vocabulary),
            None
        );
        let short = TextSearch::new("mlik").unwrap();
        assert!(!short.typo_tolerant());
        assert_eq!(short.with_typos(&vocabulary), None);
    }

    #[test]
    fn ranking_terms_are_index_queries_with_bound_text() {
        let search = TextSearch::new("Orange juice").unwrap();
        let mut sql = Sql::default();
        let ranking = search.ranking(Index::Products, Fields::NamesAndDescriptions, &mut sql);
        assert!(
            !ranking.tier.contains("orange"),
            "values are parameters: {ranking:?}"
        );
        assert_eq!(
            ranking.tier,
            "CASE WHEN product_search.rowid IN (SELECT rowid FROM product_search WHERE product_search MATCH ?1) THEN 0 \
             WHEN product_search.rowid IN (SELECT rowid FROM product_search WHERE product_search MATCH ?2) THEN 1 ELSE 2 END"
        );
        assert_eq!(
            ranking.category,
            "CASE WHEN product_search.rowid IN (SELECT rowid FROM product_search WHERE product_search MATCH ?3) THEN 0 ELSE 1 END"
        );
        let mut sql = Sql::default();
        let ranking = search.ranking(Index::Branches, Fields::Names, &mut sql);
        assert_eq!(
            ranking.tier,
            "CASE WHEN branch_search.rowid IN (SELECT rowid FROM branch_search WHERE branch_search MATCH ?1) THEN 0 ELSE 1 END"
        );
        assert_eq!(ranking.category, "NULL");
        assert_eq!(ranking.form, "NULL");
        // Three index queries: the tier, the start of the name and the words as typed.
        assert_eq!(sql.arg(0i64), "?4");
    }

    #[test]
    fn scores_weigh_every_column_in_order() {
        assert_eq!(
            Index::Branches.score(),
            "bm25(branch_search, 10.0, 10.0, 1.0, 1.0, 10.0, 10.0, 1.0, 1.0)"
        );
        assert_eq!(
            Index::Products.score(),
            "bm25(product_search, 10.0, 10.0, 4.0, 4.0, 2.0, 2.0, 1.0, 1.0, 10.0, 10.0, 4.0, 4.0, 2.0, 2.0, 1.0, 1.0)"
        );
    }

    #[test]
    fn the_functions_fold_stem_and_strip_the_brand() {
        let conn = rusqlite::Connection::open_in_memory().unwrap();
        crate::db::functions::register(&conn).unwrap();
        let text = |sql: &str| -> Option<String> { conn.query_row(sql, [], |r| r.get(0)).unwrap() };
        assert_eq!(
            text("SELECT search_key('  مُـحَمَّد  أحمد!')"),
            Some("محمد احمد".into())
        );
        assert_eq!(text("SELECT search_key(NULL)"), None);
        assert_eq!(
            text("SELECT search_stems('الحليب Oranges')"),
            Some("حليب orang".into())
        );
        assert_eq!(
            text("SELECT search_item('Juhayna Full Cream Milk', 'JUHAYNA')"),
            Some("full cream milk".into())
        );
        assert_eq!(
            text("SELECT search_item('كولا النيل الأصلية', 'كولا النيل')"),
            Some("الاصليه".into())
        );
        // Only whole words, and never the whole name.
        assert_eq!(
            text("SELECT search_item('Juhaynas Milk', 'Juhayna')"),
            Some("juhaynas milk".into())
        );
        assert_eq!(
            text("SELECT search_item('Nile Cola', 'Nile Cola')"),
            Some("nile cola".into())
        );
        assert_eq!(
            text("SELECT search_item('Milk', NULL)"),
            Some("milk".into())
        );

        let digest = |texts: &[&str]| -> Vec<u8> {
            let marks = (1..=texts.len())
                .map(|i| format!("?{i}"))
                .collect::<Vec<_>>();
            conn.query_row(
                &format!("SELECT search_digest({})", marks.join(", ")),
                rusqlite::params_from_iter(texts),
                |r| r.get(0),
            )
            .unwrap()
        };
        let first = digest(&["Fresh Milk", "حليب طازج", "", "لبن"]);
        assert_eq!(first.len(), 16);
        // Texts that fold alike share a document; any other difference does not, even
        // text moved from one column to the next, or another brand or category.
        assert_eq!(first, digest(&["FRESH  milk!", "حَليب طازج", "", "لبن"]));
        assert_ne!(first, digest(&["Fresh Milk", "حليب طازج", "لبن", ""]));
        assert_ne!(first, digest(&["Fresh Milk", "حليب طازج", "", "لبنة"]));
        assert_ne!(
            digest(&["Milk", "حليب", "", "", "Juhayna", "جهينة", "Milk", "حليب"]),
            digest(&["Milk", "حليب", "", "", "Almarai", "المراعي", "Milk", "حليب"])
        );
    }
}
