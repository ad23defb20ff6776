//! `GET /products` (suggestions, or the filtered and sorted listing with price
//! bounds) and `GET /products/{id}` (the product page).

use std::collections::HashMap;

use axum::Json;
use axum::extract::State;
use rusqlite::{Connection, OptionalExtension, params};
use serde::{Deserialize, Serialize};
use storefront_core::locale::Language;
use storefront_core::money::Money;
use utoipa::{IntoParams, ToSchema};

use crate::catalogue::search::{Fields, Index, Relaxation, SearchFilter, TextSearch};
use crate::catalogue::{check_service, required_service};
use crate::db::sql::{Sql, all_of};
use crate::http::envelope::{Meta, Page, PageRequest, Paging};
use crate::http::error::{ApiError, ErrorBody, ValidationErrorBody};
use crate::http::error::{invalid, not_found, out_of_range};
use crate::http::extract::{Area, Id, Lang, MaybeUser, Query};
use crate::http::search_text::{SUGGESTIONS, optional_search, required_search};
use crate::http::state::AppState;
use crate::i18n::Msg;
use crate::i18n::columns::{IdName, column, pick};
use crate::location::delivery::{self, delivering_branches};
use crate::money::{CURRENCY, amount, old_amount};
use crate::reviews::{self, ProductRating, ReviewActionName, average};

/// Highest price filter accepted, in whole pounds.
const MAX_PRICE_MAJOR: i64 = 100_000_000;

/// Whether a product can be bought now.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum StockStatus {
    /// Stock above zero.
    InStock,
    /// No stock and no pre-order.
    OutOfStock,
    /// No stock, but it can be ordered ahead.
    Preorder,
}

/// The status of a product with `stock` units that may or may not be pre-ordered.
pub fn stock_status(stock: i64, preorder: bool) -> StockStatus {
    if stock > 0 {
        StockStatus::InStock
    } else if preorder {
        StockStatus::Preorder
    } else {
        StockStatus::OutOfStock
    }
}

impl StockStatus {
    /// The SQL condition selecting products with this status (fixed text).
    fn condition(self) -> &'static str {
        match self {
            StockStatus::InStock => "p.stock > 0",
            StockStatus::OutOfStock => "p.stock = 0 AND p.preorder = 0",
            StockStatus::Preorder => "p.stock = 0 AND p.preorder <> 0",
        }
    }
}

/// Listing order (spec 9).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize, ToSchema)]
pub enum ProductSort {
    /// Most popular first, then best rated.
    #[default]
    #[serde(rename = "recommended")]
    Recommended,
    #[serde(rename = "best_selling")]
    BestSelling,
    /// By name in the request language.
    #[serde(rename = "a_z")]
    AZ,
    #[serde(rename = "z_a")]
    ZA,
    #[serde(rename = "price_high")]
    PriceHigh,
    #[serde(rename = "price_low")]
    PriceLow,
    #[serde(rename = "newest")]
    Newest,
    #[serde(rename = "oldest")]
    Oldest,
    /// Best customer rating first (the reviews' average), then the most reviewed;
    /// products without reviews last.
    #[serde(rename = "top_rated")]
    TopRated,
}

impl ProductSort {
    /// The `ORDER BY` text (fixed fragments; ties always broken by id so pages never
    /// overlap).
    fn order_by(self, lang: Language) -> String {
        match self {
            ProductSort::Recommended => "p.popularity DESC, p.rating DESC, p.id".to_owned(),
            ProductSort::BestSelling => "p.sales_count DESC, p.id".to_owned(),
            ProductSort::AZ => format!("p.{} COLLATE NOCASE ASC, p.id", column("name", lang)),
            ProductSort::ZA => format!("p.{} COLLATE NOCASE DESC, p.id", column("name", lang)),
            ProductSort::PriceHigh => "p.price_minor DESC, p.id".to_owned(),
            ProductSort::PriceLow => "p.price_minor ASC, p.id".to_owned(),
            ProductSort::Newest => "p.created_at DESC, p.id DESC".to_owned(),
            ProductSort::Oldest => "p.created_at ASC, p.id".to_owned(),
            // The kept rating (migration 0012), read in `products_by_top_rated` order.
            ProductSort::TopRated => {
                "p.rating_average_tenths DESC, p.rating_count DESC, p.id".to_owned()
            }
        }
    }
}

/// Query of `GET /products`.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ProductsQuery {
    /// The service (required).
    #[param(required = true, minimum = 1, example = 1)]
    pub service_id: Option<i64>,
    /// Suggestions mode (when `page` is absent): words of the product name, each
    /// matching the start of a word, in either language. At most 100 characters;
    /// blank is a 422 in suggestions mode and means no search in listing mode.
    #[param(pattern = r"^\s*(\S([\s\S]{0,98}\S)?)?\s*$", example = "tea")]
    pub text: Option<String>,
    /// Page number, from 1 (listing mode).
    #[param(minimum = 1, maximum = 100000)]
    pub page: Option<u32>,
    /// Items per page, 1 to 100 (default 20).
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<u32>,
    /// Words of the product name, brand, category or description, each matching the
    /// start of a word or a word with the same stem, in either language, ignoring case,
    /// Arabic spelling variants, diacritics and the Arabic article (at most 100
    /// characters; blank means no search). The list holds each item once (`shops`,
    /// `other_shops`). Without `sort`, the best matches come first. When nothing
    /// matches, an Arabic word may drop a leading ب ك ل ف, then a word of five letters
    /// or more may be one letter off (`meta.approximate`).
    #[param(pattern = r"^\s*(\S([\s\S]{0,98}\S)?)?\s*$", example = "tea")]
    pub search: Option<String>,
    /// A category of the service; a parent category includes its subcategories.
    pub category_id: Option<i64>,
    /// A shop of the service: its products, whatever the request's district (the shop
    /// page lists what a shop sells; the shop's `delivers` says whether it can be
    /// ordered).
    pub branch_id: Option<i64>,
    /// A brand of the service.
    pub brand_id: Option<i64>,
    /// Order of the list (default `recommended`, or best match first with `search`).
    #[param(inline)]
    pub sort: Option<ProductSort>,
    /// Only products with this stock status.
    #[param(inline)]
    pub stock: Option<StockStatus>,
    /// Only products rated at least this many stars (1 to 5).
    #[param(minimum = 1, maximum = 5)]
    pub rating: Option<u8>,
    /// Only products whose customers' reviews average at least this many stars (1 to
    /// 5; `4` is "4 stars & up"); products without reviews are left out.
    #[param(minimum = 1, maximum = 5)]
    pub min_rating: Option<u8>,
    /// Lowest price, a decimal amount in EGP such as `10` or `10.50`.
    pub min_price: Option<String>,
    /// Highest price, a decimal amount in EGP; not below `min_price`.
    pub max_price: Option<String>,
    /// `true`: only products sold below their old price (the home page's hot deals).
    pub on_sale: Option<bool>,
}

/// A product in a listing.
#[derive(Debug, Serialize, ToSchema)]
pub struct ProductItem {
    pub id: i64,
    /// In the request language.
    pub name: String,
    /// Image path.
    pub image: String,
    /// Decimal string in EGP, e.g. `"19.99"`.
    pub price: String,
    /// The price before the discount, when there is one.
    pub old_price: Option<String>,
    /// Always `"EGP"`: the reference API ignores the `currency` request header.
    pub currency: String,
    /// 1 when the signed-in customer keeps it as a favourite, else 0 (always 0 for
    /// guests).
    #[schema(minimum = 0, maximum = 1)]
    pub favorite: u8,
    /// Units in stock.
    pub stock: i64,
    pub stock_status: StockStatus,
    /// Fewest units per order.
    pub min_qty: i64,
    /// Most units per order.
    pub max_qty: i64,
    /// Average stars, 0 to 5.
    pub rating: f64,
    /// The customers' reviews' average to one decimal (4.3); null without reviews.
    #[schema(minimum = 1, maximum = 5)]
    pub rating_average: Option<f64>,
    /// How many customer reviews it has.
    #[schema(minimum = 0)]
    pub rating_count: i64,
    /// The shop selling it.
    pub branch: IdName,
    pub category_id: i64,
    pub brand: Option<IdName>,
    /// Search results only (absent elsewhere): how many shops sell this item under the
    /// same filters, this one included. A search lists each item (the same name,
    /// description, brand and category) once, as the offer of its most popular shop.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shops: Option<i64>,
    /// Search results only (absent elsewhere): the other shops' offers of the same
    /// item, one per shop, cheapest first, at most five.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub other_shops: Option<Vec<ShopOffer>>,
}

/// Most other shops' offers shown with a search result.
pub const MAX_OTHER_SHOPS: usize = 5;

/// Another shop's offer of a search result's item.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct ShopOffer {
    /// That shop's product.
    pub id: i64,
    pub branch: IdName,
    /// Decimal string in EGP.
    pub price: String,
    pub old_price: Option<String>,
    /// Always `"EGP"`.
    pub currency: String,
    pub stock_status: StockStatus,
}

/// Pagination plus the price bounds of every product matching the filters other
/// than the price range (for the price slider); null when nothing matches.
#[derive(Debug, Serialize, ToSchema)]
pub struct ProductMeta {
    #[serde(flatten)]
    pub page: Meta,
    pub price_min: Option<String>,
    pub price_max: Option<String>,
    /// True when nothing matched the search as typed and the list holds the matches
    /// of words one letter away ('bananna' → 'banana'); false otherwise.
    pub approximate: bool,
}

/// A page of products.
#[derive(Debug, Serialize, ToSchema)]
pub struct ProductPage {
    pub data: Vec<ProductItem>,
    pub meta: ProductMeta,
}

/// The answer of `GET /products`: a listing page, or suggestions (`{id, name}`).
#[derive(Debug, Serialize, ToSchema)]
#[serde(untagged)]
pub enum ProductsResponse {
    Listing(ProductPage),
    Suggestions(Page<IdName>),
}

/// The shop of a product, as the product page shows it.
#[derive(Debug, Serialize, ToSchema)]
pub struct ProductBranch {
    pub id: i64,
    pub name: String,
    pub logo: String,
    pub closed: bool,
    /// Delivery time in minutes.
    pub minutes: i64,
    /// Minimum order, decimal string in EGP.
    pub minimum: String,
    pub free_delivery: bool,
}

/// The product page.
#[derive(Debug, Serialize, ToSchema)]
pub struct ProductDetail {
    pub id: i64,
    pub name: String,
    pub description: String,
    pub image: String,
    /// Pictures for the gallery, the main image first.
    pub images: Vec<String>,
    pub price: String,
    pub old_price: Option<String>,
    /// Always `"EGP"`.
    pub currency: String,
    #[schema(minimum = 0, maximum = 1)]
    pub favorite: u8,
    pub stock: i64,
    pub stock_status: StockStatus,
    pub min_qty: i64,
    pub max_qty: i64,
    pub rating: f64,
    /// The customers' reviews' average to one decimal (4.3); null without reviews.
    #[schema(minimum = 1, maximum = 5)]
    pub rating_average: Option<f64>,
    /// How many customer reviews it has.
    #[schema(minimum = 0)]
    pub rating_count: i64,
    /// The customers' reviews: count, average and the five stars' shares.
    pub review_summary: ProductRating,
    /// Signed in only (null for guests): what the page offers about the customer's
    /// review, `write` (the product was delivered to them), `edit` (they have one) or
    /// `not_eligible`.
    pub review_action: Option<ReviewActionName>,
    /// Signed in only: the customer's review of it (null when none).
    pub my_review_id: Option<i64>,
    pub branch: ProductBranch,
    pub category_id: i64,
    pub category: IdName,
    pub brand: Option<IdName>,
    /// Whether its shop delivers to the request's district (`district-id`, or the
    /// district of the signed-in customer's `address-id`); null when the request names
    /// no district. A product whose shop does not deliver cannot be added to the cart.
    pub delivers: Option<bool>,
}

/// A product sold below its old price: a hot deal.
pub(crate) const ON_SALE: &str = "p.old_price_minor > p.price_minor";

/// Validated listing filters.
#[derive(Debug, Clone, Default, PartialEq)]
struct Filters {
    service_id: i64,
    search: SearchFilter,
    category_id: Option<i64>,
    branch_id: Option<i64>,
    brand_id: Option<i64>,
    stock: Option<StockStatus>,
    rating: Option<u8>,
    /// At least this many stars on average, from the reviews.
    min_rating: Option<u8>,
    min_price: Option<i64>,
    max_price: Option<i64>,
    on_sale: bool,
    /// The request's district: only products of shops delivering there (unless one
    /// shop is named), `p.branch_id IN` the district's range of
    /// `branch_delivery_districts`; every listing index ends with the shop, so the
    /// filter is decided on index entries.
    district: Option<i64>,
}

/// Which filters a condition holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Holding {
    /// Every filter: the listing.
    All,
    /// All but the price range: the price bounds.
    AllButPrice,
    /// All but the search, which the query ranks itself (see [`ranked_ids`]).
    AllButSearch,
}

impl Filters {
    /// The `WHERE` text for these filters. `page`: the condition of a page read in the
    /// order of its index, where the district's shops must not drive the plan (see
    /// [`Filters::district`]).
    fn condition(&self, sql: &mut Sql, holding: Holding, page: bool) -> String {
        let mut conditions = vec![format!("p.service_id = {}", sql.arg(self.service_id))];
        if holding != Holding::AllButSearch {
            conditions.extend(self.search.condition(
                Index::Products,
                Fields::NamesAndDescriptions,
                "p.search_doc",
                sql,
            ));
        }
        if let Some(category) = self.category_id {
            // The category and everything below it; UNION stops at a cycle.
            conditions.push(format!(
                "p.category_id IN (WITH RECURSIVE sub(id) AS (SELECT {} UNION \
                 SELECT c.id FROM categories c JOIN sub ON c.parent_id = sub.id) SELECT id FROM sub)",
                sql.arg(category)
            ));
        }
        match (self.branch_id, self.district) {
            (Some(branch), _) => conditions.push(format!("p.branch_id = {}", sql.arg(branch))),
            // Counts and bounds read the covering (shop, service, price) index per shop;
            // a page is better read in its order's index (which holds the shop), so
            // there the unary `+` keeps SQLite from starting at the shops and sorting
            // all their products.
            (None, Some(district)) => conditions.push(format!(
                "{}p.branch_id IN ({})",
                if page { "+" } else { "" },
                delivering_branches(&sql.arg(district))
            )),
            (None, None) => {}
        }
        if let Some(brand) = self.brand_id {
            conditions.push(format!("p.brand_id = {}", sql.arg(brand)));
        }
        if let Some(stock) = self.stock {
            conditions.push(format!("({})", stock.condition()));
        }
        if let Some(rating) = self.rating {
            conditions.push(format!("p.rating >= {}", sql.arg(i64::from(rating))));
        }
        if let Some(stars) = self.min_rating {
            // A range of `products_by_top_rated`; NULL (no reviews) is never in it.
            conditions.push(format!(
                "p.rating_average_tenths >= {}",
                sql.arg(i64::from(stars) * 10)
            ));
        }
        if self.on_sale {
            // The same rule as the hot-deals block of `GET /services/{id}`.
            conditions.push(ON_SALE.to_owned());
        }
        if holding != Holding::AllButPrice {
            if let Some(min) = self.min_price {
                conditions.push(format!("p.price_minor >= {}", sql.arg(min)));
            }
            if let Some(max) = self.max_price {
                conditions.push(format!("p.price_minor <= {}", sql.arg(max)));
            }
        }
        all_of(&conditions)
    }
}

/// A price filter in minor units; blank means no filter.
fn price(field: &str, value: Option<&str>, lang: Language) -> Result<Option<i64>, ApiError> {
    let Some(value) = value.map(str::trim).filter(|v| !v.is_empty()) else {
        return Ok(None);
    };
    let range = || out_of_range(field, 0, MAX_PRICE_MAJOR, lang);
    let money = match Money::parse(value) {
        Ok(money) => money,
        Err(storefront_core::money::MoneyError::OutOfRange(_)) => return Err(range()),
        Err(_) => {
            return Err(ApiError::validation(
                field,
                Msg::FieldType {
                    field: field.to_owned(),
                }
                .text(lang),
            ));
        }
    };
    if money.is_negative() || money > Money::major(MAX_PRICE_MAJOR) {
        return Err(range());
    }
    Ok(Some(money.minor()))
}

/// Checks the query values that need no database.
fn filters(query: &ProductsQuery, service_id: i64, lang: Language) -> Result<Filters, ApiError> {
    // `text` also searches in listing mode, for clients that keep one parameter.
    let search = match optional_search("search", query.search.as_deref(), lang)? {
        Some(search) => Some(search),
        None => optional_search("text", query.text.as_deref(), lang)?,
    };
    if let Some(rating) = query.rating
        && !(1..=5).contains(&rating)
    {
        return Err(out_of_range("rating", 1, 5, lang));
    }
    if let Some(stars) = query.min_rating
        && !(1..=5).contains(&stars)
    {
        return Err(out_of_range("min_rating", 1, 5, lang));
    }
    let min_price = price("min_price", query.min_price.as_deref(), lang)?;
    let max_price = price("max_price", query.max_price.as_deref(), lang)?;
    if let (Some(min), Some(max)) = (min_price, max_price)
        && min > max
    {
        let message = match lang {
            Language::En => "The maximum price must not be below the minimum price.",
            Language::Ar => "يجب ألا يقل أعلى سعر عن أقل سعر.",
        };
        return Err(ApiError::validation("max_price", message));
    }
    Ok(Filters {
        service_id,
        search: SearchFilter::new(search.as_deref()),
        category_id: query.category_id,
        branch_id: query.branch_id,
        brand_id: query.brand_id,
        stock: query.stock,
        rating: query.rating,
        min_rating: query.min_rating,
        min_price,
        max_price,
        on_sale: query.on_sale.unwrap_or(false),
        district: None,
    })
}

/// 422 unless `id` names a row of `table` in the service. `table` is a fixed name.
fn check_in_service(
    c: &Connection,
    table: &'static str,
    field: &str,
    id: Option<i64>,
    service_id: i64,
    lang: Language,
) -> Result<(), ApiError> {
    let Some(id) = id else { return Ok(()) };
    let found: Option<i64> = c
        .prepare_cached(&format!(
            "SELECT id FROM {table} WHERE id = ?1 AND service_id = ?2"
        ))?
        .query_row(params![id, service_id], |r| r.get(0))
        .optional()?;
    found.map(|_| ()).ok_or_else(|| invalid(field, lang))
}

/// The listing's columns, with the shop and brand names and the favourite flag
/// (`{user}` is the marker of the customer id).
fn listing_columns(user: &str) -> String {
    format!(
        "p.id, p.name_en, p.name_ar, p.image, p.price_minor, p.old_price_minor, p.stock, p.preorder,
         p.min_qty, p.max_qty, p.rating, p.branch_id, b.name_en, b.name_ar, p.category_id,
         p.brand_id, br.name_en, br.name_ar,
         EXISTS(SELECT 1 FROM favorites f WHERE f.user_id = {user} AND f.kind = 'product' AND f.item_id = p.id),
         p.rating_count, p.rating_average_tenths"
    )
}

const LISTING_FROM: &str = "FROM products p JOIN branches b ON b.id = p.branch_id LEFT JOIN brands br ON br.id = p.brand_id";

/// SQL of the items matching `search` in `fields` whose products pass `condition`
/// (on `p`, the filters but the search), best first: `doc, id, ord` of each, `doc` the
/// item's search document, `id` its most popular product passing the filters (then
/// the cheapest), `ord` the rank (order by it as `top.ord`).
///
/// Documents are ranked (each distinct text scored once) and each keeps the
/// popularity of its best product, read from the `products_by_search_doc` index (one
/// seek per document, no product rows); only the page's items get their product.
/// `condition` is used three times with the same parameters. Values enter as
/// parameters of `sql`.
fn ranked_items(
    search: &TextSearch,
    fields: Fields,
    condition: &str,
    limit: &str,
    offset: &str,
    sql: &mut Sql,
) -> String {
    let m = sql.arg(search.match_expression(Index::Products, fields));
    let ranking = search.ranking(Index::Products, fields, sql);
    // The item name's length in the query's language (fixed column names).
    let words = format!("words_{}", search.language());
    format!(
        "WITH d AS (SELECT rowid AS doc, {tier} AS tier, {category} AS category, {form} AS form,
                          {starts} AS starts,
                          (SELECT {words} FROM product_search_docs WHERE id = product_search.rowid) AS words,
                          {typed} AS typed
                   FROM product_search WHERE product_search MATCH {m}),
              g AS (SELECT d.doc, d.tier, d.category, d.form, d.starts, d.words, d.typed,
                          (SELECT p.popularity FROM products p WHERE p.search_doc = d.doc AND {condition}
                           ORDER BY p.popularity DESC LIMIT 1) AS popularity
                   FROM d),
              page AS MATERIALIZED (
                   SELECT doc, tier, category, form, starts, words, typed, popularity FROM g
                   WHERE popularity IS NOT NULL
                   ORDER BY {RANKED_ORDER}
                   LIMIT {limit} OFFSET {offset})
         SELECT page.doc AS doc,
                (SELECT p.id FROM products p WHERE p.search_doc = page.doc AND {condition}
                 ORDER BY p.popularity DESC, p.price_minor, p.id LIMIT 1) AS id,
                row_number() OVER (ORDER BY {RANKED_ORDER}) AS ord
         FROM page",
        tier = ranking.tier,
        category = ranking.category,
        form = ranking.form,
        starts = ranking.starts,
        typed = ranking.typed,
    )
}

/// The order of ranked items (see the search module): how well the name matches, the
/// category, an Arabic relation word as typed, the name's start, how much of the name
/// the query covers (fewer words first), every word as typed, then popularity.
const RANKED_ORDER: &str = "tier, category, form, starts, words, typed, popularity DESC, doc";

fn product_item(r: &rusqlite::Row<'_>, lang: Language) -> rusqlite::Result<ProductItem> {
    let price: i64 = r.get(4)?;
    let stock: i64 = r.get(6)?;
    let brand_id: Option<i64> = r.get(15)?;
    let brand = match brand_id {
        Some(id) => Some(IdName {
            id,
            name: pick(lang, r.get(16)?, r.get(17)?),
        }),
        None => None,
    };
    Ok(ProductItem {
        id: r.get(0)?,
        name: pick(lang, r.get(1)?, r.get(2)?),
        image: r.get(3)?,
        price: amount(price),
        old_price: old_amount(price, r.get(5)?),
        currency: CURRENCY.to_owned(),
        stock,
        stock_status: stock_status(stock, r.get(7)?),
        min_qty: r.get(8)?,
        max_qty: r.get(9)?,
        rating: r.get(10)?,
        branch: IdName {
            id: r.get(11)?,
            name: pick(lang, r.get(12)?, r.get(13)?),
        },
        category_id: r.get(14)?,
        brand,
        favorite: u8::from(r.get::<_, bool>(18)?),
        rating_count: r.get(19)?,
        rating_average: r.get::<_, Option<u8>>(20)?.map(average),
        shops: None,
        other_shops: None,
    })
}

/// A list's total, and its lowest and highest price in minor units.
type Counted = (i64, Option<i64>, Option<i64>);

/// How many products match (items, when searching: a search lists each item once),
/// and the price bounds over every filter but the price range.
fn total_and_bounds(c: &Connection, filters: &Filters) -> Result<Counted, ApiError> {
    let mut sql = Sql::default();
    let condition = filters.condition(&mut sql, Holding::AllButPrice, false);
    let searching = matches!(filters.search, SearchFilter::Words(_));
    if searching && filters.min_price.is_none() && filters.max_price.is_none() {
        // The same rows for both: one search instead of two. (Without a search, two
        // index reads are cheaper than one pass over the matching products.) Items
        // are counted as groups of the `products_by_search_doc` entries, which come
        // in document order: `count(DISTINCT …)` kept a temporary index of them.
        return Ok(c
            .prepare_cached(&format!(
                "SELECT count(*), min(low), max(high)
                 FROM (SELECT min(p.price_minor) AS low, max(p.price_minor) AS high
                       FROM products p WHERE {condition} GROUP BY p.search_doc)"
            ))?
            .query_row(sql.params(), |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?);
    }
    // Two scalar subqueries, not min() and max() in one: each alone can read its end
    // of the (service, price) index instead of every product of the service.
    let (low, high) = c
        .prepare_cached(&format!(
            "SELECT (SELECT min(p.price_minor) FROM products p WHERE {condition}),
                    (SELECT max(p.price_minor) FROM products p WHERE {condition})"
        ))?
        .query_row(sql.params(), |r| Ok((r.get(0)?, r.get(1)?)))?;
    let unfiltered = Filters {
        service_id: filters.service_id,
        district: filters.district,
        ..Filters::default()
    };
    let total = if *filters == unfiltered {
        // Kept by triggers (migrations 0007 and 0008): no pass over the products.
        match filters.district {
            None => c.query_row(
                "SELECT coalesce((SELECT products FROM service_product_counts WHERE service_id = ?1), 0)",
                [filters.service_id],
                |r| r.get(0),
            )?,
            Some(district) => c.query_row(
                &format!(
                    "SELECT coalesce(sum(products), 0) FROM branch_product_counts
                     WHERE service_id = ?1 AND branch_id IN ({})",
                    delivering_branches("?2")
                ),
                params![filters.service_id, district],
                |r| r.get(0),
            )?,
        }
    } else {
        let mut sql = Sql::default();
        let condition = filters.condition(&mut sql, Holding::All, false);
        let counted = if searching {
            "DISTINCT p.search_doc"
        } else {
            "*"
        };
        c.prepare_cached(&format!(
            "SELECT count({counted}) FROM products p WHERE {condition}"
        ))?
        .query_row(sql.params(), |r| r.get(0))?
    };
    Ok((total, low, high))
}

fn listing(
    c: &Connection,
    filters: &Filters,
    sort: Option<ProductSort>,
    paging: PageRequest,
    user_id: Option<i64>,
    lang: Language,
) -> Result<ProductPage, ApiError> {
    check_service(c, filters.service_id, lang)?;
    check_in_service(
        c,
        "categories",
        "category_id",
        filters.category_id,
        filters.service_id,
        lang,
    )?;
    check_in_service(
        c,
        "branches",
        "branch_id",
        filters.branch_id,
        filters.service_id,
        lang,
    )?;
    check_in_service(
        c,
        "brands",
        "brand_id",
        filters.brand_id,
        filters.service_id,
        lang,
    )?;

    let (filters, (total, low, high)) = settle_search(c, filters)?;
    let searching = matches!(filters.search, SearchFilter::Words(_));

    let mut sql = Sql::default();
    let user = sql.arg(user_id);
    let limit = sql.arg(i64::from(paging.limit));
    let offset = sql.arg(paging.offset());
    let text = match (&filters.search, sort) {
        // Best match first: the page's items come ranked, then their rows are read.
        (SearchFilter::Words(search), None) => {
            let condition = filters.condition(&mut sql, Holding::AllButSearch, true);
            let ranked = ranked_items(
                search,
                Fields::NamesAndDescriptions,
                &condition,
                &limit,
                &offset,
                &mut sql,
            );
            format!(
                "SELECT {}, p.search_doc FROM ({ranked}) top JOIN products p ON p.id = top.id
                 JOIN branches b ON b.id = p.branch_id LEFT JOIN brands br ON br.id = p.brand_id
                 ORDER BY top.ord",
                listing_columns(&user)
            )
        }
        // A sorted search: each item once, as its first product in that order. Each
        // matching document picks its product from the `products_by_search_doc` index
        // (a few dozen products each; `INDEXED BY`, or SQLite walks the order's index
        // over the whole service for every document), rather than one sort of every
        // matching product (23,000 for 'fresh' at 100,000 products).
        (SearchFilter::Words(search), Some(sort)) => {
            let m = sql.arg(search.match_expression(Index::Products, Fields::NamesAndDescriptions));
            let condition = filters.condition(&mut sql, Holding::AllButSearch, false);
            let order = sort.order_by(lang);
            format!(
                "SELECT {}, p.search_doc {LISTING_FROM}
                 WHERE p.id IN (
                     SELECT (SELECT p.id FROM products p INDEXED BY products_by_search_doc
                             WHERE p.search_doc = d.doc AND {condition}
                             ORDER BY {order} LIMIT 1)
                     FROM (SELECT rowid AS doc FROM product_search WHERE product_search MATCH {m}) d)
                 ORDER BY {order} LIMIT {limit} OFFSET {offset}",
                listing_columns(&user),
            )
        }
        (_, sort) => {
            let condition = filters.condition(&mut sql, Holding::All, true);
            format!(
                "SELECT {}, p.search_doc {LISTING_FROM} WHERE {condition} ORDER BY {} LIMIT {limit} OFFSET {offset}",
                listing_columns(&user),
                sort.unwrap_or_default().order_by(lang),
            )
        }
    };
    // Cached: the text holds only the filters' shape (values are parameters), and a
    // ranked search's statement takes longer to compile than to run.
    let mut stmt = c.prepare_cached(&text)?;
    let mut rows = stmt
        .query_map(sql.params(), |r| {
            Ok((product_item(r, lang)?, r.get::<_, Option<i64>>(21)?))
        })?
        .collect::<Result<Vec<_>, _>>()?;
    if searching {
        add_other_shops(c, &filters, &mut rows, lang)?;
    }
    let approximate = match &filters.search {
        SearchFilter::Words(search) => search.relaxation() == Relaxation::Typos,
        _ => false,
    };
    Ok(ProductPage {
        data: rows.into_iter().map(|(item, _)| item).collect(),
        meta: ProductMeta {
            page: paging.meta(u64::try_from(total).unwrap_or(0)),
            price_min: low.map(amount),
            price_max: high.map(amount),
            approximate,
        },
    })
}

/// The total and bounds of `filters`, relaxing a search that finds nothing as typed
/// (see [`TextSearch::broader`] and [`TextSearch::with_typos`]): the filters that
/// were searched, with their total and bounds.
fn settle_search(c: &Connection, filters: &Filters) -> Result<(Filters, Counted), ApiError> {
    let counted = total_and_bounds(c, filters)?;
    let SearchFilter::Words(search) = &filters.search else {
        return Ok((filters.clone(), counted));
    };
    if counted.0 > 0 {
        return Ok((filters.clone(), counted));
    }
    let mut relaxed = Filters {
        search: SearchFilter::Words(search.broader()),
        ..filters.clone()
    };
    let counted = total_and_bounds(c, &relaxed)?;
    if counted.0 > 0 || !search.typo_tolerant() {
        return Ok((relaxed, counted));
    }
    let mut stmt = c.prepare_cached("SELECT term FROM product_search_terms")?;
    let terms = stmt
        .query_map([], |r| r.get::<_, String>(0))?
        .collect::<Result<Vec<_>, _>>()?;
    let vocabulary: Vec<&str> = terms.iter().map(String::as_str).collect();
    let Some(typos) = search.with_typos(&vocabulary) else {
        return Ok((relaxed, counted));
    };
    relaxed.search = SearchFilter::Words(typos);
    let counted = total_and_bounds(c, &relaxed)?;
    Ok((relaxed, counted))
}

/// Fills `shops` and `other_shops` of a search's page of items (each with its search
/// document): every shop's cheapest product of the item under the same filters
/// (cheapest first, then by id).
///
/// The page's products are read as `products_by_search_doc` entries (document, shop,
/// price, id: no product rows for the service, district or category) and each shop's
/// cheapest is picked here: a window function picking it in SQL sorted every entry
/// through temporary tables, the largest part of a results search's CPU. Rows are then
/// read for the offers shown only, at most [`MAX_OTHER_SHOPS`] + 1 per item (the
/// item's own shop may be one of them). The documents travel as one JSON array, so
/// each statement's text is the same whatever the page's length and stays cached.
fn add_other_shops(
    c: &Connection,
    filters: &Filters,
    items: &mut [(ProductItem, Option<i64>)],
    lang: Language,
) -> Result<(), ApiError> {
    if items.is_empty() {
        return Ok(());
    }
    let docs = items
        .iter()
        .map(|(_, doc)| doc.unwrap_or_default().to_string())
        .collect::<Vec<_>>()
        .join(",");
    let mut sql = Sql::default();
    let list = sql.arg(format!("[{docs}]"));
    let condition = filters.condition(&mut sql, Holding::AllButSearch, true);
    // (document, shop) → its cheapest product as (price, id).
    let mut cheapest: HashMap<(i64, i64), (i64, i64)> = HashMap::new();
    {
        let mut stmt = c.prepare_cached(&format!(
            "SELECT p.search_doc, p.branch_id, p.price_minor, p.id FROM products p
             WHERE p.search_doc IN (SELECT value FROM json_each({list})) AND {condition}"
        ))?;
        let mut rows = stmt.query(sql.params())?;
        while let Some(r) = rows.next()? {
            let offer = (r.get(2)?, r.get(3)?);
            cheapest
                .entry((r.get(0)?, r.get(1)?))
                .and_modify(|best| *best = (*best).min(offer))
                .or_insert(offer);
        }
    }
    // Each document's shops' offers, cheapest first.
    let mut by_doc: HashMap<i64, Vec<(i64, i64)>> = HashMap::new();
    for ((doc, _), offer) in cheapest {
        by_doc.entry(doc).or_default().push(offer);
    }
    for offers in by_doc.values_mut() {
        offers.sort_unstable();
    }
    let shown = by_doc
        .values()
        .flat_map(|offers| offers.iter().take(MAX_OTHER_SHOPS + 1))
        .map(|(_, id)| id.to_string())
        .collect::<Vec<_>>()
        .join(",");
    let mut stmt = c.prepare_cached(
        "SELECT p.id, p.branch_id, b.name_en, b.name_ar, p.price_minor, p.old_price_minor,
                p.stock, p.preorder
         FROM products p JOIN branches b ON b.id = p.branch_id
         WHERE p.id IN (SELECT value FROM json_each(?1))",
    )?;
    let offers = stmt
        .query_map([format!("[{shown}]")], |r| {
            let price: i64 = r.get(4)?;
            let stock: i64 = r.get(6)?;
            Ok((
                r.get::<_, i64>(0)?,
                ShopOffer {
                    id: r.get(0)?,
                    branch: IdName {
                        id: r.get(1)?,
                        name: pick(lang, r.get(2)?, r.get(3)?),
                    },
                    price: amount(price),
                    old_price: old_amount(price, r.get(5)?),
                    currency: CURRENCY.to_owned(),
                    stock_status: stock_status(stock, r.get(7)?),
                },
            ))
        })?
        .collect::<Result<HashMap<_, _>, _>>()?;
    for (item, doc) in items.iter_mut() {
        let of_item = doc.and_then(|doc| by_doc.get(&doc));
        item.shops = Some(of_item.map_or(0, Vec::len).max(1) as i64);
        item.other_shops = Some(
            of_item
                .into_iter()
                .flatten()
                .filter_map(|(_, id)| offers.get(id))
                .filter(|offer| offer.branch.id != item.branch.id)
                .take(MAX_OTHER_SHOPS)
                .cloned()
                .collect(),
        );
    }
    Ok(())
}

fn suggestions(
    c: &Connection,
    service_id: i64,
    district: Option<i64>,
    text: &str,
    lang: Language,
) -> Result<Vec<IdName>, ApiError> {
    check_service(c, service_id, lang)?;
    let Some(search) = TextSearch::new(text) else {
        return Ok(Vec::new());
    };
    let mut sql = Sql::default();
    let mut condition = format!("p.service_id = {}", sql.arg(service_id));
    if let Some(district) = district {
        // `+`: a document's products are read from its index, not from the shops'.
        condition.push_str(&format!(
            " AND +p.branch_id IN ({})",
            delivering_branches(&sql.arg(district))
        ));
    }
    let limit = sql.arg(SUGGESTIONS);
    let ranked = ranked_items(&search, Fields::Names, &condition, &limit, "0", &mut sql);
    let mut stmt = c.prepare_cached(&format!(
        "SELECT p.id, p.name_en, p.name_ar FROM ({ranked}) top JOIN products p ON p.id = top.id
         ORDER BY top.ord"
    ))?;
    let rows = stmt.query_map(sql.params(), |r| IdName::from_row(r, lang))?;
    Ok(rows.collect::<Result<Vec<_>, _>>()?)
}

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
/// ("4 stars & up"). `search` matches names and descriptions like suggestions match
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

fn product_detail(
    c: &Connection,
    id: i64,
    user_id: Option<i64>,
    district: Option<i64>,
    lang: Language,
) -> Result<ProductDetail, ApiError> {
    let text = format!(
        "SELECT {}, p.description_en, p.description_ar, b.logo, b.closed, b.delivery_minutes,
                b.minimum_minor, b.free_delivery, c.name_en, c.name_ar
         {LISTING_FROM} JOIN categories c ON c.id = p.category_id
         WHERE p.id = ?2",
        listing_columns("?1"),
    );
    let row = c
        .query_row(&text, params![user_id, id], |r| {
            let item = product_item(r, lang)?;
            let description = pick(lang, r.get(21)?, r.get(22)?);
            let branch = ProductBranch {
                id: item.branch.id,
                name: item.branch.name.clone(),
                logo: r.get(23)?,
                closed: r.get(24)?,
                minutes: r.get(25)?,
                minimum: amount(r.get(26)?),
                free_delivery: r.get(27)?,
            };
            let category = IdName {
                id: item.category_id,
                name: pick(lang, r.get(28)?, r.get(29)?),
            };
            Ok((item, description, branch, category))
        })
        .optional()?;
    let (item, description, branch, category) = row.ok_or_else(|| not_found(lang))?;
    let delivers = delivery::delivers_to(c, branch.id, district)?;
    let review_summary = reviews::product_rating(c, id)?;
    let mine = match user_id {
        Some(user_id) => Some(reviews::customer_state(c, user_id, id)?),
        None => None,
    };
    Ok(ProductDetail {
        id: item.id,
        name: item.name,
        description,
        images: vec![item.image.clone()],
        image: item.image,
        price: item.price,
        old_price: item.old_price,
        currency: item.currency,
        favorite: item.favorite,
        stock: item.stock,
        stock_status: item.stock_status,
        min_qty: item.min_qty,
        max_qty: item.max_qty,
        rating: item.rating,
        rating_average: item.rating_average,
        rating_count: item.rating_count,
        review_summary,
        review_action: mine.map(|state| state.action),
        my_review_id: mine.and_then(|state| state.my_review_id),
        branch,
        category_id: item.category_id,
        category,
        brand: item.brand,
        delivers,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stock_status_follows_stock_and_preorder() {
        assert_eq!(stock_status(3, false), StockStatus::InStock);
        assert_eq!(stock_status(3, true), StockStatus::InStock);
        assert_eq!(stock_status(0, true), StockStatus::Preorder);
        assert_eq!(stock_status(0, false), StockStatus::OutOfStock);
    }

    #[test]
    fn prices_parse_as_exact_amounts() {
        assert_eq!(
            price("min_price", Some("10.5"), Language::En).unwrap(),
            Some(1050)
        );
        assert_eq!(
            price("min_price", Some(" 7 "), Language::En).unwrap(),
            Some(700)
        );
        assert_eq!(price("min_price", Some(""), Language::En).unwrap(), None);
        let err = price("min_price", Some("abc"), Language::En).unwrap_err();
        assert_eq!(
            err.body()["errors"]["min_price"][0],
            "The minimum price field has the wrong type."
        );
        let err = price("max_price", Some("-1"), Language::En).unwrap_err();
        assert!(
            err.body()["errors"]["max_price"][0]
                .as_str()
                .unwrap()
                .contains("between 0")
        );
        assert!(price("max_price", Some("1e40"), Language::En).is_err());
    }

    #[test]
    fn min_above_max_is_refused_on_max_price() {
        let query = ProductsQuery {
            min_price: Some("20".into()),
            max_price: Some("10".into()),
            ..Default::default()
        };
        let err = filters(&query, 1, Language::En).unwrap_err();
        assert!(err.body()["errors"]["max_price"].is_array());
        let query = ProductsQuery {
            rating: Some(6),
            ..Default::default()
        };
        assert!(
            filters(&query, 1, Language::En).unwrap_err().body()["errors"]["rating"].is_array()
        );
    }

    #[test]
    fn conditions_bind_every_value() {
        let filters = Filters {
            service_id: 9,
            search: SearchFilter::new(Some("te'a")),
            category_id: Some(3),
            min_price: Some(100),
            max_price: Some(200),
            stock: Some(StockStatus::Preorder),
            ..Default::default()
        };
        let mut sql = Sql::default();
        let with = filters.condition(&mut sql, Holding::All, false);
        assert!(!with.contains("\"te\""), "values are parameters: {with}");
        assert!(with.contains("p.search_doc IN (SELECT rowid FROM product_search"));
        assert!(with.contains("p.price_minor >= ?4") && with.contains("p.price_minor <= ?5"));
        let mut sql = Sql::default();
        let without = filters.condition(&mut sql, Holding::AllButPrice, false);
        assert!(!without.contains("price_minor"));
        assert!(without.contains("product_search MATCH ?2"));
        let mut sql = Sql::default();
        let unsearched = filters.condition(&mut sql, Holding::AllButSearch, true);
        assert!(!unsearched.contains("product_search"));
        assert!(unsearched.contains("p.price_minor >= ?3"));
        // The district: every shop delivering there, by index for counts and bounds,
        // not driving a page's plan.
        let district = Filters {
            district: Some(4),
            ..filters.clone()
        };
        let mut sql = Sql::default();
        let count = district.condition(&mut sql, Holding::All, false);
        assert!(count.contains(
            " p.branch_id IN (SELECT branch_id FROM branch_delivery_districts WHERE district_id = ?"
        ));
        let mut sql = Sql::default();
        let page = district.condition(&mut sql, Holding::All, true);
        assert!(page.contains("+p.branch_id IN (SELECT branch_id"), "{page}");
        // A named shop is listed whatever the district.
        let shop = Filters {
            branch_id: Some(7),
            ..district
        };
        let mut sql = Sql::default();
        let named = shop.condition(&mut sql, Holding::All, true);
        assert!(named.contains("p.branch_id = ?") && !named.contains("branch_delivery_districts"));
    }

    #[test]
    fn name_sorts_follow_the_language() {
        assert!(
            ProductSort::AZ
                .order_by(Language::Ar)
                .starts_with("p.name_ar")
        );
        assert!(
            ProductSort::ZA
                .order_by(Language::En)
                .starts_with("p.name_en")
        );
    }
}
