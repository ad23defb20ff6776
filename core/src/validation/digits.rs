//! Digits as people type them: an Arabic keyboard types Arabic-Indic digits
//! (٠١٢٣٤٥٦٧٨٩, or the Persian forms ۰۱۲۳۴۵۶۷۸۹), which the API does not read.

/// The ASCII digit for an ASCII, Arabic-Indic or Extended Arabic-Indic digit.
pub(crate) fn ascii_digit(c: char) -> Option<char> {
    match c {
        '0'..='9' => Some(c),
        '\u{0660}'..='\u{0669}' => char::from_u32(u32::from(c) - 0x0660 + u32::from('0')),
        '\u{06F0}'..='\u{06F9}' => char::from_u32(u32::from(c) - 0x06F0 + u32::from('0')),
        _ => None,
    }
}

/// The text with every Arabic-Indic digit written as its ASCII digit, the form to
/// submit; other characters are kept.
pub fn normalize_digits(text: &str) -> String {
    text.chars().map(|c| ascii_digit(c).unwrap_or(c)).collect()
}

/// Whether the character is a digit in one of those scripts.
pub(crate) fn is_digit(c: char) -> bool {
    ascii_digit(c).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arabic_indic_digits_become_ascii() {
        let arabic: String = "٠١٢٣٤٥٦٧٨٩".chars().filter_map(ascii_digit).collect();
        assert_eq!(arabic, "0123456789");
        let persian: String = "۰۱۲۳۴۵۶۷۸۹".chars().filter_map(ascii_digit).collect();
        assert_eq!(persian, "0123456789");
        assert_eq!(ascii_digit('7'), Some('7'));
        assert_eq!(ascii_digit('a'), None);
        assert_eq!(ascii_digit('\u{0661}'), Some('1'));
        assert!(!is_digit('½'));
        assert_eq!(normalize_digits("+٢٠ ١٠-۱۲ab"), "+20 10-12ab");
        assert!(!is_digit('²'));
    }
}
