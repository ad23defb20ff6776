//! What the storefront shows when a shop does not deliver to the chosen district
//! (spec 1, 8; issue 24).
//!
//! Whether a shop delivers to a district is decided by the server, from its data (one
//! rule, used by its listings, cart and checkout); the API says so with a `delivers`
//! flag on a product, a shop and the cart — `true`, `false`, or `null` when the request
//! named no district. These rules decide what a page does with that answer:
//!
//! - a product or shop page of a shop that does not deliver still shows, with spec 8's
//!   'We Don't Deliver To Your Location' and no add-to-cart ([`shop_delivery`]);
//! - a cart whose shop does not deliver to the district now chosen says so at once
//!   (the same notice) and offers to empty it, and its way to checkout is closed
//!   ([`cart_delivery`]), so the shopper never learns it from checkout's refusal.
//!
//! Where it can be ordered, a product says spec 9's delivery promise: 'Delivery within
//! two days' ([`ShopDelivery::promise`]).
//!
//! An unknown answer (`None`) blocks nothing: the server checks again when adding to
//! the cart and at checkout.

use serde::Serialize;

use crate::messages::{Message, MessageId};

/// What a product or shop page shows about delivery.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ShopDelivery {
    /// The notice to show, when the shop does not deliver to the chosen district.
    pub notice: Option<Message>,
    /// Whether the page offers add-to-cart.
    pub can_add_to_cart: bool,
    /// The delivery promise (spec 9: two days), beside add-to-cart; none where the shop
    /// does not deliver, as nothing is promised there.
    pub promise: Option<Message>,
}

/// A product or shop page, given the API's `delivers` flag.
pub fn shop_delivery(delivers: Option<bool>) -> ShopDelivery {
    let refused = delivers == Some(false);
    ShopDelivery {
        notice: refused.then(|| Message::new(MessageId::NoDeliveryToLocation)),
        can_add_to_cart: !refused,
        promise: (!refused).then(|| Message::new(MessageId::DeliveryPromise)),
    }
}

/// What the cart page shows about delivery.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct CartDelivery {
    /// The notice to show at once when the cart's shop does not deliver to the chosen
    /// district.
    pub notice: Option<Message>,
    /// Whether to offer to empty the cart (its items cannot be delivered there).
    pub offer_empty: bool,
    /// Whether the way to checkout is open (as far as delivery goes).
    pub can_check_out: bool,
}

/// The cart page, given how many items the cart holds and the cart's `delivers` flag.
/// An empty cart has nothing to deliver, so nothing to say.
pub fn cart_delivery(items: u32, delivers: Option<bool>) -> CartDelivery {
    let refused = items > 0 && delivers == Some(false);
    CartDelivery {
        notice: refused.then(|| Message::new(MessageId::NoDeliveryToLocation)),
        offer_empty: refused,
        can_check_out: !refused,
    }
}

#[cfg(feature = "ts")]
pub(crate) fn register_typescript(d: &mut crate::typescript::Declarations) {
    d.add::<ShopDelivery>().add::<CartDelivery>();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shop_that_does_not_deliver_shows_the_notice_and_no_add_to_cart() {
        let view = shop_delivery(Some(false));
        assert_eq!(
            view.notice,
            Some(Message::new(MessageId::NoDeliveryToLocation))
        );
        assert!(!view.can_add_to_cart);
        assert_eq!(
            view.promise, None,
            "nothing is promised where nothing is delivered"
        );
        assert_eq!(
            view.notice.unwrap().render(crate::locale::Language::En),
            "We Don't Deliver To Your Location"
        );
    }

    #[test]
    fn a_shop_that_delivers_or_an_unknown_district_blocks_nothing() {
        for delivers in [Some(true), None] {
            assert_eq!(
                shop_delivery(delivers),
                ShopDelivery {
                    notice: None,
                    can_add_to_cart: true,
                    promise: Some(Message::new(MessageId::DeliveryPromise)),
                },
                "{delivers:?}"
            );
        }
    }

    #[test]
    fn a_product_that_can_be_ordered_promises_delivery_within_two_days() {
        let promise = shop_delivery(Some(true)).promise.unwrap();
        assert_eq!(
            promise.render(crate::locale::Language::En),
            "Delivery within two days"
        );
        assert_eq!(
            promise.render(crate::locale::Language::Ar),
            "التوصيل خلال يومين"
        );
    }

    #[test]
    fn a_cart_whose_shop_does_not_deliver_says_so_offers_to_empty_and_closes_checkout() {
        assert_eq!(
            cart_delivery(3, Some(false)),
            CartDelivery {
                notice: Some(Message::new(MessageId::NoDeliveryToLocation)),
                offer_empty: true,
                can_check_out: false
            }
        );
    }

    #[test]
    fn an_empty_cart_a_delivering_shop_or_no_district_say_nothing() {
        let open = CartDelivery {
            notice: None,
            offer_empty: false,
            can_check_out: true,
        };
        assert_eq!(cart_delivery(0, Some(false)), open);
        assert_eq!(cart_delivery(2, Some(true)), open.clone());
        assert_eq!(cart_delivery(2, None), open);
    }

    #[test]
    fn the_views_serialise_as_the_bindings_send_them() {
        assert_eq!(
            serde_json::to_value(shop_delivery(Some(false))).unwrap(),
            serde_json::json!({
                "notice": {"id": "no_delivery_to_location", "params": {}},
                "can_add_to_cart": false,
                "promise": null
            })
        );
        assert_eq!(
            serde_json::to_value(cart_delivery(1, Some(false))).unwrap(),
            serde_json::json!({
                "notice": {"id": "no_delivery_to_location", "params": {}},
                "offer_empty": true,
                "can_check_out": false
            })
        );
    }
}
