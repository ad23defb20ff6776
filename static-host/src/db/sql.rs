//! SQL whose filters depend on the request: numbered parameters, joined
//! conditions and `LIKE` patterns (values always travel as parameters, never in the
//! text); and the stored integers read back as the core's counts and rates.

use rusqlite::types::Value;

/// SQL text with numbered parameters, for queries whose filters vary. Values only
/// ever enter as parameters; the text holds fixed fragments and `?N` markers.
#[derive(Debug, Default, Clone)]
pub struct Sql {
    args: Vec<Value>,
}

impl Sql {
    /// Adds a parameter and returns its marker (`?3`).
    pub fn arg(&mut self, value: impl Into<Value>) -> String {
        self.args.push(value.into());
        format!("?{}", self.args.len())
    }

    pub fn params(&self) -> rusqlite::ParamsFromIter<std::slice::Iter<'_, Value>> {
        rusqlite::params_from_iter(self.args.iter())
    }
}

/// Joins `WHERE` conditions (`1` when there are none).
pub fn all_of(conditions: &[String]) -> String {
    if conditions.is_empty() {
        "1".to_owned()
    } else {
        conditions.join(" AND ")
    }
}

/// A `LIKE` pattern matching `text` anywhere, with the wildcards in `text` taken
/// literally (use with `ESCAPE '\'`). SQLite's `LIKE` ignores ASCII case.
pub fn contains_pattern(text: &str) -> String {
    let mut pattern = String::with_capacity(text.len() + 2);
    pattern.push('%');
    for c in text.chars() {
        if matches!(c, '%' | '_' | '\\') {
            pattern.push('\\');
        }
        pattern.push(c);
    }
    pattern.push('%');
    pattern
}

/// A quantity from a stored integer: negatives count as 0.
pub fn qty(value: i64) -> u32 {
    u32::try_from(value.max(0)).unwrap_or(u32::MAX)
}

/// A basis-point rate from a stored integer: negatives count as 0.
pub fn bp(value: i64) -> u32 {
    qty(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn like_patterns_take_wildcards_literally() {
        assert_eq!(contains_pattern("ab"), "%ab%");
        assert_eq!(contains_pattern("50%_off\\"), "%50\\%\\_off\\\\%");
    }

    #[test]
    fn sql_markers_count_up() {
        let mut sql = Sql::default();
        assert_eq!(sql.arg(5i64), "?1");
        assert_eq!(sql.arg("x".to_owned()), "?2");
        assert_eq!(all_of(&[]), "1");
        assert_eq!(all_of(&["a = 1".into(), "b = 2".into()]), "a = 1 AND b = 2");
    }
}
