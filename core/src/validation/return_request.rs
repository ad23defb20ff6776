//! The return request form (spec 3, 5): the products to return, each with a quantity,
//! a reason and a comment when the reason needs one; the refund method; the pickup
//! address; the pickup date and time. Errors are keyed by field path, as form
//! libraries name nested fields (`items.0.comment`).

use serde::{Deserialize, Serialize};

use crate::messages::{Message, MessageId};
use crate::orders::ReturnReason;

use super::FieldErrors;
use super::fields::char_len;

/// Longest return comment, in characters (spec 5, 9).
pub const RETURN_COMMENT_MAX_CHARS: usize = 200;

/// How a return is refunded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum RefundMethod {
    Wallet,
    OriginalPayment,
}

/// One product chosen for return. Missing fields read as empty.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(default)]
pub struct ReturnItem {
    /// The order item's id.
    pub id: Option<u64>,
    /// How many to return.
    pub quantity: Option<u32>,
    /// How many were ordered: the most that can be returned.
    pub ordered_quantity: u32,
    /// The chosen reason, as the API names it (see [`ReturnReason`]).
    pub reason: Option<String>,
    pub comment: String,
}

/// The return request form. Missing fields read as empty.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(default)]
pub struct ReturnRequestForm {
    /// The products chosen for return.
    pub items: Vec<ReturnItem>,
    pub refund_method: Option<RefundMethod>,
    pub pickup_address_id: Option<u64>,
    /// Pickup date, as the date picker gives it.
    pub date: String,
    /// Pickup time, as the time picker gives it.
    pub time: String,
}

/// One item's first error per field.
fn item_errors(item: &ReturnItem) -> Vec<(&'static str, Message)> {
    let mut errors = Vec::new();
    if !item.id.is_some_and(crate::storage::valid_id) {
        errors.push(("id", MessageId::FieldRequired.into()));
    }
    match item.quantity {
        None => errors.push(("quantity", MessageId::FieldRequired.into())),
        Some(0) => errors.push(("quantity", MessageId::GreaterThanZero.into())),
        Some(q) if q > item.ordered_quantity => {
            errors.push(("quantity", MessageId::MaxQuantityReached.into()));
        }
        Some(_) => {}
    }
    let reason = item.reason.as_deref().and_then(ReturnReason::parse);
    if reason.is_none() {
        errors.push(("reason", MessageId::FieldRequired.into()));
    }
    if reason.is_some_and(ReturnReason::requires_comment) && item.comment.trim().is_empty() {
        errors.push(("comment", MessageId::FieldRequired.into()));
    } else if char_len(&item.comment) > RETURN_COMMENT_MAX_CHARS {
        errors.push((
            "comment",
            Message::new(MessageId::CommentTooLong).with("len", RETURN_COMMENT_MAX_CHARS),
        ));
    }
    errors
}

/// Every field's first error, keyed by path:
/// - `items`: 'you should at least choose a product to return' when none is chosen;
/// - `items.{i}.id`, `items.{i}.reason`: 'This field is required' (for a reason, also
///   when it is none of [`ReturnReason`]'s);
/// - `items.{i}.quantity`: 'This field is required', 'Must be greater than 0', or
///   'Max Quantity Reached' above the ordered quantity;
/// - `items.{i}.comment`: 'This field is required' when the reason needs a comment (`other`),
///   'Too long! The maximum character is 200 in Comment' above 200 characters;
/// - `refund_method`, `date`, `time`: 'This field is required';
/// - `pickup_address_id`: 'please choose an address'.
pub fn validate_return_request(form: &ReturnRequestForm) -> FieldErrors {
    let mut errors = FieldErrors::new();
    if form.items.is_empty() {
        errors.insert("items".to_owned(), MessageId::ChooseProductToReturn.into());
    }
    for (index, item) in form.items.iter().enumerate() {
        for (field, message) in item_errors(item) {
            errors.insert(format!("items.{index}.{field}"), message);
        }
    }
    if form.refund_method.is_none() {
        errors.insert("refund_method".to_owned(), MessageId::FieldRequired.into());
    }
    if !form.pickup_address_id.is_some_and(crate::storage::valid_id) {
        errors.insert(
            "pickup_address_id".to_owned(),
            MessageId::ChooseAnAddress.into(),
        );
    }
    if form.date.trim().is_empty() {
        errors.insert("date".to_owned(), MessageId::FieldRequired.into());
    }
    if form.time.trim().is_empty() {
        errors.insert("time".to_owned(), MessageId::FieldRequired.into());
    }
    errors
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn item() -> ReturnItem {
        ReturnItem {
            id: Some(31),
            quantity: Some(1),
            ordered_quantity: 2,
            reason: Some("damaged".into()),
            comment: String::new(),
        }
    }

    fn form(items: Vec<ReturnItem>) -> ReturnRequestForm {
        ReturnRequestForm {
            items,
            refund_method: Some(RefundMethod::Wallet),
            pickup_address_id: Some(5),
            date: "2025-06-01".into(),
            time: "10:00".into(),
        }
    }

    fn english(errors: &FieldErrors) -> Vec<(&str, String)> {
        errors
            .iter()
            .map(|(k, m)| (k.as_str(), m.english()))
            .collect()
    }

    #[test]
    fn a_complete_request_has_no_errors() {
        assert!(validate_return_request(&form(vec![item()])).is_empty());
        let original = ReturnRequestForm {
            refund_method: Some(RefundMethod::OriginalPayment),
            ..form(vec![item()])
        };
        assert!(validate_return_request(&original).is_empty());
    }

    #[test]
    fn at_least_one_product() {
        assert_eq!(
            english(&validate_return_request(&form(vec![]))),
            vec![(
                "items",
                "you should at least choose a product to return".to_owned()
            )]
        );
    }

    #[test]
    fn item_fields_are_keyed_by_path() {
        let empty = ReturnItem::default();
        let errors = validate_return_request(&form(vec![item(), empty]));
        assert_eq!(
            english(&errors),
            vec![
                ("items.1.id", "This field is required".to_owned()),
                ("items.1.quantity", "This field is required".to_owned()),
                ("items.1.reason", "This field is required".to_owned()),
            ]
        );
    }

    #[test]
    fn quantity_is_between_one_and_the_ordered_quantity() {
        let zero = ReturnItem {
            quantity: Some(0),
            ..item()
        };
        let too_many = ReturnItem {
            quantity: Some(3),
            ..item()
        };
        let all = ReturnItem {
            quantity: Some(2),
            ..item()
        };
        let errors = validate_return_request(&form(vec![zero, too_many, all]));
        assert_eq!(
            english(&errors),
            vec![
                ("items.0.quantity", "Must be greater than 0".to_owned()),
                ("items.1.quantity", "Max Quantity Reached".to_owned()),
            ]
        );
    }

    #[test]
    fn comment_required_only_when_the_reason_needs_it() {
        let needs = ReturnItem {
            reason: Some("other".into()),
            comment: "  ".into(),
            ..item()
        };
        let given = ReturnItem {
            reason: Some("other".into()),
            comment: "Arrived broken".into(),
            ..item()
        };
        let no_need = ReturnItem {
            comment: "  ".into(),
            ..item()
        };
        let errors = validate_return_request(&form(vec![needs, given, no_need]));
        assert_eq!(
            english(&errors),
            vec![("items.0.comment", "This field is required".to_owned())]
        );
    }

    #[test]
    fn a_reason_must_be_one_of_the_api_s() {
        let unknown = ReturnItem {
            reason: Some("broken".into()),
            ..item()
        };
        let blank = ReturnItem {
            reason: Some(" ".into()),
            ..item()
        };
        let errors = validate_return_request(&form(vec![unknown, blank, item()]));
        assert_eq!(
            english(&errors),
            vec![
                ("items.0.reason", "This field is required".to_owned()),
                ("items.1.reason", "This field is required".to_owned())
            ]
        );
    }

    #[test]
    fn comment_is_at_most_two_hundred_characters() {
        // 200 Arabic letters are 400 bytes and still within the limit.
        let at_limit = ReturnItem {
            comment: "ب".repeat(200),
            ..item()
        };
        let over = ReturnItem {
            comment: "b".repeat(201),
            ..item()
        };
        let errors = validate_return_request(&form(vec![at_limit, over]));
        assert_eq!(
            english(&errors),
            vec![(
                "items.1.comment",
                "Too long! The maximum character is 200 in Comment".to_owned()
            )]
        );
    }

    #[test]
    fn refund_pickup_date_and_time_are_required() {
        let errors = validate_return_request(&ReturnRequestForm {
            items: vec![item()],
            ..ReturnRequestForm::default()
        });
        assert_eq!(
            english(&errors),
            vec![
                ("date", "This field is required".to_owned()),
                ("pickup_address_id", "please choose an address".to_owned()),
                ("refund_method", "This field is required".to_owned()),
                ("time", "This field is required".to_owned()),
            ]
        );
    }

    #[test]
    fn reads_partial_forms() {
        let read: ReturnRequestForm = serde_json::from_value(serde_json::json!({
            "items": [{"id": 31, "quantity": 1, "ordered_quantity": 1, "reason": "wrong_item"}],
            "refund_method": "original_payment",
        }))
        .unwrap();
        assert_eq!(read.refund_method, Some(RefundMethod::OriginalPayment));
        assert_eq!(read.items[0].comment, "");
    }

    proptest! {
        #[test]
        fn every_key_names_a_field_of_the_form(
            items in proptest::collection::vec(
                (proptest::option::of(0u64..5), proptest::option::of(0u32..5), 0u32..5, proptest::option::of("\\PC{0,3}|other|damaged"), "\\PC{0,3}"),
                0..4,
            )
        ) {
            let items: Vec<ReturnItem> = items
                .into_iter()
                .map(|(id, quantity, ordered_quantity, reason, comment)| ReturnItem {
                    id, quantity, ordered_quantity, reason, comment,
                })
                .collect();
            let count = items.len();
            let errors = validate_return_request(&form(items));
            for key in errors.keys() {
                let valid = key == "items"
                    || key.strip_prefix("items.").and_then(|rest| rest.split_once('.')).is_some_and(|(i, field)| {
                        i.parse::<usize>().is_ok_and(|i| i < count)
                            && ["id", "quantity", "reason", "comment"].contains(&field)
                    });
                prop_assert!(valid, "{}", key);
            }
            prop_assert_eq!(errors.contains_key("items"), count == 0);
        }
    }
}
