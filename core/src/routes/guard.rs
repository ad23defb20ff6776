//! The guard deciding every navigation (spec 2, 6), and where sign-in leads.

use serde::{Deserialize, Serialize};

use super::table::{Access, Route, RouteId, RouteParams, match_route};
use crate::messages::{Message, MessageId};

/// Where guests are sent, and the landing page.
pub const LANDING_PATH: &str = "/";
/// The first shopping page.
pub const HOME_PATH: &str = "/home";
/// Where signed-in customers without a district choose an address.
pub const MY_ADDRESS_PATH: &str = "/account/my-address";

/// What the guard needs to know about the visitor.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct GuardContext {
    /// A token is stored.
    pub signed_in: bool,
    /// A district is stored.
    pub has_district: bool,
    /// Remote config `force_select_default_locations`.
    pub force_default_location: bool,
}

/// What to do with a navigation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "decision", rename_all = "snake_case")]
pub enum GuardDecision {
    /// Render the route.
    Allow { route: Route, params: RouteParams },
    /// Replace the location with `to`, showing `toast` (an error) if any; when
    /// `remember_origin` is set, keep it so sign-in can return there.
    Redirect {
        to: String,
        toast: Option<Message>,
        remember_origin: Option<String>,
    },
    /// Show the not-found screen inside the standard layout.
    NotFound,
}

fn redirect(to: &str, toast: Option<Message>, remember_origin: Option<String>) -> GuardDecision {
    GuardDecision::Redirect {
        to: to.to_owned(),
        toast,
        remember_origin,
    }
}

/// Decides a navigation to `path_with_query` (spec 2, 6), in this order:
/// unmatched → not found; `/` → `/home` for signed-in customers, and for guests when a
/// default location is forced and a district is stored; sign-in required → guests go
/// to `/` with the origin remembered; location required without a district → toast
/// 'Please choose an address' and go to `/account/my-address` (signed in) or `/`.
///
/// A guest with a forced default location but no district (the config had none)
/// stays on `/`, where the location is chosen: sending them to `/home` would bounce
/// straight back. A signed-in customer without a district goes from `/` straight to
/// `/account/my-address`, where `/home` would send them, without the error toast: that
/// is where a sign-in from the landing page leads, and the customer did nothing wrong.
/// Every chain of redirects ends within two steps.
pub fn decide(path_with_query: &str, context: &GuardContext) -> GuardDecision {
    let Some(matched) = match_route(path_with_query) else {
        return GuardDecision::NotFound;
    };
    let route = matched.route;
    if route.id == RouteId::Landing {
        if context.signed_in && !context.has_district {
            return redirect(MY_ADDRESS_PATH, None, None);
        }
        if context.signed_in || (context.force_default_location && context.has_district) {
            return redirect(HOME_PATH, None, None);
        }
    }
    if route.access == Access::Authenticated && !context.signed_in {
        return redirect(LANDING_PATH, None, Some(path_with_query.to_owned()));
    }
    if route.needs_location && !context.has_district {
        let to = if context.signed_in {
            MY_ADDRESS_PATH
        } else {
            LANDING_PATH
        };
        return redirect(to, Some(Message::new(MessageId::PleaseChooseAddress)), None);
    }
    GuardDecision::Allow {
        route,
        params: matched.params,
    }
}

/// Where a customer goes after login or registration (spec 2): back to the page the
/// guard sent them away from (`remembered_origin`, spec 2 "remember the origin") when
/// it is a page of this site; otherwise `/home` when a default location is forced, and
/// `/account/my-address` when not. The guard still decides the page it leads to.
pub fn post_login_destination(
    force_default_location: bool,
    remembered_origin: Option<&str>,
) -> String {
    let origin = remembered_origin.filter(|path| {
        // Only a path of this site: never `//host` or a full address (an open redirect).
        path.starts_with('/')
            && !path.starts_with("//")
            && !path.contains('\\')
            && match_route(path).is_some_and(|m| m.route.id != RouteId::Landing)
    });
    match origin {
        Some(path) => path.to_owned(),
        None if force_default_location => HOME_PATH.to_owned(),
        None => MY_ADDRESS_PATH.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::routes::ROUTES;
    use proptest::prelude::*;

    const GUEST: GuardContext = GuardContext {
        signed_in: false,
        has_district: false,
        force_default_location: false,
    };

    fn ctx(signed_in: bool, has_district: bool, force_default_location: bool) -> GuardContext {
        GuardContext {
            signed_in,
            has_district,
            force_default_location,
        }
    }

    fn target(decision: &GuardDecision) -> Option<&str> {
        match decision {
            GuardDecision::Redirect { to, .. } => Some(to),
            _ => None,
        }
    }

    #[test]
    fn unmatched_paths_are_not_found() {
        assert_eq!(
            decide("/nowhere", &ctx(true, true, false)),
            GuardDecision::NotFound
        );
        assert_eq!(decide("/products/0", &GUEST), GuardDecision::NotFound);
    }

    #[test]
    fn guests_are_sent_home_from_restricted_routes_remembering_the_origin() {
        let decision = decide("/account/my-orders?tab=returns", &ctx(false, true, false));
        assert_eq!(
            decision,
            GuardDecision::Redirect {
                to: "/".into(),
                toast: None,
                remember_origin: Some("/account/my-orders?tab=returns".into()),
            }
        );
    }

    #[test]
    fn sign_in_is_checked_before_location() {
        // A guest without a district at /cart is told nothing about addresses.
        let decision = decide("/cart", &GUEST);
        assert_eq!(target(&decision), Some("/"));
        assert!(matches!(
            decision,
            GuardDecision::Redirect {
                toast: None,
                remember_origin: Some(_),
                ..
            }
        ));
    }

    #[test]
    fn location_required_routes_without_a_district_toast_and_redirect() {
        let toast = Some(Message::new(MessageId::PleaseChooseAddress));
        assert_eq!(
            decide("/products/5", &ctx(true, false, false)),
            GuardDecision::Redirect {
                to: "/account/my-address".into(),
                toast: toast.clone(),
                remember_origin: None,
            }
        );
        assert_eq!(
            decide("/home", &GUEST),
            GuardDecision::Redirect {
                to: "/".into(),
                toast: toast.clone(),
                remember_origin: None,
            }
        );
        assert_eq!(
            Message::new(MessageId::PleaseChooseAddress).english(),
            "Please choose an address"
        );
    }

    #[test]
    fn landing_redirects_when_signed_in_or_default_location_forced() {
        assert_eq!(target(&decide("/", &ctx(true, true, false))), Some("/home"));
        // Signed in without a district: straight to the address page, no error toast.
        assert_eq!(
            decide("/", &ctx(true, false, false)),
            GuardDecision::Redirect {
                to: "/account/my-address".into(),
                toast: None,
                remember_origin: None,
            }
        );
        assert_eq!(target(&decide("/", &ctx(false, true, true))), Some("/home"));
        assert!(matches!(
            decide("/", &ctx(false, true, false)),
            GuardDecision::Allow { .. }
        ));
        // Forced but the config gave no district: stay where the location is chosen.
        assert!(matches!(
            decide("/", &ctx(false, false, true)),
            GuardDecision::Allow { .. }
        ));
    }

    #[test]
    fn allowed_routes_carry_their_params() {
        match decide("/categories/12?sort=newest", &ctx(false, true, false)) {
            GuardDecision::Allow { route, params } => {
                assert_eq!(route.id, RouteId::Category);
                assert_eq!(params.id, Some(12));
            }
            other => panic!("expected allow, got {other:?}"),
        }
        assert!(matches!(
            decide("/account/profile", &ctx(true, false, false)),
            GuardDecision::Allow { .. }
        ));
    }

    #[test]
    fn post_login_destination_follows_the_forced_default_location() {
        assert_eq!(post_login_destination(true, None), "/home");
        assert_eq!(post_login_destination(false, None), "/account/my-address");
    }

    #[test]
    fn post_login_returns_to_the_remembered_origin_of_this_site_only() {
        let origin = "/account/my-orders?tab=delivered";
        assert_eq!(post_login_destination(false, Some(origin)), origin);
        assert_eq!(post_login_destination(true, Some("/cart")), "/cart");
        for elsewhere in [
            "//evil.example/x",
            "https://evil.example/",
            "/\\evil",
            "/nowhere",
            "/",
            "",
        ] {
            assert_eq!(
                post_login_destination(false, Some(elsewhere)),
                "/account/my-address",
                "{elsewhere:?}"
            );
        }
    }

    fn any_path() -> impl Strategy<Value = String> {
        let from_table = (
            0..ROUTES.len(),
            1u64..1000,
            "(\\?[a-z=&]{0,8})?",
            any::<bool>(),
        )
            .prop_map(|(i, id, query, slash)| {
                let pattern = ROUTES.get(i).map_or("/", |r| r.pattern);
                let path = pattern.replace("{id}", &id.to_string());
                let slash = if slash && path != "/" { "/" } else { "" };
                format!("{path}{slash}{query}")
            });
        prop_oneof![from_table, "/?[a-z0-9/?=-]{0,20}"]
    }

    proptest! {
        #[test]
        fn redirects_end_within_two_steps(
            path in any_path(),
            signed_in: bool,
            has_district: bool,
            force: bool,
        ) {
            let context = ctx(signed_in, has_district, force);
            let mut current = path;
            let mut steps = 0;
            while let GuardDecision::Redirect { to, .. } = decide(&current, &context) {
                steps += 1;
                prop_assert!(steps <= 2, "more than two redirects from {current}");
                current = to;
            }
        }
    }
}
