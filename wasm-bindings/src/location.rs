//! Bindings of `storefront_core::location`: the location picker and its map search.

use storefront_core::flow::Flow;
use storefront_core::location::{self, GeoPoint, LocationPickerEvent};
use wasm_bindgen::prelude::*;

use crate::convert::{from_js, to_js};

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
        let point: Option<GeoPoint> = from_js(point, "point")?;
        let district_id: Option<u64> = from_js(district_id, "districtId")?;
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
        let event: LocationPickerEvent = from_js(event, "event")?;
        // The picker's rules read no clock.
        to_js(&self.0.step(event, 0))
    }

    /// The view now.
    #[wasm_bindgen(unchecked_return_type = "T.LocationPickerView")]
    pub fn view(&self) -> Result<JsValue, JsValue> {
        to_js(&self.0.view())
    }
}
