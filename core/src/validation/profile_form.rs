//! The profile form (spec 3, 5): a name (required), an optional e-mail in a valid
//! format, an optional company name, each no longer than the API keeps, and an
//! optional birthdate from three dropdowns (day, month, year), which is either unset
//! or whole: a half-chosen birthdate is not a date.

use serde::{Deserialize, Serialize};

use crate::messages::Message;

use super::FieldErrors;
use super::date_picker::year_options;
use super::email::email_format;
use super::fields::{field_required, max_length};

/// Longest name (characters).
pub const PROFILE_NAME_MAX_CHARS: usize = 100;
/// Longest e-mail address and company name.
pub const PROFILE_TEXT_MAX_CHARS: usize = 190;

/// The birthdate's three dropdowns, as text; `""` is unset.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(default)]
pub struct BirthdateParts {
    pub day: String,
    pub month: String,
    pub year: String,
}

/// What the dropdowns make.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "state", rename_all = "snake_case")]
pub enum Birthdate {
    /// Nothing chosen: no birthdate.
    Unset,
    /// Some parts chosen, not all.
    Partial,
    /// `YYYY-MM-DD`.
    Date { date: String },
}

/// The parts of a `YYYY-MM-DD` date (all unset for anything else); day and month
/// without leading zeros, as the dropdowns list them.
pub fn split_birthdate(value: &str) -> BirthdateParts {
    let parts: Vec<&str> = value.trim().split('-').collect();
    let digits = |part: &str, len: usize| {
        (part.len() == len && part.bytes().all(|b| b.is_ascii_digit()))
            .then(|| part.parse::<u32>().ok())
            .flatten()
    };
    match parts.as_slice() {
        [year, month, day] => match (digits(year, 4), digits(month, 2), digits(day, 2)) {
            (Some(_), Some(m), Some(d)) => BirthdateParts {
                day: d.to_string(),
                month: m.to_string(),
                year: (*year).to_owned(),
            },
            _ => BirthdateParts::default(),
        },
        _ => BirthdateParts::default(),
    }
}

/// The days the day dropdown offers: the month's length in the chosen year; 31 while
/// the month is not chosen, and a leap year while the year is not (29 February stays
/// possible).
pub fn birthdate_days_in(parts: &BirthdateParts) -> u8 {
    let Some(month) = parts
        .month
        .trim()
        .parse::<u8>()
        .ok()
        .and_then(|m| time::Month::try_from(m).ok())
    else {
        return 31;
    };
    let year = parts.year.trim().parse::<i32>().unwrap_or(2000);
    time::util::days_in_month(month, year)
}

/// The dropdowns as a birthdate.
pub fn join_birthdate(parts: &BirthdateParts) -> Birthdate {
    let chosen = [&parts.day, &parts.month, &parts.year]
        .iter()
        .filter(|p| !p.trim().is_empty())
        .count();
    match chosen {
        0 => Birthdate::Unset,
        3 => Birthdate::Date {
            date: format!(
                "{}-{:0>2}-{:0>2}",
                parts.year.trim(),
                parts.month.trim(),
                parts.day.trim()
            ),
        },
        _ => Birthdate::Partial,
    }
}

/// The birthdate's dropdowns for the parts chosen: the years offered, the days the
/// chosen month has, and the birthdate the parts make.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct BirthdateDropdowns {
    /// `current_year` and the 59 years before it, newest first ([`year_options`]).
    pub years: Vec<i32>,
    /// How many days the day dropdown offers ([`birthdate_days_in`]).
    pub days: u8,
    /// What the parts make ([`join_birthdate`]).
    pub birthdate: Birthdate,
}

/// The dropdowns for `parts` in `current_year`.
pub fn birthdate_dropdowns(parts: &BirthdateParts, current_year: i32) -> BirthdateDropdowns {
    BirthdateDropdowns {
        years: year_options(current_year),
        days: birthdate_days_in(parts),
        birthdate: join_birthdate(parts),
    }
}

/// The profile form's values, with the API's names and the birthdate's dropdowns
/// (`day`, `month`, `year`, as in [`BirthdateParts`]). Missing fields read as empty.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(default)]
pub struct ProfileForm {
    pub name: String,
    pub email: String,
    pub company_name: String,
    // Not a flattened BirthdateParts: serde's flatten buffers every field first, which
    // costs the browser build about 12 KB.
    pub day: String,
    pub month: String,
    pub year: String,
    /// The day the form is checked on (`YYYY-MM-DD`, the client's or the server's
    /// clock), for the birthdate's range ([`birthdate_allowed`]); empty: not checked.
    pub today: String,
}

impl ProfileForm {
    /// The birthdate's dropdowns.
    pub fn birthdate(&self) -> BirthdateParts {
        BirthdateParts {
            day: self.day.clone(),
            month: self.month.clone(),
            year: self.year.clone(),
        }
    }
}

/// A `YYYY-MM-DD` day that exists. Read by hand: `time`'s parsing feature would add
/// about 12 KB to the browser build for this one form.
fn calendar_day(text: &str) -> Option<time::Date> {
    let parts = split_birthdate(text);
    let number = |part: &str| part.parse::<i32>().ok();
    let month = time::Month::try_from(u8::try_from(number(&parts.month)?).ok()?).ok()?;
    let day = u8::try_from(number(&parts.day)?).ok()?;
    time::Date::from_calendar_date(number(&parts.year)?, month, day).ok()
}

/// The birthdate's one rule, the form's and the API's (`PATCH /user/update-profile`):
/// a real calendar day (`YYYY-MM-DD`), not after `today`, in one of the date picker's
/// years (spec 5: the 60 it offers, [`year_options`]). 'Choose a valid date of birth
/// from the list' otherwise; an unreadable `today` refuses nothing.
pub fn birthdate_allowed(date: &str, today: &str) -> Result<(), Message> {
    let Some(today) = calendar_day(today) else {
        return Ok(());
    };
    let refused = || Err(crate::messages::MessageId::BirthdateInvalid.into());
    let Some(date) = calendar_day(date) else {
        return refused();
    };
    if date > today || !year_options(today.year()).contains(&date.year()) {
        return refused();
    }
    Ok(())
}

/// Each field's first error, keyed by field name; a half-chosen birthdate is 'This
/// field is required' on `year` (where the form shows the birthdate's message).
pub fn validate_profile_form(form: &ProfileForm) -> FieldErrors {
    let email = form.email.trim();
    let checks: [(&str, Result<(), Message>); 4] = [
        (
            "name",
            field_required(&form.name)
                .and_then(|()| max_length(form.name.trim(), PROFILE_NAME_MAX_CHARS)),
        ),
        (
            "email",
            email_format(email).and_then(|()| max_length(email, PROFILE_TEXT_MAX_CHARS)),
        ),
        (
            "company_name",
            max_length(form.company_name.trim(), PROFILE_TEXT_MAX_CHARS),
        ),
        (
            "year",
            match join_birthdate(&form.birthdate()) {
                Birthdate::Partial => field_required(""),
                Birthdate::Date { date } if !form.today.trim().is_empty() => {
                    birthdate_allowed(&date, form.today.trim())
                }
                _ => Ok(()),
            },
        ),
    ];
    super::errors_of(checks)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::messages::MessageId;

    fn parts(day: &str, month: &str, year: &str) -> BirthdateParts {
        BirthdateParts {
            day: day.into(),
            month: month.into(),
            year: year.into(),
        }
    }

    #[test]
    fn a_birthdate_is_a_real_past_day_in_the_pickers_years() {
        let invalid = Err(MessageId::BirthdateInvalid.into());
        assert_eq!(birthdate_allowed("1990-05-17", "2026-11-30"), Ok(()));
        assert_eq!(birthdate_allowed("2026-11-30", "2026-11-30"), Ok(()));
        assert_eq!(birthdate_allowed("2026-12-01", "2026-11-30"), invalid);
        assert_eq!(birthdate_allowed("1990-02-30", "2026-11-30"), invalid);
        // The picker's 60 years: 1967 to 2026.
        assert_eq!(birthdate_allowed("1967-01-01", "2026-11-30"), Ok(()));
        assert_eq!(birthdate_allowed("1966-12-31", "2026-11-30"), invalid);
        assert_eq!(birthdate_allowed("17/05/1990", "2026-11-30"), invalid);
        assert_eq!(birthdate_allowed("1990-05-17", ""), Ok(()));
        // The form checks it once a whole date is chosen and the day is known.
        let form = |year: &str, today: &str| ProfileForm {
            name: "Mona".into(),
            day: "1".into(),
            month: "12".into(),
            year: year.into(),
            today: today.into(),
            ..ProfileForm::default()
        };
        assert!(validate_profile_form(&form("2026", "2026-11-30")).contains_key("year"));
        assert!(validate_profile_form(&form("2025", "2026-11-30")).is_empty());
        assert!(validate_profile_form(&form("2026", "")).is_empty());
    }

    #[test]
    fn a_date_splits_into_dropdown_values_and_joins_back() {
        assert_eq!(split_birthdate("1990-03-07"), parts("7", "3", "1990"));
        assert_eq!(
            join_birthdate(&parts("7", "3", "1990")),
            Birthdate::Date {
                date: "1990-03-07".into()
            }
        );
        for other in [
            "",
            "1990-3-7",
            "07/03/1990",
            "1990-03-07T00:00",
            "abcd-ef-gh",
        ] {
            assert_eq!(split_birthdate(other), BirthdateParts::default(), "{other}");
        }
        assert_eq!(join_birthdate(&BirthdateParts::default()), Birthdate::Unset);
        assert_eq!(join_birthdate(&parts("7", "", "1990")), Birthdate::Partial);
    }

    #[test]
    fn the_day_dropdown_follows_the_month_and_year() {
        assert_eq!(birthdate_days_in(&parts("", "", "")), 31);
        assert_eq!(birthdate_days_in(&parts("", "4", "")), 30);
        assert_eq!(birthdate_days_in(&parts("", "2", "")), 29);
        assert_eq!(birthdate_days_in(&parts("", "2", "1990")), 28);
        assert_eq!(birthdate_days_in(&parts("", "2", "2024")), 29);
        assert_eq!(birthdate_days_in(&parts("", "13", "2024")), 31);
    }

    #[test]
    fn the_dropdowns_gather_years_days_and_the_birthdate() {
        let chosen = parts("7", "2", "1990");
        let dropdowns = birthdate_dropdowns(&chosen, 2025);
        assert_eq!(dropdowns.years, year_options(2025));
        assert_eq!(dropdowns.days, birthdate_days_in(&chosen));
        assert_eq!(dropdowns.birthdate, join_birthdate(&chosen));
        assert_eq!(
            serde_json::to_value(&dropdowns).unwrap()["birthdate"],
            serde_json::json!({"state": "date", "date": "1990-02-07"})
        );
        let half = birthdate_dropdowns(&parts("", "4", ""), 2025);
        assert_eq!((half.days, half.birthdate), (30, Birthdate::Partial));
    }

    #[test]
    fn the_profile_s_rules() {
        let good = ProfileForm {
            name: "Mona".into(),
            ..ProfileForm::default()
        };
        assert!(validate_profile_form(&good).is_empty());
        let bad = ProfileForm {
            name: " ".into(),
            email: "mona@".into(),
            company_name: "c".repeat(PROFILE_TEXT_MAX_CHARS + 1),
            month: "3".into(),
            ..ProfileForm::default()
        };
        let errors = validate_profile_form(&bad);
        assert_eq!(errors["name"].id, MessageId::FieldRequired);
        assert_eq!(errors["email"].id, MessageId::EmailFormat);
        assert_eq!(errors["company_name"].id, MessageId::TooLong);
        assert_eq!(errors["year"].id, MessageId::FieldRequired);
        let long_email = ProfileForm {
            // A well-formed address of 214 characters (labels of 10).
            email: format!("m@{}com", "abcdefghij.".repeat(19)),
            ..good
        };
        assert_eq!(
            validate_profile_form(&long_email)["email"].id,
            MessageId::TooLong
        );
    }
}
