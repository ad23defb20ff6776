//! The review lists: a product's (public), the customer's own, and the delivered
//! products still waiting for the customer's review.

use axum::Json;
use axum::extract::State;
use rusqlite::{Connection, OptionalExtension, Row, params};
use serde::{Deserialize, Serialize};
use storefront_core::locale::Language;
use storefront_core::reviews::ReviewSort;
use utoipa::{IntoParams, ToSchema};

use crate::account::ParentId;
use crate::clock::iso_time;
use crate::http::envelope::{Page, Paging};
use crate::http::error::{ApiError, ErrorBody, ValidationErrorBody, not_found};
use crate::http::extract::{CurrentUser, Lang, MaybeUser, Query};
use crate::http::paging::page_of;
use crate::http::state::AppState;
use crate::i18n::columns::pick;
use crate::reviews::{ReviewLanguage, reviewer};

/// Reviews per page unless `limit` says otherwise.
pub const REVIEWS_PER_PAGE: u32 = 10;

/// A review in a product's list.
#[derive(Debug, Serialize, ToSchema)]
pub struct ReviewItem {
    pub id: i64,
    /// Stars, 1 to 5.
    #[schema(minimum = 1, maximum = 5)]
    pub rating: u8,
    /// Plain text with `\n` line breaks; null when none.
    pub comment: Option<String>,
    /// The language it was written in.
    pub language: ReviewLanguage,
    /// RFC 3339.
    pub created_at: String,
    /// RFC 3339: the last edit (the creation time when never edited).
    pub updated_at: String,
    /// The reviewer as shown: first name and the last name's initial ("Mona S."),
    /// never a phone number or an e-mail address; null: show 'A customer'.
    pub reviewer: Option<String>,
    /// How many customers found it helpful.
    #[schema(minimum = 0)]
    pub helpful_count: i64,
    /// Whether the signed-in customer wrote it (always false for guests).
    pub mine: bool,
    /// Whether the signed-in customer marked it helpful.
    pub voted_helpful: bool,
    /// Whether the signed-in customer reported it.
    pub reported: bool,
}

/// The columns [`review_row`] reads (`{user}`: the marker of the customer id).
fn review_columns(user: &str) -> String {
    format!(
        "r.id, r.rating, r.comment, r.language, r.created_at, r.updated_at, u.name, r.helpful_count,
         r.user_id IS {user},
         EXISTS(SELECT 1 FROM review_helpful_votes v WHERE v.review_id = r.id AND v.user_id = {user}),
         EXISTS(SELECT 1 FROM review_reports x WHERE x.review_id = r.id AND x.user_id = {user})"
    )
}

fn review_row(r: &Row<'_>) -> rusqlite::Result<ReviewItem> {
    let name: String = r.get(6)?;
    Ok(ReviewItem {
        id: r.get(0)?,
        rating: r.get(1)?,
        comment: r.get(2)?,
        language: ReviewLanguage::from_code(&r.get::<_, String>(3)?),
        created_at: iso_time(r.get(4)?),
        updated_at: iso_time(r.get(5)?),
        reviewer: reviewer(&name),
        helpful_count: r.get(7)?,
        mine: r.get(8)?,
        voted_helpful: r.get(9)?,
        reported: r.get(10)?,
    })
}

/// One review as its list shows it to `user_id`.
pub(super) fn review_by_id(
    conn: &Connection,
    id: i64,
    user_id: Option<i64>,
) -> Result<ReviewItem, ApiError> {
    Ok(conn.query_row(
        &format!(
            "SELECT {} FROM reviews r JOIN users u ON u.id = r.user_id WHERE r.id = ?2",
            review_columns("?1")
        ),
        params![user_id, id],
        review_row,
    )?)
}

/// The `ORDER BY` of a review order (fixed text; ties newest first, then by id).
fn order_by(sort: ReviewSort) -> &'static str {
    match sort {
        ReviewSort::Newest => "r.created_at DESC, r.id DESC",
        ReviewSort::MostHelpful => "r.helpful_count DESC, r.created_at DESC, r.id DESC",
        ReviewSort::HighestRating => "r.rating DESC, r.created_at DESC, r.id DESC",
        ReviewSort::LowestRating => "r.rating ASC, r.created_at DESC, r.id DESC",
    }
}

/// Query of `GET /products/{id}/reviews`.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ReviewsQuery {
    /// `newest` (default), `helpful` (most helpful first), `rating_desc` (highest
    /// rating first) or `rating_asc` (lowest first); any other value lists newest
    /// first, so an old or mistyped link still shows the list.
    #[param(example = "helpful")]
    pub sort: Option<String>,
    /// Page number, from 1.
    #[param(minimum = 1, maximum = 100000)]
    pub page: Option<u32>,
    /// Reviews per page, 1 to 100 (default 10).
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<u32>,
}

/// A product's reviews, newest first unless `sort` says otherwise, a page at a time
/// (`meta.total` is the product's review count). Hidden reviews are left out. Public:
/// a signed-in customer's request also tells which review is theirs (`mine`) and which
/// they marked helpful or reported. An unknown product is a 404.
#[utoipa::path(get, path = "/products/{id}/reviews", tag = "reviews",
    params(("id" = i64, Path, minimum = 1, example = 1, description = "Product id"), ReviewsQuery,
        ("Language" = Option<String>, Header, description = "en or ar")),
    security((), ("bearer" = [])),
    responses((status = 200, body = Page<ReviewItem>), (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 422, body = ValidationErrorBody)))]
pub async fn list_product_reviews(
    State(state): State<AppState>,
    Lang(lang): Lang,
    user: MaybeUser,
    ParentId(product_id): ParentId,
    Query(query): Query<ReviewsQuery>,
) -> Result<Json<Page<ReviewItem>>, ApiError> {
    let paging = Paging {
        page: query.page,
        limit: query.limit,
    }
    .checked_with_default(lang, REVIEWS_PER_PAGE)?;
    let sort = ReviewSort::from_query(query.sort.as_deref());
    let user_id = user.id();
    let page = state
        .db
        .read(move |c| {
            // The kept count is the list's length: no count of the reviews.
            let total: i64 = c
                .query_row(
                    "SELECT rating_count FROM products WHERE id = ?1",
                    [product_id],
                    |r| r.get(0),
                )
                .optional()?
                .ok_or_else(|| not_found(lang))?;
            // `hidden = 0` as written: the partial indexes of each order answer it.
            let mut stmt = c.prepare_cached(&format!(
                "SELECT {} FROM reviews r JOIN users u ON u.id = r.user_id
                 WHERE r.product_id = ?2 AND r.hidden = 0
                 ORDER BY {} LIMIT ?3 OFFSET ?4",
                review_columns("?1"),
                order_by(sort)
            ))?;
            let data = stmt
                .query_map(
                    params![
                        user_id,
                        product_id,
                        i64::from(paging.limit),
                        paging.offset()
                    ],
                    review_row,
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

/// A product as the customer's review lists name it.
#[derive(Debug, Serialize, ToSchema)]
pub struct ReviewedProduct {
    pub id: i64,
    /// In the request language.
    pub name: String,
    /// Image path.
    pub image: String,
}

fn product_of(r: &Row<'_>, at: usize, lang: Language) -> rusqlite::Result<ReviewedProduct> {
    Ok(ReviewedProduct {
        id: r.get(at)?,
        name: pick(lang, r.get(at + 1)?, r.get(at + 2)?),
        image: r.get(at + 3)?,
    })
}

/// One of the customer's reviews.
#[derive(Debug, Serialize, ToSchema)]
pub struct MyReview {
    pub id: i64,
    #[schema(minimum = 1, maximum = 5)]
    pub rating: u8,
    pub comment: Option<String>,
    pub language: ReviewLanguage,
    /// RFC 3339.
    pub created_at: String,
    /// RFC 3339.
    pub updated_at: String,
    #[schema(minimum = 0)]
    pub helpful_count: i64,
    /// The store took it out of the product's list (it counts in no rating); only its
    /// author sees it, here.
    pub hidden: bool,
    pub product: ReviewedProduct,
}

/// The customer's reviews, newest first, each with its product (name in the request
/// language), hidden ones included and marked.
#[utoipa::path(get, path = "/my-reviews", tag = "reviews", security(("bearer" = [])),
    params(Paging, ("Language" = Option<String>, Header, description = "en or ar")),
    responses((status = 200, body = Page<MyReview>), (status = 401, body = ErrorBody),
        (status = 422, body = ValidationErrorBody)))]
pub async fn list_my_reviews(
    State(state): State<AppState>,
    Lang(lang): Lang,
    user: CurrentUser,
    Query(paging): Query<Paging>,
) -> Result<Json<Page<MyReview>>, ApiError> {
    let paging = paging.checked_with_default(lang, REVIEWS_PER_PAGE)?;
    let user_id = user.id;
    let page = state
        .db
        .read(move |c| {
            Ok(page_of(
                c,
                "SELECT count(*) FROM reviews WHERE user_id = ?1",
                "SELECT r.id, r.rating, r.comment, r.language, r.created_at, r.updated_at, r.helpful_count,
                        r.hidden, p.id, p.name_en, p.name_ar, p.image
                 FROM reviews r JOIN products p ON p.id = r.product_id
                 WHERE r.user_id = ?1 ORDER BY r.created_at DESC, r.id DESC",
                &[&user_id],
                paging,
                |r| {
                    Ok(MyReview {
                        id: r.get(0)?,
                        rating: r.get(1)?,
                        comment: r.get(2)?,
                        language: ReviewLanguage::from_code(&r.get::<_, String>(3)?),
                        created_at: iso_time(r.get(4)?),
                        updated_at: iso_time(r.get(5)?),
                        helpful_count: r.get(6)?,
                        hidden: r.get(7)?,
                        product: product_of(r, 8, lang)?,
                    })
                },
            )?)
        })
        .await?;
    Ok(Json(page))
}

/// A delivered product the customer has not reviewed yet.
#[derive(Debug, Serialize, ToSchema)]
pub struct WaitingProduct {
    /// The product (review it with `POST /products/{product_id}/reviews`).
    pub product_id: i64,
    /// In the request language.
    pub name: String,
    /// Image path.
    pub image: String,
    /// The customer's latest delivered order with it.
    pub order_id: i64,
    /// RFC 3339: when that order was delivered.
    pub delivered_at: String,
}

/// The products of the customer's delivered orders that they have not reviewed yet,
/// each once, the latest delivered first.
#[utoipa::path(get, path = "/my-reviews/waiting", tag = "reviews", security(("bearer" = [])),
    params(Paging, ("Language" = Option<String>, Header, description = "en or ar")),
    responses((status = 200, body = Page<WaitingProduct>), (status = 401, body = ErrorBody),
        (status = 422, body = ValidationErrorBody)))]
pub async fn list_waiting_reviews(
    State(state): State<AppState>,
    Lang(lang): Lang,
    user: CurrentUser,
    Query(paging): Query<Paging>,
) -> Result<Json<Page<WaitingProduct>>, ApiError> {
    let paging = paging.checked_with_default(lang, REVIEWS_PER_PAGE)?;
    let user_id = user.id;
    // Each product once, with its latest delivery: with `max()`, SQLite takes the
    // bare column `o.id` from the row holding the maximum (the order of that delivery).
    const WAITING: &str = "
        SELECT oi.product_id AS product_id, max(o.delivered_at) AS delivered_at, o.id AS order_id
        FROM orders o JOIN order_items oi ON oi.order_id = o.id
        WHERE o.user_id = ?1 AND o.delivered_at IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM reviews r WHERE r.user_id = ?1 AND r.product_id = oi.product_id)
        GROUP BY oi.product_id";
    let page = state
        .db
        .read(move |c| {
            Ok(page_of(
                c,
                &format!("SELECT count(*) FROM ({WAITING})"),
                &format!(
                    "SELECT w.product_id, p.name_en, p.name_ar, p.image, w.order_id, w.delivered_at
                     FROM ({WAITING}) w JOIN products p ON p.id = w.product_id
                     ORDER BY w.delivered_at DESC, w.order_id DESC, w.product_id DESC"
                ),
                &[&user_id],
                paging,
                |r| {
                    Ok(WaitingProduct {
                        product_id: r.get(0)?,
                        name: pick(lang, r.get(1)?, r.get(2)?),
                        image: r.get(3)?,
                        order_id: r.get(4)?,
                        delivered_at: iso_time(r.get(5)?),
                    })
                },
            )?)
        })
        .await?;
    Ok(Json(page))
}
