//! The affiliate commission history (spec 3: earned, purchase amount, commission
//! rate): `GET /affiliate/commissions`, from the wallet entries of kind
//! `affiliate_commission` and their details (see [`crate::account::referral`] for the rule
//! that writes them).

use axum::Json;
use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;

use crate::account::referral::percent;
use crate::clock::iso_time;
use crate::http::envelope::Page;
use crate::http::error::{ApiError, ErrorBody, ValidationErrorBody};
use crate::http::extract::{CurrentUser, Lang, Query};
use crate::http::paging::{Paging, page_of};
use crate::http::state::AppState;
use crate::money::amount;

/// One commission.
#[derive(Debug, Serialize, ToSchema)]
pub struct Commission {
    /// The wallet transaction id.
    pub id: i64,
    /// Commission credited, decimal string in EGP.
    pub earned: String,
    /// The referred customer's purchase it was computed on (null for a commission
    /// entered by hand without details).
    pub purchase_amount: Option<String>,
    /// Percent, e.g. `"5.00"` (null like `purchase_amount`).
    pub commission_rate: Option<String>,
    pub order_id: Option<i64>,
    /// RFC 3339.
    pub date: String,
}

/// The customer's affiliate commissions, newest first.
#[utoipa::path(get, path = "/affiliate/commissions", tag = "account", security(("bearer" = [])),
    params(Paging, ("Language" = Option<String>, Header, description = "en or ar")),
    responses((status = 200, body = Page<Commission>), (status = 401, body = ErrorBody),
        (status = 422, body = ValidationErrorBody)))]
pub async fn list_commissions(
    State(state): State<AppState>,
    Lang(lang): Lang,
    user: CurrentUser,
    Query(query): Query<Paging>,
) -> Result<Json<Page<Commission>>, ApiError> {
    let paging = query.checked(lang)?;
    let user_id = user.id;
    let page = state
        .db
        .read(move |c| {
            let page = page_of(
                c,
                "SELECT count(*) FROM wallet_entries WHERE user_id = ?1 AND kind = 'affiliate_commission'",
                "SELECT w.id, w.amount_minor, a.purchase_minor, a.rate_bp, w.order_id, w.created_at
                 FROM wallet_entries w LEFT JOIN affiliate_commissions a ON a.wallet_entry_id = w.id
                 WHERE w.user_id = ?1 AND w.kind = 'affiliate_commission'
                 ORDER BY w.id DESC",
                &[&user_id],
                paging,
                |r| {
                        let rate: Option<i64> = r.get(3)?;
                        Ok(Commission {
                            id: r.get(0)?,
                            earned: amount(r.get(1)?),
                            purchase_amount: r.get::<_, Option<i64>>(2)?.map(amount),
                            commission_rate: rate
                                .and_then(|bp| u32::try_from(bp).ok())
                                .map(percent),
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
