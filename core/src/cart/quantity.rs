//! The quantity stepper: minimum, maximum and stock limits (spec 8).
//!
//! Stock 0 makes the product unavailable whatever is asked. Otherwise a quantity must
//! be at least the minimum (never below 1: removing a line is the delete action), at
//! most the maximum, then at most the stock; when a quantity breaks both the maximum
//! and the stock, the maximum is reported, since more stock would not lift it.

use serde::{Deserialize, Serialize};

use crate::messages::{Message, MessageId};

use super::model::CartProduct;

/// The limits on a product's quantity.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct QuantityLimits {
    /// Smallest quantity; below 1 counts as 1.
    pub min: u32,
    /// Largest quantity; none means no limit.
    pub max: Option<u32>,
    /// Units in stock; none means not tracked, 0 means unavailable.
    pub stock: Option<u32>,
}

impl Default for QuantityLimits {
    fn default() -> Self {
        QuantityLimits {
            min: 1,
            max: None,
            stock: None,
        }
    }
}

impl From<&CartProduct> for QuantityLimits {
    fn from(product: &CartProduct) -> Self {
        QuantityLimits {
            min: product.min_qty,
            max: product.max_qty,
            stock: product.stock,
        }
    }
}

/// The stepper's answer: the quantity to ask the server for, or why not.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum QuantityCheck {
    Accepted { qty: u32 },
    Refused { message: Message },
}

impl QuantityLimits {
    fn effective_min(&self) -> u32 {
        self.min.max(1)
    }

    /// Whether the product can be ordered at all.
    pub fn available(&self) -> bool {
        self.stock != Some(0)
    }
}

/// One more than `current`, or the minimum when that is more (the first step from an
/// empty line adds the minimum).
pub fn increment(current: u32, limits: &QuantityLimits) -> QuantityCheck {
    if !limits.available() {
        return refused(MessageId::ItemUnavailable);
    }
    upper_check(
        current.saturating_add(1).max(limits.effective_min()),
        limits,
    )
}

/// One less than `current`; refused at the minimum.
pub fn decrement(current: u32, limits: &QuantityLimits) -> QuantityCheck {
    if !limits.available() {
        return refused(MessageId::ItemUnavailable);
    }
    if current <= limits.effective_min() {
        return refused(MessageId::MinQuantityReached);
    }
    QuantityCheck::Accepted { qty: current - 1 }
}

/// A typed-in quantity.
pub fn set_quantity(requested: u32, limits: &QuantityLimits) -> QuantityCheck {
    if !limits.available() {
        return refused(MessageId::ItemUnavailable);
    }
    if requested < limits.effective_min() {
        return refused(MessageId::MinQuantityReached);
    }
    upper_check(requested, limits)
}

fn upper_check(qty: u32, limits: &QuantityLimits) -> QuantityCheck {
    if limits.max.is_some_and(|max| qty > max) {
        refused(MessageId::MaxQuantityReached)
    } else if limits.stock.is_some_and(|stock| qty > stock) {
        refused(MessageId::NotEnoughStock)
    } else {
        QuantityCheck::Accepted { qty }
    }
}

fn refused(id: MessageId) -> QuantityCheck {
    QuantityCheck::Refused {
        message: Message::new(id),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn limits(min: u32, max: Option<u32>, stock: Option<u32>) -> QuantityLimits {
        QuantityLimits { min, max, stock }
    }

    fn refusal(check: QuantityCheck) -> String {
        match check {
            QuantityCheck::Refused { message } => message.english(),
            QuantityCheck::Accepted { qty } => panic!("accepted {qty}"),
        }
    }

    #[test]
    fn steps_within_the_limits() {
        let l = limits(2, Some(5), Some(10));
        assert_eq!(increment(2, &l), QuantityCheck::Accepted { qty: 3 });
        assert_eq!(decrement(3, &l), QuantityCheck::Accepted { qty: 2 });
        assert_eq!(set_quantity(5, &l), QuantityCheck::Accepted { qty: 5 });
        assert_eq!(increment(0, &l), QuantityCheck::Accepted { qty: 2 });
    }

    #[test]
    fn the_minimum_stops_decrements_with_its_message() {
        let l = limits(2, None, None);
        assert_eq!(refusal(decrement(2, &l)), "Min Quantity Reached");
        assert_eq!(refusal(set_quantity(1, &l)), "Min Quantity Reached");
        // A minimum of 0 still keeps one unit: removing is the delete action.
        let l = limits(0, None, None);
        assert_eq!(refusal(decrement(1, &l)), "Min Quantity Reached");
        assert_eq!(refusal(set_quantity(0, &l)), "Min Quantity Reached");
    }

    #[test]
    fn the_maximum_stops_increments_with_its_message() {
        let l = limits(1, Some(3), None);
        assert_eq!(refusal(increment(3, &l)), "Max Quantity Reached");
        assert_eq!(refusal(set_quantity(4, &l)), "Max Quantity Reached");
        // Maximum reported when both limits are broken.
        let l = limits(1, Some(3), Some(3));
        assert_eq!(refusal(increment(3, &l)), "Max Quantity Reached");
    }

    #[test]
    fn stock_limits_increments_and_zero_stock_is_unavailable() {
        let l = limits(1, Some(10), Some(4));
        assert_eq!(
            refusal(increment(4, &l)),
            "There is not enough stock available."
        );
        assert_eq!(
            refusal(set_quantity(5, &l)),
            "There is not enough stock available."
        );
        // Stock fell below the cart's quantity: going down is still allowed.
        assert_eq!(decrement(6, &l), QuantityCheck::Accepted { qty: 5 });
        let none = limits(1, None, Some(0));
        for check in [
            increment(1, &none),
            decrement(3, &none),
            set_quantity(1, &none),
        ] {
            assert_eq!(refusal(check), "This item is unavailable");
        }
    }

    #[test]
    fn limits_come_from_the_product_summary() {
        let product: CartProduct = serde_json::from_value(serde_json::json!({
            "name": "Milk", "min_qty": 2, "max_qty": 6, "stock": 3
        }))
        .unwrap();
        assert_eq!(QuantityLimits::from(&product), limits(2, Some(6), Some(3)));
        assert_eq!(
            serde_json::to_value(increment(1, &QuantityLimits::default())).unwrap(),
            serde_json::json!({"kind": "accepted", "qty": 2})
        );
    }

    #[derive(Debug, Clone, Copy, PartialEq)]
    enum Step {
        Increment,
        Set,
        Decrement,
    }

    /// A quantity in hand and limits set around it: each limit absent, zero, a little
    /// either side of the quantity, or anywhere, so every boundary is met often.
    fn quantity_and_limits() -> impl Strategy<Value = (u32, u32, Option<u32>, Option<u32>)> {
        (0u32..12).prop_flat_map(|current| {
            let near = move || {
                prop_oneof![
                    1 => Just(None),
                    1 => Just(Some(0)),
                    4 => (-2i32..=2).prop_map(move |d| Some(current.saturating_add_signed(d))),
                    1 => (1u32..40).prop_map(Some),
                ]
            };
            // Up to three above, so the first step from a line may jump to the minimum.
            let min = prop_oneof![
                1 => Just(0u32),
                1 => Just(1),
                4 => (-2i32..=3).prop_map(move |d| current.saturating_add_signed(d)),
            ];
            (Just(current), min, near(), near())
        })
    }

    proptest! {
        #[test]
        fn every_answer_is_the_first_broken_limit_or_the_step(
            (current, min, max, stock) in quantity_and_limits(),
            step in prop_oneof![Just(Step::Increment), Just(Step::Set), Just(Step::Decrement)],
        ) {
            let l = limits(min, max, stock);
            let check = match step {
                Step::Increment => increment(current, &l),
                Step::Set => set_quantity(current, &l),
                Step::Decrement => decrement(current, &l),
            };
            // The quantity the step asks for, in i64 so a decrement from 0 is -1.
            let wanted = match step {
                Step::Increment => i64::from(current + 1).max(i64::from(min.max(1))),
                Step::Set => i64::from(current),
                Step::Decrement => i64::from(current) - 1,
            };
            // Going down is allowed above the maximum or the stock: it moves towards them.
            let upward = step != Step::Decrement;
            let limits_in_order = [
                (stock == Some(0), MessageId::ItemUnavailable),
                (wanted < i64::from(min.max(1)), MessageId::MinQuantityReached),
                (upward && max.is_some_and(|max| wanted > i64::from(max)), MessageId::MaxQuantityReached),
                (upward && stock.is_some_and(|stock| wanted > i64::from(stock)), MessageId::NotEnoughStock),
            ];
            let expected = match limits_in_order.into_iter().find(|(broken, _)| *broken) {
                Some((_, reason)) => QuantityCheck::Refused { message: Message::new(reason) },
                None => QuantityCheck::Accepted { qty: u32::try_from(wanted).unwrap() },
            };
            prop_assert_eq!(check, expected);
        }
    }
}
