//! The order flow (spec 4, 7, 8): checkout with card, cash and wallet payments,
//! the customer's orders with their status machine, returns, and the saved payment
//! cards checkout pays with ([`saved_cards`], issue 36). The cart and its
//! coupon are [`crate::cart`]'s; checkout takes them through the cart's interface.
//!
//! Every call needs `Authorization: Bearer …` (401 otherwise). Another customer's
//! ids answer 404, as ids that do not exist do. Amounts are decimal strings in EGP,
//! `date` fields `YYYY-MM-DD HH:MM` in UTC and `*_at` fields RFC 3339 in UTC. The
//! rules — totals, tax and delivery ([`crate::cart::pricing`],
//! [`crate::location::delivery`]), payments ([`payment`]), the status machine
//! ([`state_machine`]), refunds and returns ([`returns`]) — are written down in
//! `static-host/docs/orders.md`.

pub mod checkout;
pub mod effects;
pub mod my_orders;
pub mod payment;
pub mod payment_outbox;
pub mod returns;
pub mod saved_cards;
pub mod state_machine;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::http::error::ApiError;
use crate::http::state::AppState;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(checkout::checkout))
        .routes(routes!(my_orders::list_orders))
        .routes(routes!(my_orders::get_order))
        .routes(routes!(my_orders::cancel_order))
        .routes(routes!(returns::request_return))
        .routes(routes!(returns::list_returns))
        .routes(routes!(saved_cards::list_cards, saved_cards::save_card))
        .routes(routes!(saved_cards::set_default_card))
        .routes(routes!(saved_cards::delete_card))
}

/// The order number customers see: 100000 + the order's id.
pub fn order_number(id: i64) -> String {
    (100_000 + id).to_string()
}

/// A 422 naming several fields (the first message is also `message`); Ok when there
/// are none.
pub fn fields_error(errors: Vec<(String, String)>) -> Result<(), ApiError> {
    match errors.first() {
        None => Ok(()),
        Some((_, first)) => Err(ApiError::Validation {
            message: first.clone(),
            errors,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::http::error::invalid;
    use storefront_core::locale::Language;

    #[test]
    fn order_numbers_start_at_100000() {
        assert_eq!(order_number(7), "100007");
    }

    #[test]
    fn field_errors_keep_their_order() {
        assert!(fields_error(Vec::new()).is_ok());
        let err = fields_error(vec![
            ("b".into(), "first".into()),
            ("a".into(), "second".into()),
        ])
        .unwrap_err();
        assert_eq!(err.body()["message"], "first");
        assert_eq!(err.body()["errors"]["a"][0], "second");
        assert_eq!(
            invalid("address_id", Language::En).body()["errors"]["address_id"][0],
            "The selected address is invalid."
        );
    }
}
