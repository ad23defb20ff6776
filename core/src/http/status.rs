//! What a response status means for the call and the session (spec 8).

use serde::{Deserialize, Serialize};

use crate::routes::RouteId;

/// The outcome of a response status. Every outcome except [`StatusOutcome::Success`]
/// fails the call; some also do something to the session or the page.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum StatusOutcome {
    /// 200–299.
    Success,
    /// 401 outside a sign-in, and 403: the user is logged out and the call fails.
    LogOut,
    /// 404: the page goes to /404 and the call fails.
    NotFound,
    /// Anything else (401 during a sign-in included): the call only fails.
    Fail,
}

impl StatusOutcome {
    pub fn is_success(self) -> bool {
        self == StatusOutcome::Success
    }

    /// Whether the session must be logged out.
    pub fn logs_out(self) -> bool {
        self == StatusOutcome::LogOut
    }

    /// Where the page must go, if anywhere: the not-found route for a 404.
    pub fn redirect_to(self) -> Option<&'static str> {
        match self {
            StatusOutcome::NotFound => Some(RouteId::NotFound.route().pattern),
            _ => None,
        }
    }
}

/// Classifies a response status (spec 8). While a sign-in is in progress (the
/// temporary login marker is set), a 401 is the answer to a wrong code or number, not
/// an expired session, so it only fails the call.
pub fn classify(status: u16, login_in_progress: bool) -> StatusOutcome {
    match status {
        200..=299 => StatusOutcome::Success,
        401 if login_in_progress => StatusOutcome::Fail,
        401 | 403 => StatusOutcome::LogOut,
        404 => StatusOutcome::NotFound,
        _ => StatusOutcome::Fail,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn two_hundreds_succeed_and_the_edges_do_not() {
        for status in [200, 201, 204, 299] {
            assert_eq!(classify(status, false), StatusOutcome::Success);
            assert_eq!(classify(status, true), StatusOutcome::Success);
        }
        for status in [0, 100, 199, 300, 302, 304] {
            assert_eq!(classify(status, false), StatusOutcome::Fail, "{status}");
        }
    }

    #[test]
    fn unauthorized_logs_out_unless_a_login_is_in_progress() {
        assert_eq!(classify(401, false), StatusOutcome::LogOut);
        assert_eq!(classify(401, true), StatusOutcome::Fail);
        assert!(classify(401, false).logs_out());
        assert!(!classify(401, true).logs_out());
    }

    #[test]
    fn forbidden_always_logs_out() {
        assert_eq!(classify(403, false), StatusOutcome::LogOut);
        assert_eq!(classify(403, true), StatusOutcome::LogOut);
    }

    #[test]
    fn not_found_redirects_to_404_and_fails() {
        let outcome = classify(404, false);
        assert_eq!(outcome, StatusOutcome::NotFound);
        assert_eq!(outcome.redirect_to(), Some("/404"));
        assert!(!outcome.is_success());
        assert!(!outcome.logs_out());
        assert_eq!(classify(404, true), StatusOutcome::NotFound);
    }

    #[test]
    fn other_errors_only_fail() {
        for status in [400, 402, 405, 409, 419, 422, 429, 500, 502, 503, u16::MAX] {
            let outcome = classify(status, false);
            assert_eq!(outcome, StatusOutcome::Fail, "{status}");
            assert_eq!(outcome.redirect_to(), None);
        }
    }

    #[test]
    fn serialises_as_snake_case() {
        assert_eq!(
            serde_json::to_value(StatusOutcome::LogOut).unwrap(),
            serde_json::json!("log_out")
        );
        assert_eq!(
            serde_json::to_value(StatusOutcome::NotFound).unwrap(),
            serde_json::json!("not_found")
        );
    }

    proptest! {
        #[test]
        fn success_exactly_for_2xx(status in any::<u16>(), login in any::<bool>()) {
            let outcome = classify(status, login);
            prop_assert_eq!(outcome.is_success(), (200..300).contains(&status));
            prop_assert_eq!(outcome.logs_out(), status == 403 || (status == 401 && !login));
            prop_assert_eq!(outcome.redirect_to().is_some(), status == 404);
        }
    }
}
