//! JavaScript bindings of `storefront-core`. Glue only: every rule lives in the core.

use storefront_core::locale::Language;
use wasm_bindgen::prelude::*;

/// Version of the Rust rules crate inside this package.
#[wasm_bindgen(js_name = coreVersion)]
pub fn core_version() -> String {
    storefront_core::version().to_owned()
}

/// The HTML `dir` value (`"ltr"` or `"rtl"`) for a language code such as `"ar"`.
#[wasm_bindgen(js_name = textDirection)]
pub fn text_direction(code: &str) -> Result<String, JsError> {
    let language = Language::parse(code).map_err(|e| JsError::new(&e.to_string()))?;
    Ok(language.direction().as_str().to_owned())
}
