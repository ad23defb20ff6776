//! The listing's filters (spec 9): the query of `GET /products`, its checks (422 on
//! the field) and the SQL conditions the checked filters make.

use rusqlite::{Connection, OptionalExtension, params};
use serde::Deserialize;
use storefront_core::locale::Language;
use storefront_core::money::Money;
use utoipa::{IntoParams, ToSchema};

use super::body::StockStatus;
use crate::catalogue::search::{Fields, Index, SearchFilter};
use crate::db::sql::{Sql, all_of};
use crate::http::error::{ApiError, invalid, out_of_range};
use crate::http::search_text::optional_search;
use crate::i18n::Msg;
use crate::i18n::columns::column;
use crate::location::delivery::delivering_branches;

/// Highest price filter accepted, in whole pounds.
pub(super) const MAX_PRICE_MAJOR: i64 = 100_000_000;

/// A product sold below its old price: a hot deal.
pub(crate) const ON_SALE: &str = "p.old_price_minor > p.price_minor";

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
    pub(super) fn order_by(self, lang: Language) -> String {
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
    /// The same as `min_rating` (1 to 5), under the name the first version of the API
    /// gave its stars filter; with both, the higher counts. It once read a rating the
    /// catalogue seeded per product, which no client showed: the stars shoppers see are
    /// the reviews' average, so both names now filter on that.
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

/// Validated listing filters.
#[derive(Debug, Clone, Default, PartialEq)]
pub(super) struct Filters {
    pub(super) service_id: i64,
    pub(super) search: SearchFilter,
    pub(super) category_id: Option<i64>,
    pub(super) branch_id: Option<i64>,
    pub(super) brand_id: Option<i64>,
    pub(super) stock: Option<StockStatus>,
    /// At least this many stars on average, from the reviews (`min_rating`, or `rating`).
    pub(super) min_rating: Option<u8>,
    pub(super) min_price: Option<i64>,
    pub(super) max_price: Option<i64>,
    pub(super) on_sale: bool,
    /// The request's district: only products of shops delivering there (unless one
    /// shop is named), `p.branch_id IN` the district's range of
    /// `branch_delivery_districts`; every listing index ends with the shop, so the
    /// filter is decided on index entries.
    pub(super) district: Option<i64>,
}

/// Which filters a condition holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Holding {
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
    pub(super) fn condition(&self, sql: &mut Sql, holding: Holding, page: bool) -> String {
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
pub(super) fn price(
    field: &str,
    value: Option<&str>,
    lang: Language,
) -> Result<Option<i64>, ApiError> {
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
pub(super) fn filters(
    query: &ProductsQuery,
    service_id: i64,
    lang: Language,
) -> Result<Filters, ApiError> {
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
        // Both name the reviews' average now; asked for both, a product must pass both.
        min_rating: query.min_rating.max(query.rating),
        min_price,
        max_price,
        on_sale: query.on_sale.unwrap_or(false),
        district: None,
    })
}

/// 422 unless `id` names a row of `table` in the service. `table` is a fixed name.
pub(super) fn check_in_service(
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

#[cfg(test)]
mod tests {
    use super::*;

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
    fn rating_is_another_name_for_min_rating() {
        let stars = |rating: Option<u8>, min_rating: Option<u8>| {
            let query = ProductsQuery {
                rating,
                min_rating,
                ..Default::default()
            };
            filters(&query, 1, Language::En).unwrap().min_rating
        };
        assert_eq!(stars(Some(4), None), Some(4));
        assert_eq!(stars(None, Some(4)), Some(4));
        assert_eq!(stars(Some(2), Some(4)), Some(4));
        assert_eq!(stars(Some(5), Some(3)), Some(5));
        assert_eq!(stars(None, None), None);
        // One condition, on the kept average: never the seeded per-product figure.
        let filters = Filters {
            service_id: 1,
            min_rating: stars(Some(3), None),
            ..Default::default()
        };
        let mut sql = Sql::default();
        let condition = filters.condition(&mut sql, Holding::All, false);
        assert!(
            condition.contains("p.rating_average_tenths >= ?2"),
            "{condition}"
        );
        assert!(!condition.contains("p.rating >="), "{condition}");
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
