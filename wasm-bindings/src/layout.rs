use storefront_core::layout::{self, BottomBarContext, Settings, StaticPage};
use wasm_bindgen::prelude::*;

use crate::convert;
use crate::convert::{language, to_js};

/// Mobile, tablet or desktop for a viewport width in CSS pixels.
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = breakpoint, unchecked_return_type = "T.Breakpoint")]
pub fn breakpoint(width: u32) -> Result<JsValue, JsValue> {
    to_js(&layout::breakpoint(width))
}

/// Whether the width is below 768 px (full-screen menus, bottom bar).
#[cfg(feature = "start")]
#[wasm_bindgen(js_name = isSmallScreen)]
pub fn is_small_screen(width: u32) -> bool {
    layout::is_small_screen(width)
}

/// The mobile bottom bar's items, in order (none from 768 px).
#[cfg(feature = "start")]
#[wasm_bindgen(js_name = bottomBar, unchecked_return_type = "T.BottomBarItem[]")]
pub fn bottom_bar(
    #[wasm_bindgen(unchecked_param_type = "T.BottomBarContext")] context: JsValue,
) -> Result<JsValue, JsValue> {
    let quantity = convert::field(&context, "cart_items_quantity");
    // Beyond u32 a number saturates: `as u32` would wrap 2^32 + 375 px around to 375.
    let saturate = |n: u64| u32::try_from(n).unwrap_or(u32::MAX);
    let context = BottomBarContext {
        width: saturate(
            convert::whole(&convert::field(&context, "width"), "context.width")?.unwrap_or(0),
        ),
        enable_services_page: convert::flag(&context, "enable_services_page"),
        route: convert::text(&context, "route").unwrap_or_default(),
        has_district: convert::flag(&context, "has_district"),
        show_categories_menu: convert::flag(&context, "show_categories_menu"),
        signed_in: convert::flag(&context, "signed_in"),
        cart_items_quantity: convert::whole(&quantity, "context.cart_items_quantity")?
            .map(saturate),
    };
    to_js(&layout::bottom_bar(&context))
}

/// Where the logo goes: /home when signed in, otherwise /.
#[cfg(feature = "start")]
#[wasm_bindgen(js_name = logoTarget)]
pub fn logo_target(signed_in: bool) -> String {
    layout::logo_target(signed_in).to_owned()
}

/// Which header search the selected service's `filter_type` gets.
#[cfg(feature = "start")]
#[wasm_bindgen(js_name = searchElement, unchecked_return_type = "T.SearchElement")]
pub fn search_element(
    #[wasm_bindgen(unchecked_param_type = "string | null")] filter_type: Option<String>,
) -> Result<JsValue, JsValue> {
    to_js(&layout::search_element(filter_type.as_deref()))
}

/// The footer's links and contact information.
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = footerContent, unchecked_return_type = "T.Footer")]
pub fn footer_content(
    #[wasm_bindgen(unchecked_param_type = "T.Settings")] settings: JsValue,
    #[wasm_bindgen(unchecked_param_type = "T.StaticPage[]")] pages: JsValue,
    #[wasm_bindgen(unchecked_param_type = "T.Language")] code: &str,
    year: i32,
) -> Result<JsValue, JsValue> {
    let settings = Settings::from_json(&convert::json(&settings, "settings")?);
    let pages: Vec<StaticPage> = match convert::json(&pages, "pages")? {
        serde_json::Value::Array(pages) => pages.iter().map(StaticPage::from_json).collect(),
        _ => Vec::new(),
    };
    to_js(&layout::footer(&settings, &pages, language(code)?, year))
}
