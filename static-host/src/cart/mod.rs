//! The cart calls as spec 7 names them: `POST /order/add-to-cart`,
//! `POST /order/update-cart`, `GET /get_card?service_id=…` and
//! `DELETE /orders/item/{id}`, and `POST /add_coupon` ([`coupons`]).
//!
//! A customer has one cart per service, holding one shop's items at a time: adding a
//! product of another shop answers 400 with the different-shop message (the client
//! keeps a 400 on add as the "old cart" prompt), unless `empty_cart` asks to empty
//! the cart first. Quantities follow the core's stepper rules
//! ([`storefront_core::cart::set_quantity`]): at least the product's minimum, at
//! most its maximum, at most its stock — refused with 422 on `qty` and the spec's
//! 'Min Quantity Reached', 'Max Quantity Reached', 'There is not enough stock
//! available.' or 'This item is unavailable' (no stock, or the shop is closed).
//! Products that can be pre-ordered are not limited by stock. A product whose shop
//! does not deliver to the request's district (`district-id`, or the district of the
//! customer's `address-id`; see [`crate::location::delivery`]) is refused with 422 on
//! `product_id` and 'We Don't Deliver To Your Location'. Adding a product the
//! cart holds replaces its quantity. Stock is not reserved by the cart: checkout
//! takes it (see [`crate::orders::checkout`]).
//!
//! The cart JSON is the core's [`storefront_core::cart::Cart`] (the client parses it
//! with the core): spec 3's fields plus `branch_id`, `pricing` and `coupon_rule` so
//! the client can recompute totals, per item a `product` summary with the
//! stepper's limits, and `delivers`: whether the cart's shop delivers to the request's
//! district, so a shopper who changed district learns at once that the cart cannot be
//! delivered there. Prices are today's: the cart stores no prices.
//!
//! Modules by role: [`body`] (the JSON documents), [`requests`] (what the calls
//! take in), [`query`] (the SQL), [`handlers`], with the cart's money in
//! [`pricing`] and the coupon call in [`coupons`].

pub mod body;
pub mod coupons;
pub mod handlers;
pub mod pricing;
pub mod query;
pub mod requests;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::http::state::AppState;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(handlers::add_to_cart))
        .routes(routes!(handlers::update_cart))
        .routes(routes!(handlers::get_cart))
        .routes(routes!(handlers::delete_item))
        .routes(routes!(coupons::add_coupon))
}

// The cart's interface to the other features. Checkout turns the stored cart into
// an order, and asks again, inside its own transaction, whether the cart's coupon
// has a use left; orders reach the cart through these names only.
pub use coupons::{UsageProblem, usage_left};
pub use query::{Branch, CartSnapshot, Line, load_cart};
