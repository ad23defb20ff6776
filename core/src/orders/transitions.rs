//! The allowed status changes (ours; the spec shows none), customer cancellation and
//! return requests. The table is in the module doc of [`crate::orders`].

use thiserror::Error;

use super::status::OrderStatus;

use OrderStatus as S;

/// Days after delivery during which the customer may ask for a return.
pub const RETURN_WINDOW_DAYS: u64 = 14;

const DAY_MS: u64 = 24 * 60 * 60 * 1000;

/// A status change the state machine does not allow.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
#[error("an order cannot go from {} to {}", from.as_str(), to.as_str())]
pub struct TransitionError {
    pub from: OrderStatus,
    pub to: OrderStatus,
}

/// The statuses an order may move to from `from`.
pub fn next_statuses(from: OrderStatus) -> &'static [OrderStatus] {
    match from {
        S::Draft => &[S::Pending, S::Cancelled],
        S::Pending => &[S::Processing, S::OnHold, S::Rejected, S::Cancelled],
        S::Processing => &[S::Shipped, S::OnHold, S::Cancelled],
        S::OnHold => &[S::Pending, S::Processing, S::Rejected, S::Cancelled],
        S::Shipped => &[S::OutForDelivery, S::Delivered],
        S::OutForDelivery => &[S::Delivered],
        S::Delivered => &[S::InReturn],
        S::InReturn => &[S::ReturnReceived],
        S::ReturnReceived => &[S::Returned],
        S::Returned | S::Rejected | S::Cancelled | S::Unknown => &[],
    }
}

/// Whether an order may change from `from` to `to`.
pub fn can_transition(from: OrderStatus, to: OrderStatus) -> bool {
    next_statuses(from).contains(&to)
}

/// The new status, or why the change is refused.
pub fn transition(from: OrderStatus, to: OrderStatus) -> Result<OrderStatus, TransitionError> {
    if can_transition(from, to) {
        Ok(to)
    } else {
        Err(TransitionError { from, to })
    }
}

/// Whether the customer may cancel: only before the shop starts preparing the order
/// (draft, pending) or while it is on hold.
pub fn can_cancel(status: OrderStatus) -> bool {
    matches!(status, S::Draft | S::Pending | S::OnHold)
}

/// Whether the customer may ask for a return: the order is delivered and at most
/// [`RETURN_WINDOW_DAYS`] days have passed since delivery. Without a delivery time
/// there is no window to check, so no return. A delivery time in the future (clock
/// skew) counts as just delivered.
pub fn can_request_return(status: OrderStatus, delivered_at_ms: Option<u64>, now_ms: u64) -> bool {
    status == S::Delivered
        && delivered_at_ms
            .is_some_and(|at| now_ms.saturating_sub(at) <= RETURN_WINDOW_DAYS * DAY_MS)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every allowed change, written out independently of `next_statuses`.
    const ALLOWED: [(OrderStatus, OrderStatus); 19] = [
        (S::Draft, S::Pending),
        (S::Draft, S::Cancelled),
        (S::Pending, S::Processing),
        (S::Pending, S::OnHold),
        (S::Pending, S::Rejected),
        (S::Pending, S::Cancelled),
        (S::Processing, S::Shipped),
        (S::Processing, S::OnHold),
        (S::Processing, S::Cancelled),
        (S::OnHold, S::Pending),
        (S::OnHold, S::Processing),
        (S::OnHold, S::Rejected),
        (S::OnHold, S::Cancelled),
        (S::Shipped, S::OutForDelivery),
        (S::Shipped, S::Delivered),
        (S::OutForDelivery, S::Delivered),
        (S::Delivered, S::InReturn),
        (S::InReturn, S::ReturnReceived),
        (S::ReturnReceived, S::Returned),
    ];

    #[test]
    fn every_pair_is_allowed_or_refused_as_the_table_says() {
        let mut all = OrderStatus::ALL.to_vec();
        all.push(S::Unknown);
        let mut allowed = 0;
        for &from in &all {
            for &to in &all {
                let expected = ALLOWED.contains(&(from, to));
                assert_eq!(can_transition(from, to), expected, "{from:?} -> {to:?}");
                match transition(from, to) {
                    Ok(status) => {
                        assert!(expected);
                        assert_eq!(status, to);
                        allowed += 1;
                    }
                    Err(error) => {
                        assert!(!expected);
                        assert_eq!(error, TransitionError { from, to });
                    }
                }
            }
        }
        assert_eq!(allowed, ALLOWED.len());
    }

    #[test]
    fn final_statuses_and_unknown_go_nowhere() {
        for status in [S::Returned, S::Rejected, S::Cancelled, S::Unknown] {
            assert!(next_statuses(status).is_empty(), "{status:?}");
        }
        assert_eq!(
            transition(S::Cancelled, S::Pending)
                .unwrap_err()
                .to_string(),
            "an order cannot go from cancelled to pending"
        );
    }

    #[test]
    fn customers_cancel_only_before_preparation_or_on_hold() {
        for status in OrderStatus::ALL.into_iter().chain([S::Unknown]) {
            let expected = matches!(status, S::Draft | S::Pending | S::OnHold);
            assert_eq!(can_cancel(status), expected, "{status:?}");
            // Whatever the customer may cancel, the machine can move to cancelled.
            if expected {
                assert!(can_transition(status, S::Cancelled));
            }
        }
    }

    #[test]
    fn returns_only_for_delivered_orders_within_the_window() {
        let delivered = 1_700_000_000_000;
        let window = RETURN_WINDOW_DAYS * DAY_MS;
        assert!(can_request_return(S::Delivered, Some(delivered), delivered));
        assert!(can_request_return(
            S::Delivered,
            Some(delivered),
            delivered + window
        ));
        assert!(!can_request_return(
            S::Delivered,
            Some(delivered),
            delivered + window + 1
        ));
        assert!(can_request_return(
            S::Delivered,
            Some(delivered),
            delivered - 5_000
        ));
        assert!(!can_request_return(S::Delivered, None, delivered));
        for status in OrderStatus::ALL.into_iter().filter(|s| *s != S::Delivered) {
            assert!(!can_request_return(status, Some(delivered), delivered));
        }
        assert_eq!(window, 1_209_600_000);
    }
}
