//! Paging of lists: the `page` and `limit` query every paged list takes, checked once,
//! and [`page_of`], which runs a list's count and its page window.

use rusqlite::{Connection, Row, ToSql};
use serde::Deserialize;
use storefront_core::locale::Language;
use utoipa::{IntoParams, ToSchema};

use crate::http::envelope::{Meta, Page};
use crate::http::error::ApiError;
use crate::i18n::Msg;

/// `page` (from 1) and `limit` (1–100) query parameters.
#[derive(Debug, Clone, Copy, Deserialize, IntoParams, ToSchema)]
#[into_params(parameter_in = Query)]
pub struct Paging {
    /// Page number, from 1.
    #[param(minimum = 1, maximum = 100000)]
    pub page: Option<u32>,
    /// Items per page, 1 to 100.
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<u32>,
}

pub const DEFAULT_LIMIT: u32 = 20;
pub const MAX_LIMIT: u32 = 100;
pub const MAX_PAGE: u32 = 100_000;

/// Validated paging.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PageRequest {
    pub page: u32,
    pub limit: u32,
}

impl Paging {
    /// Checks the ranges; out of range is a 422 naming the field.
    pub fn checked(&self, lang: Language) -> Result<PageRequest, ApiError> {
        self.checked_with_default(lang, DEFAULT_LIMIT)
    }

    pub fn checked_with_default(
        &self,
        lang: Language,
        default_limit: u32,
    ) -> Result<PageRequest, ApiError> {
        let page = self.page.unwrap_or(1);
        if !(1..=MAX_PAGE).contains(&page) {
            return Err(out_of_range("page", 1, MAX_PAGE, lang));
        }
        let limit = self.limit.unwrap_or(default_limit);
        if !(1..=MAX_LIMIT).contains(&limit) {
            return Err(out_of_range("limit", 1, MAX_LIMIT, lang));
        }
        Ok(PageRequest { page, limit })
    }
}

fn out_of_range(field: &str, min: u32, max: u32, lang: Language) -> ApiError {
    ApiError::validation(
        field,
        Msg::OutOfRange {
            field: field.to_owned(),
            min: i64::from(min),
            max: i64::from(max),
        }
        .text(lang),
    )
}

impl PageRequest {
    pub fn offset(&self) -> i64 {
        i64::from(self.page - 1) * i64::from(self.limit)
    }

    pub fn meta(&self, total: u64) -> Meta {
        let last_page = u32::try_from(total.div_ceil(u64::from(self.limit)))
            .unwrap_or(u32::MAX)
            .max(1);
        Meta {
            current_page: self.page,
            last_page,
            per_page: self.limit,
            total,
        }
    }
}

/// One page of a list. `count_sql` counts the rows `select_sql` lists; both take
/// `args` as `?1`…`?n`, and `select_sql` (ordered, without LIMIT) gets the page's
/// window appended as `?n+1`, `?n+2`.
pub fn page_of<T>(
    conn: &Connection,
    count_sql: &str,
    select_sql: &str,
    args: &[&dyn ToSql],
    paging: PageRequest,
    row: impl FnMut(&Row<'_>) -> rusqlite::Result<T>,
) -> rusqlite::Result<Page<T>> {
    let total: i64 = conn.query_row(count_sql, args, |r| r.get(0))?;
    let n = args.len();
    let window = format!("{select_sql} LIMIT ?{} OFFSET ?{}", n + 1, n + 2);
    let (limit, offset) = (i64::from(paging.limit), paging.offset());
    let mut all: Vec<&dyn ToSql> = args.to_vec();
    all.push(&limit);
    all.push(&offset);
    let data = conn
        .prepare(&window)?
        .query_map(all.as_slice(), row)?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(Page {
        data,
        meta: paging.meta(u64::try_from(total).unwrap_or(0)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_holds_its_window_and_counts_every_row() {
        let conn = Connection::open_in_memory().unwrap();
        conn.execute_batch(
            "CREATE TABLE t (id INTEGER PRIMARY KEY, owner INTEGER);
             WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 45)
             INSERT INTO t SELECT i, i % 2 FROM n;",
        )
        .unwrap();
        let paging = Paging {
            page: Some(2),
            limit: Some(10),
        }
        .checked(Language::En)
        .unwrap();
        let page = page_of(
            &conn,
            "SELECT count(*) FROM t WHERE owner = ?1",
            "SELECT id FROM t WHERE owner = ?1 ORDER BY id",
            &[&1],
            paging,
            |r| r.get::<_, i64>(0),
        )
        .unwrap();
        // 23 odd ids: the second page of ten is the 11th to the 20th.
        assert_eq!(page.data, (21..=39).step_by(2).collect::<Vec<i64>>());
        assert_eq!(
            (page.meta.total, page.meta.last_page, page.meta.current_page),
            (23, 3, 2)
        );
    }

    #[test]
    fn out_of_range_paging_is_refused_naming_the_field() {
        for (page, limit, field) in [(Some(0), None, "page"), (None, Some(101), "limit")] {
            let err = Paging { page, limit }.checked(Language::En).unwrap_err();
            assert!(format!("{err:?}").contains(field), "{err:?}");
        }
    }
}
