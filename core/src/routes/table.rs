//! The route table of spec 2 as data, and matching a path against it.

use serde::{Deserialize, Serialize};

/// Who may open a route (spec 6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Access {
    /// Visitors and signed-in customers.
    Public,
    /// Signed-in customers only (a token is stored).
    Authenticated,
}

/// The page frame a route renders in (spec 2 "Layouts").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Layout {
    /// Header, optional services bar and categories menu, footer.
    Standard,
    /// Minimal layout with the store name in the header.
    Auth,
}

/// Every screen that has a route.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum RouteId {
    Landing,
    Home,
    SearchResults,
    BranchesResults,
    Branch,
    Category,
    Product,
    /// Product listing with filters (route not shown in the spec).
    Products,
    /// The services page (route not shown in the spec).
    Services,
    /// Store policy pages.
    Information,
    NotFound,
    /// E-mail one-time-code sign-in (route not shown in the spec).
    EmailLogin,
    /// E-mail registration for shoppers without a phone at hand (issue 36; route not
    /// shown in the spec).
    EmailRegister,
    /// Forgot password (route not shown in the spec).
    ForgotPassword,
    /// Reset password (route not shown in the spec).
    ResetPassword,
    Cart,
    Checkout,
    /// Order placed (route not shown in the spec).
    CheckoutSuccess,
    /// The account menu.
    Account,
    MyOrders,
    /// One order (route not shown in the spec).
    OrderDetail,
    ReturnOrders,
    /// The return request form (route not shown in the spec).
    NewReturnOrder,
    MyFavourites,
    MyWallet,
    /// Saved payment cards (issue 36).
    MyCards,
    /// The customer's reviews and the delivered products waiting for one (issue 36).
    MyReviews,
    MyAddress,
    Profile,
    Preferences,
    LoyaltyPoints,
    ReferralProgram,
    /// Static page inside the account area (id 1 is the about page).
    AccountInformation,
    ContactUs,
    Support,
}

/// One row of the route table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Route {
    pub id: RouteId,
    /// The path, with `{id}` for a positive-integer segment.
    pub pattern: &'static str,
    pub access: Access,
    /// Whether a stored district is needed (spec 2 "location required").
    pub needs_location: bool,
    pub layout: Layout,
}

/// Values taken from a matched path. Every dynamic segment of the table is `{id}`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RouteParams {
    /// The positive integer of the `{id}` segment, when the route has one.
    pub id: Option<u64>,
}

/// A path matched against the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RouteMatch {
    pub route: Route,
    pub params: RouteParams,
}

const fn route(
    id: RouteId,
    pattern: &'static str,
    access: Access,
    needs_location: bool,
    layout: Layout,
) -> Route {
    Route {
        id,
        pattern,
        access,
        needs_location,
        layout,
    }
}

use Access::{Authenticated, Public};
use Layout::{Auth, Standard};

/// The route table (spec 2). Rows marked "not shown" give routes to screens the spec
/// names without a path, in the same style: `/services` and `/products` need a
/// location like the other shopping pages; the order-detail, return-form and
/// checkout-success pages sit under the authenticated area without a location (the
/// order already exists); the e-mail sign-in and password pages use the auth layout
/// and are public.
pub const ROUTES: &[Route] = &[
    route(RouteId::Landing, "/", Public, false, Standard),
    route(RouteId::Home, "/home", Public, true, Standard),
    // Spec 2 marks only /home, branches, categories and products as location-required.
    route(
        RouteId::SearchResults,
        "/search-results",
        Public,
        false,
        Standard,
    ),
    route(
        RouteId::BranchesResults,
        "/branches-results",
        Public,
        false,
        Standard,
    ),
    route(RouteId::Branch, "/branches/{id}", Public, true, Standard),
    route(
        RouteId::Category,
        "/categories/{id}",
        Public,
        true,
        Standard,
    ),
    route(RouteId::Product, "/products/{id}", Public, true, Standard),
    route(RouteId::Products, "/products", Public, true, Standard),
    route(RouteId::Services, "/services", Public, true, Standard),
    route(
        RouteId::Information,
        "/information/{id}",
        Public,
        false,
        Standard,
    ),
    route(RouteId::NotFound, "/404", Public, false, Standard),
    route(
        RouteId::EmailLogin,
        "/auth/email-login",
        Public,
        false,
        Auth,
    ),
    route(
        RouteId::EmailRegister,
        "/auth/email-register",
        Public,
        false,
        Auth,
    ),
    route(
        RouteId::ForgotPassword,
        "/auth/forgot-password",
        Public,
        false,
        Auth,
    ),
    route(
        RouteId::ResetPassword,
        "/auth/reset-password",
        Public,
        false,
        Auth,
    ),
    route(RouteId::Cart, "/cart", Authenticated, true, Standard),
    route(
        RouteId::Checkout,
        "/checkout",
        Authenticated,
        true,
        Standard,
    ),
    route(
        RouteId::CheckoutSuccess,
        "/checkout/success/{id}",
        Authenticated,
        false,
        Standard,
    ),
    route(RouteId::Account, "/account", Authenticated, false, Standard),
    route(
        RouteId::MyOrders,
        "/account/my-orders",
        Authenticated,
        false,
        Standard,
    ),
    route(
        RouteId::OrderDetail,
        "/account/my-orders/{id}",
        Authenticated,
        false,
        Standard,
    ),
    route(
        RouteId::ReturnOrders,
        "/account/return-orders",
        Authenticated,
        false,
        Standard,
    ),
    route(
        RouteId::NewReturnOrder,
        "/account/return-orders/new",
        Authenticated,
        false,
        Standard,
    ),
    route(
        RouteId::MyFavourites,
        "/account/my-favourites",
        Authenticated,
        false,
        Standard,
    ),
    route(
        RouteId::MyWallet,
        "/account/my-wallet",
        Authenticated,
        false,
        Standard,
    ),
    route(
        RouteId::MyCards,
        "/account/my-cards",
        Authenticated,
        false,
        Standard,
    ),
    route(
        RouteId::MyReviews,
        "/account/my-reviews",
        Authenticated,
        false,
        Standard,
    ),
    route(
        RouteId::MyAddress,
        "/account/my-address",
        Authenticated,
        false,
        Standard,
    ),
    route(
        RouteId::Profile,
        "/account/profile",
        Authenticated,
        false,
        Standard,
    ),
    route(
        RouteId::Preferences,
        "/account/preferences",
        Authenticated,
        false,
        Standard,
    ),
    route(
        RouteId::LoyaltyPoints,
        "/account/loyalty-points",
        Authenticated,
        false,
        Standard,
    ),
    route(
        RouteId::ReferralProgram,
        "/account/referral-program",
        Authenticated,
        false,
        Standard,
    ),
    route(
        RouteId::AccountInformation,
        "/account/information/{id}",
        Authenticated,
        false,
        Standard,
    ),
    route(
        RouteId::ContactUs,
        "/account/contact-us",
        Authenticated,
        false,
        Standard,
    ),
    route(
        RouteId::Support,
        "/account/support",
        Authenticated,
        false,
        Standard,
    ),
];

impl RouteId {
    /// This screen's row of the table.
    pub fn route(self) -> Route {
        // Every id has exactly one row (a test checks it); the fallback is unreachable.
        ROUTES
            .iter()
            .copied()
            .find(|r| r.id == self)
            .unwrap_or(ROUTES[0])
    }
}

impl Route {
    /// The path of this route with its `{id}` filled in.
    pub fn path(&self, params: RouteParams) -> String {
        match params.id {
            Some(id) => self.pattern.replace("{id}", &id.to_string()),
            None => self.pattern.to_owned(),
        }
    }
}

/// The path part of a location: no query string or fragment, no trailing slash.
pub fn path_only(path_with_query: &str) -> &str {
    // `split` rather than slicing at the found index: the same text, without the panic
    // path of a slice off a character boundary, whose message formatting is about 4 KB
    // gzip of the first-paint WASM module.
    let path = path_with_query
        .split(['?', '#'])
        .next()
        .unwrap_or_default()
        .trim_end_matches('/');
    if path.is_empty() && path_with_query.starts_with('/') {
        "/"
    } else {
        path
    }
}

/// Matches a path (query string and trailing slash ignored) against the table.
/// Matching is exact and case-sensitive: the app writes every link itself. `{id}`
/// matches a positive integer without sign or leading zeros, so each page has one URL.
pub fn match_route(path_with_query: &str) -> Option<RouteMatch> {
    let path = path_only(path_with_query);
    let rest = path.strip_prefix('/')?;
    let segments: Vec<&str> = if rest.is_empty() {
        Vec::new()
    } else {
        rest.split('/').collect()
    };
    ROUTES.iter().find_map(|route| {
        let params = match_pattern(route.pattern, &segments)?;
        Some(RouteMatch {
            route: *route,
            params,
        })
    })
}

fn match_pattern(pattern: &str, segments: &[&str]) -> Option<RouteParams> {
    let rest = pattern.strip_prefix('/').unwrap_or(pattern);
    let parts: Vec<&str> = if rest.is_empty() {
        Vec::new()
    } else {
        rest.split('/').collect()
    };
    if parts.len() != segments.len() {
        return None;
    }
    let mut params = RouteParams::default();
    for (part, segment) in parts.iter().zip(segments) {
        if *part == "{id}" {
            params.id = Some(positive_id(segment)?);
        } else if part != segment {
            return None;
        }
    }
    Some(params)
}

fn positive_id(segment: &str) -> Option<u64> {
    let digits = !segment.is_empty() && segment.bytes().all(|b| b.is_ascii_digit());
    if !digits || segment.starts_with('0') {
        return None;
    }
    segment.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id_of(path: &str) -> Option<RouteId> {
        match_route(path).map(|m| m.route.id)
    }

    #[test]
    fn every_screen_has_exactly_one_row_and_patterns_are_unique() {
        let mut patterns = std::collections::BTreeSet::new();
        for row in ROUTES {
            assert!(patterns.insert(row.pattern), "duplicate {}", row.pattern);
            assert_eq!(row.id.route(), *row);
            assert_eq!(ROUTES.iter().filter(|r| r.id == row.id).count(), 1);
        }
        assert_eq!(ROUTES.len(), 35);
    }

    #[test]
    fn spec_routes_have_their_access_and_location_rules() {
        let cases = [
            ("/", Access::Public, false),
            ("/home", Access::Public, true),
            ("/search-results", Access::Public, false),
            ("/branches-results", Access::Public, false),
            ("/branches/3", Access::Public, true),
            ("/categories/3", Access::Public, true),
            ("/products/3", Access::Public, true),
            ("/information/2", Access::Public, false),
            ("/404", Access::Public, false),
            ("/cart", Access::Authenticated, true),
            ("/checkout", Access::Authenticated, true),
            ("/account", Access::Authenticated, false),
        ];
        for (path, access, needs_location) in cases {
            let m = match_route(path).unwrap_or_else(|| panic!("{path} unmatched"));
            assert_eq!(m.route.access, access, "{path}");
            assert_eq!(m.route.needs_location, needs_location, "{path}");
            assert_eq!(m.route.layout, Layout::Standard, "{path}");
        }
    }

    #[test]
    fn every_account_sub_path_needs_sign_in_but_no_location() {
        for sub in [
            "my-orders",
            "return-orders",
            "my-favourites",
            "my-wallet",
            "my-cards",
            "my-reviews",
            "my-address",
            "profile",
            "preferences",
            "loyalty-points",
            "referral-program",
            "information/1",
            "contact-us",
            "support",
            "my-orders/17",
            "return-orders/new",
        ] {
            let path = format!("/account/{sub}");
            let m = match_route(&path).unwrap_or_else(|| panic!("{path} unmatched"));
            assert_eq!(m.route.access, Access::Authenticated, "{path}");
            assert!(!m.route.needs_location, "{path}");
        }
    }

    #[test]
    fn auth_screens_use_the_auth_layout() {
        for path in [
            "/auth/email-login",
            "/auth/email-register",
            "/auth/forgot-password",
            "/auth/reset-password",
        ] {
            let m = match_route(path).unwrap();
            assert_eq!(m.route.layout, Layout::Auth);
            assert_eq!(m.route.access, Access::Public);
        }
    }

    #[test]
    fn ids_are_positive_integers_only() {
        let m = match_route("/products/42").unwrap();
        assert_eq!(m.route.id, RouteId::Product);
        assert_eq!(m.params.id, Some(42));
        assert_eq!(id_of("/products"), Some(RouteId::Products));
        for bad in [
            "/products/0",
            "/products/-1",
            "/products/+1",
            "/products/1.5",
            "/products/abc",
            "/products/007",
            "/products/99999999999999999999999",
            "/account/my-orders/new",
        ] {
            assert_eq!(id_of(bad), None, "{bad}");
        }
    }

    #[test]
    fn query_strings_and_trailing_slashes_do_not_affect_matching() {
        assert_eq!(
            id_of("/search-results?query=milk"),
            Some(RouteId::SearchResults)
        );
        assert_eq!(
            id_of("/branches-results/?query=a/b"),
            Some(RouteId::BranchesResults)
        );
        assert_eq!(id_of("/home/"), Some(RouteId::Home));
        assert_eq!(id_of("/?from=ad"), Some(RouteId::Landing));
        assert_eq!(id_of("/account/profile#top"), Some(RouteId::Profile));
        assert_eq!(
            match_route("/categories/8/?x=1").unwrap().params.id,
            Some(8)
        );
    }

    #[test]
    fn unknown_and_malformed_paths_do_not_match() {
        for bad in [
            "",
            "home",
            "/Home",
            "/account/unknown",
            "/account//profile",
            "/cart/extra",
            "/%68ome",
        ] {
            assert_eq!(id_of(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn paths_are_rebuilt_from_params() {
        let m = match_route("/account/information/1").unwrap();
        assert_eq!(m.route.path(m.params), "/account/information/1");
        assert_eq!(RouteId::Home.route().path(RouteParams::default()), "/home");
    }
}
