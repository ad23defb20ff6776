import { CartFlow } from "storefront-core/cart";
import type { ApiCall, CartEvent, CartItem, CartView } from "storefront-core";
// The cart's documents are read into the flow's values by the package's readers: only what
// its rules use is passed (the shop's name and whether it delivers stay here: the page
// shows them).
import { cartItemOf, cartOf } from "storefront-core/api";
import { ApiError, api, errorText, unwrap } from "../api/client";
import { FlowDriver } from "../platform/flow";
import { queryClient } from "../platform/queryClient";
import { useAppStore } from "../platform/store";
import { requestCart, type CartAnswer } from "./cartRequest";

// The cart's side of the app, in one module: the core's flow (`CartFlow`) in the app's
// driver, the events the screens send it, the calls it asks for and the cart documents
// read into its values. The flow keeps its state (the cart shown, the changes on their
// way, the add under way, the different-shop question) in the WASM module; an event goes
// in, the effects and the view come out, and the view goes into the store for the
// screens. Product and cart pages import this module as usual; code that /home loads
// (add to cart, favourites) imports it on the click, so the cart's part of the core
// loads only then (`storefront-core/cart`).

/**
 * The cart's flow in the app's driver. It is made again when the store has no cart view:
 * a logout (or a test's reset) sets the view back to null.
 */
const cart = new FlowDriver<CartEvent, CartView>({
  make: () => new CartFlow(),
  perform: performCartCall,
  onView: (view) => useAppStore.getState().setCartView(view),
  stale: () => useAppStore.getState().cartView === null,
});

/**
 * Feeds an event to the core's cart flow, puts the view it gives in the store, makes the
 * call it asks for and runs its other effects (toasts).
 */
export const dispatchCart = (event: CartEvent): CartView => cart.dispatch(event);

/**
 * Makes a call of the cart's flow and gives the flow's event for its outcome (`Added` /
 * `AddFailed`, `Updated` / `Deleted` / `QuantityFailed`); the item the server answers with
 * is read with its OpenAPI type. An add names the selected service.
 */
export async function performCartCall(call: ApiCall): Promise<CartEvent | null> {
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
        const item = cartItemOf(body.data);
        void queryClient.invalidateQueries({ queryKey: ["cart"] });
        return { type: "added", item };
      } catch (error) {
        return {
          type: "add_failed",
          status: error instanceof ApiError ? (error.status ?? 0) : 0,
          message: errorText(error),
        };
      }
    case "update_cart_quantity":
      try {
        const body = await unwrap(api.POST("/order/update-cart", { body: { key: call.key, qty: call.qty } }));
        return { type: "updated", item: cartItemOf(body.data) };
      } catch (error) {
        return { type: "quantity_failed", message: errorText(error) };
      }
    case "remove_cart_item":
      try {
        const body = await unwrap(api.DELETE("/orders/item/{id}", { params: { path: { id: call.id } } }));
        return { type: "deleted", id: body.data.id, order: body.data.order ?? null };
      } catch (error) {
        return { type: "quantity_failed", message: errorText(error) };
      }
    default:
      // The cart's flow asks for no other call.
      return null;
  }
}

/** The customer set a line's quantity (0 removes it): shown at once, sent in order. */
export function changeQuantity(item: CartItem, qty: number): void {
  dispatchCart({ type: "quantity_changed", key: item.key, qty });
}

/** The cart's line of `productId` with its favourite flag at `flag`, through the core's transition. */
export function setCartFavorite(productId: number, flag: boolean): void {
  const item = useAppStore.getState().cartView?.cart?.items.find((i) => i.product_id === productId);
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
    const cart = cartOf(data.cart);
    dispatchCart({
      type: "coupon_applied",
      response: {
        item: data.item ? cartItemOf(data.item) : null,
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

/**
 * What `GET /get_card` gave besides the cart (which lives in the store's cart state):
 * the shop's name for the heading, and whether the shop delivers to the chosen district
 * (null: an empty cart, or no district).
 */
export interface LoadedCart {
  branchName: string | null;
  delivers: boolean | null;
}

/**
 * Reads `GET /get_card`'s answer (its OpenAPI type): the cart goes through the core's
 * `loaded` transition into the store's cart state (the header badge reads it). The
 * shop's part goes into the store first: React renders both updates of this task at
 * once, and the query's own answer comes a task later.
 */
export function readCart(body: CartAnswer): LoadedCart {
  const loaded = cartOf(body.data);
  const shop = { branchName: body.data.branch_name ?? null, delivers: body.data.delivers ?? null };
  useAppStore.setState({ cartShop: shop });
  dispatchCart({ type: "loaded", cart: loaded });
  return shop;
}

/** Loads the cart of the selected service (see `requestCart` for when there is no call). */
export async function fetchCart(serviceId: number | null): Promise<LoadedCart> {
  return readCart(await requestCart(serviceId));
}

