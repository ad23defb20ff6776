//! The customer's account areas (spec 2, 3, 5): the address book, the wallet,
//! loyalty points, the referral program and affiliate commissions, favourites,
//! contact-us and support requests, and notifications.
//!
//! Every call needs `Authorization: Bearer …` (401 otherwise) except
//! `POST /contact-us`, which guests may use. Another customer's ids answer 404, as
//! ids that do not exist do, so nothing leaks. Amounts are decimal strings in EGP,
//! times RFC 3339 in UTC. The rules (first address becomes the default, points expire,
//! referral rewards) are written down in `static-host/docs/account.md`.

pub mod addresses;
pub mod affiliate;
pub mod contact;
pub mod favorites;
pub mod notifications;
pub mod order_effects;
pub mod points;
pub mod referral;
pub mod wallet;

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use storefront_core::locale::Language;
use storefront_core::messages::Message;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::http::error::{ApiError, not_found};
use crate::http::extract::language_of;
use crate::http::state::AppState;
use crate::i18n::Msg;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(
            addresses::list_addresses,
            addresses::create_address
        ))
        .routes(routes!(
            addresses::get_address,
            addresses::update_address,
            addresses::delete_address
        ))
        .routes(routes!(addresses::set_default_address))
        .routes(routes!(wallet::get_wallet))
        .routes(routes!(wallet::list_transactions))
        .routes(routes!(points::get_points))
        .routes(routes!(points::list_history))
        .routes(routes!(referral::get_referral))
        .routes(routes!(affiliate::list_commissions))
        .routes(routes!(favorites::list_favorites))
        .routes(routes!(favorites::toggle_favorite))
        .routes(routes!(contact::contact_us))
        .routes(routes!(contact::support))
        .routes(routes!(notifications::list_notifications))
        .routes(routes!(notifications::read_notification))
        .routes(routes!(notifications::read_all_notifications))
}

/// The numeric id in a path such as `/addresses/{id}/default`: the segment before
/// the last one. Anything but a positive number is a 404, as with `Id`.
#[derive(Debug, Clone, Copy)]
pub struct ParentId(pub i64);

impl<S: Send + Sync> FromRequestParts<S> for ParentId {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        let lang = language_of(parts);
        let segments: Vec<&str> = parts
            .uri
            .path()
            .split('/')
            .filter(|s| !s.is_empty())
            .collect();
        segments
            .len()
            .checked_sub(2)
            .and_then(|i| segments[i].parse::<i64>().ok())
            .filter(|id| *id > 0)
            .map(ParentId)
            .ok_or_else(|| not_found(lang))
    }
}

/// Collects the field errors of a form so one 422 names every bad field, each with
/// the spec's catalogue wording (spec 5). Texts are trimmed.
pub struct Form {
    lang: Language,
    errors: Vec<(String, String)>,
}

impl Form {
    pub fn new(lang: Language) -> Self {
        Form {
            lang,
            errors: Vec::new(),
        }
    }

    pub fn lang(&self) -> Language {
        self.lang
    }

    /// Records a message for a field (only the first per field is kept).
    pub fn fail(&mut self, field: &str, message: impl Into<Msg>) {
        if self.errors.iter().all(|(f, _)| f != field) {
            let text = message.into().text(self.lang);
            self.errors.push((field.to_owned(), text));
        }
    }

    /// Runs a core rule on a value, recording its message.
    pub fn check(&mut self, field: &str, rule: Result<(), Message>) -> bool {
        match rule {
            Ok(()) => true,
            Err(message) => {
                self.fail(field, message);
                false
            }
        }
    }

    /// A required text: 'This field is required' when missing or blank, 'Too long!
    /// The maximum character is {len}' past `max` characters.
    pub fn required(&mut self, field: &str, value: Option<&str>, max: usize) -> String {
        let value = value.map(str::trim).unwrap_or_default();
        use storefront_core::validation::{field_required, max_length};
        if self.check(field, field_required(value)) {
            self.check(field, max_length(value, max));
        }
        value.to_owned()
    }

    /// An optional text (blank is empty), at most `max` characters.
    pub fn optional(&mut self, field: &str, value: Option<&str>, max: usize) -> String {
        let value = value.map(str::trim).unwrap_or_default();
        self.check(field, storefront_core::validation::max_length(value, max));
        value.to_owned()
    }

    pub fn has_error(&self, field: &str) -> bool {
        self.errors.iter().any(|(f, _)| f == field)
    }

    /// Ok when no field failed, else a 422 naming each failed field (the first
    /// message is also the top-level `message`).
    pub fn finish(self) -> Result<(), ApiError> {
        match self.errors.first() {
            None => Ok(()),
            Some((_, first)) => Err(ApiError::Validation {
                message: first.clone(),
                errors: self.errors,
            }),
        }
    }
}

/// Whether a table exists, for reading tables another part of the API owns
/// (`orders`) without failing where they are not there yet.
pub fn table_exists(conn: &rusqlite::Connection, name: &str) -> rusqlite::Result<bool> {
    conn.query_row(
        "SELECT exists(SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?1)",
        [name],
        |r| r.get(0),
    )
}

/// Whether the customer has an order that counts as a purchase (anything but a
/// draft, a cancelled or a rejected order). Reads the `orders` table of the order
/// flow tolerantly: no table, or a shape this query does not fit, is "no".
pub fn has_purchase(conn: &rusqlite::Connection, user_id: i64) -> bool {
    let query = || -> rusqlite::Result<bool> {
        if !table_exists(conn, "orders")? {
            return Ok(false);
        }
        conn.query_row(
            "SELECT exists(SELECT 1 FROM orders WHERE user_id = ?1
                 AND status NOT IN ('draft', 'cancelled', 'canceled', 'rejected'))",
            [user_id],
            |r| r.get(0),
        )
    };
    query().unwrap_or_else(|err| {
        tracing::warn!(%err, "cannot read the orders table for a first purchase");
        false
    })
}

/// Whether `order_id` is one of the customer's orders (tolerant like
/// [`has_purchase`]).
pub fn owns_order(conn: &rusqlite::Connection, user_id: i64, order_id: i64) -> bool {
    let query = || -> rusqlite::Result<bool> {
        if !table_exists(conn, "orders")? {
            return Ok(false);
        }
        conn.query_row(
            "SELECT exists(SELECT 1 FROM orders WHERE id = ?1 AND user_id = ?2)",
            [order_id, user_id],
            |r| r.get(0),
        )
    };
    query().unwrap_or_else(|err| {
        tracing::warn!(%err, "cannot read the orders table for an order id");
        false
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forms_name_every_bad_field_once() {
        let mut form = Form::new(Language::En);
        assert_eq!(form.required("name", Some("  Mona "), 10), "Mona");
        form.required("email", Some("   "), 10);
        form.required("city", None, 10);
        form.required("street", Some("a very long street"), 5);
        form.fail("email", storefront_core::messages::MessageId::InvalidEmail);
        let body = form.finish().unwrap_err().body();
        assert_eq!(body["message"], "This field is required");
        assert_eq!(
            body["errors"]["email"],
            serde_json::json!(["This field is required"])
        );
        assert_eq!(body["errors"]["city"][0], "This field is required");
        assert_eq!(
            body["errors"]["street"][0],
            "Too long! The maximum character is 5"
        );
        assert!(body["errors"].get("name").is_none());
        assert!(Form::new(Language::Ar).finish().is_ok());
    }

    #[test]
    fn arabic_forms_speak_arabic() {
        let mut form = Form::new(Language::Ar);
        form.required("name", Some(""), 10);
        let body = form.finish().unwrap_err().body();
        assert_eq!(body["errors"]["name"][0], "هذا الحقل مطلوب");
    }
}
