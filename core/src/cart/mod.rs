//! Cart state and its transitions, totals and quantity limits (spec 3, 4, 8, 9).
//!
//! # Totals (our rules; the spec shows no fees or tax rates)
//!
//! [`compute_totals`] is the one implementation, used by the client's optimistic
//! display and by the reference server, and checked against the shared vectors in
//! `core/tests/vectors/cart_totals.json`:
//!
//! - `price` = Σ unit price × qty (negative server amounts count as zero);
//! - `coupon_discount` = the coupon's value — a percentage in basis points, capped when
//!   the coupon has a cap, or a fixed amount — only when `price` reaches the coupon's
//!   minimum, and never more than `price`;
//! - `tax` = `tax_rate_bp` × (`price` − `coupon_discount`), rounded half away from zero
//!   to the cent;
//! - `delivery_price` = 0 when the cart is empty, when the branch has free delivery or
//!   when `price` ≥ `free_delivery_over`; otherwise the branch's `delivery_fee`;
//! - `total` = `price` − `coupon_discount` + `tax`;
//! - `cart_total` = `total` + `delivery_price`.
//!
//! # Transitions (spec 4)
//!
//! [`apply`] takes a [`CartState`] and a [`CartEvent`] (a server answer or a customer
//! action) and returns the next state with the effects to perform (toasts). Adding
//! replaces the line of the same product or appends; update replaces by key, else by
//! product id; delete removes the line; a coupon answer applies its item and totals; a
//! 400 on add keeps its message as the old-cart message. Totals come from the item's
//! `order` block when the server sends one, otherwise they are recomputed with the
//! rules above. The state keeps the quantity changes still on their way and shows the
//! cart [`with_pending_changes`]; it asks for one call at a time (an `Effect::Request`
//! of an [`ApiCall`](crate::effects::ApiCall)), so the server sees the changes in the
//! order they were made. An add to another shop's cart waits in the state's
//! different-shop prompt for the customer's consent.
//!
//! # The flow
//!
//! [`CartFlow`] keeps that state itself, behind the [`Flow`](crate::flow::Flow) shape
//! every flow has: the shell sends events and gets back effects and a small
//! [`CartView`]; it never holds or sends back the state.

mod flow;
mod minimums;
mod model;
mod optimistic;
mod quantity;
mod totals;
mod transitions;

pub use flow::{CartFlow, CartView};
pub use minimums::{unmet_coupon_minimum, unmet_shop_minimum};
pub use model::{Cart, CartItem, CartItemOrder, CartPricing, CartProduct, CouponRule, Favorite};
pub use optimistic::{PendingChange, optimistic_quantity, with_pending_changes};
pub use quantity::{QuantityCheck, QuantityLimits, decrement, increment, set_quantity};
pub use totals::{CartLine, CartTotals, compute_totals};
pub use transitions::{
    AddCheck, AddRequest, CartEvent, CartOutcome, CartState, CouponResponse, DifferentShopPrompt,
    apply, badge_count, check_add,
};

#[cfg(feature = "ts")]
pub(crate) fn register_typescript(d: &mut crate::typescript::Declarations) {
    d.add::<Favorite>()
        .add::<CartItemOrder>()
        .add::<CartProduct>()
        .add::<CartPricing>()
        .add::<CouponRule>()
        .add::<CartItem>()
        .add::<Cart>()
        .add::<CartLine>()
        .add::<CartTotals>()
        .add::<CouponResponse>()
        .add::<AddRequest>()
        .add::<DifferentShopPrompt>()
        .add::<CartState>()
        .add::<CartEvent>()
        .add::<CartOutcome>()
        .add::<AddCheck>()
        .add::<CartView>()
        .add::<PendingChange>()
        .add::<QuantityLimits>()
        .add::<QuantityCheck>();
}
