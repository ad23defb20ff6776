//! The bilingual demo catalogue, created on first start so the storefront works end
//! to end on a fresh machine. Seeding runs in one transaction and is recorded under
//! the `seed_version` setting, so a restart never seeds twice and a crash mid-way
//! leaves nothing half-seeded.

mod catalogue;
mod coupons;
mod geo;
mod pages;

use rusqlite::{Connection, OptionalExtension, Transaction, params};
use serde_json::json;

use crate::pages::settings::{
    DefaultLocation, GeneralSetting, Localized, SocialMedia, StoredRemoteConfig, StoredSettings,
};

pub use geo::CITY_CENTER;

const SEED_VERSION: &str = "1";

/// Seeds the demo data, with `products` generated products, unless it is already
/// there.
pub fn run(conn: &mut Connection, now_ms: i64, products: u32) -> rusqlite::Result<()> {
    let seeded: Option<String> = conn
        .query_row(
            "SELECT value FROM settings WHERE key = 'seed_version'",
            [],
            |r| r.get(0),
        )
        .optional()?;
    if seeded.is_some() {
        return Ok(());
    }
    let started = std::time::Instant::now();
    let tx = conn.transaction()?;
    settings(&tx)?;
    geo::seed(&tx)?;
    catalogue::seed_with(&tx, now_ms, products as usize)?;
    pages::seed(&tx)?;
    coupons::seed(&tx, now_ms)?;
    tx.execute(
        "INSERT INTO settings (key, value) VALUES ('seed_version', ?1)",
        params![json!(SEED_VERSION).to_string()],
    )?;
    // Merges the search index's many small segments into one: faster queries from
    // the first request.
    tx.execute_batch(
        "INSERT INTO product_search (product_search) VALUES ('optimize');
         INSERT INTO branch_search (branch_search) VALUES ('optimize');",
    )?;
    tx.commit()?;
    // The whole seed went through the write-ahead log: copy it into the database and
    // give the log's disk space back (over 100 MB for a 100,000-product catalogue).
    conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()))?;
    tracing::info!(
        products,
        elapsed_ms = started.elapsed().as_millis() as u64,
        "seeded the demo catalogue"
    );
    Ok(())
}

fn put(tx: &Transaction<'_>, key: &str, value: &impl serde::Serialize) -> rusqlite::Result<()> {
    let text = serde_json::to_string(value)
        .map_err(|e| rusqlite::Error::ToSqlConversionFailure(Box::new(e)))?;
    tx.execute(
        "INSERT INTO settings (key, value) VALUES (?1, ?2)",
        params![key, text],
    )?;
    Ok(())
}

fn settings(tx: &Transaction<'_>) -> rusqlite::Result<()> {
    let store = Localized::new("Nile Market", "سوق النيل");
    put(
        tx,
        "settings",
        &StoredSettings {
            logo: "/api/media/brand/logo.svg".into(),
            app_names: store.clone(),
            general_setting: GeneralSetting {
                store_name_ar: store.ar.clone(),
                store_name_en: store.en.clone(),
                email: "hello@nilemarket.example".into(),
                phone_number: "+20 2 2735 0000".into(),
                address_ar: "١٢ شارع ٢٦ يوليو، الزمالك، القاهرة".into(),
                address_en: "12 26th of July Street, Zamalek, Cairo".into(),
                map_url: Some("https://www.openstreetmap.org/?mlat=30.0626&mlon=31.2197#map=16/30.0626/31.2197".into()),
                ios_app_link: None,
                android_app_link: Some("https://play.google.com/store/apps/details?id=example.nilemarket".into()),
            },
            social_media: SocialMedia {
                twitter: Some("https://twitter.com/nilemarket".into()),
                instagram: Some("https://www.instagram.com/nilemarket".into()),
                facebook: Some("https://www.facebook.com/nilemarket".into()),
                linkedin: None,
                youtube: Some("https://www.youtube.com/@nilemarket".into()),
                snapchat: None,
                whatsapp: Some("+201001234567".into()),
            },
        },
    )?;
    let (lat, lng) = CITY_CENTER;
    put(
        tx,
        "remote_config",
        &StoredRemoteConfig {
            app_name: store,
            title: Localized::new(
                "Nile Market — groceries, food and pharmacy delivered",
                "سوق النيل — البقالة والمطاعم والصيدلية حتى باب بيتك",
            ),
            description: Localized::new(
                "Order groceries, restaurant meals and pharmacy items in Cairo and get them delivered fast.",
                "اطلب البقالة ووجبات المطاعم ومنتجات الصيدلية في القاهرة واستلمها بسرعة.",
            ),
            keywords: Localized::new(
                "groceries, restaurants, pharmacy, delivery, Cairo",
                "بقالة، مطاعم، صيدلية، توصيل، القاهرة",
            ),
            fav_icon: "/favicon.svg".into(),
            default_country_code: "EG".into(),
            default_service_id: 1,
            enable_services_page: true,
            force_select_default_locations: false,
            default_location: DefaultLocation {
                district_id: 1,
                latitude: lat,
                longitude: lng,
            },
            verification_methods_sms: true,
            verification_methods_whatsapp: true,
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(conn: &Connection, table: &str) -> i64 {
        conn.query_row(&format!("SELECT count(*) FROM {table}"), [], |r| r.get(0))
            .unwrap()
    }

    #[test]
    fn seeds_once() {
        let dir = tempfile::tempdir().unwrap();
        let db = crate::db::Db::open(&dir.path().join("s.db"), 1).unwrap();
        db.with_writer(|c| run(c, 1_700_000_000_000, 1_200))
            .unwrap();
        let first = db.with_writer(|c| count(c, "settings"));
        assert_eq!(db.with_writer(|c| count(c, "products")), 1_200);
        db.with_writer(|c| run(c, 1_700_000_000_000, 5_000))
            .unwrap();
        assert_eq!(db.with_writer(|c| count(c, "settings")), first);
        assert_eq!(
            db.with_writer(|c| count(c, "products")),
            1_200,
            "a seeded database is never seeded again, whatever the count"
        );
        // Every seeded product has its search document, shared by the products with the
        // same text, each document indexed once.
        let (unindexed, documents, shared, refs): (i64, i64, i64, i64) = db.with_writer(|c| {
            c.query_row(
                "SELECT (SELECT count(*) FROM products WHERE search_doc IS NULL),
                        (SELECT count(*) FROM product_search),
                        (SELECT count(DISTINCT search_doc) FROM products),
                        (SELECT sum(refs) FROM product_search_docs)",
                [],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
            )
            .unwrap()
        });
        assert_eq!(unindexed, 0);
        assert_eq!(documents, shared);
        assert_eq!(refs, 1_200);
        assert!(documents < 1_200, "shops carry the same items: {documents}");
    }
}
