use storefront_core::startup::{
    self, LoadState, RemoteConfig, StartupConfig, StartupLoads, StartupProfile,
};
use storefront_core::storage::{self, ClientState};
use wasm_bindgen::prelude::*;

use crate::convert;
use crate::convert::{from_js, to_js};
use crate::storage::ClientStorage;

/// The sign-in channels offered, from remote config's `verification_methods_sms` and
/// `verification_methods_whatsapp` (SMS when it enables none).
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = verificationChannels, unchecked_return_type = "T.Channel[]")]
pub fn verification_channels(sms: bool, whatsapp: bool) -> Result<JsValue, JsValue> {
    let config = RemoteConfig {
        verification_methods_sms: sms,
        verification_methods_whatsapp: whatsapp,
        ..RemoteConfig::default()
    };
    to_js(&config.channels())
}

/// The loads to start first: remote config, settings, and the profile when signed in.
#[cfg(feature = "rest")]
#[wasm_bindgen(js_name = initialLoads, unchecked_return_type = "T.StartupLoad[]")]
pub fn initial_loads(
    #[wasm_bindgen(unchecked_param_type = "T.ClientState")] stored: JsValue,
) -> Result<JsValue, JsValue> {
    let stored: ClientState = from_js(stored, "stored")?;
    to_js(&startup::initial_loads(&stored))
}

/// The startup plan (spec 4) for what storage holds: values to use, storage effects,
/// loads to start. `config`: the three remote-config values it reads; `profile`, for a
/// signed-in customer, the default address and language. The values are read as
/// leniently as the API's documents (`1` and `"1"` are true, ids may be text), field by
/// field (`convert.rs`) to keep the first page's module small. `pageLanguage` is the
/// language the page was sent in, used when no language was chosen.
#[cfg(feature = "start")]
#[wasm_bindgen(js_name = planStartup, unchecked_return_type = "T.StartupPlan")]
pub fn plan_startup(
    #[wasm_bindgen(unchecked_param_type = "T.StartupConfig")] config: JsValue,
    #[wasm_bindgen(unchecked_param_type = "T.StartupProfile | null")] profile: JsValue,
    #[wasm_bindgen(js_name = pageLanguage, unchecked_param_type = "T.Language")]
    page_language: &str,
) -> Result<JsValue, JsValue> {
    let config = StartupConfig::from_json(&convert::json(&config, "config")?);
    let profile = match convert::json(&profile, "profile")? {
        serde_json::Value::Null => None,
        profile => Some(StartupProfile::from_json(&profile)),
    };
    let stored = storage::read_state(&ClientStorage);
    to_js(&startup::plan(
        &config,
        profile.as_ref(),
        &stored,
        crate::convert::language(page_language)?,
    ))
}

/// Spinner, failure message or page, from the startup load states (spec 2).
#[cfg(feature = "start")]
#[wasm_bindgen(js_name = startupScreen, unchecked_return_type = "T.StartupScreen")]
pub fn startup_screen(
    #[wasm_bindgen(unchecked_param_type = "T.StartupLoads")] loads: JsValue,
) -> Result<JsValue, JsValue> {
    let state = |name: &str| -> Result<LoadState, JsValue> {
        convert::name(&convert::field(&loads, name), "loads")
    };
    let loads = StartupLoads {
        settings: state("settings")?,
        remote_config: state("remote_config")?,
        selected_service: state("selected_service")?,
        profile: state("profile")?,
    };
    to_js(&startup::startup_screen(&loads))
}
