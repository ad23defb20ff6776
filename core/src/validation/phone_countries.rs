//! A compact numbering table for the phone field (spec 5): the countries the store's
//! customers most likely dial from, with their national number lengths and, where a
//! mobile number can be told from a landline by its first digits, the mobile ranges.
//! Other dialling codes fall back to E.164's length rules. Kept small on purpose: it
//! ships in the WASM module. Lengths are of the national significant number (without
//! the country code and without the trunk `0`).

/// Mobile numbers: national numbers of `length` digits starting with one of `prefixes`.
pub(crate) struct MobileRange {
    pub prefixes: &'static [&'static str],
    pub length: usize,
}

/// One country's numbering plan, as far as the phone field needs it.
pub(crate) struct Country {
    /// ISO 3166-1 alpha-2 code, upper case.
    pub iso: &'static str,
    /// Dialling code, digits only.
    pub code: &'static str,
    /// Valid national significant number lengths.
    pub lengths: &'static [usize],
    /// Whether numbers are written nationally with a leading `0` (trunk prefix).
    pub trunk_zero: bool,
    /// Mobile ranges; empty where mobiles and landlines share their ranges (NANP).
    pub mobile: &'static [MobileRange],
}

const fn country(
    iso: &'static str,
    code: &'static str,
    lengths: &'static [usize],
    trunk_zero: bool,
    mobile: &'static [MobileRange],
) -> Country {
    Country {
        iso,
        code,
        lengths,
        trunk_zero,
        mobile,
    }
}

const fn mobile(prefixes: &'static [&'static str], length: usize) -> MobileRange {
    MobileRange { prefixes, length }
}

/// The table. The first row of a shared dialling code (US for +1) is the one a bare
/// dialling code resolves to.
pub(crate) const COUNTRIES: &[Country] = &[
    // Arab countries.
    country(
        "EG",
        "20",
        &[8, 9, 10],
        true,
        &[mobile(&["10", "11", "12", "15"], 10)],
    ),
    country("SA", "966", &[9], true, &[mobile(&["5"], 9)]),
    country(
        "AE",
        "971",
        &[8, 9],
        true,
        &[mobile(&["50", "52", "54", "55", "56", "58"], 9)],
    ),
    country(
        "KW",
        "965",
        &[8],
        false,
        &[mobile(&["4", "5", "6", "9"], 8)],
    ),
    country(
        "QA",
        "974",
        &[8],
        false,
        &[mobile(&["3", "5", "6", "7"], 8)],
    ),
    country("BH", "973", &[8], false, &[mobile(&["3", "6"], 8)]),
    country("OM", "968", &[8], false, &[mobile(&["7", "9"], 8)]),
    country(
        "JO",
        "962",
        &[8, 9],
        true,
        &[mobile(&["77", "78", "79"], 9)],
    ),
    country(
        "LB",
        "961",
        &[7, 8],
        true,
        &[
            mobile(&["3"], 7),
            mobile(&["70", "71", "76", "78", "79", "81"], 8),
        ],
    ),
    country("IQ", "964", &[8, 9, 10], true, &[mobile(&["7"], 10)]),
    country("MA", "212", &[9], true, &[mobile(&["6", "7"], 9)]),
    country("DZ", "213", &[8, 9], true, &[mobile(&["5", "6", "7"], 9)]),
    country(
        "TN",
        "216",
        &[8],
        false,
        &[mobile(&["2", "4", "5", "9"], 8)],
    ),
    country(
        "LY",
        "218",
        &[8, 9],
        true,
        &[mobile(&["91", "92", "93", "94", "95", "96"], 9)],
    ),
    country(
        "SD",
        "249",
        &[9],
        true,
        &[mobile(
            &["10", "11", "12", "90", "91", "92", "93", "95", "96", "99"],
            9,
        )],
    ),
    country(
        "YE",
        "967",
        &[7, 8, 9],
        true,
        &[mobile(&["70", "71", "73", "77", "78"], 9)],
    ),
    country("SY", "963", &[8, 9], true, &[mobile(&["9"], 9)]),
    country("PS", "970", &[8, 9], true, &[mobile(&["56", "59"], 9)]),
    // Large countries many customers come from.
    country("US", "1", &[10], false, &[]),
    country("CA", "1", &[10], false, &[]),
    country(
        "GB",
        "44",
        &[9, 10],
        true,
        &[mobile(
            &["71", "72", "73", "74", "75", "77", "78", "79"],
            10,
        )],
    ),
    country("FR", "33", &[9], true, &[mobile(&["6", "7"], 9)]),
    country(
        "DE",
        "49",
        &[6, 7, 8, 9, 10, 11],
        true,
        &[
            mobile(&["15", "16", "17"], 10),
            mobile(&["15", "16", "17"], 11),
        ],
    ),
    country("TR", "90", &[10], true, &[mobile(&["5"], 10)]),
    country(
        "IN",
        "91",
        &[10],
        true,
        &[mobile(&["6", "7", "8", "9"], 10)],
    ),
    country("PK", "92", &[9, 10], true, &[mobile(&["3"], 10)]),
];

/// The row of an ISO code, any case.
pub(crate) fn by_iso(iso: &str) -> Option<&'static Country> {
    COUNTRIES.iter().find(|c| c.iso.eq_ignore_ascii_case(iso))
}

/// The first row of a dialling code.
pub(crate) fn by_code(code: &str) -> Option<&'static Country> {
    COUNTRIES.iter().find(|c| c.code == code)
}

/// The row whose dialling code starts an international number (digits only).
/// Dialling codes are prefix-free, so at most one code length can match.
pub(crate) fn by_number(digits: &str) -> Option<&'static Country> {
    (1..=3).find_map(|len| digits.get(..len).and_then(by_code))
}

impl Country {
    /// Whether a national significant number has a valid length and start.
    pub fn accepts(&self, national: &str) -> bool {
        let Some(first) = national.bytes().next() else {
            return false;
        };
        if first == b'0' || !self.lengths.contains(&national.len()) {
            return false;
        }
        if self.code == "1" {
            // NANP: area code and exchange both start with 2-9.
            return national
                .as_bytes()
                .get(3)
                .is_some_and(|b| (b'2'..=b'9').contains(b))
                && (b'2'..=b'9').contains(&first);
        }
        true
    }

    /// `Some(true)` for a mobile number, `Some(false)` for another number of a country
    /// with known mobile ranges, `None` where they cannot be told apart.
    pub fn is_mobile(&self, national: &str) -> Option<bool> {
        if self.mobile.is_empty() {
            return None;
        }
        Some(self.mobile.iter().any(|range| {
            range.length == national.len() && range.prefixes.iter().any(|p| national.starts_with(p))
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_are_consistent() {
        let mut isos = std::collections::BTreeSet::new();
        for row in COUNTRIES {
            assert!(isos.insert(row.iso), "duplicate {}", row.iso);
            assert_eq!(row.iso.len(), 2);
            assert!(row.iso.bytes().all(|b| b.is_ascii_uppercase()));
            assert!(
                (1..=3).contains(&row.code.len()) && row.code.bytes().all(|b| b.is_ascii_digit())
            );
            for length in row.lengths {
                // E.164 allows 15 digits in all.
                assert!(row.code.len() + length <= 15, "{}", row.iso);
            }
            for range in row.mobile {
                assert!(row.lengths.contains(&range.length), "{}", row.iso);
            }
        }
    }

    #[test]
    fn dialling_codes_are_prefix_free_across_countries() {
        for a in COUNTRIES {
            for b in COUNTRIES {
                if a.code != b.code {
                    assert!(!b.code.starts_with(a.code), "{} / {}", a.iso, b.iso);
                }
            }
        }
    }

    #[test]
    fn lookups() {
        assert_eq!(by_iso("eg").map(|c| c.code), Some("20"));
        assert_eq!(by_code("1").map(|c| c.iso), Some("US"));
        assert_eq!(by_number("201012345678").map(|c| c.iso), Some("EG"));
        assert_eq!(by_number("966501234567").map(|c| c.iso), Some("SA"));
        assert_eq!(by_number("5511912345678").map(|c| c.iso), None);
        assert!(by_iso("XX").is_none());
    }
}
