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

use rusqlite::{Connection, OptionalExtension};
use storefront_core::locale::Language;
use storefront_core::messages::MessageId;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::http::error::{ApiError, not_found};
use crate::http::state::AppState;
use crate::i18n::Msg;

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
        .routes(routes!(products::handlers::list_products))
        .routes(routes!(products::handlers::get_product))
}

// The catalogue's interface to the other features: the cart, coupons and checkout
// name a service as the catalogue does, and refuse it in the same words.

/// `service_id` is required: 422 'Service ID is required.' when it is missing.
pub fn required_service(service_id: Option<i64>, lang: Language) -> Result<i64, ApiError> {
    service_id.ok_or_else(|| {
        ApiError::validation(
            "service_id",
            Msg::from(MessageId::ServiceIdRequired).text(lang),
        )
    })
}

/// 404 unless the service exists.
pub fn check_service(conn: &Connection, service_id: i64, lang: Language) -> Result<(), ApiError> {
    let found: Option<i64> = conn
        .prepare_cached("SELECT id FROM services WHERE id = ?1")?
        .query_row([service_id], |r| r.get(0))
        .optional()?;
    found.map(|_| ()).ok_or_else(|| not_found(lang))
}
