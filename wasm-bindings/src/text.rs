use storefront_core::location::Address;
use storefront_core::text;
use wasm_bindgen::prelude::*;

use crate::convert;
use crate::convert::to_js;
use crate::graphemes::BrowserGraphemes;

/// Submitting the header search: a navigation to /branches-results, or for blank
/// text the 'please add search text' toast.
#[cfg(feature = "start")]
#[wasm_bindgen(js_name = submitSearch, unchecked_return_type = "T.Effect[]")]
pub fn submit_search(text: &str) -> Result<JsValue, JsValue> {
    to_js(&text::submit_search(text))
}

/// The destination of a submitted search, or `null` for blank text.
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = searchDestination, unchecked_return_type = "string | null")]
pub fn search_destination(text: &str) -> Result<JsValue, JsValue> {
    to_js(&text::search_destination(text))
}

/// The trimmed text to fetch suggestions for, or `null` (no fetch) for blank text.
#[cfg(feature = "start")]
#[wasm_bindgen(js_name = suggestionQuery, unchecked_return_type = "string | null")]
pub fn suggestion_query(text: &str) -> Result<JsValue, JsValue> {
    to_js(&text::suggestion_query(text))
}

/// A label cut to 20 graphemes plus '...'.
#[cfg(feature = "start")]
#[wasm_bindgen(js_name = cutLabel)]
pub fn cut_label(text: &str) -> String {
    text::cut_label_with(text, &BrowserGraphemes)
}

/// The address button's label: name, else region, else street, cut; `null` if none.
#[cfg(feature = "start")]
#[wasm_bindgen(js_name = addressLabel, unchecked_return_type = "string | null")]
pub fn address_label(
    #[wasm_bindgen(unchecked_param_type = "T.Address")] address: JsValue,
) -> Result<JsValue, JsValue> {
    let address = Address::from_json(&convert::json(&address, "address")?)
        .ok_or_else(|| convert::invalid("address", "an address needs an id"))?;
    to_js(&text::address_label_with(&address, &BrowserGraphemes))
}
