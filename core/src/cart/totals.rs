//! The cart totals: one function for the client's optimistic display and the
//! reference server alike (rules in the module doc of [`crate::cart`]).

use serde::{Deserialize, Serialize};

use crate::money::Money;

use super::model::{CartPricing, CouponRule};

/// One line as the totals see it: unit price and quantity.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct CartLine {
    pub price: Money,
    pub qty: u32,
}

/// Every total of a cart.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct CartTotals {
    pub price: Money,
    pub coupon_discount: Money,
    pub tax: Money,
    pub delivery_price: Money,
    pub total: Money,
    pub cart_total: Money,
}

/// Computes the totals of lines under a branch's pricing and an optional coupon.
///
/// Negative amounts from the server (unit prices, fees, coupon values) count as zero:
/// they are not real prices, and totals must never go below zero.
pub fn compute_totals(
    lines: &[CartLine],
    pricing: &CartPricing,
    coupon: Option<&CouponRule>,
) -> CartTotals {
    let price: Money = lines
        .iter()
        .map(|line| line.price.non_negative().times(line.qty))
        .sum();
    let coupon_discount = coupon
        .map(|rule| coupon_discount(rule, price))
        .unwrap_or(Money::ZERO);
    let taxable = price - coupon_discount;
    let tax = taxable.percent_bp(pricing.tax_rate_bp).non_negative();
    let empty = lines.iter().all(|line| line.qty == 0);
    let free_by_threshold = pricing
        .free_delivery_over
        .is_some_and(|threshold| price >= threshold);
    let delivery_price = if empty || pricing.free_delivery || free_by_threshold {
        Money::ZERO
    } else {
        pricing.delivery_fee.non_negative()
    };
    let total = taxable + tax;
    CartTotals {
        price,
        coupon_discount,
        tax,
        delivery_price,
        total,
        cart_total: total + delivery_price,
    }
}

/// The coupon's discount on a subtotal: zero below its minimum, never above the
/// subtotal.
fn coupon_discount(rule: &CouponRule, price: Money) -> Money {
    if rule.minimum().is_some_and(|minimum| price < minimum) {
        return Money::ZERO;
    }
    let value = match *rule {
        CouponRule::Percent { rate_bp, cap, .. } => {
            let share = price.percent_bp(rate_bp);
            match cap {
                Some(cap) => share.min(cap.non_negative()),
                None => share,
            }
        }
        CouponRule::Fixed { amount, .. } => amount,
    };
    value.non_negative().min(price)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[derive(Deserialize)]
    struct Vector {
        name: String,
        lines: Vec<CartLine>,
        pricing: CartPricing,
        coupon: Option<CouponRule>,
        expected: CartTotals,
    }

    const VECTORS: &str = include_str!("../../tests/vectors/cart_totals.json");

    #[test]
    fn matches_every_shared_vector() {
        let vectors: Vec<Vector> = serde_json::from_str(VECTORS).unwrap();
        assert!(vectors.len() >= 12, "only {} vectors", vectors.len());
        for v in &vectors {
            let got = compute_totals(&v.lines, &v.pricing, v.coupon.as_ref());
            assert_eq!(got, v.expected, "vector {:?}", v.name);
        }
    }

    fn m(text: &str) -> Money {
        Money::parse(text).unwrap()
    }

    fn line(price: &str, qty: u32) -> CartLine {
        CartLine {
            price: m(price),
            qty,
        }
    }

    #[test]
    fn tax_applies_after_the_coupon_and_delivery_after_the_total() {
        let pricing = CartPricing {
            tax_rate_bp: 1400,
            delivery_fee: m("10.00"),
            free_delivery_over: None,
            free_delivery: false,
        };
        let coupon = CouponRule::Fixed {
            amount: m("5.00"),
            minimum: None,
        };
        let t = compute_totals(&[line("12.50", 2)], &pricing, Some(&coupon));
        assert_eq!(t.price, m("25.00"));
        assert_eq!(t.coupon_discount, m("5.00"));
        assert_eq!(t.tax, m("2.80"));
        assert_eq!(t.total, m("22.80"));
        assert_eq!(t.delivery_price, m("10.00"));
        assert_eq!(t.cart_total, m("32.80"));
    }

    #[test]
    fn free_delivery_by_flag_and_by_threshold_on_the_subtotal() {
        let mut pricing = CartPricing {
            tax_rate_bp: 0,
            delivery_fee: m("7.00"),
            free_delivery_over: Some(m("50.00")),
            free_delivery: false,
        };
        // The threshold looks at the subtotal before the coupon.
        let coupon = CouponRule::Fixed {
            amount: m("20.00"),
            minimum: None,
        };
        let t = compute_totals(&[line("50.00", 1)], &pricing, Some(&coupon));
        assert_eq!(t.delivery_price, Money::ZERO);
        let t = compute_totals(&[line("49.99", 1)], &pricing, None);
        assert_eq!(t.delivery_price, m("7.00"));
        pricing.free_delivery = true;
        let t = compute_totals(&[line("1.00", 1)], &pricing, None);
        assert_eq!(t.delivery_price, Money::ZERO);
    }

    #[test]
    fn negative_server_amounts_count_as_zero() {
        let pricing = CartPricing {
            tax_rate_bp: 1000,
            delivery_fee: m("-3.00"),
            free_delivery_over: None,
            free_delivery: false,
        };
        let coupon = CouponRule::Fixed {
            amount: m("-4.00"),
            minimum: None,
        };
        let t = compute_totals(
            &[line("-5.00", 2), line("2.00", 1)],
            &pricing,
            Some(&coupon),
        );
        assert_eq!(t.price, m("2.00"));
        assert_eq!(t.coupon_discount, Money::ZERO);
        assert_eq!(t.delivery_price, Money::ZERO);
        assert_eq!(t.cart_total, m("2.20"));
    }

    fn any_money() -> impl Strategy<Value = Money> {
        (-1_000_000i64..100_000_000).prop_map(Money::from_minor)
    }

    fn any_pricing() -> impl Strategy<Value = CartPricing> {
        (
            0u32..30_000,
            any_money(),
            proptest::option::of(any_money()),
            any::<bool>(),
        )
            .prop_map(
                |(tax_rate_bp, delivery_fee, free_delivery_over, free_delivery)| CartPricing {
                    tax_rate_bp,
                    delivery_fee,
                    free_delivery_over,
                    free_delivery,
                },
            )
    }

    fn any_coupon() -> impl Strategy<Value = CouponRule> {
        prop_oneof![
            (
                0u32..20_000,
                proptest::option::of(any_money()),
                proptest::option::of(any_money())
            )
                .prop_map(|(rate_bp, cap, minimum)| CouponRule::Percent {
                    rate_bp,
                    cap,
                    minimum
                }),
            (any_money(), proptest::option::of(any_money()))
                .prop_map(|(amount, minimum)| CouponRule::Fixed { amount, minimum }),
        ]
    }

    proptest! {
        #[test]
        fn totals_are_never_negative_and_add_up(
            lines in proptest::collection::vec(
                (any_money(), 0u32..10_000).prop_map(|(price, qty)| CartLine { price, qty }),
                0..8,
            ),
            pricing in any_pricing(),
            coupon in proptest::option::of(any_coupon()),
        ) {
            let t = compute_totals(&lines, &pricing, coupon.as_ref());
            for amount in [t.price, t.coupon_discount, t.tax, t.delivery_price, t.total, t.cart_total] {
                prop_assert!(!amount.is_negative());
            }
            prop_assert!(t.coupon_discount <= t.price);
            prop_assert_eq!(t.total, t.price - t.coupon_discount + t.tax);
            prop_assert_eq!(t.cart_total, t.total + t.delivery_price);
        }
    }
}
