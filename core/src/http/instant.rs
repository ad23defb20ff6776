//! The API's instants (order history, estimated arrival): RFC 3339
//! (`2025-03-01T09:30:00Z`, `2025-03-01T11:30:00+02:00`) or the order flow's
//! `YYYY-MM-DD HH:MM`, which is UTC. Read into milliseconds since the epoch, for the
//! client to show in the reader's time zone; anything else is not an instant.

/// The instant `text` names, in ms since the epoch; `None` when it is none of the
/// API's forms (or no real date, such as 30 February). RFC 3339 as the API writes it:
/// `T` (or a space, or `t`), seconds with an optional fraction, and `Z` or `±HH:MM`.
pub fn api_instant_ms(text: &str) -> Option<i64> {
    let text = text.trim();
    let bytes = text.as_bytes();
    let number = |from: usize, len: usize| -> Option<i64> {
        let part = text.get(from..from + len)?;
        part.bytes()
            .all(|b| b.is_ascii_digit())
            .then(|| part.parse().ok())
            .flatten()
    };
    if bytes.len() < 16 || bytes[4] != b'-' || bytes[7] != b'-' || bytes[13] != b':' {
        return None;
    }
    if !matches!(bytes[10], b'T' | b't' | b' ') {
        return None;
    }
    let (year, month, day) = (number(0, 4)?, number(5, 2)?, number(8, 2)?);
    let (hour, minute) = (number(11, 2)?, number(14, 2)?);
    let (second, millis, offset_minutes) = if bytes.len() == 16 && bytes[10] == b' ' {
        // The order flow's `YYYY-MM-DD HH:MM`, in UTC.
        (0, 0, 0)
    } else {
        if bytes.get(16) != Some(&b':') {
            return None;
        }
        let second = number(17, 2)?;
        let mut at = 19;
        let mut millis = 0;
        if bytes.get(at) == Some(&b'.') {
            let digits = bytes[at + 1..]
                .iter()
                .take_while(|b| b.is_ascii_digit())
                .count();
            if digits == 0 {
                return None;
            }
            let kept = digits.min(3);
            millis = number(at + 1, kept)? * 10_i64.pow(3 - kept as u32);
            at += 1 + digits;
        }
        let offset = match &text[at..] {
            "Z" | "z" => 0,
            zone if zone.len() == 6 && zone.as_bytes()[3] == b':' => {
                let sign = match zone.as_bytes()[0] {
                    b'+' => 1,
                    b'-' => -1,
                    _ => return None,
                };
                let (h, m) = (number(at + 1, 2)?, number(at + 4, 2)?);
                if h > 23 || m > 59 {
                    return None;
                }
                sign * (h * 60 + m)
            }
            _ => return None,
        };
        (second, millis, offset)
    };
    if hour > 23 || minute > 59 || second > 59 {
        return None;
    }
    let month = time::Month::try_from(u8::try_from(month).ok()?).ok()?;
    let date =
        time::Date::from_calendar_date(i32::try_from(year).ok()?, month, u8::try_from(day).ok()?)
            .ok()?;
    let days = crate::calendar::day_of_date(date);
    let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second - offset_minutes * 60;
    Some(seconds * 1_000 + millis)
}

#[cfg(test)]
mod tests {
    use super::*;

    const NINE_THIRTY: i64 = 1_740_821_400_000; // 2025-03-01T09:30:00Z

    #[test]
    fn both_forms_read_as_the_same_instant() {
        assert_eq!(api_instant_ms("2025-03-01T09:30:00Z"), Some(NINE_THIRTY));
        assert_eq!(
            api_instant_ms("2025-03-01T11:30:00+02:00"),
            Some(NINE_THIRTY)
        );
        assert_eq!(
            api_instant_ms("2025-03-01T09:30:00.250Z"),
            Some(NINE_THIRTY + 250)
        );
        assert_eq!(api_instant_ms(" 2025-03-01 09:30 "), Some(NINE_THIRTY));
        assert_eq!(api_instant_ms("2025-03-01 09:30:00Z"), Some(NINE_THIRTY));
        assert_eq!(
            api_instant_ms("2025-03-01T04:00:00-05:30"),
            Some(NINE_THIRTY)
        );
        assert_eq!(
            api_instant_ms("2025-03-01T09:30:00.123456Z"),
            Some(NINE_THIRTY + 123)
        );
        assert_eq!(api_instant_ms("1969-12-31T23:59:59Z"), Some(-1000));
    }

    #[test]
    fn anything_else_is_no_instant() {
        for text in [
            "",
            "soon",
            "2025-03-01",
            "2025-03-01 9:30",
            "2025-02-30 09:30",
            "2025-03-01T09:30:00",
            "01/03/2025 09:30",
            "2025-03-01T09:30:00+0200",
            "2025-03-01T24:00:00Z",
            "2025-03-01T09:30:00.Z",
            "2025-03-01X09:30:00Z",
        ] {
            assert_eq!(api_instant_ms(text), None, "{text}");
        }
    }
}
