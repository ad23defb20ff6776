//! Response envelopes: objects as `{"data": {...}, "message": ...}`, lists as
//! `{"data": [...], "meta": {"current_page", "last_page", ...}}`.

use serde::{Deserialize, Serialize};
use storefront_core::locale::Language;
use utoipa::{IntoParams, ToSchema};

use crate::http::error::ApiError;
use crate::i18n::Msg;

/// One object and an optional message for the client to show.
#[derive(Debug, Serialize, ToSchema)]
pub struct Data<T> {
    pub data: T,
    pub message: Option<String>,
}

impl<T> Data<T> {
    pub fn new(data: T) -> Self {
        Data {
            data,
            message: None,
        }
    }

    pub fn with_message(data: T, message: String) -> Self {
        Data {
            data,
            message: Some(message),
        }
    }
}

/// A page of a list.
#[derive(Debug, Serialize, ToSchema)]
pub struct Page<T> {
    pub data: Vec<T>,
    pub meta: Meta,
}

/// Pagination state; the client asks for the next page while `current_page <
/// last_page`.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Meta {
    pub current_page: u32,
    pub last_page: u32,
    pub per_page: u32,
    pub total: u64,
}

impl<T> Page<T> {
    /// A complete (unpaginated) list as a single page.
    pub fn all(data: Vec<T>) -> Self {
        let total = data.len() as u64;
        let per_page = u32::try_from(data.len()).unwrap_or(u32::MAX).max(1);
        Page {
            data,
            meta: Meta {
                current_page: 1,
                last_page: 1,
                per_page,
                total,
            },
        }
    }
}

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

/// A point (spec 3 `location{latitude, longitude}`).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Location {
    pub latitude: f64,
    pub longitude: f64,
}

/// `{name}` objects the API nests (country, city).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Named {
    pub name: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn last_page_rounds_up_and_is_at_least_one() {
        let paging = Paging {
            page: Some(2),
            limit: Some(20),
        }
        .checked(Language::En)
        .unwrap();
        assert_eq!(paging.meta(41).last_page, 3);
        assert_eq!(paging.meta(40).last_page, 2);
        assert_eq!(paging.meta(0).last_page, 1);
        assert_eq!(paging.offset(), 20);
    }

    #[test]
    fn out_of_range_paging_is_a_422_naming_the_field() {
        let error = Paging {
            page: Some(0),
            limit: None,
        }
        .checked(Language::En)
        .unwrap_err();
        assert_eq!(
            error.body()["errors"]["page"][0],
            "The page must be between 1 and 100000."
        );
        let error = Paging {
            page: None,
            limit: Some(1000),
        }
        .checked(Language::Ar)
        .unwrap_err();
        assert!(
            error.body()["errors"]["limit"][0]
                .as_str()
                .unwrap()
                .contains("1")
        );
        assert_eq!(
            Paging {
                page: None,
                limit: None
            }
            .checked(Language::En)
            .unwrap(),
            PageRequest {
                page: 1,
                limit: DEFAULT_LIMIT
            }
        );
    }
}
