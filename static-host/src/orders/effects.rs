//! What an order's status change asks of the other features, in the change's own
//! transaction: the referral programme's reward and clawback, and the customer's
//! notification, belong to the account area. The state machine names them through
//! this interface, owned here, and the API's composition hands it the account's
//! implementation (`account::order_effects`), so orders never call into account.

use std::sync::Arc;

use rusqlite::Connection;

/// A notice to the customer about one of their orders, in both languages.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderNotice {
    pub user_id: i64,
    pub order_id: i64,
    pub title_en: String,
    pub title_ar: String,
    pub body_en: String,
    pub body_ar: String,
}

/// The effects of order changes on other features. Each runs on the connection of
/// the change's transaction; an error rolls the whole change back.
pub trait OrderEffects: Send + Sync {
    /// The order was delivered: the buyer's referrer may earn on `purchase_minor`
    /// (the subtotal after the coupon).
    fn delivered(
        &self,
        conn: &Connection,
        buyer_id: i64,
        order_id: i64,
        purchase_minor: i64,
        now_ms: i64,
    ) -> rusqlite::Result<()>;

    /// Goods worth `returned_minor` of an order of `order_minor` came back (`whole`:
    /// every unit): what the referrer earned on them is taken back.
    fn returned(
        &self,
        conn: &Connection,
        order_id: i64,
        returned_minor: i64,
        order_minor: i64,
        whole: bool,
        now_ms: i64,
    ) -> rusqlite::Result<()>;

    /// Tells the customer.
    fn notify(&self, conn: &Connection, notice: &OrderNotice, now_ms: i64) -> rusqlite::Result<()>;
}

/// The effects as the API's handlers hold them (an axum `Extension`).
pub type Effects = Arc<dyn OrderEffects>;
