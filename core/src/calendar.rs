//! Days counted from 1970-01-01 and calendar dates (the proleptic Gregorian calendar
//! of the `time` crate), for the rules that step through days or read dates.

/// The Julian day number of 1970-01-01.
const UNIX_EPOCH_JULIAN_DAY: i64 = 2_440_588;

/// The date `days` days after 1970-01-01 (before it when negative).
pub(crate) fn date_of_day(days: i64) -> Option<time::Date> {
    time::Date::from_julian_day(i32::try_from(days + UNIX_EPOCH_JULIAN_DAY).ok()?).ok()
}

/// How many days after 1970-01-01 `date` is.
pub(crate) fn day_of_date(date: time::Date) -> i64 {
    i64::from(date.to_julian_day()) - UNIX_EPOCH_JULIAN_DAY
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_and_dates_meet_at_the_epoch_and_round_trip() {
        let epoch = date_of_day(0).unwrap();
        assert_eq!(
            (epoch.year(), u8::from(epoch.month()), epoch.day()),
            (1970, 1, 1)
        );
        for days in [-719_468, -1, 0, 1, 19_782, 2_932_896] {
            assert_eq!(day_of_date(date_of_day(days).unwrap()), days);
        }
    }
}
