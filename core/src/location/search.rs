//! The map search dropdown of the location picker (spec 3 "Map search result", spec 8
//! dropdown messages).

use serde::{Deserialize, Serialize};

use super::GeoPoint;
use crate::effects::{ApiCall, Effect};
use crate::messages::{Message, MessageId};

/// One result of `GET /map/search` (spec 3).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct MapSearchResult {
    pub name: String,
    pub address: String,
    pub location: GeoPoint,
}

/// The search box's state: the trimmed text searched for, whether its results are
/// awaited, and the results received for it.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct MapSearch {
    /// The trimmed search text; empty before typing.
    pub text: String,
    /// Results for `text` are awaited.
    pub searching: bool,
    /// Results for `text`.
    pub results: Vec<MapSearchResult>,
}

/// What the dropdown shows.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum MapSearchStatus {
    /// No text yet: 'start typing'.
    StartTyping { message: Message },
    /// Waiting for results: 'searching'.
    Searching { message: Message },
    /// The search found nothing (or failed): 'no results found'.
    NoResults { message: Message },
    /// The results to list.
    Results { results: Vec<MapSearchResult> },
}

impl MapSearch {
    /// The text in the box changed. A new non-empty trimmed text asks for results
    /// (`ApiCall::MapSearch`); blank text clears the search.
    pub fn text_changed(&mut self, text: &str) -> Option<Effect> {
        let text = text.trim();
        if text == self.text {
            // Only spacing changed: the results in hand (or awaited) still apply.
            return None;
        }
        self.text = text.to_owned();
        self.results.clear();
        self.searching = !text.is_empty();
        self.searching.then(|| Effect::Request {
            call: ApiCall::MapSearch {
                search: text.to_owned(),
            },
        })
    }

    /// Results arrived for `search`; results for any text other than the current
    /// one are stale and ignored, as are results with a point off the earth.
    pub fn results_arrived(&mut self, search: &str, results: Vec<MapSearchResult>) {
        if self.searching && search == self.text {
            self.searching = false;
            self.results = results
                .into_iter()
                .filter(|r| r.location.is_valid())
                .collect();
        }
    }

    /// The search for `search` failed (only logged, spec 8): nothing to list.
    pub fn failed(&mut self, search: &str) {
        self.results_arrived(search, Vec::new());
    }

    /// What the dropdown shows now.
    pub fn status(&self) -> MapSearchStatus {
        if self.text.is_empty() {
            MapSearchStatus::StartTyping {
                message: Message::new(MessageId::MapStartTyping),
            }
        } else if self.searching {
            MapSearchStatus::Searching {
                message: Message::new(MessageId::MapSearching),
            }
        } else if self.results.is_empty() {
            MapSearchStatus::NoResults {
                message: Message::new(MessageId::MapNoResults),
            }
        } else {
            MapSearchStatus::Results {
                results: self.results.clone(),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn result(name: &str, latitude: f64) -> MapSearchResult {
        MapSearchResult {
            name: name.to_owned(),
            address: format!("{name} St, Cairo"),
            location: GeoPoint {
                latitude,
                longitude: 31.2,
            },
        }
    }

    fn english(status: &MapSearchStatus) -> String {
        match status {
            MapSearchStatus::StartTyping { message }
            | MapSearchStatus::Searching { message }
            | MapSearchStatus::NoResults { message } => message.english(),
            MapSearchStatus::Results { results } => format!("{} results", results.len()),
        }
    }

    #[test]
    fn start_typing_then_searching_then_results() {
        let mut search = MapSearch::default();
        assert_eq!(english(&search.status()), "start typing");
        assert_eq!(
            search.text_changed("  Tahrir "),
            Some(Effect::Request {
                call: ApiCall::MapSearch {
                    search: "Tahrir".into()
                }
            })
        );
        assert_eq!(english(&search.status()), "searching");
        search.results_arrived("Tahrir", vec![result("Tahrir", 30.04)]);
        assert_eq!(
            search.status(),
            MapSearchStatus::Results {
                results: vec![result("Tahrir", 30.04)]
            }
        );
    }

    #[test]
    fn blank_text_asks_for_nothing_and_says_start_typing() {
        let mut search = MapSearch::default();
        search.text_changed("Zamalek");
        assert_eq!(search.text_changed("   "), None);
        assert!(!search.searching);
        assert_eq!(english(&search.status()), "start typing");
        assert_eq!(search.text_changed(""), None);
    }

    #[test]
    fn only_spacing_changed_asks_again_for_nothing() {
        let mut search = MapSearch::default();
        search.text_changed("Maadi");
        search.results_arrived("Maadi", vec![result("Maadi", 29.96)]);
        assert_eq!(search.text_changed("Maadi "), None);
        assert_eq!(search.results.len(), 1);
    }

    #[test]
    fn results_for_stale_text_are_ignored() {
        let mut search = MapSearch::default();
        search.text_changed("Ma");
        search.text_changed("Maadi");
        search.results_arrived("Ma", vec![result("Mansoura", 31.04)]);
        assert_eq!(english(&search.status()), "searching");
        search.results_arrived("Maadi", vec![]);
        assert_eq!(english(&search.status()), "no results found");
        // A late duplicate answer for the same text does not replace what is shown.
        search.results_arrived("Maadi", vec![result("Maadi", 29.96)]);
        assert_eq!(english(&search.status()), "no results found");
    }

    #[test]
    fn a_failed_search_shows_no_results_and_results_off_the_earth_are_dropped() {
        let mut search = MapSearch::default();
        search.text_changed("Giza");
        search.failed("Giza");
        assert_eq!(english(&search.status()), "no results found");
        search.text_changed("Giza pyramids");
        search.results_arrived(
            "Giza pyramids",
            vec![result("Nowhere", 123.0), result("Pyramids", 29.97)],
        );
        assert_eq!(
            search.status(),
            MapSearchStatus::Results {
                results: vec![result("Pyramids", 29.97)]
            }
        );
    }
}
