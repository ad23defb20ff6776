//! `POST /add_coupon`: applies a coupon to the cart of a service, or removes it.
//!
//! A code is looked up ignoring case and surrounding spaces. It is refused with 422
//! on `coupon_code` when it is unknown ('This coupon code is not valid.'), switched
//! off ('This coupon is not active.'), past its expiry ('This coupon has expired.')
//! or when the cart's subtotal is below its minimum ('This coupon needs an order of
//! at least {amount} EGP.'). An empty cart is a 400 'You don't have any product'.
//! Once applied, the coupon stays on the cart: its discount follows the core's rule
//! as the cart changes (nothing below the minimum), and a coupon that later expires
//! or is switched off stops counting (the cart then shows no coupon).
//!
//! A coupon may limit its uses per customer (`max_uses_per_customer`; the demo's
//! `WELCOME10` once) and in total (`max_uses`). A use is an order placed with it that
//! was not cancelled or rejected (those give their use back). A spent coupon is refused
//! here ('You have already used this coupon.', 'This coupon has reached its usage
//! limit.') and again by checkout, inside its transaction, so two checkouts at once
//! cannot both use a last use.

use axum::Json;
use axum::extract::State;
use rusqlite::params;
use serde::{Deserialize, Serialize};
use storefront_core::messages::MessageId;
use utoipa::ToSchema;

use super::body::{CartBody, CartItemBody, CouponRuleBody, TotalsBody};
use super::pricing::{CouponProblem, CouponRow};
use super::query::load_cart;
use crate::catalogue::{check_service, required_service};
use crate::clock::now_ms;
use crate::http::envelope::Data;
use crate::http::error::{ApiError, BadRequestBody, ErrorBody, ValidationErrorBody};
use crate::http::extract::{Area, CurrentUser, JsonBody, Lang};
use crate::http::state::AppState;
use crate::i18n::orders::{OrderMsg, core_text};
use crate::money::amount;

/// Why a coupon cannot be used again.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UsageProblem {
    ByCustomer,
    UsedUp,
}

impl UsageProblem {
    pub fn message(self) -> OrderMsg {
        match self {
            UsageProblem::ByCustomer => OrderMsg::CouponUsedByCustomer,
            UsageProblem::UsedUp => OrderMsg::CouponUsedUp,
        }
    }
}

/// Whether `user_id` may use the coupon once more under its usage limits.
pub fn usage_left(
    conn: &rusqlite::Connection,
    coupon_id: i64,
    user_id: i64,
) -> rusqlite::Result<Result<(), UsageProblem>> {
    let (total, per_customer): (Option<i64>, Option<i64>) = conn.query_row(
        "SELECT max_uses, max_uses_per_customer FROM coupons WHERE id = ?1",
        [coupon_id],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )?;
    const USED: &str = "SELECT count(*) FROM orders WHERE coupon_id = ?1 AND status NOT IN ('cancelled', 'rejected')";
    if let Some(max) = per_customer {
        let used: i64 = conn.query_row(
            &format!("{USED} AND user_id = ?2"),
            params![coupon_id, user_id],
            |r| r.get(0),
        )?;
        if used >= max {
            return Ok(Err(UsageProblem::ByCustomer));
        }
    }
    if let Some(max) = total {
        let used: i64 = conn.query_row(USED, [coupon_id], |r| r.get(0))?;
        if used >= max {
            return Ok(Err(UsageProblem::UsedUp));
        }
    }
    Ok(Ok(()))
}

/// Longest coupon code looked up.
const CODE_MAX_CHARS: usize = 50;

/// Body of `POST /add_coupon`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct AddCouponRequest {
    /// The cart's service (required: 422 'Service ID is required.' when missing or
    /// null).
    #[serde(default)]
    #[schema(minimum = 1, example = 1)]
    pub service_id: Option<i64>,
    /// The code (also accepted as `code`); empty or null removes the applied coupon.
    #[serde(default, alias = "code")]
    pub coupon_code: Option<String>,
}

/// The answer of `POST /add_coupon` (the core's `CouponResponse`), with the whole
/// cart.
#[derive(Debug, Serialize, ToSchema)]
pub struct CouponResponseBody {
    /// The cart's first item with the new totals in `order`.
    pub item: Option<CartItemBody>,
    pub coupon_id: Option<i64>,
    pub coupon_code: Option<String>,
    pub coupon_rule: Option<CouponRuleBody>,
    pub totals: TotalsBody,
    /// 'Coupon applied' or 'Coupon removed'.
    pub message: Option<String>,
    pub cart: CartBody,
}

/// Applies `coupon_code` to the customer's cart of `service_id` (or removes the
/// applied coupon when the code is empty) and answers the new totals.
#[utoipa::path(post, path = "/add_coupon", tag = "cart", request_body = AddCouponRequest,
    params(("Language" = Option<String>, Header, description = "en or ar"),
        ("district-id" = Option<i64>, Header, minimum = 1, example = 1, description = "A district id (a whole number from 1, else 422). The shopper's district (the cart's `delivers`)"),
        ("address-id" = Option<i64>, Header, minimum = 1, description = "An address id (a whole number from 1, else 422). The customer's address, whose district counts when no district-id is sent")),
    security(("bearer" = [])),
    responses((status = 200, body = Data<CouponResponseBody>),
        (status = 400, description = "The cart is empty", body = BadRequestBody),
        (status = 401, body = ErrorBody), (status = 404, description = "Unknown service", body = ErrorBody),
        (status = 422, description = "Unknown, inactive, expired or used-up coupon, or the subtotal is below its minimum",
            body = ValidationErrorBody)))]
pub async fn add_coupon(
    State(state): State<AppState>,
    Lang(lang): Lang,
    user: CurrentUser,
    area: Area,
    JsonBody(body): JsonBody<AddCouponRequest>,
) -> Result<Json<Data<CouponResponseBody>>, ApiError> {
    let service_id = required_service(body.service_id, lang)?;
    let code = body.coupon_code.unwrap_or_default().trim().to_owned();
    let now = now_ms();
    let user_id = user.id;
    let response = state
        .db
        .write(move |tx| {
            check_service(tx, service_id, lang)?;
            let cart = load_cart(tx, user_id, service_id, now)?;
            let cart_id = match cart.cart_id {
                Some(id) if !cart.lines.is_empty() => id,
                _ => return Err(ApiError::bad_request(core_text(MessageId::CartEmpty, lang))),
            };
            let message = if code.is_empty() {
                tx.execute(
                    "UPDATE carts SET coupon_id = NULL, updated_at = ?2 WHERE id = ?1",
                    params![cart_id, now],
                )?;
                OrderMsg::CouponRemoved
            } else {
                let refuse = |msg: OrderMsg| ApiError::validation("coupon_code", msg.text(lang));
                let coupon = if code.chars().count() > CODE_MAX_CHARS {
                    None
                } else {
                    CouponRow::by_code(tx, &code)?
                };
                let coupon = coupon
                    .filter(|c| c.rule().is_some())
                    .ok_or_else(|| refuse(OrderMsg::CouponUnknown))?;
                match coupon.usable(now) {
                    Err(CouponProblem::Inactive) => return Err(refuse(OrderMsg::CouponInactive)),
                    Err(CouponProblem::Expired) => return Err(refuse(OrderMsg::CouponExpired)),
                    Ok(()) => {}
                }
                if let Err(problem) = usage_left(tx, coupon.id, user_id)? {
                    return Err(refuse(problem.message()));
                }
                if let Some(minimum) = coupon.min_subtotal_minor
                    && cart.totals().price.minor() < minimum
                {
                    return Err(refuse(OrderMsg::CouponMinimum {
                        amount: amount(minimum),
                    }));
                }
                tx.execute(
                    "UPDATE carts SET coupon_id = ?2, updated_at = ?3 WHERE id = ?1",
                    params![cart_id, coupon.id, now],
                )?;
                OrderMsg::CouponApplied
            };
            let cart = load_cart(tx, user_id, service_id, now)?;
            let district = crate::location::delivery::request_district(tx, area, Some(user_id))?;
            let delivers = cart.delivers_to(tx, district)?;
            let text = message.text(lang);
            Ok(CouponResponseBody {
                item: cart
                    .lines
                    .first()
                    .map(|line| cart.item_body(line, Some(text.clone()), lang)),
                coupon_id: cart.coupon.as_ref().map(|c| c.id),
                coupon_code: cart.coupon.as_ref().map(|c| c.code.clone()),
                coupon_rule: cart
                    .coupon
                    .as_ref()
                    .and_then(CouponRow::rule)
                    .map(CouponRuleBody::from),
                totals: TotalsBody::from(&cart.totals()),
                message: Some(text),
                cart: cart.body(lang, delivers),
            })
        })
        .await?;
    let message = response.message.clone().unwrap_or_default();
    Ok(Json(Data::with_message(response, message)))
}
