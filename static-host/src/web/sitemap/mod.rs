//! What crawlers are told of the site: `robots.txt` (the account, cart, checkout and
//! `/api` paths are not for them; where the sitemap is) and the sitemap (sitemaps.org
//! 0.9): `/sitemap.xml` is an index of `/sitemaps/{n}.xml`, files of at most
//! [`URLS_PER_FILE`] URLs that page through the landing page, the static pages, the
//! categories, the shops and the products, in that order and by id. Every page is listed
//! in both languages (the bare path and `?lang=ar`, see [`super::head`]), each entry with
//! the page's hreflang alternates.
//!
//! The embedded API's catalogue is read from its database directly (ids only, by
//! primary key: a file of 100,000 products' costs one indexed range read); an external
//! API's is walked through its lists ([`crawl`]).

mod crawl;

use std::sync::Arc;

use rusqlite::Connection;
use storefront_core::locale::Language;

use super::head::language_url;
use super::page::escape_html;
use crate::db::Db;
use crate::http::error::ApiError;

/// The sitemaps.org limit of URLs in one file.
pub const URLS_PER_FILE: u64 = 50_000;
/// Each page is listed once per language.
const LANGUAGES: [Language; 2] = [Language::En, Language::Ar];
/// Pages (both their URLs) in one file.
pub const PAGES_PER_FILE: u64 = URLS_PER_FILE / LANGUAGES.len() as u64;

/// Pages that always exist, listed first.
const FIXED: &[&str] = &["/"];
/// The catalogue's tables and the route of a row, in the order they are listed.
const SECTIONS: &[(&str, &str)] = &[
    ("static_pages", "/information/"),
    ("categories", "/categories/"),
    ("branches", "/branches/"),
    ("products", "/products/"),
];

const XMLNS: &str = "http://www.sitemaps.org/schemas/sitemap/0.9";
const XHTML: &str = "http://www.w3.org/1999/xhtml";

/// Where the catalogue's pages are listed from.
pub enum Catalogue {
    /// The embedded API's database.
    Database(Db),
    /// An external API, walked.
    Crawled(crawl::Crawled),
}

/// The sitemap cannot be made right now (the first walk of an external API has not
/// ended): answer 503 and ask to come back.
#[derive(Debug)]
pub enum Unavailable {
    NotYet,
    Failed(ApiError),
}

impl From<ApiError> for Unavailable {
    fn from(err: ApiError) -> Self {
        Unavailable::Failed(err)
    }
}

/// How long a crawler is asked to wait when the list is not ready.
pub const RETRY_AFTER_SECONDS: u64 = crawl::RETRY_AFTER.as_secs();

impl Catalogue {
    pub fn external(api: Arc<super::source::External>) -> Self {
        Catalogue::Crawled(crawl::Crawled::new(api))
    }

    /// How many pages the sitemap lists.
    pub async fn page_count(&self) -> Result<u64, Unavailable> {
        match self {
            Catalogue::Database(db) => Ok(page_count(db).await?),
            Catalogue::Crawled(crawled) => {
                let list = crawled.paths().await.ok_or(Unavailable::NotYet)?;
                Ok(list.len() as u64)
            }
        }
    }

    /// The paths of file `n` (from 1); `None` past the last file.
    pub async fn file_paths(&self, n: u64) -> Result<Option<Vec<String>>, Unavailable> {
        match self {
            Catalogue::Database(db) => Ok(file_paths(db, n).await?),
            Catalogue::Crawled(crawled) => {
                let list = crawled.paths().await.ok_or(Unavailable::NotYet)?;
                Ok(window(&list, n).map(<[String]>::to_vec))
            }
        }
    }
}

/// File `n` (from 1) of a whole list; `None` past the last file.
fn window(list: &[String], n: u64) -> Option<&[String]> {
    let from = n.checked_sub(1)?.checked_mul(PAGES_PER_FILE)?;
    if n > file_count(list.len() as u64) {
        return None;
    }
    let from = usize::try_from(from).ok()?.min(list.len());
    let to = from.saturating_add(PAGES_PER_FILE as usize).min(list.len());
    Some(&list[from..to])
}

/// `robots.txt` for the site at `origin`, naming the sitemap when there is one. Product
/// pictures live under `/api/media/`, which stays open so that link previews and image
/// search can show them.
pub fn robots(origin: &str, with_sitemap: bool) -> String {
    let mut text = "User-agent: *\n\
         Disallow: /account\n\
         Disallow: /cart\n\
         Disallow: /checkout\n\
         Disallow: /api/\n\
         Allow: /api/media/\n"
        .to_owned();
    if with_sitemap {
        text.push_str(&format!("\nSitemap: {origin}/sitemap.xml\n"));
    }
    text
}

/// How many pages the database's sitemap lists.
async fn page_count(db: &Db) -> Result<u64, ApiError> {
    db.read(|c| {
        let mut total = FIXED.len() as u64;
        for (table, _) in SECTIONS {
            total += row_count(c, table)?;
        }
        Ok(total)
    })
    .await
}

/// How many files the index lists (one at least, for the fixed pages).
pub fn file_count(pages: u64) -> u64 {
    pages.div_ceil(PAGES_PER_FILE).max(1)
}

/// The sitemap index at `origin` for `pages` pages.
pub fn index(origin: &str, pages: u64) -> String {
    let mut xml =
        format!("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<sitemapindex xmlns=\"{XMLNS}\">\n");
    for n in 1..=file_count(pages) {
        xml.push_str(&format!(
            "<sitemap><loc>{}</loc></sitemap>\n",
            escape_html(&format!("{origin}/sitemaps/{n}.xml"))
        ));
    }
    xml.push_str("</sitemapindex>\n");
    xml
}

/// The paths of the database's file `n` (from 1); `None` past the last file.
async fn file_paths(db: &Db, n: u64) -> Result<Option<Vec<String>>, ApiError> {
    let Some(from) = n.checked_sub(1).and_then(|i| i.checked_mul(PAGES_PER_FILE)) else {
        return Ok(None);
    };
    let pages = page_count(db).await?;
    if n > file_count(pages) {
        return Ok(None);
    }
    db.read(move |c| paths_in(c, from, PAGES_PER_FILE).map(Some))
        .await
}

/// The XML of a file listing `paths` at `origin`, each in every language.
pub fn urlset(origin: &str, paths: &[String]) -> String {
    let mut xml = format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"{XMLNS}\" xmlns:xhtml=\"{XHTML}\">\n"
    );
    for path in paths {
        let alternates: String = LANGUAGES
            .iter()
            .map(|&language| (language.code(), language))
            .chain([("x-default", Language::En)])
            .map(|(hreflang, language)| {
                format!(
                    "<xhtml:link rel=\"alternate\" hreflang=\"{hreflang}\" href=\"{}\"/>",
                    escape_html(&language_url(origin, path, language))
                )
            })
            .collect();
        for language in LANGUAGES {
            xml.push_str(&format!(
                "<url><loc>{}</loc>{alternates}</url>\n",
                escape_html(&language_url(origin, path, language))
            ));
        }
    }
    xml.push_str("</urlset>\n");
    xml
}

fn row_count(c: &Connection, table: &str) -> Result<u64, ApiError> {
    // `table` is one of SECTIONS' fixed names.
    let count: i64 = c.query_row(&format!("SELECT count(*) FROM {table}"), [], |r| r.get(0))?;
    Ok(u64::try_from(count).unwrap_or(0))
}

/// `count` pages from the `from`th of the whole list (fixed pages, then each section by
/// id).
fn paths_in(c: &Connection, from: u64, count: u64) -> Result<Vec<String>, ApiError> {
    let mut paths = Vec::new();
    let (mut skip, mut want) = (from, count);
    for path in FIXED {
        if want == 0 {
            break;
        }
        if skip > 0 {
            skip -= 1;
        } else {
            paths.push((*path).to_owned());
            want -= 1;
        }
    }
    for (table, route) in SECTIONS {
        if want == 0 {
            break;
        }
        let rows = row_count(c, table)?;
        if skip >= rows {
            skip -= rows;
            continue;
        }
        // By primary key: the offset walks the table's b-tree, no sort.
        let mut statement = c.prepare(&format!(
            "SELECT id FROM {table} ORDER BY id LIMIT ?1 OFFSET ?2"
        ))?;
        let limit = i64::try_from(want).unwrap_or(i64::MAX);
        let offset = i64::try_from(skip).unwrap_or(i64::MAX);
        let ids = statement
            .query_map([limit, offset], |r| r.get::<_, i64>(0))?
            .collect::<Result<Vec<_>, _>>()?;
        want -= ids.len() as u64;
        skip = 0;
        paths.extend(ids.into_iter().map(|id| format!("{route}{id}")));
    }
    Ok(paths)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_hold_at_most_fifty_thousand_urls() {
        assert_eq!(PAGES_PER_FILE * LANGUAGES.len() as u64, URLS_PER_FILE);
        assert_eq!(file_count(0), 1);
        assert_eq!(file_count(1), 1);
        assert_eq!(file_count(PAGES_PER_FILE), 1);
        assert_eq!(file_count(PAGES_PER_FILE + 1), 2);
        assert_eq!(file_count(100_060), 5);
    }

    #[test]
    fn the_list_pages_through_every_section_in_order() {
        let c = Connection::open_in_memory().unwrap();
        for (table, _) in SECTIONS {
            c.execute(
                &format!("CREATE TABLE {table} (id INTEGER PRIMARY KEY)"),
                [],
            )
            .unwrap();
        }
        c.execute("INSERT INTO static_pages VALUES (1), (2)", [])
            .unwrap();
        c.execute("INSERT INTO categories VALUES (5)", []).unwrap();
        c.execute("INSERT INTO products VALUES (3), (9), (4)", [])
            .unwrap();
        let all = paths_in(&c, 0, 100).unwrap();
        assert_eq!(
            all,
            [
                "/",
                "/information/1",
                "/information/2",
                "/categories/5",
                "/products/3",
                "/products/4",
                "/products/9"
            ]
        );
        // Any window of the list is that part of it.
        for from in 0..all.len() as u64 {
            for count in 0..4 {
                let window = paths_in(&c, from, count).unwrap();
                let end = (from + count).min(all.len() as u64) as usize;
                assert_eq!(window, all[from as usize..end], "{from} {count}");
            }
        }
    }

    #[test]
    fn a_walked_list_is_cut_into_the_same_files() {
        let list: Vec<String> = (0..PAGES_PER_FILE + 3)
            .map(|i| format!("/products/{i}"))
            .collect();
        assert_eq!(window(&list, 0), None);
        assert_eq!(window(&list, 1).unwrap().len() as u64, PAGES_PER_FILE);
        assert_eq!(window(&list, 2).unwrap(), &list[PAGES_PER_FILE as usize..]);
        assert_eq!(window(&list, 3), None);
        // An empty list still has its one (empty) file, as the index says.
        assert_eq!(window(&[], 1), Some(&[][..]));
        assert_eq!(window(&[], 2), None);
    }

    #[test]
    fn each_page_is_listed_in_both_languages_with_its_alternates() {
        let xml = urlset("https://s.example", &["/products/3".to_owned()]);
        let alternates = concat!(
            r#"<xhtml:link rel="alternate" hreflang="en" href="https://s.example/products/3"/>"#,
            r#"<xhtml:link rel="alternate" hreflang="ar" href="https://s.example/products/3?lang=ar"/>"#,
            r#"<xhtml:link rel="alternate" hreflang="x-default" href="https://s.example/products/3"/>"#
        );
        assert!(xml.contains(&format!(
            "<url><loc>https://s.example/products/3</loc>{alternates}</url>"
        )));
        assert!(xml.contains(&format!(
            "<url><loc>https://s.example/products/3?lang=ar</loc>{alternates}</url>"
        )));
        assert_eq!(xml.matches("<url>").count(), 2);
        assert!(
            index("https://s.example", 3)
                .contains("<sitemap><loc>https://s.example/sitemaps/1.xml</loc></sitemap>")
        );
    }

    #[test]
    fn robots_keeps_crawlers_out_of_private_paths_and_names_the_sitemap() {
        let text = robots("https://s.example", true);
        for line in [
            "User-agent: *",
            "Disallow: /account",
            "Disallow: /cart",
            "Disallow: /checkout",
            "Disallow: /api/",
            "Sitemap: https://s.example/sitemap.xml",
        ] {
            assert!(text.lines().any(|l| l == line), "{line}");
        }
        assert!(!robots("https://s.example", false).contains("Sitemap"));
    }
}
