//! The cart state and its transitions (spec 4), the badge (spec 2) and the
//! different-shop check.

use serde::{Deserialize, Serialize};

use crate::effects::{ApiCall, Effect, Tone};
use crate::messages::{Message, MessageId, Text};

use super::model::{Cart, CartItem, CartItemOrder, CouponRule, Favorite};
use super::optimistic::{PendingChange, with_pending_changes};
use super::totals::CartTotals;

/// What the client knows of the cart.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct CartState {
    /// The cart to show: the server's last word with the pending changes laid over it;
    /// none before the first load or add.
    pub cart: Option<Cart>,
    /// The cart has been loaded from the server at least once.
    pub loaded: bool,
    /// Quantity changes made and not yet answered, oldest first. The first is on its
    /// way; the others are sent one after another as answers come, so the server sees
    /// them in the order they were made.
    #[serde(default)]
    pub pending: Vec<PendingChange>,
    /// The cart as the server last described it, while changes are pending.
    #[serde(default)]
    pub confirmed: Option<Cart>,
    /// The add to cart on its way.
    #[serde(default)]
    pub adding: Option<AddRequest>,
    /// An add waiting for the customer's consent to empty another shop's cart, with the
    /// question (the core's different-shop message, or the server's 400 message).
    #[serde(default)]
    pub prompt: Option<DifferentShopPrompt>,
}

/// A product the customer asked to put in the cart.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct AddRequest {
    pub product_id: u64,
    /// The product's shop, for the different-shop check.
    pub branch_id: u64,
    /// The quantity to hold; the product's minimum when left out.
    #[serde(default)]
    pub qty: Option<u32>,
    /// The customer agreed to empty the cart first.
    #[serde(default)]
    pub empty_cart: bool,
}

/// The different-shop question of an add.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DifferentShopPrompt {
    pub request: AddRequest,
    pub message: Text,
}

/// The answer of `POST /add_coupon`: the item it returns and the cart's totals.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct CouponResponse {
    #[serde(default)]
    pub item: Option<CartItem>,
    #[serde(default)]
    pub coupon_id: Option<u64>,
    #[serde(default)]
    pub coupon_code: Option<String>,
    #[serde(default)]
    pub coupon_rule: Option<CouponRule>,
    pub totals: CartTotals,
    /// The server's message, shown as a success toast.
    #[serde(default)]
    pub message: Option<String>,
}

/// Something that happened to the cart: a server answer or a customer action.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum CartEvent {
    /// `GET /get_card` answered with the cart.
    Loaded { cart: Cart },
    /// The customer asked to add a product.
    AddRequested { request: AddRequest },
    /// The customer agreed to empty the cart for the product waiting in the prompt.
    PromptAccepted,
    /// The customer set a line's quantity (0 removes the line).
    QuantityChanged { key: String, qty: u32 },
    /// The oldest quantity change failed with the extracted message.
    QuantityFailed { message: Text },
    /// `POST /order/add-to-cart` answered with the added item.
    Added { item: CartItem },
    /// `POST /order/add-to-cart` failed (400 or 422) with the extracted message.
    AddFailed { status: u16, message: Text },
    /// `POST /order/update-cart` answered with the changed item.
    Updated { item: CartItem },
    /// `DELETE /orders/item/{id}` succeeded; `order` carries the server's totals if
    /// it sent them.
    Deleted {
        id: u64,
        #[serde(default)]
        order: Option<CartItemOrder>,
    },
    /// `POST /add_coupon` answered.
    CouponApplied { response: CouponResponse },
    /// An update, delete or coupon call failed with the extracted message.
    RequestFailed { message: Text },
    /// The customer flipped the favourite flag of a product in the cart.
    FavoriteToggled { product_id: u64 },
    /// The customer agreed to empty the cart (different shop) and it was emptied.
    Emptied,
    /// The different-shop prompt was closed without agreeing.
    PromptDismissed,
    /// Logout: everything is forgotten.
    Reset,
}

/// The state after an event and what the shell must do: toasts, and at most one call
/// (`Effect::Request`), whose answer comes back as an event (`Added` / `AddFailed`,
/// `Updated` / `Deleted` / `QuantityFailed`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct CartOutcome {
    pub state: CartState,
    pub effects: Vec<Effect>,
}

impl CartOutcome {
    /// The call this event asks for, if any.
    pub fn request(&self) -> Option<&ApiCall> {
        self.effects.iter().find_map(|effect| match effect {
            Effect::Request { call } => Some(call),
            _ => None,
        })
    }
}

/// Whether a product may go into the cart as it is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum AddCheck {
    Allowed,
    /// The cart holds another shop's items: ask before emptying it.
    DifferentShop {
        prompt: Message,
    },
}

/// Applies an event to the cart state.
///
/// After every event `items_quantity` is the sum of the items' quantities and no item
/// has quantity 0 (an item the server returns with quantity 0 is removed). Answers
/// change the server's cart; the cart shown is that cart with the pending quantity
/// changes laid over it, so an answer to an earlier change never undoes a later one on
/// screen, and a refused change falls back to the server's last word.
pub fn apply(state: &CartState, event: CartEvent) -> CartOutcome {
    let mut pending = state.pending.clone();
    // What the server last said, without the changes still on their way.
    let mut server = CartState {
        cart: if pending.is_empty() {
            state.cart.clone()
        } else {
            state.confirmed.clone()
        },
        pending: Vec::new(),
        confirmed: None,
        ..state.clone()
    };
    let mut effects = Vec::new();
    let mut send = None;
    match event {
        CartEvent::QuantityChanged { key, qty } => {
            let shown = state.cart.as_ref();
            if shown.is_some_and(|cart| cart.items.iter().any(|item| item.key == key)) {
                pending.push(PendingChange { key, qty });
                if pending.len() == 1 {
                    send = next_change(&mut pending, server.cart.as_ref());
                }
            }
        }
        CartEvent::Updated { .. }
        | CartEvent::Deleted { .. }
        | CartEvent::QuantityFailed { .. } => {
            if let CartEvent::QuantityFailed { message } = event {
                effects.push(toast(Tone::Error, message));
            } else {
                server = apply_answer(&server, event, &mut effects);
            }
            if !pending.is_empty() {
                pending.remove(0);
                send = next_change(&mut pending, server.cart.as_ref());
            }
        }
        CartEvent::AddRequested { request } => match check_add(state, request.branch_id) {
            AddCheck::DifferentShop { prompt } => {
                server.prompt = Some(DifferentShopPrompt {
                    request,
                    message: prompt.into(),
                });
            }
            // One add at a time: a second click while one is on its way is not sent.
            AddCheck::Allowed if server.adding.is_none() => {
                send = Some(add_call(&request));
                server.adding = Some(request);
            }
            AddCheck::Allowed => {}
        },
        CartEvent::PromptAccepted => {
            if let Some(prompt) = server.prompt.take() {
                let request = AddRequest {
                    empty_cart: true,
                    ..prompt.request
                };
                send = Some(add_call(&request));
                server.adding = Some(request);
            }
        }
        CartEvent::PromptDismissed => server.prompt = None,
        CartEvent::Added { item } => {
            if server
                .adding
                .take()
                .is_some_and(|request| request.empty_cart)
            {
                server = apply_answer(&server, CartEvent::Emptied, &mut effects);
            }
            server = apply_answer(&server, CartEvent::Added { item }, &mut effects);
            server.prompt = None;
        }
        CartEvent::AddFailed { status, message } => {
            let request = server.adding.take();
            match request {
                Some(request) if status == 400 => {
                    server.prompt = Some(DifferentShopPrompt { request, message });
                }
                _ => effects.push(toast(Tone::Error, message)),
            }
        }
        CartEvent::Reset => {
            pending.clear();
            server = CartState::default();
        }
        event => server = apply_answer(&server, event, &mut effects),
    }
    let shown = match (&server.cart, pending.is_empty()) {
        (Some(cart), false) => Some(with_pending_changes(cart, &pending)),
        _ => server.cart.clone(),
    };
    let confirmed = if pending.is_empty() {
        None
    } else {
        server.cart
    };
    effects.extend(send.map(|call| Effect::Request { call }));
    CartOutcome {
        state: CartState {
            cart: shown,
            pending,
            confirmed,
            ..server
        },
        effects,
    }
}

fn add_call(request: &AddRequest) -> ApiCall {
    ApiCall::AddToCart {
        product_id: request.product_id,
        qty: request.qty,
        empty_cart: request.empty_cart,
    }
}

/// The call for the oldest pending change: a quantity update, or a removal of the line
/// the server knows under that key (a change of a line the server no longer has is
/// dropped).
fn next_change(pending: &mut Vec<PendingChange>, server: Option<&Cart>) -> Option<ApiCall> {
    while let Some(change) = pending.first() {
        if change.qty > 0 {
            return Some(ApiCall::UpdateCartQuantity {
                key: change.key.clone(),
                qty: change.qty,
            });
        }
        let line = server.and_then(|cart| cart.items.iter().find(|item| item.key == change.key));
        if let Some(line) = line {
            return Some(ApiCall::RemoveCartItem { id: line.id });
        }
        pending.remove(0);
    }
    None
}

/// An answer or action applied to the server's cart.
fn apply_answer(state: &CartState, event: CartEvent, effects: &mut Vec<Effect>) -> CartState {
    let mut next = state.clone();
    match event {
        CartEvent::Loaded { mut cart } => {
            cart.items.retain(|item| item.qty > 0);
            cart.items_quantity = cart.quantity_sum();
            next.cart = Some(cart);
            next.loaded = true;
        }
        CartEvent::Added { item } => {
            if let Some(text) = server_text(item.message.as_deref()) {
                effects.push(toast(Tone::Success, text));
            }
            let cart = next.cart.get_or_insert_with(|| Cart::empty(None));
            if cart.branch_id.is_none() {
                cart.branch_id = item.product.as_ref().and_then(|p| p.branch_id);
            }
            let order = item.order;
            let at = cart
                .items
                .iter()
                .position(|i| i.product_id == item.product_id);
            upsert(cart, at, item);
            settle(cart, order);
        }
        CartEvent::Updated { item } => {
            let cart = next.cart.get_or_insert_with(|| Cart::empty(None));
            let order = item.order;
            let at = cart
                .items
                .iter()
                .position(|i| i.key == item.key)
                .or_else(|| {
                    cart.items
                        .iter()
                        .position(|i| i.product_id == item.product_id)
                });
            upsert(cart, at, item);
            settle(cart, order);
        }
        CartEvent::Deleted { id, order } => {
            if let Some(cart) = next.cart.as_mut() {
                cart.items.retain(|item| item.id != id);
                settle(cart, order);
            }
        }
        CartEvent::CouponApplied { response } => {
            if let Some(text) = server_text(response.message.as_deref()) {
                effects.push(toast(Tone::Success, text));
            }
            let cart = next.cart.get_or_insert_with(|| Cart::empty(None));
            if let Some(item) = response.item {
                let at = cart
                    .items
                    .iter()
                    .position(|i| i.product_id == item.product_id);
                upsert(cart, at, item);
            }
            cart.coupon_id = response.coupon_id;
            cart.coupon_code = response.coupon_code;
            cart.coupon_rule = response.coupon_rule;
            cart.items_quantity = cart.quantity_sum();
            cart.set_totals(response.totals);
        }
        CartEvent::RequestFailed { message } => effects.push(toast(Tone::Error, message)),
        CartEvent::FavoriteToggled { product_id } => {
            if let Some(cart) = next.cart.as_mut() {
                for item in cart.items.iter_mut().filter(|i| i.product_id == product_id) {
                    item.favorite = Favorite(!item.favorite.0);
                }
            }
        }
        CartEvent::Emptied => {
            if next.cart.is_some() {
                next.cart = Some(Cart::empty(None));
            }
        }
        // Handled by `apply`, around the server's cart.
        CartEvent::AddRequested { .. }
        | CartEvent::PromptAccepted
        | CartEvent::PromptDismissed
        | CartEvent::QuantityChanged { .. }
        | CartEvent::QuantityFailed { .. }
        | CartEvent::AddFailed { .. }
        | CartEvent::Reset => {}
    }
    next
}

impl CartState {
    /// The cart's `items_quantity` once it has loaded from the server; `None` before.
    pub fn loaded_quantity(&self) -> Option<u32> {
        let cart = self.cart.as_ref().filter(|_| self.loaded)?;
        Some(cart.items_quantity)
    }
}

/// The count on the cart badge from the cart's `items_quantity` (`None` until the cart
/// has loaded): only once loaded and when above 0.
pub fn badge_count(items_quantity: Option<u32>) -> Option<u32> {
    items_quantity.filter(|quantity| *quantity > 0)
}

/// Checks adding a product of `branch_id` against the cart: a cart that is not empty
/// and belongs to another shop needs the customer's consent to be emptied first. A
/// cart whose shop is unknown lets the server decide (its 400 keeps the old-cart
/// message).
pub fn check_add(state: &CartState, branch_id: u64) -> AddCheck {
    match state.cart.as_ref() {
        Some(cart) if !cart.items.is_empty() && cart.shop().is_some_and(|b| b != branch_id) => {
            AddCheck::DifferentShop {
                prompt: Message::new(MessageId::DifferentShop),
            }
        }
        _ => AddCheck::Allowed,
    }
}

/// Replaces the item at `at` or appends it; lines left with quantity 0 go.
fn upsert(cart: &mut Cart, at: Option<usize>, item: CartItem) {
    match at.and_then(|at| cart.items.get_mut(at)) {
        Some(slot) => *slot = item,
        None => cart.items.push(item),
    }
    cart.items.retain(|i| i.qty > 0);
}

/// Recounts the quantity and takes the server's totals, or recomputes them with our
/// rules when the server sent none.
fn settle(cart: &mut Cart, order: Option<CartItemOrder>) {
    cart.items_quantity = cart.quantity_sum();
    match order {
        Some(order) => {
            // The item carries price, total, cart_total and tax; the rest follows from
            // total = price − coupon_discount + tax and cart_total = total + delivery.
            cart.set_totals(CartTotals {
                price: order.price,
                coupon_discount: (order.price + order.tax - order.total).non_negative(),
                tax: order.tax,
                delivery_price: (order.cart_total - order.total).non_negative(),
                total: order.total,
                cart_total: order.cart_total,
            });
        }
        None => {
            let totals = cart.computed_totals();
            cart.set_totals(totals);
        }
    }
}

fn server_text(message: Option<&str>) -> Option<Text> {
    let text = message?.trim();
    (!text.is_empty()).then(|| Text::Server {
        text: text.to_owned(),
    })
}

fn toast(tone: Tone, text: Text) -> Effect {
    Effect::Toast { tone, text }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cart::model::{CartPricing, CartProduct};
    use crate::cart::totals::compute_totals;
    use crate::money::Money;
    use proptest::prelude::*;

    fn m(text: &str) -> Money {
        Money::parse(text).unwrap()
    }

    fn item(id: u64, product_id: u64, qty: u32, price: &str) -> CartItem {
        CartItem {
            id,
            key: format!("key-{id}"),
            product_id,
            qty,
            price: m(price),
            favorite: Favorite(false),
            order: None,
            message: None,
            product: Some(CartProduct {
                name: format!("Product {product_id}"),
                image: None,
                min_qty: 1,
                max_qty: None,
                stock: None,
                branch_id: Some(5),
            }),
        }
    }

    fn loaded(items: Vec<CartItem>) -> CartState {
        let mut cart = Cart::empty(Some(5));
        cart.pricing = CartPricing {
            tax_rate_bp: 1000,
            delivery_fee: m("4.00"),
            free_delivery_over: None,
            free_delivery: false,
        };
        cart.items = items;
        // The server's quantity is wrong on purpose: loading recounts it.
        cart.items_quantity = 99;
        apply(&CartState::default(), CartEvent::Loaded { cart }).state
    }

    fn cart(state: &CartState) -> &Cart {
        state.cart.as_ref().unwrap()
    }

    #[test]
    fn loading_recounts_the_quantity_and_drops_empty_lines() {
        let state = loaded(vec![item(1, 10, 2, "5.00"), item(2, 20, 0, "1.00")]);
        assert!(state.loaded);
        assert_eq!(cart(&state).items.len(), 1);
        assert_eq!(cart(&state).items_quantity, 2);
    }

    #[test]
    fn adding_an_existing_product_replaces_its_line_and_recounts() {
        let state = loaded(vec![item(1, 10, 2, "5.00"), item(2, 20, 1, "3.00")]);
        let mut again = item(1, 10, 5, "5.00");
        again.message = Some("Added to cart".into());
        let out = apply(&state, CartEvent::Added { item: again });
        let c = cart(&out.state);
        assert_eq!(c.items.len(), 2);
        assert_eq!(c.items[0].qty, 5);
        assert_eq!(c.items_quantity, 6);
        // No order block from the server: totals recomputed with our rules.
        assert_eq!(c.price, m("28.00"));
        assert_eq!(c.tax, m("2.80"));
        assert_eq!(c.cart_total, m("34.80"));
        assert_eq!(
            out.effects,
            vec![Effect::Toast {
                tone: Tone::Success,
                text: Text::Server {
                    text: "Added to cart".into()
                }
            }]
        );
    }

    #[test]
    fn adding_a_new_product_appends_it_and_takes_the_server_totals() {
        let state = loaded(vec![item(1, 10, 2, "5.00")]);
        let mut new = item(3, 30, 1, "7.00");
        new.order = Some(CartItemOrder {
            price: m("17.00"),
            total: m("17.70"),
            cart_total: m("21.70"),
            tax: m("1.70"),
        });
        let out = apply(&state, CartEvent::Added { item: new });
        let c = cart(&out.state);
        assert_eq!(
            c.items.iter().map(|i| i.product_id).collect::<Vec<_>>(),
            [10, 30]
        );
        assert_eq!(c.items_quantity, 3);
        assert_eq!(c.total, m("17.70"));
        assert_eq!(c.coupon_discount, m("1.00"));
        assert_eq!(c.delivery_price, m("4.00"));
        assert!(out.effects.is_empty());
    }

    #[test]
    fn the_first_add_creates_the_cart_of_the_products_shop() {
        let out = apply(
            &CartState::default(),
            CartEvent::Added {
                item: item(1, 10, 1, "2.00"),
            },
        );
        assert_eq!(cart(&out.state).branch_id, Some(5));
        assert!(!out.state.loaded);
        assert_eq!(badge_count(out.state.loaded_quantity()), None);
    }

    #[test]
    fn update_replaces_by_key_then_by_product_id() {
        let state = loaded(vec![item(1, 10, 2, "5.00"), item(2, 20, 1, "3.00")]);
        let mut by_key = item(1, 99, 4, "5.00");
        by_key.key = "key-2".into();
        let out = apply(&state, CartEvent::Updated { item: by_key });
        assert_eq!(cart(&out.state).items[1].product_id, 99);
        assert_eq!(cart(&out.state).items_quantity, 6);

        let mut by_product = item(1, 10, 7, "5.00");
        by_product.key = "fresh".into();
        let out = apply(&state, CartEvent::Updated { item: by_product });
        assert_eq!(cart(&out.state).items[0].key, "fresh");
        assert_eq!(cart(&out.state).items_quantity, 8);
    }

    #[test]
    fn an_answer_with_quantity_zero_removes_the_line() {
        let state = loaded(vec![item(1, 10, 2, "5.00"), item(2, 20, 1, "3.00")]);
        let out = apply(
            &state,
            CartEvent::Updated {
                item: item(1, 10, 0, "5.00"),
            },
        );
        assert_eq!(cart(&out.state).items.len(), 1);
        assert_eq!(cart(&out.state).items_quantity, 1);
    }

    #[test]
    fn delete_removes_the_item_and_subtracts_its_quantity() {
        let state = loaded(vec![item(1, 10, 2, "5.00"), item(2, 20, 3, "3.00")]);
        let out = apply(&state, CartEvent::Deleted { id: 2, order: None });
        let c = cart(&out.state);
        assert_eq!(c.items.len(), 1);
        assert_eq!(c.items_quantity, 2);
        assert_eq!(c.price, m("10.00"));
        let out = apply(&out.state, CartEvent::Deleted { id: 1, order: None });
        let c = cart(&out.state);
        assert_eq!(c.items_quantity, 0);
        assert_eq!(c.cart_total, Money::ZERO);
        assert_eq!(badge_count(out.state.loaded_quantity()), None);
    }

    #[test]
    fn a_coupon_applies_the_returned_item_and_totals() {
        let state = loaded(vec![item(1, 10, 2, "5.00")]);
        let rule = CouponRule::Fixed {
            amount: m("2.00"),
            minimum: None,
        };
        let mut lines = cart(&state).lines();
        lines.push(crate::cart::CartLine {
            price: m("1.00"),
            qty: 1,
        });
        let totals = compute_totals(&lines, &cart(&state).pricing, Some(&rule));
        let response = CouponResponse {
            item: Some(item(4, 40, 1, "1.00")),
            coupon_id: Some(9),
            coupon_code: Some("SAVE2".into()),
            coupon_rule: Some(rule),
            totals,
            message: Some("Coupon applied".into()),
        };
        let out = apply(&state, CartEvent::CouponApplied { response });
        let c = cart(&out.state);
        assert_eq!(c.items_quantity, 3);
        assert_eq!(c.coupon_code.as_deref(), Some("SAVE2"));
        assert_eq!(c.coupon_discount, m("2.00"));
        assert_eq!(c.totals(), totals);
        assert_eq!(c.computed_totals(), totals);
        assert_eq!(out.effects.len(), 1);
    }

    fn add(product_id: u64, branch_id: u64) -> AddRequest {
        AddRequest {
            product_id,
            branch_id,
            qty: None,
            empty_cart: false,
        }
    }

    #[test]
    fn an_add_asks_for_its_call_once_and_the_answer_ends_it() {
        let state = loaded(vec![item(1, 10, 2, "5.00")]);
        let out = apply(
            &state,
            CartEvent::AddRequested {
                request: add(30, 5),
            },
        );
        assert_eq!(
            out.request(),
            Some(&ApiCall::AddToCart {
                product_id: 30,
                qty: None,
                empty_cart: false
            })
        );
        // A second click while the first add is on its way sends nothing.
        let again = apply(
            &out.state,
            CartEvent::AddRequested {
                request: add(30, 5),
            },
        );
        assert_eq!(again.request(), None);
        let done = apply(
            &again.state,
            CartEvent::Added {
                item: item(3, 30, 1, "7.00"),
            },
        );
        assert_eq!(done.state.adding, None);
        assert_eq!(cart(&done.state).items_quantity, 3);
    }

    #[test]
    fn another_shops_product_waits_in_the_prompt_and_consent_empties_the_cart() {
        let state = loaded(vec![item(1, 10, 2, "5.00")]);
        let out = apply(
            &state,
            CartEvent::AddRequested {
                request: add(40, 6),
            },
        );
        assert_eq!(out.request(), None);
        let prompt = out.state.prompt.clone().unwrap();
        assert_eq!(
            prompt.message,
            Text::from(Message::new(MessageId::DifferentShop))
        );
        assert_eq!(prompt.request, add(40, 6));

        let accepted = apply(&out.state, CartEvent::PromptAccepted);
        assert_eq!(accepted.state.prompt, None);
        assert_eq!(
            accepted.request(),
            Some(&ApiCall::AddToCart {
                product_id: 40,
                qty: None,
                empty_cart: true
            })
        );
        let mut other = item(9, 40, 1, "3.00");
        other.product.as_mut().unwrap().branch_id = Some(6);
        let done = apply(&accepted.state, CartEvent::Added { item: other });
        let c = cart(&done.state);
        assert_eq!(
            c.items.iter().map(|i| i.product_id).collect::<Vec<_>>(),
            [40]
        );
        assert_eq!(c.items_quantity, 1);

        let dismissed = apply(&out.state, CartEvent::PromptDismissed);
        assert_eq!(dismissed.state.prompt, None);
        assert_eq!(dismissed.state.cart, state.cart);
    }

    #[test]
    fn a_400_on_add_asks_with_the_servers_message() {
        let state = loaded(vec![item(1, 10, 2, "5.00")]);
        let asked = apply(
            &state,
            CartEvent::AddRequested {
                request: add(30, 5),
            },
        )
        .state;
        let message = Text::Server {
            text: "Your cart has items from another shop".into(),
        };
        let out = apply(
            &asked,
            CartEvent::AddFailed {
                status: 400,
                message: message.clone(),
            },
        );
        assert_eq!(
            out.state.prompt,
            Some(DifferentShopPrompt {
                request: add(30, 5),
                message
            })
        );
        assert_eq!(out.state.adding, None);
        assert_eq!(out.state.cart, state.cart);
        assert!(out.effects.is_empty());
    }

    #[test]
    fn quantity_changes_go_one_at_a_time_and_the_screen_keeps_the_latest() {
        let state = loaded(vec![item(1, 10, 2, "5.00"), item(2, 20, 1, "3.00")]);
        let one = apply(
            &state,
            CartEvent::QuantityChanged {
                key: "key-1".into(),
                qty: 3,
            },
        );
        assert_eq!(
            one.request(),
            Some(&ApiCall::UpdateCartQuantity {
                key: "key-1".into(),
                qty: 3
            })
        );
        assert_eq!(cart(&one.state).items_quantity, 4);
        // Made while the first is on its way: shown at once, sent after its answer.
        let two = apply(
            &one.state,
            CartEvent::QuantityChanged {
                key: "key-1".into(),
                qty: 4,
            },
        );
        assert_eq!(two.request(), None);
        let three = apply(
            &two.state,
            CartEvent::QuantityChanged {
                key: "key-2".into(),
                qty: 0,
            },
        );
        assert_eq!(three.request(), None);
        assert_eq!(cart(&three.state).items_quantity, 4);
        assert_eq!(cart(&three.state).items.len(), 1);

        // The first answer does not undo the later changes on screen.
        let answered = apply(
            &three.state,
            CartEvent::Updated {
                item: item(1, 10, 3, "5.00"),
            },
        );
        assert_eq!(
            answered.request(),
            Some(&ApiCall::UpdateCartQuantity {
                key: "key-1".into(),
                qty: 4
            })
        );
        assert_eq!(cart(&answered.state).items_quantity, 4);
        assert_eq!(answered.state.confirmed.as_ref().unwrap().items_quantity, 4);

        // The second is refused: its change goes, the removal is sent next.
        let refused = apply(
            &answered.state,
            CartEvent::QuantityFailed {
                message: MessageId::NotEnoughStock.into(),
            },
        );
        assert_eq!(refused.request(), Some(&ApiCall::RemoveCartItem { id: 2 }));
        assert_eq!(cart(&refused.state).items[0].qty, 3);
        // The refusal's toast, then the next change's call.
        assert_eq!(refused.effects.len(), 2);
        assert!(matches!(
            refused.effects[0],
            Effect::Toast {
                tone: Tone::Error,
                ..
            }
        ));

        let removed = apply(&refused.state, CartEvent::Deleted { id: 2, order: None });
        assert_eq!(removed.request(), None);
        assert!(removed.state.pending.is_empty());
        assert_eq!(removed.state.confirmed, None);
        assert_eq!(cart(&removed.state).items_quantity, 3);
    }

    #[test]
    fn a_change_to_a_line_not_shown_is_not_sent() {
        let state = loaded(vec![item(1, 10, 2, "5.00")]);
        let out = apply(
            &state,
            CartEvent::QuantityChanged {
                key: "gone".into(),
                qty: 2,
            },
        );
        assert_eq!(out.request(), None);
        assert_eq!(out.state, state);
    }

    #[test]
    fn a_reload_while_changes_are_pending_keeps_them_on_screen() {
        let state = loaded(vec![item(1, 10, 2, "5.00")]);
        let sent = apply(
            &state,
            CartEvent::QuantityChanged {
                key: "key-1".into(),
                qty: 5,
            },
        )
        .state;
        let mut fresh = Cart::empty(Some(5));
        fresh.items = vec![item(1, 10, 2, "5.00"), item(3, 30, 1, "1.00")];
        let out = apply(&sent, CartEvent::Loaded { cart: fresh });
        assert_eq!(cart(&out.state).items_quantity, 6);
        assert_eq!(out.state.pending.len(), 1);
        let reset = apply(&out.state, CartEvent::Reset);
        assert_eq!(reset.state, CartState::default());
    }

    #[test]
    fn other_failures_show_an_error_toast_and_keep_the_cart() {
        let state = loaded(vec![item(1, 10, 2, "5.00")]);
        let stock: Text = MessageId::NotEnoughStock.into();
        let out = apply(
            &state,
            CartEvent::AddFailed {
                status: 422,
                message: stock.clone(),
            },
        );
        assert_eq!(out.state, state);
        assert_eq!(
            out.effects,
            vec![Effect::Toast {
                tone: Tone::Error,
                text: stock
            }]
        );
        let out = apply(
            &state,
            CartEvent::RequestFailed {
                message: MessageId::BadRequest.into(),
            },
        );
        assert_eq!(out.state, state);
        assert_eq!(out.effects.len(), 1);
    }

    #[test]
    fn favourite_toggle_flips_the_flag_of_the_product() {
        let state = loaded(vec![item(1, 10, 2, "5.00"), item(2, 20, 1, "3.00")]);
        let out = apply(&state, CartEvent::FavoriteToggled { product_id: 20 });
        assert_eq!(cart(&out.state).items[1].favorite, Favorite(true));
        assert_eq!(cart(&out.state).items[0].favorite, Favorite(false));
        let back = apply(&out.state, CartEvent::FavoriteToggled { product_id: 20 });
        assert_eq!(cart(&back.state).items[1].favorite, Favorite(false));
    }

    #[test]
    fn emptying_and_reset() {
        let state = loaded(vec![item(1, 10, 2, "5.00")]);
        let out = apply(&state, CartEvent::Emptied);
        assert_eq!(cart(&out.state).items_quantity, 0);
        assert_eq!(cart(&out.state).branch_id, None);
        assert!(out.state.loaded);
        let out = apply(&state, CartEvent::Reset);
        assert_eq!(out.state, CartState::default());
    }

    #[test]
    fn the_badge_shows_only_once_loaded_and_above_zero() {
        assert_eq!(badge_count(CartState::default().loaded_quantity()), None);
        let state = loaded(vec![item(1, 10, 2, "5.00"), item(2, 20, 1, "3.00")]);
        assert_eq!(badge_count(state.loaded_quantity()), Some(3));
        assert_eq!(badge_count(loaded(vec![]).loaded_quantity()), None);
        let mut not_loaded = state.clone();
        not_loaded.loaded = false;
        assert_eq!(badge_count(not_loaded.loaded_quantity()), None);
    }

    #[test]
    fn a_product_of_another_shop_prompts_to_empty_the_cart() {
        let state = loaded(vec![item(1, 10, 2, "5.00")]);
        let check = check_add(&state, 6);
        assert_eq!(
            check,
            AddCheck::DifferentShop {
                prompt: Message::new(MessageId::DifferentShop)
            }
        );
        if let AddCheck::DifferentShop { prompt } = check {
            assert_eq!(
                prompt.english(),
                "There are items from different shop in your cart. Would you like to empty your cart to add this item?"
            );
        }
        assert_eq!(check_add(&state, 5), AddCheck::Allowed);
        assert_eq!(check_add(&loaded(vec![]), 6), AddCheck::Allowed);
        assert_eq!(check_add(&CartState::default(), 6), AddCheck::Allowed);
    }

    #[test]
    fn events_cross_as_tagged_json() {
        let event: CartEvent = serde_json::from_value(serde_json::json!({
            "type": "deleted", "id": 4
        }))
        .unwrap();
        assert_eq!(event, CartEvent::Deleted { id: 4, order: None });
        let event: CartEvent = serde_json::from_value(serde_json::json!({
            "type": "add_failed", "status": 400,
            "message": {"kind": "server", "text": "different shop"}
        }))
        .unwrap();
        assert!(matches!(event, CartEvent::AddFailed { status: 400, .. }));
    }

    /// A server answer to replay: quantities are small, products few, so lines collide.
    #[derive(Debug, Clone)]
    enum Op {
        Add {
            product: u64,
            qty: u32,
        },
        Update {
            product: u64,
            qty: u32,
            by_key: bool,
        },
        Delete {
            product: u64,
        },
        Coupon {
            product: Option<u64>,
            qty: u32,
            rule: Option<CouponRule>,
        },
        Load {
            products: Vec<(u64, u32)>,
        },
    }

    fn any_rule() -> impl Strategy<Value = Option<CouponRule>> {
        proptest::option::of(prop_oneof![
            (0u32..12_000, proptest::option::of(0i64..5_000)).prop_map(|(rate_bp, cap)| {
                CouponRule::Percent {
                    rate_bp,
                    cap: cap.map(Money::from_minor),
                    minimum: None,
                }
            }),
            (0i64..10_000, proptest::option::of(0i64..10_000)).prop_map(|(a, min)| {
                CouponRule::Fixed {
                    amount: Money::from_minor(a),
                    minimum: min.map(Money::from_minor),
                }
            }),
        ])
    }

    fn any_op() -> impl Strategy<Value = Op> {
        prop_oneof![
            (1u64..6, 0u32..6).prop_map(|(product, qty)| Op::Add { product, qty }),
            (1u64..6, 0u32..6, any::<bool>()).prop_map(|(product, qty, by_key)| Op::Update {
                product,
                qty,
                by_key
            }),
            (1u64..6).prop_map(|product| Op::Delete { product }),
            (proptest::option::of(1u64..6), 0u32..6, any_rule())
                .prop_map(|(product, qty, rule)| Op::Coupon { product, qty, rule }),
            proptest::collection::vec((1u64..6, 0u32..4), 0..5)
                .prop_map(|products| Op::Load { products }),
        ]
    }

    /// The product's line as the server would return it; the unit price follows the
    /// product so repeated answers agree.
    fn server_item(product: u64, qty: u32) -> CartItem {
        let price = Money::from_minor(i64::try_from(product).unwrap() * 333);
        CartItem {
            price,
            ..item(product, product, qty, "0")
        }
    }

    fn pricing() -> CartPricing {
        CartPricing {
            tax_rate_bp: 1400,
            delivery_fee: m("10.00"),
            free_delivery_over: Some(m("50.00")),
            free_delivery: false,
        }
    }

    /// Builds the server's answer to an op; its totals are our rules applied to the
    /// cart the client will show (what the reference server computes).
    fn answer(state: &CartState, op: Op) -> CartEvent {
        let with_order = |event: CartEvent, item: &mut CartItem| {
            let preview = apply(state, event).state;
            let totals = preview
                .cart
                .map(|c| c.computed_totals())
                .unwrap_or_default();
            item.order = Some(totals.into());
        };
        match op {
            Op::Add { product, qty } => {
                let mut item = server_item(product, qty);
                with_order(CartEvent::Added { item: item.clone() }, &mut item);
                CartEvent::Added { item }
            }
            Op::Update {
                product,
                qty,
                by_key,
            } => {
                let mut item = server_item(product, qty);
                if !by_key {
                    item.key = format!("other-{product}");
                }
                with_order(CartEvent::Updated { item: item.clone() }, &mut item);
                CartEvent::Updated { item }
            }
            Op::Delete { product } => CartEvent::Deleted {
                id: product,
                order: None,
            },
            Op::Coupon { product, qty, rule } => {
                let item = product.map(|p| server_item(p, qty));
                let mut cart = state.cart.clone().unwrap_or_else(|| Cart::empty(None));
                if let Some(item) = &item {
                    let at = cart
                        .items
                        .iter()
                        .position(|i| i.product_id == item.product_id);
                    upsert(&mut cart, at, item.clone());
                }
                let totals = compute_totals(&cart.lines(), &cart.pricing, rule.as_ref());
                CartEvent::CouponApplied {
                    response: CouponResponse {
                        item,
                        coupon_id: rule.map(|_| 1),
                        coupon_code: rule.map(|_| "CODE".to_owned()),
                        coupon_rule: rule,
                        totals,
                        message: None,
                    },
                }
            }
            Op::Load { products } => {
                let mut cart = Cart::empty(Some(5));
                cart.pricing = pricing();
                cart.items = products
                    .into_iter()
                    .map(|(p, q)| server_item(p, q))
                    .collect();
                let totals = cart.computed_totals();
                cart.set_totals(totals);
                CartEvent::Loaded { cart }
            }
        }
    }

    fn check_invariants(state: &CartState) -> Result<(), TestCaseError> {
        if let Some(c) = &state.cart {
            let sum: u32 = c.items.iter().map(|i| i.qty).sum();
            prop_assert_eq!(c.items_quantity, sum);
            prop_assert!(c.items.iter().all(|i| i.qty > 0));
            let t = c.totals();
            for amount in [
                t.price,
                t.coupon_discount,
                t.tax,
                t.delivery_price,
                t.total,
                t.cart_total,
            ] {
                prop_assert!(!amount.is_negative());
            }
            prop_assert_eq!(c.cart_total, c.total + c.delivery_price);
        }
        Ok(())
    }

    proptest! {
        #[test]
        fn quantity_and_totals_stay_consistent_through_any_answers(
            ops in proptest::collection::vec(any_op(), 0..25)
        ) {
            let mut state = apply(&CartState::default(), answer(&CartState::default(), Op::Load { products: vec![] })).state;
            for op in ops {
                let event = answer(&state, op);
                state = apply(&state, event).state;
                check_invariants(&state)?;
                // The server computed with the same rules: the cart shows those totals.
                if let Some(c) = &state.cart {
                    prop_assert_eq!(c.totals(), c.computed_totals());
                }
            }
        }

        #[test]
        fn quantity_invariants_hold_for_arbitrary_items(
            items in proptest::collection::vec((1u64..5, 1u64..5, 0u32..5, any::<u8>()), 0..30)
        ) {
            let mut state = CartState::default();
            for (id, product, qty, which) in items {
                let mut it = item(id, product, qty, "1.00");
                it.key = format!("k{}", id % 3);
                let event = match which % 4 {
                    0 => CartEvent::Added { item: it },
                    1 => CartEvent::Updated { item: it },
                    2 => CartEvent::Deleted { id, order: None },
                    _ => CartEvent::CouponApplied { response: CouponResponse {
                        item: Some(it), coupon_id: None, coupon_code: None, coupon_rule: None,
                        totals: CartTotals::default(), message: None,
                    } },
                };
                state = apply(&state, event).state;
                let c = state.cart.as_ref();
                let sum: u32 = c.map(|c| c.items.iter().map(|i| i.qty).sum()).unwrap_or(0);
                prop_assert_eq!(c.map(|c| c.items_quantity).unwrap_or(0), sum);
                prop_assert!(c.is_none_or(|c| c.items.iter().all(|i| i.qty > 0)));
            }
        }
    }
}
