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

    /// A valid address: dot-separated atoms of the allowed characters, sub-domains,
    /// a top-level label of letters; sometimes a local part of exactly 64 characters
    /// or a whole address of exactly 254, the limits.
    fn address() -> impl Strategy<Value = String> {
        let ordinary = (
            proptest::collection::vec("[a-zA-Z0-9!#$%&'*+/=?^_`{|}~-]{1,8}", 1..4),
            proptest::collection::vec("[a-zA-Z0-9]([a-zA-Z0-9-]{0,8}[a-zA-Z0-9])?", 1..4),
            "[a-zA-Z]{2,6}",
            any::<bool>(),
        )
            .prop_map(|(atoms, labels, tld, longest_local)| {
                let mut local = atoms.join(".");
                if longest_local {
                    local.extend(std::iter::repeat_n('x', 64 - local.len()));
                }
                format!("{local}@{}.{tld}", labels.join("."))
            });
        let longest = (1usize..=59).prop_map(|local| full_length(local, 254));
        prop_oneof![4 => ordinary, 1 => longest]
    }

    /// `length` characters in all: a local part of `local` characters and three domain
    /// labels of 63, the rest in the top-level label.
    fn full_length(local: usize, length: usize) -> String {
        let labels = ["a", "b", "c"].map(|letter| letter.repeat(63)).join(".");
        let tld = "t".repeat(length - local - labels.len() - 2);
        format!("{}@{labels}.{tld}", "l".repeat(local))
    }

    /// A valid address broken in one known way, with what was broken.
    fn broken_address() -> impl Strategy<Value = (String, &'static str)> {
        (
            address(),
            0usize..15,
            any::<prop::sample::Index>(),
            "[éمñ€ ,;:<>()\\[\\]\"]",
        )
            .prop_map(|(address, how, at, stray)| {
                let (local, domain) = address.split_once('@').unwrap();
                let (first_labels, tld) = domain.rsplit_once('.').unwrap();
                match how {
                    0 => (address.replacen('@', "", 1), "no @"),
                    1 => {
                        let mut twice = address.clone();
                        twice.insert(at.index(address.len() + 1), '@');
                        (twice, "a second @")
                    }
                    2 => (format!(".{address}"), "leading dot"),
                    3 => (
                        format!("{local}.@{domain}"),
                        "trailing dot in the local part",
                    ),
                    4 => (
                        format!("{local}..x@{domain}"),
                        "doubled dot in the local part",
                    ),
                    5 => (
                        format!("{local}@{first_labels}.{}", &tld[..1]),
                        "one-letter top-level label",
                    ),
                    6 => (format!("{address}9"), "digit in the top-level label"),
                    7 => {
                        // Strictly inside, where trimming cannot take it away.
                        let mut strayed = address.clone();
                        strayed.insert_str(1 + at.index(address.len() - 1), &stray);
                        (strayed, "a character outside the allowed ones")
                    }
                    8 => (
                        format!("{}{address}", "x".repeat(65 - local.len())),
                        "local part of 65",
                    ),
                    9 => (full_length(1 + at.index(60), 255), "255 characters in all"),
                    10 => (format!("{local}@-{domain}"), "label starting with a hyphen"),
                    11 => (
                        format!("{local}@{}", domain.replacen('.', "-.", 1)),
                        "label ending with a hyphen",
                    ),
                    12 => (
                        format!("{local}@{}", domain.replacen('.', "..", 1)),
                        "empty label",
                    ),
                    13 => (
                        format!("{local}@{}", domain.replace('.', "")),
                        "a single label",
                    ),
                    _ => (
                        format!("{local}@{}.{domain}", "d".repeat(64)),
                        "label of 64",
                    ),
                }
            })
    }

    fn format_error() -> Message {
        Message::new(MessageId::EmailFormat).with("email", EMAIL_FORMAT_EXAMPLE)
    }

    proptest! {
        #[test]
        fn generated_addresses_are_accepted(address in address(), before in "[ \t]{0,2}", after in "[ \t\n]{0,2}") {
            let padded = format!("{before}{address}{after}");
            prop_assert!(is_email(&padded), "{}", padded);
            prop_assert_eq!(email(&padded), Ok(()));
            prop_assert_eq!(email_format(&padded), Ok(()));
        }

        #[test]
        fn broken_addresses_are_refused_with_their_message(
            (broken, how) in broken_address(),
            before in "[ \t]{0,2}",
            after in "[ \t]{0,2}",
        ) {
            let padded = format!("{before}{broken}{after}");
            prop_assert!(!is_email(&padded), "{} accepted: {}", how, padded);
            prop_assert_eq!(email(&padded), Err(MessageId::InvalidEmail.into()), "{}", how);
            prop_assert_eq!(email_format(&padded), Err(format_error()), "{}", how);
        }

        #[test]
        fn any_text_is_blank_an_address_of_the_documented_shape_or_refused(
            text in prop_oneof![
                "\\PC{0,80}",
                "[ \t]{0,3}",
                address(),
                broken_address().prop_map(|(broken, _)| broken),
            ],
        ) {
            let trimmed = text.trim();
            let accepted = is_email(&text);
            // Spaces around never matter: trimming is the only normalisation.
            prop_assert_eq!(is_email(trimmed), accepted);
            prop_assert_eq!(is_email(&format!(" {text}\t")), accepted);
            if accepted {
                let (local, domain) = trimmed.split_once('@').unwrap();
                let tld = domain.rsplit(".").next().unwrap();
                prop_assert!(trimmed.is_ascii() && trimmed.len() <= 254, "{:?}", text);
                prop_assert!(!domain.contains('@') && !trimmed.contains(char::is_whitespace), "{:?}", text);
                prop_assert!((1..=64).contains(&local.len()), "{:?}", text);
                prop_assert!(domain.contains('.') && tld.len() >= 2, "{:?}", text);
                prop_assert!(tld.bytes().all(|b| b.is_ascii_alphabetic()), "{:?}", text);
            }
            // Blank text is left to the required rule; anything else gets the rule's
            // own message, never another.
            let blank = trimmed.is_empty();
            prop_assert_eq!(email(&text), if blank || accepted { Ok(()) } else { Err(MessageId::InvalidEmail.into()) });
            prop_assert_eq!(email_format(&text), if blank || accepted { Ok(()) } else { Err(format_error()) });
        }
    }
}
