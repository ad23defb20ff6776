//! `static-host check-db` (issue 38): the ledgers' invariants, checked on a data
//! directory's database, each broken one named with the rows that break it. The soak
//! runs it at the end, and tests run it after the crash test and after faults.
//!
//! - **wallet**: no customer's wallet is ever below zero (each balance is the sum of its
//!   entries, read in the order they were written), an order's wallet part is the
//!   payment entry it wrote, and no order refunds more than it took;
//! - **points**: no customer has used or lost more points than they earned, and each
//!   order's `points_earned` is the points its ledger entry gave;
//! - **stock**: never below zero, and equal to its baseline less what live orders took
//!   plus what completed returns gave back (migration 0011);
//! - **coupons**: no coupon used (by orders that were not cancelled or rejected) past its
//!   total or per-customer limit;
//! - **card charges**: every card charge and refund older than the settling time is
//!   captured, refunded or released, and no payment outbox row is left undone;
//! - **order totals**: each order's price is its lines, its tax the core's rule on the
//!   price after the coupon, its total the sum of its parts, and what it is paid with
//!   (wallet, card or cash) is its total;
//! - **review ratings**: each product's kept rating (migration 0012: the count per
//!   star and in all) is its visible reviews', its kept average the core's rounding of
//!   those counts, and each review's `helpful_count` its votes.
//!
//! Reads only, in one read transaction (a consistent snapshot while the server runs).

use std::time::Duration;

use rusqlite::{Connection, params};
use storefront_core::money::Money;

/// How many of a broken invariant's rows are named.
pub const EXAMPLES: usize = 5;

/// A broken invariant: its name and what breaks it (at most [`EXAMPLES`] rows, and the
/// count of all).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Broken {
    pub invariant: &'static str,
    pub rows: Vec<String>,
    pub count: usize,
}

/// The invariants checked, by name, in the order they are checked.
pub const INVARIANTS: [&str; 7] = [
    "wallet",
    "points",
    "stock",
    "coupons",
    "card charges",
    "order totals",
    "review ratings",
];

/// Every invariant that does not hold at `now_ms`. Card charges and outbox rows younger
/// than `settle` are still on their way and are not counted.
pub fn check(conn: &Connection, now_ms: i64, settle: Duration) -> rusqlite::Result<Vec<Broken>> {
    let settled_before = now_ms - i64::try_from(settle.as_millis()).unwrap_or(i64::MAX);
    let found = [
        ("wallet", wallet(conn)?),
        ("points", points(conn)?),
        ("stock", stock(conn)?),
        ("coupons", coupons(conn)?),
        ("card charges", card_charges(conn, settled_before)?),
        ("order totals", order_totals(conn)?),
        ("review ratings", review_ratings(conn)?),
    ];
    Ok(found
        .into_iter()
        .filter(|(_, rows)| !rows.is_empty())
        .map(|(invariant, rows)| Broken {
            invariant,
            count: rows.len(),
            rows: rows.into_iter().take(EXAMPLES).collect(),
        })
        .collect())
}

/// One line per row of `sql`'s answer, each column written as `name=value`.
fn rows(
    conn: &Connection,
    sql: &str,
    args: impl rusqlite::Params,
) -> rusqlite::Result<Vec<String>> {
    let mut statement = conn.prepare(sql)?;
    let names: Vec<String> = statement.column_names().map(str::to_owned).collect();
    let lines = statement
        .query_map(args, |row| {
            let mut parts = Vec::with_capacity(names.len());
            for (i, name) in names.iter().enumerate() {
                let value: rusqlite::types::Value = row.get(i)?;
                let text = match value {
                    rusqlite::types::Value::Null => "null".to_owned(),
                    rusqlite::types::Value::Integer(n) => n.to_string(),
                    rusqlite::types::Value::Real(x) => x.to_string(),
                    rusqlite::types::Value::Text(t) => t,
                    rusqlite::types::Value::Blob(b) => format!("{} bytes", b.len()),
                };
                parts.push(format!("{name}={text}"));
            }
            Ok(parts.join(" "))
        })?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(lines)
}

fn wallet(conn: &Connection) -> rusqlite::Result<Vec<String>> {
    let mut found = rows(
        conn,
        "SELECT user_id AS customer, id AS entry, running AS balance_minor FROM (
             SELECT user_id, id, sum(amount_minor) OVER (PARTITION BY user_id ORDER BY id) AS running
             FROM wallet_entries)
         WHERE running < 0 ORDER BY user_id, id",
        [],
    )?;
    found.extend(rows(
        conn,
        "SELECT * FROM (
             SELECT o.id AS order_id, o.wallet_minor,
                    coalesce((SELECT -sum(w.amount_minor) FROM wallet_entries w
                              WHERE w.order_id = o.id AND w.kind = 'order_payment'), 0) AS paid_from_wallet_minor
             FROM orders o)
         WHERE wallet_minor <> paid_from_wallet_minor ORDER BY order_id",
        [],
    )?);
    // Refunds to the wallet and to the card together never exceed what the order took.
    found.extend(rows(
        conn,
        "SELECT o.id AS order_id, o.cart_total_minor, r.refunded_minor FROM orders o
         JOIN (SELECT order_id, sum(amount_minor) AS refunded_minor FROM payments
               WHERE kind = 'refund' GROUP BY order_id) r ON r.order_id = o.id
         WHERE r.refunded_minor > o.cart_total_minor ORDER BY o.id",
        [],
    )?);
    Ok(found)
}

fn points(conn: &Connection) -> rusqlite::Result<Vec<String>> {
    let mut found = rows(
        conn,
        "SELECT user_id AS customer, id AS entry, running AS points FROM (
             SELECT user_id, id, sum(points) OVER (PARTITION BY user_id ORDER BY created_at, id) AS running
             FROM point_entries)
         WHERE running < 0 ORDER BY user_id, id",
        [],
    )?;
    found.extend(rows(
        conn,
        "SELECT * FROM (
             SELECT o.id AS order_id, o.points_earned,
                    coalesce((SELECT sum(p.points) FROM point_entries p
                              WHERE p.order_id = o.id AND p.kind = 'earned'), 0) AS ledger_points
             FROM orders o)
         WHERE points_earned <> ledger_points ORDER BY order_id",
        [],
    )?);
    Ok(found)
}

fn stock(conn: &Connection) -> rusqlite::Result<Vec<String>> {
    rows(
        conn,
        "SELECT id AS product, stock, expected FROM (
             SELECT p.id, p.stock, p.stock_baseline
                 - coalesce((SELECT sum(oi.stock_taken) FROM order_items oi JOIN orders o ON o.id = oi.order_id
                             WHERE oi.product_id = p.id AND o.status NOT IN ('cancelled', 'rejected')), 0)
                 + coalesce((SELECT sum(ri.qty) FROM return_items ri
                             JOIN returns r ON r.id = ri.return_id
                             JOIN order_items oi ON oi.id = ri.order_item_id
                             WHERE oi.product_id = p.id AND r.refunded_at IS NOT NULL), 0) AS expected
             FROM products p)
         WHERE stock < 0 OR stock IS NOT expected ORDER BY id",
        [],
    )
}

fn coupons(conn: &Connection) -> rusqlite::Result<Vec<String>> {
    let mut found = rows(
        conn,
        "SELECT c.code, c.max_uses, count(o.id) AS uses FROM coupons c
         JOIN orders o ON o.coupon_id = c.id AND o.status NOT IN ('cancelled', 'rejected')
         WHERE c.max_uses IS NOT NULL
         GROUP BY c.id HAVING count(o.id) > c.max_uses ORDER BY c.id",
        [],
    )?;
    found.extend(rows(
        conn,
        "SELECT c.code, o.user_id AS customer, c.max_uses_per_customer, count(o.id) AS uses FROM coupons c
         JOIN orders o ON o.coupon_id = c.id AND o.status NOT IN ('cancelled', 'rejected')
         WHERE c.max_uses_per_customer IS NOT NULL
         GROUP BY c.id, o.user_id HAVING count(o.id) > c.max_uses_per_customer ORDER BY c.id, o.user_id",
        [],
    )?);
    Ok(found)
}

fn card_charges(conn: &Connection, settled_before: i64) -> rusqlite::Result<Vec<String>> {
    let mut found = rows(
        conn,
        "SELECT id AS payment, order_id, kind, status, amount_minor FROM payments
         WHERE method = 'card' AND status = 'pending' AND updated_at < ?1 ORDER BY id",
        params![settled_before],
    )?;
    found.extend(rows(
        conn,
        "SELECT id AS outbox, action, order_id, attempts, last_error FROM payment_outbox
         WHERE done_at IS NULL AND created_at < ?1 ORDER BY id",
        params![settled_before],
    )?);
    Ok(found)
}

fn order_totals(conn: &Connection) -> rusqlite::Result<Vec<String>> {
    let mut found = rows(
        conn,
        "SELECT o.id AS order_id, o.price_minor, l.lines_minor FROM orders o
         JOIN (SELECT order_id, sum(price_minor * qty) AS lines_minor FROM order_items GROUP BY order_id) l
           ON l.order_id = o.id
         WHERE o.price_minor <> l.lines_minor
            OR o.cart_total_minor <> o.price_minor - o.coupon_discount_minor + o.tax_minor + o.delivery_fee_minor
            OR o.due_minor <> o.cart_total_minor - o.wallet_minor
         ORDER BY o.id",
        [],
    )?;
    // Tax: the core's rule (the cart's totals) on the price after the coupon.
    let mut statement = conn.prepare(
        "SELECT id, price_minor, coupon_discount_minor, tax_rate_bp, tax_minor FROM orders ORDER BY id",
    )?;
    let taxed = statement.query_map([], |r| {
        Ok((
            r.get::<_, i64>(0)?,
            r.get::<_, i64>(1)?,
            r.get::<_, i64>(2)?,
            r.get::<_, i64>(3)?,
            r.get::<_, i64>(4)?,
        ))
    })?;
    for row in taxed {
        let (id, price, discount, rate, tax) = row?;
        let expected = Money::from_minor(price - discount)
            .percent_bp(u32::try_from(rate).unwrap_or(0))
            .non_negative()
            .minor();
        if expected != tax {
            found.push(format!(
                "order_id={id} tax_minor={tax} expected_tax_minor={expected}"
            ));
        }
    }
    // What pays the part not paid from the wallet: the card or cash charge.
    found.extend(rows(
        conn,
        "SELECT * FROM (
             SELECT o.id AS order_id, o.due_minor,
                    coalesce((SELECT sum(p.amount_minor) FROM payments p
                              WHERE p.order_id = o.id AND p.kind = 'charge' AND p.method IN ('card', 'cash')), 0)
                        AS charged_minor
             FROM orders o)
         WHERE due_minor <> charged_minor ORDER BY order_id",
        [],
    )?);
    Ok(found)
}

fn review_ratings(conn: &Connection) -> rusqlite::Result<Vec<String>> {
    // The kept counts against the visible reviews (hidden ones count nowhere).
    let mut found = rows(
        conn,
        "SELECT * FROM (
             SELECT p.id AS product,
                    p.rating_1 || '/' || p.rating_2 || '/' || p.rating_3 || '/' || p.rating_4 || '/' || p.rating_5
                        || ' of ' || p.rating_count AS kept_stars,
                    coalesce(v.stars, '0/0/0/0/0 of 0') AS visible_stars
             FROM products p LEFT JOIN (
                 SELECT product_id,
                        sum(rating = 1) || '/' || sum(rating = 2) || '/' || sum(rating = 3) || '/'
                            || sum(rating = 4) || '/' || sum(rating = 5) || ' of ' || count(*) AS stars
                 FROM reviews WHERE hidden = 0 GROUP BY product_id) v ON v.product_id = p.id)
         WHERE kept_stars <> visible_stars ORDER BY product",
        [],
    )?;
    // The kept average: the core's rounding of the kept counts (NULL without reviews).
    let mut statement = conn.prepare(
        "SELECT id, rating_1, rating_2, rating_3, rating_4, rating_5, rating_average_tenths FROM products
         WHERE rating_count <> 0 OR rating_average_tenths IS NOT NULL
            OR rating_1 + rating_2 + rating_3 + rating_4 + rating_5 <> 0
         ORDER BY id",
    )?;
    let kept = statement.query_map([], |r| {
        let mut counts = [0u32; 5];
        for (i, count) in counts.iter_mut().enumerate() {
            *count = u32::try_from(r.get::<_, i64>(i + 1)?).unwrap_or(u32::MAX);
        }
        Ok((r.get::<_, i64>(0)?, counts, r.get::<_, Option<i64>>(6)?))
    })?;
    for row in kept {
        let (id, counts, tenths) = row?;
        let expected = storefront_core::reviews::rating_summary(counts)
            .average_tenths
            .map(i64::from);
        if tenths != expected {
            let text = |t: Option<i64>| t.map_or("null".to_owned(), |t| t.to_string());
            found.push(format!(
                "product={id} rating_average_tenths={} expected_average_tenths={}",
                text(tenths),
                text(expected)
            ));
        }
    }
    found.extend(rows(
        conn,
        "SELECT * FROM (
             SELECT r.id AS review, r.helpful_count,
                    (SELECT count(*) FROM review_helpful_votes v WHERE v.review_id = r.id) AS votes
             FROM reviews r)
         WHERE helpful_count <> votes ORDER BY review",
        [],
    )?);
    Ok(found)
}
