//! The cart's JSON documents (spec 3): the core's `Cart` and `CartItem` as the
//! client parses them, the totals, the shop's terms and the coupon's rule.

use serde::Serialize;
use storefront_core::cart::CartTotals;
use storefront_core::locale::Language;
use utoipa::ToSchema;

use super::pricing::{BranchTerms, CouponRow};
use super::query::{CartSnapshot, Line};
use crate::db::sql::qty;
use crate::i18n::columns::pick;
use crate::money::{CURRENCY, amount};

impl CartSnapshot {
    pub fn item_body(&self, line: &Line, message: Option<String>, lang: Language) -> CartItemBody {
        let totals = self.totals();
        CartItemBody {
            id: line.item_id,
            key: line.key.clone(),
            product_id: line.product_id,
            qty: qty(line.qty),
            price: amount(line.price_minor),
            total: amount(line.price_minor.saturating_mul(line.qty)),
            favorite: line.favorite,
            order: OrderTotalsBody::from(&totals),
            message,
            product: CartProductBody {
                name: pick(lang, line.name_en.clone(), line.name_ar.clone()),
                image: Some(line.image.clone()),
                min_qty: qty(line.min_qty),
                max_qty: Some(qty(line.max_qty)),
                stock: (!line.preorder).then(|| qty(line.stock)),
                preorder: line.preorder,
                branch_id: Some(line.branch_id),
            },
        }
    }

    /// The cart as the API answers it; `delivers` is [`Self::delivers_to`]'s answer
    /// for the request's district.
    pub fn body(&self, lang: Language, delivers: Option<bool>) -> CartBody {
        let totals = self.totals();
        let rule = self.coupon.as_ref().and_then(CouponRow::rule);
        CartBody {
            items: self
                .lines
                .iter()
                .map(|l| self.item_body(l, None, lang))
                .collect(),
            items_quantity: self
                .lines
                .iter()
                .fold(0u32, |sum, l| sum.saturating_add(qty(l.qty))),
            price: amount(totals.price.minor()),
            total: amount(totals.total.minor()),
            cart_total: amount(totals.cart_total.minor()),
            tax: amount(totals.tax.minor()),
            coupon_id: self.coupon.as_ref().map(|c| c.id),
            coupon_code: self.coupon.as_ref().map(|c| c.code.clone()),
            coupon_discount: amount(totals.coupon_discount.minor()),
            delivery_price: amount(totals.delivery_price.minor()),
            branch_id: self.branch.as_ref().map(|b| b.id),
            branch_name: self
                .branch
                .as_ref()
                .map(|b| pick(lang, b.name_en.clone(), b.name_ar.clone())),
            pricing: PricingBody::from(self.branch.as_ref().map(|b| b.terms).unwrap_or(
                BranchTerms {
                    tax_rate_bp: 0,
                    delivery_fee_minor: 0,
                    free_delivery: false,
                    free_delivery_over_minor: None,
                },
            )),
            coupon_rule: rule.map(CouponRuleBody::from),
            service_id: self.service_id,
            currency: CURRENCY.to_owned(),
            delivers,
        }
    }
}

/// The cart (spec 3), as the core's `Cart` reads it.
#[derive(Debug, Serialize, ToSchema)]
pub struct CartBody {
    pub items: Vec<CartItemBody>,
    /// Sum of the items' quantities (the cart badge).
    pub items_quantity: u32,
    /// Subtotal: Σ unit price × qty.
    #[schema(example = "120.00")]
    pub price: String,
    /// price − coupon_discount + tax.
    pub total: String,
    /// total + delivery_price: what the customer pays.
    pub cart_total: String,
    pub tax: String,
    /// The applied coupon (none when no coupon, or the applied one expired or was
    /// switched off since).
    pub coupon_id: Option<i64>,
    pub coupon_code: Option<String>,
    pub coupon_discount: String,
    pub delivery_price: String,
    /// The shop every item comes from; null while the cart is empty.
    pub branch_id: Option<i64>,
    /// The shop's name in the request language.
    pub branch_name: Option<String>,
    /// The shop's tax and delivery terms.
    pub pricing: PricingBody,
    /// The applied coupon's rule.
    pub coupon_rule: Option<CouponRuleBody>,
    pub service_id: i64,
    /// Always EGP.
    pub currency: String,
    /// Whether the cart's shop delivers to the request's district (`district-id`, or
    /// the district of the customer's `address-id`): false after the shopper chose a
    /// district the shop does not serve, so the cart can say so before checkout. Null
    /// for an empty cart or when the request names no district.
    pub delivers: Option<bool>,
}

/// One line of the cart (spec 3).
#[derive(Debug, Serialize, ToSchema)]
pub struct CartItemBody {
    /// Used by `DELETE /orders/item/{id}`.
    pub id: i64,
    /// Opaque key, used by `POST /order/update-cart`.
    pub key: String,
    pub product_id: i64,
    pub qty: u32,
    /// Unit price.
    pub price: String,
    /// price × qty.
    pub total: String,
    /// The customer keeps the product as a favourite.
    pub favorite: bool,
    /// The cart's totals after this change.
    pub order: OrderTotalsBody,
    /// The message about this change (the add-to-cart toast); null in the cart view.
    pub message: Option<String>,
    pub product: CartProductBody,
}

/// `order{price, total, cart_total, tax}` on an item.
#[derive(Debug, Serialize, ToSchema)]
pub struct OrderTotalsBody {
    pub price: String,
    pub total: String,
    pub cart_total: String,
    pub tax: String,
}

impl From<&CartTotals> for OrderTotalsBody {
    fn from(t: &CartTotals) -> Self {
        OrderTotalsBody {
            price: amount(t.price.minor()),
            total: amount(t.total.minor()),
            cart_total: amount(t.cart_total.minor()),
            tax: amount(t.tax.minor()),
        }
    }
}

/// Every total of a cart.
#[derive(Debug, Serialize, ToSchema)]
pub struct TotalsBody {
    pub price: String,
    pub coupon_discount: String,
    pub tax: String,
    pub delivery_price: String,
    pub total: String,
    pub cart_total: String,
}

impl From<&CartTotals> for TotalsBody {
    fn from(t: &CartTotals) -> Self {
        TotalsBody {
            price: amount(t.price.minor()),
            coupon_discount: amount(t.coupon_discount.minor()),
            tax: amount(t.tax.minor()),
            delivery_price: amount(t.delivery_price.minor()),
            total: amount(t.total.minor()),
            cart_total: amount(t.cart_total.minor()),
        }
    }
}

/// What the quantity stepper needs to know of an item's product.
#[derive(Debug, Serialize, ToSchema)]
pub struct CartProductBody {
    /// In the request language.
    pub name: String,
    pub image: Option<String>,
    pub min_qty: u32,
    pub max_qty: Option<u32>,
    /// Units in stock; null when stock does not limit the product (pre-orders).
    pub stock: Option<u32>,
    pub preorder: bool,
    pub branch_id: Option<i64>,
}

/// A shop's terms for the totals.
#[derive(Debug, Serialize, ToSchema)]
pub struct PricingBody {
    /// Basis points: 1400 is 14%.
    pub tax_rate_bp: u32,
    pub delivery_fee: String,
    /// Delivery is free from this subtotal.
    pub free_delivery_over: Option<String>,
    pub free_delivery: bool,
}

impl From<BranchTerms> for PricingBody {
    fn from(terms: BranchTerms) -> Self {
        let pricing = terms.pricing();
        PricingBody {
            tax_rate_bp: pricing.tax_rate_bp,
            delivery_fee: amount(pricing.delivery_fee.minor()),
            free_delivery_over: pricing.free_delivery_over.map(|m| amount(m.minor())),
            free_delivery: pricing.free_delivery,
        }
    }
}

/// How an applied coupon discounts the subtotal (the core's `CouponRule`).
#[derive(Debug, Serialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum CouponRuleBody {
    /// A share of the subtotal in basis points, optionally capped.
    Percent {
        rate_bp: u32,
        cap: Option<String>,
        minimum: Option<String>,
    },
    /// A fixed amount off.
    Fixed {
        amount: String,
        minimum: Option<String>,
    },
}

impl From<storefront_core::cart::CouponRule> for CouponRuleBody {
    fn from(rule: storefront_core::cart::CouponRule) -> Self {
        use storefront_core::cart::CouponRule;
        let text = |m: storefront_core::money::Money| amount(m.minor());
        match rule {
            CouponRule::Percent {
                rate_bp,
                cap,
                minimum,
            } => CouponRuleBody::Percent {
                rate_bp,
                cap: cap.map(text),
                minimum: minimum.map(text),
            },
            CouponRule::Fixed { amount, minimum } => CouponRuleBody::Fixed {
                amount: text(amount),
                minimum: minimum.map(text),
            },
        }
    }
}

/// The answer of `DELETE /orders/item/{id}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct DeletedItemBody {
    /// The removed item.
    pub id: i64,
    /// The cart's totals after the removal.
    pub order: OrderTotalsBody,
    /// The whole cart after the removal.
    pub cart: CartBody,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cart::query::Branch;

    fn line(product_id: i64, qty: i64, price_minor: i64) -> Line {
        Line {
            item_id: product_id * 10,
            key: format!("k{product_id}"),
            product_id,
            qty,
            price_minor,
            name_en: "Tea".into(),
            name_ar: "شاي".into(),
            image: "/api/media/products/1.svg".into(),
            min_qty: 1,
            max_qty: 10,
            stock: 4,
            preorder: false,
            branch_id: 3,
            favorite: true,
        }
    }

    #[test]
    fn the_cart_body_is_the_core_cart() {
        let mut preorder = line(2, 1, 999);
        preorder.preorder = true;
        preorder.stock = 0;
        let snapshot = CartSnapshot {
            cart_id: Some(1),
            service_id: 1,
            branch: Some(Branch {
                id: 3,
                district_id: 1,
                name_en: "Shop".into(),
                name_ar: "متجر".into(),
                closed: false,
                minimum_minor: 0,
                delivery_minutes: 30,
                terms: BranchTerms {
                    tax_rate_bp: 1400,
                    delivery_fee_minor: 1000,
                    free_delivery: false,
                    free_delivery_over_minor: Some(100_000),
                },
            }),
            coupon: Some(CouponRow {
                id: 9,
                code: "BIG50".into(),
                kind: "percent".into(),
                value: 5000,
                max_discount_minor: Some(1000),
                min_subtotal_minor: None,
                expires_at: None,
                active: true,
            }),
            lines: vec![line(1, 2, 1250), preorder],
        };
        let json = serde_json::to_value(snapshot.body(Language::En, None)).unwrap();
        let cart: storefront_core::cart::Cart = serde_json::from_value(json.clone()).unwrap();
        assert_eq!(cart.items_quantity, 3);
        assert_eq!(cart.quantity_sum(), 3);
        // The client recomputes exactly what the server sent.
        assert_eq!(cart.computed_totals(), cart.totals());
        assert_eq!(cart.totals(), snapshot.totals());
        assert_eq!(json["price"], "34.99");
        assert_eq!(json["coupon_discount"], "10.00");
        assert_eq!(json["items"][0]["favorite"], true);
        assert_eq!(json["items"][0]["order"]["cart_total"], json["cart_total"]);
        assert_eq!(cart.items[1].product.as_ref().unwrap().stock, None);
        assert_eq!(cart.items[0].product.as_ref().unwrap().stock, Some(4));
        assert_eq!(cart.shop(), Some(3));
        let item = serde_json::to_value(snapshot.item_body(
            &snapshot.lines[0],
            Some("Added to cart".into()),
            Language::Ar,
        ))
        .unwrap();
        let item: storefront_core::cart::CartItem = serde_json::from_value(item).unwrap();
        assert_eq!(item.message.as_deref(), Some("Added to cart"));
        assert_eq!(item.product.unwrap().name, "شاي");
    }

    #[test]
    fn an_empty_cart_has_zero_totals() {
        let snapshot = CartSnapshot {
            cart_id: None,
            service_id: 2,
            branch: None,
            coupon: None,
            lines: Vec::new(),
        };
        let json = serde_json::to_value(snapshot.body(Language::En, None)).unwrap();
        let cart: storefront_core::cart::Cart = serde_json::from_value(json.clone()).unwrap();
        assert!(cart.items.is_empty());
        assert_eq!(json["cart_total"], "0.00");
        assert_eq!(json["branch_id"], serde_json::Value::Null);
    }
}
