//! The demo catalogue of "Nile Market" / "سوق النيل" in Cairo: three services, the
//! kinds of shops, 34 shops over the five districts, a two-level category tree per
//! service, brands, and generated products (1,000 by default). Prices are Egyptian
//! pounds stored as piasters. Everything is deterministic: the same `now_ms` gives
//! byte-identical rows on every machine.

mod data;
pub mod generate;
mod items;

use std::collections::HashMap;

use rusqlite::{Transaction, params};

use data::{BRANCH_CATEGORIES, BRANCHES, BRANDS, SERVICES, TREES};

/// Egypt's VAT, 14%, in basis points.
const TAX_RATE_BP: i64 = 1_400;

/// Products seeded on first start unless `--seed-products` says otherwise.
#[cfg(test)]
const DEFAULT_PRODUCTS: usize = crate::config::DEFAULT_SEED_PRODUCTS as usize;

#[cfg(test)]
pub fn seed(tx: &Transaction<'_>, now_ms: i64) -> rusqlite::Result<()> {
    seed_with(tx, now_ms, DEFAULT_PRODUCTS)
}

/// Seeds the catalogue with `products` generated products (a larger count makes a
/// catalogue for load tests; see [`generate::generate`]).
pub fn seed_with(tx: &Transaction<'_>, now_ms: i64, products: usize) -> rusqlite::Result<()> {
    let layout = Layout::new().map_err(|e| rusqlite::Error::ToSqlConversionFailure(e.into()))?;

    let mut insert = tx.prepare(
        "INSERT INTO services (id, name_en, name_ar, icon, filter_type, show_categories_menu, sort)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
    )?;
    for s in SERVICES {
        let icon = format!("/api/media/services/{}.svg", s.id);
        insert.execute(params![
            s.id,
            s.name_en,
            s.name_ar,
            icon,
            s.filter_type,
            s.show_categories_menu,
            s.id
        ])?;
    }

    let mut insert = tx.prepare(
        "INSERT INTO branch_categories (id, service_id, name_en, name_ar, icon, sort) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    )?;
    for (i, c) in BRANCH_CATEGORIES.iter().enumerate() {
        let id = i as i64 + 1;
        let icon = format!("/api/media/branch-categories/{id}.svg");
        insert.execute(params![id, c.service, c.name_en, c.name_ar, icon, id])?;
    }

    let mut insert = tx.prepare(
        "INSERT INTO categories (id, service_id, parent_id, name_en, name_ar, icon, featured, sort)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
    )?;
    let mut id = 0i64;
    for tree in TREES {
        for (p_sort, parent) in tree.parents.iter().enumerate() {
            id += 1;
            let parent_id = id;
            let icon = format!("/api/media/categories/{id}.svg");
            insert.execute(params![
                id,
                tree.service,
                None::<i64>,
                parent.name_en,
                parent.name_ar,
                icon,
                parent.featured,
                p_sort as i64 + 1
            ])?;
            for (c_sort, child) in parent.children.iter().enumerate() {
                id += 1;
                let icon = format!("/api/media/categories/{id}.svg");
                insert.execute(params![
                    id,
                    tree.service,
                    parent_id,
                    child.name_en,
                    child.name_ar,
                    icon,
                    false,
                    c_sort as i64 + 1
                ])?;
            }
        }
    }

    let mut insert = tx.prepare(
        "INSERT INTO brands (id, service_id, name_en, name_ar, logo) VALUES (?1, ?2, ?3, ?4, ?5)",
    )?;
    for (i, b) in BRANDS.iter().enumerate() {
        let id = i as i64 + 1;
        insert.execute(params![
            id,
            b.service,
            b.name_en,
            b.name_ar,
            format!("/api/media/brands/{id}.svg")
        ])?;
    }

    let mut insert = tx.prepare(
        "INSERT INTO branches (id, service_id, branch_category_id, district_id, name_en, name_ar, description_en,
             description_ar, logo, cover, closed, minimum_minor, delivery_minutes, delivery_fee_minor, free_delivery,
             free_delivery_over_minor, tax_rate_bp, rating, sort)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19)",
    )?;
    for (i, b) in BRANCHES.iter().enumerate() {
        let id = i as i64 + 1;
        let service = BRANCH_CATEGORIES[b.kind as usize - 1].service;
        insert.execute(params![
            id,
            service,
            b.kind,
            b.district,
            b.name_en,
            b.name_ar,
            b.description_en,
            b.description_ar,
            format!("/api/media/branches/{id}.svg"),
            format!("/api/media/covers/{id}.svg"),
            b.closed,
            b.minimum_egp * 100,
            b.minutes,
            b.fee_minor,
            b.free_delivery,
            b.free_over_egp.map(|egp| egp * 100),
            TAX_RATE_BP,
            b.rating,
            id
        ])?;
    }

    let mut insert = tx.prepare(
        "INSERT INTO products (id, branch_id, service_id, category_id, brand_id, name_en, name_ar, description_en,
             description_ar, image, price_minor, old_price_minor, stock, preorder, min_qty, max_qty, rating,
             sales_count, popularity, created_at, size_en, size_ar)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21, ?22)",
    )?;
    generate::generate(products, now_ms, &layout, |p| {
        insert
            .execute(params![
                p.id,
                p.branch_id,
                p.service_id,
                p.category_id,
                p.brand_id,
                p.name_en,
                p.name_ar,
                p.description_en,
                p.description_ar,
                format!("/api/media/products/{}.svg", p.id),
                p.price_minor,
                p.old_price_minor,
                p.stock,
                p.preorder,
                p.min_qty,
                p.max_qty,
                p.rating,
                p.sales_count,
                p.popularity,
                p.created_at,
                p.size_en,
                p.size_ar
            ])
            .map(drop)
    })
}

/// Ids and relations of the curated data, as they are inserted.
pub struct Layout {
    pub leaves: HashMap<&'static str, LeafInfo>,
    pub brands: HashMap<&'static str, BrandInfo>,
    pub branches: Vec<BranchInfo>,
}

pub struct LeafInfo {
    pub id: i64,
    pub service: i64,
    pub parent: &'static str,
    pub blurb_en: &'static str,
    pub blurb_ar: &'static str,
}

pub struct BrandInfo {
    pub id: i64,
    pub name_en: &'static str,
    pub name_ar: &'static str,
}

pub struct BranchInfo {
    pub id: i64,
    pub service: i64,
    pub sells: &'static [&'static str],
}

impl Layout {
    /// Assigns ids in insertion order and checks every reference between the
    /// curated tables (a broken key is a bug in this file, reported by the tests).
    pub fn new() -> Result<Layout, String> {
        let mut leaves = HashMap::new();
        let mut id = 0i64;
        for tree in TREES {
            for parent in tree.parents {
                id += 1;
                for leaf in parent.children {
                    id += 1;
                    let info = LeafInfo {
                        id,
                        service: tree.service,
                        parent: parent.key,
                        blurb_en: leaf.blurb_en,
                        blurb_ar: leaf.blurb_ar,
                    };
                    if leaves.insert(leaf.key, info).is_some() {
                        return Err(format!("duplicate category key {}", leaf.key));
                    }
                }
            }
        }
        let mut brands = HashMap::new();
        for (i, b) in BRANDS.iter().enumerate() {
            brands.insert(
                b.key,
                BrandInfo {
                    id: i as i64 + 1,
                    name_en: b.name_en,
                    name_ar: b.name_ar,
                },
            );
        }
        let branches = BRANCHES
            .iter()
            .enumerate()
            .map(|(i, b)| {
                let kind = BRANCH_CATEGORIES
                    .get((b.kind - 1) as usize)
                    .ok_or(format!("branch kind {}", b.kind))?;
                Ok(BranchInfo {
                    id: i as i64 + 1,
                    service: kind.service,
                    sells: kind.sells,
                })
            })
            .collect::<Result<Vec<_>, String>>()?;
        for item in items::ITEMS {
            let leaf = leaves
                .get(item.leaf)
                .ok_or(format!("unknown category {} for {}", item.leaf, item.en))?;
            if let Some(key) = item.brand {
                let brand = BRANDS
                    .iter()
                    .find(|b| b.key == key)
                    .ok_or(format!("unknown brand {key}"))?;
                if brand.service != leaf.service {
                    return Err(format!("brand {key} is not of the service of {}", item.en));
                }
            }
        }
        Ok(Layout {
            leaves,
            brands,
            branches,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rusqlite::Connection;

    const NOW: i64 = 1_750_000_000_000;

    fn seeded() -> Connection {
        let mut conn = Connection::open_in_memory().unwrap();
        conn.execute_batch(include_str!("../../../migrations/0001_initial.sql"))
            .unwrap();
        // The districts' and places' address columns, which the geo seed writes.
        conn.execute_batch(include_str!(
            "../../../migrations/0015_reverse_geocoding.sql"
        ))
        .unwrap();
        // The products' sizes, which the seed writes.
        conn.execute_batch(include_str!("../../../migrations/0016_product_sizes.sql"))
            .unwrap();
        conn.pragma_update(None, "foreign_keys", "ON").unwrap();
        let tx = conn.transaction().unwrap();
        crate::seed::geo::seed(&tx).unwrap();
        seed(&tx, NOW).unwrap();
        tx.commit().unwrap();
        conn
    }

    fn int(conn: &Connection, sql: &str) -> i64 {
        conn.query_row(sql, [], |r| r.get(0)).unwrap()
    }

    #[test]
    fn counts() {
        let conn = seeded();
        assert!(int(&conn, "SELECT count(*) FROM services") >= 3);
        assert_eq!(int(&conn, "SELECT count(*) FROM districts"), 5);
        assert!(int(&conn, "SELECT count(*) FROM branches") >= 30);
        assert_eq!(
            int(&conn, "SELECT count(*) FROM products") as usize,
            DEFAULT_PRODUCTS
        );
        const { assert!(DEFAULT_PRODUCTS >= 1_000) };
        // Every shop has something to sell, every district has shops.
        assert_eq!(
            int(
                &conn,
                "SELECT count(*) FROM branches WHERE id NOT IN (SELECT branch_id FROM products)"
            ),
            0
        );
        assert_eq!(
            int(
                &conn,
                "SELECT min(n) >= 5 FROM (SELECT count(*) AS n FROM products GROUP BY branch_id)"
            ),
            1
        );
        assert_eq!(
            int(&conn, "SELECT count(DISTINCT district_id) FROM branches"),
            5
        );
    }

    #[test]
    fn foreign_keys_hold() {
        let conn = seeded();
        let broken: i64 = conn
            .prepare("PRAGMA foreign_key_check")
            .unwrap()
            .query_map([], |_| Ok(()))
            .unwrap()
            .count() as i64;
        assert_eq!(broken, 0);
    }

    #[test]
    fn products_belong_to_their_own_service() {
        let conn = seeded();
        // Category: a leaf (has a parent, has no children) of the product's service.
        assert_eq!(
            int(
                &conn,
                "SELECT count(*) FROM products p JOIN categories c ON c.id = p.category_id
                 WHERE c.service_id != p.service_id OR c.parent_id IS NULL
                    OR EXISTS (SELECT 1 FROM categories k WHERE k.parent_id = c.id)"
            ),
            0
        );
        assert_eq!(
            int(
                &conn,
                "SELECT count(*) FROM products p JOIN branches b ON b.id = p.branch_id WHERE b.service_id != p.service_id"
            ),
            0
        );
        assert_eq!(
            int(
                &conn,
                "SELECT count(*) FROM products p JOIN brands b ON b.id = p.brand_id WHERE b.service_id != p.service_id"
            ),
            0
        );
        // A shop only sells what its kind sells: a butcher has no milk.
        assert_eq!(
            int(
                &conn,
                "SELECT count(*) FROM products p JOIN branches b ON b.id = p.branch_id
                 JOIN categories c ON c.id = p.category_id JOIN categories pc ON pc.id = c.parent_id
                 WHERE b.branch_category_id = 3 AND pc.name_en != 'Meat & Poultry'"
            ),
            0
        );
    }

    #[test]
    fn names_and_values_are_sane() {
        let conn = seeded();
        let mut stmt = conn
            .prepare(
                "SELECT name_en, name_ar, description_en, description_ar, price_minor, old_price_minor, min_qty, max_qty,
                        rating, stock, preorder, created_at FROM products",
            )
            .unwrap();
        let rows = stmt
            .query_map([], |r| {
                Ok((
                    r.get::<_, String>(0)?,
                    r.get::<_, String>(1)?,
                    r.get::<_, String>(2)?,
                    r.get::<_, String>(3)?,
                    r.get::<_, i64>(4)?,
                    r.get::<_, Option<i64>>(5)?,
                    r.get::<_, i64>(6)?,
                    r.get::<_, i64>(7)?,
                    r.get::<_, f64>(8)?,
                    r.get::<_, i64>(9)?,
                    r.get::<_, bool>(10)?,
                    r.get::<_, i64>(11)?,
                ))
            })
            .unwrap()
            .collect::<Result<Vec<_>, _>>()
            .unwrap();
        let arabic = |s: &str| s.chars().any(|c| ('\u{0621}'..='\u{064A}').contains(&c));
        let (mut deals, mut out, mut pre) = (0, 0, 0);
        for (en, ar, den, dar, price, old, min, max, rating, stock, preorder, created) in &rows {
            assert!(
                !en.trim().is_empty() && en.trim() == en && !en.contains("  "),
                "{en:?}"
            );
            assert!(arabic(ar), "{en}: {ar}");
            // Arabic names are Arabic: no Latin letters, Arabic-Indic digits.
            assert!(!ar.chars().any(|c| c.is_ascii_alphanumeric()), "{ar}");
            assert!(!den.is_empty() && arabic(dar));
            assert!(*price > 0, "{en}");
            assert!(min <= max && *min >= 1 && (5..=20).contains(max), "{en}");
            assert!((3.0..=5.0).contains(rating));
            assert!(*created <= NOW && *created > NOW - 180 * 86_400_000);
            if let Some(old) = old {
                assert!(old > price, "{en}");
                deals += 1;
            }
            if *stock == 0 {
                out += 1;
            }
            if *preorder {
                assert_eq!(
                    *stock, 0,
                    "{en}: only out-of-stock products are pre-ordered"
                );
                pre += 1;
            }
        }
        let n = rows.len();
        assert!(
            (n * 6 / 100..=n * 14 / 100).contains(&deals),
            "{deals} hot deals"
        );
        assert!(
            (n * 3 / 100..=n * 8 / 100).contains(&out),
            "{out} out of stock"
        );
        assert!(pre >= 10 && pre < out, "{pre} pre-orders");
    }

    #[test]
    fn each_size_ends_its_products_name_in_both_languages() {
        let conn = seeded();
        let rows: Vec<(String, String, Option<String>, Option<String>)> = conn
            .prepare("SELECT name_en, name_ar, size_en, size_ar FROM products")
            .unwrap()
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        let mut sized = 0;
        for (name_en, name_ar, size_en, size_ar) in &rows {
            assert_eq!(size_en.is_some(), size_ar.is_some(), "{name_en}");
            if let (Some(en), Some(ar)) = (size_en, size_ar) {
                sized += 1;
                assert!(name_en.ends_with(&format!(" {en}")), "{name_en} / {en}");
                assert!(name_ar.ends_with(&format!(" {ar}")), "{name_ar} / {ar}");
            }
        }
        // Most items come in sizes; packs add theirs ("1 L (Pack of 6)").
        assert!(sized * 10 > rows.len() * 9, "{sized} of {}", rows.len());
        assert!(
            rows.iter()
                .any(|(_, _, en, _)| en.as_deref() == Some("200 ml (Pack of 6)"))
        );
    }

    #[test]
    fn branch_names_are_unique_per_shop() {
        let conn = seeded();
        for column in ["name_en", "name_ar"] {
            let dupes = int(
                &conn,
                &format!(
                    "SELECT count(*) FROM (SELECT 1 FROM products GROUP BY branch_id, {column} HAVING count(*) > 1)"
                ),
            );
            assert_eq!(dupes, 0, "{column}");
        }
    }

    #[test]
    fn branches_follow_the_delivery_rules() {
        let conn = seeded();
        let bad = int(
            &conn,
            "SELECT count(*) FROM branches WHERE minimum_minor NOT BETWEEN 0 AND 15000
                OR delivery_minutes NOT BETWEEN 15 AND 60 OR delivery_fee_minor NOT BETWEEN 0 AND 2500
                OR tax_rate_bp != 1400 OR rating NOT BETWEEN 3.5 AND 4.9
                OR (free_delivery = 1 AND delivery_fee_minor != 0)",
        );
        assert_eq!(bad, 0);
        assert!(int(&conn, "SELECT count(*) FROM branches WHERE closed = 1") >= 2);
        assert!(
            int(
                &conn,
                "SELECT count(*) FROM branches WHERE free_delivery = 1"
            ) >= 2
        );
        assert!(
            int(
                &conn,
                "SELECT count(*) FROM branches WHERE free_delivery_over_minor IS NOT NULL"
            ) >= 2
        );
        // Closed shops are spread: not all in one service.
        assert!(
            int(
                &conn,
                "SELECT count(DISTINCT service_id) FROM branches WHERE closed = 1"
            ) >= 2
        );
    }

    #[test]
    fn category_trees_have_two_levels() {
        let conn = seeded();
        for service in 1..=3 {
            let parents = int(
                &conn,
                &format!(
                    "SELECT count(*) FROM categories WHERE service_id = {service} AND parent_id IS NULL"
                ),
            );
            assert!(parents >= 5, "service {service}");
            let childless = int(
                &conn,
                &format!(
                    "SELECT count(*) FROM categories c WHERE service_id = {service} AND parent_id IS NULL
                     AND NOT EXISTS (SELECT 1 FROM categories k WHERE k.parent_id = c.id)"
                ),
            );
            assert_eq!(childless, 0);
            assert!(
                int(
                    &conn,
                    &format!(
                        "SELECT count(*) FROM categories WHERE service_id = {service} AND featured = 1"
                    )
                ) >= 1
            );
        }
        // No third level, and children stay in their parent's service.
        assert_eq!(
            int(
                &conn,
                "SELECT count(*) FROM categories c JOIN categories p ON p.id = c.parent_id
                 WHERE p.parent_id IS NOT NULL OR p.service_id != c.service_id"
            ),
            0
        );
        // Every leaf has at least one curated item.
        let layout = Layout::new().unwrap();
        for key in layout.leaves.keys() {
            assert!(
                items::ITEMS.iter().any(|i| i.leaf == *key),
                "no items for {key}"
            );
        }
    }

    #[test]
    fn seeding_is_deterministic() {
        let dump = |conn: &Connection| -> Vec<String> {
            conn.prepare("SELECT * FROM products ORDER BY id")
                .unwrap()
                .query_map([], |r| {
                    (0..20)
                        .map(|i| {
                            r.get::<_, rusqlite::types::Value>(i)
                                .map(|v| format!("{v:?}"))
                        })
                        .collect::<Result<Vec<_>, _>>()
                        .map(|v| v.join("|"))
                })
                .unwrap()
                .collect::<Result<_, _>>()
                .unwrap()
        };
        let (a, b) = (seeded(), seeded());
        let rows = dump(&a);
        assert_eq!(rows.len(), DEFAULT_PRODUCTS);
        assert_eq!(rows, dump(&b));
    }

    #[test]
    fn seeds_a_larger_catalogue() {
        let mut conn = Connection::open_in_memory().unwrap();
        conn.execute_batch(include_str!("../../../migrations/0001_initial.sql"))
            .unwrap();
        // The districts' and places' address columns, which the geo seed writes.
        conn.execute_batch(include_str!(
            "../../../migrations/0015_reverse_geocoding.sql"
        ))
        .unwrap();
        conn.execute_batch(include_str!("../../../migrations/0016_product_sizes.sql"))
            .unwrap();
        let tx = conn.transaction().unwrap();
        crate::seed::geo::seed(&tx).unwrap();
        seed_with(&tx, NOW, 5_000).unwrap();
        tx.commit().unwrap();
        assert_eq!(int(&conn, "SELECT count(*) FROM products"), 5_000);
        assert_eq!(int(&conn, "SELECT max(id) FROM products"), 5_000);
    }
}
