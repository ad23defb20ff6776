//! The cart as stored (SQL): its lines with what the stepper needs of each product,
//! the shop and its terms, the applied coupon, and the writes every cart call makes.

use rusqlite::{Connection, OptionalExtension, params};
use storefront_core::cart::{CartTotals, QuantityLimits};

use super::pricing::{self, BranchTerms, CouponRow};
use crate::db::sql::qty;
use crate::location::delivery;

/// One line of a cart with what the cart view and checkout need of its product.
#[derive(Debug, Clone)]
pub struct Line {
    pub item_id: i64,
    pub key: String,
    pub product_id: i64,
    pub qty: i64,
    pub price_minor: i64,
    pub name_en: String,
    pub name_ar: String,
    pub image: String,
    pub min_qty: i64,
    pub max_qty: i64,
    pub stock: i64,
    pub preorder: bool,
    pub branch_id: i64,
    pub favorite: bool,
}

impl Line {
    /// The stepper limits: pre-orderable products are not limited by stock.
    pub fn limits(&self) -> QuantityLimits {
        product_limits(self.min_qty, self.max_qty, self.stock, self.preorder)
    }
}

/// The stepper limits of a product.
pub fn product_limits(min_qty: i64, max_qty: i64, stock: i64, preorder: bool) -> QuantityLimits {
    QuantityLimits {
        min: qty(min_qty),
        max: Some(qty(max_qty)),
        stock: (!preorder).then(|| qty(stock)),
    }
}

/// A shop with its ordering terms.
#[derive(Debug, Clone)]
pub struct Branch {
    pub id: i64,
    pub district_id: i64,
    pub name_en: String,
    pub name_ar: String,
    pub closed: bool,
    pub minimum_minor: i64,
    pub delivery_minutes: i64,
    pub terms: BranchTerms,
}

pub fn load_branch(conn: &Connection, id: i64) -> rusqlite::Result<Option<Branch>> {
    conn.query_row(
        "SELECT id, district_id, name_en, name_ar, closed, minimum_minor, delivery_minutes,
                tax_rate_bp, delivery_fee_minor, free_delivery, free_delivery_over_minor
         FROM branches WHERE id = ?1",
        [id],
        |r| {
            Ok(Branch {
                id: r.get(0)?,
                district_id: r.get(1)?,
                name_en: r.get(2)?,
                name_ar: r.get(3)?,
                closed: r.get(4)?,
                minimum_minor: r.get(5)?,
                delivery_minutes: r.get(6)?,
                terms: BranchTerms {
                    tax_rate_bp: r.get(7)?,
                    delivery_fee_minor: r.get(8)?,
                    free_delivery: r.get(9)?,
                    free_delivery_over_minor: r.get(10)?,
                },
            })
        },
    )
    .optional()
}

/// A customer's cart of a service as stored now.
#[derive(Debug, Clone)]
pub struct CartSnapshot {
    pub cart_id: Option<i64>,
    pub service_id: i64,
    pub branch: Option<Branch>,
    /// The applied coupon while it is usable; an applied coupon that has since
    /// expired or been switched off counts as none.
    pub coupon: Option<CouponRow>,
    pub lines: Vec<Line>,
}

/// Loads the cart of `user_id` for `service_id` (empty when there is none).
pub fn load_cart(
    conn: &Connection,
    user_id: i64,
    service_id: i64,
    now_ms: i64,
) -> rusqlite::Result<CartSnapshot> {
    let cart: Option<(i64, Option<i64>)> = conn
        .query_row(
            "SELECT id, coupon_id FROM carts WHERE user_id = ?1 AND service_id = ?2",
            params![user_id, service_id],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .optional()?;
    let Some((cart_id, coupon_id)) = cart else {
        return Ok(CartSnapshot {
            cart_id: None,
            service_id,
            branch: None,
            coupon: None,
            lines: Vec::new(),
        });
    };
    let mut stmt = conn.prepare(
        "SELECT ci.id, ci.key, ci.product_id, ci.qty, p.price_minor, p.name_en, p.name_ar, p.image,
                p.min_qty, p.max_qty, p.stock, p.preorder, p.branch_id,
                EXISTS(SELECT 1 FROM favorites f WHERE f.user_id = ?2 AND f.kind = 'product' AND f.item_id = p.id)
         FROM cart_items ci JOIN products p ON p.id = ci.product_id
         WHERE ci.cart_id = ?1 ORDER BY ci.id",
    )?;
    let lines = stmt
        .query_map(params![cart_id, user_id], |r| {
            Ok(Line {
                item_id: r.get(0)?,
                key: r.get(1)?,
                product_id: r.get(2)?,
                qty: r.get(3)?,
                price_minor: r.get(4)?,
                name_en: r.get(5)?,
                name_ar: r.get(6)?,
                image: r.get(7)?,
                min_qty: r.get(8)?,
                max_qty: r.get(9)?,
                stock: r.get(10)?,
                preorder: r.get(11)?,
                branch_id: r.get(12)?,
                favorite: r.get(13)?,
            })
        })?
        .collect::<Result<Vec<_>, _>>()?;
    let branch = match lines.first() {
        Some(line) => load_branch(conn, line.branch_id)?,
        None => None,
    };
    let coupon = match coupon_id {
        Some(id) => CouponRow::by_id(conn, id)?.filter(|c| c.usable(now_ms).is_ok()),
        None => None,
    };
    Ok(CartSnapshot {
        cart_id: Some(cart_id),
        service_id,
        branch,
        coupon,
        lines,
    })
}

impl CartSnapshot {
    /// The totals by the core's rules (all zero for an empty cart).
    pub fn totals(&self) -> CartTotals {
        let lines: Vec<(i64, i64)> = self.lines.iter().map(|l| (l.price_minor, l.qty)).collect();
        match &self.branch {
            Some(branch) => pricing::totals(&lines, &branch.terms, self.coupon.as_ref()),
            None => CartTotals::default(),
        }
    }

    pub fn line(&self, product_id: i64) -> Option<&Line> {
        self.lines.iter().find(|l| l.product_id == product_id)
    }
}

impl CartSnapshot {
    /// Whether the cart's shop delivers to `district`: None for an empty cart or when
    /// no district is known.
    pub fn delivers_to(
        &self,
        conn: &Connection,
        district: Option<i64>,
    ) -> rusqlite::Result<Option<bool>> {
        match (&self.branch, self.lines.is_empty()) {
            (Some(branch), false) => delivery::delivers_to(conn, branch.id, district),
            _ => Ok(None),
        }
    }
}

/// The customer's cart of a service, created when missing.
pub fn ensure_cart(
    conn: &Connection,
    user_id: i64,
    service_id: i64,
    now_ms: i64,
) -> rusqlite::Result<i64> {
    conn.execute(
        "INSERT INTO carts (user_id, service_id, updated_at) VALUES (?1, ?2, ?3)
         ON CONFLICT (user_id, service_id) DO NOTHING",
        params![user_id, service_id, now_ms],
    )?;
    conn.query_row(
        "SELECT id FROM carts WHERE user_id = ?1 AND service_id = ?2",
        params![user_id, service_id],
        |r| r.get(0),
    )
}

/// Keeps `carts.branch_id` equal to the shop of the cart's items (null when empty).
pub fn touch_cart(conn: &Connection, cart_id: i64, now_ms: i64) -> rusqlite::Result<()> {
    conn.execute(
        "UPDATE carts SET updated_at = ?2,
             branch_id = (SELECT p.branch_id FROM cart_items ci JOIN products p ON p.id = ci.product_id
                          WHERE ci.cart_id = ?1 ORDER BY ci.id LIMIT 1)
         WHERE id = ?1",
        params![cart_id, now_ms],
    )?;
    Ok(())
}

pub fn new_key() -> String {
    let mut bytes = [0u8; 8];
    rand::fill(&mut bytes);
    hex::encode(bytes)
}

/// What add-to-cart needs of a product.
pub struct ProductRow {
    pub service_id: i64,
    pub branch_id: i64,
    pub closed: bool,
    pub limits: QuantityLimits,
}

pub fn load_product(conn: &Connection, id: i64) -> rusqlite::Result<Option<ProductRow>> {
    conn.query_row(
        "SELECT p.service_id, p.branch_id, b.closed, p.min_qty, p.max_qty, p.stock, p.preorder
         FROM products p JOIN branches b ON b.id = p.branch_id WHERE p.id = ?1",
        [id],
        |r| {
            Ok(ProductRow {
                service_id: r.get(0)?,
                branch_id: r.get(1)?,
                closed: r.get(2)?,
                limits: product_limits(r.get(3)?, r.get(4)?, r.get(5)?, r.get(6)?),
            })
        },
    )
    .optional()
}

#[cfg(test)]
mod tests {
    use storefront_core::cart::{QuantityCheck, set_quantity};

    use super::*;

    #[test]
    fn preorders_are_not_limited_by_stock() {
        let limits = product_limits(1, 5, 0, true);
        assert_eq!(set_quantity(5, &limits), QuantityCheck::Accepted { qty: 5 });
        let limits = product_limits(1, 5, 0, false);
        assert!(matches!(
            set_quantity(1, &limits),
            QuantityCheck::Refused { .. }
        ));
    }
}
