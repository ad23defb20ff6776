use storefront_core::startup::{
    self, LoadState, RemoteConfig, StartupConfig, StartupEvent, StartupLoads, StartupProfile,
};
use storefront_core::storage::ClientState;
use wasm_bindgen::prelude::*;

use crate::convert;
use crate::convert::{from_js, to_js};
use crate::storage::ClientStorage;
#[cfg(feature = "start")]
use storefront_core::flow::Flow;

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

/// Startup as a flow (spec 4) over the browser's storage: send it what remote config
/// and the profile answered (and `storage_changed` when storage changes); it plans the
/// start once they are in, giving the plan's storage effects and the language, and
/// after the start a signed-in account's language. The view says whether pages may show
/// and which loads the plan starts for storage now.
#[cfg(feature = "start")]
#[wasm_bindgen(js_name = StartupFlow)]
pub struct StartupFlowHandle(startup::StartupFlow<ClientStorage>);

#[cfg(feature = "start")]
#[wasm_bindgen(js_class = StartupFlow)]
impl StartupFlowHandle {
    /// A start for a page sent in `pageLanguage` (the language used when none was chosen).
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(js_name = pageLanguage, unchecked_param_type = "T.Language")]
        page_language: &str,
    ) -> Result<StartupFlowHandle, JsValue> {
        Ok(Self(startup::StartupFlow::new(
            ClientStorage,
            convert::language(page_language)?,
        )))
    }

    /// Applies an event: the effects to perform and the view after it. Remote config and
    /// the profile are read as leniently as the API's documents (`1` and `"1"` are true,
    /// ids may be text), field by field (`convert.rs`) to keep the first page's module
    /// small.
    #[wasm_bindgen(unchecked_return_type = "T.Step<T.StartupView>")]
    pub fn send(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "T.StartupEvent")] event: JsValue,
    ) -> Result<JsValue, JsValue> {
        let event = read_event(&event)?;
        // Startup reads no clock.
        to_js(&self.0.step(event, 0))
    }

    /// The view now.
    #[wasm_bindgen(unchecked_return_type = "T.StartupView")]
    pub fn view(&self) -> Result<JsValue, JsValue> {
        to_js(&self.0.view())
    }
}

/// A `StartupEvent` as the core's serde derive reads it, with remote config and the
/// profile read leniently.
#[cfg(feature = "start")]
fn read_event(event: &JsValue) -> Result<StartupEvent, JsValue> {
    let tag = convert::tag(event, "type").map_err(|e| convert::invalid("event", &e))?;
    Ok(match tag.as_str() {
        "config_loaded" => StartupEvent::ConfigLoaded {
            config: StartupConfig::from_json(&convert::json(
                &convert::field(event, "config"),
                "event.config",
            )?),
        },
        "profile_answered" => {
            let profile = convert::json(&convert::field(event, "profile"), "event.profile")?;
            StartupEvent::ProfileAnswered {
                profile: (!profile.is_null()).then(|| StartupProfile::from_json(&profile)),
            }
        }
        "storage_changed" => StartupEvent::StorageChanged,
        _ => return Err(convert::invalid("event", "unknown type")),
    })
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

/// The startup flow's event reader against the core's serde derive, in the browser
/// (`just wasm-test`).
#[cfg(all(test, target_arch = "wasm32"))]
mod tests {
    use serde_json::json;
    use wasm_bindgen_test::*;

    use super::*;
    use crate::convert::testing::js;

    wasm_bindgen_test_configure!(run_in_browser);

    #[wasm_bindgen_test]
    fn events_read_as_the_core_reads_them() {
        for event in [
            json!({"type": "config_loaded", "config": {
                "force_select_default_locations": true,
                "default_location": {"district_id": 9, "latitude": 30.0, "longitude": 31.5},
                "default_service_id": 2}}),
            json!({"type": "profile_answered", "profile": {"address": null, "default_locale": "ar"}}),
            json!({"type": "profile_answered", "profile": null}),
            json!({"type": "storage_changed"}),
        ] {
            let core: StartupEvent = serde_json::from_value(event.clone()).unwrap();
            assert_eq!(read_event(&js(&event)).unwrap(), core);
        }
    }

    #[wasm_bindgen_test]
    fn remote_config_is_read_leniently() {
        let event = js(&json!({"type": "config_loaded", "config": {
            "force_select_default_locations": "1", "default_service_id": "2"}}));
        let StartupEvent::ConfigLoaded { config } = read_event(&event).unwrap() else {
            panic!("not a config event");
        };
        assert!(config.force_select_default_locations);
        assert_eq!(config.default_service_id, Some(2));
    }

    #[wasm_bindgen_test]
    fn unknown_or_untyped_events_are_invalid_arguments() {
        for event in [json!({"type": "started"}), json!({"config": {}}), json!(7)] {
            let error = read_event(&js(&event)).unwrap_err();
            let kind = js_sys::Reflect::get(&error, &"kind".into()).unwrap();
            assert_eq!(kind, "invalid_argument");
        }
    }
}
