//! The SQL functions the schema calls: its triggers and views (migrations 0006, 0008
//! and 0010) keep the search index and the delivery table in step by calling rules of
//! the core, so every connection that writes products, brands, categories, shops or
//! districts needs them.

use rusqlite::Connection;
use rusqlite::functions::FunctionFlags;
use sha2::{Digest, Sha256};
use storefront_core::location::{District, reaches};
use storefront_core::text::{search_key, search_stem_key, search_terms};

/// Adds every function below to a connection (before migrating: the migrations call
/// them too).
pub fn register(conn: &Connection) -> rusqlite::Result<()> {
    register_search(conn)?;
    register_delivery(conn)
}

/// Adds the SQL functions the index triggers call, so every connection that writes
/// products, brands, categories or shops needs them (deterministic and innocuous, as
/// SQLite requires of functions used in triggers and views):
/// - `search_key(text)`: the folded words of a text;
/// - `search_stems(text)`: their stems ([`search_stem_key`]);
/// - `search_item(name, brand)`: the folded name without the brand's words in front
///   ('Juhayna Full Cream Milk', 'Juhayna' → 'full cream milk');
/// - `search_words(text)`: how many words its folded text has;
/// - `search_digest(text, …)`: names a search document (equal for texts that fold
///   alike), from any number of texts.
fn register_search(conn: &Connection) -> rusqlite::Result<()> {
    let flags = FunctionFlags::SQLITE_UTF8
        | FunctionFlags::SQLITE_DETERMINISTIC
        | FunctionFlags::SQLITE_INNOCUOUS;
    conn.create_scalar_function("search_key", 1, flags, |ctx| {
        let text: Option<String> = ctx.get(0)?;
        Ok(text.map(|text| search_key(&text)))
    })?;
    conn.create_scalar_function("search_stems", 1, flags, |ctx| {
        let text: Option<String> = ctx.get(0)?;
        Ok(text.map(|text| search_stem_key(&text)))
    })?;
    conn.create_scalar_function("search_item", 2, flags, |ctx| {
        let name: Option<String> = ctx.get(0)?;
        let brand: Option<String> = ctx.get(1)?;
        Ok(name.map(|name| item_key(&name, brand.as_deref().unwrap_or(""))))
    })?;
    conn.create_scalar_function("search_words", 1, flags, |ctx| {
        let text: Option<String> = ctx.get(0)?;
        Ok(text.map_or(0, |text| search_terms(&text).len() as i64))
    })?;
    conn.create_scalar_function("search_digest", -1, flags, |ctx| {
        let mut texts = Vec::with_capacity(ctx.len());
        for i in 0..ctx.len() {
            texts.push(ctx.get::<Option<String>>(i)?.unwrap_or_default());
        }
        Ok(search_digest(&texts))
    })
}

/// The folded `name` without the folded `brand` in front of it (whole words only, and
/// only when something is left).
fn item_key(name: &str, brand: &str) -> String {
    let name = search_key(name);
    let brand = search_key(brand);
    if !brand.is_empty()
        && let Some(rest) = name.strip_prefix(&brand)
        && let Some(rest) = rest.strip_prefix(' ')
    {
        return rest.to_owned();
    }
    name
}

/// The first 16 bytes of the SHA-256 of the texts' keys, each followed by a unit
/// separator (which no key holds): a collision would take about 2^64 distinct texts.
fn search_digest(texts: &[String]) -> Vec<u8> {
    let mut hasher = Sha256::new();
    for text in texts {
        hasher.update(search_key(text).as_bytes());
        hasher.update([0x1f]);
    }
    hasher.finalize()[..16].to_vec()
}

/// Adds `district_reaches(home_id, home_polygon, to_id, to_polygon)` (1 or 0, the rule
/// of [`reaches`], the delivery rule) to a connection: the triggers of migration 0008 call it, so every
/// connection that writes shops or districts needs it. Deterministic and innocuous, as
/// SQLite requires of functions used in triggers.
fn register_delivery(conn: &Connection) -> rusqlite::Result<()> {
    let flags = FunctionFlags::SQLITE_UTF8
        | FunctionFlags::SQLITE_DETERMINISTIC
        | FunctionFlags::SQLITE_INNOCUOUS;
    conn.create_scalar_function("district_reaches", 4, flags, |ctx| {
        let home_polygon: Option<String> = ctx.get(1)?;
        let to_polygon: Option<String> = ctx.get(3)?;
        let home = District {
            id: ctx.get(0)?,
            polygon: home_polygon.as_deref().unwrap_or_default(),
        };
        let to = District {
            id: ctx.get(2)?,
            polygon: to_polygon.as_deref().unwrap_or_default(),
        };
        Ok(reaches(home, to))
    })
}
