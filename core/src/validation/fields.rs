//! Rules for single text fields (spec 5 catalogue messages): required, length, only
//! numbers, URL, greater than 0.
//!
//! Format rules pass on blank text, so an optional field may stay empty; a required
//! field adds [`required`] or [`field_required`] in front.

use crate::messages::{Message, MessageId};

use super::digits::is_digit;

/// 'Required' when the text is blank (sign-up and login forms).
pub fn required(value: &str) -> Result<(), Message> {
    if value.trim().is_empty() {
        Err(MessageId::Required.into())
    } else {
        Ok(())
    }
}

/// 'This field is required' when the text is blank (the catalogue's wording).
pub fn field_required(value: &str) -> Result<(), Message> {
    if value.trim().is_empty() {
        Err(MessageId::FieldRequired.into())
    } else {
        Ok(())
    }
}

/// Length in characters (Unicode scalar values), the unit the server's limits use;
/// never bytes, so Arabic counts the same as English.
pub(crate) fn char_len(value: &str) -> usize {
    value.chars().count()
}

/// 'Too Short! The minimum character is {len}' when non-blank text has fewer than
/// `len` characters.
pub fn min_length(value: &str, len: usize) -> Result<(), Message> {
    if !value.trim().is_empty() && char_len(value) < len {
        Err(Message::new(MessageId::TooShort).with("len", len))
    } else {
        Ok(())
    }
}

/// 'Too long! The maximum character is {len}' when the text has more than `len`
/// characters.
pub fn max_length(value: &str, len: usize) -> Result<(), Message> {
    if char_len(value) > len {
        Err(Message::new(MessageId::TooLong).with("len", len))
    } else {
        Ok(())
    }
}

/// 'Only number' unless the non-blank text is all digits (ASCII or Arabic-Indic, as
/// an Arabic keyboard types them).
pub fn only_numbers(value: &str) -> Result<(), Message> {
    let value = value.trim();
    if value.is_empty() || value.chars().all(is_digit) {
        Ok(())
    } else {
        Err(MessageId::OnlyNumber.into())
    }
}

/// 'Only URL' unless the non-blank text is an `http` or `https` URL with a host.
pub fn url(value: &str) -> Result<(), Message> {
    let value = value.trim();
    if value.is_empty() || is_web_url(value) {
        Ok(())
    } else {
        Err(MessageId::OnlyUrl.into())
    }
}

/// Whether the text is an absolute `http(s)://host[:port][/path][?query][#fragment]`
/// URL with no whitespace; the host is a domain name (letters of any script, digits,
/// hyphens), an IPv4 address or a bracketed IPv6 address.
pub fn is_web_url(value: &str) -> bool {
    if value.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return false;
    }
    let Some((scheme, rest)) = value.split_once("://") else {
        return false;
    };
    if !scheme.eq_ignore_ascii_case("http") && !scheme.eq_ignore_ascii_case("https") {
        return false;
    }
    let authority = rest.split(['/', '?', '#']).next().unwrap_or_default();
    let host_port = authority.rsplit_once('@').map_or(authority, |(_, h)| h);
    let (host, port) = if let Some(ipv6) = host_port.strip_prefix('[') {
        match ipv6.split_once(']') {
            Some((address, after)) => {
                let valid = !address.is_empty()
                    && address
                        .chars()
                        .all(|c| c.is_ascii_hexdigit() || c == ':' || c == '.');
                if !valid {
                    return false;
                }
                (None, after.strip_prefix(':'))
            }
            None => return false,
        }
    } else {
        match host_port.split_once(':') {
            Some((host, port)) => (Some(host), Some(port)),
            None => (Some(host_port), None),
        }
    };
    let port_ok =
        port.is_none_or(|p| !p.is_empty() && p.len() <= 5 && p.bytes().all(|b| b.is_ascii_digit()));
    let host_ok = host.is_none_or(|host| {
        let host = host.strip_suffix('.').unwrap_or(host);
        !host.is_empty()
            && host.split('.').all(|label| {
                !label.is_empty()
                    && label.chars().count() <= 63
                    && !label.starts_with('-')
                    && !label.ends_with('-')
                    && label.chars().all(|c| c.is_alphanumeric() || c == '-')
            })
    });
    port_ok && host_ok
}

/// 'Must be greater than 0' unless the non-blank text is a decimal number above zero
/// ('Only number' when it is not a number at all). Any precision is accepted
/// (`"0.001"` is above zero), and so are exponent forms (`"1e-7"`) as JavaScript
/// writes small numbers.
pub fn greater_than_zero(value: &str) -> Result<(), Message> {
    let value = value.trim();
    if value.is_empty() {
        return Ok(());
    }
    match decimal_sign(value) {
        None => Err(MessageId::OnlyNumber.into()),
        Some(std::cmp::Ordering::Greater) => Ok(()),
        Some(_) => Err(MessageId::GreaterThanZero.into()),
    }
}

/// The sign of a decimal number (`-12.5`, `+.5`, `3e2`), or `None` when the text is
/// not one.
fn decimal_sign(text: &str) -> Option<std::cmp::Ordering> {
    let (negative, unsigned) = match text.as_bytes().first() {
        Some(b'-') => (true, text.get(1..)?),
        Some(b'+') => (false, text.get(1..)?),
        _ => (false, text),
    };
    let (mantissa, exponent) = match unsigned.split_once(['e', 'E']) {
        Some((mantissa, exponent)) => (mantissa, Some(exponent)),
        None => (unsigned, None),
    };
    if let Some(exponent) = exponent {
        let digits = exponent.strip_prefix(['-', '+']).unwrap_or(exponent);
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
    }
    let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let all_digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if (whole.is_empty() && fraction.is_empty()) || !all_digits(whole) || !all_digits(fraction) {
        return None;
    }
    let zero = whole.bytes().chain(fraction.bytes()).all(|b| b == b'0');
    Some(match (zero, negative) {
        (true, _) => std::cmp::Ordering::Equal,
        (false, true) => std::cmp::Ordering::Less,
        (false, false) => std::cmp::Ordering::Greater,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn english(result: Result<(), Message>) -> Option<String> {
        result.err().map(|m| m.english())
    }

    #[test]
    fn required_rules_reject_blank_text() {
        assert_eq!(english(required("")), Some("Required".to_owned()));
        assert_eq!(english(required(" \t")), Some("Required".to_owned()));
        assert_eq!(required("Mona"), Ok(()));
        assert_eq!(
            english(field_required("  ")),
            Some("This field is required".to_owned())
        );
        assert_eq!(field_required("x"), Ok(()));
    }

    #[test]
    fn lengths_count_characters_not_bytes() {
        assert_eq!(
            english(min_length("abc", 4)),
            Some("Too Short! The minimum character is 4".to_owned())
        );
        assert_eq!(min_length("abcd", 4), Ok(()));
        // Four Arabic letters are eight bytes but four characters.
        assert_eq!(min_length("سلام", 4), Ok(()));
        assert_eq!(max_length("سلام", 4), Ok(()));
        assert_eq!(
            english(max_length("سلامٌ", 4)),
            Some("Too long! The maximum character is 4".to_owned())
        );
        // Blank text is left to the required rule.
        assert_eq!(min_length("", 4), Ok(()));
    }

    #[test]
    fn only_numbers_accepts_ascii_and_arabic_indic_digits() {
        assert_eq!(only_numbers("01012345678"), Ok(()));
        assert_eq!(only_numbers("٠١٠١٢٣"), Ok(()));
        assert_eq!(only_numbers("۰۱۲"), Ok(()));
        assert_eq!(only_numbers(""), Ok(()));
        for bad in ["12a", "1 2", "-1", "1.5", "+20"] {
            assert_eq!(
                english(only_numbers(bad)),
                Some("Only number".to_owned()),
                "{bad}"
            );
        }
    }

    #[test]
    fn urls_need_http_or_https_and_a_host() {
        for good in [
            "https://example.com",
            "http://example.com/path?q=1#top",
            "HTTPS://Sub.Example.co.uk:8443/a",
            "https://user:pw@example.com",
            "http://127.0.0.1:8080",
            "http://[::1]:3000/",
            "https://مثال.مصر/صفحة",
            "http://localhost",
        ] {
            assert_eq!(url(good), Ok(()), "{good}");
        }
        for bad in [
            "example.com",
            "ftp://example.com",
            "javascript:alert(1)",
            "https://",
            "https:///path",
            "https://exa mple.com",
            "https://-bad.com",
            "https://a..b",
            "https://example.com:",
            "https://example.com:99999x",
            "http://[zz]",
            "mailto:a@b.com",
        ] {
            assert_eq!(english(url(bad)), Some("Only URL".to_owned()), "{bad}");
        }
        assert_eq!(url("  "), Ok(()));
    }

    #[test]
    fn greater_than_zero_reads_decimal_strings() {
        for good in ["1", "0.01", "0.001", "+3", "12.50", ".5", "1e-7", "2E3"] {
            assert_eq!(greater_than_zero(good), Ok(()), "{good}");
        }
        for zero_or_less in ["0", "0.00", "-0", "-1", "-0.5", "0e5"] {
            assert_eq!(
                english(greater_than_zero(zero_or_less)),
                Some("Must be greater than 0".to_owned()),
                "{zero_or_less}"
            );
        }
        for not_a_number in [
            "abc", "1.2.3", "1,5", ".", "-", "1e", "e5", "NaN", "Infinity",
        ] {
            assert_eq!(
                english(greater_than_zero(not_a_number)),
                Some("Only number".to_owned()),
                "{not_a_number}"
            );
        }
    }

    /// Inserts `stray` at a character boundary strictly inside `text` (at least two
    /// characters), where trimming cannot take it away.
    fn inside(text: &str, stray: char, at: prop::sample::Index) -> String {
        let boundaries: Vec<usize> = text.char_indices().map(|(i, _)| i).skip(1).collect();
        let mut out = text.to_owned();
        out.insert(boundaries[at.index(boundaries.len())], stray);
        out
    }

    /// A decimal number as `greater_than_zero` documents it: sign, whole digits, point,
    /// fraction, exponent.
    fn decimal_text() -> impl Strategy<Value = String> {
        (
            "[-+]?",
            "[0-9]{0,4}",
            "(\\.[0-9]{0,4})?",
            "([eE][-+]?[0-9]{1,3})?",
        )
            .prop_map(|(sign, whole, fraction, exponent)| {
                let whole = if whole.is_empty() && fraction.len() < 2 {
                    "0".to_owned()
                } else {
                    whole
                };
                format!("{sign}{whole}{fraction}{exponent}")
            })
    }

    /// The parts of an `http(s)` URL: scheme, user info, host, `:port`, path and the rest.
    #[derive(Debug, Clone)]
    struct UrlParts {
        scheme: String,
        user: String,
        host: String,
        port: String,
        rest: String,
    }

    impl UrlParts {
        fn render(&self) -> String {
            let UrlParts {
                scheme,
                user,
                host,
                port,
                rest,
            } = self;
            format!("{scheme}://{user}{host}{port}{rest}")
        }
    }

    fn url_parts() -> impl Strategy<Value = UrlParts> {
        // Letters of any script: Latin and Arabic here.
        let label = "[a-z0-9ء-ي]([a-z0-9ء-ي-]{0,6}[a-z0-9ء-ي])?";
        let host = prop_oneof![
            (proptest::collection::vec(label, 1..4), any::<bool>())
                .prop_map(|(labels, dot)| labels.join(".") + if dot { "." } else { "" }),
            any::<[u8; 4]>().prop_map(|octets| octets.map(|o| o.to_string()).join(".")),
            "\\[[0-9a-fA-F:.]{1,16}\\]",
        ];
        (
            "[hH][tT][tT][pP][sS]?",
            "([a-z0-9]{1,6}(:[a-z0-9]{1,6})?@)?",
            host,
            "(:[0-9]{1,5})?",
            "(/[a-zA-Z0-9._~%-]{0,8}){0,3}(\\?[a-z0-9=&]{0,8})?(#[a-z0-9/?]{0,6})?",
        )
            .prop_map(|(scheme, user, host, port, rest)| UrlParts {
                scheme,
                user,
                host,
                port,
                rest,
            })
    }

    /// A URL broken in one known way, with what was broken.
    fn broken_url() -> impl Strategy<Value = (String, &'static str)> {
        (
            url_parts(),
            0usize..8,
            any::<prop::sample::Index>(),
            prop::sample::select(vec!["ftp", "mailto", "javascript", "httpx", "ws", "htp"]),
            prop::sample::select(vec![' ', '\t', '\n', '\u{a0}', '\u{7f}']),
            prop::sample::select(vec![":", ":123456", ":8o80", ":-1"]),
        )
            .prop_map(|(parts, how, at, scheme, space, port)| {
                let UrlParts {
                    user, host, rest, ..
                } = &parts;
                let with = |change: &dyn Fn(&mut UrlParts)| {
                    let mut broken = parts.clone();
                    change(&mut broken);
                    broken.render()
                };
                match how {
                    0 => (format!("{user}{host}{}{rest}", parts.port), "no scheme"),
                    1 => (with(&|p| p.scheme = scheme.to_owned()), "another scheme"),
                    2 => (
                        inside(&parts.render(), space, at),
                        "a space or control character",
                    ),
                    3 => (with(&|p| p.host.clear()), "no host"),
                    4 => (
                        with(&|p| p.port = port.to_owned()),
                        "a port that is not 1 to 5 digits",
                    ),
                    5 => (
                        with(&|p| p.host.insert(0, '-')),
                        "a label starting with a hyphen",
                    ),
                    6 => (with(&|p| p.host.insert(0, '.')), "an empty label"),
                    _ => (
                        with(&|p| p.host = "[::1".to_owned()),
                        "an IPv6 address never closed",
                    ),
                }
            })
    }

    /// The digits `only_numbers` documents: ASCII, Arabic-Indic, Extended Arabic-Indic.
    fn is_typed_digit(c: char) -> bool {
        c.is_ascii_digit() || ('٠'..='٩').contains(&c) || ('۰'..='۹').contains(&c)
    }

    proptest! {
        #[test]
        fn greater_than_zero_agrees_with_floats(value in -1.0e6f64..1.0e6) {
            let text = format!("{value}");
            prop_assert_eq!(greater_than_zero(&text).is_ok(), value > 0.0);
        }

        #[test]
        fn length_rules_agree_with_char_counts(text in "\\PC{1,30}", delta in -2i64..=2) {
            // Limits around the text's own length, so both sides of each limit are hit;
            // combining marks in \PC make characters and graphemes differ.
            let count = text.chars().count();
            let len = count.saturating_add_signed(delta as isize);
            let too_long = Message::new(MessageId::TooLong).with("len", len);
            prop_assert_eq!(max_length(&text, len), if count <= len { Ok(()) } else { Err(too_long) });
            if !text.trim().is_empty() {
                let too_short = Message::new(MessageId::TooShort).with("len", len);
                prop_assert_eq!(min_length(&text, len), if count >= len { Ok(()) } else { Err(too_short) });
            }
        }

        #[test]
        fn only_numbers_refuses_exactly_text_with_a_non_digit(
            text in prop_oneof![
                "\\PC{0,60}",
                "[ ]?[0-9٠-٩۰-۹]{1,12}[ ]?",
                ("[0-9٠-٩۰-۹]{2,12}", prop::sample::select(vec!['a', '.', ',', '+', '-', ' ', '½', '²', '०', '߁']), any::<prop::sample::Index>())
                    .prop_map(|(digits, stray, at)| inside(&digits, stray, at)),
            ],
        ) {
            let trimmed = text.trim();
            let expected = if trimmed.is_empty() || trimmed.chars().all(is_typed_digit) {
                Ok(())
            } else {
                Err(MessageId::OnlyNumber.into())
            };
            prop_assert_eq!(only_numbers(&text), expected, "{:?}", text);
        }

        #[test]
        fn greater_than_zero_gives_the_reason_the_number_calls_for(
            text in prop_oneof![
                "\\PC{0,60}",
                "[-+ .0-9eE]{0,12}",
                decimal_text(),
                (decimal_text(), prop::sample::select(vec!['a', ',', '_', '٣', ' ', 'x']), any::<prop::sample::Index>())
                    .prop_map(|(number, stray, at)| if number.chars().count() < 2 { format!("{number}{stray}") } else { inside(&number, stray, at) }),
            ],
        ) {
            // Std's float reader as the reference: it reads the same grammar, plus the
            // words inf, infinity and NaN, each with an n. Zero is decided on the digits,
            // as "1e-400" is above zero but underflows a float.
            let trimmed = text.trim();
            let number = trimmed.parse::<f64>().ok().filter(|_| !trimmed.contains(['n', 'N']));
            let mantissa = trimmed.split(['e', 'E']).next().unwrap_or_default();
            let expected = match number {
                _ if trimmed.is_empty() => Ok(()),
                None => Err(MessageId::OnlyNumber.into()),
                Some(value) if value.is_sign_positive() && mantissa.contains(|c: char| ('1'..='9').contains(&c)) => Ok(()),
                Some(_) => Err(MessageId::GreaterThanZero.into()),
            };
            prop_assert_eq!(greater_than_zero(&text), expected, "{:?}", text);
        }

        #[test]
        fn built_urls_are_accepted(parts in url_parts(), before in "[ \\t]{0,2}", after in "[ \\t]{0,2}") {
            let url_text = format!("{before}{}{after}", parts.render());
            prop_assert_eq!(url(&url_text), Ok(()), "{:?}", parts);
        }

        #[test]
        fn broken_urls_are_refused_with_the_url_message((broken, how) in broken_url()) {
            prop_assert_eq!(url(&broken), Err(MessageId::OnlyUrl.into()), "{}: {:?}", how, broken);
        }

        #[test]
        fn any_text_is_blank_a_web_url_or_refused_with_the_url_message(
            text in prop_oneof![
                "\\PC{0,60}",
                url_parts().prop_map(|parts| parts.render()),
                broken_url().prop_map(|(broken, _)| broken),
            ],
        ) {
            let trimmed = text.trim();
            match url(&text) {
                Ok(()) if trimmed.is_empty() => {}
                Ok(()) => {
                    let scheme = trimmed.split_once("://").map(|(scheme, _)| scheme.to_ascii_lowercase());
                    prop_assert!(matches!(scheme.as_deref(), Some("http" | "https")), "{:?}", text);
                    prop_assert!(!trimmed.contains(|c: char| c.is_whitespace() || c.is_control()), "{:?}", text);
                }
                Err(message) => {
                    prop_assert_eq!(message, MessageId::OnlyUrl.into());
                    prop_assert!(!is_web_url(trimmed), "{:?}", text);
                }
            }
        }
    }
}
