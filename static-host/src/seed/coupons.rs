//! Demo coupons covering each rule a coupon can have: a percentage with a cap and a
//! minimum subtotal, a fixed amount, an expired one and a switched-off one.

use rusqlite::{Transaction, params};

use crate::clock::DAY_MS;

/// One coupon row: percent values are basis points, money is piasters.
struct Coupon {
    code: &'static str,
    kind: &'static str,
    value: i64,
    max_discount_minor: Option<i64>,
    min_subtotal_minor: Option<i64>,
    /// Days from the seeding time; negative is already expired.
    expires_in_days: Option<i64>,
    active: bool,
}

const COUPONS: &[Coupon] = &[
    // 10% off, at most 50 EGP, on orders of 100 EGP or more.
    Coupon {
        code: "WELCOME10",
        kind: "percent",
        value: 1_000,
        max_discount_minor: Some(5_000),
        min_subtotal_minor: Some(10_000),
        expires_in_days: None,
        active: true,
    },
    // 20 EGP off orders of 150 EGP or more, for three months.
    Coupon {
        code: "SAVE20",
        kind: "fixed",
        value: 2_000,
        max_discount_minor: None,
        min_subtotal_minor: Some(15_000),
        expires_in_days: Some(90),
        active: true,
    },
    // 50% off, at most 100 EGP.
    Coupon {
        code: "BIG50",
        kind: "percent",
        value: 5_000,
        max_discount_minor: Some(10_000),
        min_subtotal_minor: None,
        expires_in_days: None,
        active: true,
    },
    Coupon {
        code: "EXPIRED5",
        kind: "percent",
        value: 500,
        max_discount_minor: None,
        min_subtotal_minor: None,
        expires_in_days: Some(-7),
        active: true,
    },
    Coupon {
        code: "INACTIVE15",
        kind: "percent",
        value: 1_500,
        max_discount_minor: None,
        min_subtotal_minor: None,
        expires_in_days: None,
        active: false,
    },
];

pub fn seed(tx: &Transaction<'_>, now_ms: i64) -> rusqlite::Result<()> {
    let mut insert = tx.prepare(
        "INSERT INTO coupons (id, code, kind, value, max_discount_minor, min_subtotal_minor, expires_at, active)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
    )?;
    for (i, c) in COUPONS.iter().enumerate() {
        let expires_at = c.expires_in_days.map(|days| now_ms + days * DAY_MS);
        insert.execute(params![
            i as i64 + 1,
            c.code,
            c.kind,
            c.value,
            c.max_discount_minor,
            c.min_subtotal_minor,
            expires_at,
            c.active
        ])?;
    }
    // Usage limits (migration 0009): the welcome coupon once per customer.
    tx.execute(
        "UPDATE coupons SET max_uses_per_customer = 1 WHERE code = 'WELCOME10'",
        [],
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const NOW: i64 = 1_750_000_000_000;

    /// Every migration applied (the usage limits are 0009's), then the seed; the
    /// directory lives as long as the connection is used.
    fn seeded() -> (tempfile::TempDir, rusqlite::Connection) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("c.db");
        drop(crate::db::Db::open(&path, 1).unwrap());
        let mut conn = rusqlite::Connection::open(&path).unwrap();
        let tx = conn.transaction().unwrap();
        seed(&tx, NOW).unwrap();
        tx.commit().unwrap();
        (dir, conn)
    }

    type Row = (String, i64, Option<i64>, Option<i64>, Option<i64>, bool);

    fn coupon(conn: &rusqlite::Connection, code: &str) -> Row {
        conn.query_row(
            "SELECT kind, value, max_discount_minor, min_subtotal_minor, expires_at, active FROM coupons WHERE code = ?1",
            [code],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?, r.get(5)?)),
        )
        .unwrap()
    }

    #[test]
    fn coupons_have_the_demo_rules() {
        let (_dir, conn) = seeded();
        assert_eq!(
            coupon(&conn, "WELCOME10"),
            (
                "percent".into(),
                1_000,
                Some(5_000),
                Some(10_000),
                None,
                true
            )
        );
        assert_eq!(
            coupon(&conn, "save20"),
            (
                "fixed".into(),
                2_000,
                None,
                Some(15_000),
                Some(NOW + 90 * DAY_MS),
                true
            )
        );
        assert_eq!(
            coupon(&conn, "BIG50"),
            ("percent".into(), 5_000, Some(10_000), None, None, true)
        );
        let expired = coupon(&conn, "EXPIRED5");
        assert!(expired.4.unwrap() < NOW && expired.5);
        assert!(!coupon(&conn, "INACTIVE15").5);
        let once: Option<i64> = conn
            .query_row(
                "SELECT max_uses_per_customer FROM coupons WHERE code = 'WELCOME10'",
                [],
                |r| r.get(0),
            )
            .unwrap();
        assert_eq!(once, Some(1));
    }
}
