//! The disk's free-space floor (`--limit-min-free-disk`) over every API write: while
//! the data directory's disk has less free space than the floor, every call to the
//! API that is not a read (any method but GET, HEAD and OPTIONS) is answered 503 with
//! 'Changes are paused for a while …' in the request's language, before its handler
//! runs, so nothing is half written. Reads go on. Uploads keep their own check and
//! message (`media::upload`), which also counts the file's size.
//!
//! The free space is read through a [`DiskSpace`]: a probe (the real one asks the
//! file system on the blocking pool; a test's reports what it is told) whose reading
//! stands for [`READING_LIFETIME_MS`] on the server's clock, so a write does not cost
//! a system call, yet a crossing of the floor is seen within a second. A probe that
//! fails refuses nothing: the failure is logged (once a minute, with its count) and
//! writes go through.

use std::io;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, PoisonError};

use axum::extract::{Request, State};
use axum::http::{Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::clock::Clock;
use crate::http::error::ApiError;
use crate::http::rate_limit::{CountedLog, RateLimits};
use crate::i18n::{Msg, language_of_headers};

/// Reads the free space (bytes) of the disk the server writes to. It may block: it is
/// run on the blocking pool.
pub type FreeSpaceProbe = Arc<dyn Fn() -> io::Result<u64> + Send + Sync>;

/// The real probe: the space available to the server's user on the disk of `dir`.
pub fn available_space_of(dir: PathBuf) -> FreeSpaceProbe {
    Arc::new(move || fs4::available_space(&dir))
}

/// How long a reading of the free space stands (ms on the server's clock).
pub const READING_LIFETIME_MS: i64 = 1_000;

/// The free space of the server's disk, read through a probe and kept for
/// [`READING_LIFETIME_MS`]. Cheap to clone: clones share the reading.
#[derive(Clone)]
pub struct DiskSpace {
    inner: Arc<Inner>,
}

struct Inner {
    probe: FreeSpaceProbe,
    cache: Mutex<Cache>,
    /// Failed probes, logged at most once a minute with their count.
    failures: CountedLog,
}

#[derive(Default)]
struct Cache {
    reading: Option<Reading>,
    /// A probe is under way: others use the last reading meanwhile.
    refreshing: bool,
}

#[derive(Debug, Clone, Copy)]
struct Reading {
    at_ms: i64,
    /// `None`: the probe failed.
    free: Option<u64>,
}

impl Reading {
    fn fresh_at(self, now_ms: i64) -> bool {
        // A clock set back makes the reading stale too.
        (0..READING_LIFETIME_MS).contains(&now_ms.saturating_sub(self.at_ms))
    }
}

impl DiskSpace {
    pub fn new(probe: FreeSpaceProbe) -> Self {
        DiskSpace {
            inner: Arc::new(Inner {
                probe,
                cache: Mutex::new(Cache::default()),
                failures: CountedLog::new(60_000),
            }),
        }
    }

    /// The free space at `now_ms` (the server's clock): the last reading while it
    /// stands, else a new one. `None` when the probe failed (it is logged): the caller
    /// refuses nothing then.
    pub async fn free(&self, now_ms: i64) -> Option<u64> {
        {
            let mut cache = self.inner.lock();
            match cache.reading {
                Some(reading) if reading.fresh_at(now_ms) => return reading.free,
                // Another request is reading the disk: the last reading serves until then.
                Some(reading) if cache.refreshing => return reading.free,
                _ => cache.refreshing = true,
            }
        }
        // A task of its own, so that the reading is stored (and `refreshing` cleared)
        // even when the request that started it is dropped meanwhile.
        let inner = self.inner.clone();
        let refresh = tokio::spawn(async move {
            let probe = inner.probe.clone();
            let free = match tokio::task::spawn_blocking(move || probe()).await {
                Ok(Ok(free)) => Some(free),
                Ok(Err(err)) => {
                    inner.failed(now_ms, &err.to_string());
                    None
                }
                Err(err) => {
                    inner.failed(now_ms, &err.to_string());
                    None
                }
            };
            let mut cache = inner.lock();
            cache.reading = Some(Reading {
                at_ms: now_ms,
                free,
            });
            cache.refreshing = false;
            free
        });
        refresh.await.unwrap_or(None)
    }
}

impl Inner {
    fn lock(&self) -> std::sync::MutexGuard<'_, Cache> {
        self.cache.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn failed(&self, now_ms: i64, error: &str) {
        if let Some(failures) = self.failures.count_and_due(now_ms) {
            tracing::warn!(
                error,
                failures,
                "cannot read the disk's free space; writes are let through"
            );
        }
    }
}

/// Shared state of [`refuse_writes_below_floor`].
#[derive(Clone)]
pub struct WriteFloor {
    pub disk: DiskSpace,
    /// `--limit-min-free-disk` in bytes (0: never refuse).
    pub floor: u64,
    /// Where the refusals are counted (`low_disk_log`, shared with the uploads').
    pub limits: Arc<RateLimits>,
    pub clock: Arc<dyn Clock>,
    /// Paths (relative to the API mount) whose handler checks the floor itself, with
    /// its own message, before writing anything: the upload, which also counts the
    /// file's size.
    pub checked_by_handler: &'static [&'static str],
}

/// Whether a call with `method` is a write (anything but a read).
pub fn is_write(method: &Method) -> bool {
    !matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS)
}

/// Middleware: answers a write 503 ('Changes are paused …') while the disk has less
/// free space than the floor, before its handler runs. Reads pass.
pub async fn refuse_writes_below_floor(
    State(floor): State<WriteFloor>,
    request: Request,
    next: Next,
) -> Response {
    if floor.floor == 0 || !is_write(request.method()) {
        return next.run(request).await;
    }
    let path = request.uri().path();
    let path = path.strip_prefix(crate::API_MOUNT).unwrap_or(path);
    if floor.checked_by_handler.contains(&path) {
        return next.run(request).await;
    }
    let now = floor.clock.now_ms();
    match floor.disk.free(now).await {
        Some(free) if free < floor.floor => {
            // Counted, and logged once a minute: one line per refusal would let a
            // flood of writes on a full disk fill the log as well.
            if let Some(refused) = floor.limits.low_disk_log.count_and_due(now) {
                tracing::warn!(
                    free,
                    floor = floor.floor,
                    refused,
                    "writes refused: the disk is nearly full"
                );
            }
            let lang = language_of_headers(request.headers());
            ApiError::Status {
                status: StatusCode::SERVICE_UNAVAILABLE,
                message: Msg::WritesPaused.text(lang),
            }
            .into_response()
        }
        _ => next.run(request).await,
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicU64, Ordering};

    use super::*;

    fn counting(free: u64) -> (DiskSpace, Arc<AtomicU64>) {
        let probes = Arc::new(AtomicU64::new(0));
        let counted = probes.clone();
        let disk = DiskSpace::new(Arc::new(move || {
            counted.fetch_add(1, Ordering::SeqCst);
            Ok(free)
        }));
        (disk, probes)
    }

    #[tokio::test]
    async fn a_reading_stands_for_a_second_of_the_servers_clock() {
        let (disk, probes) = counting(5_000);
        let t0 = 1_800_000_000_000;
        for ms in [0, 1, 500, 999] {
            assert_eq!(disk.free(t0 + ms).await, Some(5_000));
        }
        assert_eq!(probes.load(Ordering::SeqCst), 1);
        assert_eq!(disk.free(t0 + 1_000).await, Some(5_000));
        assert_eq!(probes.load(Ordering::SeqCst), 2);
        // A clock set back does not keep an old reading.
        disk.free(t0).await;
        assert_eq!(probes.load(Ordering::SeqCst), 3);
    }

    #[tokio::test]
    async fn a_failing_probe_reads_as_unknown() {
        let disk = DiskSpace::new(Arc::new(|| Err(io::Error::other("no statvfs"))));
        assert_eq!(disk.free(1_000).await, None);
        let panicking = DiskSpace::new(Arc::new(|| panic!("probe panicked")));
        assert_eq!(panicking.free(1_000).await, None);
        // And the next reading is taken again once the second is over.
        assert_eq!(panicking.free(2_000).await, None);
    }

    #[test]
    fn reads_are_not_writes() {
        for method in [Method::GET, Method::HEAD, Method::OPTIONS] {
            assert!(!is_write(&method), "{method}");
        }
        for method in [Method::POST, Method::PUT, Method::PATCH, Method::DELETE] {
            assert!(is_write(&method), "{method}");
        }
    }
}
