//! The referral program (spec 3: code, total points, commission rate, first
//! purchase): `GET /referral`, and [`reward_referrer`], the rule the order flow calls.
//!
//! A customer registers with another customer's `referral_code`
//! (`users.referred_by`). Then, for every order of the referred customer that is
//! delivered (so cancelled and rejected orders pay nothing):
//! - the referrer earns an affiliate commission of [`COMMISSION_RATE_BP`] (5%) of the
//!   purchase amount (the order subtotal, before delivery and tax), credited to the
//!   referrer's wallet (`wallet_entries` kind `affiliate_commission`, detailed in
//!   `affiliate_commissions`), once per order;
//! - on the referred customer's first rewarded order the referrer also earns
//!   [`REFERRAL_POINTS`] loyalty points (`point_entries` kind `referral`), valid
//!   [`REFERRAL_POINTS_VALID_DAYS`] days;
//! - the referrer gets a notification.
//!
//! When such an order is returned and refunded ([`reverse_commission`]), the
//! commission on what came back is taken back from the referrer's wallet (a negative
//! `affiliate_commission` entry; `affiliate_commissions.reversed_minor` records it), and
//! a whole return also ends the first-purchase points. So self-referral followed by a
//! return earns nothing. If the referrer already spent the commission, the wallet goes
//! below zero: checkout refuses a wallet payment while the balance is not above zero,
//! and the next credit (a refund, a commission) settles it first.

use axum::Json;
use axum::extract::State;
use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;
use storefront_core::money::Money;
use utoipa::ToSchema;

use crate::account::has_purchase;
use crate::account::notifications::{Kind, NewNotification, notify};
use crate::clock::DAY_MS;
use crate::http::envelope::Data;
use crate::http::error::{ApiError, ErrorBody};
use crate::http::extract::CurrentUser;
use crate::http::state::AppState;
use crate::money::amount;

/// The referrer's commission on a referred customer's purchase: 5%.
pub const COMMISSION_RATE_BP: u32 = 500;
/// Points for the first purchase of each referred customer.
pub const REFERRAL_POINTS: i64 = 100;
/// How long referral points stay valid.
pub const REFERRAL_POINTS_VALID_DAYS: i64 = 365;

/// A rate in basis points as a percentage with two decimals (`500` → `"5.00"`).
pub fn percent(basis_points: u32) -> String {
    amount(i64::from(basis_points))
}

/// What [`reward_referrer`] credited.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reward {
    pub referrer_id: i64,
    pub commission_minor: i64,
    /// Points credited (0 unless it is the buyer's first rewarded order).
    pub points: i64,
}

/// Credits the referrer of `buyer_id` for an order of `purchase_minor` (the order
/// subtotal after the coupon). The order flow calls it in the transaction that moves
/// the order to `delivered`. Does nothing when the buyer was not referred, and
/// nothing twice for the same order.
pub fn reward_referrer(
    conn: &Connection,
    buyer_id: i64,
    order_id: i64,
    purchase_minor: i64,
    now: i64,
) -> rusqlite::Result<Option<Reward>> {
    let referrer: Option<i64> = conn
        .query_row(
            "SELECT referred_by FROM users WHERE id = ?1",
            [buyer_id],
            |r| r.get(0),
        )
        .optional()?
        .flatten();
    let Some(referrer_id) = referrer.filter(|r| *r != buyer_id) else {
        return Ok(None);
    };
    let done: bool = conn.query_row(
        "SELECT exists(SELECT 1 FROM affiliate_commissions WHERE order_id = ?1)",
        [order_id],
        |r| r.get(0),
    )?;
    if done {
        return Ok(None);
    }
    let first: bool = conn.query_row(
        "SELECT NOT exists(SELECT 1 FROM affiliate_commissions WHERE buyer_id = ?1)",
        [buyer_id],
        |r| r.get(0),
    )?;
    let purchase = purchase_minor.max(0);
    let commission = Money::from_minor(purchase)
        .percent_bp(COMMISSION_RATE_BP)
        .minor();
    conn.execute(
        "INSERT INTO wallet_entries (user_id, amount_minor, kind, order_id, note_en, note_ar, created_at)
         VALUES (?1, ?2, 'affiliate_commission', ?3, ?4, ?5, ?6)",
        params![
            referrer_id,
            commission,
            order_id,
            format!("Commission on a referred customer's order #{order_id}"),
            format!("عمولة على طلب عميل قمت بدعوته رقم {order_id}"),
            now
        ],
    )?;
    let entry_id = conn.last_insert_rowid();
    conn.execute(
        "INSERT INTO affiliate_commissions (wallet_entry_id, referrer_id, buyer_id, order_id,
             purchase_minor, rate_bp, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        params![
            entry_id,
            referrer_id,
            buyer_id,
            order_id,
            purchase,
            COMMISSION_RATE_BP,
            now
        ],
    )?;
    let points = if first { REFERRAL_POINTS } else { 0 };
    if first {
        conn.execute(
            "INSERT INTO point_entries (user_id, points, kind, order_id, expires_at, created_at)
             VALUES (?1, ?2, 'referral', ?3, ?4, ?5)",
            params![
                referrer_id,
                REFERRAL_POINTS,
                order_id,
                now + REFERRAL_POINTS_VALID_DAYS * DAY_MS,
                now
            ],
        )?;
    }
    let earned = amount(commission);
    let (points_en, points_ar) = if first {
        (
            format!(" and {REFERRAL_POINTS} points"),
            format!(" و{REFERRAL_POINTS} نقطة"),
        )
    } else {
        (String::new(), String::new())
    };
    notify(
        conn,
        &NewNotification {
            user_id: referrer_id,
            kind: Kind::Wallet,
            title_en: "You earned a referral commission".into(),
            title_ar: "ربحت عمولة إحالة".into(),
            body_en: format!(
                "A customer you invited placed an order: {earned} EGP was added to your wallet{points_en}."
            ),
            body_ar: format!("قام عميل دعوته بطلب: أُضيف {earned} جنيه إلى محفظتك{points_ar}."),
            order_id: Some(order_id),
        },
        now,
    )?;
    Ok(Some(Reward {
        referrer_id,
        commission_minor: commission,
        points,
    }))
}

/// Takes back the commission paid on the returned part of an order: `returned_price`
/// of the order's `order_price` (line prices before discount and tax; the coupon and
/// the tax shrink both alike). Called in the transaction that refunds the return.
/// Returns what was taken back.
pub fn reverse_commission(
    conn: &Connection,
    order_id: i64,
    returned_price: i64,
    order_price: i64,
    whole: bool,
    now: i64,
) -> rusqlite::Result<i64> {
    let paid: Option<(i64, i64, i64)> = conn
        .query_row(
            "SELECT a.referrer_id, w.amount_minor, a.reversed_minor FROM affiliate_commissions a
             JOIN wallet_entries w ON w.id = a.wallet_entry_id WHERE a.order_id = ?1",
            [order_id],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
        .optional()?;
    let Some((referrer_id, commission, reversed)) = paid else {
        return Ok(0);
    };
    let left = (commission - reversed).max(0);
    let share = if whole || order_price <= 0 {
        left
    } else {
        let exact = i128::from(commission) * i128::from(returned_price.max(0));
        let rounded = (exact + i128::from(order_price) / 2) / i128::from(order_price);
        i64::try_from(rounded).unwrap_or(left).min(left)
    };
    if whole {
        // The first-purchase points of this order stop counting too.
        conn.execute(
            "UPDATE point_entries SET expires_at = ?2
             WHERE order_id = ?1 AND kind = 'referral' AND (expires_at IS NULL OR expires_at > ?2)",
            params![order_id, now],
        )?;
    }
    if share <= 0 {
        return Ok(0);
    }
    conn.execute(
        "INSERT INTO wallet_entries (user_id, amount_minor, kind, order_id, note_en, note_ar, created_at)
         VALUES (?1, ?2, 'affiliate_commission', ?3, ?4, ?5, ?6)",
        params![
            referrer_id,
            -share,
            order_id,
            format!("Commission taken back: order #{order_id} was returned"),
            format!("استرداد العمولة: تم إرجاع الطلب رقم {order_id}"),
            now
        ],
    )?;
    conn.execute(
        "UPDATE affiliate_commissions SET reversed_minor = reversed_minor + ?2 WHERE order_id = ?1",
        params![order_id, share],
    )?;
    let taken = amount(share);
    notify(
        conn,
        &NewNotification {
            user_id: referrer_id,
            kind: Kind::Wallet,
            title_en: "A referral commission was taken back".into(),
            title_ar: "تم استرداد عمولة إحالة".into(),
            body_en: format!(
                "An order you earned a commission on was returned: {taken} EGP was taken back from your wallet."
            ),
            body_ar: format!("تم إرجاع طلب ربحت عليه عمولة: خُصم {taken} جنيه من محفظتك."),
            order_id: Some(order_id),
        },
        now,
    )?;
    Ok(share)
}

/// `GET /referral` data.
#[derive(Debug, Serialize, ToSchema)]
pub struct Referral {
    /// The customer's code, for friends to enter at sign-up.
    pub code: String,
    /// Points earned through referrals so far.
    pub total_points: i64,
    /// The commission on referred customers' purchases, in percent (`"5.00"`).
    pub commission_rate: String,
    /// Whether the customer has placed a first order (any order but a draft,
    /// cancelled or rejected one).
    pub first_purchase: bool,
    /// How many customers registered with the code.
    pub referrals_count: i64,
    /// Commission earned so far, decimal string in EGP.
    pub total_commission: String,
    /// Points earned for each referred customer's first purchase.
    pub points_per_referral: i64,
}

/// The customer's referral code and what it has earned.
#[utoipa::path(get, path = "/referral", tag = "account", security(("bearer" = [])),
    params(("Language" = Option<String>, Header, description = "en or ar")),
    responses((status = 200, body = Data<Referral>), (status = 401, body = ErrorBody)))]
pub async fn get_referral(
    State(state): State<AppState>,
    user: CurrentUser,
) -> Result<Json<Data<Referral>>, ApiError> {
    let user_id = user.id;
    let referral = state
        .db
        .read(move |c| {
            let code: String = c.query_row(
                "SELECT referral_code FROM users WHERE id = ?1",
                [user_id],
                |r| r.get(0),
            )?;
            let total_points: i64 = c.query_row(
                "SELECT coalesce(sum(points), 0) FROM point_entries
                 WHERE user_id = ?1 AND kind = 'referral' AND points > 0",
                [user_id],
                |r| r.get(0),
            )?;
            let referrals_count: i64 = c.query_row(
                "SELECT count(*) FROM users WHERE referred_by = ?1",
                [user_id],
                |r| r.get(0),
            )?;
            let commission: i64 = c.query_row(
                "SELECT coalesce(sum(amount_minor), 0) FROM wallet_entries
                 WHERE user_id = ?1 AND kind = 'affiliate_commission'",
                [user_id],
                |r| r.get(0),
            )?;
            Ok(Referral {
                code,
                total_points,
                commission_rate: percent(COMMISSION_RATE_BP),
                first_purchase: has_purchase(c, user_id),
                referrals_count,
                total_commission: amount(commission),
                points_per_referral: REFERRAL_POINTS,
            })
        })
        .await?;
    Ok(Json(Data::new(referral)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rates_read_as_percentages() {
        assert_eq!(percent(COMMISSION_RATE_BP), "5.00");
        assert_eq!(percent(1250), "12.50");
        // 5% of 199.99 is 9.9995, rounded half away from zero.
        assert_eq!(
            Money::from_minor(19_999)
                .percent_bp(COMMISSION_RATE_BP)
                .minor(),
            1000
        );
    }
}
