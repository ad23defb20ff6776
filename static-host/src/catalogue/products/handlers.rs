//! The products' handlers: `GET /products` and `GET /products/{id}`.

use axum::Json;
use axum::extract::State;

use super::body::{ProductDetail, ProductsResponse};
use super::filters::{ProductsQuery, filters};
use super::query::{listing, product_detail, suggestions};
use crate::catalogue::required_service;
use crate::http::envelope::{Page, Paging};
use crate::http::error::{ApiError, ErrorBody, ValidationErrorBody};
use crate::http::extract::{Area, Id, Lang, MaybeUser, Query};
use crate::http::search_text::required_search;
use crate::http::state::AppState;
use crate::location::delivery;

/// Products of a service, in two modes.
///
/// **Suggestions** (`service_id` and `text`, no `page`): at most 10 `{id, name}` of
/// products whose name holds every word of the text as the start of a word, in either
/// language, ignoring case, Arabic spelling variants (أ إ آ ا, ة ه, ى ي), diacritics
/// and tatweel; best match first (names starting with the text, then the others, each
/// by bm25: whole words above prefixes, shorter names first), then most popular; blank
/// `text` is a 422.
///
/// **Listing** (`service_id`, `page`, `limit` and optional filters): a page of
/// products with `meta.price_min`/`meta.price_max`, the price bounds of the products
/// matching every filter except the price range. `sort`: `recommended` (popularity,
/// then rating; default), `best_selling`, `a_z`/`z_a` (by name in the request
/// language), `price_high`, `price_low`, `newest`, `oldest`, `top_rated` (the
/// customers' reviews' average, then their number; unreviewed products last).
/// `min_rating` keeps the products whose reviews average at least that many stars
/// ("4 stars & up"); `rating`, the first version's name of the stars filter, now means
/// the same. `search` matches names and descriptions like suggestions match
/// names; without `sort`, name matches come before description-only ones, best first.
/// `category_id` includes subcategories. Filter ids that are not in the service, a bad
/// `sort`, `stock`, `rating` or `min_rating`, or `min_price` above `max_price` are a
/// 422.
///
/// **District.** With a `district-id` header (or, signed in, an `address-id` of the
/// customer's and no `district-id`), both modes answer only products of shops that
/// deliver to that district: the list, `meta.total`, the pages and the price bounds
/// follow. `branch_id` names one shop: its products are listed whatever the district.
/// Without a district nothing is filtered. A `district-id` or `address-id` that is not
/// a whole number from 1 is a 422; an unknown district has no shops.
///
/// Amounts are decimal strings in EGP whatever the `currency` header says;
/// `favorite` is the signed-in customer's flag (0 for guests); names follow the
/// `Language` header. A missing `service_id` is a 422, an unknown one a 404.
#[utoipa::path(get, path = "/products", tag = "catalogue",
    params(ProductsQuery, ("Language" = Option<String>, Header, description = "en or ar"),
        ("district-id" = Option<i64>, Header, minimum = 1, example = 1, description = "A district id (a whole number from 1, else 422). The shopper's district: only what delivers there"),
        ("address-id" = Option<i64>, Header, minimum = 1, description = "An address id (a whole number from 1, else 422). The signed-in customer's address, whose district counts when no district-id is sent"),
        ("currency" = Option<String>, Header, description = "Accepted and ignored: amounts are in EGP")),
    security((), ("bearer" = [])),
    responses((status = 200, body = ProductsResponse), (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 422, body = ValidationErrorBody)))]
pub async fn list_products(
    State(state): State<AppState>,
    Lang(lang): Lang,
    user: MaybeUser,
    area: Area,
    Query(query): Query<ProductsQuery>,
) -> Result<Json<ProductsResponse>, ApiError> {
    let service_id = required_service(query.service_id, lang)?;
    let user_id = user.id();
    if query.text.is_some() && query.page.is_none() {
        let text = required_search("text", query.text.as_deref(), lang)?;
        let items = state
            .db
            .read(move |c| {
                let district = delivery::request_district(c, area, user_id)?;
                suggestions(c, service_id, district, &text, lang)
            })
            .await?;
        return Ok(Json(ProductsResponse::Suggestions(Page::all(items))));
    }
    let paging = Paging {
        page: query.page,
        limit: query.limit,
    }
    .checked(lang)?;
    let mut filters = filters(&query, service_id, lang)?;
    let sort = query.sort;
    let page = state
        .db
        .read(move |c| {
            filters.district = delivery::request_district(c, area, user_id)?;
            listing(c, &filters, sort, paging, user_id, lang)
        })
        .await?;
    Ok(Json(ProductsResponse::Listing(page)))
}

/// The product page: the listing fields plus the description, the gallery
/// (`images`), the shop's delivery terms (`closed`, `minutes`, `minimum`,
/// `free_delivery`), the category, and `delivers`: whether the shop delivers to the
/// request's district (null without one). The customers' reviews come as
/// `rating_average`, `rating_count` and `review_summary` (with the five stars'
/// shares); signed in, `review_action` says whether the customer may write a review
/// (or edit theirs, `my_review_id`). A product of a shop that does not deliver
/// there is still shown (a shared link, a favourite), but cannot be added to the cart.
/// Amounts are decimal strings in EGP.
#[utoipa::path(get, path = "/products/{id}", tag = "catalogue",
    params(("id" = i64, Path, minimum = 1, example = 1, description = "Product id"),
        ("Language" = Option<String>, Header, description = "en or ar"),
        ("district-id" = Option<i64>, Header, minimum = 1, example = 1, description = "A district id (a whole number from 1, else 422). The shopper's district"),
        ("address-id" = Option<i64>, Header, minimum = 1, description = "An address id (a whole number from 1, else 422). The signed-in customer's address, whose district counts when no district-id is sent")),
    security((), ("bearer" = [])),
    responses((status = 200, body = crate::http::envelope::Data<ProductDetail>),
        (status = 401, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 422, body = ValidationErrorBody)))]
pub async fn get_product(
    State(state): State<AppState>,
    Lang(lang): Lang,
    user: MaybeUser,
    area: Area,
    Id(id): Id,
) -> Result<Json<crate::http::envelope::Data<ProductDetail>>, ApiError> {
    let user_id = user.id();
    let detail = state
        .db
        .read(move |c| {
            let district = delivery::request_district(c, area, user_id)?;
            product_detail(c, id, user_id, district, lang)
        })
        .await?;
    Ok(Json(crate::http::envelope::Data::new(detail)))
}
