//! `GET /branches` (a service's shops) and `GET /branches/{id}` (the shop page).

use axum::Json;
use axum::extract::State;
use rusqlite::{Connection, OptionalExtension, params};
use serde::{Deserialize, Serialize};
use storefront_core::locale::Language;
use utoipa::{IntoParams, ToSchema};

use crate::catalogue::search::{Fields, Index, SearchFilter};
use crate::catalogue::{check_service, required_service};
use crate::db::sql::{Sql, all_of};
use crate::http::envelope::{Data, Page, PageRequest, Paging};
use crate::http::error::{ApiError, ErrorBody, ValidationErrorBody, invalid, not_found};
use crate::http::extract::{Area, Id, Lang, MaybeUser, Query};
use crate::http::search_text::optional_search;
use crate::http::state::AppState;
use crate::i18n::columns::{IdName, pick};
use crate::location::delivery::{self, delivering_branches};
use crate::money::amount;

/// A shop in a list.
#[derive(Debug, Serialize, ToSchema)]
pub struct BranchItem {
    pub id: i64,
    /// In the request language.
    pub name: String,
    /// Image path.
    pub logo: String,
    /// Image path.
    pub cover: String,
    /// Whether the signed-in customer keeps it as a favourite (false for guests).
    pub is_favorite: bool,
    /// Not taking orders now.
    pub closed: bool,
    /// Minimum order, decimal string in EGP.
    pub minimum: String,
    /// Delivery time in minutes.
    pub minutes: i64,
    /// Delivery is always free.
    pub free_delivery: bool,
    /// Delivery is free from this order amount (EGP), when set.
    pub free_delivery_over: Option<String>,
    /// Delivery fee, decimal string in EGP.
    pub delivery_fee: String,
    /// Average stars, 0 to 5.
    pub rating: f64,
    pub branch_category: Option<IdName>,
    pub district: IdName,
}

/// A product category of a shop, with how many of the shop's products it holds.
#[derive(Debug, Serialize, ToSchema)]
pub struct BranchProductCategory {
    pub id: i64,
    pub name: String,
    pub icon: String,
    pub products_count: i64,
}

/// The shop page.
#[derive(Debug, Serialize, ToSchema)]
pub struct BranchDetail {
    #[serde(flatten)]
    pub branch: BranchItem,
    /// In the request language.
    pub description: String,
    /// The categories of the shop's products (the categories products are filed
    /// under), in menu order.
    pub categories: Vec<BranchProductCategory>,
    /// Whether the shop delivers to the request's district (`district-id`, or the
    /// district of the signed-in customer's `address-id`); null when the request names
    /// no district. A shop that does not deliver there is still shown, but its
    /// products cannot be added to the cart.
    pub delivers: Option<bool>,
}

/// Query of `GET /branches`.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct BranchesQuery {
    /// The service (required).
    #[param(required = true, minimum = 1, example = 1)]
    pub service_id: Option<i64>,
    /// Page number, from 1.
    #[param(minimum = 1, maximum = 100000)]
    pub page: Option<u32>,
    /// Items per page, 1 to 100 (default 20).
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<u32>,
    /// Words of the shop name or description, each matching the start of a word, in
    /// either language, ignoring case, Arabic spelling variants and diacritics (at most
    /// 100 characters; blank means no search). Best matches come first.
    #[param(pattern = r"^\s*(\S([\s\S]{0,98}\S)?)?\s*$", example = "market")]
    pub search: Option<String>,
    /// Only shops of this shop category of the service.
    pub branch_category_id: Option<i64>,
}

/// Columns of a shop (`{user}`: the marker of the customer id).
fn columns(user: &str) -> String {
    format!(
        "b.id, b.name_en, b.name_ar, b.logo, b.cover, b.closed, b.minimum_minor, b.delivery_minutes,
         b.free_delivery, b.free_delivery_over_minor, b.delivery_fee_minor, b.rating,
         bc.id, bc.name_en, bc.name_ar, d.id, d.name_en, d.name_ar,
         EXISTS(SELECT 1 FROM favorites f WHERE f.user_id = {user} AND f.kind = 'branch' AND f.item_id = b.id)"
    )
}

const JOINS: &str = "JOIN districts d ON d.id = b.district_id
     LEFT JOIN branch_categories bc ON bc.id = b.branch_category_id";

/// The shops when searching: the matches first (CROSS JOIN keeps that order), so
/// bm25 can rank them.
const SEARCH_FROM: &str = "FROM branch_search CROSS JOIN branches b ON b.id = branch_search.rowid";

fn branch_item(r: &rusqlite::Row<'_>, lang: Language) -> rusqlite::Result<BranchItem> {
    let category_id: Option<i64> = r.get(12)?;
    let branch_category = match category_id {
        Some(id) => Some(IdName {
            id,
            name: pick(lang, r.get(13)?, r.get(14)?),
        }),
        None => None,
    };
    Ok(BranchItem {
        id: r.get(0)?,
        name: pick(lang, r.get(1)?, r.get(2)?),
        logo: r.get(3)?,
        cover: r.get(4)?,
        closed: r.get(5)?,
        minimum: amount(r.get(6)?),
        minutes: r.get(7)?,
        free_delivery: r.get(8)?,
        free_delivery_over: r.get::<_, Option<i64>>(9)?.map(amount),
        delivery_fee: amount(r.get(10)?),
        rating: r.get(11)?,
        branch_category,
        district: IdName {
            id: r.get(15)?,
            name: pick(lang, r.get(16)?, r.get(17)?),
        },
        is_favorite: r.get(18)?,
    })
}

struct Filters {
    service_id: i64,
    search: SearchFilter,
    branch_category_id: Option<i64>,
    /// The request's district: only shops delivering there.
    district: Option<i64>,
}

impl Filters {
    /// The `WHERE` text; `joined`: `branch_search` is in `FROM` (see [`SEARCH_FROM`]).
    fn condition(&self, sql: &mut Sql, joined: bool) -> String {
        let mut conditions = vec![format!("b.service_id = {}", sql.arg(self.service_id))];
        match &self.search {
            SearchFilter::Words(search) if joined => {
                let m =
                    sql.arg(search.match_expression(Index::Branches, Fields::NamesAndDescriptions));
                conditions.push(format!("branch_search MATCH {m}"));
            }
            search => conditions.extend(search.condition(
                Index::Branches,
                Fields::NamesAndDescriptions,
                "b.id",
                sql,
            )),
        }
        if let Some(category) = self.branch_category_id {
            conditions.push(format!("b.branch_category_id = {}", sql.arg(category)));
        }
        if let Some(district) = self.district {
            conditions.push(format!(
                "b.id IN ({})",
                delivering_branches(&sql.arg(district))
            ));
        }
        all_of(&conditions)
    }
}

fn listing(
    c: &Connection,
    filters: &Filters,
    paging: PageRequest,
    user_id: Option<i64>,
    lang: Language,
) -> Result<Page<BranchItem>, ApiError> {
    check_service(c, filters.service_id, lang)?;
    if let Some(category) = filters.branch_category_id {
        let found: Option<i64> = c
            .query_row(
                "SELECT id FROM branch_categories WHERE id = ?1 AND service_id = ?2",
                params![category, filters.service_id],
                |r| r.get(0),
            )
            .optional()?;
        found.ok_or_else(|| invalid("branch_category_id", lang))?;
    }
    let mut sql = Sql::default();
    let condition = filters.condition(&mut sql, false);
    let total: i64 = c.query_row(
        &format!("SELECT count(*) FROM branches b WHERE {condition}"),
        sql.params(),
        |r| r.get(0),
    )?;
    let mut sql = Sql::default();
    let user = sql.arg(user_id);
    let (from, order) = match &filters.search {
        SearchFilter::Words(search) => {
            let ranking = search.ranking(Index::Branches, Fields::NamesAndDescriptions, &mut sql);
            (
                SEARCH_FROM,
                format!(
                    "{}, {}, {}, {}, b.sort, b.id",
                    ranking.tier,
                    ranking.form,
                    ranking.starts,
                    Index::Branches.score()
                ),
            )
        }
        _ => ("FROM branches b", "b.sort, b.id".to_owned()),
    };
    let joined = from == SEARCH_FROM;
    let condition = filters.condition(&mut sql, joined);
    let limit = sql.arg(i64::from(paging.limit));
    let offset = sql.arg(paging.offset());
    let mut stmt = c.prepare(&format!(
        "SELECT {} {from} {JOINS} WHERE {condition} ORDER BY {order} LIMIT {limit} OFFSET {offset}",
        columns(&user)
    ))?;
    let data = stmt
        .query_map(sql.params(), |r| branch_item(r, lang))?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Page {
        data,
        meta: paging.meta(u64::try_from(total).unwrap_or(0)),
    })
}

/// A page of a service's shops in display order, optionally only those of one shop
/// category, or those matching `search` (names and descriptions; words match the start
/// of words, in either language, ignoring case, Arabic spelling variants and
/// diacritics), best match first: names starting with the text, names holding every
/// word, then description-only matches, each by bm25 (whole words above prefixes,
/// shorter names first) then display order.
/// With a `district-id` header (or, signed in, an `address-id` of the customer's and no
/// `district-id`), only the shops that deliver to that district are listed and
/// counted; without one, every shop. A `district-id` or `address-id` that is not a
/// whole number from 1 is a 422.
/// Amounts (`minimum`, `delivery_fee`, `free_delivery_over`) are decimal strings in
/// EGP; `is_favorite` is the signed-in customer's flag (false for guests). A missing
/// `service_id` is a 422, an unknown one a 404; a `branch_category_id` not of the
/// service a 422.
#[utoipa::path(get, path = "/branches", tag = "catalogue",
    params(BranchesQuery, ("Language" = Option<String>, Header, description = "en or ar"),
        ("district-id" = Option<i64>, Header, minimum = 1, example = 1, description = "A district id (a whole number from 1, else 422). The shopper's district: only shops delivering there"),
        ("address-id" = Option<i64>, Header, minimum = 1, description = "An address id (a whole number from 1, else 422). The signed-in customer's address, whose district counts when no district-id is sent")),
    security((), ("bearer" = [])),
    responses((status = 200, body = Page<BranchItem>), (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 422, body = ValidationErrorBody)))]
pub async fn list_branches(
    State(state): State<AppState>,
    Lang(lang): Lang,
    user: MaybeUser,
    area: Area,
    Query(query): Query<BranchesQuery>,
) -> Result<Json<Page<BranchItem>>, ApiError> {
    let service_id = required_service(query.service_id, lang)?;
    let paging = Paging {
        page: query.page,
        limit: query.limit,
    }
    .checked(lang)?;
    let mut filters = Filters {
        service_id,
        search: SearchFilter::new(
            optional_search("search", query.search.as_deref(), lang)?.as_deref(),
        ),
        branch_category_id: query.branch_category_id,
        district: None,
    };
    let user_id = user.id();
    let page = state
        .db
        .read(move |c| {
            filters.district = delivery::request_district(c, area, user_id)?;
            listing(c, &filters, paging, user_id, lang)
        })
        .await?;
    Ok(Json(page))
}

/// The shop page: the list fields (whether it is closed, minimum order, delivery
/// minutes and fee, free delivery) plus its description, the categories of its
/// products with product counts, and `delivers`: whether it delivers to the request's
/// district (null without one). A shop that does not deliver there is still shown.
#[utoipa::path(get, path = "/branches/{id}", tag = "catalogue",
    params(("id" = i64, Path, minimum = 1, example = 1, description = "Shop id"),
        ("Language" = Option<String>, Header, description = "en or ar"),
        ("district-id" = Option<i64>, Header, minimum = 1, example = 1, description = "A district id (a whole number from 1, else 422). The shopper's district"),
        ("address-id" = Option<i64>, Header, minimum = 1, description = "An address id (a whole number from 1, else 422). The signed-in customer's address, whose district counts when no district-id is sent")),
    security((), ("bearer" = [])),
    responses((status = 200, body = Data<BranchDetail>), (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 422, body = ValidationErrorBody)))]
pub async fn get_branch(
    State(state): State<AppState>,
    Lang(lang): Lang,
    user: MaybeUser,
    area: Area,
    Id(id): Id,
) -> Result<Json<Data<BranchDetail>>, ApiError> {
    let user_id = user.id();
    let detail = state
        .db
        .read(move |c| {
            let district = delivery::request_district(c, area, user_id)?;
            let row = c
                .query_row(
                    &format!(
                        "SELECT {}, b.description_en, b.description_ar FROM branches b {JOINS}
                         WHERE b.id = ?2",
                        columns("?1")
                    ),
                    params![user_id, id],
                    |r| Ok((branch_item(r, lang)?, pick(lang, r.get(19)?, r.get(20)?))),
                )
                .optional()?;
            let (branch, description) = row.ok_or_else(|| not_found(lang))?;
            let mut stmt = c.prepare(
                "SELECT c.id, c.name_en, c.name_ar, c.icon, count(*)
                 FROM products p JOIN categories c ON c.id = p.category_id
                 LEFT JOIN categories parent ON parent.id = c.parent_id
                 WHERE p.branch_id = ?1
                 GROUP BY c.id
                 ORDER BY coalesce(parent.sort, c.sort), coalesce(parent.id, c.id), c.sort, c.id",
            )?;
            let categories = stmt
                .query_map([id], |r| {
                    Ok(BranchProductCategory {
                        id: r.get(0)?,
                        name: pick(lang, r.get(1)?, r.get(2)?),
                        icon: r.get(3)?,
                        products_count: r.get(4)?,
                    })
                })?
                .collect::<Result<Vec<_>, _>>()?;
            Ok(BranchDetail {
                delivers: delivery::delivers_to(c, branch.id, district)?,
                branch,
                description,
                categories,
            })
        })
        .await?;
    Ok(Json(Data::new(detail)))
}
