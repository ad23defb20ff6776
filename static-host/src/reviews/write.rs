//! The review writes: create, edit, delete, report, mark helpful. Each is one
//! transaction that also writes the product's kept rating when a visible review
//! changes, and each counts against the customer's review-write limit.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use rusqlite::{Connection, OptionalExtension, params};
use serde::{Deserialize, Serialize};
use storefront_core::locale::Language;
use storefront_core::reviews::{Rating, rating, review_comment, review_creation};
use utoipa::ToSchema;

use crate::account::{Form, ParentId};
use crate::clock::now_ms;
use crate::http::envelope::Data;
use crate::http::error::{ApiError, ErrorBody, ValidationErrorBody, not_found};
use crate::http::extract::LimitedCustomer;
use crate::http::extract::{Id, JsonBody, Lang};
use crate::http::state::AppState;
use crate::i18n::Msg;
use crate::reviews::read::{ReviewItem, review_by_id};
use crate::reviews::{ReviewLanguage, ReviewWriter, delivered_to, refresh_rating};

/// The body of `POST /products/{id}/reviews` and `PUT /reviews/{id}`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ReviewRequest {
    /// Stars, a whole number from 1 to 5 (required: 'Please choose a rating').
    #[serde(default, deserialize_with = "whole_number")]
    #[schema(value_type = i64, required = true, minimum = 1, maximum = 5, example = 5)]
    pub rating: Option<i64>,
    /// Optional plain text: trimmed, at most 500 characters as the shopper sees them
    /// (an Arabic letter with its marks, or an emoji, counts once), line breaks kept,
    /// no other control characters. Blank or left out: no comment (on an edit, the
    /// comment is removed).
    #[serde(default)]
    #[schema(
        max_length = 500,
        pattern = r"^\s*([^\x00-\x1F\x7F-\x9F]|\n|\r)*\s*$",
        example = "Fresh and well packed."
    )]
    pub comment: Option<String>,
}

/// A whole number, also when written with a zero fraction (`4.0`, which JSON Schema's
/// `integer` allows); any other value is the wrong type (a 422 naming the field).
/// Whole numbers past `i64` read as its bounds (out of any range).
fn whole_number<'de, D: serde::Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<i64>, D::Error> {
    let Some(number) = Option::<serde_json::Number>::deserialize(deserializer)? else {
        return Ok(None);
    };
    if let Some(n) = number.as_i64() {
        return Ok(Some(n));
    }
    match number.as_f64() {
        // `as` saturates: a huge whole number is i64::MAX or i64::MIN.
        Some(x) if x.fract() == 0.0 => Ok(Some(x as i64)),
        _ => Err(serde::de::Error::invalid_type(
            serde::de::Unexpected::Other("a number with a fraction"),
            &"a whole number",
        )),
    }
}

/// A valid review body: the core's rules, each failure a 422 naming its field in the
/// request's language.
#[derive(Debug)]
struct Checked {
    rating: Rating,
    comment: Option<String>,
}

fn checked(body: &ReviewRequest, lang: Language) -> Result<Checked, ApiError> {
    let mut form = Form::new(lang);
    // Outside a u8 is out of range as 0 and 6 are (never "required").
    let stars = body.rating.map(|n| u8::try_from(n).unwrap_or(u8::MAX));
    let rating = rating(stars).map_err(|message| form.fail("rating", message));
    let comment = review_comment(body.comment.as_deref().unwrap_or_default())
        .map_err(|message| form.fail("comment", message));
    form.finish()?;
    match (rating, comment) {
        (Ok(rating), Ok(comment)) => Ok(Checked { rating, comment }),
        // `finish` answered the 422 of any failure above.
        _ => Err(ApiError::internal("a review body failed without a message")),
    }
}

/// 422 on the `review` field.
fn refused(message: impl Into<Msg>, lang: Language) -> ApiError {
    ApiError::validation("review", message.into().text(lang))
}

/// A review of the customer's: its product and whether it is visible; 404 when it is
/// not theirs (or does not exist).
fn own(conn: &Connection, user_id: i64, id: i64, lang: Language) -> Result<(i64, bool), ApiError> {
    conn.query_row(
        "SELECT product_id, hidden FROM reviews WHERE id = ?1 AND user_id = ?2",
        [id, user_id],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )
    .optional()?
    .ok_or_else(|| not_found(lang))
}

/// A visible review someone else wrote: 404 when it does not exist or is hidden, 422
/// (`own`) when it is the customer's.
fn others_visible(
    conn: &Connection,
    user_id: i64,
    id: i64,
    own: Msg,
    lang: Language,
) -> Result<(), ApiError> {
    let author: i64 = conn
        .query_row(
            "SELECT user_id FROM reviews WHERE id = ?1 AND hidden = 0",
            [id],
            |r| r.get(0),
        )
        .optional()?
        .ok_or_else(|| not_found(lang))?;
    if author == user_id {
        return Err(refused(own, lang));
    }
    Ok(())
}

/// Writes a review of a product one of the customer's orders delivered (a verified
/// purchase): `rating` 1 to 5 and an optional `comment` (the core's rules; 422 naming
/// each bad field in the request's language). The review keeps the request's language.
/// Any other product, known or not, is a 404 (nothing says whether it exists or what
/// they bought); a second review of the same product is a 422 ('You have already
/// reviewed this product': they edit theirs, `PUT /reviews/{id}`). The product's rating
/// takes the review in the same transaction. Counts against the customer's review-write
/// limit (429).
#[utoipa::path(post, path = "/products/{id}/reviews", tag = "reviews", security(("bearer" = [])),
    request_body = ReviewRequest,
    params(("id" = i64, Path, minimum = 1, example = 1, description = "Product id"),
        ("Language" = Option<String>, Header, description = "en or ar")),
    responses((status = 201, body = Data<ReviewItem>, description = "The review, published"),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "No such product delivered to the customer"),
        (status = 415, body = ErrorBody), (status = 422, body = ValidationErrorBody),
        (status = 429, body = ErrorBody)))]
pub async fn create_review(
    State(state): State<AppState>,
    Lang(lang): Lang,
    LimitedCustomer(user, _): ReviewWriter,
    ParentId(product_id): ParentId,
    JsonBody(body): JsonBody<ReviewRequest>,
) -> Result<(StatusCode, Json<Data<ReviewItem>>), ApiError> {
    let (user_id, now) = (user.id, now_ms());
    let review = state
        .db
        .write(move |tx| {
            let reviewed: bool = tx.query_row(
                "SELECT exists(SELECT 1 FROM reviews WHERE user_id = ?1 AND product_id = ?2)",
                [user_id, product_id],
                |r| r.get(0),
            )?;
            let delivered = delivered_to(tx, user_id, product_id)?;
            if !reviewed && !delivered {
                return Err(not_found(lang));
            }
            review_creation(delivered, reviewed).map_err(|message| refused(message, lang))?;
            let Checked { rating, comment } = checked(&body, lang)?;
            tx.execute(
                "INSERT INTO reviews (user_id, product_id, rating, comment, language, created_at, updated_at)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6)",
                params![
                    user_id,
                    product_id,
                    rating.stars(),
                    comment,
                    ReviewLanguage::of(lang).code(),
                    now
                ],
            )?;
            let id = tx.last_insert_rowid();
            refresh_rating(tx, product_id)?;
            review_by_id(tx, id, Some(user_id))
        })
        .await?;
    Ok((
        StatusCode::CREATED,
        Json(Data::with_message(review, Msg::ReviewPublished.text(lang))),
    ))
}

/// Changes the customer's review: the new `rating` and `comment` replace the old ones
/// (a comment left out or blank is removed), with the same rules and 422s as writing
/// it; the review takes the request's language. Another customer's review, or an
/// unknown id, is a 404. The product's rating follows in the same transaction.
#[utoipa::path(put, path = "/reviews/{id}", tag = "reviews", security(("bearer" = [])),
    request_body = ReviewRequest,
    params(("id" = i64, Path, minimum = 1, description = "Review id"),
        ("Language" = Option<String>, Header, description = "en or ar")),
    responses((status = 200, body = Data<ReviewItem>), (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 415, body = ErrorBody),
        (status = 422, body = ValidationErrorBody), (status = 429, body = ErrorBody)))]
pub async fn update_review(
    State(state): State<AppState>,
    Lang(lang): Lang,
    LimitedCustomer(user, _): ReviewWriter,
    Id(id): Id,
    JsonBody(body): JsonBody<ReviewRequest>,
) -> Result<Json<Data<ReviewItem>>, ApiError> {
    let (user_id, now) = (user.id, now_ms());
    let review = state
        .db
        .write(move |tx| {
            let (product_id, _) = own(tx, user_id, id, lang)?;
            let Checked { rating, comment } = checked(&body, lang)?;
            tx.execute(
                "UPDATE reviews SET rating = ?2, comment = ?3, language = ?4, updated_at = ?5 WHERE id = ?1",
                params![
                    id,
                    rating.stars(),
                    comment,
                    ReviewLanguage::of(lang).code(),
                    now
                ],
            )?;
            refresh_rating(tx, product_id)?;
            review_by_id(tx, id, Some(user_id))
        })
        .await?;
    Ok(Json(Data::with_message(
        review,
        Msg::ReviewUpdated.text(lang),
    )))
}

/// `DELETE /reviews/{id}` data.
#[derive(Debug, Serialize, ToSchema)]
pub struct RemovedReview {
    /// The deleted review.
    pub id: i64,
    /// Its product (which may be reviewed again).
    pub product_id: i64,
}

/// Deletes the customer's review (with its reports and helpful votes); the product's
/// rating follows in the same transaction. Another customer's review, or an unknown
/// id, is a 404.
#[utoipa::path(delete, path = "/reviews/{id}", tag = "reviews", security(("bearer" = [])),
    params(("id" = i64, Path, minimum = 1, description = "Review id"),
        ("Language" = Option<String>, Header, description = "en or ar")),
    responses((status = 200, body = Data<RemovedReview>), (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 429, body = ErrorBody)))]
pub async fn delete_review(
    State(state): State<AppState>,
    Lang(lang): Lang,
    LimitedCustomer(user, _): ReviewWriter,
    Id(id): Id,
) -> Result<Json<Data<RemovedReview>>, ApiError> {
    let user_id = user.id;
    let product_id = state
        .db
        .write(move |tx| {
            let (product_id, _) = own(tx, user_id, id, lang)?;
            tx.execute("DELETE FROM reviews WHERE id = ?1", [id])?;
            refresh_rating(tx, product_id)?;
            Ok(product_id)
        })
        .await?;
    Ok(Json(Data::with_message(
        RemovedReview { id, product_id },
        Msg::ReviewDeleted.text(lang),
    )))
}

/// `POST /reviews/{id}/report` data.
#[derive(Debug, Serialize, ToSchema)]
pub struct ReportState {
    pub id: i64,
    /// Always true: the customer has reported it.
    pub reported: bool,
}

/// Reports another customer's review to the store (abuse, spam, off topic), once per
/// customer and review: a second report, or a report of one's own review, is a 422. A
/// hidden or unknown review is a 404.
#[utoipa::path(post, path = "/reviews/{id}/report", tag = "reviews", security(("bearer" = [])),
    params(("id" = i64, Path, minimum = 1, description = "Review id"),
        ("Language" = Option<String>, Header, description = "en or ar")),
    responses((status = 200, body = Data<ReportState>), (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 422, body = ValidationErrorBody),
        (status = 429, body = ErrorBody)))]
pub async fn report_review(
    State(state): State<AppState>,
    Lang(lang): Lang,
    LimitedCustomer(user, _): ReviewWriter,
    ParentId(id): ParentId,
) -> Result<Json<Data<ReportState>>, ApiError> {
    let (user_id, now) = (user.id, now_ms());
    state
        .db
        .write(move |tx| {
            others_visible(tx, user_id, id, Msg::ReviewReportOwn, lang)?;
            let added = tx.execute(
                "INSERT INTO review_reports (review_id, user_id, created_at) VALUES (?1, ?2, ?3)
                 ON CONFLICT (review_id, user_id) DO NOTHING",
                params![id, user_id, now],
            )?;
            if added == 0 {
                return Err(refused(Msg::ReviewAlreadyReported, lang));
            }
            Ok(())
        })
        .await?;
    Ok(Json(Data::with_message(
        ReportState { id, reported: true },
        Msg::ReviewReported.text(lang),
    )))
}

/// `POST /reviews/{id}/helpful` data.
#[derive(Debug, Serialize, ToSchema)]
pub struct HelpfulState {
    pub id: i64,
    /// The review's "helpful" votes now.
    #[schema(minimum = 0)]
    pub helpful_count: i64,
    /// Always true: the customer has voted.
    pub voted_helpful: bool,
}

/// Marks another customer's review as helpful, once per customer and review: a second
/// vote, or a vote for one's own review, is a 422. A hidden or unknown review is a 404.
#[utoipa::path(post, path = "/reviews/{id}/helpful", tag = "reviews", security(("bearer" = [])),
    params(("id" = i64, Path, minimum = 1, description = "Review id"),
        ("Language" = Option<String>, Header, description = "en or ar")),
    responses((status = 200, body = Data<HelpfulState>), (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 422, body = ValidationErrorBody),
        (status = 429, body = ErrorBody)))]
pub async fn mark_review_helpful(
    State(state): State<AppState>,
    Lang(lang): Lang,
    LimitedCustomer(user, _): ReviewWriter,
    ParentId(id): ParentId,
) -> Result<Json<Data<HelpfulState>>, ApiError> {
    let (user_id, now) = (user.id, now_ms());
    let helpful_count = state
        .db
        .write(move |tx| {
            others_visible(tx, user_id, id, Msg::ReviewHelpfulOwn, lang)?;
            let added = tx.execute(
                "INSERT INTO review_helpful_votes (review_id, user_id, created_at) VALUES (?1, ?2, ?3)
                 ON CONFLICT (review_id, user_id) DO NOTHING",
                params![id, user_id, now],
            )?;
            if added == 0 {
                return Err(refused(Msg::ReviewAlreadyHelpful, lang));
            }
            Ok(tx.query_row(
                "UPDATE reviews SET helpful_count = helpful_count + 1 WHERE id = ?1 RETURNING helpful_count",
                [id],
                |r| r.get::<_, i64>(0),
            )?)
        })
        .await?;
    Ok(Json(Data::with_message(
        HelpfulState {
            id,
            helpful_count,
            voted_helpful: true,
        },
        Msg::ReviewMarkedHelpful.text(lang),
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn body(rating: Option<i64>, comment: Option<&str>) -> ReviewRequest {
        ReviewRequest {
            rating,
            comment: comment.map(str::to_owned),
        }
    }

    #[test]
    fn ratings_are_whole_numbers_however_written() {
        let read = |json: serde_json::Value| {
            crate::http::extract::deserialize_fields::<ReviewRequest>(json, Language::En)
                .map(|body| body.rating)
        };
        assert_eq!(read(serde_json::json!({"rating": 4})).unwrap(), Some(4));
        assert_eq!(read(serde_json::json!({"rating": 4.0})).unwrap(), Some(4));
        assert_eq!(read(serde_json::json!({"rating": null})).unwrap(), None);
        assert_eq!(read(serde_json::json!({})).unwrap(), None);
        assert_eq!(
            read(serde_json::json!({"rating": 1e300})).unwrap(),
            Some(i64::MAX)
        );
        assert_eq!(
            read(serde_json::json!({"rating": 18446744073709551615u64})).unwrap(),
            Some(i64::MAX)
        );
        for bad in [
            serde_json::json!({"rating": 4.5}),
            serde_json::json!({"rating": "4"}),
            serde_json::json!({"rating": [4]}),
        ] {
            let err = read(bad.clone()).unwrap_err().body();
            assert_eq!(
                err["errors"]["rating"][0], "The rating field has the wrong type.",
                "{bad}"
            );
        }
    }

    #[test]
    fn bodies_follow_the_core_rules_in_both_languages() {
        let ok = checked(&body(Some(4), Some("  Good \r\n tea ")), Language::En).unwrap();
        assert_eq!(ok.rating.stars(), 4);
        assert_eq!(ok.comment.as_deref(), Some("Good \n tea"));
        assert_eq!(
            checked(&body(Some(5), Some("   ")), Language::En)
                .unwrap()
                .comment,
            None
        );
        let err = checked(&body(None, None), Language::En).unwrap_err().body();
        assert_eq!(err["errors"]["rating"][0], "Please choose a rating");
        for stars in [0, 6, -1, 300, i64::MAX] {
            let err = checked(&body(Some(stars), None), Language::En)
                .unwrap_err()
                .body();
            assert_eq!(
                err["errors"]["rating"][0], "The rating must be from 1 to 5 stars",
                "{stars}"
            );
        }
        // Both fields at once, in Arabic.
        let err = checked(&body(Some(0), Some("a\u{7}b")), Language::Ar)
            .unwrap_err()
            .body();
        assert!(err["errors"]["rating"][0].is_string());
        assert!(err["errors"]["comment"][0].is_string());
        assert_ne!(
            err["errors"]["comment"][0],
            "Your review contains invisible characters that are not allowed"
        );
    }
}
