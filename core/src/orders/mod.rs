//! Order statuses, their tabs and the allowed status changes (spec 4).
//!
//! # Allowed status changes (ours; the spec shows none)
//!
//! | from               | to                                                  |
//! |--------------------|-----------------------------------------------------|
//! | `draft`            | `pending`, `cancelled`                              |
//! | `pending`          | `processing`, `on_hold`, `rejected`, `cancelled`    |
//! | `processing`       | `shipped`, `on_hold`, `cancelled`                   |
//! | `on_hold`          | `pending`, `processing`, `rejected`, `cancelled`    |
//! | `shipped`          | `out_for_delivery`, `delivered`                     |
//! | `out_for_delivery` | `delivered`                                         |
//! | `delivered`        | `in_return`                                         |
//! | `in_return`        | `return_received`                                   |
//! | `return_received`  | `returned`                                          |
//! | `returned`, `rejected`, `cancelled`, unknown | nothing (final)           |
//!
//! A status never changes to itself. The customer may cancel a `draft`, `pending` or
//! `on_hold` order, and may ask for a return of a `delivered` order within
//! [`RETURN_WINDOW_DAYS`] days of delivery.
//!
//! # Tabs
//!
//! Orders page: Current (`current`: draft, pending, processing, shipped,
//! out_for_delivery, on_hold), Completed (`delivered`), Cancellations (`cancelled`),
//! Returns (`returns`: in_return, return_received, returned), Rejected (`rejected`).
//! Return-orders page: current (`current`: in_return, return_received) and completed
//! (`returned`). Only the `delivered` and `returned` keys come from the spec.

mod checkout;
mod detail;
mod placement;
mod returns;
mod status;
mod tabs;
mod transitions;

pub use checkout::{
    CHECKOUT_STEPS, CardChoice, CardDetails, CheckoutEvent, CheckoutFlow, CheckoutOrder,
    CheckoutView, PaymentMethod, PaymentSummary, ResumeStatus, SavedCardFacts, preselected_card,
};
pub use detail::{OrderDetail, OrderItem, OrderNumber};
pub use placement::{CheckoutStep, PlacementFailure, placement_failure, placement_failure_with};
pub use returns::{
    PICKUP_DAYS_AHEAD, PICKUP_HOURS, ReturnReason, pickup_date, pickup_days, pickup_time,
    pickup_times,
};
pub use status::OrderStatus;
pub use tabs::{OrderTab, ReturnTab, TabInfo, order_tabs, return_tabs};
pub use transitions::{
    RETURN_WINDOW_DAYS, TransitionError, can_cancel, can_request_return, can_transition,
    next_statuses, transition,
};

#[cfg(feature = "ts")]
pub(crate) fn register_typescript(d: &mut crate::typescript::Declarations) {
    d.add::<OrderStatus>()
        .add::<OrderTab>()
        .add::<ReturnTab>()
        .add::<TabInfo<OrderTab>>()
        .add::<OrderNumber>()
        .add::<OrderItem>()
        .add::<OrderDetail>()
        .add::<CheckoutStep>()
        .add::<PlacementFailure>()
        .add::<PaymentMethod>()
        .add::<PaymentSummary>()
        .add::<CardDetails>()
        .add::<CheckoutOrder>()
        .add::<CheckoutEvent>()
        .add::<ResumeStatus>()
        .add::<CheckoutView>()
        .add::<SavedCardFacts>()
        .add::<CardChoice>()
        .add::<ReturnReason>();
}
