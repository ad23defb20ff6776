use storefront_core::session::{self, LogoutReason, ServiceChoice};
use storefront_core::storage;
use wasm_bindgen::prelude::*;

use crate::convert;
use crate::convert::{language, to_js};
use crate::storage::ClientStorage;

/// The effects of logging out from `currentPath` (spec 4), for what storage holds.
#[cfg(feature = "start")]
#[wasm_bindgen(js_name = logoutEffects, unchecked_return_type = "T.Effect[]")]
pub fn logout_effects(
    current_path: &str,
    #[wasm_bindgen(unchecked_param_type = "T.LogoutReason")] reason: JsValue,
) -> Result<JsValue, JsValue> {
    let stored = storage::read_state(&ClientStorage);
    let reason: LogoutReason = convert::name(&reason, "reason")?;
    to_js(&session::logout(&stored, current_path, reason))
}

/// The effects of switching from `current` to `to` (spec 4).
#[cfg(feature = "start")]
#[wasm_bindgen(js_name = changeLanguageEffects, unchecked_return_type = "T.Effect[]")]
pub fn change_language_effects(
    #[wasm_bindgen(unchecked_param_type = "T.Language")] current: &str,
    #[wasm_bindgen(unchecked_param_type = "T.Language")] to: &str,
    signed_in: bool,
) -> Result<JsValue, JsValue> {
    to_js(&session::change_language(
        language(current)?,
        language(to)?,
        signed_in,
    ))
}

/// The effects of choosing a service in the services bar (spec 4).
#[cfg(feature = "start")]
#[wasm_bindgen(js_name = chooseServiceEffects, unchecked_return_type = "T.Effect[]")]
pub fn choose_service_effects(
    #[wasm_bindgen(unchecked_param_type = "T.ServiceChoice")] service: JsValue,
) -> Result<JsValue, JsValue> {
    let service = ServiceChoice {
        id: convert::whole(&convert::field(&service, "id"), "service.id")?
            .ok_or_else(|| convert::invalid("service.id", "missing"))?,
        name: convert::text(&service, "name").unwrap_or_default(),
    };
    to_js(&session::choose_service(&service))
}
