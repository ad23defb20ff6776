//! The cart as the API sends it (spec 3), plus what the client needs to recompute its
//! totals: the branch it belongs to, a product summary per item, the branch's pricing
//! and the applied coupon's rule.

use std::fmt;

use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::money::Money;

use super::totals::{CartLine, CartTotals, compute_totals};

/// The customer's cart (spec 3), field names as the API sends them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Cart {
    pub items: Vec<CartItem>,
    /// Sum of the items' quantities; transitions keep it equal to that sum.
    pub items_quantity: u32,
    /// Subtotal: Σ unit price × qty.
    pub price: Money,
    /// price − coupon_discount + tax.
    pub total: Money,
    /// total + delivery_price: what the customer pays.
    pub cart_total: Money,
    pub tax: Money,
    #[serde(default)]
    pub coupon_id: Option<u64>,
    #[serde(default)]
    pub coupon_code: Option<String>,
    #[serde(default)]
    pub coupon_discount: Money,
    #[serde(default)]
    pub delivery_price: Money,
    /// The branch (shop) every item comes from; a cart holds one shop's items.
    #[serde(default)]
    pub branch_id: Option<u64>,
    /// The branch's tax and delivery terms, for recomputing totals on the client.
    #[serde(default)]
    pub pricing: CartPricing,
    /// The applied coupon's rule, when a coupon is applied.
    #[serde(default)]
    pub coupon_rule: Option<CouponRule>,
}

/// One line of the cart (spec 3).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct CartItem {
    /// Server id, used by `DELETE /orders/item/{id}`.
    pub id: u64,
    pub key: String,
    pub product_id: u64,
    pub qty: u32,
    /// Unit price.
    pub price: Money,
    #[serde(default)]
    pub favorite: Favorite,
    /// The cart's totals after the change that returned this item.
    #[serde(default)]
    pub order: Option<CartItemOrder>,
    /// The server's message about this change (shown as the add-to-cart toast).
    #[serde(default)]
    pub message: Option<String>,
    /// What the stepper and the different-shop check need to know of the product.
    #[serde(default)]
    pub product: Option<CartProduct>,
}

/// The cart's totals carried on an item (`order{price, total, cart_total, tax}`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct CartItemOrder {
    pub price: Money,
    pub total: Money,
    pub cart_total: Money,
    pub tax: Money,
}

impl From<CartTotals> for CartItemOrder {
    fn from(t: CartTotals) -> Self {
        CartItemOrder {
            price: t.price,
            total: t.total,
            cart_total: t.cart_total,
            tax: t.tax,
        }
    }
}

/// A summary of an item's product.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct CartProduct {
    pub name: String,
    #[serde(default)]
    pub image: Option<String>,
    /// Smallest quantity that can be ordered; below 1 counts as 1.
    #[serde(default = "one")]
    pub min_qty: u32,
    /// Largest quantity per order; none means no limit.
    #[serde(default)]
    pub max_qty: Option<u32>,
    /// Units in stock; none means stock is not tracked, 0 means unavailable.
    #[serde(default)]
    pub stock: Option<u32>,
    #[serde(default)]
    pub branch_id: Option<u64>,
}

fn one() -> u32 {
    1
}

/// A branch's terms for the cart totals.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct CartPricing {
    /// Tax rate in basis points (1400 = 14%).
    #[serde(default)]
    pub tax_rate_bp: u32,
    /// Delivery fee when delivery is not free.
    #[serde(default)]
    pub delivery_fee: Money,
    /// Delivery is free when the subtotal reaches this amount.
    #[serde(default)]
    pub free_delivery_over: Option<Money>,
    /// The branch delivers for free.
    #[serde(default)]
    pub free_delivery: bool,
}

/// How an applied coupon discounts the subtotal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum CouponRule {
    /// A share of the subtotal, optionally capped.
    Percent {
        /// Basis points (1000 = 10%).
        rate_bp: u32,
        #[serde(default)]
        cap: Option<Money>,
        /// Smallest subtotal the coupon applies to.
        #[serde(default)]
        minimum: Option<Money>,
    },
    /// A fixed amount off.
    Fixed {
        amount: Money,
        #[serde(default)]
        minimum: Option<Money>,
    },
}

impl CouponRule {
    /// Smallest subtotal the coupon applies to.
    pub fn minimum(&self) -> Option<Money> {
        match self {
            CouponRule::Percent { minimum, .. } | CouponRule::Fixed { minimum, .. } => *minimum,
        }
    }
}

/// The favourite flag, which the API sends as `0`/`1` or as a boolean; always
/// written back as a boolean.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(type = "boolean"))]
pub struct Favorite(pub bool);

impl Serialize for Favorite {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_bool(self.0)
    }
}

impl<'de> Deserialize<'de> for Favorite {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(FavoriteVisitor)
    }
}

struct FavoriteVisitor;

impl Visitor<'_> for FavoriteVisitor {
    type Value = Favorite;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a boolean or 0/1")
    }

    fn visit_bool<E: de::Error>(self, v: bool) -> Result<Favorite, E> {
        Ok(Favorite(v))
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Favorite, E> {
        match v {
            0 => Ok(Favorite(false)),
            1 => Ok(Favorite(true)),
            _ => Err(E::invalid_value(de::Unexpected::Unsigned(v), &self)),
        }
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Favorite, E> {
        match u64::try_from(v) {
            Ok(v) => self.visit_u64(v),
            Err(_) => Err(E::invalid_value(de::Unexpected::Signed(v), &self)),
        }
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Favorite, E> {
        // JS numbers arrive as floats through wasm.
        if v == 0.0 {
            Ok(Favorite(false))
        } else if v == 1.0 {
            Ok(Favorite(true))
        } else {
            Err(E::invalid_value(de::Unexpected::Float(v), &self))
        }
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Favorite, E> {
        match v.trim() {
            "0" | "false" => Ok(Favorite(false)),
            "1" | "true" => Ok(Favorite(true)),
            _ => Err(E::invalid_value(de::Unexpected::Str(v), &self)),
        }
    }

    fn visit_unit<E: de::Error>(self) -> Result<Favorite, E> {
        Ok(Favorite(false))
    }

    fn visit_none<E: de::Error>(self) -> Result<Favorite, E> {
        Ok(Favorite(false))
    }
}

impl Cart {
    /// An empty cart of a branch (or of no branch yet).
    pub fn empty(branch_id: Option<u64>) -> Self {
        Cart {
            items: Vec::new(),
            items_quantity: 0,
            price: Money::ZERO,
            total: Money::ZERO,
            cart_total: Money::ZERO,
            tax: Money::ZERO,
            coupon_id: None,
            coupon_code: None,
            coupon_discount: Money::ZERO,
            delivery_price: Money::ZERO,
            branch_id,
            pricing: CartPricing::default(),
            coupon_rule: None,
        }
    }

    /// Unit price and quantity of every item.
    pub fn lines(&self) -> Vec<CartLine> {
        self.items
            .iter()
            .map(|item| CartLine {
                price: item.price,
                qty: item.qty,
            })
            .collect()
    }

    /// The totals the cart currently shows.
    pub fn totals(&self) -> CartTotals {
        CartTotals {
            price: self.price,
            coupon_discount: self.coupon_discount,
            tax: self.tax,
            delivery_price: self.delivery_price,
            total: self.total,
            cart_total: self.cart_total,
        }
    }

    /// The totals our rules give for the cart's lines, pricing and coupon.
    pub fn computed_totals(&self) -> CartTotals {
        compute_totals(&self.lines(), &self.pricing, self.coupon_rule.as_ref())
    }

    /// Shows these totals.
    pub fn set_totals(&mut self, totals: CartTotals) {
        self.price = totals.price;
        self.coupon_discount = totals.coupon_discount;
        self.tax = totals.tax;
        self.delivery_price = totals.delivery_price;
        self.total = totals.total;
        self.cart_total = totals.cart_total;
    }

    /// Sum of the items' quantities (saturating: no real cart gets near u32::MAX).
    pub fn quantity_sum(&self) -> u32 {
        self.items
            .iter()
            .fold(0u32, |sum, item| sum.saturating_add(item.qty))
    }

    /// The shop the cart belongs to: its own branch, else the first item's product's.
    pub fn shop(&self) -> Option<u64> {
        self.branch_id.or_else(|| {
            self.items
                .iter()
                .find_map(|item| item.product.as_ref().and_then(|p| p.branch_id))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn reads_the_api_cart_with_numbers_strings_and_0_1_favourites() {
        let cart: Cart = serde_json::from_value(json!({
            "items": [
                {"id": 7, "key": "k7", "product_id": 70, "qty": 2, "price": 12.5, "favorite": 1,
                 "order": {"price": "25.00", "total": 28.5, "cart_total": "38.50", "tax": 3.5},
                 "message": "Added to cart"},
                {"id": 8, "key": "k8", "product_id": 80, "qty": 1, "price": "3", "favorite": false}
            ],
            "items_quantity": 3, "price": 28, "total": 31.92, "cart_total": "41.92", "tax": "3.92",
            "coupon_id": null, "coupon_code": null, "coupon_discount": 0, "delivery_price": 10
        }))
        .unwrap();
        assert_eq!(cart.items[0].favorite, Favorite(true));
        assert_eq!(cart.items[1].favorite, Favorite(false));
        assert_eq!(cart.items[0].price, Money::from_minor(1250));
        assert_eq!(
            cart.items[0].order.map(|o| o.total),
            Some(Money::from_minor(2850))
        );
        assert_eq!(cart.items[0].message.as_deref(), Some("Added to cart"));
        assert_eq!(cart.cart_total, Money::from_minor(4192));
        assert_eq!(cart.pricing, CartPricing::default());
        assert_eq!(cart.branch_id, None);
        assert_eq!(cart.quantity_sum(), 3);
    }

    #[test]
    fn favourite_is_written_as_a_boolean_and_rejects_other_numbers() {
        assert_eq!(serde_json::to_value(Favorite(true)).unwrap(), json!(true));
        assert!(serde_json::from_value::<Favorite>(json!(2)).is_err());
        assert!(serde_json::from_value::<Favorite>(json!(-1)).is_err());
        assert!(serde_json::from_value::<Favorite>(json!("yes")).is_err());
        assert_eq!(
            serde_json::from_value::<Favorite>(json!(1.0)).unwrap(),
            Favorite(true)
        );
        assert_eq!(
            serde_json::from_value::<Favorite>(json!("0")).unwrap(),
            Favorite(false)
        );
    }

    #[test]
    fn reads_product_summary_pricing_and_coupon_rule() {
        let cart: Cart = serde_json::from_value(json!({
            "items": [{"id": 1, "key": "a", "product_id": 2, "qty": 1, "price": "5.00",
                       "product": {"name": "Tea", "max_qty": 4, "stock": 9, "branch_id": 3}}],
            "items_quantity": 1, "price": "5.00", "total": "5.00", "cart_total": "5.00", "tax": "0",
            "branch_id": 3,
            "pricing": {"tax_rate_bp": 1400, "delivery_fee": "10.00", "free_delivery_over": "100.00"},
            "coupon_rule": {"type": "percent", "rate_bp": 1000, "cap": "20.00"}
        }))
        .unwrap();
        let product = cart.items[0].product.clone().unwrap();
        assert_eq!(product.min_qty, 1);
        assert_eq!(product.max_qty, Some(4));
        assert_eq!(cart.pricing.tax_rate_bp, 1400);
        assert!(!cart.pricing.free_delivery);
        assert_eq!(
            cart.coupon_rule,
            Some(CouponRule::Percent {
                rate_bp: 1000,
                cap: Some(Money::from_minor(2000)),
                minimum: None
            })
        );
        assert_eq!(cart.shop(), Some(3));
    }

    #[test]
    fn the_shop_falls_back_to_the_first_item_product_branch() {
        let mut cart: Cart = Cart::empty(None);
        assert_eq!(cart.shop(), None);
        cart.items.push(CartItem {
            id: 1,
            key: "a".into(),
            product_id: 1,
            qty: 1,
            price: Money::ZERO,
            favorite: Favorite(false),
            order: None,
            message: None,
            product: Some(CartProduct {
                name: "Bread".into(),
                image: None,
                min_qty: 1,
                max_qty: None,
                stock: None,
                branch_id: Some(12),
            }),
        });
        assert_eq!(cart.shop(), Some(12));
    }
}
