//! The route table and the guard deciding every navigation (spec 2, 6).

mod guard;
mod table;

pub use guard::{
    GuardContext, GuardDecision, HOME_PATH, LANDING_PATH, MY_ADDRESS_PATH, decide,
    post_login_destination,
};
pub use table::{
    Access, Layout, ROUTES, Route, RouteId, RouteMatch, RouteParams, match_route, path_only,
};

#[cfg(feature = "ts")]
pub(crate) fn register_typescript(d: &mut crate::typescript::Declarations) {
    d.add::<Access>()
        .add::<Layout>()
        .add::<RouteId>()
        .add::<Route>()
        .add::<RouteParams>()
        .add::<RouteMatch>()
        .add::<GuardContext>()
        .add::<GuardDecision>();
}
