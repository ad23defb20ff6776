//! Product reviews with ratings (issue 36): the rating and comment a shopper submits,
//! how a reviewer is named, a product's rating summary, who may write or edit a
//! review, and the orders of the review list.
//!
//! A review is a [`Rating`] (1 to 5 stars, required) and an optional comment of at
//! most [`REVIEW_COMMENT_MAX_GRAPHEMES`] characters as the shopper sees them. The UI's
//! own labels ("Write a review", the sort menu's names) live in its catalogue; the core
//! owns the rules' messages.

mod comment;
mod eligibility;
mod name;
mod rating;
mod sort;
mod summary;

#[cfg(feature = "unicode-segmentation")]
pub use comment::review_comment;
pub use comment::{REVIEW_COMMENT_MAX_GRAPHEMES, review_comment_with};
pub use eligibility::{ReviewAction, may_review, review_creation};
#[cfg(feature = "unicode-segmentation")]
pub use name::reviewer_name;
pub use name::reviewer_name_with;
pub use rating::{RATING_MAX, RATING_MIN, Rating, RatingOutOfRange, rating};
pub use sort::ReviewSort;
pub use summary::{RatingSummary, StarFill, rating_summary, star_fills};

#[cfg(feature = "ts")]
pub(crate) fn register_typescript(d: &mut crate::typescript::Declarations) {
    d.add::<Rating>()
        .add::<StarFill>()
        .add::<RatingSummary>()
        .add::<ReviewAction>()
        .add::<ReviewSort>();
}
