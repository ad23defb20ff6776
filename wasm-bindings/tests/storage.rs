#![cfg(target_arch = "wasm32")]

mod support;

use serde_json::json;
use support::{effects, js, json, kind, message, storage_with, stored as item};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

/// Each test starts from an empty `localStorage`.
fn fresh() -> web_sys::Storage {
    storage_with(&[])
}

#[wasm_bindgen_test]
fn reads_the_client_state_from_local_storage() {
    let storage = fresh();
    for (name, value) in [
        ("token", "eyJ0"),
        ("language", "ar"),
        ("district_id", "7"),
        ("location", r#"{"lat":30.0444,"lng":31.2357}"#),
        ("selectedService", "3"),
        ("use_default_location", "true"),
        ("modal_status", "pickAddress"),
        ("user_exists", "false"),
    ] {
        storage.set_item(name, value).unwrap();
    }
    let state = json(storefront_wasm::read_client_state().unwrap());
    assert_eq!(
        state,
        json!({
            "token": "eyJ0",
            "language": "ar",
            "district_id": 7,
            "address_id": null,
            "selected_address": null,
            "location": {"lat": 30.0444, "lng": 31.2357},
            "selected_service": 3,
            "selected_service_name": null,
            "use_default_location": true,
            "currency": "USD",
            "login_in_progress": false,
            "user_mobile": null,
            "user_code": null,
            "user_exists": false,
            "modal": "pickAddress",
            "resend_ready_at": null
        })
    );
}

#[wasm_bindgen_test]
fn corrupt_values_read_as_absent() {
    let storage = fresh();
    for (name, value) in [
        ("district_id", "abc"),
        ("address_id", "-1"),
        ("selectedService", "1e400"),
        ("location", "{bad json"),
        ("language", "fr"),
        ("modal_status", "checkout"),
        ("use_default_location", "yes?"),
        ("current_currency", "egp"),
    ] {
        storage.set_item(name, value).unwrap();
    }
    let state = json(storefront_wasm::read_client_state().unwrap());
    for field in [
        "district_id",
        "address_id",
        "selected_service",
        "location",
        "language",
        "modal",
    ] {
        assert_eq!(state[field], serde_json::Value::Null, "{field}");
    }
    assert_eq!(state["use_default_location"], false);
    assert_eq!(state["currency"], "EGP");
}

#[wasm_bindgen_test]
fn applies_store_and_remove_effects_and_ignores_the_rest() {
    let storage = fresh();
    storage.set_item("address_id", "12").unwrap();
    let effects = effects(js(json!([
        {"type": "store", "key": "district_id", "value": "7"},
        {"type": "close_modal"},
        {"type": "navigate", "to": "/home", "after_ms": 0},
        // Other effects are not read at all, so not checked either.
        {"type": "toast", "tone": "loud", "text": 42},
        {"type": "remove", "keys": ["address_id", "selectedAddress"]},
        {"type": "store", "key": "persist:user", "value": "{}"},
        {"key": "token", "value": "no type"}
    ])));
    storefront_wasm::apply_storage_effects(effects).unwrap();
    assert_eq!(item("district_id").as_deref(), Some("7"));
    assert_eq!(item("address_id"), None);
    assert_eq!(item("persist:user").as_deref(), Some("{}"));
    assert_eq!(storage.length().unwrap(), 2);
}

#[wasm_bindgen_test]
fn a_write_over_the_quota_is_reported_after_applying_the_rest() {
    fresh();
    // Far beyond any browser's localStorage quota (5 MiB in Chrome).
    let huge = "x".repeat(12 * 1024 * 1024);
    let effects = effects(js(json!([
        {"type": "store", "key": "selectedServiceName", "value": huge},
        {"type": "store", "key": "language", "value": "ar"}
    ])));
    let error = storefront_wasm::apply_storage_effects(effects).unwrap_err();
    assert_eq!(kind(&error), "storage_write_failed");
    assert_eq!(
        message(error),
        "could not store selectedServiceName: storage quota exceeded"
    );
    assert_eq!(item("selectedServiceName"), None);
    assert_eq!(item("language").as_deref(), Some("ar"));
}

#[wasm_bindgen_test]
fn malformed_storage_effects_are_an_invalid_argument_and_nothing_is_applied() {
    for (bad, why) in [
        (
            json!({"type": "store", "key": "nope", "value": "1"}),
            "effects: unknown storage key",
        ),
        // Keys are the stored names, not the Rust names.
        (
            json!({"type": "store", "key": "SelectedAddress", "value": "{}"}),
            "effects: unknown storage key",
        ),
        (
            json!({"type": "store", "value": "1"}),
            "effects: unknown storage key",
        ),
        (
            json!({"type": "store", "key": "language"}),
            "effects: a store without a text value",
        ),
        (
            json!({"type": "store", "key": "district_id", "value": 7}),
            "effects: a store without a text value",
        ),
        (
            json!({"type": "remove", "keys": ["token", "Token"]}),
            "effects: unknown storage key",
        ),
        (
            json!({"type": "remove", "keys": [null]}),
            "effects: unknown storage key",
        ),
        (json!({"type": "remove"}), "effects: a remove without keys"),
        (
            json!({"type": "remove", "keys": "token"}),
            "effects: a remove without keys",
        ),
    ] {
        let storage = storage_with(&[("token", "tok")]);
        let list = js(json!([{"type": "store", "key": "language", "value": "ar"}, bad.clone()]));
        let error = storefront_wasm::apply_storage_effects(effects(list)).unwrap_err();
        assert_eq!(kind(&error), "invalid_argument", "{bad}");
        assert_eq!(message(error), why, "{bad}");
        // Every effect is read before any is applied.
        assert_eq!(item("language"), None, "{bad}");
        assert_eq!(item("token").as_deref(), Some("tok"), "{bad}");
        assert_eq!(storage.length().unwrap(), 1, "{bad}");
    }
}

#[wasm_bindgen_test]
fn an_empty_remove_or_list_changes_nothing() {
    let storage = storage_with(&[("token", "tok")]);
    let list = js(json!([{"type": "remove", "keys": []}]));
    storefront_wasm::apply_storage_effects(effects(list)).unwrap();
    assert_eq!(storage.length().unwrap(), 1);
    storefront_wasm::apply_storage_effects(Vec::new()).unwrap();
    assert_eq!(item("token").as_deref(), Some("tok"));
}

#[wasm_bindgen_test]
fn logout_keeps_language_currency_and_service_only() {
    let storage = fresh();
    for name in [
        "token",
        "language",
        "district_id",
        "address_id",
        "selectedAddress",
        "location",
        "selectedService",
        "selectedServiceName",
        "use_default_location",
        "current_currency",
        "temp_login_status",
        "user_mobile",
        "user_code",
        "user_exists",
        "modal_status",
        "persist:user",
        "resend_ready_at",
    ] {
        storage.set_item(name, "x").unwrap();
    }
    let logout = storefront_wasm::logout_storage_effects().unwrap();
    assert_eq!(json(logout.clone())[0]["type"], "remove");
    storefront_wasm::apply_storage_effects(effects(logout)).unwrap();
    let mut left: Vec<String> = (0..storage.length().unwrap())
        .filter_map(|i| storage.key(i).unwrap())
        .collect();
    left.sort();
    assert_eq!(
        left,
        [
            "current_currency",
            "language",
            "selectedService",
            "selectedServiceName"
        ]
    );
}

#[wasm_bindgen_test]
fn key_names_are_the_stored_names() {
    assert_eq!(
        storefront_wasm::storage_key_name(JsValue::from_str("persist:user")).unwrap(),
        "persist:user"
    );
    assert_eq!(
        storefront_wasm::storage_key_name(JsValue::from_str("selectedAddress")).unwrap(),
        "selectedAddress"
    );
    let error = storefront_wasm::storage_key_name(JsValue::from_str("Token")).unwrap_err();
    assert_eq!(kind(&error), "invalid_argument");
}

#[wasm_bindgen_test]
fn the_checkout_attempt_keeps_its_key_in_the_tab_until_it_finishes() {
    let attempt = |op: serde_json::Value| storefront_wasm::checkout_attempt(js(op)).unwrap();
    let session = web_sys::window()
        .unwrap()
        .session_storage()
        .unwrap()
        .unwrap();
    attempt(json!({"op": "finish"}));
    assert_eq!(attempt(json!({"op": "peek"})), None);
    let key = attempt(json!({"op": "take", "fresh": "key-1"}));
    assert_eq!(key.as_deref(), Some("key-1"));
    assert_eq!(
        attempt(json!({"op": "take", "fresh": "key-2"})).as_deref(),
        Some("key-1")
    );
    // In the tab's storage, under its documented name, not in localStorage.
    assert_eq!(
        session
            .get_item("storefront.checkout.idempotencyKey")
            .unwrap()
            .as_deref(),
        Some("key-1")
    );
    assert_eq!(attempt(json!({"op": "finish"})), None);
    assert_eq!(
        session
            .get_item("storefront.checkout.idempotencyKey")
            .unwrap(),
        None
    );
    let error = storefront_wasm::checkout_attempt(js(json!({"op": "take"}))).unwrap_err();
    assert_eq!(kind(&error), "invalid_argument");
}

#[wasm_bindgen_test]
fn a_persisted_user_is_honoured_for_ten_seconds() {
    fresh();
    let now = 1_700_000_000_000u64;
    let user = json!({"name": "Mona", "image": null, "default_locale": "ar"});
    let effect =
        storefront_wasm::persist_user_effect(js(user.clone()), JsValue::from_f64(now as f64))
            .unwrap();
    assert_eq!(json(effect.clone())["key"], "persist:user");
    storefront_wasm::apply_storage_effects(effects(js_sys::Array::of1(&effect).into())).unwrap();
    let read_at =
        |ms: u64| json(storefront_wasm::read_persisted_user(JsValue::from_f64(ms as f64)).unwrap());
    assert_eq!(read_at(now + 10_000), user);
    assert_eq!(read_at(now + 10_001), serde_json::Value::Null);
    assert_eq!(read_at(now - 2_000), serde_json::Value::Null);
}

#[wasm_bindgen_test]
fn a_stored_user_not_of_the_documented_form_reads_as_absent() {
    let now = 1_700_000_000_000u64;
    let read_at =
        |ms: u64| json(storefront_wasm::read_persisted_user(JsValue::from_f64(ms as f64)).unwrap());
    for stored in [
        "not json".to_owned(),
        format!(r#"{{"saved_at": {now}}}"#),
        r#"{"user": {"name": "Mona"}}"#.to_owned(),
        format!(r#"{{"saved_at": "{now}", "user": {{"name": "Mona"}}}}"#),
    ] {
        storage_with(&[("persist:user", &stored)]);
        assert_eq!(read_at(now), serde_json::Value::Null, "{stored}");
    }
    // Fields of the wrong kind are absent; the rest is kept.
    storage_with(&[(
        "persist:user",
        &format!(
            r#"{{"saved_at": {now}, "user": {{"name": "Mona", "image": 3, "default_locale": "fr"}}}}"#
        ),
    )]);
    assert_eq!(
        read_at(now),
        json!({"name": "Mona", "image": null, "default_locale": null})
    );
}

#[wasm_bindgen_test]
fn times_must_be_whole_non_negative_milliseconds() {
    for bad in [
        JsValue::from_f64(-1.0),
        JsValue::from_f64(1.5),
        JsValue::from_str("now"),
    ] {
        let error = storefront_wasm::read_persisted_user(bad).unwrap_err();
        assert_eq!(kind(&error), "invalid_argument");
    }
}

#[wasm_bindgen_test]
fn the_view_cookie_mirrors_what_storage_holds() {
    storage_with(&[]);
    assert_eq!(storefront_wasm::view_cookie(), "storefront_view=-.0.0.0.0");
    storage_with(&[
        ("language", "ar"),
        ("token", "tok"),
        ("district_id", "3"),
        ("selectedService", "2"),
        ("address_id", "8"),
    ]);
    // The cart's address by its id only.
    assert_eq!(storefront_wasm::view_cookie(), "storefront_view=ar.1.3.2.8");
    // Corrupt values read as absent; the token itself never goes into the cookie.
    storage_with(&[
        ("language", "fr"),
        ("token", "  "),
        ("district_id", "x"),
        ("selectedService", "7"),
    ]);
    assert_eq!(storefront_wasm::view_cookie(), "storefront_view=-.0.0.7.0");
}

/// An adapter over a JS `Map` (the shape `setStorageAdapter` takes), and the map.
fn map_adapter(failing_set: bool) -> (JsValue, js_sys::Map) {
    let map = js_sys::Map::new();
    let make = js_sys::Function::new_with_args(
        "map, failing",
        "return {
            getItem: (name) => (map.has(name) ? map.get(name) : null),
            setItem: (name, value) => {
                if (failing) { const e = new Error('full'); e.name = 'QuotaExceededError'; throw e; }
                map.set(name, value);
            },
            removeItem: (name) => { map.delete(name); },
        };",
    );
    let adapter = make
        .call2(&JsValue::NULL, &map, &JsValue::from_bool(failing_set))
        .unwrap();
    (adapter, map)
}

#[wasm_bindgen_test]
fn an_installed_adapter_keeps_the_values_instead_of_local_storage() {
    let storage = fresh();
    storage.set_item("district_id", "9").unwrap();
    assert_eq!(storefront_wasm::storage_place(), "local_storage");
    let (adapter, map) = map_adapter(false);
    storefront_wasm::set_storage_adapter(adapter).unwrap();
    assert_eq!(storefront_wasm::storage_place(), "adapter");
    // The adapter's values, not localStorage's.
    assert_eq!(
        json(storefront_wasm::read_client_state().unwrap())["district_id"],
        json!(null)
    );
    storefront_wasm::apply_storage_effects(effects(js(json!([
        {"type": "store", "key": "district_id", "value": "3"},
        {"type": "remove", "keys": ["token"]},
    ]))))
    .unwrap();
    assert_eq!(map.get(&"district_id".into()), "3");
    assert_eq!(
        json(storefront_wasm::read_client_state().unwrap())["district_id"],
        json!(3)
    );
    assert_eq!(
        storage.get_item("district_id").unwrap().as_deref(),
        Some("9")
    );
    // Back to the default.
    storefront_wasm::set_storage_adapter(JsValue::NULL).unwrap();
    assert_eq!(storefront_wasm::storage_place(), "local_storage");
    assert_eq!(
        json(storefront_wasm::read_client_state().unwrap())["district_id"],
        json!(9)
    );
}

#[wasm_bindgen_test]
fn an_adapter_that_refuses_a_write_is_a_storage_write_failed_error() {
    fresh();
    let (adapter, _) = map_adapter(true);
    storefront_wasm::set_storage_adapter(adapter).unwrap();
    let error = storefront_wasm::apply_storage_effects(effects(js(json!([
        {"type": "store", "key": "district_id", "value": "3"},
    ]))))
    .unwrap_err();
    storefront_wasm::set_storage_adapter(JsValue::NULL).unwrap();
    assert_eq!(kind(&error), "storage_write_failed");
}

#[wasm_bindgen_test]
fn an_object_without_the_three_methods_is_refused() {
    let error = storefront_wasm::set_storage_adapter(js(json!({"getItem": 1}))).unwrap_err();
    assert_eq!(kind(&error), "invalid_argument");
    assert!(message(error).contains("getItem()"));
    assert_eq!(storefront_wasm::storage_place(), "local_storage");
}
