//! The cart to show while quantity changes are on their way to the server.
//!
//! The cart state (`CartState`) holds the cart the server last confirmed and the
//! changes made and not yet answered, in the order they were made, and shows
//! [`with_pending_changes`] of the two. An answer is applied to the confirmed cart and
//! its change dropped; a failure drops its change. So an answer to an earlier change
//! never undoes a later one on screen, and a refused change falls back to the server's
//! last word. Nothing predicted here is ever sent to the server.

use serde::{Deserialize, Serialize};

use super::model::Cart;

/// A quantity change sent and not yet answered: the line's key and the quantity asked
/// (0 removes the line).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PendingChange {
    pub key: String,
    pub qty: u32,
}

/// The confirmed cart with each pending change laid over it, in order.
pub fn with_pending_changes(confirmed: &Cart, pending: &[PendingChange]) -> Cart {
    pending.iter().fold(confirmed.clone(), |cart, change| {
        optimistic_quantity(&cart, &change.key, change.qty)
    })
}

/// The cart with the item of `key` at `qty` (0 removes it), its quantity recounted
/// and its totals recomputed with our rules; the changed item's `order` carries those
/// totals. An unknown key leaves the cart as it is: there is nothing to predict.
pub fn optimistic_quantity(cart: &Cart, key: &str, qty: u32) -> Cart {
    let mut next = cart.clone();
    let Some(at) = next.items.iter().position(|item| item.key == key) else {
        return next;
    };
    if qty == 0 {
        next.items.remove(at);
    } else if let Some(item) = next.items.get_mut(at) {
        item.qty = qty;
    }
    next.items_quantity = next.quantity_sum();
    let totals = next.computed_totals();
    next.set_totals(totals);
    if let Some(item) = next.items.get_mut(at).filter(|_| qty > 0) {
        item.order = Some(totals.into());
    }
    next
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cart::model::{CartItem, CartPricing, CouponRule, Favorite};
    use crate::cart::totals::compute_totals;
    use crate::money::Money;
    use proptest::prelude::*;

    fn m(text: &str) -> Money {
        Money::parse(text).unwrap()
    }

    fn cart(lines: &[(u64, &str, u32)]) -> Cart {
        let mut cart = Cart::empty(Some(1));
        cart.pricing = CartPricing {
            tax_rate_bp: 1400,
            delivery_fee: m("10.00"),
            free_delivery_over: Some(m("100.00")),
            free_delivery: false,
        };
        cart.items = lines
            .iter()
            .map(|&(id, price, qty)| CartItem {
                id,
                key: format!("k{id}"),
                product_id: id * 10,
                qty,
                price: m(price),
                favorite: Favorite(false),
                order: None,
                message: None,
                product: None,
            })
            .collect();
        cart.items_quantity = cart.quantity_sum();
        let totals = cart.computed_totals();
        cart.set_totals(totals);
        cart
    }

    #[test]
    fn a_new_quantity_recounts_and_recomputes() {
        let before = cart(&[(1, "12.50", 2), (2, "5.00", 1)]);
        let after = optimistic_quantity(&before, "k1", 6);
        assert_eq!(after.items_quantity, 7);
        assert_eq!(after.price, m("80.00"));
        assert_eq!(after.tax, m("11.20"));
        assert_eq!(after.delivery_price, m("10.00"));
        assert_eq!(after.cart_total, m("101.20"));
        assert_eq!(
            after.items[0].order.map(|o| o.cart_total),
            Some(m("101.20"))
        );
        // Crossing the free-delivery threshold drops the fee at once.
        let after = optimistic_quantity(&before, "k1", 8);
        assert_eq!(after.price, m("105.00"));
        assert_eq!(after.delivery_price, Money::ZERO);
        // The previous cart is untouched: it is what a failure restores.
        assert_eq!(before.items_quantity, 3);
    }

    #[test]
    fn quantity_zero_removes_the_item_and_unknown_keys_change_nothing() {
        let before = cart(&[(1, "12.50", 2), (2, "5.00", 1)]);
        let after = optimistic_quantity(&before, "k2", 0);
        assert_eq!(after.items.len(), 1);
        assert_eq!(after.items_quantity, 2);
        assert_eq!(after.price, m("25.00"));
        assert_eq!(optimistic_quantity(&before, "nope", 4), before);
    }

    fn change(key: &str, qty: u32) -> PendingChange {
        PendingChange {
            key: key.into(),
            qty,
        }
    }

    #[test]
    fn pending_changes_lay_over_the_confirmed_cart_in_order() {
        let confirmed = cart(&[(1, "12.50", 2), (2, "5.00", 1)]);
        assert_eq!(with_pending_changes(&confirmed, &[]), confirmed);
        let shown = with_pending_changes(
            &confirmed,
            &[change("k1", 3), change("k2", 0), change("k1", 4)],
        );
        assert_eq!(
            shown,
            optimistic_quantity(&optimistic_quantity(&confirmed, "k2", 0), "k1", 4)
        );
        assert_eq!(shown.items_quantity, 4);
        assert_eq!(shown.price, m("50.00"));
    }

    #[test]
    fn an_answer_to_an_earlier_change_does_not_undo_a_later_one() {
        // Two clicks on line 1 (2 → 3 → 4); the server confirms 3 while 4 is pending.
        let confirmed = cart(&[(1, "12.50", 3)]);
        let shown = with_pending_changes(&confirmed, &[change("k1", 4)]);
        assert_eq!(shown.items[0].qty, 4);
        assert_eq!(shown.items_quantity, 4);
        // The last change is refused: what is shown is the server's word again.
        assert_eq!(with_pending_changes(&confirmed, &[]).items[0].qty, 3);
    }

    proptest! {
        #[test]
        fn optimistic_totals_are_the_computed_totals_of_its_lines(
            lines in proptest::collection::vec((1u64..1_000_000, 1u32..50), 1..6),
            pick in any::<prop::sample::Index>(),
            qty in 0u32..60,
            percent in proptest::option::of(0u32..10_000),
        ) {
            let owned: Vec<(u64, String, u32)> = lines
                .iter()
                .enumerate()
                .map(|(i, &(minor, q))| (i as u64 + 1, Money::from_minor(minor as i64).to_string(), q))
                .collect();
            let borrowed: Vec<(u64, &str, u32)> = owned.iter().map(|(i, p, q)| (*i, p.as_str(), *q)).collect();
            let mut before = cart(&borrowed);
            before.coupon_rule = percent.map(|rate_bp| CouponRule::Percent { rate_bp, cap: None, minimum: None });
            let key = format!("k{}", pick.index(owned.len()) + 1);
            let after = optimistic_quantity(&before, &key, qty);
            prop_assert_eq!(
                after.totals(),
                compute_totals(&after.lines(), &after.pricing, after.coupon_rule.as_ref())
            );
            prop_assert_eq!(after.items_quantity, after.items.iter().map(|i| i.qty).sum::<u32>());
            prop_assert!(after.items.iter().all(|i| i.qty > 0));
        }
    }
}
