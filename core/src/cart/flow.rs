//! The cart as a flow (spec 4): [`apply`]'s state kept by the flow, events in, effects
//! and a [`CartView`] out.

use serde::Serialize;

use crate::effects::Effect;
use crate::flow::Flow;
use crate::messages::Text;

use super::model::Cart;
use super::transitions::{CartEvent, CartState, apply};

/// The cart of the selected service as the shell drives it. Its state (the server's
/// cart, the changes on their way, the add under way, the different-shop question)
/// stays here between events.
#[derive(Debug, Clone, Default)]
pub struct CartFlow {
    state: CartState,
}

/// What the screens show of the cart.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct CartView {
    /// The cart to show: the server's last word with the changes on their way laid over
    /// it; none before the first load or add.
    pub cart: Option<Cart>,
    /// The cart has been loaded from the server at least once.
    pub loaded: bool,
    /// An add to cart is on its way (the buttons wait for it).
    pub adding: bool,
    /// The different-shop question, while it waits for the customer's answer.
    pub prompt: Option<Text>,
}

impl Flow for CartFlow {
    type Event = CartEvent;
    type View = CartView;

    fn update(&mut self, event: CartEvent, _now_ms: u64) -> Vec<Effect> {
        let outcome = apply(&self.state, event);
        self.state = outcome.state;
        outcome.effects
    }

    fn view(&self) -> CartView {
        CartView {
            cart: self.state.cart.clone(),
            loaded: self.state.loaded,
            adding: self.state.adding.is_some(),
            prompt: self
                .state
                .prompt
                .as_ref()
                .map(|prompt| prompt.message.clone()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cart::{AddRequest, CartItem, CartItemOrder, CartProduct, Favorite};
    use crate::effects::{ApiCall, Tone};
    use crate::money::Money;

    fn item(id: u64, key: &str, product_id: u64, qty: u32) -> CartItem {
        CartItem {
            id,
            key: key.into(),
            product_id,
            qty,
            price: Money::from_minor(1250),
            favorite: Favorite(false),
            order: None,
            message: None,
            product: Some(CartProduct {
                name: format!("Product {product_id}"),
                image: None,
                min_qty: 1,
                max_qty: None,
                stock: None,
                branch_id: Some(3),
            }),
        }
    }

    fn loaded(flow: &mut CartFlow, items: Vec<CartItem>) {
        let mut cart = Cart::empty(Some(3));
        cart.items = items;
        flow.step(CartEvent::Loaded { cart }, 0);
    }

    fn requests(effects: &[Effect]) -> Vec<&ApiCall> {
        effects
            .iter()
            .filter_map(|effect| match effect {
                Effect::Request { call } => Some(call),
                _ => None,
            })
            .collect()
    }

    fn shown_qty(view: &CartView, key: &str) -> Option<u32> {
        let cart = view.cart.as_ref()?;
        cart.items.iter().find(|i| i.key == key).map(|i| i.qty)
    }

    #[test]
    fn a_plus_is_shown_at_once_and_sent_and_the_next_waits_for_its_answer() {
        let mut flow = CartFlow::default();
        loaded(&mut flow, vec![item(1, "line-1", 10, 1)]);

        let first = flow.step(
            CartEvent::QuantityChanged {
                key: "line-1".into(),
                qty: 2,
            },
            0,
        );
        assert_eq!(shown_qty(&first.view, "line-1"), Some(2));
        assert_eq!(
            requests(&first.effects),
            vec![&ApiCall::UpdateCartQuantity {
                key: "line-1".into(),
                qty: 2
            }]
        );

        // A second "+" while the first is on its way: shown, not sent yet.
        let second = flow.step(
            CartEvent::QuantityChanged {
                key: "line-1".into(),
                qty: 3,
            },
            0,
        );
        assert_eq!(shown_qty(&second.view, "line-1"), Some(3));
        assert!(requests(&second.effects).is_empty());

        // The first answer: the second change goes out, and the screen keeps 3.
        let answered = flow.step(
            CartEvent::Updated {
                item: item(1, "line-1", 10, 2),
            },
            0,
        );
        assert_eq!(shown_qty(&answered.view, "line-1"), Some(3));
        assert_eq!(
            requests(&answered.effects),
            vec![&ApiCall::UpdateCartQuantity {
                key: "line-1".into(),
                qty: 3
            }]
        );

        let done = flow.step(
            CartEvent::Updated {
                item: CartItem {
                    order: Some(CartItemOrder {
                        price: Money::from_minor(3750),
                        total: Money::from_minor(3750),
                        cart_total: Money::from_minor(3750),
                        tax: Money::ZERO,
                    }),
                    ..item(1, "line-1", 10, 3)
                },
            },
            0,
        );
        assert_eq!(shown_qty(&done.view, "line-1"), Some(3));
        assert!(requests(&done.effects).is_empty());
        assert_eq!(
            done.view.cart.as_ref().map(|cart| cart.cart_total),
            Some(Money::from_minor(3750))
        );
    }

    #[test]
    fn a_refused_change_falls_back_to_the_server_s_cart_with_the_message() {
        let mut flow = CartFlow::default();
        loaded(&mut flow, vec![item(1, "line-1", 10, 1)]);
        flow.step(
            CartEvent::QuantityChanged {
                key: "line-1".into(),
                qty: 5,
            },
            0,
        );
        let message = Text::Server {
            text: "Only 2 left".into(),
        };
        let refused = flow.step(
            CartEvent::QuantityFailed {
                message: message.clone(),
            },
            0,
        );
        assert_eq!(shown_qty(&refused.view, "line-1"), Some(1));
        assert_eq!(
            refused.effects,
            vec![Effect::Toast {
                tone: Tone::Error,
                text: message
            }]
        );
    }

    #[test]
    fn an_add_to_another_shop_s_cart_asks_first_and_sends_with_consent() {
        let mut flow = CartFlow::default();
        loaded(&mut flow, vec![item(1, "line-1", 10, 1)]);
        let request = AddRequest {
            product_id: 20,
            branch_id: 4,
            qty: None,
            empty_cart: false,
        };
        let asked = flow.step(CartEvent::AddRequested { request }, 0);
        assert!(asked.view.prompt.is_some());
        assert!(!asked.view.adding);
        assert!(requests(&asked.effects).is_empty());

        let accepted = flow.step(CartEvent::PromptAccepted, 0);
        assert_eq!(accepted.view.prompt, None);
        assert!(accepted.view.adding);
        assert_eq!(
            requests(&accepted.effects),
            vec![&ApiCall::AddToCart {
                product_id: 20,
                qty: None,
                empty_cart: true
            }]
        );

        let added = flow.step(
            CartEvent::Added {
                item: CartItem {
                    product: Some(CartProduct {
                        branch_id: Some(4),
                        ..item(2, "line-2", 20, 1).product.unwrap()
                    }),
                    ..item(2, "line-2", 20, 1)
                },
            },
            0,
        );
        assert!(!added.view.adding);
        let cart = added.view.cart.expect("a cart");
        assert_eq!(cart.items.len(), 1, "the other shop's line is gone");
        assert_eq!(cart.items[0].product_id, 20);
    }

    #[test]
    fn the_view_before_anything_and_after_a_logout() {
        let mut flow = CartFlow::default();
        let empty = CartView {
            cart: None,
            loaded: false,
            adding: false,
            prompt: None,
        };
        assert_eq!(flow.view(), empty);
        loaded(&mut flow, vec![item(1, "line-1", 10, 2)]);
        assert!(flow.view().loaded);
        assert_eq!(flow.step(CartEvent::Reset, 0).view, empty);
    }
}
