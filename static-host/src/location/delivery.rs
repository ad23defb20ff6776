//! Where a shop delivers (and picks returns up): the one rule, used by the catalogue's
//! listings, the cart, checkout and returns.
//!
//! **The rule** (the core's [`storefront_core::location::reaches`]): a shop delivers to its own district and to every
//! district whose centre lies within 5 km of the centre of the shop's
//! district. A district's centre is the mean of its outline's corners. In the demo
//! city the three central districts (Zamalek, Dokki, Downtown & Garden City, about
//! 2–3.3 km apart) serve each other, while Maadi and Heliopolis (10 km and more from
//! everything) are served only by their own shops.
//!
//! **Where it is kept** (migration 0008): the rule decides from district outlines,
//! which SQL cannot read, so it is materialised in `branch_delivery_districts
//! (district_id, branch_id)`, one row per district a shop delivers to. Triggers on
//! `branches` and `districts` keep the table in step by calling the rule itself, as
//! the SQL function `district_reaches` that `db::functions` adds to every
//! connection the server opens. Every reader asks the table: [`delivers`] for one
//! shop (cart, checkout, returns, product and shop pages) and
//! [`delivering_branches`] inside the catalogue's queries, where the table's key
//! `(district_id, branch_id)` gives a district's shops as one index range.

use rusqlite::{Connection, OptionalExtension, params};

/// Whether shop `branch_id` delivers to district `district_id`.
pub fn delivers(conn: &Connection, branch_id: i64, district_id: i64) -> rusqlite::Result<bool> {
    conn.query_row(
        "SELECT EXISTS(SELECT 1 FROM branch_delivery_districts WHERE district_id = ?1 AND branch_id = ?2)",
        params![district_id, branch_id],
        |r| r.get(0),
    )
}

/// Whether shop `branch_id` delivers to `district`; None when no district is known.
pub fn delivers_to(
    conn: &Connection,
    branch_id: i64,
    district: Option<i64>,
) -> rusqlite::Result<Option<bool>> {
    district
        .map(|district| delivers(conn, branch_id, district))
        .transpose()
}

/// SQL selecting the ids of the shops that deliver to the district whose parameter
/// marker is `district` (e.g. `?3`): one range of the table's primary key.
pub fn delivering_branches(district: &str) -> String {
    format!("SELECT branch_id FROM branch_delivery_districts WHERE district_id = {district}")
}

/// The district a request shops for (spec 7's headers, see
/// [`crate::http::extract::Area`]): `district-id` when sent, else the district of
/// `address-id` when that is an address of the signed-in customer; None otherwise (the
/// catalogue is then not filtered).
pub fn request_district(
    conn: &Connection,
    area: crate::http::extract::Area,
    user_id: Option<i64>,
) -> rusqlite::Result<Option<i64>> {
    if let Some(district) = area.district_id {
        return Ok(Some(district));
    }
    let (Some(address), Some(user)) = (area.address_id, user_id) else {
        return Ok(None);
    };
    conn.query_row(
        "SELECT district_id FROM addresses WHERE id = ?1 AND user_id = ?2 AND deleted_at IS NULL",
        params![address, user],
        |r| r.get(0),
    )
    .optional()
}

#[cfg(test)]
mod tests {
    use storefront_core::location::{District, reaches};

    use super::*;

    fn seeded() -> (tempfile::TempDir, crate::db::Db) {
        let dir = tempfile::tempdir().unwrap();
        let db = crate::db::Db::open(&dir.path().join("s.db"), 1).unwrap();
        db.with_writer(|c| {
            crate::seed::run(c, 1_700_000_000_000, crate::config::DEFAULT_SEED_PRODUCTS)
        })
        .unwrap();
        (dir, db)
    }

    /// Every (shop, district) pair of the seeded data: the table says what the rule
    /// says.
    fn table_follows_the_rule(c: &Connection) {
        let mut stmt = c
            .prepare(
                "SELECT b.id, home.id, home.polygon, d.id, d.polygon,
                        EXISTS(SELECT 1 FROM branch_delivery_districts t
                               WHERE t.branch_id = b.id AND t.district_id = d.id)
                 FROM branches b JOIN districts home ON home.id = b.district_id CROSS JOIN districts d",
            )
            .unwrap();
        let rows = stmt
            .query_map([], |r| {
                Ok((
                    r.get::<_, i64>(0)?,
                    r.get::<_, i64>(1)?,
                    r.get::<_, String>(2)?,
                    r.get::<_, i64>(3)?,
                    r.get::<_, String>(4)?,
                    r.get::<_, bool>(5)?,
                ))
            })
            .unwrap()
            .collect::<Result<Vec<_>, _>>()
            .unwrap();
        assert!(!rows.is_empty());
        for (branch, home, home_polygon, to, to_polygon, stored) in rows {
            let rule = reaches(
                District {
                    id: home,
                    polygon: &home_polygon,
                },
                District {
                    id: to,
                    polygon: &to_polygon,
                },
            );
            assert_eq!(stored, rule, "shop {branch} (district {home}) -> {to}");
            assert_eq!(delivers(c, branch, to).unwrap(), rule);
        }
        let orphans: i64 = c
            .query_row(
                "SELECT count(*) FROM branch_delivery_districts t
                 WHERE NOT EXISTS (SELECT 1 FROM branches b WHERE b.id = t.branch_id)
                    OR NOT EXISTS (SELECT 1 FROM districts d WHERE d.id = t.district_id)",
                [],
                |r| r.get(0),
            )
            .unwrap();
        assert_eq!(orphans, 0);
    }

    #[test]
    fn the_demo_city_central_districts_serve_each_other_only() {
        let (_dir, db) = seeded();
        db.with_writer(|c| {
            table_follows_the_rule(c);
            // Shop 1 is in Zamalek (1), shop 4 in Maadi (4), shop 5 in Heliopolis (5).
            let home = |branch: i64| -> i64 {
                c.query_row(
                    "SELECT district_id FROM branches WHERE id = ?1",
                    [branch],
                    |r| r.get(0),
                )
                .unwrap()
            };
            assert_eq!((home(1), home(4), home(5)), (1, 4, 5));
            for (branch, district, expected) in [
                (1, 1, true),
                (1, 2, true),
                (1, 3, true),
                (1, 4, false),
                (1, 5, false),
                (4, 4, true),
                (4, 1, false),
                (4, 5, false),
                (5, 5, true),
                (5, 3, false),
                (1, 99, false),
            ] {
                assert_eq!(
                    delivers(c, branch, district).unwrap(),
                    expected,
                    "{branch} -> {district}"
                );
            }
            assert_eq!(delivers_to(c, 4, None).unwrap(), None);
            assert_eq!(delivers_to(c, 4, Some(1)).unwrap(), Some(false));
        });
    }

    #[test]
    fn every_district_can_buy_in_every_service_and_some_shop_never_reaches_it() {
        let (_dir, db) = seeded();
        db.with_writer(|c| {
            let pairs: Vec<(i64, i64, i64, i64)> = c
                .prepare(
                    "SELECT d.id, s.id,
                            (SELECT count(*) FROM branch_delivery_districts t
                             JOIN branches b ON b.id = t.branch_id
                             WHERE t.district_id = d.id AND b.service_id = s.id AND b.closed = 0
                               AND EXISTS (SELECT 1 FROM products p WHERE p.branch_id = b.id AND p.stock > 0)),
                            (SELECT count(*) FROM branches b WHERE b.service_id = s.id
                               AND b.id NOT IN (SELECT branch_id FROM branch_delivery_districts
                                                WHERE district_id = d.id))
                     FROM districts d CROSS JOIN services s ORDER BY d.id, s.id",
                )
                .unwrap()
                .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))
                .unwrap()
                .collect::<Result<_, _>>()
                .unwrap();
            assert_eq!(pairs.len(), 15);
            for (district, service, open_shops, out_of_reach) in pairs {
                // An open shop with stock delivers there, and some shop of the service
                // does not: the filter always has something to show and to hide.
                assert!(open_shops >= 1, "district {district}, service {service}");
                assert!(out_of_reach >= 1, "district {district}, service {service}");
            }
        });
    }

    #[test]
    fn the_table_follows_shops_and_districts_as_they_change() {
        let (_dir, db) = seeded();
        db.with_writer(|c| {
            // A new shop in Maadi, then moved to Zamalek.
            c.execute(
                "INSERT INTO branches (id, service_id, district_id, name_en, name_ar, logo, cover,
                     delivery_minutes, delivery_fee_minor)
                 VALUES (700, 1, 4, 'New Shop', 'متجر جديد', '/l.svg', '/c.svg', 30, 0)",
                [],
            )
            .unwrap();
            assert!(delivers(c, 700, 4).unwrap() && !delivers(c, 700, 1).unwrap());
            c.execute("UPDATE branches SET district_id = 1 WHERE id = 700", [])
                .unwrap();
            assert!(!delivers(c, 700, 4).unwrap() && delivers(c, 700, 2).unwrap());
            table_follows_the_rule(c);
            // A district next to Zamalek: the central shops deliver there, and a shop in
            // it delivers back.
            c.execute(
                "INSERT INTO districts (id, name_en, name_ar, polygon)
                 SELECT 6, 'Gezira North', 'شمال الجزيرة', polygon FROM districts WHERE id = 1",
                [],
            )
            .unwrap();
            assert!(delivers(c, 1, 6).unwrap() && !delivers(c, 4, 6).unwrap());
            table_follows_the_rule(c);
            // Its outline moved far away: nobody else delivers there any more.
            c.execute(
                "UPDATE districts SET polygon = '[[40,10],[40.01,10],[40.01,10.01],[40,10]]' WHERE id = 6",
                [],
            )
            .unwrap();
            assert!(!delivers(c, 1, 6).unwrap());
            table_follows_the_rule(c);
            c.execute("DELETE FROM branches WHERE id = 700", []).unwrap();
            c.execute("DELETE FROM districts WHERE id = 6", []).unwrap();
            table_follows_the_rule(c);
        });
    }
}
