//! The customer's orders: `GET /orders?tab=…` (the core's tabs), `GET /orders/{id}`
//! (every field of spec 3) and `POST /orders/{id}/cancel`.
//!
//! Tabs (core [`OrderTab`]): `current` (draft, pending, processing, shipped,
//! out_for_delivery, on_hold), `completed` — also accepted as its key `delivered` —
//! (delivered), `cancellations` or `cancelled` (cancelled), `returns` (in_return,
//! return_received, returned) and `rejected`. Newest first.
//!
//! Amounts of an order (the core's `OrderDetail`): `price` Σ unit price × qty;
//! `discount_coupon`; `subtotal` = price − discount; `tax`; `delivery_fee`;
//! `cart_total` = subtotal + tax + delivery (the order's value); `wallet_balance` the
//! part the wallet paid; `total` = cart_total − wallet_balance, what the card was
//! charged or the courier collects.

use axum::Extension;
use axum::Json;
use axum::extract::rejection::PathRejection;
use axum::extract::{Path, State};
use rusqlite::{Connection, OptionalExtension, params};
use serde::{Deserialize, Serialize};
use storefront_core::locale::Language;
use storefront_core::orders::{
    OrderStatus, OrderTab, RETURN_WINDOW_DAYS, can_cancel, can_request_return,
};
use utoipa::{IntoParams, ToSchema};

use crate::clock::{DAY_MS, date_time, iso_time, now_ms};
use crate::http::envelope::{Data, Page, Paging};
use crate::http::error::{
    ApiError, BadRequestBody, ErrorBody, ValidationErrorBody, invalid, not_found,
};
use crate::http::extract::{CurrentUser, Lang, Query};
use crate::http::state::AppState;
use crate::i18n::columns::{IdName, pick};
use crate::i18n::orders::{OrderMsg, status_label};
use crate::money::{CURRENCY, amount};
use crate::orders::effects::Effects;
use crate::orders::order_number;
use crate::orders::payment::Gateway;
use crate::orders::returns::{ReturnBody, load_return};
use crate::orders::state_machine::{Actor, change_status};

/// An order id from a path such as `/orders/{id}/cancel`: anything but a positive
/// number is a 404.
pub fn path_id(raw: &str, lang: Language) -> Result<i64, ApiError> {
    raw.parse::<i64>()
        .ok()
        .filter(|id| *id > 0)
        .ok_or_else(|| not_found(lang))
}

/// One line of an order.
#[derive(Debug, Serialize, ToSchema)]
pub struct OrderItemBody {
    pub id: i64,
    pub product_id: i64,
    /// In the request language, as it was named when ordered.
    pub name: String,
    pub qty: u32,
    /// Unit price paid.
    pub price: String,
    /// price × qty.
    pub total: String,
    pub image: Option<String>,
    /// Units already asked back in a return.
    pub returned_qty: u32,
}

/// A status the order went through.
#[derive(Debug, Serialize, ToSchema)]
pub struct StatusEntry {
    pub status: String,
    pub label: String,
    /// RFC 3339, UTC.
    pub at: String,
}

/// The delivery address of an order.
#[derive(Debug, Serialize, ToSchema)]
pub struct OrderAddress {
    pub id: i64,
    pub name: String,
    pub contact_name: String,
    pub phone: String,
    pub address_details: String,
    pub district_id: i64,
}

/// An order with every field of spec 3 (the core's `OrderDetail` reads it).
#[derive(Debug, Serialize, ToSchema)]
pub struct OrderDetailBody {
    pub id: i64,
    /// The order number customers see.
    #[schema(example = "100001")]
    pub number: String,
    /// `YYYY-MM-DD HH:MM`, UTC.
    pub date: String,
    /// RFC 3339, UTC.
    pub created_at: String,
    /// One of the spec's statuses.
    pub status: String,
    /// The status in the request language.
    pub status_label: String,
    /// `card` or `cash`.
    pub payment_method: String,
    /// `**** 4242` when a card was charged.
    pub payment_card: Option<String>,
    pub price: String,
    pub subtotal: String,
    pub delivery_fee: String,
    pub discount_coupon: String,
    /// The coupon code used.
    pub coupon: Option<String>,
    /// The part paid from the wallet.
    pub wallet_balance: String,
    pub tax: String,
    /// The order's value: subtotal + tax + delivery fee.
    pub cart_total: String,
    /// What is paid by card or cash: cart_total − wallet_balance.
    pub total: String,
    /// Four digits to give the courier.
    pub delivery_code: Option<String>,
    /// `YYYY-MM-DD HH:MM`, UTC.
    pub estimated_arrival_time: Option<String>,
    pub points_earned: i64,
    pub currency: String,
    pub branch: IdName,
    pub address: Option<OrderAddress>,
    pub items: Vec<OrderItemBody>,
    /// Oldest first.
    pub history: Vec<StatusEntry>,
    /// The customer may cancel it now.
    pub can_cancel: bool,
    /// The customer may ask for a return now.
    pub can_return: bool,
    /// Last moment for a return request (RFC 3339) once delivered.
    pub return_until: Option<String>,
    /// The return request, if one was made.
    #[serde(rename = "return")]
    pub return_request: Option<ReturnBody>,
}

/// An order in a list.
#[derive(Debug, Serialize, ToSchema)]
pub struct OrderSummary {
    pub id: i64,
    pub number: String,
    pub date: String,
    pub created_at: String,
    pub status: String,
    pub status_label: String,
    pub payment_method: String,
    pub cart_total: String,
    pub total: String,
    pub items_count: u32,
    pub branch: IdName,
    pub can_cancel: bool,
}

struct OrderRow {
    id: i64,
    status: OrderStatus,
    payment_method: String,
    payment_card: Option<String>,
    price: i64,
    discount: i64,
    tax: i64,
    delivery: i64,
    cart_total: i64,
    wallet: i64,
    due: i64,
    coupon_code: Option<String>,
    delivery_code: String,
    eta: i64,
    points: i64,
    delivered_at: Option<i64>,
    created_at: i64,
    branch: IdName,
    address_id: i64,
}

const ORDER_COLUMNS: &str = "o.id, o.status, o.payment_method, o.payment_card, o.price_minor,
    o.coupon_discount_minor, o.tax_minor, o.delivery_fee_minor, o.cart_total_minor, o.wallet_minor,
    o.due_minor, o.coupon_code, o.delivery_code, o.estimated_arrival_at, o.points_earned, o.delivered_at,
    o.created_at, b.id, b.name_en, b.name_ar, o.address_id";

fn order_row(r: &rusqlite::Row<'_>, lang: Language) -> rusqlite::Result<OrderRow> {
    let status: String = r.get(1)?;
    Ok(OrderRow {
        id: r.get(0)?,
        status: OrderStatus::parse(&status),
        payment_method: r.get(2)?,
        payment_card: r.get(3)?,
        price: r.get(4)?,
        discount: r.get(5)?,
        tax: r.get(6)?,
        delivery: r.get(7)?,
        cart_total: r.get(8)?,
        wallet: r.get(9)?,
        due: r.get(10)?,
        coupon_code: r.get(11)?,
        delivery_code: r.get(12)?,
        eta: r.get(13)?,
        points: r.get(14)?,
        delivered_at: r.get(15)?,
        created_at: r.get(16)?,
        branch: IdName {
            id: r.get(17)?,
            name: pick(lang, r.get(18)?, r.get(19)?),
        },
        address_id: r.get(20)?,
    })
}

/// The last moment a return may be asked for.
fn return_deadline(delivered_at: Option<i64>) -> Option<i64> {
    let window = i64::try_from(RETURN_WINDOW_DAYS).unwrap_or(i64::MAX / DAY_MS) * DAY_MS;
    delivered_at.map(|at| at.saturating_add(window))
}

/// Whether a return may be asked for at `now_ms` (the core's rule).
pub fn returnable(status: OrderStatus, delivered_at: Option<i64>, now_ms: i64) -> bool {
    let ms = |v: i64| u64::try_from(v).unwrap_or(0);
    can_request_return(status, delivered_at.map(ms), ms(now_ms))
}

/// The customer's order with every detail; 404 when it is not theirs.
pub fn load_detail(
    conn: &Connection,
    user_id: i64,
    order_id: i64,
    lang: Language,
    now_ms: i64,
) -> Result<OrderDetailBody, ApiError> {
    let row = conn
        .query_row(
            &format!(
                "SELECT {ORDER_COLUMNS} FROM orders o JOIN branches b ON b.id = o.branch_id
                 WHERE o.id = ?1 AND o.user_id = ?2"
            ),
            params![order_id, user_id],
            |r| order_row(r, lang),
        )
        .optional()?
        .ok_or_else(|| not_found(lang))?;
    let mut stmt = conn.prepare(
        "SELECT oi.id, oi.product_id, oi.name_en, oi.name_ar, oi.qty, oi.price_minor, oi.image,
                coalesce((SELECT sum(ri.qty) FROM return_items ri WHERE ri.order_item_id = oi.id), 0)
         FROM order_items oi WHERE oi.order_id = ?1 ORDER BY oi.id",
    )?;
    let items = stmt
        .query_map([order_id], |r| {
            let qty: i64 = r.get(4)?;
            let price: i64 = r.get(5)?;
            Ok(OrderItemBody {
                id: r.get(0)?,
                product_id: r.get(1)?,
                name: pick(lang, r.get(2)?, r.get(3)?),
                qty: crate::db::sql::qty(qty),
                price: amount(price),
                total: amount(price.saturating_mul(qty)),
                image: Some(r.get(6)?),
                returned_qty: crate::db::sql::qty(r.get(7)?),
            })
        })?
        .collect::<Result<Vec<_>, _>>()?;
    let mut stmt = conn.prepare(
        "SELECT to_status, created_at FROM order_status_history WHERE order_id = ?1 ORDER BY id",
    )?;
    let history = stmt
        .query_map([order_id], |r| {
            let status = OrderStatus::parse(&r.get::<_, String>(0)?);
            Ok(StatusEntry {
                status: status.as_str().to_owned(),
                label: status_label(status, lang).to_owned(),
                at: iso_time(r.get(1)?),
            })
        })?
        .collect::<Result<Vec<_>, _>>()?;
    let address = conn
        .query_row(
            "SELECT id, name, contact_name, phone, address_details, district_id FROM addresses WHERE id = ?1",
            [row.address_id],
            |r| {
                Ok(OrderAddress {
                    id: r.get(0)?,
                    name: r.get(1)?,
                    contact_name: r.get(2)?,
                    phone: r.get(3)?,
                    address_details: r.get(4)?,
                    district_id: r.get(5)?,
                })
            },
        )
        .optional()?;
    let return_request = load_return(conn, order_id, lang)?;
    Ok(OrderDetailBody {
        id: row.id,
        number: order_number(row.id),
        date: date_time(row.created_at),
        created_at: iso_time(row.created_at),
        status: row.status.as_str().to_owned(),
        status_label: status_label(row.status, lang).to_owned(),
        payment_method: row.payment_method,
        payment_card: row.payment_card,
        price: amount(row.price),
        subtotal: amount(row.price - row.discount),
        delivery_fee: amount(row.delivery),
        discount_coupon: amount(row.discount),
        coupon: row.coupon_code,
        wallet_balance: amount(row.wallet),
        tax: amount(row.tax),
        cart_total: amount(row.cart_total),
        total: amount(row.due),
        delivery_code: Some(row.delivery_code),
        estimated_arrival_time: Some(date_time(row.eta)),
        points_earned: row.points,
        currency: CURRENCY.to_owned(),
        branch: row.branch,
        address,
        items,
        history,
        can_cancel: can_cancel(row.status),
        can_return: returnable(row.status, row.delivered_at, now_ms),
        return_until: return_deadline(row.delivered_at).map(iso_time),
        return_request,
    })
}

/// Query of `GET /orders`.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct OrdersQuery {
    /// `current` (default), `completed` (or `delivered`), `cancellations` (or
    /// `cancelled`), `returns` or `rejected`.
    pub tab: Option<String>,
    /// Page number, from 1.
    #[param(minimum = 1, maximum = 100000)]
    pub page: Option<u32>,
    /// Items per page, 1 to 100 (default 20).
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<u32>,
}

/// Reads an orders tab by its name or its key (the core's `OrderTab::key`).
pub fn parse_tab(text: Option<&str>) -> Option<OrderTab> {
    let text = text.map(str::trim).filter(|t| !t.is_empty());
    let Some(text) = text else {
        return Some(OrderTab::Current);
    };
    let text = text.to_ascii_lowercase();
    OrderTab::ALL.into_iter().find(|tab| {
        let name = match tab {
            OrderTab::Current => "current",
            OrderTab::Completed => "completed",
            OrderTab::Cancellations => "cancellations",
            OrderTab::Returns => "returns",
            OrderTab::Rejected => "rejected",
        };
        text == name || text == tab.key() || (text == "canceled" && *tab == OrderTab::Cancellations)
    })
}

/// The statuses of a tab as an SQL list of literals (fixed texts from the core).
pub fn status_list(statuses: &[OrderStatus]) -> String {
    statuses
        .iter()
        .map(|s| format!("'{}'", s.as_str()))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A page of the customer's orders in a tab, newest first. An unknown tab is a 422.
#[utoipa::path(get, path = "/orders", tag = "orders",
    params(OrdersQuery, ("Language" = Option<String>, Header, description = "en or ar")),
    security(("bearer" = [])),
    responses((status = 200, body = Page<OrderSummary>), (status = 401, body = ErrorBody),
        (status = 422, body = ValidationErrorBody)))]
pub async fn list_orders(
    State(state): State<AppState>,
    Lang(lang): Lang,
    user: CurrentUser,
    Query(query): Query<OrdersQuery>,
) -> Result<Json<Page<OrderSummary>>, ApiError> {
    let tab = parse_tab(query.tab.as_deref()).ok_or_else(|| invalid("tab", lang))?;
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
                    "SELECT count(*) FROM orders WHERE user_id = ?1 AND status IN ({statuses})"
                ),
                [user_id],
                |r| r.get(0),
            )?;
            let mut stmt = c.prepare(&format!(
                "SELECT {ORDER_COLUMNS},
                        (SELECT coalesce(sum(qty), 0) FROM order_items WHERE order_id = o.id)
                 FROM orders o JOIN branches b ON b.id = o.branch_id
                 WHERE o.user_id = ?1 AND o.status IN ({statuses})
                 ORDER BY o.id DESC LIMIT ?2 OFFSET ?3"
            ))?;
            let data = stmt
                .query_map(
                    params![user_id, i64::from(paging.limit), paging.offset()],
                    |r| {
                        let row = order_row(r, lang)?;
                        Ok(OrderSummary {
                            id: row.id,
                            number: order_number(row.id),
                            date: date_time(row.created_at),
                            created_at: iso_time(row.created_at),
                            status: row.status.as_str().to_owned(),
                            status_label: status_label(row.status, lang).to_owned(),
                            payment_method: row.payment_method,
                            cart_total: amount(row.cart_total),
                            total: amount(row.due),
                            items_count: crate::db::sql::qty(r.get(21)?),
                            branch: row.branch,
                            can_cancel: can_cancel(row.status),
                        })
                    },
                )?
                .collect::<Result<Vec<_>, _>>()?;
            Ok(Page {
                data,
                meta: paging.meta(u64::try_from(total).unwrap_or(0)),
            })
        })
        .await?;
    Ok(Json(page))
}

/// One of the customer's orders with every detail (404 for others' orders).
#[utoipa::path(get, path = "/orders/{id}", tag = "orders",
    params(("id" = i64, Path, minimum = 1, description = "Order id"),
        ("Language" = Option<String>, Header, description = "en or ar")),
    security(("bearer" = [])),
    responses((status = 200, body = Data<OrderDetailBody>), (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
pub async fn get_order(
    State(state): State<AppState>,
    Lang(lang): Lang,
    user: CurrentUser,
    raw: Result<Path<String>, PathRejection>,
) -> Result<Json<Data<OrderDetailBody>>, ApiError> {
    let id = path_id(&raw.map(|Path(raw)| raw).unwrap_or_default(), lang)?;
    let now = now_ms();
    let user_id = user.id;
    let detail = state
        .db
        .read(move |c| load_detail(c, user_id, id, lang, now))
        .await?;
    Ok(Json(Data::new(detail)))
}

/// Cancels one of the customer's orders while it is `draft`, `pending` or `on_hold`
/// (400 'This order can no longer be cancelled.' otherwise): stock goes back, the
/// wallet part returns to the wallet and a card charge is refunded.
#[utoipa::path(post, path = "/orders/{id}/cancel", tag = "orders",
    params(("id" = i64, Path, minimum = 1, description = "Order id"),
        ("Language" = Option<String>, Header, description = "en or ar")),
    security(("bearer" = [])),
    responses((status = 200, body = Data<OrderDetailBody>),
        (status = 400, description = "The order can no longer be cancelled", body = BadRequestBody),
        (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn cancel_order(
    State(state): State<AppState>,
    Extension(effects): Extension<Effects>,
    Extension(gateway): Extension<Gateway>,
    Lang(lang): Lang,
    user: CurrentUser,
    raw: Result<Path<String>, PathRejection>,
) -> Result<Json<Data<OrderDetailBody>>, ApiError> {
    let id = path_id(&raw.map(|Path(raw)| raw).unwrap_or_default(), lang)?;
    let now = now_ms();
    let user_id = user.id;
    state
        .db
        .write(move |tx| {
            let status: Option<String> = tx
                .query_row(
                    "SELECT status FROM orders WHERE id = ?1 AND user_id = ?2",
                    params![id, user_id],
                    |r| r.get(0),
                )
                .optional()?;
            let status = OrderStatus::parse(&status.ok_or_else(|| not_found(lang))?);
            if !can_cancel(status) {
                return Err(ApiError::bad_request(OrderMsg::CannotCancel.text(lang)));
            }
            change_status(
                tx,
                &*effects,
                id,
                OrderStatus::Cancelled,
                Actor::Customer,
                now,
            )
            .map_err(|e| e.into_api(lang))?;
            Ok(())
        })
        .await?;
    // The card refund, after the commit.
    crate::orders::payment_outbox::settle(&state, &gateway, id).await;
    let detail = state
        .db
        .read(move |c| load_detail(c, user_id, id, lang, now))
        .await?;
    Ok(Json(Data::with_message(
        detail,
        OrderMsg::OrderCancelled.text(lang),
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tabs_by_name_or_key() {
        assert_eq!(parse_tab(None), Some(OrderTab::Current));
        assert_eq!(parse_tab(Some(" ")), Some(OrderTab::Current));
        assert_eq!(parse_tab(Some("completed")), Some(OrderTab::Completed));
        assert_eq!(parse_tab(Some("delivered")), Some(OrderTab::Completed));
        assert_eq!(parse_tab(Some("Cancelled")), Some(OrderTab::Cancellations));
        assert_eq!(parse_tab(Some("canceled")), Some(OrderTab::Cancellations));
        assert_eq!(
            parse_tab(Some("cancellations")),
            Some(OrderTab::Cancellations)
        );
        assert_eq!(parse_tab(Some("returns")), Some(OrderTab::Returns));
        assert_eq!(parse_tab(Some("rejected")), Some(OrderTab::Rejected));
        assert_eq!(parse_tab(Some("archive")), None);
        assert_eq!(
            status_list(OrderTab::Returns.statuses()),
            "'in_return', 'return_received', 'returned'"
        );
    }

    #[test]
    fn returns_follow_the_core_window() {
        let delivered = 1_700_000_000_000;
        assert!(returnable(
            OrderStatus::Delivered,
            Some(delivered),
            delivered + DAY_MS
        ));
        assert!(!returnable(
            OrderStatus::Delivered,
            Some(delivered),
            delivered + 15 * DAY_MS
        ));
        assert!(!returnable(
            OrderStatus::Shipped,
            Some(delivered),
            delivered
        ));
        assert_eq!(
            return_deadline(Some(delivered)),
            Some(delivered + 14 * DAY_MS)
        );
    }
}
