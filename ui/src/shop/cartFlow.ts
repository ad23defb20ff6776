import { cartApply, cartInitialState, parseCart, parseCartItem } from "storefront-core/cart";
import type { CartCall, CartEvent, CartItem, CartState } from "storefront-core";
import { ApiError, api, errorText, unwrap } from "../api/client";
import { runEffects } from "../app/effects";
import { queryClient } from "../app/queryClient";
import { useAppStore } from "../app/store";

// The cart as the core's state machine (`cartApply`), kept in the store between events:
// the cart shown, the changes on their way, the add under way and the different-shop
// question. Product and cart pages import this module as usual; code that /home loads
// (add to cart, favourites) imports it on the click, so the cart's part of the core
// loads only then (`storefront-core/cart`).

/** The core's cart state as the store holds it (nothing known yet: the initial state). */
function currentCartState(): CartState {
  return useAppStore.getState().cartState ?? cartInitialState();
}

/**
 * Feeds an event to the core's cart, keeps the state it returns, performs its effects
 * (toasts) and makes the call it asks for; the call's answer comes back as an event.
 */
export function dispatchCart(event: CartEvent): CartState {
  const outcome = cartApply(currentCartState(), event);
  useAppStore.getState().setCartState(outcome.state);
  if (outcome.effects.length > 0) runEffects(outcome.effects);
  if (outcome.send) void send(outcome.send);
  return outcome.state;
}

/** Makes a call the cart asked for and feeds the answer back. */
async function send(call: CartCall): Promise<void> {
  switch (call.call) {
    case "add_to_cart":
      try {
        const serviceId = useAppStore.getState().client.selected_service;
        const body = await unwrap(
          api.POST("/order/add-to-cart", {
            body: {
              product_id: call.product_id,
              qty: call.qty ?? undefined,
              service_id: serviceId ?? undefined,
              empty_cart: call.empty_cart,
            },
          }),
        );
        dispatchCart({ type: "added", item: parseCartItem(body.data) });
        void queryClient.invalidateQueries({ queryKey: ["cart"] });
      } catch (error) {
        const status = error instanceof ApiError ? (error.status ?? 0) : 0;
        dispatchCart({ type: "add_failed", status, message: errorText(error) });
      }
      return;
    case "update_quantity":
      try {
        const body = await unwrap(api.POST("/order/update-cart", { body: { key: call.key, qty: call.qty } }));
        dispatchCart({ type: "updated", item: parseCartItem(body.data) });
      } catch (error) {
        dispatchCart({ type: "quantity_failed", message: errorText(error) });
      }
      return;
    case "remove_item":
      try {
        const body = await unwrap(api.DELETE("/orders/item/{id}", { params: { path: { id: call.id } } }));
        dispatchCart({ type: "deleted", id: body.data.id, order: body.data.order ?? null });
      } catch (error) {
        dispatchCart({ type: "quantity_failed", message: errorText(error) });
      }
      return;
  }
}

/** The customer set a line's quantity (0 removes it): shown at once, sent in order. */
export function changeQuantity(item: CartItem, qty: number): void {
  dispatchCart({ type: "quantity_changed", key: item.key, qty });
}

/** The cart's line of `productId` with its favourite flag at `flag`, through the core's transition. */
export function setCartFavorite(productId: number, flag: boolean): void {
  const item = useAppStore.getState().cartState?.cart?.items.find((i) => i.product_id === productId);
  if (item && item.favorite !== flag) dispatchCart({ type: "favorite_toggled", product_id: productId });
}

/**
 * `POST /add_coupon` (an empty code removes the coupon). The answer is the core's
 * `CouponResponse` with the whole cart; the core applies it and toasts the server's
 * message. A refusal ('This coupon code is not valid.' …) is toasted and rejects, for
 * the form to show next to the field.
 */
export async function applyCoupon(code: string): Promise<void> {
  try {
    const serviceId = useAppStore.getState().client.selected_service;
    const body = await unwrap(api.POST("/add_coupon", { body: { service_id: serviceId, coupon_code: code } }));
    const data = body.data;
    const cart = parseCart(data.cart);
    dispatchCart({
      type: "coupon_applied",
      response: {
        item: data.item ? parseCartItem(data.item) : null,
        coupon_id: cart.coupon_id,
        coupon_code: cart.coupon_code,
        coupon_rule: cart.coupon_rule,
        totals: {
          price: cart.price,
          coupon_discount: cart.coupon_discount,
          tax: cart.tax,
          delivery_price: cart.delivery_price,
          total: cart.total,
          cart_total: cart.cart_total,
        },
        message: data.message ?? null,
      },
    });
  } catch (error) {
    dispatchCart({ type: "request_failed", message: errorText(error) });
    throw error;
  }
}
