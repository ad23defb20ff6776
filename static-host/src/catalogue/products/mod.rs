//! `GET /products` (suggestions, or the filtered and sorted listing with price
//! bounds) and `GET /products/{id}` (the product page). Modules by role: [`body`]
//! (the JSON documents), [`filters`] (the listing's query and its checks), [`query`]
//! (the SQL) and [`handlers`].

pub mod body;
pub mod filters;
pub mod handlers;
pub mod query;

// What the rest of the catalogue shows of products: a service's blocks list
// products by stock status and hot deals.
pub use body::{StockStatus, stock_status};
pub(crate) use filters::ON_SALE;
