//! The catalogue (spec 3, 7, 9): services and their home-page blocks, categories,
//! shop categories, shops and products.
//!
//! Conventions: names and descriptions follow the `Language` header; amounts are
//! decimal strings with two decimals in EGP (the `currency` header is accepted but
//! the reference API always prices in EGP); images are URL paths under `/api/media/`;
//! favourite flags are the signed-in customer's (`favorite: 0|1` on products,
//! `is_favorite` elsewhere) and always off for guests, while a bad token is a 401.

pub mod branches;
pub mod categories;
pub mod products;
pub mod search;
pub mod services;
pub mod shared;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::http::state::AppState;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(services::list_services))
        .routes(routes!(services::search_services))
        .routes(routes!(services::get_service))
        .routes(routes!(categories::list_categories))
        .routes(routes!(categories::get_category))
        .routes(routes!(categories::list_branch_categories))
        .routes(routes!(branches::list_branches))
        .routes(routes!(branches::get_branch))
        .routes(routes!(products::list_products))
        .routes(routes!(products::get_product))
}
