//! Returns: `POST /orders/{id}/return` asks for one, `GET /returns?tab=…` lists them.
//!
//! A return may be asked for once per order, while the order is `delivered` and at
//! most [`storefront_core::orders::RETURN_WINDOW_DAYS`] days have passed since
//! delivery (400 'This order can no longer be returned.' otherwise). The form is
//! checked with the core's rules (`validate_return_request`): at least one item
//! ('you should at least choose a product to return'), each with the order line's
//! `id`, a `quantity` from 1 to what is left to return, a `reason` from the list
//! (`damaged`, `wrong_item`, `not_as_described`, `missing_parts`, `changed_mind`,
//! `other`; `other` needs a comment) and a comment of at most 200 characters ('Too
//! long! The maximum character is 200 in Comment'); a `refund_method` (`wallet`, or
//! `original_payment` — also accepted as `original`); a pickup address of the
//! customer in a district the shop serves (400 'We Don't Deliver To Your Location'
//! otherwise); a pickup `date` (`YYYY-MM-DD`, from tomorrow up to
//! [`PICKUP_DAYS_AHEAD`] days ahead, UTC) and `time` (`HH:MM`, 09:00 to 21:00).
//! Field errors are 422 keyed like the core's (`items.0.comment`).
//!
//! The request moves the order to `in_return`. The refund is fixed when asking: the
//! returned lines' prices less their share of the coupon discount, plus the tax on
//! that (delivery is not refunded; see [`return_refund`]). It is paid
//! when the order reaches `returned` (see [`crate::orders::state_machine`]).
//!
//! Tabs (core `ReturnTab`): `current` (in_return, return_received) and `completed` —
//! also accepted as its key `returned` — (returned).

use std::collections::HashSet;

use axum::Extension;
use axum::Json;
use axum::extract::rejection::PathRejection;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use rusqlite::{Connection, OptionalExtension, params};
use serde::{Deserialize, Serialize};
use storefront_core::locale::Language;
use storefront_core::messages::MessageId;
use storefront_core::orders::{
    OrderStatus, PICKUP_DAYS_AHEAD, ReturnReason, ReturnTab, pickup_date, pickup_time,
};
use storefront_core::validation::{
    RefundMethod, ReturnItem, ReturnRequestForm, validate_return_request,
};
use utoipa::{IntoParams, ToSchema};

use crate::clock::{iso_time, now_ms};
use crate::db::sql::{bp, qty};
use crate::http::envelope::{Data, Page, Paging};
use crate::http::error::{
    ApiError, BadRequestBody, ErrorBody, ValidationErrorBody, invalid, invalid_text, not_found,
};
use crate::http::extract::{CurrentUser, JsonBody, Lang, Query};
use crate::http::state::AppState;
use crate::i18n::columns::pick;
use crate::i18n::orders::{OrderMsg, core_message, core_text, status_label};
use crate::location::delivery;
use crate::money::amount;
use crate::orders::effects::Effects;
use crate::orders::my_orders::{path_id, returnable, status_list};
use crate::orders::state_machine::{Actor, change_status};
use crate::orders::{fields_error, order_number};
use storefront_core::money::Money;

/// The document's `ReturnReason`: the core's reasons (one list for the rules, the
/// client and this contract).
pub struct ReturnReasonSchema;

impl utoipa::PartialSchema for ReturnReasonSchema {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        utoipa::openapi::ObjectBuilder::new()
            .schema_type(utoipa::openapi::schema::Type::String)
            .enum_values(Some(ReturnReason::ALL.map(ReturnReason::as_str)))
            .description(Some("Why an item goes back; `other` needs a comment."))
            .into()
    }
}

impl ToSchema for ReturnReasonSchema {
    fn name() -> std::borrow::Cow<'static, str> {
        std::borrow::Cow::Borrowed("ReturnReason")
    }
}

/// Where the refund goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum RefundChoice {
    Wallet,
    /// The card first (up to what it paid), the rest to the wallet.
    #[serde(alias = "original")]
    OriginalPayment,
}

/// One line to return.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ReturnItemInput {
    /// The order line's id (`items[].id` of the order).
    #[serde(default)]
    pub id: Option<i64>,
    #[serde(default)]
    pub quantity: Option<u32>,
    #[serde(default)]
    #[schema(value_type = Option<ReturnReasonSchema>)]
    pub reason: Option<ReturnReason>,
    /// At most 200 characters; required with reason `other`.
    #[serde(default)]
    pub comment: Option<String>,
}

/// Body of `POST /orders/{id}/return`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ReturnRequestBody {
    #[serde(default)]
    pub items: Vec<ReturnItemInput>,
    #[serde(default)]
    pub refund_method: Option<RefundChoice>,
    /// One of the customer's addresses (also accepted as `address_id`).
    #[serde(default, alias = "address_id")]
    pub pickup_address_id: Option<i64>,
    /// `YYYY-MM-DD`.
    #[serde(default)]
    #[schema(example = "2025-03-04")]
    pub date: Option<String>,
    /// `HH:MM`, 24 h.
    #[serde(default)]
    #[schema(example = "10:30")]
    pub time: Option<String>,
}

/// A returned line.
#[derive(Debug, Serialize, ToSchema)]
pub struct ReturnItemBody {
    /// The order line's id.
    pub id: i64,
    pub product_id: i64,
    pub name: String,
    pub quantity: u32,
    pub reason: String,
    pub comment: Option<String>,
}

/// A return request.
#[derive(Debug, Serialize, ToSchema)]
pub struct ReturnBody {
    pub id: i64,
    pub order_id: i64,
    pub order_number: String,
    /// The order's status: in_return, return_received or returned.
    pub status: String,
    pub status_label: String,
    /// `wallet` or `original_payment`.
    pub refund_method: String,
    /// What will be (or was) refunded.
    pub refund_amount: String,
    pub pickup_address_id: i64,
    pub date: String,
    pub time: String,
    pub items: Vec<ReturnItemBody>,
    pub created_at: String,
    pub received_at: Option<String>,
    pub refunded_at: Option<String>,
}

/// The return request of an order, if any.
pub fn load_return(
    conn: &Connection,
    order_id: i64,
    lang: Language,
) -> rusqlite::Result<Option<ReturnBody>> {
    type Row = (
        i64,
        String,
        i64,
        String,
        String,
        i64,
        i64,
        Option<i64>,
        Option<i64>,
        String,
    );
    let row: Option<Row> = conn
        .query_row(
            "SELECT r.id, r.refund_method, r.pickup_address_id, r.pickup_date, r.pickup_time, r.refund_minor,
                    r.created_at, r.received_at, r.refunded_at, o.status
             FROM returns r JOIN orders o ON o.id = r.order_id WHERE r.order_id = ?1",
            [order_id],
            |r| {
                Ok((
                    r.get(0)?,
                    r.get(1)?,
                    r.get(2)?,
                    r.get(3)?,
                    r.get(4)?,
                    r.get(5)?,
                    r.get(6)?,
                    r.get(7)?,
                    r.get(8)?,
                    r.get(9)?,
                ))
            },
        )
        .optional()?;
    let Some((id, method, address, date, time, refund, created, received, refunded, status)) = row
    else {
        return Ok(None);
    };
    let mut stmt = conn.prepare(
        "SELECT oi.id, oi.product_id, oi.name_en, oi.name_ar, ri.qty, ri.reason, ri.comment
         FROM return_items ri JOIN order_items oi ON oi.id = ri.order_item_id
         WHERE ri.return_id = ?1 ORDER BY ri.id",
    )?;
    let items = stmt
        .query_map([id], |r| {
            Ok(ReturnItemBody {
                id: r.get(0)?,
                product_id: r.get(1)?,
                name: pick(lang, r.get(2)?, r.get(3)?),
                quantity: qty(r.get(4)?),
                reason: r.get(5)?,
                comment: r.get(6)?,
            })
        })?
        .collect::<Result<Vec<_>, _>>()?;
    let status = OrderStatus::parse(&status);
    Ok(Some(ReturnBody {
        id,
        order_id,
        order_number: order_number(order_id),
        status: status.as_str().to_owned(),
        status_label: status_label(status, lang).to_owned(),
        refund_method: if method == "original" {
            "original_payment".to_owned()
        } else {
            method
        },
        refund_amount: amount(refund),
        pickup_address_id: address,
        date,
        time,
        items,
        created_at: iso_time(created),
        received_at: received.map(iso_time),
        refunded_at: refunded.map(iso_time),
    }))
}

struct OrderLine {
    id: i64,
    price: i64,
    left: i64,
}

/// Asks for a return of a delivered order (rules in the module doc); the order
/// moves to `in_return`. Answers the return request, 201.
#[utoipa::path(post, path = "/orders/{id}/return", tag = "returns", request_body = ReturnRequestBody,
    params(("id" = i64, Path, minimum = 1, description = "Order id"),
        ("Language" = Option<String>, Header, description = "en or ar")),
    security(("bearer" = [])),
    responses((status = 201, body = Data<ReturnBody>),
        (status = 400, description = "Not returnable now, or the pickup address is out of reach", body = BadRequestBody),
        (status = 401, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 422, body = ValidationErrorBody)))]
pub async fn request_return(
    State(state): State<AppState>,
    Extension(effects): Extension<Effects>,
    Lang(lang): Lang,
    user: CurrentUser,
    raw: Result<Path<String>, PathRejection>,
    JsonBody(body): JsonBody<ReturnRequestBody>,
) -> Result<(StatusCode, Json<Data<ReturnBody>>), ApiError> {
    let order_id = path_id(&raw.map(|Path(raw)| raw).unwrap_or_default(), lang)?;
    let now = now_ms();
    let user_id = user.id;
    let created = state
        .db
        .write(move |tx| {
            type OrderRow = (String, Option<i64>, i64, i64, i64, i64);
            let order: Option<OrderRow> = tx
                .query_row(
                    "SELECT o.status, o.delivered_at, o.price_minor, o.coupon_discount_minor, o.tax_rate_bp,
                            o.branch_id
                     FROM orders o WHERE o.id = ?1 AND o.user_id = ?2",
                    params![order_id, user_id],
                    |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?, r.get(5)?)),
                )
                .optional()?;
            let (status, delivered_at, price, discount, tax_rate_bp, branch_id) =
                order.ok_or_else(|| not_found(lang))?;
            if !returnable(OrderStatus::parse(&status), delivered_at, now) {
                return Err(ApiError::bad_request(OrderMsg::CannotReturn.text(lang)));
            }
            let mut stmt = tx.prepare(
                "SELECT oi.id, oi.price_minor,
                        oi.qty - coalesce((SELECT sum(ri.qty) FROM return_items ri WHERE ri.order_item_id = oi.id), 0)
                 FROM order_items oi WHERE oi.order_id = ?1",
            )?;
            let lines = stmt
                .query_map([order_id], |r| {
                    Ok(OrderLine {
                        id: r.get(0)?,
                        price: r.get(1)?,
                        left: r.get(2)?,
                    })
                })?
                .collect::<Result<Vec<_>, _>>()?;
            let line_of = |id: Option<i64>| id.and_then(|id| lines.iter().find(|l| l.id == id));

            // The form, with the core's rules.
            let form = ReturnRequestForm {
                items: body
                    .items
                    .iter()
                    .map(|item| ReturnItem {
                        id: item.id.and_then(|id| u64::try_from(id).ok()),
                        quantity: item.quantity,
                        ordered_quantity: line_of(item.id)
                            .map(|l| qty(l.left))
                            .unwrap_or(u32::MAX),
                        reason: item.reason.map(|r| r.as_str().to_owned()),
                        comment: item.comment.clone().unwrap_or_default(),
                    })
                    .collect(),
                refund_method: body.refund_method.map(|m| match m {
                    RefundChoice::Wallet => RefundMethod::Wallet,
                    RefundChoice::OriginalPayment => RefundMethod::OriginalPayment,
                }),
                pickup_address_id: body.pickup_address_id.and_then(|id| u64::try_from(id).ok()),
                date: body.date.clone().unwrap_or_default(),
                time: body.time.clone().unwrap_or_default(),
            };
            let mut errors: Vec<(String, String)> = validate_return_request(&form)
                .into_iter()
                .map(|(field, message)| (field, core_message(message, lang)))
                .collect();
            let mut fail = |field: String, text: String| {
                if errors.iter().all(|(f, _)| *f != field) {
                    errors.push((field, text));
                }
            };
            let mut seen = HashSet::new();
            for (index, item) in body.items.iter().enumerate() {
                let Some(id) = item.id else { continue };
                match line_of(Some(id)) {
                    None => fail(format!("items.{index}.id"), invalid_text("id", lang)),
                    Some(line) if !seen.insert(line.id) => {
                        fail(format!("items.{index}.id"), OrderMsg::DuplicateItem.text(lang));
                    }
                    Some(line) if item.quantity.is_some_and(|q| i64::from(q) > line.left) => fail(
                        format!("items.{index}.quantity"),
                        OrderMsg::ReturnQuantity { max: line.left.max(0) }.text(lang),
                    ),
                    Some(_) => {}
                }
            }
            let date = body.date.as_deref().map(str::trim).filter(|d| !d.is_empty());
            let date = match date {
                Some(text) => {
                    let parsed = pickup_date(text, now);
                    if parsed.is_none() {
                        fail("date".into(), OrderMsg::PickupDate { days: i64::from(PICKUP_DAYS_AHEAD) }.text(lang));
                    }
                    parsed
                }
                None => None,
            };
            let time = body.time.as_deref().map(str::trim).filter(|t| !t.is_empty());
            let time = match time {
                Some(text) => {
                    let parsed = pickup_time(text);
                    if parsed.is_none() {
                        fail("time".into(), OrderMsg::PickupTime.text(lang));
                    }
                    parsed
                }
                None => None,
            };
            let pickup = match body.pickup_address_id {
                Some(id) => {
                    let district: Option<i64> = tx
                        .query_row(
                            "SELECT district_id FROM addresses WHERE id = ?1 AND user_id = ?2 AND deleted_at IS NULL",
                            params![id, user_id],
                            |r| r.get(0),
                        )
                        .optional()?;
                    if district.is_none() && !errors.iter().any(|(f, _)| f == "pickup_address_id") {
                        errors.push((
                            "pickup_address_id".into(),
                            invalid_text("pickup_address_id", lang),
                        ));
                    }
                    district.map(|d| (id, d))
                }
                None => None,
            };
            fields_error(errors)?;
            let (Some(date), Some(time), Some((address_id, district)), Some(method)) =
                (date, time, pickup, body.refund_method)
            else {
                return Err(ApiError::internal("a checked return form lacks a field"));
            };
            if !delivery::delivers(tx, branch_id, district)? {
                return Err(ApiError::bad_request(core_text(MessageId::NoDeliveryToLocation, lang)));
            }

            let returned_price: i64 = body
                .items
                .iter()
                .filter_map(|item| {
                    let line = line_of(item.id)?;
                    Some(line.price.saturating_mul(i64::from(item.quantity?)))
                })
                .sum();
            let refund = return_refund(price, discount, tax_rate_bp, returned_price);
            tx.execute(
                "INSERT INTO returns (order_id, user_id, refund_method, pickup_address_id, pickup_date, pickup_time,
                     refund_minor, created_at)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
                params![
                    order_id,
                    user_id,
                    match method {
                        RefundChoice::Wallet => "wallet",
                        RefundChoice::OriginalPayment => "original",
                    },
                    address_id,
                    date,
                    time,
                    refund,
                    now
                ],
            )?;
            let return_id = tx.last_insert_rowid();
            for item in &body.items {
                let (Some(id), Some(quantity), Some(reason)) = (item.id, item.quantity, item.reason)
                else {
                    continue;
                };
                let comment = item
                    .comment
                    .as_deref()
                    .map(str::trim)
                    .filter(|c| !c.is_empty());
                tx.execute(
                    "INSERT INTO return_items (return_id, order_item_id, qty, reason, comment)
                     VALUES (?1, ?2, ?3, ?4, ?5)",
                    params![return_id, id, quantity, reason.as_str(), comment],
                )?;
            }
            change_status(tx, &*effects, order_id, OrderStatus::InReturn, Actor::Customer, now)
                .map_err(|e| e.into_api(lang))?;
            load_return(tx, order_id, lang)?
                .ok_or_else(|| ApiError::internal("the new return is missing"))
        })
        .await?;
    Ok((
        StatusCode::CREATED,
        Json(Data::with_message(
            created,
            OrderMsg::ReturnRequested.text(lang),
        )),
    ))
}

/// Query of `GET /returns`.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ReturnsQuery {
    /// `current` (default) or `completed` (also `returned`).
    pub tab: Option<String>,
    #[param(minimum = 1, maximum = 100000)]
    pub page: Option<u32>,
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<u32>,
}

/// Reads a returns tab by its name or key.
pub fn parse_return_tab(text: Option<&str>) -> Option<ReturnTab> {
    match text.map(str::trim).map(str::to_ascii_lowercase).as_deref() {
        None | Some("") | Some("current") => Some(ReturnTab::Current),
        Some("completed") | Some("returned") => Some(ReturnTab::Completed),
        _ => None,
    }
}

/// A page of the customer's return requests in a tab, newest first.
#[utoipa::path(get, path = "/returns", tag = "returns",
    params(ReturnsQuery, ("Language" = Option<String>, Header, description = "en or ar")),
    security(("bearer" = [])),
    responses((status = 200, body = Page<ReturnBody>), (status = 401, body = ErrorBody),
        (status = 422, body = ValidationErrorBody)))]
pub async fn list_returns(
    State(state): State<AppState>,
    Lang(lang): Lang,
    user: CurrentUser,
    Query(query): Query<ReturnsQuery>,
) -> Result<Json<Page<ReturnBody>>, ApiError> {
    let tab = parse_return_tab(query.tab.as_deref()).ok_or_else(|| invalid("tab", lang))?;
    let paging = Paging {
        page: query.page,
        limit: query.limit,
    }
    .checked(lang)?;
    let user_id = user.id;
    let statuses = status_list(tab.statuses());
    let page = state
        .db
        .read(move |c| {
            let total: i64 = c.query_row(
                &format!(
                    "SELECT count(*) FROM returns r JOIN orders o ON o.id = r.order_id
                     WHERE r.user_id = ?1 AND o.status IN ({statuses})"
                ),
                [user_id],
                |r| r.get(0),
            )?;
            let mut stmt = c.prepare(&format!(
                "SELECT r.order_id FROM returns r JOIN orders o ON o.id = r.order_id
                 WHERE r.user_id = ?1 AND o.status IN ({statuses})
                 ORDER BY r.id DESC LIMIT ?2 OFFSET ?3"
            ))?;
            let order_ids = stmt
                .query_map(
                    params![user_id, i64::from(paging.limit), paging.offset()],
                    |r| r.get::<_, i64>(0),
                )?
                .collect::<Result<Vec<_>, _>>()?;
            let mut data = Vec::with_capacity(order_ids.len());
            for id in order_ids {
                if let Some(body) = load_return(c, id, lang)? {
                    data.push(body);
                }
            }
            Ok(Page {
                data,
                meta: paging.meta(u64::try_from(total).unwrap_or(0)),
            })
        })
        .await?;
    Ok(Json(page))
}

/// The refund of returned lines worth `returned_price` (unit prices × quantities)
/// from an order of `order_price` with `order_discount` off and taxed at
/// `tax_rate_bp`: the lines' share of the discount (rounded down) is kept, the tax
/// on the rest is given back; delivery is not refunded. Returning everything gives
/// back exactly the order's price − discount + tax.
pub fn return_refund(
    order_price: i64,
    order_discount: i64,
    tax_rate_bp: i64,
    returned_price: i64,
) -> i64 {
    if order_price <= 0 || returned_price <= 0 {
        return 0;
    }
    let returned_price = returned_price.min(order_price);
    let share = i64::try_from(
        i128::from(order_discount.max(0)) * i128::from(returned_price) / i128::from(order_price),
    )
    .unwrap_or(0);
    let taxable = Money::from_minor((returned_price - share).max(0));
    (taxable + taxable.percent_bp(bp(tax_rate_bp)).non_negative()).minor()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn return_tabs_by_name_or_key() {
        assert_eq!(parse_return_tab(None), Some(ReturnTab::Current));
        assert_eq!(
            parse_return_tab(Some("completed")),
            Some(ReturnTab::Completed)
        );
        assert_eq!(
            parse_return_tab(Some("Returned")),
            Some(ReturnTab::Completed)
        );
        assert_eq!(parse_return_tab(Some("done")), None);
    }

    #[test]
    fn refunds_share_the_discount_and_give_back_the_tax() {
        // 200.00 order, 20.00 off, 14% tax: everything back is 180.00 + 25.20.
        assert_eq!(return_refund(20_000, 2_000, 1_400, 20_000), 20_520);
        // A quarter of it: 50.00 − 5.00 = 45.00, + 6.30 tax.
        assert_eq!(return_refund(20_000, 2_000, 1_400, 5_000), 5_130);
        // Rounding: share of a 0.10 discount on a third is 0.03 (down).
        assert_eq!(return_refund(300, 10, 0, 100), 97);
        assert_eq!(return_refund(0, 0, 1_400, 100), 0);
        assert_eq!(return_refund(1_000, 0, 1_400, 0), 0);
    }
}
