//! Passwords (spec 5, 9): at least 8 characters mixing letters, numbers and symbols;
//! a new password is entered twice.

use crate::messages::{Message, MessageId};

use super::digits::is_digit;
use super::fields::char_len;

/// Fewest characters in a password (spec 9).
pub const PASSWORD_MIN_CHARS: usize = 8;

/// 'Use 8 or more characters with a mix of letters, numbers & symbols' unless the
/// password has at least 8 characters with a letter (any script), a digit and a
/// symbol (anything else visible: punctuation, signs, emoji). Whitespace is not a
/// symbol. An empty password is left to the required rule; spaces alone are not.
pub fn password(value: &str) -> Result<(), Message> {
    if value.is_empty() {
        return Ok(());
    }
    let letter = value.chars().any(char::is_alphabetic);
    let digit = value.chars().any(is_digit);
    let symbol = value
        .chars()
        .any(|c| !c.is_alphanumeric() && !c.is_whitespace() && !c.is_control());
    if char_len(value) >= PASSWORD_MIN_CHARS && letter && digit && symbol {
        Ok(())
    } else {
        Err(MessageId::PasswordRule.into())
    }
}

/// 'Passwords must match' unless the confirmation is exactly the password.
pub fn passwords_match(password: &str, confirmation: &str) -> Result<(), Message> {
    if password == confirmation {
        Ok(())
    } else {
        Err(MessageId::PasswordsMustMatch.into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const RULE: &str = "Use 8 or more characters with a mix of letters, numbers & symbols";

    #[test]
    fn the_spec_example_has_no_symbol_and_is_invalid() {
        assert_eq!(password("Aa123456").unwrap_err().english(), RULE);
    }

    #[test]
    fn needs_letters_numbers_symbols_and_eight_characters() {
        for good in [
            "Aa12345!",
            "pass word 1#",
            "كلمة123$سر",
            "abc123😀x",
            "a1-b2-c3",
        ] {
            assert_eq!(password(good), Ok(()), "{good}");
        }
        for bad in [
            "Aa1!",      // too short
            "Aa1!Aa1",   // seven characters
            "abcdefgh!", // no number
            "12345678!", // no letter
            "abcd1234",  // no symbol
            "abcd 1234", // a space is not a symbol
            "        ",  // spaces only
        ] {
            assert_eq!(password(bad).unwrap_err().english(), RULE, "{bad}");
        }
        // Characters, not bytes: four Arabic letters are eight bytes.
        assert!(password("كلم1!").is_err());
        assert_eq!(password(""), Ok(()));
    }

    #[test]
    fn confirmation_must_match_exactly() {
        assert_eq!(passwords_match("Aa12345!", "Aa12345!"), Ok(()));
        assert_eq!(
            passwords_match("Aa12345!", "Aa12345! ")
                .unwrap_err()
                .english(),
            "Passwords must match"
        );
    }
}
