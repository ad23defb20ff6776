//! Grapheme clusters by the browser's own `Intl.Segmenter` (Unicode's UAX #29, as the
//! core's `UnicodeGraphemes`), so the module carries no Unicode segmentation tables.

use storefront_core::text::Graphemes;
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = Intl, js_name = Segmenter)]
    type Segmenter;

    #[wasm_bindgen(catch, constructor, js_namespace = Intl, js_class = "Segmenter")]
    fn new() -> Result<Segmenter, JsValue>;

    #[wasm_bindgen(method)]
    fn segment(this: &Segmenter, input: &str) -> JsValue;
}

/// `Intl.Segmenter` with the default (grapheme) granularity.
pub(crate) struct BrowserGraphemes;

impl Graphemes for BrowserGraphemes {
    fn start_of(&self, text: &str, n: usize) -> Option<usize> {
        let Ok(segmenter) = Segmenter::new() else {
            // A runtime without Intl.Segmenter: code points stand in for clusters.
            return text.char_indices().nth(n).map(|(at, _)| at);
        };
        let segments = js_sys::Array::from(&segmenter.segment(text));
        let segment = segments.get(u32::try_from(n).ok()?);
        // Where cluster `n` starts, in UTF-16 units; nothing when there is no such cluster.
        let utf16 = js_sys::Reflect::get(&segment, &JsValue::from_str("index"))
            .ok()?
            .as_f64()? as usize;
        // From a UTF-16 index to the byte offset of the same character.
        let mut units = 0;
        for (at, c) in text.char_indices() {
            if units >= utf16 {
                return Some(at);
            }
            units += c.len_utf16();
        }
        None
    }
}
