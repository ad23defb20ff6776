//! The wallet (spec 3 wallet transaction): `GET /wallet` (balance) and
//! `GET /wallet/transactions` (the ledger, newest first).
//!
//! The balance is the sum of the customer's `wallet_entries` (credits positive,
//! debits negative), kept in minor units; the order flow debits it (`order_payment`)
//! and refunds credit it (`refund`), referral commissions credit it
//! (`affiliate_commission`). Ledger entries are settled when written, so every
//! transaction's status is `completed`.

use axum::Json;
use axum::extract::State;
use rusqlite::Connection;
use serde::Serialize;
use storefront_core::locale::Language;
use utoipa::ToSchema;

use crate::clock::iso_time;
use crate::http::envelope::{Data, Page};
use crate::http::error::{ApiError, ErrorBody, ValidationErrorBody};
use crate::http::extract::{CurrentUser, Lang, Query};
use crate::http::paging::{Paging, page_of};
use crate::http::state::AppState;
use crate::i18n::columns::text;
use crate::money::{CURRENCY, amount};

/// The wallet balance.
#[derive(Debug, Serialize, ToSchema)]
pub struct Wallet {
    /// Decimal string, e.g. `"120.50"`.
    pub balance: String,
    /// Always `"EGP"`.
    pub currency: String,
}

/// Credit (money in) or debit (money out).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Direction {
    Credit,
    Debit,
}

/// One wallet transaction (spec 3: type, amount, status, details, date).
#[derive(Debug, Serialize, ToSchema)]
pub struct WalletTransaction {
    pub id: i64,
    /// top_up, order_payment, refund, referral_bonus, affiliate_commission or
    /// adjustment.
    #[serde(rename = "type")]
    pub kind: String,
    /// Signed decimal string: `"-25.00"` for a debit.
    pub amount: String,
    pub direction: Direction,
    /// Always `completed`: ledger entries are settled when written.
    pub status: String,
    /// What it was for, in the request language.
    pub details: String,
    pub order_id: Option<i64>,
    /// RFC 3339.
    pub date: String,
}

/// The balance in minor units.
pub fn balance_minor(conn: &Connection, user_id: i64) -> rusqlite::Result<i64> {
    conn.query_row(
        "SELECT coalesce(sum(amount_minor), 0) FROM wallet_entries WHERE user_id = ?1",
        [user_id],
        |r| r.get(0),
    )
}

/// The description of an entry when it was written without a note.
pub fn default_details(kind: &str, order_id: Option<i64>, lang: Language) -> String {
    let order = |en: &str, ar: &str| match (order_id, lang) {
        (Some(id), Language::En) => format!("{en} #{id}"),
        (Some(id), Language::Ar) => format!("{ar} رقم {id}"),
        (None, _) => text(lang, en, ar),
    };
    match kind {
        "top_up" => text(lang, "Wallet top-up", "شحن المحفظة"),
        "order_payment" => order("Payment for order", "دفع قيمة الطلب"),
        "refund" => order("Refund for order", "استرداد قيمة الطلب"),
        "referral_bonus" => text(lang, "Referral bonus", "مكافأة الإحالة"),
        "affiliate_commission" => order(
            "Commission on a referred customer's order",
            "عمولة على طلب عميل قمت بدعوته",
        ),
        _ => text(lang, "Balance adjustment", "تعديل الرصيد"),
    }
}

/// The wallet balance in EGP.
#[utoipa::path(get, path = "/wallet", tag = "account", security(("bearer" = [])),
    params(("Language" = Option<String>, Header, description = "en or ar")),
    responses((status = 200, body = Data<Wallet>), (status = 401, body = ErrorBody)))]
pub async fn get_wallet(
    State(state): State<AppState>,
    user: CurrentUser,
) -> Result<Json<Data<Wallet>>, ApiError> {
    let user_id = user.id;
    let balance = state
        .db
        .read(move |c| Ok(balance_minor(c, user_id)?))
        .await?;
    Ok(Json(Data::new(Wallet {
        balance: amount(balance),
        currency: CURRENCY.to_owned(),
    })))
}

/// The wallet transactions, newest first. An empty list is where the client shows
/// 'No credits available'.
#[utoipa::path(get, path = "/wallet/transactions", tag = "account", security(("bearer" = [])),
    params(Paging, ("Language" = Option<String>, Header, description = "en or ar")),
    responses((status = 200, body = Page<WalletTransaction>), (status = 401, body = ErrorBody),
        (status = 422, body = ValidationErrorBody)))]
pub async fn list_transactions(
    State(state): State<AppState>,
    Lang(lang): Lang,
    user: CurrentUser,
    Query(query): Query<Paging>,
) -> Result<Json<Page<WalletTransaction>>, ApiError> {
    let paging = query.checked(lang)?;
    let user_id = user.id;
    let page = state
        .db
        .read(move |c| {
            let page = page_of(
                c,
                "SELECT count(*) FROM wallet_entries WHERE user_id = ?1",
                "SELECT id, kind, amount_minor, order_id, note_en, note_ar, created_at
                 FROM wallet_entries WHERE user_id = ?1
                 ORDER BY id DESC",
                &[&user_id],
                paging,
                |r| {
                    let kind: String = r.get(1)?;
                    let minor: i64 = r.get(2)?;
                    let order_id: Option<i64> = r.get(3)?;
                    let note: String = match lang {
                        Language::En => r.get(4)?,
                        Language::Ar => r.get(5)?,
                    };
                    let details = if note.trim().is_empty() {
                        default_details(&kind, order_id, lang)
                    } else {
                        note
                    };
                    Ok(WalletTransaction {
                        id: r.get(0)?,
                        amount: amount(minor),
                        direction: if minor < 0 {
                            Direction::Debit
                        } else {
                            Direction::Credit
                        },
                        status: "completed".to_owned(),
                        details,
                        order_id,
                        date: iso_time(r.get(6)?),
                        kind,
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

    #[test]
    fn entries_without_a_note_are_described_by_kind() {
        assert_eq!(
            default_details("order_payment", Some(12), Language::En),
            "Payment for order #12"
        );
        assert_eq!(
            default_details("refund", Some(3), Language::Ar),
            "استرداد قيمة الطلب رقم 3"
        );
        assert_eq!(
            default_details("top_up", None, Language::En),
            "Wallet top-up"
        );
        assert_eq!(
            default_details("something_new", None, Language::En),
            "Balance adjustment"
        );
    }
}
