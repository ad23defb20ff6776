use storefront_core::routes::{self, GuardContext};
use wasm_bindgen::prelude::*;

use crate::convert;
use crate::convert::to_js;

/// The route table of spec 2 (with the documented routes for screens the spec names
/// without a path).
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = routeTable, unchecked_return_type = "T.Route[]")]
pub fn route_table() -> Result<JsValue, JsValue> {
    to_js(routes::ROUTES)
}

/// Matches a path (query string and trailing slash ignored); `null` when no route does.
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = matchRoute, unchecked_return_type = "T.RouteMatch | null")]
pub fn match_route(path: &str) -> Result<JsValue, JsValue> {
    to_js(&routes::match_route(path))
}

/// The guard's decision for a navigation to `pathWithQuery` (spec 2, 6).
#[cfg(feature = "start")]
#[wasm_bindgen(js_name = decideNavigation, unchecked_return_type = "T.GuardDecision")]
pub fn decide_navigation(
    path_with_query: &str,
    #[wasm_bindgen(unchecked_param_type = "T.GuardContext")] context: JsValue,
) -> Result<JsValue, JsValue> {
    let context = GuardContext {
        signed_in: convert::flag(&context, "signed_in"),
        has_district: convert::flag(&context, "has_district"),
        force_default_location: convert::flag(&context, "force_default_location"),
    };
    to_js(&routes::decide(path_with_query, &context))
}

/// Where login or registration leads: back to `rememberedOrigin` when it is a page of
/// this site, else `/home` when a default location is forced, otherwise
/// `/account/my-address`.
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = postLoginDestination)]
pub fn post_login_destination(
    force_default_location: bool,
    remembered_origin: Option<String>,
) -> String {
    routes::post_login_destination(force_default_location, remembered_origin.as_deref())
}
