//! Amounts as the API writes them (spec 8: decimal strings in EGP). The one place
//! every feature formats money, so a price reads the same in every answer.

use storefront_core::money::Money;

/// The only currency the reference API prices in.
pub const CURRENCY: &str = "EGP";

/// An amount as the API writes it: a decimal string with two decimals (`"19.99"`).
pub fn amount(minor: i64) -> String {
    Money::from_minor(minor).to_string()
}

/// The previous price, shown only when it is really higher than the current one.
pub fn old_amount(price_minor: i64, old_minor: Option<i64>) -> Option<String> {
    old_minor.filter(|old| *old > price_minor).map(amount)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_have_two_decimals() {
        assert_eq!(amount(1999), "19.99");
        assert_eq!(amount(500), "5.00");
        assert_eq!(amount(0), "0.00");
        assert_eq!(old_amount(1000, Some(1200)), Some("12.00".to_owned()));
        assert_eq!(old_amount(1000, Some(1000)), None);
        assert_eq!(old_amount(1000, None), None);
    }
}
