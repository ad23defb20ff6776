use wasm_bindgen::prelude::*;

use crate::convert::{language, to_js};

/// The HTML `dir` value for a language code such as `"ar"` or `"en-GB"`.
#[cfg(feature = "start")]
#[wasm_bindgen(js_name = textDirection, unchecked_return_type = "T.Direction")]
pub fn text_direction(code: &str) -> Result<JsValue, JsValue> {
    to_js(&language(code)?.direction())
}

/// Parses a language code (`"ar-EG"` → `"ar"`); throws `unsupported_language`.
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = parseLanguage, unchecked_return_type = "T.Language")]
pub fn parse_language(code: &str) -> Result<JsValue, JsValue> {
    to_js(&language(code)?)
}
