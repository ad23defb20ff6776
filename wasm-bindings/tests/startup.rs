#![cfg(target_arch = "wasm32")]

mod support;

use serde_json::{Value, json};
use support::{effects, js, json, kind, message, storage_with};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn guest() -> Value {
    json!({
        "token": null, "language": null, "district_id": null, "address_id": null,
        "selected_address": null, "location": null, "selected_service": null,
        "selected_service_name": null, "use_default_location": false, "currency": null,
        "login_in_progress": false, "user_mobile": null, "user_code": null,
        "user_exists": null, "modal": null
    })
}

/// The start over what storage holds, in a page sent in `page`: remote config, then the
/// profile's answer (`null`: none, or it failed). Gives the plan's storage `effects`
/// (applied, as the app applies them), the `language` it set, what storage holds after
/// them (`stored`) and the flow's `view` once told storage changed.
fn start_in(page: &str, config: Value, profile: JsValue) -> Value {
    let mut flow = storefront_wasm::StartupFlowHandle::new(page).unwrap();
    let profile_event = js(json!({"type": "profile_answered"}));
    js_sys::Reflect::set(&profile_event, &"profile".into(), &profile).unwrap();
    let mut given = Vec::new();
    for event in [
        js(json!({"type": "config_loaded", "config": config})),
        profile_event,
    ] {
        let step = json(flow.send(event).unwrap());
        given.extend(step["effects"].as_array().unwrap().clone());
    }
    let (language, storage): (Vec<Value>, Vec<Value>) = given
        .into_iter()
        .partition(|effect| effect["type"] == "set_document_language");
    storefront_wasm::apply_storage_effects(effects(js(json!(storage)))).unwrap();
    let stored = json(storefront_wasm::read_client_state().unwrap());
    let view = json(flow.send(js(json!({"type": "storage_changed"}))).unwrap())["view"].clone();
    json!({
        "effects": storage,
        "language": language.last().map(|effect| effect["language"].clone()),
        "stored": stored,
        "view": view,
    })
}

/// The start in an English page.
fn plan(config: Value, profile: JsValue) -> Value {
    start_in("en", config, profile)
}

#[wasm_bindgen_test]
fn the_sign_in_channels_follow_remote_configs_flags() {
    let channels =
        |sms, whatsapp| json(storefront_wasm::verification_channels(sms, whatsapp).unwrap());
    assert_eq!(channels(false, true), json!(["whatsapp"]));
    assert_eq!(channels(true, true), json!(["sms", "whatsapp"]));
    // None enabled: SMS.
    assert_eq!(channels(false, false), json!(["sms"]));
}

#[wasm_bindgen_test]
fn a_forced_guest_gets_the_default_location_and_loads() {
    storage_with(&[]);
    // Remote config as the server sends it: "1" flags, ids and coordinates as text.
    let config = json!({
        "app_name": "Souq", "force_select_default_locations": "1", "default_service_id": "2",
        "default_location": {"district_id": "9", "latitude": "30.5", "longitude": 31.5}
    });
    let first = plan(config, JsValue::NULL);
    assert_eq!(first["stored"]["district_id"], 9);
    assert_eq!(
        first["stored"]["location"],
        json!({"lat": 30.5, "lng": 31.5})
    );
    assert_eq!(first["stored"]["use_default_location"], true);
    assert_eq!(first["stored"]["selected_service"], 2);
    assert_eq!(first["language"], "en");
    // A guest: the catalogue loads, the cart does not.
    assert_eq!(first["view"], json!({"started": true, "loads_cart": false}));
    assert_eq!(
        first["effects"],
        json!([
            {"type": "store", "key": "selectedService", "value": "2"},
            {"type": "store", "key": "district_id", "value": "9"},
            {"type": "store", "key": "location", "value": "{\"lat\":30.5,\"lng\":31.5}"},
            {"type": "store", "key": "use_default_location", "value": "true"}
        ])
    );
    // Applied, the plan's effects are what the next start reads.
    let again = plan(
        json!({"force_select_default_locations": 1,
        "default_location": {"district_id": 9, "latitude": 30.5, "longitude": 31.5}}),
        JsValue::NULL,
    );
    assert_eq!(again["effects"], json!([]));
}

#[wasm_bindgen_test]
fn flags_and_ids_that_do_not_read_leave_the_stored_values() {
    storage_with(&[("district_id", "4"), ("selectedService", "6")]);
    for config in [
        json!({"force_select_default_locations": 0,
               "default_location": {"district_id": 9}, "default_service_id": 2}),
        json!({"force_select_default_locations": "yes",
               "default_location": {"district_id": 9}}),
        json!({"force_select_default_locations": true, "default_location": {"district_id": "nine"}}),
        json!({"force_select_default_locations": true, "default_location": {"district_id": -9}}),
        json!(null),
        json!([1, 2]),
    ] {
        let planned = plan(config.clone(), JsValue::UNDEFINED);
        assert_eq!(planned["stored"]["district_id"], 4, "{config}");
        assert_eq!(planned["stored"]["selected_service"], 6, "{config}");
        assert_eq!(planned["stored"]["use_default_location"], false, "{config}");
        assert_eq!(planned["effects"], json!([]), "{config}");
    }
}

#[wasm_bindgen_test]
fn a_signed_in_customer_uses_the_profile_language_and_loads_the_cart() {
    storage_with(&[
        ("token", "tok"),
        ("district_id", "3"),
        ("selectedService", "1"),
    ]);
    let mut stored = guest();
    stored["token"] = json!("tok");
    stored["district_id"] = json!(3);
    stored["selected_service"] = json!(1);
    let loads = json(storefront_wasm::initial_loads(js(stored)).unwrap());
    assert_eq!(loads, json!(["remote_config", "settings", "profile"]));
    // The language either beside the user or inside it (spec 7 and spec 3).
    for profile in [
        json!({"default_locale": "ar"}),
        json!({"user": {"name": "Mona", "default_locale": "ar-EG"}, "message": "ok"}),
    ] {
        let planned = plan(json!({}), js(profile.clone()));
        assert_eq!(planned["language"], "ar", "{profile}");
        assert_eq!(planned["effects"], json!([]), "{profile}");
        assert_eq!(planned["view"]["loads_cart"], true, "{profile}");
    }
    // No profile (it failed to load): the page's language.
    let planned = start_in("ar", json!({}), JsValue::NULL);
    assert_eq!(planned["language"], "ar");
}

#[wasm_bindgen_test]
fn the_stored_language_wins_and_guests_ignore_the_profile() {
    let profile = || js(json!({"default_locale": "ar"}));
    storage_with(&[("token", "tok"), ("language", "en")]);
    assert_eq!(plan(json!({}), profile())["language"], "en");
    storage_with(&[("language", "ar")]);
    assert_eq!(plan(json!({}), JsValue::NULL)["language"], "ar");
    storage_with(&[]);
    assert_eq!(plan(json!({}), profile())["language"], "en");
    assert_eq!(start_in("ar-EG", json!({}), profile())["language"], "ar");
    let Err(error) = storefront_wasm::StartupFlowHandle::new("fr") else {
        panic!("a page in French");
    };
    assert_eq!(kind(&error), "unsupported_language");
}

#[wasm_bindgen_test]
fn a_forced_customer_takes_the_profile_address() {
    storage_with(&[
        ("token", "tok"),
        ("district_id", "3"),
        ("selectedService", "1"),
    ]);
    let config = json!({"force_select_default_locations": "1",
                        "default_location": {"district_id": 9}});
    // The address inside the user (spec 3), read leniently.
    let profile = js(json!({"user": {"address": {
        "id": "5", "name": "Home", "district_id": "4",
        "location": {"latitude": "30.25", "longitude": 31.5}
    }}}));
    let planned = plan(config.clone(), profile);
    assert_eq!(planned["stored"]["district_id"], 4);
    assert_eq!(planned["stored"]["address_id"], 5);
    assert_eq!(
        planned["stored"]["location"],
        json!({"lat": 30.25, "lng": 31.5})
    );
    assert_eq!(planned["stored"]["selected_address"]["name"], "Home");
    assert_eq!(planned["stored"]["use_default_location"], false);
    let effects = planned["effects"].as_array().unwrap();
    assert_eq!(
        effects[0],
        json!({"type": "store", "key": "district_id", "value": "4"})
    );
    assert_eq!(
        effects[1],
        json!({"type": "store", "key": "address_id", "value": "5"})
    );
    // A profile without an address removes the stored place.
    storage_with(&[
        ("token", "tok"),
        ("district_id", "3"),
        ("selectedService", "1"),
    ]);
    let bare = plan(config, js(json!({"user": {"name": "Mona"}})));
    assert_eq!(bare["stored"]["district_id"], Value::Null);
    assert_eq!(
        bare["effects"],
        json!([{"type": "remove", "keys": ["district_id"]}])
    );
    assert_eq!(bare["view"], json!({"started": true, "loads_cart": false}));
}

#[wasm_bindgen_test]
fn the_screen_spins_then_shows_or_fails() {
    let screen = |loads: Value| json(storefront_wasm::startup_screen(js(loads)).unwrap());
    assert_eq!(
        screen(
            json!({"settings": "loaded", "remote_config": "loading", "selected_service": "idle", "profile": "idle"})
        ),
        json!({"state": "loading"})
    );
    assert_eq!(
        screen(
            json!({"settings": "loaded", "remote_config": "loaded", "selected_service": "loaded", "profile": "idle"})
        ),
        json!({"state": "ready"})
    );
    assert_eq!(
        screen(
            json!({"settings": "failed", "remote_config": "loaded", "selected_service": "idle", "profile": "idle"})
        ),
        json!({"state": "failed", "message": {"id": "loading_failed", "params": {}}})
    );
}

#[wasm_bindgen_test]
fn load_states_are_read_by_name() {
    let loaded = json!({"settings": "loaded", "remote_config": "loaded",
                        "selected_service": "loaded", "profile": "loaded"});
    for field in ["settings", "remote_config", "selected_service", "profile"] {
        for (bad, why) in [
            (json!("done"), "loads: unknown name"),
            (json!("Loaded"), "loads: unknown name"),
            (json!(1), "loads: expected a name"),
            (Value::Null, "loads: expected a name"),
        ] {
            let mut loads = loaded.clone();
            loads[field] = bad.clone();
            let error = storefront_wasm::startup_screen(js(loads)).unwrap_err();
            assert_eq!(kind(&error), "invalid_argument", "{field}: {bad}");
            assert_eq!(message(error), why, "{field}: {bad}");
        }
        let mut missing = loaded.clone();
        missing.as_object_mut().unwrap().remove(field);
        let error = storefront_wasm::startup_screen(js(missing)).unwrap_err();
        assert_eq!(kind(&error), "invalid_argument", "{field}");
    }
    let error = storefront_wasm::startup_screen(JsValue::NULL).unwrap_err();
    assert_eq!(kind(&error), "invalid_argument");
}
