//! An order as its detail page shows it (spec 3). The spec names the fields but not
//! their API spelling; these snake_case names are ours, shared with the reference
//! server.

use std::fmt;

use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::money::Money;

use super::status::OrderStatus;

/// One order with its amounts, codes and items.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct OrderDetail {
    pub number: OrderNumber,
    /// The order date as the server formats it.
    pub date: String,
    /// `card` or `cash` as the server names it.
    pub payment_method: String,
    /// Sum of the items' prices.
    pub price: Money,
    /// Price after the coupon discount.
    pub subtotal: Money,
    #[serde(default)]
    pub delivery_fee: Money,
    /// The amount the coupon took off.
    #[serde(default)]
    pub discount_coupon: Money,
    /// The wallet balance used for this order.
    #[serde(default)]
    pub wallet_balance: Money,
    #[serde(default)]
    pub tax: Money,
    pub total: Money,
    /// Code the customer gives the courier.
    #[serde(default)]
    pub delivery_code: Option<String>,
    /// As the server formats it.
    #[serde(default)]
    pub estimated_arrival_time: Option<String>,
    /// The coupon code used.
    #[serde(default)]
    pub coupon: Option<String>,
    /// The card paid with, as the server labels it (e.g. `**** 4242`).
    #[serde(default)]
    pub payment_card: Option<String>,
    pub status: OrderStatus,
    #[serde(default)]
    pub items: Vec<OrderItem>,
}

/// One line of an order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct OrderItem {
    pub id: u64,
    pub product_id: u64,
    pub name: String,
    pub qty: u32,
    /// Unit price.
    pub price: Money,
    #[serde(default)]
    pub image: Option<String>,
}

/// The order number the customer sees; the API may send it as a number or as text.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(type = "string"))]
pub struct OrderNumber(pub String);

impl Serialize for OrderNumber {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for OrderNumber {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(OrderNumberVisitor)
    }
}

struct OrderNumberVisitor;

impl Visitor<'_> for OrderNumberVisitor {
    type Value = OrderNumber;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an order number as text or a whole number")
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<OrderNumber, E> {
        Ok(OrderNumber(v.to_owned()))
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<OrderNumber, E> {
        Ok(OrderNumber(v.to_string()))
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<OrderNumber, E> {
        Ok(OrderNumber(v.to_string()))
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<OrderNumber, E> {
        // JS numbers arrive as floats through wasm; only whole ones are numbers.
        if v.is_finite() && v.fract() == 0.0 && v.abs() < 9_007_199_254_740_992.0 {
            Ok(OrderNumber(v.to_string()))
        } else {
            Err(E::invalid_value(de::Unexpected::Float(v), &self))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn reads_an_order_with_server_numbers_and_a_numeric_order_number() {
        let order: OrderDetail = serde_json::from_value(json!({
            "number": 100234, "date": "2025-03-01 14:20", "payment_method": "card",
            "price": 120, "subtotal": "108.00", "delivery_fee": 10, "discount_coupon": 12,
            "wallet_balance": "5.50", "tax": 15.12, "total": "127.62",
            "delivery_code": "4821", "estimated_arrival_time": "2 days",
            "coupon": "SAVE10", "payment_card": "**** 4242", "status": "canceled",
            "items": [{"id": 1, "product_id": 9, "name": "Tea", "qty": 2, "price": 60}]
        }))
        .unwrap();
        assert_eq!(order.number, OrderNumber("100234".into()));
        assert_eq!(order.status, OrderStatus::Cancelled);
        assert_eq!(order.total, Money::from_minor(12762));
        assert_eq!(order.wallet_balance, Money::from_minor(550));
        assert_eq!(order.items[0].price, Money::from_minor(6000));
        let back = serde_json::to_value(&order).unwrap();
        assert_eq!(back["number"], "100234");
        assert_eq!(back["tax"], "15.12");
        assert_eq!(back["status"], "cancelled");
    }

    #[test]
    fn optional_amounts_default_to_zero_and_codes_to_none() {
        let order: OrderDetail = serde_json::from_value(json!({
            "number": "A-17", "date": "2025-03-01", "payment_method": "cash",
            "price": "10.00", "subtotal": "10.00", "total": "10.00", "status": "pending"
        }))
        .unwrap();
        assert_eq!(order.delivery_fee, Money::ZERO);
        assert_eq!(order.delivery_code, None);
        assert!(order.items.is_empty());
        assert!(serde_json::from_value::<OrderNumber>(json!(1.5)).is_err());
        assert!(serde_json::from_value::<OrderNumber>(json!(true)).is_err());
    }
}
