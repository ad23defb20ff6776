//! HTTP plumbing shared by every feature: the application state, extractors,
//! envelopes and errors, abuse limits, the disk's free-space floor, sessions, client addresses, security headers
//! and the OpenAPI finishing touches. Features build on it; it knows no feature.

pub mod client_ip;
pub mod contract;
pub mod disk_floor;
pub mod envelope;
pub mod error;
pub mod extract;
pub mod paging;
pub mod rate_limit;
pub mod search_text;
pub mod security_headers;
pub mod session;
pub mod state;
pub mod strict_json;
pub mod unread_body;

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

use crate::i18n::Msg;
use error::ApiError;

pub use crate::config::API_MOUNT;

/// Largest JSON body accepted.
pub const JSON_BODY_LIMIT: usize = 64 * 1024;

/// The largest request body any route reads: an upload with its multipart framing.
/// Routes read less (JSON bodies: [`JSON_BODY_LIMIT`]); this caps everything else.
pub const MAX_REQUEST_BODY: usize = MAX_UPLOAD_BYTES + 64 * 1024;

/// The largest picture a customer may upload.
pub const MAX_UPLOAD_BYTES: usize = storefront_core::validation::MAX_IMAGE_BYTES as usize;

/// Middleware for the whole server: the refusals that the body-limit and timeout
/// layers answer on their own (a bare 413 or 408) get the API's JSON error shape and
/// the request's language when they concern an API call.
pub async fn json_refusals(
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    let api_call = request.uri().path().starts_with(API_MOUNT);
    let lang = crate::i18n::language_of_headers(request.headers());
    let response = next.run(request).await;
    let is_json = response
        .headers()
        .get(axum::http::header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
    if !api_call || is_json {
        return response;
    }
    let message = match response.status() {
        StatusCode::PAYLOAD_TOO_LARGE => Msg::BodyTooLarge {
            max_kb: MAX_REQUEST_BODY / 1024,
        },
        StatusCode::REQUEST_TIMEOUT => Msg::RequestTimeout,
        _ => return response,
    };
    ApiError::Status {
        status: response.status(),
        message: message.text(lang),
    }
    .into_response()
}
