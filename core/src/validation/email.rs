//! E-mail addresses (spec 5): 'Invalid email' on the sign-up form, 'Email Format is
//! wrong right format is {email}' with an example in the catalogue rule.

use crate::messages::{Message, MessageId};

/// The example address the catalogue message shows.
pub const EMAIL_FORMAT_EXAMPLE: &str = "example@domain.com";

/// Whether the (trimmed) text is a deliverable-looking address: `local@domain.tld`,
/// ASCII only. The local part takes the characters HTML's e-mail input allows, with no
/// leading, trailing or doubled dot; the domain has at least two labels of letters,
/// digits and inner hyphens and a top-level label of two or more letters. Lengths
/// follow RFC 5321 (64 for the local part, 254 in all).
pub fn is_email(value: &str) -> bool {
    let value = value.trim();
    let Some((local, domain)) = value.split_once('@') else {
        return false;
    };
    if value.len() > 254 || local.is_empty() || local.len() > 64 || domain.contains('@') {
        return false;
    }
    let local_ok = local
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b"!#$%&'*+/=?^_`{|}~.-".contains(&b))
        && !local.starts_with('.')
        && !local.ends_with('.')
        && !local.contains("..");
    let labels: Vec<&str> = domain.split('.').collect();
    let labels_ok = labels.len() >= 2
        && labels.iter().all(|label| {
            !label.is_empty()
                && label.len() <= 63
                && !label.starts_with('-')
                && !label.ends_with('-')
                && label
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'-')
        });
    let tld_ok = labels
        .last()
        .is_some_and(|tld| tld.len() >= 2 && tld.bytes().all(|b| b.is_ascii_alphabetic()));
    local_ok && labels_ok && tld_ok
}

/// 'Invalid email' unless the non-blank text is an address (sign-up form).
pub fn email(value: &str) -> Result<(), Message> {
    if value.trim().is_empty() || is_email(value) {
        Ok(())
    } else {
        Err(MessageId::InvalidEmail.into())
    }
}

/// 'Email Format is wrong right format is example@domain.com' unless the non-blank
/// text is an address (the catalogue rule).
pub fn email_format(value: &str) -> Result<(), Message> {
    if value.trim().is_empty() || is_email(value) {
        Ok(())
    } else {
        Err(Message::new(MessageId::EmailFormat).with("email", EMAIL_FORMAT_EXAMPLE))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn accepts_ordinary_addresses() {
        for good in [
            "mona@example.com",
            "  mona@example.com ",
            "first.last+tag@mail.example.co.uk",
            "o'brien@shop-online.eg",
            "x@a.io",
            "USER_1@EXAMPLE.COM",
        ] {
            assert!(is_email(good), "{good}");
            assert_eq!(email(good), Ok(()));
        }
    }

    #[test]
    fn rejects_malformed_addresses() {
        for bad in [
            "plainaddress",
            "@example.com",
            "mona@",
            "mona@example",
            "mona@@example.com",
            "mona@ex@ample.com",
            ".mona@example.com",
            "mona.@example.com",
            "mo..na@example.com",
            "mona@-example.com",
            "mona@example-.com",
            "mona@example..com",
            "mona@example.c",
            "mona@example.123",
            "mo na@example.com",
            "mona@exam_ple.com",
            "منى@example.com",
            "mona@مثال.com",
        ] {
            assert!(!is_email(bad), "{bad}");
            assert_eq!(email(bad).unwrap_err().english(), "Invalid email");
        }
        let long_local = format!("{}@example.com", "a".repeat(65));
        assert!(!is_email(&long_local));
    }

    #[test]
    fn the_catalogue_rule_shows_the_example() {
        assert_eq!(
            email_format("mona.example.com").unwrap_err().english(),
            "Email Format is wrong right format is example@domain.com"
        );
        assert_eq!(email_format("mona@example.com"), Ok(()));
        assert!(is_email(EMAIL_FORMAT_EXAMPLE));
    }

    #[test]
    fn blank_is_left_to_the_required_rule() {
        assert_eq!(email(""), Ok(()));
        assert_eq!(email_format("  "), Ok(()));
    }

    proptest! {
        #[test]
        fn generated_addresses_are_accepted(
            local in "[a-z0-9]([a-z0-9._+-]{0,10}[a-z0-9])?",
            domain in "[a-z0-9]([a-z0-9-]{0,8}[a-z0-9])?",
            tld in "[a-z]{2,6}",
        ) {
            prop_assume!(!local.contains(".."));
            let address = format!("{local}@{domain}.{tld}");
            prop_assert!(is_email(&address), "{}", address);
        }

        #[test]
        fn never_panics(text in "\\PC{0,80}") {
            let _ = email(&text);
        }
    }
}
