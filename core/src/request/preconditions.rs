//! What must be known before a call is made (spec 5), as a decision the UI acts on.

use serde::{Deserialize, Serialize};

use crate::messages::{Message, MessageId};

/// The paginated catalogue lists that need a page and a service.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum CatalogueList {
    /// `GET /products?page&service_id`
    Products,
    /// `GET /branches?page&service_id`
    Branches,
}

impl CatalogueList {
    /// The API path.
    pub fn path(self) -> &'static str {
        match self {
            CatalogueList::Products => "/products",
            CatalogueList::Branches => "/branches",
        }
    }
}

/// The payload of a catalogue list request. 0 counts as missing, as in the original
/// client: pages start at 1 and ids at 1.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ListPayload {
    #[serde(default)]
    pub page: Option<u32>,
    #[serde(default)]
    pub service_id: Option<u64>,
}

/// Whether to make a call.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum FetchDecision {
    /// Call `path` with these query parameters, in order.
    Fetch {
        path: String,
        query: Vec<(String, String)>,
    },
    /// Make no call, log the warning to the console, and answer with an empty result.
    Skip { warning: Message },
    /// Make no call and fail with this message.
    Reject { message: Message },
}

/// Products and branches need both a page and a service id.
pub fn catalogue_list_request(list: CatalogueList, payload: &ListPayload) -> FetchDecision {
    match (
        payload.page.filter(|&p| p > 0),
        payload.service_id.filter(|&s| s > 0),
    ) {
        (Some(page), Some(service_id)) => FetchDecision::Fetch {
            path: list.path().to_owned(),
            query: vec![
                ("page".to_owned(), page.to_string()),
                ("service_id".to_owned(), service_id.to_string()),
            ],
        },
        _ => FetchDecision::Skip {
            warning: Message::new(MessageId::MissingPageOrServiceId),
        },
    }
}

/// Loading the cart (`GET /get_card?service_id=`) needs a service id.
pub fn cart_request(service_id: Option<u64>) -> FetchDecision {
    match service_id.filter(|&s| s > 0) {
        Some(service_id) => FetchDecision::Fetch {
            path: "/get_card".to_owned(),
            query: vec![("service_id".to_owned(), service_id.to_string())],
        },
        None => FetchDecision::Reject {
            message: Message::new(MessageId::ServiceIdRequired),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn payload(page: Option<u32>, service_id: Option<u64>) -> ListPayload {
        ListPayload { page, service_id }
    }

    #[test]
    fn lists_with_page_and_service_are_fetched_with_both_in_the_query() {
        assert_eq!(
            catalogue_list_request(CatalogueList::Branches, &payload(Some(2), Some(5))),
            FetchDecision::Fetch {
                path: "/branches".into(),
                query: vec![
                    ("page".into(), "2".into()),
                    ("service_id".into(), "5".into())
                ],
            }
        );
        let FetchDecision::Fetch { path, .. } =
            catalogue_list_request(CatalogueList::Products, &payload(Some(1), Some(1)))
        else {
            panic!("not fetched");
        };
        assert_eq!(path, "/products");
    }

    #[test]
    fn lists_missing_either_are_skipped_with_the_console_warning() {
        for p in [
            payload(None, Some(5)),
            payload(Some(1), None),
            payload(None, None),
            payload(Some(0), Some(5)),
            payload(Some(1), Some(0)),
        ] {
            for list in [CatalogueList::Products, CatalogueList::Branches] {
                match catalogue_list_request(list, &p) {
                    FetchDecision::Skip { warning } => {
                        assert_eq!(warning.english(), "Missing page or service_id in payload")
                    }
                    other => panic!("{p:?}: {other:?}"),
                }
            }
        }
    }

    #[test]
    fn the_cart_needs_a_service_id() {
        assert_eq!(
            cart_request(Some(3)),
            FetchDecision::Fetch {
                path: "/get_card".into(),
                query: vec![("service_id".into(), "3".into())],
            }
        );
        for missing in [None, Some(0)] {
            match cart_request(missing) {
                FetchDecision::Reject { message } => {
                    assert_eq!(message.english(), "Service ID is required.")
                }
                other => panic!("{other:?}"),
            }
        }
    }

    #[test]
    fn decisions_serialise_with_a_kind_and_query_pairs() {
        assert_eq!(
            serde_json::to_value(cart_request(Some(3))).unwrap(),
            serde_json::json!({"kind": "fetch", "path": "/get_card", "query": [["service_id", "3"]]})
        );
    }
}
