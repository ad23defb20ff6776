//! SQLite access: one writer connection and a few read-only connections in WAL mode,
//! used from blocking tasks so the async runtime never waits on disk.

pub mod functions;
pub mod sql;

use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, TryLockError};

use rusqlite::{Connection, OpenFlags, Transaction, TransactionBehavior};

use crate::http::error::ApiError;

/// Migrations, applied in order at start; `PRAGMA user_version` records the last one.
const MIGRATIONS: &[&str] = &[
    include_str!("../../migrations/0001_initial.sql"),
    include_str!("../../migrations/0002_shared_ledgers.sql"),
    include_str!("../../migrations/0003_orders.sql"),
    include_str!("../../migrations/0004_account.sql"),
    include_str!("../../migrations/0005_idempotency.sql"),
    include_str!("../../migrations/0006_search.sql"),
    include_str!("../../migrations/0007_catalogue_indexes.sql"),
    include_str!("../../migrations/0008_delivery_districts.sql"),
    include_str!("../../migrations/0009_abuse_round_2.sql"),
    include_str!("../../migrations/0010_search_quality.sql"),
    include_str!("../../migrations/0011_stock_baseline.sql"),
    include_str!("../../migrations/0012_reviews.sql"),
    include_str!("../../migrations/0013_saved_cards.sql"),
    include_str!("../../migrations/0014_newsletter_notices.sql"),
    include_str!("../../migrations/0015_reverse_geocoding.sql"),
    include_str!("../../migrations/0016_product_sizes.sql"),
    include_str!("../../migrations/0017_email_accounts.sql"),
];

/// How much of the database file each connection maps into memory (address space,
/// not resident memory: the pages are the OS file cache's).
const MMAP_BYTES: i64 = 1 << 30;

/// Page cache per connection, in KiB.
const CACHE_KIB: i64 = 16 * 1024;

/// Prepared statements each connection keeps (`Connection::prepare_cached`). A
/// search's statements are long and compiling them was a fifth of its CPU; their
/// text varies with the filters and the query's language, so the few dozen shapes of
/// the catalogue's reads need more than rusqlite's default of 16.
const STATEMENT_CACHE: usize = 128;

#[derive(Clone)]
pub struct Db {
    inner: Arc<Inner>,
}

struct Inner {
    writer: Mutex<Connection>,
    readers: Vec<Mutex<Connection>>,
    next_reader: AtomicUsize,
}

#[derive(Debug, thiserror::Error)]
pub enum DbError {
    #[error("cannot open database {path}: {source}")]
    Open {
        path: String,
        source: rusqlite::Error,
    },
    #[error("database migration {version} failed: {source}")]
    Migrate {
        version: usize,
        source: rusqlite::Error,
    },
    #[error("database is newer (schema {found}) than this server knows ({known})")]
    TooNew { found: usize, known: usize },
}

impl Db {
    /// Opens (creating if needed) the database, applies pending migrations.
    pub fn open(path: &Path, readers: usize) -> Result<Db, DbError> {
        let open_err = |source| DbError::Open {
            path: path.display().to_string(),
            source,
        };
        let mut writer = Connection::open(path).map_err(open_err)?;
        configure(&writer, false).map_err(open_err)?;
        migrate(&mut writer)?;
        let readers = (0..readers.max(1))
            .map(|_| {
                let conn = Connection::open_with_flags(
                    path,
                    OpenFlags::SQLITE_OPEN_READ_ONLY
                        | OpenFlags::SQLITE_OPEN_NO_MUTEX
                        | OpenFlags::SQLITE_OPEN_URI,
                )?;
                configure(&conn, true)?;
                Ok(Mutex::new(conn))
            })
            .collect::<Result<Vec<_>, rusqlite::Error>>()
            .map_err(open_err)?;
        Ok(Db {
            inner: Arc::new(Inner {
                writer: Mutex::new(writer),
                readers,
                next_reader: AtomicUsize::new(0),
            }),
        })
    }

    /// Runs a read on a reader connection, in one read transaction: every statement of
    /// `f` sees the same snapshot, so a write committing between two of them (a checkout
    /// emptying the cart after its idempotency key was looked up) is never half seen.
    pub async fn read<T, F>(&self, f: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce(&Connection) -> Result<T, ApiError> + Send + 'static,
    {
        let inner = self.inner.clone();
        run_blocking(move || {
            let conn = inner.free_reader();
            // Dropped at the end, which ends the read (rolls back: nothing was written).
            let snapshot = conn.unchecked_transaction()?;
            f(&snapshot)
        })
        .await
    }

    /// Runs `f` in one IMMEDIATE transaction on the writer: committed if `f` returns
    /// Ok, rolled back otherwise, so a refused request never changes stored data.
    pub async fn write<T, F>(&self, f: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce(&Transaction<'_>) -> Result<T, ApiError> + Send + 'static,
    {
        let inner = self.inner.clone();
        run_blocking(move || {
            let mut conn = lock(&inner.writer);
            let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
            let value = f(&tx)?;
            tx.commit()?;
            Ok(value)
        })
        .await
    }

    /// Copies every committed page from the WAL into the database file and empties the
    /// WAL (`wal_checkpoint(TRUNCATE)`), for a clean stop: the data directory is then
    /// complete in `storefront.db` alone. Returns false when a reader still held an old
    /// snapshot so the WAL could not be emptied (nothing is lost: the next open
    /// replays it).
    pub fn checkpoint(&self) -> rusqlite::Result<bool> {
        let conn = lock(&self.inner.writer);
        let busy: i64 = conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |r| r.get(0))?;
        Ok(busy == 0)
    }

    /// Synchronous access to the writer, for start-up work (seeding) before serving.
    pub fn with_writer<T>(&self, f: impl FnOnce(&mut Connection) -> T) -> T {
        f(&mut lock(&self.inner.writer))
    }
}

impl Inner {
    /// A reader no other request holds, when there is one (so a slow read never
    /// queues a fast one behind it); else the next in turn, waited for.
    fn free_reader(&self) -> MutexGuard<'_, Connection> {
        let start = self.next_reader.fetch_add(1, Ordering::Relaxed);
        let count = self.readers.len();
        for offset in 0..count {
            match self.readers[(start + offset) % count].try_lock() {
                Ok(conn) => return conn,
                Err(TryLockError::Poisoned(poisoned)) => return poisoned.into_inner(),
                Err(TryLockError::WouldBlock) => {}
            }
        }
        lock(&self.readers[start % count])
    }
}

fn lock(mutex: &Mutex<Connection>) -> MutexGuard<'_, Connection> {
    // A panic while holding the lock leaves the connection usable: SQLite rolls
    // back the open transaction when the Transaction guard drops.
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

async fn run_blocking<T: Send + 'static>(
    f: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    tokio::task::spawn_blocking(f)
        .await
        .map_err(|e| ApiError::internal(format!("database task failed: {e}")))?
}

fn configure(conn: &Connection, read_only: bool) -> rusqlite::Result<()> {
    functions::register(conn)?;
    conn.set_prepared_statement_cache_capacity(STATEMENT_CACHE);
    conn.busy_timeout(std::time::Duration::from_secs(5))?;
    conn.pragma_update(None, "foreign_keys", "ON")?;
    // Reads map the file instead of copying pages through read(2), and each
    // connection keeps more pages: a search over a large catalogue visits thousands
    // of rows (figures in docs/performance.md).
    conn.pragma_update(None, "mmap_size", MMAP_BYTES)?;
    conn.pragma_update(None, "cache_size", -CACHE_KIB)?;
    if read_only {
        conn.pragma_update(None, "query_only", "ON")?;
    } else {
        // WAL lets readers run while the writer commits. synchronous=FULL: the WAL is
        // fsynced at every commit, so an acknowledged write survives power loss, not
        // only a process crash (README, "Durability").
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "FULL")?;
    }
    Ok(())
}

fn migrate(conn: &mut Connection) -> Result<(), DbError> {
    let current: usize = conn
        .pragma_query_value(None, "user_version", |row| row.get::<_, i64>(0))
        .map(|v| usize::try_from(v).unwrap_or(0))
        .map_err(|source| DbError::Migrate { version: 0, source })?;
    if current > MIGRATIONS.len() {
        return Err(DbError::TooNew {
            found: current,
            known: MIGRATIONS.len(),
        });
    }
    for (index, sql) in MIGRATIONS.iter().enumerate().skip(current) {
        let version = index + 1;
        let err = |source| DbError::Migrate { version, source };
        let tx = conn.transaction().map_err(err)?;
        tx.execute_batch(sql).map_err(err)?;
        tx.pragma_update(None, "user_version", version as i64)
            .map_err(err)?;
        tx.commit().map_err(err)?;
        tracing::info!(version, "applied database migration");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn migrates_once_and_reopens() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("store.db");
        let db = Db::open(&path, 2).unwrap();
        db.write(|tx| {
            tx.execute("INSERT INTO settings (key, value) VALUES ('k', '1')", [])?;
            Ok(())
        })
        .await
        .unwrap();
        drop(db);
        let db = Db::open(&path, 2).unwrap();
        let value: String = db
            .read(|c| {
                Ok(
                    c.query_row("SELECT value FROM settings WHERE key = 'k'", [], |r| {
                        r.get(0)
                    })?,
                )
            })
            .await
            .unwrap();
        assert_eq!(value, "1");
    }

    /// Migration 0017 rebuilds `users`, which every other table references: a
    /// database with customers and their rows keeps them all, and the welcome
    /// notice is not sent a second time.
    #[test]
    fn the_users_rebuild_keeps_every_reference() {
        let dir = tempfile::tempdir().unwrap();
        let mut conn = Connection::open(dir.path().join("store.db")).unwrap();
        configure(&conn, false).unwrap();
        for sql in &MIGRATIONS[..16] {
            conn.execute_batch(sql).unwrap();
        }
        conn.pragma_update(None, "user_version", 16).unwrap();
        conn.execute_batch(
            "INSERT INTO users (id, mobile, name, referral_code, created_at)
                 VALUES (1, '+201001234567', 'Mona', 'NILEAAAAAA', 1);
             INSERT INTO users (id, mobile, name, referral_code, referred_by, created_at)
                 VALUES (2, '+201001234568', 'Ali', 'NILEBBBBBB', 1, 1);
             INSERT INTO favorites (user_id, kind, item_id, created_at) VALUES (2, 'product', 7, 1);",
        )
        .unwrap();
        migrate(&mut conn).unwrap();
        let rows: Vec<(i64, Option<String>, Option<i64>)> = conn
            .prepare("SELECT id, mobile, referred_by FROM users ORDER BY id")
            .unwrap()
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        assert_eq!(
            rows,
            vec![
                (1, Some("+201001234567".into()), None),
                (2, Some("+201001234568".into()), Some(1))
            ]
        );
        let welcomes: i64 = conn
            .query_row(
                "SELECT count(*) FROM notifications WHERE kind = 'welcome'",
                [],
                |r| r.get(0),
            )
            .unwrap();
        assert_eq!(welcomes, 2);
        // A phone-less account now fits, and is welcomed.
        conn.execute(
            "INSERT INTO users (name, email, referral_code, created_at) VALUES ('E', 'e@example.com', 'NILECCCCCC', 2)",
            [],
        )
        .unwrap();
        let welcomes: i64 = conn
            .query_row(
                "SELECT count(*) FROM notifications WHERE kind = 'welcome'",
                [],
                |r| r.get(0),
            )
            .unwrap();
        assert_eq!(welcomes, 3);
        let broken: i64 = conn
            .query_row("SELECT count(*) FROM pragma_foreign_key_check", [], |r| {
                r.get(0)
            })
            .unwrap();
        assert_eq!(broken, 0);
        // The favourite still belongs to its customer: a dangling id would be refused.
        assert!(conn.execute("DELETE FROM users WHERE id = 2", []).is_err());
    }

    #[tokio::test]
    async fn a_failed_write_changes_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let db = Db::open(&dir.path().join("store.db"), 1).unwrap();
        let result: Result<(), ApiError> = db
            .write(|tx| {
                tx.execute("INSERT INTO settings (key, value) VALUES ('a', '1')", [])?;
                Err(ApiError::bad_request("refused"))
            })
            .await;
        assert!(result.is_err());
        let count: i64 = db
            .read(|c| Ok(c.query_row("SELECT count(*) FROM settings", [], |r| r.get(0))?))
            .await
            .unwrap();
        assert_eq!(count, 0);
    }

    #[tokio::test]
    async fn a_checkpoint_empties_the_wal() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("store.db");
        let db = Db::open(&path, 1).unwrap();
        db.write(|tx| {
            tx.execute("INSERT INTO settings (key, value) VALUES ('k', 'v')", [])?;
            Ok(())
        })
        .await
        .unwrap();
        let wal = dir.path().join("store.db-wal");
        assert!(std::fs::metadata(&wal).unwrap().len() > 0);
        assert!(db.checkpoint().unwrap());
        assert_eq!(std::fs::metadata(&wal).unwrap().len(), 0);
        // The database file alone now holds the write.
        let copy = dir.path().join("copy.db");
        std::fs::copy(&path, &copy).unwrap();
        let value: String = Connection::open(&copy)
            .unwrap()
            .query_row("SELECT value FROM settings WHERE key = 'k'", [], |r| {
                r.get(0)
            })
            .unwrap();
        assert_eq!(value, "v");
    }

    #[tokio::test]
    async fn readers_cannot_write() {
        let dir = tempfile::tempdir().unwrap();
        let db = Db::open(&dir.path().join("store.db"), 1).unwrap();
        let result = db
            .read(|c| Ok(c.execute("INSERT INTO settings (key, value) VALUES ('a', '1')", [])?))
            .await;
        assert!(result.is_err());
    }

    #[test]
    fn refuses_a_newer_database() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("store.db");
        let conn = Connection::open(&path).unwrap();
        conn.pragma_update(None, "user_version", 99).unwrap();
        drop(conn);
        assert!(matches!(
            Db::open(&path, 1),
            Err(DbError::TooNew { found: 99, .. })
        ));
    }
}
