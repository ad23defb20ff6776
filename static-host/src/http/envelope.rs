//! Response envelopes: objects as `{"data": {...}, "message": ...}`, lists as
//! `{"data": [...], "meta": {"current_page", "last_page", ...}}`.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

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

// Paging lives in `paging`; re-exported here, beside the `Page` it fills.
pub use crate::http::paging::{DEFAULT_LIMIT, MAX_LIMIT, MAX_PAGE, PageRequest, Paging};

/// A point (spec 3 `location{latitude, longitude}`).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Location {
    /// Degrees, −90 to 90.
    #[schema(minimum = -90, maximum = 90, example = 30.0626)]
    pub latitude: f64,
    /// Degrees, −180 to 180.
    #[schema(minimum = -180, maximum = 180, example = 31.2197)]
    pub longitude: f64,
}

/// `{name}` objects the API nests (country, city).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Named {
    pub name: String,
}

#[cfg(test)]
mod tests {
    use storefront_core::locale::Language;

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
