use storefront_core::locale::Language;
use storefront_core::session::{self, LogoutReason, ServiceChoice};
use storefront_core::storage::ClientState;
use wasm_bindgen::prelude::*;

use crate::convert::{from_js, to_js};

/// The effects of logging out from `currentPath` (spec 4).
#[wasm_bindgen(js_name = logoutEffects, unchecked_return_type = "T.Effect[]")]
pub fn logout_effects(
    #[wasm_bindgen(unchecked_param_type = "T.ClientState")] stored: JsValue,
    current_path: &str,
    #[wasm_bindgen(unchecked_param_type = "T.LogoutReason")] reason: JsValue,
) -> Result<JsValue, JsValue> {
    let stored: ClientState = from_js(stored, "stored")?;
    let reason: LogoutReason = from_js(reason, "reason")?;
    to_js(&session::logout(&stored, current_path, reason))
}

/// The effects of switching from `current` to `to` (spec 4).
#[wasm_bindgen(js_name = changeLanguageEffects, unchecked_return_type = "T.Effect[]")]
pub fn change_language_effects(
    #[wasm_bindgen(unchecked_param_type = "T.Language")] current: JsValue,
    #[wasm_bindgen(unchecked_param_type = "T.Language")] to: JsValue,
    signed_in: bool,
) -> Result<JsValue, JsValue> {
    let current: Language = from_js(current, "current")?;
    let to: Language = from_js(to, "to")?;
    to_js(&session::change_language(current, to, signed_in))
}

/// The effects of choosing a service in the services bar (spec 4).
#[wasm_bindgen(js_name = chooseServiceEffects, unchecked_return_type = "T.Effect[]")]
pub fn choose_service_effects(
    #[wasm_bindgen(unchecked_param_type = "T.ServiceChoice")] service: JsValue,
) -> Result<JsValue, JsValue> {
    let service: ServiceChoice = from_js(service, "service")?;
    to_js(&session::choose_service(&service))
}
