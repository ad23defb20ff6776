//! Bindings of `storefront_core::location`: the location picker and its map search.

use storefront_core::location::{self, LocationPicker, LocationPickerEvent};
use storefront_core::storage::ClientState;
use wasm_bindgen::prelude::*;

use crate::convert::{from_js, to_js};

/// A picker showing the stored point and district when both are stored.
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = locationPickerStart, unchecked_return_type = "T.LocationPicker")]
pub fn location_picker_start(
    #[wasm_bindgen(unchecked_param_type = "T.ClientState")] stored: JsValue,
) -> Result<JsValue, JsValue> {
    let stored: ClientState = from_js(stored, "stored")?;
    to_js(&LocationPicker::start(&stored))
}

/// Opening the picker: show it and remember it for a reload (spec 4).
#[cfg(feature = "start")]
#[wasm_bindgen(js_name = locationPickerOpenEffects, unchecked_return_type = "T.Effect[]")]
pub fn location_picker_open_effects() -> Result<JsValue, JsValue> {
    to_js(&location::open())
}

/// Dismissing the picker without choosing: close it and forget it.
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = locationPickerDismissEffects, unchecked_return_type = "T.Effect[]")]
pub fn location_picker_dismiss_effects() -> Result<JsValue, JsValue> {
    to_js(&location::dismiss())
}

/// Applies an event: the new picker state and the effects to perform.
#[cfg(feature = "rest")]
#[wasm_bindgen(
    js_name = locationPickerUpdate,
    unchecked_return_type = "[T.LocationPicker, T.Effect[]]"
)]
pub fn location_picker_update(
    #[wasm_bindgen(unchecked_param_type = "T.LocationPicker")] state: JsValue,
    #[wasm_bindgen(unchecked_param_type = "T.LocationPickerEvent")] event: JsValue,
) -> Result<JsValue, JsValue> {
    let state: LocationPicker = from_js(state, "state")?;
    let event: LocationPickerEvent = from_js(event, "event")?;
    to_js(&location::update(state, event))
}

/// The confirm button's label.
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = locationPickerLabel, unchecked_return_type = "T.Message")]
pub fn location_picker_label(
    #[wasm_bindgen(unchecked_param_type = "T.LocationPicker")] state: JsValue,
) -> Result<JsValue, JsValue> {
    let state: LocationPicker = from_js(state, "state")?;
    to_js(&state.label())
}

/// Whether the confirm button is enabled.
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = locationPickerCanConfirm)]
pub fn location_picker_can_confirm(
    #[wasm_bindgen(unchecked_param_type = "T.LocationPicker")] state: JsValue,
) -> Result<bool, JsValue> {
    let state: LocationPicker = from_js(state, "state")?;
    Ok(state.can_confirm())
}

/// What the map search dropdown shows.
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = mapSearchStatus, unchecked_return_type = "T.MapSearchStatus")]
pub fn map_search_status(
    #[wasm_bindgen(unchecked_param_type = "T.LocationPicker")] state: JsValue,
) -> Result<JsValue, JsValue> {
    let state: LocationPicker = from_js(state, "state")?;
    to_js(&state.search_status())
}

/// Zoom of the picker's map.
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = mapZoom)]
pub fn map_zoom() -> u32 {
    location::MAP_ZOOM
}

/// Height of the picker's map in CSS pixels.
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = mapHeightPx)]
pub fn map_height_px() -> u32 {
    location::MAP_HEIGHT_PX
}
