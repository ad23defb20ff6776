//! A review's star rating: a whole number of stars from 1 to 5, always given.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use thiserror::Error;

use crate::messages::{Message, MessageId};

/// The fewest and most stars a review gives.
pub const RATING_MIN: u8 = 1;
pub const RATING_MAX: u8 = 5;

/// A rating from [`RATING_MIN`] to [`RATING_MAX`] stars; serialised as the number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(type = "number"))]
pub struct Rating(u8);

/// A number of stars outside 1 to 5.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
#[error("a rating is 1 to 5 stars, not {0}")]
pub struct RatingOutOfRange(pub u8);

impl Rating {
    /// The rating of `stars` stars, when from 1 to 5.
    pub const fn new(stars: u8) -> Option<Rating> {
        if stars >= RATING_MIN && stars <= RATING_MAX {
            Some(Rating(stars))
        } else {
            None
        }
    }

    /// How many stars.
    pub const fn stars(self) -> u8 {
        self.0
    }
}

impl TryFrom<u8> for Rating {
    type Error = RatingOutOfRange;

    fn try_from(stars: u8) -> Result<Self, Self::Error> {
        Rating::new(stars).ok_or(RatingOutOfRange(stars))
    }
}

impl From<Rating> for u8 {
    fn from(rating: Rating) -> u8 {
        rating.0
    }
}

impl Serialize for Rating {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u8(self.0)
    }
}

/// Reads the number, refusing one outside 1 to 5: a stored or sent rating is valid.
impl<'de> Deserialize<'de> for Rating {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let stars = u8::deserialize(deserializer)?;
        Rating::try_from(stars).map_err(serde::de::Error::custom)
    }
}

/// The chosen rating: 'Please choose a rating' when none is chosen, 'The rating must
/// be from 1 to 5 stars' outside that range. Zero is out of range, not "none": a star
/// widget that uses 0 for "nothing chosen" passes `None`.
pub fn rating(value: Option<u8>) -> Result<Rating, Message> {
    match value {
        None => Err(MessageId::RatingRequired.into()),
        Some(stars) => Rating::new(stars).ok_or_else(|| MessageId::RatingOutOfRange.into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_to_five_stars_are_ratings() {
        for stars in 1..=5 {
            assert_eq!(rating(Some(stars)).map(Rating::stars), Ok(stars));
        }
    }

    #[test]
    fn a_missing_rating_is_required_and_others_out_of_range() {
        assert_eq!(
            rating(None).unwrap_err().english(),
            "Please choose a rating"
        );
        for stars in [0, 6, 10, 255] {
            assert_eq!(
                rating(Some(stars)).unwrap_err().english(),
                "The rating must be from 1 to 5 stars",
                "{stars}"
            );
        }
    }

    #[test]
    fn serialises_as_the_number_and_refuses_others() {
        let four = Rating::new(4).unwrap();
        assert_eq!(serde_json::to_value(four).unwrap(), serde_json::json!(4));
        assert_eq!(serde_json::from_str::<Rating>("4").unwrap(), four);
        for bad in ["0", "6", "-1", "4.5", "\"4\""] {
            assert!(serde_json::from_str::<Rating>(bad).is_err(), "{bad}");
        }
        assert_eq!(Rating::try_from(9), Err(RatingOutOfRange(9)));
        assert_eq!(u8::from(four), 4);
    }
}
