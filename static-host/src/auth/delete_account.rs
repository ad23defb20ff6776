//! Deleting an account's data (issue 36, "Isolation": deleting the account's data
//! deletes its saved cards). The customer's own data goes: saved cards, favourites,
//! carts, notifications, uploads, reviews (with the products' ratings), the password,
//! and the profile's personal fields, so the phone number and e-mail address are free
//! to register again. What the shop must keep for its records stays, detached from any
//! way to sign in: orders, their delivery addresses (marked deleted, as a deleted
//! address is), and the wallet and points ledgers those orders wrote. Every session ends.
//! While an order is under way (placed and not yet delivered, cancelled or rejected, or
//! a return not yet refunded) the deletion is refused: the customer is still owed goods
//! or money.

use axum::Json;
use axum::extract::State;
use rusqlite::{Transaction, params};
use serde::Deserialize;
use storefront_core::orders::{OrderStatus, OrderTab, ReturnTab};
use utoipa::ToSchema;

use crate::http::envelope::Data;
use crate::http::error::{ApiError, ErrorBody, ValidationErrorBody};
use crate::http::extract::{CurrentUser, JsonBody, Lang};
use crate::http::state::AppState;
use crate::i18n::Msg;
use storefront_core::locale::Language;
use storefront_core::messages::MessageId;

#[derive(Debug, Deserialize, ToSchema)]
pub struct DeleteAccountRequest {
    /// Must be true: the customer confirmed (false is a 422).
    pub confirm: bool,
}

/// Deletes the signed-in customer's data and ends every session ('Your account and
/// its data have been deleted.'). A 422 on `orders` while an order is under way.
#[utoipa::path(post, path = "/user/delete-account", tag = "account",
    request_body = DeleteAccountRequest, security(("bearer" = [])),
    responses((status = 200, body = Data<Option<String>>), (status = 401, body = ErrorBody),
        (status = 422, body = ValidationErrorBody), (status = 429, body = ErrorBody)))]
pub async fn delete_account(
    State(state): State<AppState>,
    Lang(lang): Lang,
    user: CurrentUser,
    JsonBody(body): JsonBody<DeleteAccountRequest>,
) -> Result<Json<Data<Option<String>>>, ApiError> {
    if !body.confirm {
        return Err(ApiError::validation(
            "confirm",
            Msg::from(MessageId::Required).text(lang),
        ));
    }
    let now = state.clock.now_ms();
    let files = state
        .db
        .write(move |tx| Ok(forget(tx, user.id, lang, now)?))
        .await??;
    crate::media::upload::remove_files(&state.uploads_dir, files).await;
    Ok(Json(Data::with_message(
        None,
        Msg::AccountDeleted.text(lang),
    )))
}

/// The statuses of an order the customer is still owed something for.
fn under_way() -> Vec<&'static str> {
    OrderTab::Current
        .statuses()
        .iter()
        .chain(ReturnTab::Current.statuses())
        // A draft was never placed: nothing is owed on it.
        .filter(|status| **status != OrderStatus::Draft)
        .map(|status| status.as_str())
        .collect()
}

/// Deletes the data in one transaction; returns the upload files to remove after it.
fn forget(
    tx: &Transaction<'_>,
    user_id: i64,
    lang: Language,
    now: i64,
) -> rusqlite::Result<Result<Vec<String>, ApiError>> {
    let statuses = serde_json::to_string(&under_way()).unwrap_or_default();
    let busy: bool = tx.query_row(
        "SELECT exists(SELECT 1 FROM orders WHERE user_id = ?1
                       AND status IN (SELECT value FROM json_each(?2)))",
        params![user_id, statuses],
        |r| r.get(0),
    )?;
    if busy {
        return Ok(Err(ApiError::validation(
            "orders",
            Msg::OrdersUnderWay.text(lang),
        )));
    }
    crate::reviews::forget_customer(tx, user_id)?;
    for sql in [
        "DELETE FROM saved_cards WHERE user_id = ?1",
        "DELETE FROM favorites WHERE user_id = ?1",
        "DELETE FROM carts WHERE user_id = ?1",
        "DELETE FROM notifications WHERE user_id = ?1",
    ] {
        tx.execute(sql, [user_id])?;
    }
    tx.execute(
        "UPDATE addresses SET deleted_at = ?2, is_default = 0
         WHERE user_id = ?1 AND deleted_at IS NULL",
        params![user_id, now],
    )?;
    let files: Vec<String> = tx
        .prepare("DELETE FROM uploads WHERE user_id = ?1 RETURNING file_name")?
        .query_map([user_id], |r| r.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    tx.execute(
        "UPDATE users SET name = '', mobile = NULL, email = NULL, password_hash = NULL,
                          company_name = NULL, birthdate = NULL, gender = NULL, image = NULL,
                          deleted_at = ?2
         WHERE id = ?1",
        params![user_id, now],
    )?;
    crate::http::session::revoke_all(tx, user_id, now)?;
    Ok(Ok(files))
}
