use storefront_core::startup::{self, ProfileResponse, RemoteConfig, StartupLoads};
use storefront_core::storage::ClientState;
use wasm_bindgen::prelude::*;

use crate::convert::{from_js, to_js};

/// Reads `GET /remote-config` data leniently (0/1 flags, numeric-string ids).
#[wasm_bindgen(js_name = parseRemoteConfig, unchecked_return_type = "T.RemoteConfig")]
pub fn parse_remote_config(
    #[wasm_bindgen(unchecked_param_type = "unknown")] data: JsValue,
) -> Result<JsValue, JsValue> {
    let config: RemoteConfig = from_js(data, "data")?;
    to_js(&config)
}

/// Reads `GET /user/profile` data leniently.
#[wasm_bindgen(js_name = parseProfileResponse, unchecked_return_type = "T.ProfileResponse")]
pub fn parse_profile_response(
    #[wasm_bindgen(unchecked_param_type = "unknown")] data: JsValue,
) -> Result<JsValue, JsValue> {
    let profile: ProfileResponse = from_js(data, "data")?;
    to_js(&profile)
}

/// The sign-in channels offered (SMS when the config enables none).
#[wasm_bindgen(js_name = verificationChannels, unchecked_return_type = "T.Channel[]")]
pub fn verification_channels(
    #[wasm_bindgen(unchecked_param_type = "T.RemoteConfig")] config: JsValue,
) -> Result<JsValue, JsValue> {
    let config: RemoteConfig = from_js(config, "config")?;
    to_js(&config.channels())
}

/// The loads to start first: remote config, settings, and the profile when signed in.
#[wasm_bindgen(js_name = initialLoads, unchecked_return_type = "T.StartupLoad[]")]
pub fn initial_loads(
    #[wasm_bindgen(unchecked_param_type = "T.ClientState")] stored: JsValue,
) -> Result<JsValue, JsValue> {
    let stored: ClientState = from_js(stored, "stored")?;
    to_js(&startup::initial_loads(&stored))
}

/// The startup plan (spec 4): values to use, storage effects, loads to start.
#[wasm_bindgen(js_name = planStartup, unchecked_return_type = "T.StartupPlan")]
pub fn plan_startup(
    #[wasm_bindgen(unchecked_param_type = "T.RemoteConfig")] config: JsValue,
    #[wasm_bindgen(unchecked_param_type = "T.ProfileResponse | null")] profile: JsValue,
    #[wasm_bindgen(unchecked_param_type = "T.ClientState")] stored: JsValue,
) -> Result<JsValue, JsValue> {
    let config: RemoteConfig = from_js(config, "config")?;
    let profile: Option<ProfileResponse> = if profile.is_null() || profile.is_undefined() {
        None
    } else {
        Some(from_js(profile, "profile")?)
    };
    let stored: ClientState = from_js(stored, "stored")?;
    to_js(&startup::plan(&config, profile.as_ref(), &stored))
}

/// Spinner, failure message or page, from the startup load states (spec 2).
#[wasm_bindgen(js_name = startupScreen, unchecked_return_type = "T.StartupScreen")]
pub fn startup_screen(
    #[wasm_bindgen(unchecked_param_type = "T.StartupLoads")] loads: JsValue,
) -> Result<JsValue, JsValue> {
    let loads: StartupLoads = from_js(loads, "loads")?;
    to_js(&startup::startup_screen(&loads))
}
