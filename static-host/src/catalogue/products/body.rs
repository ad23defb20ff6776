//! The product documents (spec 3, 9): a listing's items, a search result's other
//! shops, the listing's page with its price bounds, and the product page; and a
//! product's stock status.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::http::envelope::{Meta, Page};
use crate::i18n::columns::IdName;
use crate::reviews::{ProductRating, ReviewActionName};

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
    pub(super) fn condition(self) -> &'static str {
        match self {
            StockStatus::InStock => "p.stock > 0",
            StockStatus::OutOfStock => "p.stock = 0 AND p.preorder = 0",
            StockStatus::Preorder => "p.stock = 0 AND p.preorder <> 0",
        }
    }
}

/// A product in a listing.
#[derive(Debug, Serialize, ToSchema)]
pub struct ProductItem {
    pub id: i64,
    /// In the request language.
    pub name: String,
    /// The end of `name` that tells the product from the item's other sizes and packs
    /// ("200 ml (Pack of 6)"), for a card to keep in sight; null when not known.
    pub size: Option<String>,
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
    /// As in the listing: the size and pack that end `name`, or null.
    pub size: Option<String>,
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
}
