//! The order status machine: the core's table of allowed changes
//! ([`storefront_core::orders::next_statuses`]) applied to stored orders, with what
//! each change does.
//!
//! | from               | to                                                  |
//! |--------------------|-----------------------------------------------------|
//! | `draft`            | `pending`, `cancelled`                              |
//! | `pending`          | `processing`, `on_hold`, `rejected`, `cancelled`    |
//! | `processing`       | `shipped`, `on_hold`, `cancelled`                   |
//! | `on_hold`          | `pending`, `processing`, `rejected`, `cancelled`    |
//! | `shipped`          | `out_for_delivery`, `delivered`                     |
//! | `out_for_delivery` | `delivered`                                         |
//! | `delivered`        | `in_return`                                         |
//! | `in_return`        | `return_received`                                   |
//! | `return_received`  | `returned`                                          |
//! | `returned`, `rejected`, `cancelled` | nothing (final)                    |
//!
//! Checkout creates orders as `pending`. Customers may cancel `draft`, `pending` and
//! `on_hold` orders (`POST /orders/{id}/cancel`) and move a `delivered` order to
//! `in_return` by asking for a return; every other change is the shop's or the
//! system's (there is no admin API: operators and tests call [`change_status`] /
//! [`advance`] on the database). Any other change is refused with
//! [`StatusChangeError::Refused`] and changes nothing.
//!
//! Effects, in the same transaction as the change:
//! - `cancelled`, `rejected`: stock taken by the order goes back; the wallet part is
//!   credited back to the wallet (`wallet_entries` kind `refund`); the card charge is
//!   refunded through the gateway (queued in the payment outbox, made after the
//!   commit: no gateway call runs inside this transaction); cash not yet collected is cancelled;
//!   the loyalty points earned by the order stop counting (their `expires_at`
//!   becomes the change time).
//! - `delivered`: `delivered_at` is set (the return window counts from it); cash is
//!   recorded as collected; the customer's referrer is rewarded
//!   ([`OrderEffects::delivered`] with the subtotal after the coupon).
//! - `return_received`: the return's `received_at` is set.
//! - `returned`: the returned units go back to stock and the return's refund is paid:
//!   to the wallet, or with `original` to the card first (up to what the card paid
//!   and was not refunded yet) and the rest to the wallet. When every unit was
//!   returned, the order's points stop counting too. The referrer's commission on the
//!   returned part is taken back ([`OrderEffects::returned`]).
//!
//! Every change is recorded in `order_status_history` and the customer gets a
//! notification naming the new status ([`OrderEffects::notify`]). The effects on
//! other features go through [`OrderEffects`], so this module knows no account code.

use rusqlite::{Connection, OptionalExtension, TransactionBehavior, params};
use storefront_core::locale::Language;
use storefront_core::orders::{OrderStatus, TransitionError, transition};

use crate::http::error::{ApiError, not_found};
use crate::i18n::orders::{OrderMsg, status_label};
use crate::orders::effects::{OrderEffects, OrderNotice};
use crate::orders::order_number;
use crate::orders::payment::PaymentGateway;
use crate::orders::payment_outbox::{self, Action};

/// Who changes a status.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Actor {
    Customer,
    Shop,
    System,
}

impl Actor {
    pub fn as_str(self) -> &'static str {
        match self {
            Actor::Customer => "customer",
            Actor::Shop => "shop",
            Actor::System => "system",
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum StatusChangeError {
    #[error("order {0} does not exist")]
    NotFound(i64),
    #[error(transparent)]
    Refused(#[from] TransitionError),
    #[error(transparent)]
    Db(#[from] rusqlite::Error),
}

impl StatusChangeError {
    /// The API's answer: 404, 400 with a localized message, or 500.
    pub fn into_api(self, lang: Language) -> ApiError {
        match self {
            StatusChangeError::NotFound(_) => not_found(lang),
            StatusChangeError::Refused(TransitionError { from, to }) => {
                ApiError::bad_request(OrderMsg::StatusRefused { from, to }.text(lang))
            }
            StatusChangeError::Db(err) => err.into(),
        }
    }
}

/// The stored status of an order.
pub fn order_status(conn: &Connection, order_id: i64) -> rusqlite::Result<Option<OrderStatus>> {
    let status: Option<String> = conn
        .query_row("SELECT status FROM orders WHERE id = ?1", [order_id], |r| {
            r.get(0)
        })
        .optional()?;
    Ok(status.map(|s| OrderStatus::parse(&s)))
}

/// Moves an order to `to` with the change's effects, if the table allows it; returns
/// the previous status. Run it inside a transaction (the API's `db.write`, or
/// [`advance`]) so a refused or failed change leaves nothing behind.
pub fn change_status(
    conn: &Connection,
    effects: &dyn OrderEffects,
    order_id: i64,
    to: OrderStatus,
    actor: Actor,
    now_ms: i64,
) -> Result<OrderStatus, StatusChangeError> {
    let from = order_status(conn, order_id)?.ok_or(StatusChangeError::NotFound(order_id))?;
    transition(from, to)?;
    match to {
        OrderStatus::Cancelled | OrderStatus::Rejected => {
            restock_order(conn, order_id)?;
            refund_order(conn, order_id, now_ms)?;
            revoke_points(conn, order_id, now_ms)?;
        }
        OrderStatus::Delivered => {
            conn.execute(
                "UPDATE orders SET delivered_at = ?2 WHERE id = ?1",
                params![order_id, now_ms],
            )?;
            let (user_id, purchase): (i64, i64) = conn.query_row(
                "SELECT user_id, price_minor - coupon_discount_minor FROM orders WHERE id = ?1",
                [order_id],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )?;
            effects.delivered(conn, user_id, order_id, purchase, now_ms)?;
            conn.execute(
                "UPDATE payments SET status = 'captured', updated_at = ?2
                 WHERE order_id = ?1 AND method = 'cash' AND kind = 'charge' AND status = 'pending'",
                params![order_id, now_ms],
            )?;
        }
        OrderStatus::ReturnReceived => {
            conn.execute(
                "UPDATE returns SET received_at = ?2 WHERE order_id = ?1",
                params![order_id, now_ms],
            )?;
        }
        OrderStatus::Returned => complete_return(conn, effects, order_id, now_ms)?,
        _ => {}
    }
    conn.execute(
        "UPDATE orders SET status = ?2, updated_at = ?3 WHERE id = ?1",
        params![order_id, to.as_str(), now_ms],
    )?;
    conn.execute(
        "INSERT INTO order_status_history (order_id, from_status, to_status, actor, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5)",
        params![order_id, from.as_str(), to.as_str(), actor.as_str(), now_ms],
    )?;
    let (user_id, _) = order_owner(conn, order_id)?;
    notify_customer(conn, effects, user_id, order_id, to, now_ms)?;
    Ok(from)
}

/// Tells the customer about an order's new status (the notifications of the account
/// area).
pub fn notify_customer(
    conn: &Connection,
    effects: &dyn OrderEffects,
    user_id: i64,
    order_id: i64,
    status: OrderStatus,
    now_ms: i64,
) -> rusqlite::Result<()> {
    let number = order_number(order_id);
    let (en, ar) = (
        status_label(status, Language::En),
        status_label(status, Language::Ar),
    );
    effects.notify(
        conn,
        &OrderNotice {
            user_id,
            order_id,
            title_en: format!("Order #{number}"),
            title_ar: format!("الطلب رقم {number}"),
            body_en: format!("Your order is now: {en}."),
            body_ar: format!("حالة طلبك الآن: {ar}."),
        },
        now_ms,
    )
}

/// [`change_status`] in its own IMMEDIATE transaction on `conn`, committed only when
/// the change is allowed: the operators' and tests' way to move an order. The card
/// refunds it queued are then made through `gateway` on the same connection, after
/// the commit (a failed one is left to the server's payment worker).
pub fn advance(
    conn: &mut Connection,
    effects: &dyn OrderEffects,
    gateway: &dyn PaymentGateway,
    order_id: i64,
    to: OrderStatus,
    actor: Actor,
    now_ms: i64,
) -> Result<OrderStatus, StatusChangeError> {
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    let from = change_status(&tx, effects, order_id, to, actor, now_ms)?;
    tx.commit()?;
    if let Err(err) = payment_outbox::run_due_on(conn, gateway) {
        tracing::warn!(%err, "payment outbox round failed; the server's worker will retry");
    }
    Ok(from)
}

/// Puts back the stock the order took.
fn restock_order(conn: &Connection, order_id: i64) -> rusqlite::Result<()> {
    conn.execute(
        "UPDATE products SET stock = stock + (
             SELECT sum(oi.stock_taken) FROM order_items oi
             WHERE oi.order_id = ?1 AND oi.product_id = products.id)
         WHERE id IN (SELECT product_id FROM order_items WHERE order_id = ?1 AND stock_taken > 0)",
        [order_id],
    )?;
    Ok(())
}

fn order_owner(conn: &Connection, order_id: i64) -> rusqlite::Result<(i64, i64)> {
    conn.query_row(
        "SELECT user_id, wallet_minor FROM orders WHERE id = ?1",
        [order_id],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )
}

fn credit_wallet(
    conn: &Connection,
    user_id: i64,
    order_id: i64,
    amount_minor: i64,
    now_ms: i64,
) -> rusqlite::Result<()> {
    if amount_minor <= 0 {
        return Ok(());
    }
    let number = order_number(order_id);
    conn.execute(
        "INSERT INTO wallet_entries (user_id, amount_minor, kind, order_id, note_en, note_ar, created_at)
         VALUES (?1, ?2, 'refund', ?3, ?4, ?5, ?6)",
        params![
            user_id,
            amount_minor,
            order_id,
            format!("Refund for order #{number}"),
            format!("استرداد للطلب رقم {number}"),
            now_ms
        ],
    )?;
    Ok(())
}

fn record_refund(
    conn: &Connection,
    order_id: i64,
    method: &str,
    amount_minor: i64,
    reference: Option<&str>,
    now_ms: i64,
) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT INTO payments (order_id, method, kind, status, amount_minor, reference, created_at, updated_at)
         VALUES (?1, ?2, 'refund', 'refunded', ?3, ?4, ?5, ?5)",
        params![order_id, method, amount_minor, reference, now_ms],
    )?;
    Ok(())
}

/// A card refund: recorded `pending` and queued in the payment outbox, made by the
/// gateway after the commit (never inside this transaction).
fn queue_card_refund(
    conn: &Connection,
    order_id: i64,
    amount_minor: i64,
    reference: &str,
    now_ms: i64,
) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT INTO payments (order_id, method, kind, status, amount_minor, reference, created_at, updated_at)
         VALUES (?1, 'card', 'refund', 'pending', ?2, ?3, ?4, ?4)",
        params![order_id, amount_minor, reference, now_ms],
    )?;
    payment_outbox::queue(
        conn,
        Action::Refund,
        order_id,
        conn.last_insert_rowid(),
        reference,
        amount_minor,
        now_ms,
    )
}

/// Gives back everything a cancelled or rejected order took.
fn refund_order(conn: &Connection, order_id: i64, now_ms: i64) -> Result<(), StatusChangeError> {
    let (user_id, wallet_minor) = order_owner(conn, order_id)?;
    if wallet_minor > 0 {
        credit_wallet(conn, user_id, order_id, wallet_minor, now_ms)?;
        record_refund(conn, order_id, "wallet", wallet_minor, None, now_ms)?;
    }
    // A charge whose capture is still queued counts: the outbox captures it first.
    let card: Option<(i64, i64, Option<String>)> = conn
        .query_row(
            "SELECT id, amount_minor, reference FROM payments
             WHERE order_id = ?1 AND method = 'card' AND kind = 'charge' AND status IN ('pending', 'captured')",
            [order_id],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
        .optional()?;
    if let Some((payment_id, amount_minor, reference)) = card {
        let reference = reference.unwrap_or_default();
        queue_card_refund(conn, order_id, amount_minor, &reference, now_ms)?;
        conn.execute(
            "UPDATE payments SET status = 'refunded', updated_at = ?2 WHERE id = ?1",
            params![payment_id, now_ms],
        )?;
    }
    conn.execute(
        "UPDATE payments SET status = CASE WHEN status = 'pending' THEN 'cancelled' ELSE 'refunded' END,
             updated_at = ?2
         WHERE order_id = ?1 AND kind = 'charge' AND method IN ('cash', 'wallet')",
        params![order_id, now_ms],
    )?;
    Ok(())
}

/// The order's earned points stop counting.
fn revoke_points(conn: &Connection, order_id: i64, now_ms: i64) -> rusqlite::Result<()> {
    conn.execute(
        "UPDATE point_entries SET expires_at = ?2
         WHERE order_id = ?1 AND kind = 'earned' AND (expires_at IS NULL OR expires_at > ?2)",
        params![order_id, now_ms],
    )?;
    Ok(())
}

/// Restocks the returned units and pays the return's refund.
fn complete_return(
    conn: &Connection,
    effects: &dyn OrderEffects,
    order_id: i64,
    now_ms: i64,
) -> Result<(), StatusChangeError> {
    let request: Option<(i64, String, i64)> = conn
        .query_row(
            "SELECT id, refund_method, refund_minor FROM returns WHERE order_id = ?1 AND refunded_at IS NULL",
            [order_id],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
        .optional()?;
    let Some((return_id, method, refund_minor)) = request else {
        return Ok(());
    };
    conn.execute(
        "UPDATE products SET stock = stock + (
             SELECT sum(ri.qty) FROM return_items ri JOIN order_items oi ON oi.id = ri.order_item_id
             WHERE ri.return_id = ?1 AND oi.product_id = products.id)
         WHERE id IN (SELECT oi.product_id FROM return_items ri JOIN order_items oi ON oi.id = ri.order_item_id
                      WHERE ri.return_id = ?1)",
        [return_id],
    )?;
    let (user_id, _) = order_owner(conn, order_id)?;
    let mut to_wallet = refund_minor;
    if method == "original" {
        let card: Option<(i64, Option<String>)> = conn
            .query_row(
                "SELECT amount_minor, reference FROM payments
                 WHERE order_id = ?1 AND method = 'card' AND kind = 'charge'
                   AND status IN ('pending', 'captured')",
                [order_id],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()?;
        if let Some((charged, reference)) = card {
            let refunded: i64 = conn.query_row(
                "SELECT coalesce(sum(amount_minor), 0) FROM payments
                 WHERE order_id = ?1 AND method = 'card' AND kind = 'refund'",
                [order_id],
                |r| r.get(0),
            )?;
            let to_card = refund_minor.min((charged - refunded).max(0));
            if to_card > 0 {
                let reference = reference.unwrap_or_default();
                queue_card_refund(conn, order_id, to_card, &reference, now_ms)?;
                to_wallet -= to_card;
            }
        }
    }
    if to_wallet > 0 {
        credit_wallet(conn, user_id, order_id, to_wallet, now_ms)?;
        record_refund(conn, order_id, "wallet", to_wallet, None, now_ms)?;
    }
    conn.execute(
        "UPDATE returns SET refunded_at = ?2 WHERE id = ?1",
        params![return_id, now_ms],
    )?;
    let (ordered, returned): (i64, i64) = conn.query_row(
        "SELECT (SELECT coalesce(sum(qty), 0) FROM order_items WHERE order_id = ?1),
                (SELECT coalesce(sum(qty), 0) FROM return_items WHERE return_id = ?2)",
        params![order_id, return_id],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )?;
    if returned >= ordered {
        revoke_points(conn, order_id, now_ms)?;
    }
    // The referrer's commission on what came back is taken back (self-referral plus a
    // return must not earn money).
    let (returned_price, order_price): (i64, i64) = conn.query_row(
        "SELECT (SELECT coalesce(sum(ri.qty * oi.price_minor), 0) FROM return_items ri
                 JOIN order_items oi ON oi.id = ri.order_item_id WHERE ri.return_id = ?2),
                (SELECT price_minor FROM orders WHERE id = ?1)",
        params![order_id, return_id],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )?;
    effects.returned(
        conn,
        order_id,
        returned_price,
        order_price,
        returned >= ordered,
        now_ms,
    )?;
    Ok(())
}
