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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_utc_whole_seconds() {
        assert_eq!(iso_time(1_740_821_400_999), "2025-03-01T09:30:00Z");
        assert_eq!(iso_time(0), "1970-01-01T00:00:00Z");
        assert_eq!(iso_time(-1), "1969-12-31T23:59:59Z");
        assert_eq!(date_time(1_740_821_400_000), "2025-03-01 09:30");
        assert_eq!(DAY_MS, 24 * 60 * 60 * 1000);
    }
}
