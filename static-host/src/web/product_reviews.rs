//! A product page's reviews on the server (issue 36): the newest visible reviews the
//! page carries, for the product screen's reviews section (the app's own
//! `ProductReviews`, pre-rendered as a template) and the head's JSON-LD.
//!
//! The answer goes into the boot JSON as received (the app seeds its reviews query with
//! it, so its first render is the server's markup) and into the template context with
//! what the template cannot compute: the stars for the average (the core's half-star
//! rule), the count's plural form and each review's day in the page's digits.

use serde_json::{Value, json};
use storefront_core::locale::{Language, in_digits, plural_category};
use storefront_core::messages::MessageId;
use storefront_core::reviews::{StarFill, star_fills};

use crate::i18n::Msg;

/// How many reviews the page shows (and its structured data names): the app's first
/// page of reviews (`ui/src/features/catalogue/reviews.ts`, `REVIEWS_PAGE_LIMIT`).
pub const SHOWN: usize = 5;

/// The API path of the reviews a product's page shows: the newest visible ones.
pub fn path(product_id: u64) -> String {
    format!("/products/{product_id}/reviews?sort=newest&page=1&limit={SHOWN}")
}

/// The visible reviews of an answer of [`path`], at most [`SHOWN`].
pub fn items(reviews: Option<&Value>) -> Vec<&Value> {
    reviews
        .and_then(Value::as_array)
        .map(|list| list.iter().take(SHOWN).collect())
        .unwrap_or_default()
}

/// The product's rating count and average (tenths), when it has visible reviews.
pub fn rating(product: &Value) -> Option<(u64, f64)> {
    let count = product.get("rating_count")?.as_u64().filter(|n| *n > 0)?;
    let average = product.get("rating_average")?.as_f64()?;
    Some((count, average))
}

/// A reviewer as the app shows one: the API's name, else 'A customer'.
pub fn reviewer_name(review: &Value, language: Language) -> String {
    review
        .get("reviewer")
        .and_then(Value::as_str)
        .map(str::to_owned)
        .unwrap_or_else(|| Msg::from(MessageId::ReviewerAnonymous).text(language))
}

fn fill_name(fill: StarFill) -> &'static str {
    match fill {
        StarFill::Full => "full",
        StarFill::Half => "half",
        StarFill::Empty => "empty",
    }
}

/// The template context's `reviews` (names are the UI build's contract, see
/// `ProductReviews.tsx`): `stars` (five `full`/`half`/`empty` for the average),
/// `count_form` (the count's plural category) and `shown` (the shown reviews, each with
/// `day`: its date, `YYYY-MM-DD` in the page's digits, what the screen shows until the
/// app writes the date in the page locale).
pub fn context(product: &Value, reviews: Option<&Value>, language: Language) -> Value {
    let summary = product.get("review_summary");
    let count = summary
        .and_then(|s| s.get("count"))
        .and_then(Value::as_u64)
        .unwrap_or(0);
    let tenths = summary
        .and_then(|s| s.get("average_tenths"))
        .and_then(Value::as_u64)
        .and_then(|t| u8::try_from(t).ok());
    let stars: Vec<&str> = match tenths {
        Some(tenths) => star_fills(tenths).into_iter().map(fill_name).collect(),
        None => vec!["empty"; 5],
    };
    let shown: Vec<Value> = items(reviews)
        .into_iter()
        .map(|review| {
            let mut item = review.clone();
            let date = review
                .get("created_at")
                .and_then(Value::as_str)
                .unwrap_or_default();
            item["day"] = json!(in_digits(date.get(..10).unwrap_or(date), language));
            item
        })
        .collect();
    json!({
        "stars": stars,
        "count_form": plural_category(count, language).as_str(),
        "shown": shown,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_context_has_the_core_s_stars_the_plural_form_and_the_page_s_digits() {
        let product = json!({"rating_count": 12, "rating_average": 4.3,
            "review_summary": {"count": 12, "average": 4.3, "average_tenths": 43,
                "distribution": [0, 0, 8, 50, 42]}});
        let reviews = json!([{"rating": 5, "comment": "x", "created_at": "2025-03-01T09:30:00Z"}]);
        let en = context(&product, Some(&reviews), Language::En);
        assert_eq!(en["stars"], json!(["full", "full", "full", "full", "half"]));
        assert_eq!(en["count_form"], "other");
        assert_eq!(en["shown"][0]["day"], "2025-03-01");
        assert_eq!(en["shown"][0]["comment"], "x");
        let ar = context(&product, Some(&reviews), Language::Ar);
        assert_eq!(ar["count_form"], "many");
        assert_eq!(ar["shown"][0]["day"], "٢٠٢٥-٠٣-٠١");
        let none = context(&json!({"review_summary": {"count": 0}}), None, Language::En);
        assert_eq!(
            none["stars"],
            json!(["empty", "empty", "empty", "empty", "empty"])
        );
        assert_eq!(none["shown"], json!([]));
    }
}
