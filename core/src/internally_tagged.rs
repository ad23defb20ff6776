//! Reading internally tagged enums (`{"type": "toast", "tone": "error", ...}`).
//!
//! serde's derive reads such an enum by buffering the whole value into its private
//! `Content` type and then reading the variant, and every type nested in it, from that
//! buffer: a second copy of all their deserializers, which made up most of the WASM
//! core. Here the value is read into a [`Tree`] instead, the tag taken out,
//! and the remaining fields handed to an externally tagged mirror of the enum (serde's
//! `remote` derive, named `…Def` next to each enum), so nested types are read from a
//! [`Tree`] like every other argument. The JSON form is the derive's: the variant name
//! under the tag, a struct variant's fields (or a newtype variant's struct) beside it,
//! and fields a variant does not know ignored.
//!
//! Each mirror also derives `Serialize` (never called) so that a variant added to the
//! enum but not to its mirror is a compile error.

use serde::de::{self, DeserializeSeed, Deserializer, EnumAccess, VariantAccess, Visitor};
use serde::{Deserialize, forward_to_deserialize_any};

use crate::value_tree::{Error, Tree};

/// Implements `Deserialize` for an internally tagged enum through its mirror:
/// `deserialize_through_mirror!(Effect, EffectDef, "type");`.
macro_rules! deserialize_through_mirror {
    ($enum:ty, $mirror:ident, $tag:literal) => {
        impl<'de> serde::Deserialize<'de> for $enum {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                $crate::internally_tagged::deserialize(deserializer, $tag, $mirror::deserialize)
            }
        }
    };
}
pub(crate) use deserialize_through_mirror;

/// Reads an enum whose variant name is under `tag`, through `mirror` (the
/// `deserialize` of its externally tagged `…Def` mirror).
pub(crate) fn deserialize<'de, D, T>(
    deserializer: D,
    tag: &'static str,
    mirror: fn(Variant) -> Result<T, Error>,
) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
{
    let mut fields = match Tree::deserialize(deserializer)? {
        Tree::Object(fields) => fields,
        other => return Err(de::Error::invalid_type(other.unexpected(), &"a map")),
    };
    let mut tags = fields.iter().enumerate().filter(|(_, (key, _))| key == tag);
    let at = match (tags.next(), tags.next()) {
        (Some((at, _)), None) => at,
        (None, _) => return Err(de::Error::missing_field(tag)),
        (Some(_), Some(_)) => return Err(de::Error::duplicate_field(tag)),
    };
    let (_, name) = fields.remove(at);
    mirror(Variant { name, fields }).map_err(de::Error::custom)
}

/// One value of an internally tagged enum, split into its variant name and the other
/// fields: a deserializer of the externally tagged form.
pub(crate) struct Variant {
    name: Tree,
    fields: Vec<(String, Tree)>,
}

impl<'de> Deserializer<'de> for Variant {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Self::Error> {
        visitor.visit_enum(self)
    }

    forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        option unit unit_struct newtype_struct seq tuple tuple_struct map struct enum
        identifier ignored_any
    }
}

impl<'de> EnumAccess<'de> for Variant {
    type Error = Error;
    type Variant = Fields;

    fn variant_seed<S: DeserializeSeed<'de>>(
        self,
        seed: S,
    ) -> Result<(S::Value, Fields), Self::Error> {
        let variant = seed.deserialize(self.name)?;
        Ok((variant, Fields(self.fields)))
    }
}

/// The fields beside the tag.
pub(crate) struct Fields(Vec<(String, Tree)>);

impl<'de> VariantAccess<'de> for Fields {
    type Error = Error;

    fn unit_variant(self) -> Result<(), Self::Error> {
        // As with serde's derive, fields beside a unit variant's tag are ignored.
        Ok(())
    }

    fn newtype_variant_seed<S: DeserializeSeed<'de>>(
        self,
        seed: S,
    ) -> Result<S::Value, Self::Error> {
        seed.deserialize(Tree::Object(self.0))
    }

    fn tuple_variant<V: Visitor<'de>>(
        self,
        len: usize,
        visitor: V,
    ) -> Result<V::Value, Self::Error> {
        Tree::Object(self.0).deserialize_tuple(len, visitor)
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Self::Error> {
        Tree::Object(self.0).deserialize_struct("", fields, visitor)
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;
    use std::fmt::Debug;

    use serde::Serialize;
    use serde::de::DeserializeOwned;
    use serde_json::{Value, json};

    use super::*;
    use crate::auth::{LoginEvent, RequestEvent, ResendAvailability};
    use crate::cart::{AddCheck, CartEvent, CouponRule, QuantityCheck};
    use crate::effects::{ApiCall, Effect};
    use crate::layout::BottomBarItem;
    use crate::location::{LocationPickerEvent, MapSearchStatus};
    use crate::messages::{Message, MessageId, Text};
    use crate::request::FetchDecision;
    use crate::startup::StartupScreen;
    use crate::validation::PhoneCheck;
    use crate::value_tree::from_tree;

    fn from_value<T: DeserializeOwned>(value: Value) -> Result<T, Error> {
        from_tree(serde_json::from_value(value).unwrap())
    }

    /// The variant names `T`'s mirror knows, from the error serde gives for an
    /// unknown one ("… expected `a` or `b`", "… expected one of `a`, `b`, `c`").
    fn variants<T: DeserializeOwned + Debug>(tag: &str) -> BTreeSet<String> {
        let error = from_value::<T>(json!({ tag: "?" })).unwrap_err();
        let message = error.to_string();
        let (_, expected) = message.split_once("expected").unwrap();
        expected
            .split('`')
            .skip(1)
            .step_by(2)
            .map(str::to_owned)
            .collect()
    }

    /// Every sample reads, writes back under the same variant name and reads back
    /// equal, through this module and through serde_json's own reader; and the samples
    /// cover every variant the mirror knows, so a mirror that drifts from its enum
    /// (a renamed variant or field, a field without its default) fails here.
    fn round_trips<T>(tag: &str, samples: &[Value])
    where
        T: Serialize + DeserializeOwned + PartialEq + Debug,
    {
        let sampled: BTreeSet<String> = samples
            .iter()
            .filter_map(|s| s[tag].as_str().map(str::to_owned))
            .collect();
        assert_eq!(sampled, variants::<T>(tag), "one sample per variant");
        for sample in samples {
            let value: T = from_value(sample.clone()).unwrap_or_else(|e| panic!("{sample}: {e}"));
            let written = serde_json::to_value(&value).unwrap();
            assert_eq!(written[tag], sample[tag]);
            assert_eq!(from_value::<T>(written.clone()).unwrap(), value);
            assert_eq!(serde_json::from_value::<T>(written).unwrap(), value);
        }
    }

    fn message() -> Value {
        json!({"id": "required"})
    }

    fn text() -> Value {
        json!({"kind": "server", "text": "Out of stock"})
    }

    fn point() -> Value {
        json!({"latitude": 30.0444, "longitude": 31.2357})
    }

    fn item() -> Value {
        json!({"id": 1, "key": "k1", "product_id": 7, "qty": 2, "price": "12.50"})
    }

    fn totals() -> Value {
        json!({"price": "1", "coupon_discount": "0", "tax": "0", "delivery_price": "0",
               "total": "1", "cart_total": "1"})
    }

    #[test]
    fn every_variant_of_every_internally_tagged_enum_round_trips() {
        let search_result = json!({"name": "Zamalek", "address": "Cairo", "location": point()});
        round_trips::<Effect>(
            "type",
            &[
                json!({"type": "toast", "tone": "error", "text": text()}),
                json!({"type": "navigate", "to": "/home", "after_ms": 500}),
                json!({"type": "store", "key": "district_id", "value": "7"}),
                json!({"type": "remove", "keys": ["token", "persist:user"]}),
                json!({"type": "open_modal", "modal": "signIn"}),
                json!({"type": "close_modal"}),
                json!({"type": "request", "call": {"call": "logout", "token": "t"}}),
                json!({"type": "wake_at", "at_ms": 1_700_000_000_000u64}),
                json!({"type": "reset_queries"}),
                json!({"type": "forget_personal_data"}),
                json!({"type": "reset_catalogue_lists"}),
                json!({"type": "reload_remote_config"}),
                json!({"type": "set_document_language", "language": "ar"}),
                json!({"type": "reload_page"}),
            ],
        );
        round_trips::<ApiCall>(
            "call",
            &[
                json!({"call": "login_by_otp", "mobile": "+201012345678", "channel": "sms"}),
                json!({"call": "verify_login_by_otp", "mobile": "+20101", "channel": "whatsapp",
                   "code": "1234"}),
                json!({"call": "register_by_otp", "registration": {"name": "Mona",
                   "email": "m@example.com", "acceptTerms": true, "mobile": "+20101",
                   "code": "1234"}}),
                json!({"call": "update_language", "default_locale": "en"}),
                json!({"call": "logout", "token": "t"}),
                json!({"call": "is_supported_location", "latitude": 30.5, "longitude": 31.25}),
                json!({"call": "map_search", "search": "zamalek"}),
            ],
        );
        round_trips::<LoginEvent>(
            "type",
            &[
                json!({"type": "open_sign_in"}),
                json!({"type": "request_code", "mobile": "+20101", "channel": "sms"}),
                json!({"type": "code_sent"}),
                json!({"type": "code_failed", "error": text()}),
                json!({"type": "resend"}),
                json!({"type": "submit_code", "code": "1234"}),
                json!({"type": "verified", "token": "t", "user_exists": true, "message": null,
                   "force_default_location": false}),
                json!({"type": "verify_failed", "error": text()}),
                json!({"type": "submit_registration", "name": "Mona", "email": "m@example.com",
                   "referral_code": "", "accept_terms": true}),
                json!({"type": "registered", "token": "t", "message": "Welcome",
                   "force_default_location": true}),
                json!({"type": "register_failed", "error": text()}),
                json!({"type": "tick"}),
                json!({"type": "restore", "stored": {"use_default_location": false,
                   "login_in_progress": true, "modal": "verifyOtp"}}),
                json!({"type": "close"}),
            ],
        );
        round_trips::<ResendAvailability>(
            "state",
            &[
                json!({"state": "ready"}),
                json!({"state": "wait", "seconds": 12, "message": message()}),
            ],
        );
        round_trips::<RequestEvent>(
            "type",
            &[
                json!({"type": "started"}),
                json!({"type": "succeeded", "message": "Sent"}),
                json!({"type": "failed", "error": text()}),
                json!({"type": "tick"}),
            ],
        );
        round_trips::<CartEvent>(
            "type",
            &[
                json!({"type": "loaded", "cart": {"items": [item()], "items_quantity": 2,
                   "price": "25", "total": "25", "cart_total": "25", "tax": "0"}}),
                json!({"type": "added", "item": item()}),
                json!({"type": "add_failed", "status": 400, "message": text()}),
                json!({"type": "updated", "item": item()}),
                json!({"type": "deleted", "id": 4}),
                json!({"type": "coupon_applied", "response": {"totals": totals()}}),
                json!({"type": "request_failed", "message": text()}),
                json!({"type": "favorite_toggled", "product_id": 7}),
                json!({"type": "emptied"}),
                json!({"type": "old_cart_message_dismissed"}),
                json!({"type": "reset"}),
            ],
        );
        round_trips::<AddCheck>(
            "kind",
            &[
                json!({"kind": "allowed"}),
                json!({"kind": "different_shop", "prompt": message()}),
            ],
        );
        round_trips::<QuantityCheck>(
            "kind",
            &[
                json!({"kind": "accepted", "qty": 3}),
                json!({"kind": "refused", "message": message()}),
            ],
        );
        round_trips::<CouponRule>(
            "type",
            &[
                json!({"type": "percent", "rate_bp": 1000, "cap": "50"}),
                json!({"type": "fixed", "amount": "20", "minimum": "100"}),
            ],
        );
        round_trips::<Text>(
            "kind",
            &[
                json!({"kind": "message", "id": "too_long", "params": {"len": "200"}}),
                text(),
            ],
        );
        round_trips::<StartupScreen>(
            "state",
            &[
                json!({"state": "loading"}),
                json!({"state": "ready"}),
                json!({"state": "failed", "message": message()}),
            ],
        );
        round_trips::<FetchDecision>(
            "kind",
            &[
                json!({"kind": "fetch", "path": "/products", "query": [["page", "1"]]}),
                json!({"kind": "skip", "warning": message()}),
                json!({"kind": "reject", "message": message()}),
            ],
        );
        round_trips::<MapSearchStatus>(
            "status",
            &[
                json!({"status": "start_typing", "message": message()}),
                json!({"status": "searching", "message": message()}),
                json!({"status": "no_results", "message": message()}),
                json!({"status": "results", "results": [search_result]}),
            ],
        );
        round_trips::<LocationPickerEvent>(
            "type",
            &[
                json!({"type": "point_chosen", "point": point()}),
                json!({"type": "support_answered", "point": point(), "district_id": 3}),
                json!({"type": "support_failed", "point": point()}),
                json!({"type": "confirm"}),
                json!({"type": "search_text_changed", "text": "zam"}),
                json!({"type": "search_results_arrived", "search": "zam", "results": []}),
                json!({"type": "search_failed", "search": "zam"}),
            ],
        );
        round_trips::<BottomBarItem>(
            "item",
            &[
                json!({"item": "services", "to": "/services"}),
                json!({"item": "home", "to": "/home"}),
                json!({"item": "categories"}),
                json!({"item": "cart", "to": "/cart", "badge": 2}),
                json!({"item": "account_menu"}),
                json!({"item": "login", "modal": "signIn"}),
            ],
        );
        round_trips::<PhoneCheck>(
            "result",
            &[
                json!({"result": "valid", "number": {"e164": "+201012345678", "country": "EG",
                   "national_number": "1012345678", "kind": "mobile"}}),
                json!({"result": "invalid", "error": message()}),
            ],
        );
    }

    fn cart_event(value: Value) -> Result<CartEvent, Error> {
        from_value(value)
    }

    #[test]
    fn reads_the_derives_json_form() {
        // A newtype variant's struct sits beside the tag.
        assert_eq!(
            from_value::<Text>(json!({"kind": "message", "id": "required"})),
            Ok(Text::Message(Message::new(MessageId::Required)))
        );
        // A unit variant ignores the fields beside its tag, any field order is fine.
        assert_eq!(
            cart_event(json!({"stray": 1, "type": "emptied"})),
            Ok(CartEvent::Emptied)
        );
        // A struct variant ignores unknown fields and fills defaults.
        assert_eq!(
            cart_event(json!({"type": "deleted", "id": 4, "extra": true})),
            Ok(CartEvent::Deleted { id: 4, order: None })
        );
        // Other deserializers read it the same way.
        assert_eq!(
            serde_json::from_str::<CartEvent>(r#"{"id": 4, "type": "deleted"}"#).unwrap(),
            CartEvent::Deleted { id: 4, order: None }
        );
    }

    #[test]
    fn refuses_what_the_derive_refuses() {
        let error = |value: Value| cart_event(value).unwrap_err().to_string();
        assert_eq!(error(json!({"id": 4})), "missing field `type`");
        assert_eq!(error(json!({"type": "deleted"})), "missing field `id`");
        assert!(
            error(json!({"type": "nope"}))
                .starts_with("unknown variant `nope`, expected one of `loaded`")
        );
        assert_eq!(
            error(json!({"type": true})),
            "invalid type: boolean `true`, expected variant identifier"
        );
        assert_eq!(
            error(json!("emptied")),
            "invalid type: string \"emptied\", expected a map"
        );
        assert_eq!(
            error(json!({"type": "deleted", "id": "4"})),
            "invalid type: string \"4\", expected u64"
        );
        assert!(serde_json::from_str::<CartEvent>(r#"{"type": "deleted"}"#).is_err());
    }
}
