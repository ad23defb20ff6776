//! A card's expiry: valid through the last day of its expiry month.

use crate::messages::{Message, MessageId};

/// The year a card's expiry year names: two digits are this century's (`29` is 2029).
fn full_year(year: u16) -> u16 {
    if year < 100 { 2000 + year } else { year }
}

/// Whether a card expiring in `month` of `year` (`29` or `2029`) has expired on
/// `today`, `(year, month, day)` as the shopper's calendar reads it. A card works
/// through the end of its expiry month, so only the month of `today` matters: 05/29 is
/// valid on 31 May 2029 and expired on 1 June 2029. A month outside 1 to 12 names no
/// date a card works through, so such a card counts as expired.
pub fn card_expired(month: u8, year: u16, today: (i32, u8, u8)) -> bool {
    if !(1..=12).contains(&month) {
        return true;
    }
    let (today_year, today_month, _) = today;
    (today_year, today_month) > (i32::from(full_year(year)), month)
}

/// 'This card has expired' when [`card_expired`] on `today`.
pub fn card_expiry(month: u8, year: u16, today: (i32, u8, u8)) -> Result<(), Message> {
    if card_expired(month, year, today) {
        Err(MessageId::CardExpired.into())
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::locale::Language;

    #[test]
    fn valid_through_the_last_day_of_the_month() {
        assert!(!card_expired(5, 29, (2029, 5, 31)));
        assert!(card_expired(5, 29, (2029, 6, 1)));
        assert!(!card_expired(5, 2029, (2029, 5, 31)));
        assert!(card_expired(5, 2029, (2029, 6, 1)));
        // February of a leap year, and December into January.
        assert!(!card_expired(2, 28, (2028, 2, 29)));
        assert!(card_expired(2, 28, (2028, 3, 1)));
        assert!(!card_expired(12, 26, (2026, 12, 31)));
        assert!(card_expired(12, 26, (2027, 1, 1)));
        // Earlier months and years, later ones.
        assert!(!card_expired(1, 30, (2029, 12, 31)));
        assert!(card_expired(12, 25, (2026, 1, 1)));
        assert!(!card_expired(1, 26, (2026, 1, 1)));
    }

    #[test]
    fn a_month_that_is_no_month_is_expired() {
        assert!(card_expired(0, 30, (2026, 1, 1)));
        assert!(card_expired(13, 30, (2026, 1, 1)));
    }

    #[test]
    fn the_expired_message() {
        assert_eq!(card_expiry(5, 29, (2029, 5, 31)), Ok(()));
        let expired = card_expiry(5, 29, (2029, 6, 1)).unwrap_err();
        assert_eq!(expired.english(), "This card has expired");
        assert_eq!(expired.render(Language::Ar), "انتهت صلاحية هذه البطاقة");
    }
}
