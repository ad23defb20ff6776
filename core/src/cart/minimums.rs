//! The minimums a cart can fall short of, so the customer is told before checkout
//! instead of by a refusal: the shop's minimum order (the server refuses an order whose
//! subtotal is below it) and the applied coupon's minimum (the server keeps such a
//! coupon on the cart with a zero discount).

use super::model::Cart;
use crate::money::Money;

/// The shop's minimum order when the cart's subtotal (`price`) is below it; `None` for
/// an empty cart, a shop without a minimum, or a minimum not known yet.
pub fn unmet_shop_minimum(cart: &Cart, minimum: Option<Money>) -> Option<Money> {
    let minimum = minimum.filter(|m| !m.is_zero())?;
    (!cart.items.is_empty() && cart.price < minimum).then_some(minimum)
}

/// The applied coupon's minimum when the coupon gives nothing because the subtotal is
/// below it; `None` when no coupon is applied, it has no minimum, or it discounts.
pub fn unmet_coupon_minimum(cart: &Cart) -> Option<Money> {
    let applied = cart
        .coupon_code
        .as_deref()
        .is_some_and(|code| !code.is_empty());
    let minimum = cart.coupon_rule.as_ref()?.minimum()?;
    (applied && cart.coupon_discount.is_zero() && cart.price < minimum).then_some(minimum)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cart::{CartItem, CouponRule, Favorite};

    fn m(text: &str) -> Money {
        Money::parse(text).unwrap()
    }

    fn cart(price: &str) -> Cart {
        let mut cart = Cart::empty(Some(3));
        cart.items = vec![CartItem {
            id: 1,
            key: "k1".into(),
            product_id: 10,
            qty: 1,
            price: m(price),
            favorite: Favorite(false),
            order: None,
            message: None,
            product: None,
        }];
        cart.price = m(price);
        cart
    }

    #[test]
    fn the_shop_minimum_is_unmet_only_below_it() {
        assert_eq!(
            unmet_shop_minimum(&cart("91.00"), Some(m("100.00"))),
            Some(m("100.00"))
        );
        assert_eq!(unmet_shop_minimum(&cart("100.00"), Some(m("100.00"))), None);
        assert_eq!(unmet_shop_minimum(&cart("91.00"), None), None);
        assert_eq!(unmet_shop_minimum(&cart("91.00"), Some(Money::ZERO)), None);
        assert_eq!(
            unmet_shop_minimum(&Cart::empty(Some(3)), Some(m("100.00"))),
            None
        );
    }

    #[test]
    fn a_coupon_minimum_is_unmet_when_the_coupon_gives_nothing_below_it() {
        let mut below = cart("91.00");
        below.coupon_code = Some("WELCOME10".into());
        below.coupon_rule = Some(CouponRule::Percent {
            rate_bp: 1000,
            cap: None,
            minimum: Some(m("100.00")),
        });
        assert_eq!(unmet_coupon_minimum(&below), Some(m("100.00")));

        let mut discounting = below.clone();
        discounting.coupon_discount = m("9.10");
        assert_eq!(unmet_coupon_minimum(&discounting), None);

        let mut met = below.clone();
        met.price = m("100.00");
        assert_eq!(unmet_coupon_minimum(&met), None);

        let mut no_code = below.clone();
        no_code.coupon_code = Some(String::new());
        assert_eq!(unmet_coupon_minimum(&no_code), None);

        let mut no_minimum = below;
        no_minimum.coupon_rule = Some(CouponRule::Fixed {
            amount: m("5.00"),
            minimum: None,
        });
        assert_eq!(unmet_coupon_minimum(&no_minimum), None);
    }
}
