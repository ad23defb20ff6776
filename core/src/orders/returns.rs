//! What a return request offers (spec 3, 5): the reasons an item goes back (`other`
//! needs a comment), and the pickup slots, a day from tomorrow up to
//! [`PICKUP_DAYS_AHEAD`] days ahead and an hour from 09:00 to 21:00, both UTC. The
//! client offers them as choices, so the customer never picks a refused value; the
//! server checks them again with [`pickup_date`] and [`pickup_time`].

use serde::{Deserialize, Serialize};

/// Why an item goes back (the API's values).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum ReturnReason {
    Damaged,
    WrongItem,
    NotAsDescribed,
    MissingParts,
    ChangedMind,
    /// Needs a comment.
    Other,
}

impl ReturnReason {
    /// Every reason, in the order the form lists them.
    pub const ALL: [ReturnReason; 6] = [
        ReturnReason::Damaged,
        ReturnReason::WrongItem,
        ReturnReason::NotAsDescribed,
        ReturnReason::MissingParts,
        ReturnReason::ChangedMind,
        ReturnReason::Other,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            ReturnReason::Damaged => "damaged",
            ReturnReason::WrongItem => "wrong_item",
            ReturnReason::NotAsDescribed => "not_as_described",
            ReturnReason::MissingParts => "missing_parts",
            ReturnReason::ChangedMind => "changed_mind",
            ReturnReason::Other => "other",
        }
    }

    /// The reason of an API value; `None` for anything else.
    pub fn parse(text: &str) -> Option<ReturnReason> {
        Self::ALL.into_iter().find(|r| r.as_str() == text.trim())
    }

    /// Whether the customer must say more in the comment.
    pub fn requires_comment(self) -> bool {
        self == ReturnReason::Other
    }
}

/// The latest pickup day, in days from today.
pub const PICKUP_DAYS_AHEAD: u8 = 7;
/// The first and last pickup hours (UTC), on the hour.
pub const PICKUP_HOURS: (u8, u8) = (9, 21);

const MS_PER_DAY: i64 = 86_400_000;

/// The pickup days offered at `now_ms` (ms since the epoch): tomorrow up to
/// [`PICKUP_DAYS_AHEAD`] days ahead, as `YYYY-MM-DD` (UTC).
pub fn pickup_days(now_ms: i64) -> Vec<String> {
    let today = now_ms.div_euclid(MS_PER_DAY);
    (1..=i64::from(PICKUP_DAYS_AHEAD))
        .filter_map(|ahead| date_text(today + ahead))
        .collect()
}

/// The pickup times offered: each hour from 09:00 to 21:00, as `HH:MM`.
pub fn pickup_times() -> Vec<String> {
    (PICKUP_HOURS.0..=PICKUP_HOURS.1)
        .map(|hour| format!("{hour:02}:00"))
        .collect()
}

/// A pickup day as sent (`YYYY-MM-DD`, surrounding spaces allowed), when it is one of
/// [`pickup_days`] at `now_ms`; in its canonical form.
pub fn pickup_date(text: &str, now_ms: i64) -> Option<String> {
    let text = text.trim();
    pickup_days(now_ms).into_iter().find(|day| day == text)
}

/// A pickup time as sent (`HH:MM`), when it lies from 09:00 to 21:00 (any minute
/// in between); in its canonical form.
pub fn pickup_time(text: &str) -> Option<String> {
    let (hour, minute) = text.trim().split_once(':')?;
    let two_digits = |part: &str| {
        (part.len() == 2 && part.bytes().all(|b| b.is_ascii_digit()))
            .then(|| part.parse::<u32>().ok())
            .flatten()
    };
    let (hour, minute) = (two_digits(hour)?, two_digits(minute)?);
    let minutes = hour * 60 + minute;
    let (first, last) = (u32::from(PICKUP_HOURS.0), u32::from(PICKUP_HOURS.1));
    (minute < 60 && (first * 60..=last * 60).contains(&minutes))
        .then(|| format!("{hour:02}:{minute:02}"))
}

/// `YYYY-MM-DD` of a day counted from 1970-01-01.
fn date_text(days: i64) -> Option<String> {
    let date = crate::calendar::date_of_day(days)?;
    Some(format!(
        "{:04}-{:02}-{:02}",
        date.year(),
        u8::from(date.month()),
        date.day()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 2026-11-27T23:59:59Z and the next second.
    const LATE: i64 = 1_795_823_999_000;

    #[test]
    fn reasons_read_their_api_values_and_only_other_needs_a_comment() {
        for reason in ReturnReason::ALL {
            assert_eq!(ReturnReason::parse(reason.as_str()), Some(reason));
            assert_eq!(
                serde_json::to_value(reason).unwrap(),
                serde_json::json!(reason.as_str())
            );
            assert_eq!(reason.requires_comment(), reason == ReturnReason::Other);
        }
        assert_eq!(ReturnReason::parse(" other "), Some(ReturnReason::Other));
        assert_eq!(ReturnReason::parse("Other"), None);
        assert_eq!(ReturnReason::parse(""), None);
    }

    #[test]
    fn pickup_days_run_from_tomorrow_for_a_week_in_utc() {
        assert_eq!(
            pickup_days(LATE),
            [
                "2026-11-28",
                "2026-11-29",
                "2026-11-30",
                "2026-12-01",
                "2026-12-02",
                "2026-12-03",
                "2026-12-04"
            ]
        );
        // A second later it is the 28th: the list moves on by a day.
        assert_eq!(pickup_days(LATE + 1000)[0], "2026-11-29");
        // Across a year's end and a leap day.
        assert_eq!(pickup_days(1_709_164_800_000)[0], "2024-03-01"); // 2024-02-29
        assert_eq!(pickup_days(1_703_980_800_000)[0], "2024-01-01"); // 2023-12-31
        // Before the epoch too.
        assert_eq!(pickup_days(-1)[0], "1970-01-01");
    }

    #[test]
    fn a_pickup_day_must_be_one_of_them() {
        assert_eq!(
            pickup_date(" 2026-11-28 ", LATE).as_deref(),
            Some("2026-11-28")
        );
        assert_eq!(
            pickup_date("2026-12-04", LATE).as_deref(),
            Some("2026-12-04")
        );
        for refused in [
            "2026-11-27",
            "2026-12-05",
            "2026-11-28T00:00",
            "28/11/2026",
            "",
        ] {
            assert_eq!(pickup_date(refused, LATE), None, "{refused}");
        }
    }

    #[test]
    fn pickup_times_are_the_hours_from_nine_to_nine() {
        let times = pickup_times();
        assert_eq!(times.first().map(String::as_str), Some("09:00"));
        assert_eq!(times.last().map(String::as_str), Some("21:00"));
        assert_eq!(times.len(), 13);
        for time in &times {
            assert_eq!(pickup_time(time).as_ref(), Some(time));
        }
        assert_eq!(pickup_time(" 10:30 ").as_deref(), Some("10:30"));
        for refused in [
            "08:59", "21:01", "9:00", "24:00", "10:60", "10-00", "", "ab:cd",
        ] {
            assert_eq!(pickup_time(refused), None, "{refused}");
        }
    }
}
