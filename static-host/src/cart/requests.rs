//! What the cart calls take in: the request bodies and query, and the stepper's
//! refusal as the 422 the client shows.

use serde::Deserialize;
use storefront_core::cart::QuantityCheck;
use storefront_core::locale::Language;
use utoipa::{IntoParams, ToSchema};

use crate::http::error::ApiError;
use crate::i18n::orders::core_message;

/// A refused quantity as a 422 on `field`.
pub fn quantity_error(check: QuantityCheck, field: &str, lang: Language) -> Result<u32, ApiError> {
    match check {
        QuantityCheck::Accepted { qty } => Ok(qty),
        QuantityCheck::Refused { message } => {
            Err(ApiError::validation(field, core_message(message, lang)))
        }
    }
}

/// Body of `POST /order/add-to-cart`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct AddToCartRequest {
    /// A product of the catalogue (e.g. 775 in the demo data: in stock, 1 to 9 a line).
    #[schema(minimum = 1, example = 775)]
    pub product_id: i64,
    /// The quantity to hold (replaces the line's quantity when the product is in the
    /// cart already); the product's minimum when left out.
    #[serde(default)]
    pub qty: Option<u32>,
    /// When sent, must be the product's service.
    #[serde(default)]
    pub service_id: Option<i64>,
    /// Empty a cart holding another shop's items first (the customer agreed to the
    /// different-shop prompt).
    #[serde(default)]
    pub empty_cart: bool,
}

/// Body of `POST /order/update-cart`: the line by `key`, or by `product_id` when no
/// key is sent.
#[derive(Debug, Deserialize, ToSchema)]
pub struct UpdateCartRequest {
    #[serde(default)]
    pub key: Option<String>,
    #[serde(default)]
    #[schema(example = 775)]
    pub product_id: Option<i64>,
    /// The new quantity (removing a line is `DELETE /orders/item/{id}`), within the
    /// product's limits.
    #[schema(example = 1)]
    pub qty: u32,
}

/// Query of `GET /get_card`.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CartQuery {
    /// The service whose cart to load (required).
    #[param(required = true, minimum = 1, example = 1)]
    pub service_id: Option<i64>,
}
