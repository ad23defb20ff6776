//! The customer's notifications (the top bar's notifications element):
//! `GET /notifications`, `POST /notifications/{id}/read`,
//! `POST /notifications/read-all`.
//!
//! Notifications are stored in both languages and shown in the request's. Every new
//! customer gets a welcome notification, written by a trigger in the registration's
//! own transaction (migration 0004), so reading never writes. Other parts of the
//! API add notifications with [`notify`] (referral rewards do), which honours the
//! customer's preferences (spec 3): order notices only with "orders" on, offers only
//! with "offers", the newsletter only with "newsletter"; the account's own notices
//! (welcome, wallet, points, system) always.

use axum::Json;
use axum::extract::State;
use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;
use storefront_core::locale::Language;
use utoipa::ToSchema;

use crate::account::ParentId;
use crate::clock::{iso_time, now_ms};
use crate::http::envelope::{Data, Meta};
use crate::http::error::{ApiError, ErrorBody, ValidationErrorBody, not_found};
use crate::http::extract::{CurrentUser, Lang, Query};
use crate::http::paging::{Paging, page_of};
use crate::http::state::AppState;
use crate::i18n::Msg;
use crate::i18n::columns::pick;

/// What a notification is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    Welcome,
    Order,
    Offer,
    Wallet,
    Points,
    System,
    Newsletter,
}

impl Kind {
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Welcome => "welcome",
            Kind::Order => "order",
            Kind::Offer => "offer",
            Kind::Wallet => "wallet",
            Kind::Points => "points",
            Kind::System => "system",
            Kind::Newsletter => "newsletter",
        }
    }

    /// The profile's notification choice this kind follows, if any (spec 3 preferences).
    pub fn preference(self) -> Option<&'static str> {
        match self {
            Kind::Order => Some("orders"),
            Kind::Offer => Some("offers"),
            Kind::Newsletter => Some("newsletter"),
            Kind::Welcome | Kind::Wallet | Kind::Points | Kind::System => None,
        }
    }

    fn parse(text: &str) -> Kind {
        match text {
            "welcome" => Kind::Welcome,
            "order" => Kind::Order,
            "offer" => Kind::Offer,
            "wallet" => Kind::Wallet,
            "points" => Kind::Points,
            "newsletter" => Kind::Newsletter,
            _ => Kind::System,
        }
    }
}

/// A notification to store.
#[derive(Debug, Clone)]
pub struct NewNotification {
    pub user_id: i64,
    pub kind: Kind,
    pub title_en: String,
    pub title_ar: String,
    pub body_en: String,
    pub body_ar: String,
    pub order_id: Option<i64>,
}

/// Whether the customer's preferences let notifications of `kind` through (a missing
/// choice reads as the profile's default: on).
pub fn wanted(conn: &Connection, user_id: i64, kind: Kind) -> rusqlite::Result<bool> {
    let Some(choice) = kind.preference() else {
        return Ok(true);
    };
    let on: Option<bool> = conn
        .query_row(
            &format!("SELECT coalesce(json_extract(notifications, '$.{choice}'), 1) FROM users WHERE id = ?1"),
            [user_id],
            |r| r.get(0),
        )
        .optional()?;
    Ok(on.unwrap_or(false))
}

/// Stores a notification (in the caller's transaction) when the customer's preferences
/// want it; returns its id, or `None` when they do not.
pub fn notify(conn: &Connection, n: &NewNotification, now: i64) -> rusqlite::Result<Option<i64>> {
    if !wanted(conn, n.user_id, n.kind)? {
        return Ok(None);
    }
    conn.execute(
        "INSERT INTO notifications (user_id, kind, title_en, title_ar, body_en, body_ar, order_id, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
        params![
            n.user_id,
            n.kind.as_str(),
            n.title_en,
            n.title_ar,
            n.body_en,
            n.body_ar,
            n.order_id,
            now
        ],
    )?;
    Ok(Some(conn.last_insert_rowid()))
}

/// A notification in the request language.
#[derive(Debug, Serialize, ToSchema)]
pub struct Notification {
    pub id: i64,
    #[serde(rename = "type")]
    pub kind: Kind,
    pub title: String,
    pub body: String,
    /// The order it is about, if any.
    pub order_id: Option<i64>,
    pub is_read: bool,
    /// RFC 3339, when first read.
    pub read_at: Option<String>,
    /// RFC 3339.
    pub created_at: String,
}

/// Pagination plus how many notifications are unread (for the top-bar badge).
#[derive(Debug, Serialize, ToSchema)]
pub struct NotificationMeta {
    #[serde(flatten)]
    pub page: Meta,
    pub unread_count: i64,
}

/// A page of notifications.
#[derive(Debug, Serialize, ToSchema)]
pub struct NotificationPage {
    pub data: Vec<Notification>,
    pub meta: NotificationMeta,
}

/// `POST /notifications/read-all` data.
#[derive(Debug, Serialize, ToSchema)]
pub struct UnreadCount {
    pub unread_count: i64,
}

const COLUMNS: &str =
    "id, kind, title_en, title_ar, body_en, body_ar, order_id, read_at, created_at";

fn notification_row(r: &rusqlite::Row<'_>, lang: Language) -> rusqlite::Result<Notification> {
    let kind: String = r.get(1)?;
    let read_at: Option<i64> = r.get(7)?;
    Ok(Notification {
        id: r.get(0)?,
        kind: Kind::parse(&kind),
        title: pick(lang, r.get(2)?, r.get(3)?),
        body: pick(lang, r.get(4)?, r.get(5)?),
        order_id: r.get(6)?,
        is_read: read_at.is_some(),
        read_at: read_at.map(iso_time),
        created_at: iso_time(r.get(8)?),
    })
}

fn unread(conn: &Connection, user_id: i64) -> rusqlite::Result<i64> {
    conn.query_row(
        "SELECT count(*) FROM notifications WHERE user_id = ?1 AND read_at IS NULL",
        [user_id],
        |r| r.get(0),
    )
}

/// The customer's notifications, newest first, with the number unread.
#[utoipa::path(get, path = "/notifications", tag = "account", security(("bearer" = [])),
    params(Paging, ("Language" = Option<String>, Header, description = "en or ar")),
    responses((status = 200, body = NotificationPage), (status = 401, body = ErrorBody),
        (status = 422, body = ValidationErrorBody)))]
pub async fn list_notifications(
    State(state): State<AppState>,
    Lang(lang): Lang,
    user: CurrentUser,
    Query(query): Query<Paging>,
) -> Result<Json<NotificationPage>, ApiError> {
    let paging = query.checked(lang)?;
    let user_id = user.id;
    let page = state
        .db
        .read(move |c| {
            let page = page_of(
                c,
                "SELECT count(*) FROM notifications WHERE user_id = ?1",
                &format!(
                    "SELECT {COLUMNS} FROM notifications WHERE user_id = ?1
                 ORDER BY created_at DESC, id DESC"
                ),
                &[&user_id],
                paging,
                |r| notification_row(r, lang),
            )?;
            Ok(NotificationPage {
                data: page.data,
                meta: NotificationMeta {
                    page: page.meta,
                    unread_count: unread(c, user_id)?,
                },
            })
        })
        .await?;
    Ok(Json(page))
}

/// Marks one notification read (again is harmless: the first read time stays).
#[utoipa::path(post, path = "/notifications/{id}/read", tag = "account", security(("bearer" = [])),
    params(("id" = i64, Path, minimum = 1, description = "Notification id"),
        ("Language" = Option<String>, Header, description = "en or ar")),
    responses((status = 200, body = Data<Notification>), (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
pub async fn read_notification(
    State(state): State<AppState>,
    Lang(lang): Lang,
    user: CurrentUser,
    ParentId(id): ParentId,
) -> Result<Json<Data<Notification>>, ApiError> {
    let (user_id, now) = (user.id, now_ms());
    let notification = state
        .db
        .write(move |tx| {
            let changed = tx.execute(
                "UPDATE notifications SET read_at = coalesce(read_at, ?3) WHERE id = ?1 AND user_id = ?2",
                params![id, user_id, now],
            )?;
            if changed == 0 {
                return Err(not_found(lang));
            }
            tx.query_row(
                &format!("SELECT {COLUMNS} FROM notifications WHERE id = ?1"),
                [id],
                |r| notification_row(r, lang),
            )
            .optional()?
            .ok_or_else(|| not_found(lang))
        })
        .await?;
    Ok(Json(Data::with_message(
        notification,
        Msg::NotificationRead.text(lang),
    )))
}

/// Marks every notification read.
#[utoipa::path(post, path = "/notifications/read-all", tag = "account", security(("bearer" = [])),
    params(("Language" = Option<String>, Header, description = "en or ar")),
    responses((status = 200, body = Data<UnreadCount>), (status = 401, body = ErrorBody)))]
pub async fn read_all_notifications(
    State(state): State<AppState>,
    Lang(lang): Lang,
    user: CurrentUser,
) -> Result<Json<Data<UnreadCount>>, ApiError> {
    let (user_id, now) = (user.id, now_ms());
    state
        .db
        .write(move |tx| {
            tx.execute(
                "UPDATE notifications SET read_at = ?2 WHERE user_id = ?1 AND read_at IS NULL",
                params![user_id, now],
            )?;
            Ok(())
        })
        .await?;
    Ok(Json(Data::with_message(
        UnreadCount { unread_count: 0 },
        Msg::NotificationsAllRead.text(lang),
    )))
}
