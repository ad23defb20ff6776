//! The embedded reference implementation of the product API (spec section 7),
//! mounted under `/api`.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde_json::json;

pub fn router() -> Router {
    Router::new()
        .route("/health", get(health))
        .fallback(not_found)
}

/// Answers every call when the UI is pointed at an external API.
pub fn disabled_router() -> Router {
    Router::new().fallback(disabled)
}

async fn disabled() -> Response {
    (
        StatusCode::NOT_FOUND,
        Json(
            json!({ "message": "The embedded API is off; this storefront uses an external API." }),
        ),
    )
        .into_response()
}

async fn health() -> Json<serde_json::Value> {
    Json(json!({ "status": "ok", "core_version": storefront_core::version() }))
}

async fn not_found() -> Response {
    (
        StatusCode::NOT_FOUND,
        Json(json!({ "message": "Not found" })),
    )
        .into_response()
}
