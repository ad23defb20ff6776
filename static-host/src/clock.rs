//! Time as the server counts it: milliseconds since the Unix epoch, read in one place
//! so every rule below takes `now` as a value.
//!
//! A server reads the time from the [`Clock`] it is built with (its state's `clock`):
//! [`SystemClock`] in production, a [`ManualClock`] in tests, which moves only when
//! the test moves it, so a rule about time (a session's idle timeout, its age) is
//! checked at the exact millisecond instead of after a sleep.

use std::sync::atomic::{AtomicI64, Ordering};
use std::time::Duration;

/// One day in milliseconds.
pub const DAY_MS: i64 = 86_400_000;

/// Milliseconds since the Unix epoch, on the system's clock.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
        .unwrap_or(0)
}

/// Where a server reads the time.
pub trait Clock: Send + Sync {
    /// Milliseconds since the Unix epoch.
    fn now_ms(&self) -> i64;
}

/// The system's clock.
#[derive(Debug, Clone, Copy, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now_ms(&self) -> i64 {
        now_ms()
    }
}

/// A clock that stands still until it is moved (tests).
#[derive(Debug)]
pub struct ManualClock {
    now_ms: AtomicI64,
}

impl ManualClock {
    /// A clock showing `now_ms`.
    pub fn at(now_ms: i64) -> Self {
        ManualClock {
            now_ms: AtomicI64::new(now_ms),
        }
    }

    /// Moves the clock forward by `by`.
    pub fn advance(&self, by: Duration) {
        let by = i64::try_from(by.as_millis()).unwrap_or(i64::MAX);
        self.now_ms.fetch_add(by, Ordering::SeqCst);
    }
}

impl Clock for ManualClock {
    fn now_ms(&self) -> i64 {
        self.now_ms.load(Ordering::SeqCst)
    }
}

/// RFC 3339 in UTC, whole seconds (`2025-03-01T09:30:00Z`): the form every date the
/// API answers takes.
pub fn iso_time(ms: i64) -> String {
    use time::format_description::well_known::Rfc3339;
    time::OffsetDateTime::from_unix_timestamp(ms.div_euclid(1000))
        .ok()
        .and_then(|t| t.format(&Rfc3339).ok())
        .unwrap_or_default()
}

/// `YYYY-MM-DD HH:MM` in UTC (the orders' display dates).
pub fn date_time(ms: i64) -> String {
    let format = time::macros::format_description!("[year]-[month]-[day] [hour]:[minute]");
    time::OffsetDateTime::from_unix_timestamp(ms.div_euclid(1000))
        .ok()
        .and_then(|t| t.format(&format).ok())
        .unwrap_or_default()
}

/// The calendar day of `ms` in UTC, `(year, month, day)`, as the core's date rules
/// take it (a card's expiry).
pub fn utc_date(ms: i64) -> (i32, u8, u8) {
    let date = time::OffsetDateTime::from_unix_timestamp(ms.div_euclid(1000))
        .unwrap_or(time::OffsetDateTime::UNIX_EPOCH)
        .date();
    (date.year(), u8::from(date.month()), date.day())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utc_dates_are_calendar_days() {
        // 2025-03-01T09:30:00Z, and the last millisecond of February before it.
        assert_eq!(utc_date(1_740_821_400_000), (2025, 3, 1));
        assert_eq!(utc_date(1_740_787_199_999), (2025, 2, 28));
        assert_eq!(utc_date(0), (1970, 1, 1));
    }

    #[test]
    fn dates_are_utc_whole_seconds() {
        assert_eq!(iso_time(1_740_821_400_999), "2025-03-01T09:30:00Z");
        assert_eq!(iso_time(0), "1970-01-01T00:00:00Z");
        assert_eq!(iso_time(-1), "1969-12-31T23:59:59Z");
        assert_eq!(date_time(1_740_821_400_000), "2025-03-01 09:30");
        assert_eq!(DAY_MS, 24 * 60 * 60 * 1000);
    }

    #[test]
    fn a_manual_clock_moves_only_when_moved() {
        let clock = ManualClock::at(1_000);
        assert_eq!(clock.now_ms(), 1_000);
        assert_eq!(clock.now_ms(), 1_000);
        clock.advance(Duration::from_millis(1_999));
        assert_eq!(clock.now_ms(), 2_999);
    }
}
