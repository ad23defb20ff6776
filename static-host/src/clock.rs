//! Time as the server counts it: milliseconds since the Unix epoch, read in one place
//! so every rule below takes `now` as a value.

/// One day in milliseconds.
pub const DAY_MS: i64 = 86_400_000;

/// Milliseconds since the Unix epoch.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
        .unwrap_or(0)
}
