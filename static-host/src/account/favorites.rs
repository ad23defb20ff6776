//! Favourites (spec 3, 4): `GET /favorites` and `POST /favorites/toggle`.
//!
//! A favourite is a shop (`branch`) or a `product`. The favourite flags of cart
//! items (products) and service-block items (products and shops) are the same
//! favourites, toggled by the product or shop id; the catalogue reads its
//! `favorite` / `is_favorite` flags from the same `favorites` table.

use axum::Json;
use axum::extract::State;
use rusqlite::params;
use serde::{Deserialize, Serialize};
use storefront_core::locale::Language;
use utoipa::{IntoParams, ToSchema};

use crate::clock::{iso_time, now_ms};
use crate::http::envelope::{Data, Page, Paging};
use crate::http::error::{ApiError, ErrorBody, ValidationErrorBody, not_found};
use crate::http::extract::{CurrentUser, JsonBody, Lang, Query};
use crate::http::state::AppState;
use crate::i18n::Msg;
use crate::i18n::columns::{IdName, pick};
use crate::money::{CURRENCY, amount, old_amount};

/// What can be a favourite.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum FavoriteKind {
    Branch,
    Product,
}

impl FavoriteKind {
    fn as_str(self) -> &'static str {
        match self {
            FavoriteKind::Branch => "branch",
            FavoriteKind::Product => "product",
        }
    }
}

/// A favourite in the list: a product (with price and shop) or a shop.
#[derive(Debug, Serialize, ToSchema)]
pub struct FavoriteItem {
    #[serde(rename = "type")]
    pub kind: FavoriteKind,
    /// The product or shop id.
    pub id: i64,
    /// In the request language.
    pub name: String,
    /// The product image or the shop logo.
    pub image: String,
    /// Products: decimal string in EGP; shops: null.
    pub price: Option<String>,
    /// Products on a deal: the price before.
    pub old_price: Option<String>,
    /// `"EGP"` for products, null for shops.
    pub currency: Option<String>,
    /// The product's shop (null for shops).
    pub branch: Option<IdName>,
    pub service_id: i64,
    /// Average stars, 0 to 5.
    pub rating: f64,
    /// Shops: not taking orders now (null for products).
    pub closed: Option<bool>,
    /// Always true here.
    pub is_favorite: bool,
    /// Always 1 here (the products' flag spelling).
    #[schema(minimum = 0, maximum = 1)]
    pub favorite: u8,
    /// RFC 3339: when it was added.
    pub added_at: String,
}

/// Query of `GET /favorites`.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct FavoritesQuery {
    /// `branch` or `product`; both when left out.
    #[serde(rename = "type")]
    #[param(rename = "type", value_type = Option<FavoriteKind>)]
    pub kind: Option<FavoriteKind>,
    /// Only favourites of this service.
    pub service_id: Option<i64>,
    /// Page number, from 1.
    #[param(minimum = 1, maximum = 100000)]
    pub page: Option<u32>,
    /// Items per page, 1 to 100 (default 20).
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<u32>,
}

/// `POST /favorites/toggle` body.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ToggleRequest {
    /// `branch` or `product`.
    #[serde(rename = "type")]
    pub kind: FavoriteKind,
    /// The shop or product id.
    #[schema(minimum = 1, example = 1)]
    pub id: i64,
}

/// `POST /favorites/toggle` data.
#[derive(Debug, Serialize, ToSchema)]
pub struct FavoriteState {
    #[serde(rename = "type")]
    pub kind: FavoriteKind,
    pub id: i64,
    /// Whether it is a favourite now.
    pub is_favorite: bool,
    /// The same as 0 or 1.
    #[schema(minimum = 0, maximum = 1)]
    pub favorite: u8,
}

/// The favourites of both kinds as one row set (`?1` user, `?2` kind or NULL, `?3`
/// service or NULL).
const FAVORITES: &str = "
    SELECT 'product' AS kind, p.id AS id, p.name_en AS name_en, p.name_ar AS name_ar,
           p.image AS image, p.price_minor AS price, p.old_price_minor AS old_price,
           b.id AS branch_id, b.name_en AS branch_en, b.name_ar AS branch_ar,
           p.service_id AS service_id, p.rating AS rating, NULL AS closed, f.created_at AS added
    FROM favorites f JOIN products p ON p.id = f.item_id JOIN branches b ON b.id = p.branch_id
    WHERE f.user_id = ?1 AND f.kind = 'product'
      AND (?2 IS NULL OR ?2 = 'product') AND (?3 IS NULL OR p.service_id = ?3)
    UNION ALL
    SELECT 'branch', b.id, b.name_en, b.name_ar, b.logo, NULL, NULL, NULL, NULL, NULL,
           b.service_id, b.rating, b.closed, f.created_at
    FROM favorites f JOIN branches b ON b.id = f.item_id
    WHERE f.user_id = ?1 AND f.kind = 'branch'
      AND (?2 IS NULL OR ?2 = 'branch') AND (?3 IS NULL OR b.service_id = ?3)";

fn favorite_row(r: &rusqlite::Row<'_>, lang: Language) -> rusqlite::Result<FavoriteItem> {
    let kind: String = r.get(0)?;
    let price: Option<i64> = r.get(5)?;
    let branch_id: Option<i64> = r.get(7)?;
    let branch = match branch_id {
        Some(id) => Some(IdName {
            id,
            name: pick(lang, r.get(8)?, r.get(9)?),
        }),
        None => None,
    };
    Ok(FavoriteItem {
        kind: if kind == "branch" {
            FavoriteKind::Branch
        } else {
            FavoriteKind::Product
        },
        id: r.get(1)?,
        name: pick(lang, r.get(2)?, r.get(3)?),
        image: r.get(4)?,
        price: price.map(amount),
        old_price: price.and_then(|p| old_amount(p, r.get(6).ok().flatten())),
        currency: price.map(|_| CURRENCY.to_owned()),
        branch,
        service_id: r.get(10)?,
        rating: r.get(11)?,
        closed: r.get(12)?,
        is_favorite: true,
        favorite: 1,
        added_at: iso_time(r.get(13)?),
    })
}

/// The customer's favourite products and shops, the latest added first, with names
/// in the request language; products carry their price and shop. An unknown `type`
/// is a 422.
#[utoipa::path(get, path = "/favorites", tag = "account", security(("bearer" = [])),
    params(FavoritesQuery, ("Language" = Option<String>, Header, description = "en or ar")),
    responses((status = 200, body = Page<FavoriteItem>), (status = 401, body = ErrorBody),
        (status = 422, body = ValidationErrorBody)))]
pub async fn list_favorites(
    State(state): State<AppState>,
    Lang(lang): Lang,
    user: CurrentUser,
    Query(query): Query<FavoritesQuery>,
) -> Result<Json<Page<FavoriteItem>>, ApiError> {
    let paging = Paging {
        page: query.page,
        limit: query.limit,
    }
    .checked(lang)?;
    let user_id = user.id;
    let kind = query.kind.map(FavoriteKind::as_str);
    let service = query.service_id;
    let page = state
        .db
        .read(move |c| {
            let total: i64 = c.query_row(
                &format!("SELECT count(*) FROM ({FAVORITES})"),
                params![user_id, kind, service],
                |r| r.get(0),
            )?;
            let mut stmt = c.prepare(&format!(
                "{FAVORITES} ORDER BY added DESC, kind, id LIMIT ?4 OFFSET ?5"
            ))?;
            let data = stmt
                .query_map(
                    params![
                        user_id,
                        kind,
                        service,
                        i64::from(paging.limit),
                        paging.offset()
                    ],
                    |r| favorite_row(r, lang),
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

/// Adds a product or shop to the favourites, or removes it when it is one already
/// (the flag flips, spec 4). An id that names no product or shop is a 404.
#[utoipa::path(post, path = "/favorites/toggle", tag = "account", security(("bearer" = [])),
    request_body = ToggleRequest,
    params(("Language" = Option<String>, Header, description = "en or ar")),
    responses((status = 200, body = Data<FavoriteState>), (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 415, body = ErrorBody),
        (status = 422, body = ValidationErrorBody)))]
pub async fn toggle_favorite(
    State(state): State<AppState>,
    Lang(lang): Lang,
    user: CurrentUser,
    JsonBody(body): JsonBody<ToggleRequest>,
) -> Result<Json<Data<FavoriteState>>, ApiError> {
    let (user_id, now) = (user.id, now_ms());
    let ToggleRequest { kind, id } = body;
    let is_favorite = state
        .db
        .write(move |tx| {
            let exists_sql = match kind {
                FavoriteKind::Branch => "SELECT exists(SELECT 1 FROM branches WHERE id = ?1)",
                FavoriteKind::Product => "SELECT exists(SELECT 1 FROM products WHERE id = ?1)",
            };
            let exists: bool = tx.query_row(exists_sql, [id], |r| r.get(0))?;
            if !exists {
                return Err(not_found(lang));
            }
            let removed = tx.execute(
                "DELETE FROM favorites WHERE user_id = ?1 AND kind = ?2 AND item_id = ?3",
                params![user_id, kind.as_str(), id],
            )?;
            if removed > 0 {
                return Ok(false);
            }
            tx.execute(
                "INSERT INTO favorites (user_id, kind, item_id, created_at) VALUES (?1, ?2, ?3, ?4)",
                params![user_id, kind.as_str(), id, now],
            )?;
            Ok(true)
        })
        .await?;
    let message = if is_favorite {
        Msg::FavoriteAdded
    } else {
        Msg::FavoriteRemoved
    };
    Ok(Json(Data::with_message(
        FavoriteState {
            kind,
            id,
            is_favorite,
            favorite: u8::from(is_favorite),
        },
        message.text(lang),
    )))
}
