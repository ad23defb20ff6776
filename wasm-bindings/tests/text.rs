#![cfg(target_arch = "wasm32")]

mod support;

use serde_json::json;
use support::{js, json, kind, message};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
fn search_submits_to_branches_results_or_warns() {
    assert_eq!(
        json(storefront_wasm::submit_search("  حليب ").unwrap()),
        json!([{"type": "navigate", "to": "/branches-results?query=%D8%AD%D9%84%D9%8A%D8%A8", "after_ms": 0}])
    );
    assert_eq!(
        json(storefront_wasm::submit_search("   ").unwrap()),
        json!([{"type": "toast", "tone": "error", "text": {"kind": "message", "id": "add_search_text", "params": {}}}])
    );
    assert_eq!(
        storefront_wasm::search_destination("milk").unwrap(),
        "/branches-results?query=milk"
    );
    assert_eq!(
        storefront_wasm::search_destination(" ").unwrap(),
        JsValue::NULL
    );
}

#[wasm_bindgen_test]
fn suggestions_only_for_non_blank_text() {
    assert_eq!(storefront_wasm::suggestion_query(" mi ").unwrap(), "mi");
    assert_eq!(
        storefront_wasm::suggestion_query("").unwrap(),
        JsValue::NULL
    );
}

const FAMILY: &str = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}";
const FLAG: &str = "\u{1F1EA}\u{1F1EC}";
/// A letter with a shadda and a fatha: three code points, one grapheme.
const LETTER: &str = "\u{0628}\u{0651}\u{064E}";

#[wasm_bindgen_test]
fn labels_are_cut_at_twenty_graphemes() {
    assert_eq!(storefront_wasm::cut_label("Fruits"), "Fruits");
    let twenty = "abcdefghijklmnopqrst";
    assert_eq!(storefront_wasm::cut_label(twenty), twenty);
    assert_eq!(
        storefront_wasm::cut_label("abcdefghijklmnopqrstu"),
        "abcdefghijklmnopqrst..."
    );
    assert_eq!(
        storefront_wasm::cut_label("Fresh Fruits and Vegetables"),
        "Fresh Fruits and Veg..."
    );
    assert_eq!(storefront_wasm::cut_label("خضروات"), "خضروات");
    assert_eq!(storefront_wasm::cut_label(""), "");
}

#[wasm_bindgen_test]
fn whitespace_at_the_cut_is_trimmed() {
    assert_eq!(
        storefront_wasm::cut_label("Fresh Fruits andxxx Vegetables"),
        "Fresh Fruits andxxx..."
    );
    assert_eq!(
        storefront_wasm::cut_label("Nineteen characters  and more"),
        "Nineteen characters..."
    );
}

#[wasm_bindgen_test]
fn arabic_letters_keep_their_diacritics() {
    // 21 letters of 3 code points each: 63 code points, 21 graphemes.
    assert_eq!(
        storefront_wasm::cut_label(&LETTER.repeat(21)),
        format!("{}...", LETTER.repeat(20))
    );
    assert_eq!(
        storefront_wasm::cut_label(&LETTER.repeat(20)),
        LETTER.repeat(20)
    );
    assert_eq!(
        storefront_wasm::cut_label("الخضروات والفواكه الطازجة"),
        "الخضروات والفواكه ال..."
    );
}

#[wasm_bindgen_test]
fn emoji_sequences_are_never_split() {
    let a19 = "a".repeat(19);
    assert_eq!(
        storefront_wasm::cut_label(&format!("{a19}{FAMILY}{FLAG}")),
        format!("{a19}{FAMILY}...")
    );
    // The 20th grapheme is a family of 5 code points, or a flag of 2 (UTF-16: 8 and
    // 4 units): each is kept whole.
    assert_eq!(
        storefront_wasm::cut_label(&format!("{a19}{FAMILY}b")),
        format!("{a19}{FAMILY}...")
    );
    assert_eq!(
        storefront_wasm::cut_label(&format!("{a19}{FLAG}{FLAG}")),
        format!("{a19}{FLAG}...")
    );
    // Twenty graphemes, whatever their code points, are not cut.
    let whole = format!("{}{FAMILY}{FLAG}{LETTER}", "a".repeat(17));
    assert_eq!(storefront_wasm::cut_label(&whole), whole);
    let flags = FLAG.repeat(21);
    assert_eq!(
        storefront_wasm::cut_label(&flags),
        format!("{}...", FLAG.repeat(20))
    );
}

#[wasm_bindgen_test]
fn address_labels_from_js_addresses() {
    let address = js(json!({"id": 3, "name": null, "region": "Heliopolis, Cairo Governorate"}));
    assert_eq!(
        storefront_wasm::address_label(address).unwrap(),
        "Heliopolis, Cairo Go..."
    );
    assert_eq!(
        storefront_wasm::address_label(js(json!({"id": 3}))).unwrap(),
        JsValue::NULL
    );
    assert_eq!(
        storefront_wasm::address_label(js(
            json!({"id": 7, "name": "  ", "region": "", "address_details": "12 Nile Street, Dokki, Giza"})
        ))
        .unwrap(),
        "12 Nile Street, Dokk..."
    );
    assert_eq!(
        storefront_wasm::address_label(js(
            json!({"id": 7, "name": "Home", "region": "Giza", "address_details": "12 Nile St"})
        ))
        .unwrap(),
        "Home"
    );
}

#[wasm_bindgen_test]
fn address_labels_are_cut_by_grapheme() {
    let name = format!("{}{FAMILY}{FLAG}", "a".repeat(19));
    assert_eq!(
        storefront_wasm::address_label(js(json!({"id": 1, "name": name}))).unwrap(),
        format!("{}{FAMILY}...", "a".repeat(19))
    );
    assert_eq!(
        storefront_wasm::address_label(js(json!({"id": 1, "region": LETTER.repeat(25)}))).unwrap(),
        format!("{}...", LETTER.repeat(20))
    );
}

#[wasm_bindgen_test]
fn addresses_are_read_leniently_but_need_an_id() {
    // Ids as text, numbers as text, other fields of the wrong type absent.
    assert_eq!(
        storefront_wasm::address_label(js(json!({"id": "3", "name": 12, "region": "Giza"})))
            .unwrap(),
        "12"
    );
    assert_eq!(
        storefront_wasm::address_label(js(
            json!({"id": 3, "name": ["Home"], "region": {"x": 1}, "address_details": "Nile St"})
        ))
        .unwrap(),
        "Nile St"
    );
    for bad in [
        json!({"name": "no id"}),
        json!({"id": null, "name": "Home"}),
        json!({"id": "three", "name": "Home"}),
        json!({"id": 0, "name": "Home"}),
        json!(null),
        json!("Home"),
    ] {
        let error = storefront_wasm::address_label(js(bad.clone())).unwrap_err();
        assert_eq!(kind(&error), "invalid_argument", "{bad}");
        assert_eq!(message(error), "address: an address needs an id", "{bad}");
    }
    // A district that is there but unreadable makes no address either.
    let error =
        storefront_wasm::address_label(js(json!({"id": 3, "name": "Home", "district_id": "four"})))
            .unwrap_err();
    assert_eq!(kind(&error), "invalid_argument");
}
