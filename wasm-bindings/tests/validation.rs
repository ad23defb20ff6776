#![cfg(target_arch = "wasm32")]

mod support;

use serde_json::json;
use support::{js, json, kind};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn message(id: &str) -> serde_json::Value {
    json!({"id": id, "params": {}})
}

/// `checkField(value, rule)` read back as JSON.
fn field(value: &str, rule: serde_json::Value) -> serde_json::Value {
    json(storefront_wasm::check_field(value, js(rule)).unwrap())
}

/// `checkChoice(choice)` read back as JSON.
fn choice(choice: serde_json::Value) -> serde_json::Value {
    json(storefront_wasm::check_choice(js(choice)).unwrap())
}

/// `checkForm(form)` read back as JSON.
fn form(form: serde_json::Value) -> serde_json::Value {
    json(storefront_wasm::check_form(js(form)).unwrap())
}

#[wasm_bindgen_test]
fn field_rules_return_a_message_or_null() {
    let cases = [
        (" ", json!({"rule": "required"}), message("required")),
        ("x", json!({"rule": "required"}), json!(null)),
        (
            "",
            json!({"rule": "field_required"}),
            message("field_required"),
        ),
        (
            "ab",
            json!({"rule": "min_length", "min": 3}),
            json!({"id": "too_short", "params": {"len": "3"}}),
        ),
        (
            "سلام",
            json!({"rule": "max_length", "max": 3}),
            json!({"id": "too_long", "params": {"len": "3"}}),
        ),
        (
            "12a",
            json!({"rule": "only_numbers"}),
            message("only_number"),
        ),
        ("example.com", json!({"rule": "url"}), message("only_url")),
        ("https://example.com", json!({"rule": "url"}), json!(null)),
        (
            "0.00",
            json!({"rule": "greater_than_zero"}),
            message("greater_than_zero"),
        ),
        ("0.01", json!({"rule": "greater_than_zero"}), json!(null)),
        ("a@b", json!({"rule": "email"}), message("invalid_email")),
        (
            "a@b",
            json!({"rule": "email_format"}),
            json!({"id": "email_format", "params": {"email": "example@domain.com"}}),
        ),
        (
            "Aa123456",
            json!({"rule": "password"}),
            message("password_rule"),
        ),
        ("Aa12345!", json!({"rule": "password"}), json!(null)),
        (
            "b",
            json!({"rule": "passwords_match", "password": "a"}),
            message("passwords_must_match"),
        ),
        (
            "a",
            json!({"rule": "passwords_match", "password": "a"}),
            json!(null),
        ),
        (
            "4242 4242 4242 4242",
            json!({"rule": "card_number"}),
            json!(null),
        ),
        (
            "4242",
            json!({"rule": "card_number"}),
            message("card_number_digits"),
        ),
        ("12", json!({"rule": "cvv"}), message("cvv_digits")),
        (
            "2029",
            json!({"rule": "expiry_year"}),
            message("year_digits"),
        ),
        (
            "image/svg+xml",
            json!({"rule": "image_file"}),
            message("image_only"),
        ),
        ("image/webp", json!({"rule": "image_file"}), json!(null)),
        (
            "",
            json!({"rule": "review_rating"}),
            message("rating_required"),
        ),
        (
            "6",
            json!({"rule": "review_rating"}),
            message("rating_out_of_range"),
        ),
        ("4", json!({"rule": "review_rating"}), json!(null)),
        (
            "bell\u{7}",
            json!({"rule": "review_comment"}),
            message("review_comment_control_characters"),
        ),
    ];
    for (value, rule, expected) in cases {
        assert_eq!(field(value, rule.clone()), expected, "{value:?} {rule}");
    }
}

/// The comment's graphemes are the browser's (`Intl.Segmenter`): an emoji family is one.
#[wasm_bindgen_test]
fn a_review_comment_counts_graphemes_as_the_browser_segments_them() {
    let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}";
    let rule = || json!({"rule": "review_comment"});
    assert_eq!(field(&family.repeat(500), rule()), json!(null));
    assert_eq!(
        field(&"a".repeat(501), rule()),
        json!({"id": "review_comment_too_long", "params": {"len": "500"}})
    );
}

#[wasm_bindgen_test]
fn a_field_rule_of_the_wrong_shape_is_an_invalid_argument() {
    for rule in [
        json!({"rule": "shout"}),
        json!({"rule": "min_length"}),
        json!("required"),
        json!(null),
    ] {
        let error = storefront_wasm::check_field("x", js(rule.clone())).unwrap_err();
        assert_eq!(kind(&error), "invalid_argument", "{rule}");
        assert!(support::message(error).starts_with("rule: "), "{rule}");
    }
}

#[wasm_bindgen_test]
fn choices_return_a_message_or_null() {
    let cases = [
        (
            json!({"choice": "terms_accepted", "accepted": false}),
            message("required"),
        ),
        (
            json!({"choice": "privacy_terms_accepted", "accepted": false}),
            message("accept_privacy_terms"),
        ),
        (
            json!({"choice": "privacy_terms_accepted", "accepted": true}),
            json!(null),
        ),
        (
            json!({"choice": "address", "address_id": null}),
            message("choose_an_address"),
        ),
        (json!({"choice": "address"}), message("choose_an_address")),
        (json!({"choice": "address", "address_id": 4}), json!(null)),
        (
            json!({"choice": "location", "location": null}),
            message("choose_a_location"),
        ),
        (
            json!({"choice": "location", "location": {"lat": 30.1, "lng": 31.2}}),
            json!(null),
        ),
        (
            json!({"choice": "address_deletion", "is_default": true}),
            message("default_address_delete"),
        ),
    ];
    for (input, expected) in cases {
        assert_eq!(choice(input.clone()), expected, "{input}");
    }
    let error =
        storefront_wasm::check_choice(js(json!({"choice": "address", "address_id": "four"})))
            .unwrap_err();
    assert_eq!(kind(&error), "invalid_argument");
}

#[wasm_bindgen_test]
fn image_limits() {
    assert_eq!(
        json(storefront_wasm::image_limits().unwrap()),
        json!({"max_bytes": 2_097_152,
               "accepted_types": ["image/png", "image/jpeg", "image/webp", "image/gif"]})
    );
}

#[wasm_bindgen_test]
fn sign_up_form() {
    let invalid =
        json!({"name": "Mona", "email": "mona@", "referral_code": "", "acceptTerms": true});
    assert_eq!(
        form(json!({"form": "sign_up", "values": invalid})),
        json!({"email": message("invalid_email")})
    );
    let valid = json!({"name": "Mona", "email": "mona@example.com", "referral_code": "", "acceptTerms": true});
    assert_eq!(form(json!({"form": "sign_up", "values": valid})), json!({}));
    let initial = json!({"name": "", "email": "", "referral_code": "", "acceptTerms": false});
    let errors = form(json!({"form": "sign_up", "values": initial}));
    let fields: Vec<&String> = errors.as_object().unwrap().keys().collect();
    assert_eq!(fields, ["acceptTerms", "email", "name"]);
}

#[wasm_bindgen_test]
fn phone_numbers() {
    use storefront_wasm as w;
    let valid = json!({"result": "valid", "number": {"e164": "+201012345678", "country": "EG",
                       "national_number": "1012345678", "kind": "mobile"}});
    assert_eq!(
        json(w::check_phone("010 1234 5678", "EG", None).unwrap()),
        valid
    );
    assert_eq!(
        json(w::check_phone("010 1234 5678", "EG", Some("any".into())).unwrap()),
        valid
    );
    assert_eq!(
        json(w::check_phone("abc", "+20", Some("login".into())).unwrap()),
        json!({"result": "invalid", "error": message("only_number")})
    );
    assert_eq!(
        json(w::check_phone("123", "EG", None).unwrap()),
        json!({"result": "invalid", "error": message("phone_invalid")})
    );
    // A landline is a number, not a login mobile.
    assert_eq!(
        json(w::check_phone("02 2345 6789", "EG", None).unwrap())["result"],
        "valid"
    );
    assert_eq!(
        json(w::check_phone("02 2345 6789", "EG", Some("login".into())).unwrap()),
        json!({"result": "invalid", "error": message("phone_invalid")})
    );
    let error = w::check_phone("010", "EG", Some("fax".into())).unwrap_err();
    assert_eq!(kind(&error), "invalid_argument");
}

#[wasm_bindgen_test]
fn otp_boxes() {
    use storefront_wasm as w;
    let empty = js(json!([null, null, null, null]));
    let typed = json(
        w::otp_edit(
            empty.clone(),
            js(json!({"edit": "type", "index": 0, "typed": "٣"})),
        )
        .unwrap(),
    );
    assert_eq!(
        typed,
        json!({"boxes": ["3", null, null, null], "focus": 1, "code": null, "complete": false})
    );
    let back = json(
        w::otp_edit(
            js(typed["boxes"].clone()),
            js(json!({"edit": "backspace", "index": 0})),
        )
        .unwrap(),
    );
    assert_eq!(
        back,
        json!({"boxes": [null, null, null, null], "focus": 0, "code": null, "complete": false})
    );
    let pasted = json(
        w::otp_edit(
            empty.clone(),
            js(json!({"edit": "paste", "index": 0, "text": "12 34"})),
        )
        .unwrap(),
    );
    assert_eq!(
        pasted,
        json!({"boxes": ["1", "2", "3", "4"], "focus": 3, "code": "1234", "complete": true})
    );
    let error = w::otp_edit(
        js(json!(["1", "2"])),
        js(json!({"edit": "backspace", "index": 0})),
    )
    .unwrap_err();
    assert_eq!(kind(&error), "invalid_argument");
    let error = w::otp_edit(empty, js(json!({"edit": "type", "index": 0}))).unwrap_err();
    assert_eq!(kind(&error), "invalid_argument");
    assert_eq!(
        w::otp_edit(JsValue::NULL, JsValue::NULL)
            .map_err(|e| kind(&e))
            .unwrap_err(),
        "invalid_argument"
    );
}

#[wasm_bindgen_test]
fn return_request_errors_by_path() {
    let values = json!({
        "items": [{"id": 5, "quantity": 1, "ordered_quantity": 1, "reason": "other",
                   "comment": ""}],
        "refund_method": "wallet", "pickup_address_id": 2, "date": "2025-06-01", "time": ""
    });
    assert_eq!(
        form(json!({"form": "return_request", "values": values})),
        json!({"items.0.comment": message("field_required"), "time": message("field_required")})
    );
    let errors = form(json!({"form": "return_request", "values": {"items": []}}));
    assert_eq!(errors["items"], message("choose_product_to_return"));
}

#[wasm_bindgen_test]
fn price_range_and_digits() {
    use storefront_wasm as w;
    let range = js(json!({"min": 5, "max": "900.5"}));
    let bounds = js(json!({"min": "10", "max": "250"}));
    assert_eq!(
        json(w::clamp_price_range(range, bounds).unwrap()),
        json!({"min": "10.00", "max": "250.00"})
    );
    assert_eq!(
        json(w::order_price_range(js(json!({"min": "500", "max": "100.5"}))).unwrap()),
        json!({"min": "100.50", "max": "500.00"})
    );
    assert_eq!(
        json(w::order_price_range(js(json!({"min": "500", "max": null}))).unwrap()),
        json!({"min": "500.00", "max": null})
    );
    assert_eq!(w::normalize_digits("٠١٠ ۱۲"), "010 12");
}

#[wasm_bindgen_test]
fn address_and_profile_forms() {
    use storefront_wasm as w;
    let address = json!({
        "name": "Home", "contact_name": "Mona", "phone": "12", "address_details": "",
        "postal_code": "11A"
    });
    let errors = form(json!({"form": "address", "values": address, "country": "EG"}));
    let fields: Vec<&String> = errors.as_object().unwrap().keys().collect();
    assert_eq!(fields, ["address_details", "phone", "postal_code"]);
    assert_eq!(w::store_country_code(Some("sa".into())), "SA");
    assert_eq!(w::store_country_code(None), "EG");

    let profile = json!({"name": "Mona", "email": "", "company_name": "", "day": "", "month": "2", "year": ""});
    assert_eq!(
        form(json!({"form": "profile", "values": profile})),
        json!({"year": message("field_required")})
    );
    let parts = w::split_birthdate("1990-02-07").unwrap();
    assert_eq!(
        json(parts.clone()),
        json!({"day": "7", "month": "2", "year": "1990"})
    );
    let dropdowns = json(w::birthdate_dropdowns(parts, 2025).unwrap());
    assert_eq!(dropdowns["days"], 28);
    assert_eq!(
        dropdowns["birthdate"],
        json!({"state": "date", "date": "1990-02-07"})
    );
    let years = dropdowns["years"].as_array().unwrap();
    assert_eq!(
        (years.len(), &years[0], &years[59]),
        (60, &json!(2025), &json!(1966))
    );
    let half = json(w::birthdate_dropdowns(js(json!({"month": "4"})), 2025).unwrap());
    assert_eq!(
        (&half["days"], &half["birthdate"]),
        (&json!(30), &json!({"state": "partial"}))
    );
    let refused = w::check_form(JsValue::from(3)).unwrap_err();
    assert_eq!(kind(&refused), "invalid_argument");
    let refused = w::check_form(js(json!({"form": "profile", "values": 3}))).unwrap_err();
    assert_eq!(kind(&refused), "invalid_argument");
}
