use storefront_core::layout::{self, BottomBarContext, Settings, StaticPage};
use wasm_bindgen::prelude::*;

use crate::convert::{from_js, language, to_js};

/// Mobile, tablet or desktop for a viewport width in CSS pixels.
#[wasm_bindgen(js_name = breakpoint, unchecked_return_type = "T.Breakpoint")]
pub fn breakpoint(width: u32) -> Result<JsValue, JsValue> {
    to_js(&layout::breakpoint(width))
}

/// Whether the width is below 768 px (full-screen menus, bottom bar).
#[wasm_bindgen(js_name = isSmallScreen)]
pub fn is_small_screen(width: u32) -> bool {
    layout::is_small_screen(width)
}

/// Breakpoints, the categories list height, the map zoom and height.
#[wasm_bindgen(js_name = layoutConstants, unchecked_return_type = "T.LayoutConstants")]
pub fn layout_constants() -> Result<JsValue, JsValue> {
    to_js(&layout::layout_constants())
}

/// The mobile bottom bar's items, in order (none from 768 px).
#[wasm_bindgen(js_name = bottomBar, unchecked_return_type = "T.BottomBarItem[]")]
pub fn bottom_bar(
    #[wasm_bindgen(unchecked_param_type = "T.BottomBarContext")] context: JsValue,
) -> Result<JsValue, JsValue> {
    let context: BottomBarContext = from_js(context, "context")?;
    to_js(&layout::bottom_bar(&context))
}

/// The account menu's groups and links, in order.
#[wasm_bindgen(js_name = accountMenu, unchecked_return_type = "T.MenuGroup[]")]
pub fn account_menu() -> Result<JsValue, JsValue> {
    to_js(&layout::account_menu())
}

/// The desktop profile dropdown's links, in order.
#[wasm_bindgen(js_name = profileDropdown, unchecked_return_type = "T.NavLink[]")]
pub fn profile_dropdown() -> Result<JsValue, JsValue> {
    to_js(&layout::profile_dropdown())
}

/// Where the logo goes: /home when signed in, otherwise /.
#[wasm_bindgen(js_name = logoTarget)]
pub fn logo_target(signed_in: bool) -> String {
    layout::logo_target(signed_in).to_owned()
}

/// Which header search the selected service's `filter_type` gets.
#[wasm_bindgen(js_name = searchElement, unchecked_return_type = "T.SearchElement")]
pub fn search_element(
    #[wasm_bindgen(unchecked_param_type = "string | null")] filter_type: Option<String>,
) -> Result<JsValue, JsValue> {
    to_js(&layout::search_element(filter_type.as_deref()))
}

/// The footer's links and contact information.
#[wasm_bindgen(js_name = footerContent, unchecked_return_type = "T.Footer")]
pub fn footer_content(
    #[wasm_bindgen(unchecked_param_type = "T.Settings")] settings: JsValue,
    #[wasm_bindgen(unchecked_param_type = "T.StaticPage[]")] pages: JsValue,
    #[wasm_bindgen(unchecked_param_type = "T.Language")] code: &str,
    year: i32,
) -> Result<JsValue, JsValue> {
    let settings: Settings = from_js(settings, "settings")?;
    let pages: Vec<StaticPage> = from_js(pages, "pages")?;
    to_js(&layout::footer(&settings, &pages, language(code)?, year))
}
