import { cartApply, cartInitialState } from "storefront-core/cart";
import type { Cart, CartEvent, CartState } from "storefront-core";
import { runEffects } from "../../app/effects";
import { useAppStore } from "../../app/store";

// The cart's rules the pages call synchronously. Product and cart pages import this module
// as usual; code that /home loads (add to cart, favourites) imports it on the click, so
// the cart's part of the core loads only then (`storefront-core/cart`).
export { checkAddToCart, parseCartItem } from "storefront-core/cart";

/** The core's cart state for what the store holds. */
export function currentCartState(): CartState {
  const cart = useAppStore.getState().cart;
  return { ...cartInitialState(), cart, loaded: cart !== null };
}

/** Applies a cart event to the store's cart and performs the core's effects (toasts). */
export function applyCartEvent(event: CartEvent, state: CartState = currentCartState()): CartState {
  const outcome = cartApply(state, event);
  useAppStore.getState().setCart(outcome.state.cart);
  runEffects(outcome.effects);
  return outcome.state;
}

/** The cart with the product's flag at `flag`, through the core's cart transition. */
export function cartWithFavorite(cart: Cart | null, productId: number, flag: boolean): Cart | null {
  if (!cart) return cart;
  const item = cart.items.find((i) => i.product_id === productId);
  if (!item || item.favorite === flag) return cart;
  const state = { ...cartInitialState(), cart, loaded: true };
  return cartApply(state, { type: "favorite_toggled", product_id: productId }).state.cart;
}
