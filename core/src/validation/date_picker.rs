//! The date picker's year dropdown (spec 5, 9): 60 years, newest first.

/// Years in the dropdown (spec 9).
pub const YEAR_OPTIONS: usize = 60;

/// `current_year` and the 59 years before it, newest first.
pub fn year_options(current_year: i32) -> Vec<i32> {
    (0..YEAR_OPTIONS as i32)
        .map_while(|back| current_year.checked_sub(back))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sixty_years_newest_first() {
        let years = year_options(2025);
        assert_eq!(years.len(), 60);
        assert_eq!(years.first(), Some(&2025));
        assert_eq!(years.last(), Some(&1966));
        assert!(years.windows(2).all(|w| w[0] == w[1] + 1));
    }

    #[test]
    fn never_overflows() {
        assert_eq!(year_options(i32::MIN), vec![i32::MIN]);
        assert_eq!(year_options(i32::MIN + 1), vec![i32::MIN + 1, i32::MIN]);
    }
}
