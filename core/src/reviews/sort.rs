//! The orders of a product's review list, named in the query string (`?sort=helpful`).

use serde::{Deserialize, Serialize};

/// An order of the review list; serialised as its query value. Newest first unless
/// asked otherwise.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum ReviewSort {
    #[default]
    #[serde(rename = "newest")]
    Newest,
    #[serde(rename = "helpful")]
    MostHelpful,
    #[serde(rename = "rating_desc")]
    HighestRating,
    #[serde(rename = "rating_asc")]
    LowestRating,
}

impl ReviewSort {
    /// The orders as the sort menu lists them.
    pub const ALL: [ReviewSort; 4] = [
        ReviewSort::Newest,
        ReviewSort::MostHelpful,
        ReviewSort::HighestRating,
        ReviewSort::LowestRating,
    ];

    /// The query-string value.
    pub fn as_query(self) -> &'static str {
        match self {
            ReviewSort::Newest => "newest",
            ReviewSort::MostHelpful => "helpful",
            ReviewSort::HighestRating => "rating_desc",
            ReviewSort::LowestRating => "rating_asc",
        }
    }

    /// The order a query value names (surrounding spaces ignored); newest first for a
    /// missing or unknown value, so an old or mistyped link still shows the list.
    pub fn from_query(value: Option<&str>) -> ReviewSort {
        let value = value.unwrap_or_default().trim();
        Self::ALL
            .into_iter()
            .find(|sort| sort.as_query() == value)
            .unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn query_values_round_trip() {
        for sort in ReviewSort::ALL {
            assert_eq!(ReviewSort::from_query(Some(sort.as_query())), sort);
            assert_eq!(
                serde_json::to_value(sort).unwrap(),
                serde_json::json!(sort.as_query())
            );
        }
        assert_eq!(
            ReviewSort::ALL.map(ReviewSort::as_query),
            ["newest", "helpful", "rating_desc", "rating_asc"]
        );
        assert_eq!(
            ReviewSort::from_query(Some(" helpful ")),
            ReviewSort::MostHelpful
        );
    }

    #[test]
    fn missing_or_unknown_is_newest() {
        for value in [
            None,
            Some(""),
            Some("oldest"),
            Some("HELPFUL"),
            Some("rating"),
        ] {
            assert_eq!(
                ReviewSort::from_query(value),
                ReviewSort::Newest,
                "{value:?}"
            );
        }
        assert_eq!(ReviewSort::default(), ReviewSort::Newest);
    }
}
