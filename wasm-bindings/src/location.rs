//! Bindings of `storefront_core::location`: the location picker and its map search.
//!
//! The picker's events are read by hand (the readers at the end), as the other flows'
//! are (`cart.rs`): serde's derived reader of an internally tagged enum buffers each
//! event and compiles every type inside a second time. The core keeps its derives for
//! other clients; the tests below check that both readers agree.

use storefront_core::flow::Flow;
use storefront_core::location::{self, GeoPoint, LocationPickerEvent, MapSearchResult};
use wasm_bindgen::prelude::*;

use crate::convert::{
    Read, argument, count, list, number, optional, required, string, tag, to_js, whole,
};

/// Opening the picker: show it and remember it for a reload (spec 4).
#[cfg(feature = "start")]
#[wasm_bindgen(js_name = locationPickerOpenEffects, unchecked_return_type = "T.Effect[]")]
pub fn location_picker_open_effects() -> Result<JsValue, JsValue> {
    to_js(&location::open())
}

/// The location picker (spec 4) behind a handle: the chosen point, its support check,
/// the district and the map search stay here. Events go in; the effects (the support
/// check and search calls, whose answers come back as events; confirming's storage and
/// navigation; dismissing's) and the view come out.
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = LocationPickerFlow)]
pub struct LocationPickerFlowHandle(location::LocationPickerFlow);

#[cfg(feature = "rest")]
#[wasm_bindgen(js_class = LocationPickerFlow)]
impl LocationPickerFlowHandle {
    /// A picker showing `point` and its district when both are given (the stored
    /// choice, or the address being edited), otherwise nothing chosen.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "T.GeoPoint | null")] point: JsValue,
        #[wasm_bindgen(js_name = districtId, unchecked_param_type = "number | null")]
        district_id: JsValue,
    ) -> Result<LocationPickerFlowHandle, JsValue> {
        let point = argument(&point, "point", |point, name| {
            if point.is_null() || point.is_undefined() {
                Ok(None)
            } else {
                read_point(point, name).map(Some)
            }
        })?;
        let district_id = whole(&district_id, "districtId")?;
        Ok(Self(location::LocationPickerFlow::showing(
            point,
            district_id,
        )))
    }

    /// Applies an event: the effects to perform and the view after it.
    #[wasm_bindgen(unchecked_return_type = "T.Step<T.LocationPickerView>")]
    pub fn send(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "T.LocationPickerEvent")] event: JsValue,
    ) -> Result<JsValue, JsValue> {
        let event = argument(&event, "event", read_picker_event)?;
        // The picker's rules read no clock.
        to_js(&self.0.step(event, 0))
    }

    /// The view now.
    #[wasm_bindgen(unchecked_return_type = "T.LocationPickerView")]
    pub fn view(&self) -> Result<JsValue, JsValue> {
        to_js(&self.0.view())
    }
}

// The picker's events, field by field as the core's serde derives read them: the same
// required fields, `null` or a left-out field as `None`, other fields ignored.

fn read_picker_event(v: &JsValue, _: &str) -> Read<LocationPickerEvent> {
    Ok(match tag(v, "type")?.as_str() {
        "point_chosen" => LocationPickerEvent::PointChosen {
            point: required(v, "point", read_point)?,
        },
        "support_answered" => LocationPickerEvent::SupportAnswered {
            point: required(v, "point", read_point)?,
            district_id: optional(v, "district_id", count)?,
            district_name: optional(v, "district_name", string)?,
        },
        "support_failed" => LocationPickerEvent::SupportFailed {
            point: required(v, "point", read_point)?,
        },
        "confirm" => LocationPickerEvent::Confirm,
        "dismiss" => LocationPickerEvent::Dismiss,
        "search_text_changed" => LocationPickerEvent::SearchTextChanged {
            text: required(v, "text", string)?,
        },
        "search_results_arrived" => LocationPickerEvent::SearchResultsArrived {
            search: required(v, "search", string)?,
            results: required(v, "results", |results, name| {
                list(results, name, read_result)
            })?,
        },
        "search_failed" => LocationPickerEvent::SearchFailed {
            search: required(v, "search", string)?,
        },
        other => return Err(format!("unknown event `{other}`")),
    })
}

fn read_point(v: &JsValue, _: &str) -> Read<GeoPoint> {
    Ok(GeoPoint {
        latitude: required(v, "latitude", number)?,
        longitude: required(v, "longitude", number)?,
    })
}

fn read_result(v: &JsValue, _: &str) -> Read<MapSearchResult> {
    Ok(MapSearchResult {
        name: required(v, "name", string)?,
        address: required(v, "address", string)?,
        location: required(v, "location", read_point)?,
    })
}

/// The readers above against the core's serde derives, in the browser (`just wasm-test`).
#[cfg(all(test, target_arch = "wasm32"))]
mod tests {
    use serde_json::json;
    use wasm_bindgen_test::*;

    use super::*;
    use crate::convert::testing::{both, js, message, reads_every_variant, refused_by_both};

    wasm_bindgen_test_configure!(run_in_browser);

    fn tower() -> GeoPoint {
        GeoPoint {
            latitude: 30.045_915,
            longitude: 31.224_289,
        }
    }

    fn events() -> Vec<LocationPickerEvent> {
        let west = GeoPoint {
            latitude: -33.9,
            longitude: -18.4,
        };
        vec![
            LocationPickerEvent::PointChosen { point: tower() },
            LocationPickerEvent::SupportAnswered {
                point: tower(),
                district_id: Some(1),
                district_name: Some("الزمالك".into()),
            },
            LocationPickerEvent::SupportAnswered {
                point: west,
                district_id: None,
                district_name: None,
            },
            LocationPickerEvent::SupportFailed { point: west },
            LocationPickerEvent::Confirm,
            LocationPickerEvent::Dismiss,
            LocationPickerEvent::SearchTextChanged {
                text: "Cairo Tower".into(),
            },
            LocationPickerEvent::SearchResultsArrived {
                search: "Cairo Tower".into(),
                results: vec![
                    MapSearchResult {
                        name: "Cairo Tower".into(),
                        address: "Zamalek, Cairo".into(),
                        location: tower(),
                    },
                    MapSearchResult {
                        name: "برج القاهرة".into(),
                        address: "الزمالك".into(),
                        location: west,
                    },
                ],
            },
            LocationPickerEvent::SearchResultsArrived {
                search: "nowhere".into(),
                results: vec![],
            },
            LocationPickerEvent::SearchFailed {
                search: "Cairo Tower".into(),
            },
        ]
    }

    /// Which variant an event is. Without a wildcard, so that a variant added to the
    /// core stops this from compiling until `read_picker_event` and `events()` have it.
    fn variant(event: &LocationPickerEvent) -> usize {
        match event {
            LocationPickerEvent::PointChosen { .. } => 0,
            LocationPickerEvent::SupportAnswered { .. } => 1,
            LocationPickerEvent::SupportFailed { .. } => 2,
            LocationPickerEvent::Confirm => 3,
            LocationPickerEvent::Dismiss => 4,
            LocationPickerEvent::SearchTextChanged { .. } => 5,
            LocationPickerEvent::SearchResultsArrived { .. } => 6,
            LocationPickerEvent::SearchFailed { .. } => 7,
        }
    }

    fn picker() -> LocationPickerFlowHandle {
        LocationPickerFlowHandle::new(JsValue::NULL, JsValue::NULL).unwrap()
    }

    #[wasm_bindgen_test]
    fn every_picker_event_reads_as_the_core_reads_it() {
        reads_every_variant(&events(), variant, 8, read_picker_event);
    }

    #[wasm_bindgen_test]
    fn the_clients_shapes_read_as_the_core_reads_them() {
        for value in [
            // Whole coordinates, the district's name left out or null, the API's extra
            // fields on a result.
            json!({"type": "point_chosen", "point": {"latitude": 30, "longitude": 31}}),
            json!({"type": "support_answered", "point": {"latitude": 30.1, "longitude": 31.2}, "district_id": 4}),
            json!({"type": "support_answered", "point": {"latitude": 30.1, "longitude": 31.2}, "district_id": null, "district_name": null}),
            json!({"type": "search_results_arrived", "search": "x", "results": [
                {"name": "A", "address": "B", "location": {"latitude": 1.5, "longitude": -2}, "place_id": "p1"}
            ]}),
            json!({"type": "confirm", "district_id": 4}),
        ] {
            let (core, ours) = both(value.clone(), read_picker_event);
            assert_eq!(ours, core, "{value}");
        }
    }

    #[wasm_bindgen_test]
    fn events_of_the_wrong_shape_are_refused_by_both() {
        for value in [
            json!({"type": "zoomed"}),
            json!({"type": "point_chosen"}),
            json!({"type": "point_chosen", "point": {"latitude": 30}}),
            json!({"type": "point_chosen", "point": {"latitude": "30.1", "longitude": 31}}),
            json!({"type": "point_chosen", "point": {"lat": 30.1, "lng": 31}}),
            json!({"type": "point_chosen", "point": {"latitude": null, "longitude": 31}}),
            json!({"type": "support_answered", "point": {"latitude": 30, "longitude": 31}, "district_id": -4}),
            json!({"type": "support_answered", "point": {"latitude": 30, "longitude": 31}, "district_name": 7}),
            json!({"type": "search_text_changed"}),
            json!({"type": "search_results_arrived", "search": "x"}),
            json!({"type": "search_results_arrived", "search": "x", "results": {}}),
            json!({"type": "search_results_arrived", "search": "x", "results": [{"name": "A", "address": "B"}]}),
            json!({"type": "search_failed", "search": null}),
        ] {
            refused_by_both(&value, read_picker_event);
        }
    }

    #[wasm_bindgen_test]
    fn a_coordinate_that_is_not_finite_is_refused() {
        // JSON.stringify writes NaN as null, which the core's derive refuses: so does the
        // reader, which sees the number itself.
        let point = js(&json!({"longitude": 31}));
        js_sys::Reflect::set(&point, &"latitude".into(), &JsValue::from(f64::NAN)).unwrap();
        let event = js(&json!({"type": "point_chosen"}));
        js_sys::Reflect::set(&event, &"point".into(), &point).unwrap();
        let error = picker().send(event).unwrap_err();
        assert_eq!(message(error), "event: `latitude`: expected a number");
    }

    #[wasm_bindgen_test]
    fn a_sent_event_moves_the_picker() {
        let mut picker = picker();
        picker
            .send(js(
                &json!({"type": "point_chosen", "point": {"latitude": 30.5, "longitude": 31}}),
            ))
            .unwrap();
        let view = picker.view().unwrap();
        assert_eq!(
            js_sys::Reflect::get(&view, &"loading".into()).unwrap(),
            true
        );
        let point = js_sys::Reflect::get(&view, &"point".into()).unwrap();
        assert_eq!(
            js_sys::Reflect::get(&point, &"latitude".into()).unwrap(),
            30.5
        );
    }

    #[wasm_bindgen_test]
    fn the_constructor_reads_its_arguments_as_the_core_reads_them() {
        let view_point = |picker: LocationPickerFlowHandle| {
            js_sys::Reflect::get(&picker.view().unwrap(), &"point".into()).unwrap()
        };
        for point in [json!({"latitude": 30, "longitude": 31.5}), json!(null)] {
            let core: Option<GeoPoint> = serde_json::from_value(point.clone()).unwrap();
            let picker = LocationPickerFlowHandle::new(js(&point), JsValue::from(7)).unwrap();
            let shown = view_point(picker);
            assert_eq!(
                shown.is_null(),
                core.is_none(),
                "{point}: the point is shown when the core reads one"
            );
        }
        // Left out (undefined) reads as null, for both arguments.
        let picker = LocationPickerFlowHandle::new(JsValue::UNDEFINED, JsValue::UNDEFINED).unwrap();
        assert!(view_point(picker).is_null());
    }

    #[wasm_bindgen_test]
    fn a_wrong_constructor_argument_is_an_invalid_argument_naming_it() {
        let point = js(&json!({"latitude": 30, "longitude": 31}));
        for (point, district, said) in [
            (
                js(&json!({"lat": 30, "lng": 31})),
                JsValue::NULL,
                "point: missing field `latitude`",
            ),
            (
                point.clone(),
                JsValue::from(-7),
                "districtId: expected a whole number",
            ),
            (
                point.clone(),
                JsValue::from(7.5),
                "districtId: expected a whole number",
            ),
            (
                point,
                JsValue::from("7"),
                "districtId: expected a whole number",
            ),
        ] {
            let error = LocationPickerFlowHandle::new(point, district)
                .err()
                .unwrap();
            assert_eq!(message(error), said);
        }
    }
}
