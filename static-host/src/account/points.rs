//! Loyalty points (spec 3: earned, expiring soon, expired, history):
//! `GET /loyalty-points` and `GET /loyalty-points/history`.
//!
//! The ledger is `point_entries`: positive entries (`earned` on orders, `referral`
//! for inviting a customer) are lots that carry an expiry; negative entries are
//! `redeemed` points or `expired` write-offs. [`summarize`] replays the ledger in
//! time order:
//! - a redemption uses the points that expire first among those still valid at its
//!   time (points without an expiry last);
//! - an `expired` write-off uses the lots that had already expired at its time first,
//!   so a write-off and the computed expiry never count the same points twice;
//! - what is left of a lot whose expiry is at or before now has expired; what is left
//!   of the others is the balance, and the part expiring within
//!   [`EXPIRING_SOON_DAYS`] days of now is "expiring soon".
//!
//! The current time is passed in, so the rules are tested with fixed clocks.

use axum::Json;
use axum::extract::State;
use rusqlite::Connection;
use serde::Serialize;
use utoipa::ToSchema;

use crate::clock::DAY_MS;
use crate::clock::{iso_time, now_ms};
use crate::http::envelope::{Data, Page};
use crate::http::error::{ApiError, ErrorBody, ValidationErrorBody};
use crate::http::extract::{CurrentUser, Lang, Query};
use crate::http::paging::{Paging, page_of};
use crate::http::state::AppState;

/// Points that expire within this many days count as "expiring soon".
pub const EXPIRING_SOON_DAYS: i64 = 30;

/// One ledger entry as [`summarize`] reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LedgerEntry {
    /// Positive: earned; negative: redeemed or expired.
    pub points: i64,
    /// `earned`, `referral`, `redeemed` or `expired`.
    pub kind: String,
    /// When the points of a positive entry expire; `None`: never.
    pub expires_at: Option<i64>,
    pub created_at: i64,
}

/// The customer's points at a moment.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Totals {
    /// Points that can be used now.
    pub balance: i64,
    /// Every point ever earned (orders and referrals).
    pub earned: i64,
    /// Points used.
    pub redeemed: i64,
    /// Part of the balance that expires within [`EXPIRING_SOON_DAYS`] days.
    pub expiring_soon: i64,
    /// Points that expired unused.
    pub expired: i64,
    /// The next time some of the balance expires.
    pub next_expiry: Option<i64>,
}

struct Lot {
    remaining: i64,
    expires_at: Option<i64>,
}

/// Takes `points` from the lots `eligible` accepts, the earliest expiry first
/// (no expiry last); returns what could not be taken.
fn consume(lots: &mut [Lot], mut points: i64, eligible: impl Fn(&Lot) -> bool) -> i64 {
    let mut order: Vec<usize> = (0..lots.len())
        .filter(|&i| lots[i].remaining > 0 && eligible(&lots[i]))
        .collect();
    order.sort_by_key(|&i| (lots[i].expires_at.unwrap_or(i64::MAX), i));
    for i in order {
        if points == 0 {
            break;
        }
        let taken = lots[i].remaining.min(points);
        lots[i].remaining -= taken;
        points -= taken;
    }
    points
}

/// Replays the ledger up to `now` (see the module rules).
pub fn summarize(entries: &[LedgerEntry], now: i64) -> Totals {
    let mut ordered: Vec<&LedgerEntry> = entries.iter().filter(|e| e.created_at <= now).collect();
    ordered.sort_by_key(|e| e.created_at);
    let mut totals = Totals::default();
    let mut lots: Vec<Lot> = Vec::new();
    for entry in ordered {
        let t = entry.created_at;
        if entry.points > 0 {
            totals.earned += entry.points;
            lots.push(Lot {
                remaining: entry.points,
                expires_at: entry.expires_at,
            });
        } else if entry.points < 0 {
            let points = -entry.points;
            let expired_at_t = |lot: &Lot| lot.expires_at.is_some_and(|e| e <= t);
            if entry.kind == "expired" {
                totals.expired += points;
                let left = consume(&mut lots, points, expired_at_t);
                consume(&mut lots, left, |_| true);
            } else {
                totals.redeemed += points;
                consume(&mut lots, points, |lot| !expired_at_t(lot));
            }
        }
    }
    let soon = now.saturating_add(EXPIRING_SOON_DAYS * DAY_MS);
    for lot in lots.iter().filter(|l| l.remaining > 0) {
        match lot.expires_at {
            Some(at) if at <= now => totals.expired += lot.remaining,
            expiry => {
                totals.balance += lot.remaining;
                if let Some(at) = expiry {
                    if at <= soon {
                        totals.expiring_soon += lot.remaining;
                    }
                    totals.next_expiry = Some(totals.next_expiry.map_or(at, |n| n.min(at)));
                }
            }
        }
    }
    totals
}

/// The customer's ledger.
pub fn ledger(conn: &Connection, user_id: i64) -> rusqlite::Result<Vec<LedgerEntry>> {
    let mut stmt = conn.prepare(
        "SELECT points, kind, expires_at, created_at FROM point_entries
         WHERE user_id = ?1 ORDER BY created_at, id",
    )?;
    stmt.query_map([user_id], |r| {
        Ok(LedgerEntry {
            points: r.get(0)?,
            kind: r.get(1)?,
            expires_at: r.get(2)?,
            created_at: r.get(3)?,
        })
    })?
    .collect()
}

/// `GET /loyalty-points` data.
#[derive(Debug, Serialize, ToSchema)]
pub struct LoyaltyPoints {
    /// Points that can be used now.
    pub balance: i64,
    /// Every point ever earned.
    pub earned: i64,
    /// Points used.
    pub redeemed: i64,
    /// Part of the balance that expires within `expiring_soon_days` days.
    pub expiring_soon: i64,
    /// Points that expired unused.
    pub expired: i64,
    /// RFC 3339: when some of the balance next expires (null: nothing to expire).
    pub next_expiry_date: Option<String>,
    /// The "expiring soon" window, 30 days.
    pub expiring_soon_days: i64,
}

/// One history line (spec 3: type, points, expiry date).
#[derive(Debug, Serialize, ToSchema)]
pub struct PointsHistoryItem {
    pub id: i64,
    /// earned, referral, redeemed or expired.
    #[serde(rename = "type")]
    pub kind: String,
    /// Signed: negative for redeemed and expired points.
    pub points: i64,
    /// RFC 3339, for earned points.
    pub expiry_date: Option<String>,
    /// Earned points whose expiry has passed.
    pub is_expired: bool,
    pub order_id: Option<i64>,
    /// RFC 3339.
    pub date: String,
}

/// The customer's points: balance, earned, redeemed, expiring within 30 days and
/// expired.
#[utoipa::path(get, path = "/loyalty-points", tag = "account", security(("bearer" = [])),
    params(("Language" = Option<String>, Header, description = "en or ar")),
    responses((status = 200, body = Data<LoyaltyPoints>), (status = 401, body = ErrorBody)))]
pub async fn get_points(
    State(state): State<AppState>,
    user: CurrentUser,
) -> Result<Json<Data<LoyaltyPoints>>, ApiError> {
    let (user_id, now) = (user.id, now_ms());
    let entries = state.db.read(move |c| Ok(ledger(c, user_id)?)).await?;
    let totals = summarize(&entries, now);
    Ok(Json(Data::new(LoyaltyPoints {
        balance: totals.balance,
        earned: totals.earned,
        redeemed: totals.redeemed,
        expiring_soon: totals.expiring_soon,
        expired: totals.expired,
        next_expiry_date: totals.next_expiry.map(iso_time),
        expiring_soon_days: EXPIRING_SOON_DAYS,
    })))
}

/// The points history, newest first.
#[utoipa::path(get, path = "/loyalty-points/history", tag = "account", security(("bearer" = [])),
    params(Paging, ("Language" = Option<String>, Header, description = "en or ar")),
    responses((status = 200, body = Page<PointsHistoryItem>), (status = 401, body = ErrorBody),
        (status = 422, body = ValidationErrorBody)))]
pub async fn list_history(
    State(state): State<AppState>,
    Lang(lang): Lang,
    user: CurrentUser,
    Query(query): Query<Paging>,
) -> Result<Json<Page<PointsHistoryItem>>, ApiError> {
    let paging = query.checked(lang)?;
    let (user_id, now) = (user.id, now_ms());
    let page = state
        .db
        .read(move |c| {
            let page = page_of(
                c,
                "SELECT count(*) FROM point_entries WHERE user_id = ?1",
                "SELECT id, kind, points, expires_at, order_id, created_at FROM point_entries
                 WHERE user_id = ?1 ORDER BY created_at DESC, id DESC",
                &[&user_id],
                paging,
                |r| {
                    let points: i64 = r.get(2)?;
                    let expires_at: Option<i64> = r.get(3)?;
                    Ok(PointsHistoryItem {
                        id: r.get(0)?,
                        kind: r.get(1)?,
                        points,
                        expiry_date: expires_at.map(iso_time),
                        is_expired: points > 0 && expires_at.is_some_and(|at| at <= now),
                        order_id: r.get(4)?,
                        date: iso_time(r.get(5)?),
                    })
                },
            )?;
            Ok(page)
        })
        .await?;
    Ok(Json(page))
}

#[cfg(test)]
mod tests {
    use super::*;

    const NOW: i64 = 1_750_000_000_000;

    fn entry(
        points: i64,
        kind: &str,
        created_days_ago: i64,
        expires_in_days: Option<i64>,
    ) -> LedgerEntry {
        LedgerEntry {
            points,
            kind: kind.to_owned(),
            expires_at: expires_in_days.map(|d| NOW + d * DAY_MS),
            created_at: NOW - created_days_ago * DAY_MS,
        }
    }

    #[test]
    fn an_empty_ledger_is_all_zero() {
        assert_eq!(summarize(&[], NOW), Totals::default());
    }

    #[test]
    fn points_split_into_valid_soon_and_expired() {
        let entries = [
            entry(100, "earned", 400, Some(-35)), // expired 35 days ago
            entry(50, "earned", 340, Some(25)),   // expires in 25 days
            entry(70, "referral", 10, Some(355)), // valid for long
        ];
        let t = summarize(&entries, NOW);
        assert_eq!(t.earned, 220);
        assert_eq!(t.expired, 100);
        assert_eq!(t.balance, 120);
        assert_eq!(t.expiring_soon, 50);
        assert_eq!(t.next_expiry, Some(NOW + 25 * DAY_MS));
    }

    #[test]
    fn the_soon_window_is_thirty_days_inclusive() {
        let t = summarize(&[entry(10, "earned", 1, Some(30))], NOW);
        assert_eq!(t.expiring_soon, 10);
        let t = summarize(
            &[LedgerEntry {
                expires_at: Some(NOW + 30 * DAY_MS + 1),
                ..entry(10, "earned", 1, None)
            }],
            NOW,
        );
        assert_eq!((t.expiring_soon, t.balance), (0, 10));
        // Expiring exactly now is expired.
        let t = summarize(&[entry(10, "earned", 1, Some(0))], NOW);
        assert_eq!((t.expired, t.balance), (10, 0));
    }

    #[test]
    fn redemptions_use_the_points_that_expire_first() {
        let entries = [
            entry(100, "earned", 20, Some(300)),
            entry(40, "earned", 19, Some(10)),
            entry(-60, "redeemed", 5, None),
        ];
        let t = summarize(&entries, NOW);
        // 40 soon-expiring points went first, then 20 of the long-lived ones.
        assert_eq!(t.redeemed, 60);
        assert_eq!(t.balance, 80);
        assert_eq!(t.expiring_soon, 0);
        assert_eq!(t.next_expiry, Some(NOW + 300 * DAY_MS));
    }

    #[test]
    fn redemptions_cannot_use_points_that_had_already_expired() {
        let entries = [
            entry(30, "earned", 100, Some(-50)), // expired 50 days ago
            entry(100, "earned", 60, Some(300)),
            entry(-20, "redeemed", 10, None), // after the 30 expired
        ];
        let t = summarize(&entries, NOW);
        assert_eq!(t.expired, 30);
        assert_eq!(t.balance, 80);
    }

    #[test]
    fn write_offs_are_not_counted_twice() {
        let entries = [
            entry(30, "earned", 100, Some(-50)),
            entry(-30, "expired", 49, None), // a job wrote the expiry down
            entry(10, "earned", 5, Some(360)),
        ];
        let t = summarize(&entries, NOW);
        assert_eq!(t.expired, 30);
        assert_eq!(t.balance, 10);
        assert_eq!(t.earned, 40);
    }

    #[test]
    fn points_without_expiry_never_expire_and_go_last() {
        let entries = [
            entry(10, "earned", 10, None),
            entry(10, "earned", 9, Some(100)),
            entry(-10, "redeemed", 1, None),
        ];
        let t = summarize(&entries, NOW);
        assert_eq!(t.balance, 10);
        assert_eq!(t.next_expiry, None, "the dated lot was used");
    }

    #[test]
    fn entries_after_now_are_ignored() {
        let t = summarize(&[entry(10, "earned", -1, Some(100))], NOW);
        assert_eq!(t, Totals::default());
    }
}
