//! Reading the cart's values without serde's readers for internally tagged enums.
//!
//! The core's `CartEvent`, `CouponRule` and `Text` are internally tagged
//! (`{"type": "loaded", "cart": …}`). Serde reads such an enum by buffering the whole
//! value in its private `Content` tree and reading it again, which compiles a second
//! reader for every type inside: a sixth of the cart module (115 → 97 KB gzip). Here the
//! same JSON is read as a `serde_json::Value` (as every argument is, `convert::from_js`),
//! its tag moved out (`{"loaded": {…}}`) and read through mirrors of the core's types
//! that are externally tagged, which serde reads directly. The core keeps its derives:
//! other clients read these values with them, and the tests below check that both
//! readers agree.

use serde::de::Error as _;
use serde::{Deserialize, Deserializer};
use serde_json::{Map, Value};
use storefront_core::cart::{
    AddRequest, Cart, CartEvent, CartItem, CartItemOrder, CartPricing, CartTotals, CouponResponse,
    CouponRule,
};
use storefront_core::messages::{Message, Text};
use storefront_core::money::Money;

/// A cart (its coupon rule is internally tagged).
#[derive(Deserialize)]
pub(crate) struct CartValue(#[serde(with = "CartDef")] pub Cart);

/// A cart event.
pub(crate) struct CartEventValue(pub CartEvent);

impl<'de> Deserialize<'de> for CartEventValue {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = untag(Value::deserialize(deserializer)?, "type").map_err(D::Error::custom)?;
        CartEventDef::deserialize(value)
            .map(CartEventValue)
            .map_err(D::Error::custom)
    }
}

/// A coupon rule, or null.
pub(crate) struct CouponRuleValue(pub Option<CouponRule>);

impl<'de> Deserialize<'de> for CouponRuleValue {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        coupon_rule(deserializer).map(CouponRuleValue)
    }
}

/// `{"<tag>": "name", …fields}` as serde reads an externally tagged enum: `{"name":
/// {…fields}}`, or `"name"` when there are no fields (a unit variant).
fn untag(value: Value, tag: &str) -> Result<Value, String> {
    let Value::Object(mut fields) = value else {
        return Err(format!("expected an object with a `{tag}`"));
    };
    let Some(Value::String(name)) = fields.remove(tag) else {
        return Err(format!("missing `{tag}`"));
    };
    if fields.is_empty() {
        return Ok(Value::String(name));
    }
    let mut outer = Map::new();
    outer.insert(name, Value::Object(fields));
    Ok(Value::Object(outer))
}

fn coupon_rule<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<CouponRule>, D::Error> {
    match Option::<Value>::deserialize(deserializer)? {
        None => Ok(None),
        Some(value) => {
            let value = untag(value, "type").map_err(D::Error::custom)?;
            CouponRuleDef::deserialize(value)
                .map(Some)
                .map_err(D::Error::custom)
        }
    }
}

fn text<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Text, D::Error> {
    let value = untag(Value::deserialize(deserializer)?, "kind").map_err(D::Error::custom)?;
    TextDef::deserialize(value).map_err(D::Error::custom)
}

// Mirrors of the core's types (same fields, same defaults; `remote` makes the compiler
// check that every field is there).

#[derive(Deserialize)]
#[serde(remote = "Cart")]
struct CartDef {
    items: Vec<CartItem>,
    items_quantity: u32,
    price: Money,
    total: Money,
    cart_total: Money,
    tax: Money,
    #[serde(default)]
    coupon_id: Option<u64>,
    #[serde(default)]
    coupon_code: Option<String>,
    #[serde(default)]
    coupon_discount: Money,
    #[serde(default)]
    delivery_price: Money,
    #[serde(default)]
    branch_id: Option<u64>,
    #[serde(default)]
    pricing: CartPricing,
    #[serde(default, deserialize_with = "coupon_rule")]
    coupon_rule: Option<CouponRule>,
}

#[derive(Deserialize)]
#[serde(remote = "CouponResponse")]
struct CouponResponseDef {
    #[serde(default)]
    item: Option<CartItem>,
    #[serde(default)]
    coupon_id: Option<u64>,
    #[serde(default)]
    coupon_code: Option<String>,
    #[serde(default, deserialize_with = "coupon_rule")]
    coupon_rule: Option<CouponRule>,
    totals: CartTotals,
    #[serde(default)]
    message: Option<String>,
}

#[derive(Deserialize)]
#[serde(remote = "CouponRule", rename_all = "snake_case")]
enum CouponRuleDef {
    Percent {
        rate_bp: u32,
        #[serde(default)]
        cap: Option<Money>,
        #[serde(default)]
        minimum: Option<Money>,
    },
    Fixed {
        amount: Money,
        #[serde(default)]
        minimum: Option<Money>,
    },
}

#[derive(Deserialize)]
#[serde(remote = "Text", rename_all = "snake_case")]
enum TextDef {
    Message(Message),
    Server { text: String },
}

#[derive(Deserialize)]
#[serde(remote = "CartEvent", rename_all = "snake_case")]
enum CartEventDef {
    Loaded {
        #[serde(with = "CartDef")]
        cart: Cart,
    },
    AddRequested {
        request: AddRequest,
    },
    PromptAccepted,
    QuantityChanged {
        key: String,
        qty: u32,
    },
    QuantityFailed {
        #[serde(deserialize_with = "text")]
        message: Text,
    },
    Added {
        item: CartItem,
    },
    AddFailed {
        status: u16,
        #[serde(deserialize_with = "text")]
        message: Text,
    },
    Updated {
        item: CartItem,
    },
    Deleted {
        id: u64,
        #[serde(default)]
        order: Option<CartItemOrder>,
    },
    CouponApplied {
        #[serde(with = "CouponResponseDef")]
        response: CouponResponse,
    },
    RequestFailed {
        #[serde(deserialize_with = "text")]
        message: Text,
    },
    FavoriteToggled {
        product_id: u64,
    },
    Emptied,
    PromptDismissed,
    Reset,
}

#[cfg(test)]
mod tests {
    use serde::Serialize;
    use serde::de::DeserializeOwned;
    use serde_json::json;
    use storefront_core::cart::{CartProduct, Favorite};
    use storefront_core::messages::MessageId;

    use super::*;

    fn money(text: &str) -> Money {
        Money::parse(text).unwrap()
    }

    fn item() -> CartItem {
        CartItem {
            id: 7,
            key: "k7".into(),
            product_id: 70,
            qty: 2,
            price: money("12.50"),
            favorite: Favorite(true),
            order: Some(CartItemOrder {
                price: money("25"),
                total: money("28.5"),
                cart_total: money("28.5"),
                tax: money("3.5"),
            }),
            message: Some("added".into()),
            product: Some(CartProduct {
                name: "Milk".into(),
                image: None,
                min_qty: 1,
                max_qty: Some(5),
                stock: Some(9),
                branch_id: Some(3),
            }),
        }
    }

    fn cart(coupon_rule: Option<CouponRule>) -> Cart {
        Cart {
            items: vec![item()],
            items_quantity: 2,
            price: money("25"),
            total: money("28.5"),
            cart_total: money("28.5"),
            tax: money("3.5"),
            coupon_id: Some(4),
            coupon_code: Some("SAVE".into()),
            coupon_discount: money("2"),
            delivery_price: money("5"),
            branch_id: Some(3),
            pricing: CartPricing::default(),
            coupon_rule,
        }
    }

    fn rules() -> Vec<Option<CouponRule>> {
        vec![
            None,
            Some(CouponRule::Percent {
                rate_bp: 1000,
                cap: Some(money("20")),
                minimum: None,
            }),
            Some(CouponRule::Fixed {
                amount: money("5"),
                minimum: Some(money("50")),
            }),
        ]
    }

    fn texts() -> Vec<Text> {
        vec![
            Text::Message(Message::new(MessageId::Required)),
            Text::Message(Message::new(MessageId::FieldRequired).with("len", 3)),
            Text::Server {
                text: "Out of stock".into(),
            },
        ]
    }

    fn request() -> AddRequest {
        AddRequest {
            product_id: 70,
            branch_id: 3,
            qty: Some(2),
            empty_cart: false,
        }
    }

    fn events() -> Vec<CartEvent> {
        let mut events = vec![
            CartEvent::AddRequested { request: request() },
            CartEvent::PromptAccepted,
            CartEvent::QuantityChanged {
                key: "k7".into(),
                qty: 3,
            },
            CartEvent::Added { item: item() },
            CartEvent::Updated { item: item() },
            CartEvent::Deleted { id: 7, order: None },
            CartEvent::Deleted {
                id: 7,
                order: item().order,
            },
            CartEvent::FavoriteToggled { product_id: 70 },
            CartEvent::Emptied,
            CartEvent::PromptDismissed,
            CartEvent::Reset,
        ];
        for rule in rules() {
            events.push(CartEvent::Loaded { cart: cart(rule) });
            events.push(CartEvent::CouponApplied {
                response: CouponResponse {
                    item: Some(item()),
                    coupon_id: Some(4),
                    coupon_code: Some("SAVE".into()),
                    coupon_rule: rule,
                    totals: CartTotals::default(),
                    message: Some("Coupon applied".into()),
                },
            });
        }
        for text in texts() {
            events.push(CartEvent::QuantityFailed {
                message: text.clone(),
            });
            events.push(CartEvent::AddFailed {
                status: 400,
                message: text.clone(),
            });
            events.push(CartEvent::RequestFailed { message: text });
        }
        events
    }

    /// Which variant an event is. Without a wildcard, so that a variant added to the
    /// core stops this from compiling until `CartEventDef` and `events()` have it too.
    fn variant(event: &CartEvent) -> usize {
        match event {
            CartEvent::Loaded { .. } => 0,
            CartEvent::AddRequested { .. } => 1,
            CartEvent::PromptAccepted => 2,
            CartEvent::QuantityChanged { .. } => 3,
            CartEvent::QuantityFailed { .. } => 4,
            CartEvent::Added { .. } => 5,
            CartEvent::AddFailed { .. } => 6,
            CartEvent::Updated { .. } => 7,
            CartEvent::Deleted { .. } => 8,
            CartEvent::CouponApplied { .. } => 9,
            CartEvent::RequestFailed { .. } => 10,
            CartEvent::FavoriteToggled { .. } => 11,
            CartEvent::Emptied => 12,
            CartEvent::PromptDismissed => 13,
            CartEvent::Reset => 14,
        }
    }

    #[test]
    fn the_sample_events_cover_every_variant() {
        let seen: std::collections::BTreeSet<usize> = events().iter().map(variant).collect();
        assert_eq!(seen, (0..15).collect());
    }

    /// Reads `value` both ways: with the core's derive and with this module's reader.
    fn both<T: DeserializeOwned, W: DeserializeOwned>(value: Value) -> (T, W) {
        let core = serde_json::from_value::<T>(value.clone()).expect("the core reads it");
        let ours = serde_json::from_value::<W>(value).expect("the bindings read it");
        (core, ours)
    }

    fn as_json(value: &impl Serialize) -> Value {
        serde_json::to_value(value).unwrap()
    }

    #[test]
    fn every_cart_event_reads_as_the_core_reads_it() {
        for event in events() {
            let (core, CartEventValue(ours)) = both::<CartEvent, CartEventValue>(as_json(&event));
            assert_eq!(core, event);
            assert_eq!(ours, event);
        }
    }

    #[test]
    fn carts_with_every_coupon_rule_read_as_the_core_reads_them() {
        for rule in rules() {
            let (core, CartValue(ours)) = both::<Cart, CartValue>(as_json(&cart(rule)));
            assert_eq!(ours, core);
            assert_eq!(ours, cart(rule));
        }
    }

    #[test]
    fn the_servers_shapes_and_left_out_fields_read_as_the_core_reads_them() {
        // Amounts as numbers, favourites as 0/1, optional fields left out.
        let cart = json!({
            "items": [{"id": 1, "key": "a", "product_id": 2, "qty": 1, "price": 9.5, "favorite": 1}],
            "items_quantity": 1, "price": "9.5", "total": 9.5, "cart_total": 9.5, "tax": 0,
            "coupon_rule": {"minimum": "10", "type": "fixed", "amount": 2}
        });
        let (core, CartValue(ours)) = both::<Cart, CartValue>(cart);
        assert_eq!(ours, core);
        let (core, CouponRuleValue(ours)) =
            both::<Option<CouponRule>, CouponRuleValue>(Value::Null);
        assert_eq!(ours, core);
    }

    #[test]
    fn values_of_the_wrong_shape_are_refused_by_both() {
        for value in [
            json!({"type": "teleported"}),
            json!({"type": "quantity_changed", "key": "a"}),
            json!({"kind": "loaded"}),
            json!("reset"),
            json!({"type": "loaded", "cart": {"type": "percent"}}),
        ] {
            assert!(
                serde_json::from_value::<CartEvent>(value.clone()).is_err(),
                "{value}"
            );
            assert!(
                serde_json::from_value::<CartEventValue>(value.clone()).is_err(),
                "{value}"
            );
        }
        let rule = json!({"type": "percent", "cap": "1"});
        assert!(serde_json::from_value::<CouponRule>(rule.clone()).is_err());
        assert!(serde_json::from_value::<CouponRuleValue>(rule).is_err());
    }
}
