//! The location picker (spec 4): a point chosen on the map or from a search result is
//! checked for support; a supported point has a district, which confirming stores.

use serde::{Deserialize, Serialize};

use super::search::{MapSearch, MapSearchResult, MapSearchStatus};
use super::{GeoPoint, LatLng};
use crate::auth::Modal;
use crate::effects::{ApiCall, Effect};
use crate::flow::Flow;
use crate::messages::{Message, MessageId};
use crate::storage::{ClientState, StorageKey, StoredValue, valid_id};

/// Zoom of the picker's map (spec 9).
pub const MAP_ZOOM: u32 = 14;
/// Height of the picker's map in CSS pixels (spec 9).
pub const MAP_HEIGHT_PX: u32 = 400;

/// Where confirming a location leads (spec 4).
const AFTER_CONFIRM: &str = "/home";

/// The picker's state.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LocationPicker {
    /// The chosen point, if any.
    pub point: Option<GeoPoint>,
    /// The support check of `point` is in flight.
    pub loading: bool,
    /// The district of `point` when it is supported.
    pub district_id: Option<u64>,
    /// Its name, when the support answer gave one (an address form's region).
    #[serde(default)]
    pub district_name: Option<String>,
    /// The map search box.
    pub search: MapSearch,
}

/// What happens to the picker.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum LocationPickerEvent {
    /// A point was chosen on the map or from a search result.
    PointChosen { point: GeoPoint },
    /// `GET /map/is-supported-location` answered for `point` (the call's latitude and
    /// longitude): a district id when supported.
    SupportAnswered {
        point: GeoPoint,
        district_id: Option<u64>,
        /// The district's name, when the answer gave one.
        #[serde(default)]
        #[cfg_attr(feature = "ts", ts(optional = nullable))]
        district_name: Option<String>,
    },
    /// The support check of `point` failed (only logged, spec 8).
    SupportFailed { point: GeoPoint },
    /// The confirm button was pressed.
    Confirm,
    /// The picker was dismissed without choosing.
    Dismiss,
    /// The search box's text changed.
    SearchTextChanged { text: String },
    /// `GET /map/search` answered for `search` (the call's text).
    SearchResultsArrived {
        search: String,
        results: Vec<MapSearchResult>,
    },
    /// `GET /map/search` failed for `search` (only logged, spec 8).
    SearchFailed { search: String },
}

/// What the shell renders of the picker: the point and its district, the confirm
/// button's label and whether it is enabled, the search dropdown, and the map's size.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LocationPickerView {
    pub point: Option<GeoPoint>,
    pub loading: bool,
    pub district_id: Option<u64>,
    pub district_name: Option<String>,
    pub label: Message,
    pub can_confirm: bool,
    pub search: MapSearchStatus,
    pub zoom: u32,
    pub height_px: u32,
}

/// The picker as a [`Flow`]: its state stays here, between events.
#[derive(Debug, Clone, Default)]
pub struct LocationPickerFlow {
    picker: LocationPicker,
}

impl LocationPickerFlow {
    /// A picker showing `point` and its district when both are given and valid (the
    /// stored choice, or an address being edited), otherwise nothing chosen.
    pub fn showing(point: Option<GeoPoint>, district_id: Option<u64>) -> Self {
        Self {
            picker: LocationPicker::showing(point, district_id),
        }
    }
}

impl Flow for LocationPickerFlow {
    type Event = LocationPickerEvent;
    type View = LocationPickerView;

    fn update(&mut self, event: LocationPickerEvent, _now_ms: u64) -> Vec<Effect> {
        let (picker, effects) = update(std::mem::take(&mut self.picker), event);
        self.picker = picker;
        effects
    }

    fn view(&self) -> LocationPickerView {
        let p = &self.picker;
        LocationPickerView {
            point: p.point,
            loading: p.loading,
            district_id: p.district_id,
            district_name: p.district_name.clone(),
            label: p.label(),
            can_confirm: p.can_confirm(),
            search: p.search_status(),
            zoom: MAP_ZOOM,
            height_px: MAP_HEIGHT_PX,
        }
    }
}

impl LocationPicker {
    /// A picker showing the stored choice when there is a complete one (a point and
    /// its district), otherwise nothing chosen.
    pub fn start(stored: &ClientState) -> Self {
        let point = stored.location.filter(|l| l.is_valid()).map(GeoPoint::from);
        Self::showing(point, stored.district_id)
    }

    /// A picker showing `point` and its district when both are given and valid,
    /// otherwise nothing chosen.
    pub fn showing(point: Option<GeoPoint>, district_id: Option<u64>) -> Self {
        match (point, district_id) {
            (Some(point), Some(district_id)) if point.is_valid() && valid_id(district_id) => {
                LocationPicker {
                    point: Some(point),
                    district_id: Some(district_id),
                    ..LocationPicker::default()
                }
            }
            _ => LocationPicker::default(),
        }
    }

    /// Confirm is disabled while loading, with no location or with no district.
    pub fn can_confirm(&self) -> bool {
        !self.loading && self.point.is_some() && self.district_id.is_some()
    }

    /// The confirm button's label: 'Choose location' when no point is chosen, a
    /// checking state until the support answer is in, then 'Pick this address' when it
    /// is supported, 'Location not supported' otherwise.
    pub fn label(&self) -> Message {
        Message::new(match (self.point, self.district_id) {
            (None, _) => MessageId::ChooseLocation,
            (Some(_), _) if self.loading => MessageId::CheckingLocation,
            (Some(_), Some(_)) => MessageId::PickThisAddress,
            (Some(_), None) => MessageId::LocationNotSupported,
        })
    }

    /// What the search dropdown shows.
    pub fn search_status(&self) -> MapSearchStatus {
        self.search.status()
    }

    /// Whether an answer about `point` is the one awaited: the user may have chosen
    /// another point since the call was made.
    fn awaits(&self, point: GeoPoint) -> bool {
        self.loading && self.point == Some(point)
    }
}

/// Applies an event, returning the new state and the effects to perform.
pub fn update(
    mut state: LocationPicker,
    event: LocationPickerEvent,
) -> (LocationPicker, Vec<Effect>) {
    let mut effects = Vec::new();
    match event {
        LocationPickerEvent::PointChosen { point } => {
            // A point off the earth cannot come from the map; ignore it.
            if point.is_valid() {
                state.point = Some(point);
                state.loading = true;
                state.district_id = None;
                state.district_name = None;
                effects.push(Effect::Request {
                    call: ApiCall::IsSupportedLocation {
                        latitude: point.latitude,
                        longitude: point.longitude,
                    },
                });
            }
        }
        LocationPickerEvent::SupportAnswered {
            point,
            district_id,
            district_name,
        } => {
            if state.awaits(point) {
                state.loading = false;
                // A zero or out-of-range district is no district.
                state.district_id = district_id.filter(|id| valid_id(*id));
                state.district_name = district_name.filter(|_| state.district_id.is_some());
            }
        }
        LocationPickerEvent::SupportFailed { point } => {
            if state.awaits(point) {
                state.loading = false;
                state.district_id = None;
                state.district_name = None;
            }
        }
        LocationPickerEvent::Dismiss => effects = dismiss(),
        LocationPickerEvent::Confirm => {
            if let (true, Some(point), Some(district_id)) =
                (state.can_confirm(), state.point, state.district_id)
            {
                effects = confirm(point, district_id);
            }
        }
        LocationPickerEvent::SearchTextChanged { text } => {
            effects.extend(state.search.text_changed(&text));
        }
        LocationPickerEvent::SearchResultsArrived { search, results } => {
            state.search.results_arrived(&search, results);
        }
        LocationPickerEvent::SearchFailed { search } => state.search.failed(&search),
    }
    (state, effects)
}

/// Opens the picker and remembers it, so a reload reopens it (spec 4).
pub fn open() -> Vec<Effect> {
    vec![
        Effect::OpenModal {
            modal: Modal::PickAddress,
        },
        StoredValue::ModalStatus(Modal::PickAddress).store(),
    ]
}

/// Dismisses the picker without choosing: a reload no longer reopens it.
pub fn dismiss() -> Vec<Effect> {
    vec![
        Effect::CloseModal,
        Effect::Remove {
            keys: vec![StorageKey::ModalStatus],
        },
    ]
}

/// Stores the chosen district and point and leaves for /home. A map point is not a
/// saved address, so the saved-address keys go, and the default location is no longer
/// in use. The picker is done, so a reload no longer reopens it.
fn confirm(point: GeoPoint, district_id: u64) -> Vec<Effect> {
    vec![
        StoredValue::DistrictId(district_id).store(),
        StoredValue::Location(LatLng::from(point)).store(),
        StoredValue::UseDefaultLocation(false).store(),
        Effect::Remove {
            keys: vec![
                StorageKey::AddressId,
                StorageKey::SelectedAddress,
                StorageKey::ModalStatus,
            ],
        },
        Effect::CloseModal,
        Effect::Navigate {
            to: AFTER_CONFIRM.to_owned(),
            after_ms: 0,
        },
    ]
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    const TAHRIR: GeoPoint = GeoPoint {
        latitude: 30.0444,
        longitude: 31.2357,
    };
    const SINAI: GeoPoint = GeoPoint {
        latitude: 28.5,
        longitude: 33.9,
    };

    fn run(events: Vec<LocationPickerEvent>) -> (LocationPicker, Vec<Effect>) {
        events
            .into_iter()
            .fold((LocationPicker::default(), Vec::new()), |(state, _), e| {
                update(state, e)
            })
    }

    fn chosen(point: GeoPoint) -> LocationPickerEvent {
        LocationPickerEvent::PointChosen { point }
    }

    fn answered(point: GeoPoint, district_id: Option<u64>) -> LocationPickerEvent {
        LocationPickerEvent::SupportAnswered {
            point,
            district_id,
            district_name: None,
        }
    }

    #[test]
    fn the_flow_handle_shows_label_confirm_search_and_the_district_name() {
        let start = GeoPoint {
            latitude: 30.0,
            longitude: 31.2,
        };
        let mut flow = LocationPickerFlow::showing(Some(start), Some(4));
        let view = flow.view();
        assert_eq!(view.label, Message::new(MessageId::PickThisAddress));
        assert!(view.can_confirm);
        assert_eq!((view.zoom, view.height_px), (MAP_ZOOM, MAP_HEIGHT_PX));
        // Half a choice is no choice.
        assert_eq!(
            LocationPickerFlow::showing(Some(start), None).view().point,
            None
        );

        let other = GeoPoint {
            latitude: 30.1,
            longitude: 31.3,
        };
        let step = flow.step(LocationPickerEvent::PointChosen { point: other }, 0);
        assert_eq!(step.view.label, Message::new(MessageId::CheckingLocation));
        assert!(!step.view.can_confirm);
        assert_eq!(step.effects.len(), 1);
        let named = LocationPickerEvent::SupportAnswered {
            point: other,
            district_id: Some(7),
            district_name: Some("Maadi".into()),
        };
        let view = flow.step(named, 0).view;
        assert_eq!(
            (view.district_id, view.district_name.as_deref()),
            (Some(7), Some("Maadi"))
        );
        // A name without a district is not kept.
        flow.update(LocationPickerEvent::PointChosen { point: start }, 0);
        let unsupported = LocationPickerEvent::SupportAnswered {
            point: start,
            district_id: None,
            district_name: Some("Nowhere".into()),
        };
        assert_eq!(flow.step(unsupported, 0).view.district_name, None);
        assert_eq!(
            flow.step(LocationPickerEvent::Dismiss, 0).effects,
            dismiss()
        );
    }

    #[test]
    fn nothing_chosen_says_choose_location_and_cannot_confirm() {
        let picker = LocationPicker::default();
        assert_eq!(picker.label().english(), "Choose location");
        assert!(!picker.can_confirm());
        assert_eq!(
            update(picker.clone(), LocationPickerEvent::Confirm),
            (picker, vec![])
        );
    }

    #[test]
    fn choosing_a_point_checks_its_support() {
        let (picker, effects) = run(vec![chosen(TAHRIR)]);
        assert_eq!(
            effects,
            [Effect::Request {
                call: ApiCall::IsSupportedLocation {
                    latitude: 30.0444,
                    longitude: 31.2357
                }
            }]
        );
        assert!(picker.loading);
        assert!(!picker.can_confirm(), "disabled while loading");
        // Not yet 'Location not supported': the answer is not in.
        assert_eq!(picker.label().english(), "Checking location…");
        // Another point while one is supported: checking again, not the old answer.
        let (picker, _) = run(vec![
            chosen(TAHRIR),
            answered(TAHRIR, Some(7)),
            chosen(GeoPoint {
                latitude: 29.9792,
                longitude: 31.1342,
            }),
        ]);
        assert_eq!(picker.label().english(), "Checking location…");
    }

    #[test]
    fn a_supported_point_can_be_picked() {
        let (picker, effects) = run(vec![chosen(TAHRIR), answered(TAHRIR, Some(7))]);
        assert_eq!(effects, []);
        assert_eq!(picker.district_id, Some(7));
        assert_eq!(picker.label().english(), "Pick this address");
        assert!(picker.can_confirm());
    }

    #[test]
    fn an_unsupported_point_cannot_be_confirmed() {
        for district in [None, Some(0)] {
            let (picker, _) = run(vec![chosen(SINAI), answered(SINAI, district)]);
            assert_eq!(picker.label().english(), "Location not supported");
            assert!(!picker.can_confirm());
        }
    }

    #[test]
    fn a_failed_check_shows_no_district_and_no_toast() {
        let (picker, effects) = run(vec![
            chosen(TAHRIR),
            LocationPickerEvent::SupportFailed { point: TAHRIR },
        ]);
        assert_eq!(effects, []);
        assert!(!picker.loading);
        assert_eq!(picker.district_id, None);
        assert!(!picker.can_confirm());
    }

    #[test]
    fn an_answer_for_a_point_no_longer_chosen_is_ignored() {
        let (picker, _) = run(vec![
            chosen(TAHRIR),
            chosen(SINAI),
            answered(TAHRIR, Some(7)),
        ]);
        assert_eq!(picker.point, Some(SINAI));
        assert!(picker.loading);
        assert!(!picker.can_confirm());
        let (picker, _) = update(picker, answered(SINAI, None));
        assert_eq!(picker.label().english(), "Location not supported");
        // A late failure for the earlier point changes nothing either.
        let (after, _) = update(
            picker.clone(),
            LocationPickerEvent::SupportFailed { point: TAHRIR },
        );
        assert_eq!(after, picker);
    }

    #[test]
    fn choosing_again_forgets_the_previous_district() {
        let (picker, _) = run(vec![
            chosen(TAHRIR),
            answered(TAHRIR, Some(7)),
            chosen(SINAI),
        ]);
        assert_eq!(picker.district_id, None);
        assert!(!picker.can_confirm());
    }

    #[test]
    fn a_point_off_the_earth_is_ignored() {
        let (picker, effects) = run(vec![chosen(GeoPoint {
            latitude: f64::NAN,
            longitude: 0.0,
        })]);
        assert_eq!(picker, LocationPicker::default());
        assert_eq!(effects, []);
    }

    #[test]
    fn confirming_stores_the_district_and_point_and_goes_home() {
        let (picker, _) = run(vec![chosen(TAHRIR), answered(TAHRIR, Some(7))]);
        let (_, effects) = update(picker, LocationPickerEvent::Confirm);
        assert_eq!(
            effects,
            [
                Effect::Store {
                    key: StorageKey::DistrictId,
                    value: "7".into()
                },
                Effect::Store {
                    key: StorageKey::Location,
                    value: r#"{"lat":30.0444,"lng":31.2357}"#.into()
                },
                Effect::Store {
                    key: StorageKey::UseDefaultLocation,
                    value: "false".into()
                },
                Effect::Remove {
                    keys: vec![
                        StorageKey::AddressId,
                        StorageKey::SelectedAddress,
                        StorageKey::ModalStatus
                    ]
                },
                Effect::CloseModal,
                Effect::Navigate {
                    to: "/home".into(),
                    after_ms: 0
                },
            ]
        );
    }

    #[test]
    fn opening_remembers_the_picker_and_dismissing_forgets_it() {
        assert_eq!(
            open(),
            [
                Effect::OpenModal {
                    modal: Modal::PickAddress
                },
                Effect::Store {
                    key: StorageKey::ModalStatus,
                    value: "pickAddress".into()
                },
            ]
        );
        assert_eq!(
            dismiss(),
            [
                Effect::CloseModal,
                Effect::Remove {
                    keys: vec![StorageKey::ModalStatus]
                },
            ]
        );
    }

    #[test]
    fn confirming_while_loading_does_nothing() {
        let (picker, _) = run(vec![
            chosen(TAHRIR),
            answered(TAHRIR, Some(7)),
            chosen(SINAI),
        ]);
        let (_, effects) = update(picker, LocationPickerEvent::Confirm);
        assert_eq!(effects, []);
    }

    #[test]
    fn starts_from_a_complete_stored_choice_only() {
        let stored = ClientState {
            location: Some(LatLng {
                lat: 30.0444,
                lng: 31.2357,
            }),
            district_id: Some(7),
            ..ClientState::default()
        };
        let picker = LocationPicker::start(&stored);
        assert_eq!(picker.point, Some(TAHRIR));
        assert!(picker.can_confirm());
        let no_district = ClientState {
            district_id: None,
            ..stored
        };
        assert_eq!(
            LocationPicker::start(&no_district),
            LocationPicker::default()
        );
    }

    #[test]
    fn search_events_drive_the_dropdown() {
        let (picker, effects) = run(vec![LocationPickerEvent::SearchTextChanged {
            text: "Tahrir".into(),
        }]);
        assert_eq!(
            effects,
            [Effect::Request {
                call: ApiCall::MapSearch {
                    search: "Tahrir".into()
                }
            }]
        );
        assert_eq!(
            picker.search_status(),
            MapSearchStatus::Searching {
                message: Message::new(MessageId::MapSearching)
            }
        );
        let result = MapSearchResult {
            name: "Tahrir Square".into(),
            address: "Downtown, Cairo".into(),
            location: TAHRIR,
        };
        let (picker, _) = update(
            picker,
            LocationPickerEvent::SearchResultsArrived {
                search: "Tahrir".into(),
                results: vec![result.clone()],
            },
        );
        assert_eq!(
            picker.search_status(),
            MapSearchStatus::Results {
                results: vec![result.clone()]
            }
        );
        // Choosing the result checks its point like a click on the map.
        let (_, effects) = update(picker, chosen(result.location));
        assert_eq!(
            effects,
            [Effect::Request {
                call: ApiCall::IsSupportedLocation {
                    latitude: 30.0444,
                    longitude: 31.2357
                }
            }]
        );
    }

    #[test]
    fn the_map_constants_are_the_specs() {
        assert_eq!((MAP_ZOOM, MAP_HEIGHT_PX), (14, 400));
    }

    fn point() -> impl Strategy<Value = GeoPoint> {
        prop_oneof![
            Just(TAHRIR),
            Just(SINAI),
            (any::<f64>(), any::<f64>()).prop_map(|(latitude, longitude)| GeoPoint {
                latitude,
                longitude
            }),
        ]
    }

    fn event() -> impl Strategy<Value = LocationPickerEvent> {
        prop_oneof![
            point().prop_map(|point| LocationPickerEvent::PointChosen { point }),
            (point(), proptest::option::of(any::<u64>())).prop_map(|(point, district_id)| {
                LocationPickerEvent::SupportAnswered {
                    point,
                    district_id,
                    district_name: None,
                }
            }),
            point().prop_map(|point| LocationPickerEvent::SupportFailed { point }),
            Just(LocationPickerEvent::Confirm),
            "[ a-c]{0,3}".prop_map(|text| LocationPickerEvent::SearchTextChanged { text }),
            "[a-c]{0,3}".prop_map(|search| LocationPickerEvent::SearchFailed { search }),
        ]
    }

    proptest! {
        #[test]
        fn confirm_is_offered_only_for_a_settled_supported_point(
            events in proptest::collection::vec(event(), 0..20)
        ) {
            let mut state = LocationPicker::default();
            for event in events {
                let confirming = event == LocationPickerEvent::Confirm;
                let was_confirmable = state.can_confirm();
                let (next, effects) = update(state, event);
                state = next;
                prop_assert!(state.point.is_none_or(|p| p.is_valid()));
                prop_assert!(!state.loading || state.district_id.is_none());
                prop_assert!(state.district_id.is_none_or(valid_id));
                prop_assert_eq!(
                    state.can_confirm(),
                    state.label().id == MessageId::PickThisAddress && !state.loading
                );
                if confirming {
                    prop_assert_eq!(effects.is_empty(), !was_confirmable);
                }
            }
        }
    }
}
