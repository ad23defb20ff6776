//! The message a failed call shows in its error toast (spec 8).
//!
//! The body is whatever the server (or a proxy in front of it) sent: JSON of any
//! shape, HTML, nothing, or invalid bytes. It is scanned once with serde visitors that
//! see keys in document order — `serde_json::Map` sorts its keys, so "the first
//! validation error" could not be found through it — and keep only the few strings
//! the rules need, each capped, so a huge body never becomes a huge toast. What was
//! found before a syntax error still counts: a truncated body keeps its message.

use std::fmt;

use serde::Serialize;
use serde::de::{self, DeserializeSeed, IgnoredAny, MapAccess, SeqAccess, Visitor};

use crate::messages::{Message, MessageId, Text};
use crate::text::{Graphemes, cut_to_with};

/// Longest server text kept for a toast, in grapheme clusters (then '...').
pub const MAX_SERVER_TEXT_GRAPHEMES: usize = 500;

/// How a call failed, as the HTTP client reports it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CallFailure<'a> {
    /// The server answered with a status outside 2xx and this body (raw bytes).
    Response { status: u16, body: &'a [u8] },
    /// The request went out and nothing came back (network down, CORS, timeout).
    NoResponse,
    /// The device is offline (the browser says so): the call needs a connection.
    Offline,
    /// The request could not be made; the client's own error message.
    Client { message: &'a str },
}

/// The text of the error toast for a failed call (spec 8):
/// - 422: the first validation error in `errors` (document order), or `message`, else
///   'Validation error occurred.'
/// - 400: `errors.error` (its first item if a list), or `message`, else 'Bad request
///   error occurred.'
/// - any other status: `message`, else 'An error occurred.'
/// - no response: 'No response received from server.'
/// - offline: a plain 'you are offline, nothing was lost' (not in the spec: a call that
///   needs the server while the device has no network, e.g. add to cart in a PWA).
/// - a client error: 'Error: {message}' ('An error occurred.' when it has no message).
///
/// Server strings are shown as is (trimmed, capped to [`MAX_SERVER_TEXT_GRAPHEMES`]
/// grapheme clusters by `graphemes`); blank strings count as absent. Never panics, and
/// the text is never empty.
pub fn error_message_with(failure: CallFailure<'_>, graphemes: &dyn Graphemes) -> Text {
    let cap = |text: String| cut_to_with(&text, MAX_SERVER_TEXT_GRAPHEMES, graphemes);
    match failure {
        CallFailure::Response { status, body } => {
            let found = scan(body);
            let (specific, fallback) = match status {
                422 => (found.first_error, MessageId::ValidationError),
                400 => (found.error_field, MessageId::BadRequest),
                _ => (None, MessageId::GenericError),
            };
            match specific.or(found.message) {
                Some(text) => Text::Server { text: cap(text) },
                None => fallback.into(),
            }
        }
        CallFailure::NoResponse => no_response_message(),
        CallFailure::Offline => offline_message(),
        CallFailure::Client { message } => match keep(message) {
            Some(message) => Message::new(MessageId::ErrorWithMessage)
                .with("message", cap(message))
                .into(),
            None => MessageId::GenericError.into(),
        },
    }
}

/// [`error_message_with`] for [`CallFailure::NoResponse`]: 'No response received from
/// server.'
pub fn no_response_message() -> Text {
    MessageId::NoResponse.into()
}

/// [`error_message_with`] for [`CallFailure::Offline`].
pub fn offline_message() -> Text {
    MessageId::Offline.into()
}

/// [`error_message_with`] the core's own grapheme segmentation.
#[cfg(feature = "unicode-segmentation")]
pub fn error_message(failure: CallFailure<'_>) -> Text {
    error_message_with(failure, &crate::text::UnicodeGraphemes)
}

/// The strings of a body the rules look at, each the first non-blank one found.
#[derive(Debug, Default, PartialEq, Eq)]
struct Found {
    /// Top-level `message`, when it is a string.
    message: Option<String>,
    /// The first string anywhere inside `errors`, depth first in document order.
    first_error: Option<String>,
    /// The first string inside `errors.error`.
    error_field: Option<String>,
    /// When `errors` is an object: each key's first string, in document order (at most
    /// [`MAX_FIELDS`], keys of at most [`MAX_FIELD_NAME_BYTES`]).
    fields: Vec<(String, String)>,
}

/// Most per-field messages kept from one answer.
pub const MAX_FIELDS: usize = 100;
/// Longest field name kept (a longer key is no field a form has).
pub const MAX_FIELD_NAME_BYTES: usize = 200;

/// A field's validation message in a 422 answer: its first non-blank string.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct FieldError {
    /// The key under `errors`, as the server wrote it (e.g. `address_id`, `items.0.qty`).
    pub field: String,
    /// Trimmed, capped like a toast's server text.
    pub message: String,
}

/// The per-field messages of a failed call's answer (spec 8's `errors` of a 422), each
/// field's first non-blank string, in document order. Any other status, or a body
/// whose `errors` is not an object, has none. Never panics.
pub fn field_errors_with(status: u16, body: &[u8], graphemes: &dyn Graphemes) -> Vec<FieldError> {
    if status != 422 {
        return Vec::new();
    }
    scan(body)
        .fields
        .into_iter()
        .map(|(field, message)| FieldError {
            field,
            message: cut_to_with(&message, MAX_SERVER_TEXT_GRAPHEMES, graphemes),
        })
        .collect()
}

/// [`field_errors_with`] the core's own grapheme segmentation.
#[cfg(feature = "unicode-segmentation")]
pub fn field_errors(status: u16, body: &[u8]) -> Vec<FieldError> {
    field_errors_with(status, body, &crate::text::UnicodeGraphemes)
}

fn scan(body: &[u8]) -> Found {
    let mut found = Found::default();
    // Invalid UTF-8 would stop serde_json at the first bad string; replacing the bad
    // bytes keeps the rest of the body readable.
    let text = String::from_utf8_lossy(body);
    let text = text.strip_prefix('\u{FEFF}').unwrap_or(&text);
    let mut deserializer = serde_json::Deserializer::from_str(text);
    // A syntax error ends the scan; what was found before it is kept.
    let _ = BodySeed(&mut found).deserialize(&mut deserializer);
    found
}

/// Trimmed, or `None` when blank (capped once chosen, by [`error_message_with`]).
fn keep(text: &str) -> Option<String> {
    let trimmed = text.trim();
    (!trimmed.is_empty()).then(|| trimmed.to_owned())
}

/// Fills an empty slot with a kept string.
fn offer(slot: &mut Option<String>, text: &str) {
    if slot.is_none() {
        *slot = keep(text);
    }
}

/// The keys of interest, read without allocating (a key may be huge).
enum Key {
    Message,
    Errors,
    Other,
}

impl<'de> de::Deserialize<'de> for Key {
    fn deserialize<D: de::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct KeyVisitor;
        impl Visitor<'_> for KeyVisitor {
            type Value = Key;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an object key")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Key, E> {
                Ok(match v {
                    "message" => Key::Message,
                    "errors" => Key::Errors,
                    _ => Key::Other,
                })
            }
        }
        deserializer.deserialize_str(KeyVisitor)
    }
}

/// A key of `errors`: its name, or `None` when it is too long to be a field's.
struct FieldKey(Option<String>);

impl<'de> de::Deserialize<'de> for FieldKey {
    fn deserialize<D: de::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct FieldKeyVisitor;
        impl Visitor<'_> for FieldKeyVisitor {
            type Value = FieldKey;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a field name")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<FieldKey, E> {
                Ok(FieldKey(
                    (v.len() <= MAX_FIELD_NAME_BYTES).then(|| v.to_owned()),
                ))
            }
        }
        deserializer.deserialize_str(FieldKeyVisitor)
    }
}

/// Drains the rest of a sequence or map so the deserializer stays in step.
fn drain_seq<'de, A: SeqAccess<'de>>(mut seq: A) -> Result<(), A::Error> {
    while seq.next_element::<IgnoredAny>()?.is_some() {}
    Ok(())
}

/// Accepts scalars and ignores them; the visitors below override what they need.
macro_rules! ignore_scalars {
    () => {
        fn visit_bool<E: de::Error>(self, _: bool) -> Result<(), E> {
            Ok(())
        }
        fn visit_i64<E: de::Error>(self, _: i64) -> Result<(), E> {
            Ok(())
        }
        fn visit_u64<E: de::Error>(self, _: u64) -> Result<(), E> {
            Ok(())
        }
        fn visit_f64<E: de::Error>(self, _: f64) -> Result<(), E> {
            Ok(())
        }
        fn visit_unit<E: de::Error>(self) -> Result<(), E> {
            Ok(())
        }
        fn visit_none<E: de::Error>(self) -> Result<(), E> {
            Ok(())
        }
    };
}

/// The whole body: only a top-level object has a `message` or `errors`.
struct BodySeed<'a>(&'a mut Found);

impl<'de> DeserializeSeed<'de> for BodySeed<'_> {
    type Value = ();
    fn deserialize<D: de::Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for BodySeed<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any JSON value")
    }

    ignore_scalars!();

    fn visit_str<E: de::Error>(self, _: &str) -> Result<(), E> {
        Ok(())
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<(), A::Error> {
        drain_seq(seq)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let found = self.0;
        while let Some(key) = map.next_key::<Key>()? {
            match key {
                Key::Message => map.next_value_seed(StringSeed(&mut found.message))?,
                Key::Errors => map.next_value_seed(ErrorsSeed(&mut *found))?,
                Key::Other => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        Ok(())
    }
}

/// A value that counts only when it is itself a string (`message`).
struct StringSeed<'a>(&'a mut Option<String>);

impl<'de> DeserializeSeed<'de> for StringSeed<'_> {
    type Value = ();
    fn deserialize<D: de::Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for StringSeed<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a message")
    }

    ignore_scalars!();

    fn visit_str<E: de::Error>(self, v: &str) -> Result<(), E> {
        offer(self.0, v);
        Ok(())
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<(), A::Error> {
        drain_seq(seq)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
        Ok(())
    }
}

/// `errors`: its first string anywhere; when it is an object, also `errors.error`.
struct ErrorsSeed<'a>(&'a mut Found);

impl<'de> DeserializeSeed<'de> for ErrorsSeed<'_> {
    type Value = ();
    fn deserialize<D: de::Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for ErrorsSeed<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("validation errors")
    }

    ignore_scalars!();

    fn visit_str<E: de::Error>(self, v: &str) -> Result<(), E> {
        offer(&mut self.0.first_error, v);
        Ok(())
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<(), A::Error> {
        FirstString {
            first: &mut self.0.first_error,
            also: None,
        }
        .visit_seq(seq)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let found = self.0;
        while let Some(FieldKey(name)) = map.next_key::<FieldKey>()? {
            let mut own = None;
            map.next_value_seed(FirstString {
                first: &mut found.first_error,
                also: Some(&mut own),
            })?;
            let Some(name) = name else { continue };
            if name == "error" && found.error_field.is_none() {
                found.error_field.clone_from(&own);
            }
            if let Some(message) = own
                && found.fields.len() < MAX_FIELDS
                && !found.fields.iter().any(|(field, _)| *field == name)
            {
                found.fields.push((name, message));
            }
        }
        Ok(())
    }
}

/// The first non-blank string anywhere in a value, depth first in document order;
/// it fills `first` and, when given, `also` (each only if still empty).
struct FirstString<'a> {
    first: &'a mut Option<String>,
    also: Option<&'a mut Option<String>>,
}

impl FirstString<'_> {
    fn reborrow(&mut self) -> FirstString<'_> {
        FirstString {
            first: &mut *self.first,
            also: self.also.as_deref_mut(),
        }
    }
}

impl<'de> DeserializeSeed<'de> for FirstString<'_> {
    type Value = ();
    fn deserialize<D: de::Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for FirstString<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("validation messages")
    }

    ignore_scalars!();

    fn visit_str<E: de::Error>(self, v: &str) -> Result<(), E> {
        offer(self.first, v);
        if let Some(also) = self.also {
            offer(also, v);
        }
        Ok(())
    }

    fn visit_seq<A: SeqAccess<'de>>(mut self, mut seq: A) -> Result<(), A::Error> {
        while seq.next_element_seed(self.reborrow())?.is_some() {}
        Ok(())
    }

    fn visit_map<A: MapAccess<'de>>(mut self, mut map: A) -> Result<(), A::Error> {
        while map.next_key::<IgnoredAny>()?.is_some() {
            map.next_value_seed(self.reborrow())?;
        }
        Ok(())
    }
}

#[cfg(all(test, feature = "unicode-segmentation"))]
mod tests {
    use super::*;
    use crate::locale::Language;
    use proptest::prelude::*;

    fn response(status: u16, body: &str) -> Text {
        error_message(CallFailure::Response {
            status,
            body: body.as_bytes(),
        })
    }

    fn server(text: &str) -> Text {
        Text::Server {
            text: text.to_owned(),
        }
    }

    fn english(text: &Text) -> String {
        text.render(Language::En)
    }

    #[test]
    fn unprocessable_takes_the_first_field_error_in_document_order() {
        // Keys out of alphabetical order: a sorted map would pick "email".
        let body = r#"{"message":"The given data was invalid.",
            "errors":{"name":["The name field is required.","Too short."],
                      "email":["The email has already been taken."]}}"#;
        assert_eq!(response(422, body), server("The name field is required."));
        // A field with no messages is skipped.
        let body = r#"{"errors":{"zip":[],"mobile":["  ","The mobile is invalid."]}}"#;
        assert_eq!(response(422, body), server("The mobile is invalid."));
    }

    fn fields(status: u16, body: &str) -> Vec<(String, String)> {
        field_errors(status, body.as_bytes())
            .into_iter()
            .map(|e| (e.field, e.message))
            .collect()
    }

    fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter()
            .map(|(f, m)| ((*f).to_owned(), (*m).to_owned()))
            .collect()
    }

    #[test]
    fn each_field_s_first_message_in_document_order() {
        let body = r#"{"message":"The given data was invalid.",
            "errors":{"name":["  ","The name field is required.","Too short."],
                      "email":["The email has already been taken."],
                      "zip":[],
                      "items.0.qty":"Max Quantity Reached",
                      "card":{"number":["Invalid card number"]}}}"#;
        assert_eq!(
            fields(422, body),
            pairs(&[
                ("name", "The name field is required."),
                ("email", "The email has already been taken."),
                ("items.0.qty", "Max Quantity Reached"),
                ("card", "Invalid card number"),
            ])
        );
        // The toast's message is still the first of them.
        assert_eq!(response(422, body), server("The name field is required."));
    }

    #[test]
    fn only_a_422_with_an_errors_object_has_field_messages() {
        let body = r#"{"errors":{"name":["Required"]}}"#;
        assert_eq!(fields(400, body), []);
        assert_eq!(fields(500, body), []);
        assert_eq!(fields(422, r#"{"errors":["Required"]}"#), []);
        assert_eq!(fields(422, r#"{"errors":"Required"}"#), []);
        assert_eq!(fields(422, "<html>"), []);
        assert_eq!(fields(422, ""), []);
        // A repeated key keeps its first message; what came before a syntax error counts.
        assert_eq!(
            fields(
                422,
                r#"{"errors":{"a":["one"],"a":["two"],"b":["three"],"c":["#
            ),
            pairs(&[("a", "one"), ("b", "three")])
        );
    }

    #[test]
    fn errors_error_is_a_field_too_and_still_the_400_message() {
        let body = r#"{"errors":{"error":["Out of stock"]}}"#;
        assert_eq!(fields(422, body), pairs(&[("error", "Out of stock")]));
        assert_eq!(response(400, body), server("Out of stock"));
    }

    #[test]
    fn field_messages_are_bounded() {
        let many: Vec<String> = (0..MAX_FIELDS + 20)
            .map(|i| format!(r#""f{i}":["m{i}"]"#))
            .collect();
        let body = format!(r#"{{"errors":{{{}}}}}"#, many.join(","));
        let found = fields(422, &body);
        assert_eq!(found.len(), MAX_FIELDS);
        assert_eq!(found[0], ("f0".to_owned(), "m0".to_owned()));
        let long_key = "k".repeat(MAX_FIELD_NAME_BYTES + 1);
        let long_text = "x".repeat(MAX_SERVER_TEXT_GRAPHEMES * 2);
        let body = format!(r#"{{"errors":{{"{long_key}":["skipped"],"ok":["{long_text}"]}}}}"#);
        let found = fields(422, &body);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].0, "ok");
        assert!(found[0].1.chars().count() <= MAX_SERVER_TEXT_GRAPHEMES + 3);
    }

    #[test]
    fn unprocessable_falls_back_to_message_then_validation_error() {
        assert_eq!(
            response(422, r#"{"errors":{},"message":"Check the form"}"#),
            server("Check the form")
        );
        assert_eq!(
            response(422, r#"{"errors":{"name":[]},"message":"  "}"#),
            Text::from(MessageId::ValidationError)
        );
        assert_eq!(english(&response(422, "")), "Validation error occurred.");
    }

    #[test]
    fn unprocessable_reads_errors_of_any_shape() {
        assert_eq!(
            response(422, r#"{"errors":"Bad phone"}"#),
            server("Bad phone")
        );
        assert_eq!(
            response(422, r#"{"errors":[[null, 3, ["Nested first"]], "second"]}"#),
            server("Nested first")
        );
        assert_eq!(
            response(422, r#"{"errors":{"items":{"0":{"qty":["Qty too big"]}}}}"#),
            server("Qty too big")
        );
        assert_eq!(
            response(422, r#"{"errors":42,"message":"Fallback"}"#),
            server("Fallback")
        );
        assert_eq!(
            response(422, r#"{"errors":null}"#),
            Text::from(MessageId::ValidationError)
        );
    }

    #[test]
    fn bad_request_takes_errors_error_first_item() {
        assert_eq!(
            response(
                400,
                r#"{"message":"Generic","errors":{"error":"Coupon expired"}}"#
            ),
            server("Coupon expired")
        );
        assert_eq!(
            response(
                400,
                r#"{"errors":{"other":["not this"],"error":["Out of stock","x"]}}"#
            ),
            server("Out of stock")
        );
        assert_eq!(
            response(
                400,
                r#"{"errors":{"error":[]},"message":"Use the message"}"#
            ),
            server("Use the message")
        );
        // `errors` that is not an object has no `error` field.
        assert_eq!(
            response(
                400,
                r#"{"errors":["Not errors.error"],"message":"Message"}"#
            ),
            server("Message")
        );
        assert_eq!(
            english(&response(400, r#"{"errors":{"error":7}}"#)),
            "Bad request error occurred."
        );
    }

    #[test]
    fn other_statuses_take_message_else_generic() {
        assert_eq!(
            response(
                500,
                r#"{"message":"Server exploded","errors":{"error":"no"}}"#
            ),
            server("Server exploded")
        );
        assert_eq!(
            response(401, r#"{"message":"Unauthenticated."}"#),
            server("Unauthenticated.")
        );
        assert_eq!(
            english(&response(503, "<html>Bad gateway</html>")),
            "An error occurred."
        );
        assert_eq!(
            english(&response(404, r#"{"message":["a list"]}"#)),
            "An error occurred."
        );
    }

    #[test]
    fn offline_says_plainly_that_a_connection_is_needed() {
        let text = error_message(CallFailure::Offline);
        assert_eq!(
            english(&text),
            "You are offline. This needs an internet connection; nothing was lost, so try again when you are back online."
        );
        assert!(text.render(Language::Ar).starts_with("أنت غير متصل"));
    }

    #[test]
    fn no_response_and_client_errors() {
        assert_eq!(
            english(&error_message(CallFailure::NoResponse)),
            "No response received from server."
        );
        let text = error_message(CallFailure::Client {
            message: " Network Error ",
        });
        assert_eq!(english(&text), "Error: Network Error");
        assert_eq!(text.render(Language::Ar), "خطأ: Network Error");
        assert_eq!(
            english(&error_message(CallFailure::Client { message: "  " })),
            "An error occurred."
        );
    }

    #[test]
    fn truncated_bodies_keep_what_came_before_the_cut() {
        assert_eq!(
            response(500, r#"{"message":"Partial","errors":{"a":["#),
            server("Partial")
        );
        assert_eq!(
            response(422, r#"{"errors":{"a":["First"],"b":["#),
            server("First")
        );
        // Trailing garbage after a complete object.
        assert_eq!(
            response(500, r#"{"message":"Done"} trailing"#),
            server("Done")
        );
    }

    #[test]
    fn invalid_utf8_and_a_bom_do_not_hide_the_message() {
        let mut body = b"\xEF\xBB\xBF{\"note\":\"\xFF\xFE\",\"message\":\"Still here\"}".to_vec();
        assert_eq!(
            error_message(CallFailure::Response {
                status: 500,
                body: &body
            }),
            server("Still here")
        );
        body.clear();
        body.extend_from_slice(b"\xC3\x28\x80");
        assert_eq!(
            error_message(CallFailure::Response {
                status: 500,
                body: &body
            }),
            Text::from(MessageId::GenericError)
        );
    }

    #[test]
    fn the_first_non_blank_duplicate_wins() {
        assert_eq!(
            response(
                500,
                r#"{"message":"","message":"Second","message":"Third"}"#
            ),
            server("Second")
        );
    }

    #[test]
    fn huge_messages_are_capped() {
        let body = format!(r#"{{"message":"{}"}}"#, "x".repeat(1_000_000));
        let Text::Server { text } = response(500, &body) else {
            panic!("expected server text");
        };
        assert_eq!(text.chars().count(), MAX_SERVER_TEXT_GRAPHEMES + 3);
        assert!(text.ends_with("..."));
    }

    #[test]
    fn deep_nesting_fails_softly() {
        let body = format!(
            r#"{{"message":"Deep","errors":{}"x"{}}}"#,
            "[".repeat(5000),
            "]".repeat(5000)
        );
        assert_eq!(response(422, &body), server("Deep"));
    }

    /// JSON-ish values of any shape, strings from a small pool so keys collide.
    fn json_value() -> impl Strategy<Value = serde_json::Value> {
        let leaf = prop_oneof![
            Just(serde_json::Value::Null),
            any::<bool>().prop_map(serde_json::Value::from),
            any::<i64>().prop_map(serde_json::Value::from),
            any::<f64>().prop_map(serde_json::Value::from),
            "\\PC{0,12}".prop_map(serde_json::Value::from),
            Just(serde_json::Value::from("   ")),
        ];
        leaf.prop_recursive(4, 48, 6, |inner| {
            prop_oneof![
                proptest::collection::vec(inner.clone(), 0..5).prop_map(serde_json::Value::from),
                proptest::collection::vec(
                    (
                        prop_oneof![
                            Just("message".to_owned()),
                            Just("errors".to_owned()),
                            Just("error".to_owned()),
                            Just("name".to_owned()),
                            "[a-z]{1,4}"
                        ],
                        inner
                    ),
                    0..5
                )
                .prop_map(|entries| {
                    // Built as text so duplicate keys and their order survive.
                    let fields: Vec<String> = entries
                        .into_iter()
                        .map(|(k, v)| format!("{}:{}", serde_json::Value::from(k), v))
                        .collect();
                    serde_json::from_str::<serde_json::Value>(&format!("{{{}}}", fields.join(",")))
                        .unwrap_or(serde_json::Value::Null)
                }),
            ]
        })
    }

    fn non_empty(text: &Text) -> bool {
        [Language::En, Language::Ar]
            .into_iter()
            .all(|language| !text.render(language).trim().is_empty())
    }

    proptest! {
        #[test]
        fn never_panics_on_arbitrary_bytes(status in any::<u16>(), body in proptest::collection::vec(any::<u8>(), 0..256)) {
            let text = error_message(CallFailure::Response { status, body: &body });
            prop_assert!(non_empty(&text));
        }

        #[test]
        fn never_panics_on_json_of_any_shape(status in prop_oneof![Just(400u16), Just(422), Just(500), any::<u16>()], value in json_value()) {
            let body = value.to_string();
            let text = error_message(CallFailure::Response { status, body: body.as_bytes() });
            prop_assert!(non_empty(&text));
            if let Text::Server { text } = &text {
                prop_assert_eq!(text.trim(), text.as_str());
            }
        }

        #[test]
        fn client_errors_are_never_empty(message in "\\PC{0,40}") {
            let text = error_message(CallFailure::Client { message: &message });
            prop_assert!(non_empty(&text));
        }

        #[test]
        fn known_422_shapes_yield_the_first_message(
            fields in proptest::collection::vec(("[a-z_]{1,8}", proptest::collection::vec("[A-Za-z][A-Za-z .]{0,20}", 0..3)), 1..6),
            message in proptest::option::of("[A-Za-z][A-Za-z ]{0,20}"),
        ) {
            let errors: Vec<String> = fields
                .iter()
                .map(|(field, messages)| format!("{}:{}", serde_json::Value::from(field.as_str()), serde_json::Value::from(messages.clone())))
                .collect();
            let mut body = format!(r#"{{"errors":{{{}}}"#, errors.join(","));
            if let Some(message) = &message {
                body.push_str(&format!(r#","message":{}"#, serde_json::Value::from(message.as_str())));
            }
            body.push('}');
            let expected = fields
                .iter()
                .flat_map(|(_, messages)| messages.iter())
                .map(|m| m.trim())
                .find(|m| !m.is_empty())
                .or(message.as_deref().map(str::trim))
                .map(server)
                .unwrap_or_else(|| MessageId::ValidationError.into());
            prop_assert_eq!(response(422, &body), expected);
        }

        #[test]
        fn known_400_shapes_yield_errors_error(
            before in proptest::collection::vec(("[a-df-z]{1,6}", "[A-Za-z]{1,10}"), 0..3),
            error in prop_oneof![
                "[A-Za-z][A-Za-z ]{0,20}".prop_map(serde_json::Value::from),
                proptest::collection::vec("[A-Za-z][A-Za-z ]{0,20}", 1..4).prop_map(serde_json::Value::from),
            ],
            message in "[A-Za-z][A-Za-z ]{0,20}",
        ) {
            let mut fields: Vec<String> = before
                .iter()
                .map(|(k, v)| format!("{}:{}", serde_json::Value::from(k.as_str()), serde_json::Value::from(v.as_str())))
                .collect();
            fields.push(format!(r#""error":{error}"#));
            let body = format!(r#"{{"message":{},"errors":{{{}}}}}"#, serde_json::Value::from(message.as_str()), fields.join(","));
            let first = match &error {
                serde_json::Value::Array(items) => items[0].as_str().unwrap().trim().to_owned(),
                other => other.as_str().unwrap().trim().to_owned(),
            };
            prop_assert_eq!(response(400, &body), server(&first));
        }
    }
}
