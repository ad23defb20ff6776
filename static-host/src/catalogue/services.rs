//! `GET /services`, `GET /services/{id}` (the home page blocks) and
//! `GET /services/search` (quick search of a service's shops).

use axum::Json;
use axum::extract::State;
use rusqlite::{Connection, OptionalExtension, params};
use serde::{Deserialize, Serialize};
use storefront_core::locale::Language;
use utoipa::{IntoParams, ToSchema};

use crate::catalogue::products::{StockStatus, stock_status};
use crate::catalogue::search::{Fields, Index, TextSearch};
use crate::catalogue::{check_service, required_service};
use crate::db::sql::Sql;
use crate::http::envelope::{Data, Page};
use crate::http::error::{ApiError, ErrorBody, ValidationErrorBody, not_found};
use crate::http::extract::{Area, Id, Lang, MaybeUser, Query};
use crate::http::search_text::{SUGGESTIONS, required_search};
use crate::http::state::AppState;
use crate::i18n::columns::{IdName, pick, text};
use crate::location::delivery::{self, delivering_branches};
use crate::money::{amount, old_amount};

/// Most items in one home-page block.
const BLOCK_ITEMS: i64 = 10;

/// Banners per service in the slider block.
const BANNERS_PER_SERVICE: i64 = 3;

/// A service in the services bar.
#[derive(Debug, Serialize, ToSchema)]
pub struct ServiceItem {
    pub id: i64,
    /// In the request language.
    pub name: String,
    /// Image path.
    pub icon: String,
    /// Image path of the small icon (the reference API uses the same picture).
    pub mini_icon: String,
}

/// How the storefront searches in a service: by product, or by shop.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum FilterType {
    ProductsFocused,
    BranchesFocused,
}

impl FilterType {
    fn parse(stored: &str) -> Result<Self, ApiError> {
        match stored {
            "products_focused" => Ok(FilterType::ProductsFocused),
            "branches_focused" => Ok(FilterType::BranchesFocused),
            other => Err(ApiError::internal(format!("unknown filter_type {other:?}"))),
        }
    }
}

/// The selected service with its home-page blocks.
#[derive(Debug, Serialize, ToSchema)]
pub struct ServiceDetail {
    pub id: i64,
    pub name: String,
    pub icon: String,
    pub filter_type: FilterType,
    /// Whether the storefront shows the "All categories" menu for this service.
    pub show_categories_menu: bool,
    /// Home-page sections, in display order; empty sections are left out.
    pub blocks: Vec<ServiceBlock>,
}

/// Kinds of home-page block, in the order they come.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum BlockType {
    /// Banners: `BannerCard` items.
    Slider,
    /// Category shopping: top-level categories, `CategoryCard` items.
    Categories,
    /// Products with an old price, biggest relative discount first.
    HotDeals,
    /// Products by sales count.
    BestSeller,
    /// Products by popularity.
    MostPopular,
    /// Newest products first.
    NewArrived,
    /// `BrandCard` items.
    Brands,
    /// Top-rated shops, `BranchCard` items (branches-focused services only).
    Branches,
}

impl BlockType {
    fn title(self, lang: Language) -> String {
        let (en, ar) = match self {
            BlockType::Slider => ("Offers", "العروض"),
            BlockType::Categories => ("Category shopping", "تسوق حسب الفئة"),
            BlockType::HotDeals => ("Hot deals", "عروض ساخنة"),
            BlockType::BestSeller => ("Best seller", "الأكثر مبيعًا"),
            BlockType::MostPopular => ("Most popular", "الأكثر رواجًا"),
            BlockType::NewArrived => ("New arrived", "وصل حديثًا"),
            BlockType::Brands => ("Brands", "العلامات التجارية"),
            BlockType::Branches => ("Top-rated shops", "المتاجر الأعلى تقييمًا"),
        };
        text(lang, en, ar)
    }
}

/// One home-page section.
#[derive(Debug, Serialize, ToSchema)]
pub struct ServiceBlock {
    #[serde(rename = "type")]
    pub kind: BlockType,
    /// In the request language.
    pub title: String,
    /// At most 10.
    pub items: Vec<BlockItem>,
}

/// An item of a block; its shape follows the block type.
#[derive(Debug, Serialize, ToSchema)]
#[serde(untagged)]
pub enum BlockItem {
    Product(ProductCard),
    Branch(BranchCard),
    Category(CategoryCard),
    Brand(BrandCard),
    Banner(BannerCard),
}

/// A product card.
#[derive(Debug, Serialize, ToSchema)]
pub struct ProductCard {
    pub id: i64,
    /// Whether the signed-in customer keeps it as a favourite (false for guests).
    pub is_favorite: bool,
    pub name: String,
    /// The size and pack that end `name` ("1 L"), for the card to keep in sight; null
    /// when not known.
    pub size: Option<String>,
    pub image: String,
    /// Decimal string in EGP.
    pub price: String,
    /// The price before the discount, when there is one.
    pub old_price: Option<String>,
    pub stock_status: StockStatus,
    pub rating: f64,
    /// The customers' reviews' average to one decimal (4.3); null without reviews.
    #[schema(minimum = 1, maximum = 5)]
    pub rating_average: Option<f64>,
    /// How many customer reviews it has.
    #[schema(minimum = 0)]
    pub rating_count: i64,
    pub branch_id: i64,
}

/// A shop card.
#[derive(Debug, Serialize, ToSchema)]
pub struct BranchCard {
    pub id: i64,
    pub is_favorite: bool,
    pub name: String,
    pub logo: String,
    pub rating: f64,
    /// Delivery time in minutes.
    pub minutes: i64,
    pub closed: bool,
}

/// A category in the category-shopping block.
#[derive(Debug, Serialize, ToSchema)]
pub struct CategoryCard {
    pub id: i64,
    /// Always false: categories are not favourites.
    pub is_favorite: bool,
    pub name: String,
    pub icon: String,
}

/// A brand card.
#[derive(Debug, Serialize, ToSchema)]
pub struct BrandCard {
    pub id: i64,
    /// Always false: brands are not favourites.
    pub is_favorite: bool,
    pub name: String,
    pub logo: String,
}

/// A slider banner.
#[derive(Debug, Serialize, ToSchema)]
pub struct BannerCard {
    pub id: i64,
    /// Always false: banners are not favourites.
    pub is_favorite: bool,
    pub image: String,
}

/// Query of `GET /services/search`.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ServiceSearchQuery {
    /// The service whose shops are searched (required).
    #[param(required = true, minimum = 1, example = 1)]
    pub service_id: Option<i64>,
    /// Words of the shop name, each matching the start of a word, in either language,
    /// ignoring case, Arabic spelling variants and diacritics (required, at most 100
    /// characters).
    #[param(
        required = true,
        pattern = r"^\s*\S([\s\S]{0,98}\S)?\s*$",
        example = "market"
    )]
    pub search: Option<String>,
}

/// All services, in display order, with names in the request language.
#[utoipa::path(get, path = "/services", tag = "catalogue",
    params(("Language" = Option<String>, Header, description = "en or ar")),
    responses((status = 200, body = Page<ServiceItem>)))]
pub async fn list_services(
    State(state): State<AppState>,
    Lang(lang): Lang,
) -> Result<Json<Page<ServiceItem>>, ApiError> {
    let items = state
        .db
        .read(move |c| {
            let mut stmt =
                c.prepare("SELECT id, name_en, name_ar, icon FROM services ORDER BY sort, id")?;
            let rows = stmt.query_map([], |r| {
                let icon: String = r.get(3)?;
                Ok(ServiceItem {
                    id: r.get(0)?,
                    name: pick(lang, r.get(1)?, r.get(2)?),
                    mini_icon: icon.clone(),
                    icon,
                })
            })?;
            Ok(rows.collect::<Result<Vec<_>, _>>()?)
        })
        .await?;
    Ok(Json(Page::all(items)))
}

/// The selected service: how the storefront searches in it (`filter_type`), whether
/// it shows the categories menu, and its home-page blocks in order: `slider`,
/// `categories`, `hot_deals`, `best_seller`, `most_popular`, `new_arrived`, `brands`
/// and, for branches-focused services, `branches`. Each block has at most 10 items
/// and empty blocks are left out. Every item has `id` and `is_favorite` (the signed-in
/// customer's favourite products and shops; always false for guests and for other
/// kinds of item). Amounts are decimal strings in EGP.
///
/// With a `district-id` header (or, signed in, an `address-id` of the customer's and no
/// `district-id`), the blocks hold only what delivers to that district: products and
/// shops of shops delivering there, the top-level categories and the brands that have
/// such products. Without one, nothing is filtered. A `district-id` or `address-id`
/// that is not a whole number from 1 is a 422.
#[utoipa::path(get, path = "/services/{id}", tag = "catalogue",
    params(("id" = i64, Path, minimum = 1, example = 1, description = "Service id"),
        ("Language" = Option<String>, Header, description = "en or ar"),
        ("district-id" = Option<i64>, Header, minimum = 1, example = 1, description = "A district id (a whole number from 1, else 422). The shopper's district: only what delivers there"),
        ("address-id" = Option<i64>, Header, minimum = 1, description = "An address id (a whole number from 1, else 422). The signed-in customer's address, whose district counts when no district-id is sent")),
    security((), ("bearer" = [])),
    responses((status = 200, body = Data<ServiceDetail>), (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 422, body = ValidationErrorBody)))]
pub async fn get_service(
    State(state): State<AppState>,
    Lang(lang): Lang,
    user: MaybeUser,
    area: Area,
    Id(id): Id,
) -> Result<Json<Data<ServiceDetail>>, ApiError> {
    let user_id = user.id();
    let detail = state
        .db
        .read(move |c| {
            let district = delivery::request_district(c, area, user_id)?;
            service_detail(c, id, user_id, district, lang)
        })
        .await?;
    Ok(Json(Data::new(detail)))
}

fn service_detail(
    c: &Connection,
    id: i64,
    user_id: Option<i64>,
    district: Option<i64>,
    lang: Language,
) -> Result<ServiceDetail, ApiError> {
    let row = c
        .query_row(
            "SELECT name_en, name_ar, icon, filter_type, show_categories_menu FROM services WHERE id = ?1",
            [id],
            |r| {
                Ok((
                    pick(lang, r.get(0)?, r.get(1)?),
                    r.get::<_, String>(2)?,
                    r.get::<_, String>(3)?,
                    r.get::<_, bool>(4)?,
                ))
            },
        )
        .optional()?;
    let (name, icon, filter_type, show_categories_menu) = row.ok_or_else(|| not_found(lang))?;
    let filter_type = FilterType::parse(&filter_type)?;

    let mut blocks = Vec::new();
    let mut push = |kind: BlockType, items: Vec<BlockItem>| {
        if !items.is_empty() {
            blocks.push(ServiceBlock {
                kind,
                title: kind.title(lang),
                items,
            });
        }
    };
    push(BlockType::Slider, banners(id));
    push(
        BlockType::Categories,
        category_cards(c, id, district, lang)?,
    );
    for (kind, condition, order) in PRODUCT_BLOCKS {
        push(
            kind,
            product_cards(c, id, user_id, district, lang, condition, order)?,
        );
    }
    push(BlockType::Brands, brand_cards(c, id, district, lang)?);
    if filter_type == FilterType::BranchesFocused {
        push(
            BlockType::Branches,
            branch_cards(c, id, user_id, district, lang)?,
        );
    }
    Ok(ServiceDetail {
        id,
        name,
        icon,
        filter_type,
        show_categories_menu,
        blocks,
    })
}

/// The slider's banners: a fixed set of pictures per service.
fn banners(service_id: i64) -> Vec<BlockItem> {
    // Saturating: ids come from the database, but never panic on an extreme one.
    let first = service_id
        .saturating_sub(1)
        .saturating_mul(BANNERS_PER_SERVICE)
        .saturating_add(1);
    (first..first.saturating_add(BANNERS_PER_SERVICE))
        .map(|n| {
            BlockItem::Banner(BannerCard {
                id: n,
                is_favorite: false,
                image: format!("/api/media/banners/{n}.svg"),
            })
        })
        .collect()
}

/// The product blocks: which products each holds and in what order (fixed SQL).
const PRODUCT_BLOCKS: [(BlockType, &str, &str); 4] = [
    (
        BlockType::HotDeals,
        crate::catalogue::products::ON_SALE,
        "CAST(p.old_price_minor - p.price_minor AS REAL) / p.old_price_minor DESC, p.id",
    ),
    (
        BlockType::BestSeller,
        "p.sales_count > 0",
        "p.sales_count DESC, p.id",
    ),
    (
        BlockType::MostPopular,
        "p.popularity > 0",
        "p.popularity DESC, p.id",
    ),
    (BlockType::NewArrived, "1", "p.created_at DESC, p.id DESC"),
];

/// ` AND {column} IN (the shops delivering to the district)`, or nothing without a
/// district; `column` is a fixed column name.
fn delivering_to(column: &str, district: Option<i64>, sql: &mut Sql) -> String {
    match district {
        Some(district) => format!(
            " AND {column} IN ({})",
            delivering_branches(&sql.arg(district))
        ),
        None => String::new(),
    }
}

fn product_cards(
    c: &Connection,
    service_id: i64,
    user_id: Option<i64>,
    district: Option<i64>,
    lang: Language,
    condition: &str,
    order: &str,
) -> Result<Vec<BlockItem>, ApiError> {
    let mut sql = Sql::default();
    let service = sql.arg(service_id);
    let user = sql.arg(user_id);
    let limit = sql.arg(BLOCK_ITEMS);
    let area = delivering_to("p.branch_id", district, &mut sql);
    let text = format!(
        "SELECT p.id, p.name_en, p.name_ar, p.image, p.price_minor, p.old_price_minor, p.stock, p.preorder,
                p.rating, p.branch_id,
                EXISTS(SELECT 1 FROM favorites f WHERE f.user_id = {user} AND f.kind = 'product' AND f.item_id = p.id),
                p.size_en, p.size_ar, p.rating_count, p.rating_average_tenths
         FROM products p
         WHERE p.service_id = {service} AND {condition}{area}
         ORDER BY {order}
         LIMIT {limit}"
    );
    let mut stmt = c.prepare(&text)?;
    let rows = stmt.query_map(sql.params(), |r| {
        let price: i64 = r.get(4)?;
        Ok(BlockItem::Product(ProductCard {
            id: r.get(0)?,
            name: pick(lang, r.get(1)?, r.get(2)?),
            image: r.get(3)?,
            price: amount(price),
            old_price: old_amount(price, r.get(5)?),
            stock_status: stock_status(r.get(6)?, r.get(7)?),
            rating: r.get(8)?,
            branch_id: r.get(9)?,
            is_favorite: r.get(10)?,
            size: match lang {
                Language::En => r.get(11)?,
                Language::Ar => r.get(12)?,
            },
            rating_count: r.get(13)?,
            rating_average: r.get::<_, Option<u8>>(14)?.map(crate::reviews::average),
        }))
    })?;
    Ok(rows.collect::<Result<Vec<_>, _>>()?)
}

/// The service's top-level categories; with a district, only those holding (in them or
/// below them) a product of a shop delivering there.
fn category_cards(
    c: &Connection,
    service_id: i64,
    district: Option<i64>,
    lang: Language,
) -> Result<Vec<BlockItem>, ApiError> {
    let mut stmt = c.prepare(
        "SELECT id, name_en, name_ar, icon FROM categories
         WHERE service_id = ?1 AND parent_id IS NULL ORDER BY sort, id",
    )?;
    let rows = stmt
        .query_map(params![service_id], |r| {
            Ok(CategoryCard {
                id: r.get(0)?,
                is_favorite: false,
                name: pick(lang, r.get(1)?, r.get(2)?),
                icon: r.get(3)?,
            })
        })?
        .collect::<Result<Vec<_>, _>>()?;
    // With a district: whether the category or anything below it (as the product
    // listing reads a category; UNION stops at a cycle) has a product of a shop
    // delivering there. One statement, run per category.
    let mut delivered = match district {
        Some(_) => Some(c.prepare(&format!(
            "SELECT EXISTS(SELECT 1 FROM products p
             WHERE p.category_id IN (WITH RECURSIVE sub(id) AS (SELECT ?1 UNION
                   SELECT k.id FROM categories k JOIN sub ON k.parent_id = sub.id) SELECT id FROM sub)
               AND p.service_id = ?2 AND p.branch_id IN ({}))",
            delivering_branches("?3")
        ))?),
        None => None,
    };
    let mut cards = Vec::new();
    for card in rows {
        if cards.len() as i64 == BLOCK_ITEMS {
            break;
        }
        if let Some(stmt) = delivered.as_mut()
            && !stmt.query_row(params![card.id, service_id, district], |r| {
                r.get::<_, bool>(0)
            })?
        {
            continue;
        }
        cards.push(BlockItem::Category(card));
    }
    Ok(cards)
}

/// The service's brands; with a district, only those with a product of a shop
/// delivering there.
fn brand_cards(
    c: &Connection,
    service_id: i64,
    district: Option<i64>,
    lang: Language,
) -> Result<Vec<BlockItem>, ApiError> {
    let mut sql = Sql::default();
    let service = sql.arg(service_id);
    let limit = sql.arg(BLOCK_ITEMS);
    let area = match district {
        Some(district) => format!(
            " AND EXISTS(SELECT 1 FROM products p WHERE p.brand_id = br.id
                 AND p.service_id = br.service_id AND p.branch_id IN ({}))",
            delivering_branches(&sql.arg(district))
        ),
        None => String::new(),
    };
    let mut stmt = c.prepare(&format!(
        "SELECT br.id, br.name_en, br.name_ar, br.logo FROM brands br
         WHERE br.service_id = {service}{area} ORDER BY br.id LIMIT {limit}"
    ))?;
    let rows = stmt.query_map(sql.params(), |r| {
        Ok(BlockItem::Brand(BrandCard {
            id: r.get(0)?,
            is_favorite: false,
            name: pick(lang, r.get(1)?, r.get(2)?),
            logo: r.get(3)?,
        }))
    })?;
    Ok(rows.collect::<Result<Vec<_>, _>>()?)
}

fn branch_cards(
    c: &Connection,
    service_id: i64,
    user_id: Option<i64>,
    district: Option<i64>,
    lang: Language,
) -> Result<Vec<BlockItem>, ApiError> {
    let mut sql = Sql::default();
    let service = sql.arg(service_id);
    let user = sql.arg(user_id);
    let limit = sql.arg(BLOCK_ITEMS);
    let area = delivering_to("b.id", district, &mut sql);
    let mut stmt = c.prepare(&format!(
        "SELECT b.id, b.name_en, b.name_ar, b.logo, b.rating, b.delivery_minutes, b.closed,
                EXISTS(SELECT 1 FROM favorites f WHERE f.user_id = {user} AND f.kind = 'branch' AND f.item_id = b.id)
         FROM branches b WHERE b.service_id = {service}{area}
         ORDER BY b.rating DESC, b.sort, b.id LIMIT {limit}"
    ))?;
    let rows = stmt.query_map(sql.params(), |r| {
        Ok(BlockItem::Branch(BranchCard {
            id: r.get(0)?,
            name: pick(lang, r.get(1)?, r.get(2)?),
            logo: r.get(3)?,
            rating: r.get(4)?,
            minutes: r.get(5)?,
            closed: r.get(6)?,
            is_favorite: r.get(7)?,
        }))
    })?;
    Ok(rows.collect::<Result<Vec<_>, _>>()?)
}

/// Quick search of a service's shops by name: at most 10 `{id, name}` of shops whose
/// name holds every word of the text as the start of a word, in either language,
/// ignoring case, Arabic spelling variants (أ إ آ ا, ة ه, ى ي), diacritics and tatweel;
/// best match first (names starting with the text, then the others, each by bm25), then
/// in display order. With a `district-id` header (or, signed in, an `address-id` of
/// the customer's and no `district-id`), only shops delivering to that district are
/// found. A missing `service_id` or blank `search` is a 422 (and a `district-id` or
/// `address-id` that is not a whole number from 1); an unknown service a 404.
#[utoipa::path(get, path = "/services/search", tag = "catalogue",
    params(ServiceSearchQuery, ("Language" = Option<String>, Header, description = "en or ar"),
        ("district-id" = Option<i64>, Header, minimum = 1, example = 1, description = "A district id (a whole number from 1, else 422). The shopper's district: only shops delivering there"),
        ("address-id" = Option<i64>, Header, minimum = 1, description = "An address id (a whole number from 1, else 422). The signed-in customer's address, whose district counts when no district-id is sent")),
    security((), ("bearer" = [])),
    responses((status = 200, body = Page<IdName>), (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 422, body = ValidationErrorBody)))]
pub async fn search_services(
    State(state): State<AppState>,
    Lang(lang): Lang,
    user: MaybeUser,
    area: Area,
    Query(query): Query<ServiceSearchQuery>,
) -> Result<Json<Page<IdName>>, ApiError> {
    let service_id = required_service(query.service_id, lang)?;
    let search = required_search("search", query.search.as_deref(), lang)?;
    let user_id = user.id();
    let items = state
        .db
        .read(move |c| {
            check_service(c, service_id, lang)?;
            let district = delivery::request_district(c, area, user_id)?;
            let Some(search) = TextSearch::new(&search) else {
                return Ok(Vec::new());
            };
            let mut sql = Sql::default();
            let m = sql.arg(search.match_expression(Index::Branches, Fields::Names));
            let service = sql.arg(service_id);
            let ranking = search.ranking(Index::Branches, Fields::Names, &mut sql);
            let tier = format!("{}, {}, {}", ranking.tier, ranking.form, ranking.starts);
            let limit = sql.arg(SUGGESTIONS);
            let area = delivering_to("b.id", district, &mut sql);
            let mut stmt = c.prepare(&format!(
                "SELECT b.id, b.name_en, b.name_ar
                 FROM branch_search CROSS JOIN branches b ON b.id = branch_search.rowid
                 WHERE branch_search MATCH {m} AND b.service_id = {service}{area}
                 ORDER BY {tier}, {}, b.sort, b.id LIMIT {limit}",
                Index::Branches.score()
            ))?;
            let rows = stmt.query_map(sql.params(), |r| IdName::from_row(r, lang))?;
            Ok(rows.collect::<Result<Vec<_>, _>>()?)
        })
        .await?;
    Ok(Json(Page::all(items)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_service_has_its_own_three_banners() {
        let ids = |service| {
            banners(service)
                .into_iter()
                .map(|b| match b {
                    BlockItem::Banner(b) => (b.id, b.image),
                    _ => unreachable!(),
                })
                .collect::<Vec<_>>()
        };
        assert_eq!(
            ids(1),
            vec![
                (1, "/api/media/banners/1.svg".to_owned()),
                (2, "/api/media/banners/2.svg".to_owned()),
                (3, "/api/media/banners/3.svg".to_owned())
            ]
        );
        assert_eq!(
            ids(3).iter().map(|b| b.0).collect::<Vec<_>>(),
            vec![7, 8, 9]
        );
    }

    #[test]
    fn block_titles_are_localized() {
        assert_eq!(BlockType::HotDeals.title(Language::En), "Hot deals");
        assert_eq!(BlockType::HotDeals.title(Language::Ar), "عروض ساخنة");
    }
}
