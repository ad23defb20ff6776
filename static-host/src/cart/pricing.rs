//! The cart's money: stored rows turned into the core's [`CartPricing`] and
//! [`CouponRule`], and the totals computed by the core's [`compute_totals`] — the
//! same function the client runs, so server and client agree by construction.
//!
//! - Tax: the branch's `tax_rate_bp` (14% VAT, 1400, on every seeded shop) on the
//!   subtotal after the coupon, rounded half away from zero to the piaster.
//! - Delivery: the branch's `delivery_fee`, or nothing when the branch has
//!   `free_delivery`, when the subtotal before the coupon reaches its
//!   `free_delivery_over`, or when the cart is empty.
//! - Coupons (table `coupons`): `percent` (value in basis points, capped by
//!   `max_discount_minor` when set) or `fixed` (value in piasters); no discount below
//!   `min_subtotal_minor`; never more than the subtotal. A coupon is usable while
//!   `active` and before `expires_at`.
//!
//! Where a branch delivers is in [`crate::location::delivery`]; what a return
//! gives back is [`crate::orders::returns::return_refund`].

use rusqlite::{Connection, OptionalExtension, Row};
use storefront_core::cart::{CartLine, CartPricing, CartTotals, CouponRule, compute_totals};
use storefront_core::money::Money;

use crate::db::sql::{bp, qty};

/// A branch's terms for the totals, as stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BranchTerms {
    pub tax_rate_bp: i64,
    pub delivery_fee_minor: i64,
    pub free_delivery: bool,
    pub free_delivery_over_minor: Option<i64>,
}

impl BranchTerms {
    /// The core's view of these terms.
    pub fn pricing(&self) -> CartPricing {
        CartPricing {
            tax_rate_bp: bp(self.tax_rate_bp),
            delivery_fee: Money::from_minor(self.delivery_fee_minor),
            free_delivery_over: self.free_delivery_over_minor.map(Money::from_minor),
            free_delivery: self.free_delivery,
        }
    }
}

/// A coupon row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CouponRow {
    pub id: i64,
    pub code: String,
    /// `percent` or `fixed`.
    pub kind: String,
    /// Basis points (percent) or piasters (fixed).
    pub value: i64,
    pub max_discount_minor: Option<i64>,
    pub min_subtotal_minor: Option<i64>,
    pub expires_at: Option<i64>,
    pub active: bool,
}

/// Why a coupon cannot be used now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CouponProblem {
    Inactive,
    Expired,
}

const COUPON_COLUMNS: &str =
    "id, code, kind, value, max_discount_minor, min_subtotal_minor, expires_at, active";

fn coupon_row(r: &Row<'_>) -> rusqlite::Result<CouponRow> {
    Ok(CouponRow {
        id: r.get(0)?,
        code: r.get(1)?,
        kind: r.get(2)?,
        value: r.get(3)?,
        max_discount_minor: r.get(4)?,
        min_subtotal_minor: r.get(5)?,
        expires_at: r.get(6)?,
        active: r.get(7)?,
    })
}

impl CouponRow {
    /// The coupon with this code, ignoring case.
    pub fn by_code(conn: &Connection, code: &str) -> rusqlite::Result<Option<CouponRow>> {
        conn.query_row(
            &format!("SELECT {COUPON_COLUMNS} FROM coupons WHERE code = ?1"),
            [code],
            coupon_row,
        )
        .optional()
    }

    pub fn by_id(conn: &Connection, id: i64) -> rusqlite::Result<Option<CouponRow>> {
        conn.query_row(
            &format!("SELECT {COUPON_COLUMNS} FROM coupons WHERE id = ?1"),
            [id],
            coupon_row,
        )
        .optional()
    }

    /// The core's rule for this coupon; none for a kind this server does not know.
    pub fn rule(&self) -> Option<CouponRule> {
        let minimum = self.min_subtotal_minor.map(Money::from_minor);
        match self.kind.as_str() {
            "percent" => Some(CouponRule::Percent {
                rate_bp: bp(self.value),
                cap: self.max_discount_minor.map(Money::from_minor),
                minimum,
            }),
            "fixed" => Some(CouponRule::Fixed {
                amount: Money::from_minor(self.value),
                minimum,
            }),
            _ => None,
        }
    }

    /// Whether the coupon can be used at `now_ms`: switched on and not past its
    /// expiry (an expiry equal to now is past).
    pub fn usable(&self, now_ms: i64) -> Result<(), CouponProblem> {
        if !self.active {
            Err(CouponProblem::Inactive)
        } else if self.expires_at.is_some_and(|at| at <= now_ms) {
            Err(CouponProblem::Expired)
        } else {
            Ok(())
        }
    }
}

/// The totals of lines `(unit price in piasters, quantity)` under a branch's terms
/// and an optional coupon: the server's one pricing path, used by the cart, the
/// coupon call and checkout.
pub fn totals(lines: &[(i64, i64)], terms: &BranchTerms, coupon: Option<&CouponRow>) -> CartTotals {
    let lines: Vec<CartLine> = lines
        .iter()
        .map(|&(price, q)| CartLine {
            price: Money::from_minor(price),
            qty: qty(q),
        })
        .collect();
    let rule = coupon.and_then(CouponRow::rule);
    compute_totals(&lines, &terms.pricing(), rule.as_ref())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Deserialize)]
    struct Vector {
        name: String,
        lines: Vec<CartLine>,
        pricing: CartPricing,
        coupon: Option<CouponRule>,
        expected: CartTotals,
    }

    /// The stored form of a vector's pricing and coupon, as a shop and a coupon row
    /// would hold them.
    fn stored(v: &Vector) -> (Vec<(i64, i64)>, BranchTerms, Option<CouponRow>) {
        let lines = v
            .lines
            .iter()
            .map(|l| (l.price.minor(), i64::from(l.qty)))
            .collect();
        let terms = BranchTerms {
            tax_rate_bp: i64::from(v.pricing.tax_rate_bp),
            delivery_fee_minor: v.pricing.delivery_fee.minor(),
            free_delivery: v.pricing.free_delivery,
            free_delivery_over_minor: v.pricing.free_delivery_over.map(Money::minor),
        };
        let coupon = v.coupon.map(|rule| {
            let (kind, value, cap, minimum) = match rule {
                CouponRule::Percent {
                    rate_bp,
                    cap,
                    minimum,
                } => ("percent", i64::from(rate_bp), cap, minimum),
                CouponRule::Fixed { amount, minimum } => ("fixed", amount.minor(), None, minimum),
            };
            CouponRow {
                id: 1,
                code: "VECTOR".into(),
                kind: kind.into(),
                value,
                max_discount_minor: cap.map(Money::minor),
                min_subtotal_minor: minimum.map(Money::minor),
                expires_at: None,
                active: true,
            }
        });
        (lines, terms, coupon)
    }

    #[test]
    fn the_server_pricing_path_matches_every_shared_vector() {
        let vectors: Vec<Vector> =
            serde_json::from_str(include_str!("../../../core/tests/vectors/cart_totals.json"))
                .unwrap();
        assert!(vectors.len() >= 12);
        for v in &vectors {
            let (lines, terms, coupon) = stored(v);
            assert_eq!(
                totals(&lines, &terms, coupon.as_ref()),
                v.expected,
                "vector {:?}",
                v.name
            );
        }
    }

    #[test]
    fn coupon_rows_become_core_rules() {
        let mut row = CouponRow {
            id: 1,
            code: "WELCOME10".into(),
            kind: "percent".into(),
            value: 1000,
            max_discount_minor: Some(5000),
            min_subtotal_minor: Some(10000),
            expires_at: None,
            active: true,
        };
        assert_eq!(
            row.rule(),
            Some(CouponRule::Percent {
                rate_bp: 1000,
                cap: Some(Money::from_minor(5000)),
                minimum: Some(Money::from_minor(10000))
            })
        );
        row.kind = "fixed".into();
        assert_eq!(
            row.rule(),
            Some(CouponRule::Fixed {
                amount: Money::from_minor(1000),
                minimum: Some(Money::from_minor(10000))
            })
        );
        row.kind = "bogus".into();
        assert_eq!(row.rule(), None);
    }

    #[test]
    fn coupons_are_usable_while_active_and_before_expiry() {
        let mut row = CouponRow {
            id: 1,
            code: "X".into(),
            kind: "fixed".into(),
            value: 100,
            max_discount_minor: None,
            min_subtotal_minor: None,
            expires_at: Some(1_000),
            active: true,
        };
        assert_eq!(row.usable(999), Ok(()));
        assert_eq!(row.usable(1_000), Err(CouponProblem::Expired));
        row.active = false;
        assert_eq!(row.usable(0), Err(CouponProblem::Inactive));
    }
}
