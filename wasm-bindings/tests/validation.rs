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

#[wasm_bindgen_test]
fn field_rules_return_a_message_or_null() {
    use storefront_wasm as w;
    assert_eq!(
        json(w::validate_required(" ").unwrap()),
        message("required")
    );
    assert_eq!(w::validate_required("x").unwrap(), JsValue::NULL);
    assert_eq!(
        json(w::validate_field_required("").unwrap()),
        message("field_required")
    );
    assert_eq!(
        json(w::validate_min_length("ab", 3).unwrap()),
        json!({"id": "too_short", "params": {"len": "3"}})
    );
    assert_eq!(
        json(w::validate_max_length("سلام", 3).unwrap()),
        json!({"id": "too_long", "params": {"len": "3"}})
    );
    assert_eq!(
        json(w::validate_only_numbers("12a").unwrap()),
        message("only_number")
    );
    assert_eq!(
        json(w::validate_url("example.com").unwrap()),
        message("only_url")
    );
    assert_eq!(
        w::validate_url("https://example.com").unwrap(),
        JsValue::NULL
    );
    assert_eq!(
        json(w::validate_greater_than_zero("0.00").unwrap()),
        message("greater_than_zero")
    );
    assert_eq!(
        w::validate_greater_than_zero("0.01").unwrap(),
        JsValue::NULL
    );
    assert_eq!(
        json(w::validate_email("a@b").unwrap()),
        message("invalid_email")
    );
    assert_eq!(
        json(w::validate_email_format("a@b").unwrap()),
        json!({"id": "email_format", "params": {"email": "example@domain.com"}})
    );
}

#[wasm_bindgen_test]
fn password_card_and_checkout_rules() {
    use storefront_wasm as w;
    assert_eq!(
        json(w::validate_password("Aa123456").unwrap()),
        message("password_rule")
    );
    assert_eq!(w::validate_password("Aa12345!").unwrap(), JsValue::NULL);
    assert_eq!(
        json(w::validate_passwords_match("a", "b").unwrap()),
        message("passwords_must_match")
    );
    assert_eq!(
        w::validate_card_number("4242 4242 4242 4242").unwrap(),
        JsValue::NULL
    );
    assert_eq!(
        json(w::validate_card_number("4242").unwrap()),
        message("card_number_digits")
    );
    assert_eq!(json(w::validate_cvv("12").unwrap()), message("cvv_digits"));
    assert_eq!(
        json(w::validate_expiry_year("2029").unwrap()),
        message("year_digits")
    );
    assert_eq!(
        json(w::validate_privacy_terms_accepted(false).unwrap()),
        message("accept_privacy_terms")
    );
    assert_eq!(
        json(w::validate_address_chosen(JsValue::NULL).unwrap()),
        message("choose_an_address")
    );
    assert_eq!(
        w::validate_address_chosen(JsValue::from_f64(4.0)).unwrap(),
        JsValue::NULL
    );
    assert_eq!(
        json(w::validate_location_chosen(JsValue::NULL).unwrap()),
        message("choose_a_location")
    );
    assert_eq!(
        w::validate_location_chosen(js(json!({"lat": 30.1, "lng": 31.2}))).unwrap(),
        JsValue::NULL
    );
    assert_eq!(
        json(w::validate_address_deletion(true).unwrap()),
        message("default_address_delete")
    );
    assert_eq!(
        json(w::validate_image_file("image/svg+xml").unwrap()),
        message("image_only")
    );
    assert_eq!(w::validate_image_file("image/webp").unwrap(), JsValue::NULL);
    assert_eq!(
        json(w::accepted_image_types().unwrap()),
        json!(["image/png", "image/jpeg", "image/webp", "image/gif"])
    );
    assert_eq!(w::max_image_bytes(), 2_097_152.0);
    assert!(w::image_size_allowed(2_097_152.0));
    assert!(!w::image_size_allowed(2_097_153.0));
    assert!(!w::image_size_allowed(f64::NAN));
    let error = w::validate_address_chosen(JsValue::from_str("four")).unwrap_err();
    assert_eq!(kind(&error), "invalid_argument");
}

#[wasm_bindgen_test]
fn sign_up_form() {
    use storefront_wasm as w;
    assert_eq!(
        json(w::validate_terms_accepted(false).unwrap()),
        message("required")
    );
    let form = json!({"name": "Mona", "email": "mona@", "referral_code": "", "acceptTerms": true});
    assert_eq!(
        json(w::validate_sign_up(js(form.clone())).unwrap()),
        json!({"email": message("invalid_email")})
    );
    let valid = json!({"name": "Mona", "email": "mona@example.com", "referral_code": "", "acceptTerms": true});
    let initial = json!({"name": "", "email": "", "referral_code": "", "acceptTerms": false});
    assert!(w::sign_up_can_submit(js(valid.clone()), js(initial)).unwrap());
    assert!(!w::sign_up_can_submit(js(valid.clone()), js(valid)).unwrap());
}

#[wasm_bindgen_test]
fn phone_numbers() {
    use storefront_wasm as w;
    assert_eq!(
        json(w::parse_phone("010 1234 5678", "EG").unwrap()),
        json!({"result": "valid", "number": {"e164": "+201012345678", "country": "EG",
               "national_number": "1012345678", "kind": "mobile"}})
    );
    assert_eq!(
        json(w::check_login_mobile("abc", "+20").unwrap()),
        json!({"result": "invalid", "error": message("only_number")})
    );
    assert_eq!(
        json(w::validate_phone("123", "EG").unwrap()),
        message("phone_invalid")
    );
    assert!(w::login_can_submit("0501234567", "", "SA"));
    assert!(!w::login_can_submit("0501234567", "0501234567", "SA"));
}

#[wasm_bindgen_test]
fn otp_boxes() {
    use storefront_wasm as w;
    let empty = js(json!([null, null, null, null]));
    let typed = json(w::otp_type_char(empty.clone(), 0, '٣').unwrap());
    assert_eq!(typed, json!({"boxes": ["3", null, null, null], "focus": 1}));
    let back = json(w::otp_backspace(js(typed["boxes"].clone()), 0).unwrap());
    assert_eq!(back, json!({"boxes": [null, null, null, null], "focus": 0}));
    let pasted = json(w::otp_paste(empty.clone(), 0, "12 34").unwrap());
    assert_eq!(pasted, json!({"boxes": ["1", "2", "3", "4"], "focus": 3}));
    assert_eq!(w::otp_code(js(pasted["boxes"].clone())).unwrap(), "1234");
    assert!(w::otp_is_complete(js(pasted["boxes"].clone())).unwrap());
    assert_eq!(w::otp_code(empty.clone()).unwrap(), JsValue::NULL);
    assert!(!w::otp_is_complete(empty).unwrap());
    let error = w::otp_code(js(json!(["1", "2"]))).unwrap_err();
    assert_eq!(kind(&error), "invalid_argument");
}

#[wasm_bindgen_test]
fn return_request_errors_by_path() {
    let form = js(json!({
        "items": [{"id": 5, "quantity": 1, "ordered_quantity": 1, "reason": "other",
                   "comment": ""}],
        "refund_method": "wallet", "pickup_address_id": 2, "date": "2025-06-01", "time": ""
    }));
    assert_eq!(
        json(storefront_wasm::validate_return_request(form).unwrap()),
        json!({"items.0.comment": message("field_required"), "time": message("field_required")})
    );
    let none = js(json!({"items": []}));
    let errors = json(storefront_wasm::validate_return_request(none).unwrap());
    assert_eq!(errors["items"], message("choose_product_to_return"));
}

#[wasm_bindgen_test]
fn price_range_years_and_digits() {
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
    let years = json(w::year_options(2025).unwrap());
    assert_eq!(years.as_array().map(Vec::len), Some(60));
    assert_eq!(
        (years[0].clone(), years[59].clone()),
        (json!(2025), json!(1966))
    );
    assert_eq!(w::normalize_digits("٠١٠ ۱۲"), "010 12");
}

#[wasm_bindgen_test]
fn address_and_profile_forms() {
    let address = js(json!({
        "name": "Home", "contact_name": "Mona", "phone": "12", "address_details": "",
        "postal_code": "11A"
    }));
    let errors = json(storefront_wasm::validate_address_form(address, "EG").unwrap());
    let fields: Vec<&String> = errors.as_object().unwrap().keys().collect();
    assert_eq!(fields, ["address_details", "phone", "postal_code"]);
    assert_eq!(storefront_wasm::store_country_code(Some("sa".into())), "SA");
    assert_eq!(storefront_wasm::store_country_code(None), "EG");

    let profile = js(
        json!({"name": "Mona", "email": "", "company_name": "", "day": "", "month": "2", "year": ""}),
    );
    assert_eq!(
        json(storefront_wasm::validate_profile_form(profile).unwrap()),
        json!({"year": message("field_required")})
    );
    let parts = storefront_wasm::split_birthdate("1990-02-07").unwrap();
    assert_eq!(
        json(parts.clone()),
        json!({"day": "7", "month": "2", "year": "1990"})
    );
    assert_eq!(
        storefront_wasm::birthdate_days_in(parts.clone()).unwrap(),
        28
    );
    assert_eq!(
        json(storefront_wasm::join_birthdate(parts).unwrap()),
        json!({"state": "date", "date": "1990-02-07"})
    );
    let refused = storefront_wasm::validate_profile_form(JsValue::from(3)).unwrap_err();
    assert_eq!(kind(&refused), "invalid_argument");
}
