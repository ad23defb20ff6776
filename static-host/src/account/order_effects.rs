//! The account area's side of an order's changes ([`OrderEffects`], owned by orders):
//! referral rewards and clawbacks, and the customer's notifications.

use rusqlite::Connection;

use crate::account::notifications::{Kind, NewNotification, notify};
use crate::account::referral::{reverse_commission, reward_referrer};
use crate::orders::effects::{OrderEffects, OrderNotice};

/// The implementation the server runs with.
#[derive(Debug, Clone, Copy, Default)]
pub struct AccountEffects;

impl OrderEffects for AccountEffects {
    fn delivered(
        &self,
        conn: &Connection,
        buyer_id: i64,
        order_id: i64,
        purchase_minor: i64,
        now_ms: i64,
    ) -> rusqlite::Result<()> {
        reward_referrer(conn, buyer_id, order_id, purchase_minor, now_ms).map(drop)
    }

    fn returned(
        &self,
        conn: &Connection,
        order_id: i64,
        returned_minor: i64,
        order_minor: i64,
        whole: bool,
        now_ms: i64,
    ) -> rusqlite::Result<()> {
        reverse_commission(conn, order_id, returned_minor, order_minor, whole, now_ms).map(drop)
    }

    fn notify(&self, conn: &Connection, notice: &OrderNotice, now_ms: i64) -> rusqlite::Result<()> {
        notify(
            conn,
            &NewNotification {
                user_id: notice.user_id,
                kind: Kind::Order,
                title_en: notice.title_en.clone(),
                title_ar: notice.title_ar.clone(),
                body_en: notice.body_en.clone(),
                body_ar: notice.body_ar.clone(),
                order_id: Some(notice.order_id),
            },
            now_ms,
        )
        .map(drop)
    }
}
