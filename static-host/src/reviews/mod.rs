//! Product reviews with ratings (issue 36): the server's side of the core's rules
//! (`storefront_core::reviews`).
//!
//! - `GET /products/{id}/reviews`: a product's visible reviews, newest first unless
//!   `sort` says otherwise (public; `mine` marks the signed-in customer's own);
//! - `POST /products/{id}/reviews`: a review of a product one of the customer's orders
//!   delivered (a verified purchase; any other product is a 404), once per product;
//! - `PUT` and `DELETE /reviews/{id}`: the author's edit and removal (anyone else's id
//!   is a 404, as an unknown one);
//! - `POST /reviews/{id}/report` and `POST /reviews/{id}/helpful`: once per customer
//!   and review, never on one's own;
//! - `GET /my-reviews` and `GET /my-reviews/waiting`: the customer's reviews, and the
//!   delivered products they have not reviewed yet.
//!
//! Each product keeps its rating (per-star counts, their total, the average in tenths)
//! in its own row, written in the same transaction as every change to its reviews
//! ([`refresh_rating`]): the product page, "4 stars & up" and "top rated" read the
//! kept columns and never count reviews. Hidden reviews (`static-host review hide`,
//! [`set_hidden`]) count nowhere and show only to their author (`GET /my-reviews`).
//! Review writes are limited per customer (`--limit-review-writes-per-customer`).

mod read;
mod write;

use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;
use storefront_core::locale::Language;
use storefront_core::reviews::{RatingSummary, ReviewAction, StarFill, may_review, rating_summary};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::http::extract::LimitedCustomer;
use crate::http::rate_limit::ReviewWrites;
use crate::http::state::AppState;

pub use read::{MyReview, ReviewItem, WaitingProduct};
pub use write::{HelpfulState, RemovedReview, ReportState, ReviewRequest};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(read::list_product_reviews, write::create_review))
        .routes(routes!(write::update_review, write::delete_review))
        .routes(routes!(write::report_review))
        .routes(routes!(write::mark_review_helpful))
        .routes(routes!(read::list_my_reviews))
        .routes(routes!(read::list_waiting_reviews))
}

/// The language a review was written in (the request's when written or edited).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ReviewLanguage {
    En,
    Ar,
}

impl ReviewLanguage {
    fn of(lang: Language) -> Self {
        match lang {
            Language::En => ReviewLanguage::En,
            Language::Ar => ReviewLanguage::Ar,
        }
    }

    fn from_code(code: &str) -> Self {
        if code == "ar" {
            ReviewLanguage::Ar
        } else {
            ReviewLanguage::En
        }
    }

    fn code(self) -> &'static str {
        match self {
            ReviewLanguage::En => "en",
            ReviewLanguage::Ar => "ar",
        }
    }
}

/// What the product page offers the signed-in customer about their review (the
/// core's [`ReviewAction`], as it serialises).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ReviewActionName {
    /// "Write a review": the product was delivered to them and they have no review.
    Write,
    /// "Edit your review": they have one.
    Edit,
    /// Nothing: the product never reached them.
    NotEligible,
}

impl From<ReviewAction> for ReviewActionName {
    fn from(action: ReviewAction) -> Self {
        match action {
            ReviewAction::Write => ReviewActionName::Write,
            ReviewAction::Edit => ReviewActionName::Edit,
            ReviewAction::NotEligible => ReviewActionName::NotEligible,
        }
    }
}

/// A product's rating as its page shows it, from its kept columns.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct ProductRating {
    /// How many visible reviews.
    #[schema(minimum = 0)]
    pub count: u64,
    /// The average to one decimal (4.3), rounded half up; null without reviews.
    #[schema(minimum = 1, maximum = 5)]
    pub average: Option<f64>,
    /// The same average in tenths of a star (43), exact; null without reviews.
    #[schema(minimum = 10, maximum = 50)]
    pub average_tenths: Option<u8>,
    /// Each star's share of the reviews in whole percent, one star first (five
    /// numbers; each rounded half up, so together 99 to 101; all 0 without reviews).
    #[schema(min_items = 5, max_items = 5)]
    pub distribution: Vec<u8>,
    /// The five stars drawn for the average, first to fifth: the core's rounding to the
    /// nearest half star (all empty without reviews), so clients draw them as it says.
    #[schema(min_items = 5, max_items = 5)]
    pub stars: Vec<Star>,
}

/// How one of the five stars is drawn (the core's `StarFill`, named for the API).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Star {
    Full,
    Half,
    Empty,
}

impl From<StarFill> for Star {
    fn from(fill: StarFill) -> Self {
        match fill {
            StarFill::Full => Star::Full,
            StarFill::Half => Star::Half,
            StarFill::Empty => Star::Empty,
        }
    }
}

impl From<&RatingSummary> for ProductRating {
    fn from(summary: &RatingSummary) -> Self {
        ProductRating {
            count: summary.count,
            average: summary.average_tenths.map(average),
            average_tenths: summary.average_tenths,
            distribution: summary.shares.to_vec(),
            stars: summary.stars.iter().copied().map(Star::from).collect(),
        }
    }
}

/// An average in tenths of a star as the number with one decimal (43 → 4.3).
pub fn average(tenths: u8) -> f64 {
    f64::from(tenths) / 10.0
}

/// The signed-in customer's side of a product page: what to offer, and their review.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CustomerReviewState {
    pub action: ReviewActionName,
    pub my_review_id: Option<i64>,
}

/// The per-star counts a product keeps (`rating_1` … `rating_5`); `None` for an
/// unknown product.
pub fn kept_counts(conn: &Connection, product_id: i64) -> rusqlite::Result<Option<[u32; 5]>> {
    conn.prepare_cached(
        "SELECT rating_1, rating_2, rating_3, rating_4, rating_5 FROM products WHERE id = ?1",
    )?
    .query_row([product_id], |r| {
        let mut counts = [0u32; 5];
        for (i, count) in counts.iter_mut().enumerate() {
            *count = u32::try_from(r.get::<_, i64>(i)?).unwrap_or(0);
        }
        Ok(counts)
    })
    .optional()
}

/// The product page's rating: the core's summary of the kept counts.
pub fn product_rating(conn: &Connection, product_id: i64) -> rusqlite::Result<ProductRating> {
    let counts = kept_counts(conn, product_id)?.unwrap_or_default();
    Ok(ProductRating::from(&rating_summary(counts)))
}

/// What the product page offers `user_id` (the core's [`may_review`]), with their
/// review's id when they have one.
pub fn customer_state(
    conn: &Connection,
    user_id: i64,
    product_id: i64,
) -> rusqlite::Result<CustomerReviewState> {
    let mine = own_review(conn, user_id, product_id)?;
    let delivered = mine.is_none() && delivered_to(conn, user_id, product_id)?;
    Ok(CustomerReviewState {
        action: may_review(true, delivered, mine.is_some()).into(),
        my_review_id: mine,
    })
}

/// The customer's review of the product, hidden or not.
fn own_review(conn: &Connection, user_id: i64, product_id: i64) -> rusqlite::Result<Option<i64>> {
    conn.prepare_cached("SELECT id FROM reviews WHERE user_id = ?1 AND product_id = ?2")?
        .query_row([user_id, product_id], |r| r.get(0))
        .optional()
}

/// Whether one of the customer's orders with the product was delivered (a verified
/// purchase): it has a delivery time, whatever became of it since (a return).
pub fn delivered_to(conn: &Connection, user_id: i64, product_id: i64) -> rusqlite::Result<bool> {
    conn.prepare_cached(
        "SELECT exists(SELECT 1 FROM orders o JOIN order_items oi ON oi.order_id = o.id
                       WHERE o.user_id = ?1 AND oi.product_id = ?2 AND o.delivered_at IS NOT NULL)",
    )?
    .query_row([user_id, product_id], |r| r.get(0))
}

/// Removes everything a customer wrote or marked in reviews (their account's data is
/// being deleted): their reviews, with each product's kept rating refreshed, and their
/// reports and helpful votes on others' reviews, whose counts follow.
pub fn forget_customer(conn: &Connection, user_id: i64) -> rusqlite::Result<()> {
    conn.execute(
        "UPDATE reviews SET helpful_count = helpful_count - 1
         WHERE id IN (SELECT review_id FROM review_helpful_votes WHERE user_id = ?1)",
        [user_id],
    )?;
    conn.execute(
        "DELETE FROM review_helpful_votes WHERE user_id = ?1",
        [user_id],
    )?;
    conn.execute("DELETE FROM review_reports WHERE user_id = ?1", [user_id])?;
    let products: Vec<i64> = conn
        .prepare("DELETE FROM reviews WHERE user_id = ?1 RETURNING product_id")?
        .query_map([user_id], |r| r.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    for product_id in products {
        refresh_rating(conn, product_id)?;
    }
    Ok(())
}

/// Writes the product's kept rating from its visible reviews (the core's summary of
/// their per-star counts). Every change to a product's reviews calls this in its own
/// transaction, so the kept columns never disagree with the reviews.
pub fn refresh_rating(conn: &Connection, product_id: i64) -> rusqlite::Result<RatingSummary> {
    let mut counts = [0u32; 5];
    {
        // `hidden = 0` as written: the partial index `reviews_by_rating` answers it.
        let mut stmt = conn.prepare_cached(
            "SELECT rating, count(*) FROM reviews WHERE product_id = ?1 AND hidden = 0 GROUP BY rating",
        )?;
        let rows = stmt.query_map([product_id], |r| {
            Ok((r.get::<_, i64>(0)?, r.get::<_, i64>(1)?))
        })?;
        for row in rows {
            let (stars, count) = row?;
            if let Some(slot) = usize::try_from(stars - 1)
                .ok()
                .and_then(|i| counts.get_mut(i))
            {
                *slot = u32::try_from(count).unwrap_or(u32::MAX);
            }
        }
    }
    let summary = rating_summary(counts);
    conn.prepare_cached(
        "UPDATE products SET rating_1 = ?2, rating_2 = ?3, rating_3 = ?4, rating_4 = ?5, rating_5 = ?6,
                rating_count = ?7, rating_average_tenths = ?8
         WHERE id = ?1",
    )?
    .execute(params![
        product_id,
        counts[0],
        counts[1],
        counts[2],
        counts[3],
        counts[4],
        i64::try_from(summary.count).unwrap_or(i64::MAX),
        summary.average_tenths,
    ])?;
    Ok(summary)
}

/// What [`set_hidden`] did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Visibility {
    pub review_id: i64,
    pub product_id: i64,
    /// Whether it was hidden before.
    pub was_hidden: bool,
    /// Whether it is hidden now.
    pub hidden: bool,
    /// The product's rating after the change.
    pub rating: RatingSummary,
}

/// Hides a review (`hidden`) or shows it again, and writes its product's rating in
/// the same transaction; `None` for an unknown review. Hiding a hidden review (or
/// showing a shown one) changes nothing but is no error.
pub fn set_hidden(
    conn: &mut Connection,
    review_id: i64,
    hidden: bool,
    now_ms: i64,
) -> rusqlite::Result<Option<Visibility>> {
    let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
    let found: Option<(i64, bool)> = tx
        .query_row(
            "SELECT product_id, hidden FROM reviews WHERE id = ?1",
            [review_id],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .optional()?;
    let Some((product_id, was_hidden)) = found else {
        return Ok(None);
    };
    if was_hidden != hidden {
        tx.execute(
            "UPDATE reviews SET hidden = ?2, updated_at = ?3 WHERE id = ?1",
            params![review_id, hidden, now_ms],
        )?;
    }
    let rating = refresh_rating(&tx, product_id)?;
    tx.commit()?;
    Ok(Some(Visibility {
        review_id,
        product_id,
        was_hidden,
        hidden,
        rating,
    }))
}

/// The name a review shows for a customer's name: the core's [`reviewer_name`] of its
/// first word and the rest ("Mona Adel Salem" → "Mona A."), `None` for 'A customer'.
/// Words holding an `@` or a digit are left out first: a name typed as an e-mail
/// address or a phone number is never shown.
///
/// [`reviewer_name`]: storefront_core::reviews::reviewer_name
pub fn reviewer(name: &str) -> Option<String> {
    let words: Vec<&str> = name
        .split_whitespace()
        .filter(|word| !word.chars().any(|c| c == '@' || c.is_numeric()))
        .collect();
    let (first, rest) = words.split_first()?;
    let last = rest.join(" ");
    storefront_core::reviews::reviewer_name(Some(first), Some(&last))
}

/// The signed-in customer making a review write, counted against their
/// `--limit-review-writes-per-customer` (429 when spent; 401 without a token).
pub type ReviewWriter = LimitedCustomer<ReviewWrites>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reviewers_are_first_name_and_initial_and_never_contact_details() {
        assert_eq!(reviewer("Mona Adel").as_deref(), Some("Mona A."));
        assert_eq!(reviewer("  Mona  ").as_deref(), Some("Mona"));
        assert_eq!(reviewer("Ahmed Ali Hassan").as_deref(), Some("Ahmed A."));
        assert_eq!(reviewer("منى الشريف").as_deref(), Some("منى ش."));
        assert_eq!(reviewer(""), None);
        assert_eq!(reviewer("01001234567"), None);
        assert_eq!(reviewer("mona@example.com"), None);
        assert_eq!(reviewer("+201001234567 Mona").as_deref(), Some("Mona"));
        assert_eq!(
            reviewer("Mona mona@example.com Salem").as_deref(),
            Some("Mona S.")
        );
        // Arabic-Indic digits are digits too.
        assert_eq!(reviewer("٠١٠٠١٢٣٤٥٦٧"), None);
    }

    #[test]
    fn the_page_rating_is_the_core_summary() {
        let summary = rating_summary([0, 0, 0, 3, 1]);
        let rating = ProductRating::from(&summary);
        assert_eq!(rating.count, 4);
        assert_eq!(rating.average, Some(4.3));
        assert_eq!(rating.average_tenths, Some(43));
        assert_eq!(rating.distribution, [0, 0, 0, 75, 25]);
        // The core's half stars: 4.3 is four and a half.
        use Star::{Full, Half};
        assert_eq!(rating.stars, [Full, Full, Full, Full, Half]);
        assert_eq!(
            serde_json::to_value(ProductRating::from(&rating_summary([0; 5]))).unwrap(),
            serde_json::json!({"count": 0, "average": null, "average_tenths": null,
                               "distribution": [0, 0, 0, 0, 0],
                               "stars": ["empty", "empty", "empty", "empty", "empty"]})
        );
        assert_eq!(
            serde_json::to_value(ReviewActionName::from(ReviewAction::NotEligible)).unwrap(),
            serde_json::json!("not_eligible")
        );
    }
}
