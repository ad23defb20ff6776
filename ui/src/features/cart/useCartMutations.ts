import { useMutation } from "@tanstack/react-query";
import {
  cartOptimisticQuantity,
  parseCart,
  parseCartItem,
  type Cart,
  type CartEvent,
  type CartItem,
  type CouponResponse,
  type Text,
} from "storefront-core";
import { ApiError, api, unwrap } from "../../api/client";
import { useAppStore } from "../../app/store";
import { applyCartEvent, currentCartState } from "./useAddToCart";

/**
 * Cart changes feel instant: the core computes the cart to show at once
 * (`cartOptimisticQuantity`), the server's answer replaces it through the core's
 * transitions, and a failure puts the server's cart back and toasts the message the core
 * extracted (the rollback contract of `core/src/cart/optimistic.rs`). Changes run one
 * after another (one mutation scope), so the server sees them in the order they were made.
 *
 * While changes are in flight the page shows the last cart the server confirmed with the
 * changes still pending laid over it. An answer updates the confirmed cart only, so a
 * quick third click is counted from what the shopper sees, not from the first answer.
 */
const CART_SCOPE = { id: "cart-lines" };

/** A change sent and not yet answered: the line and the quantity asked (0 removes it). */
interface Ask {
  seq: number;
  key: string;
  qty: number;
}

const inFlight = {
  seq: 0,
  asks: [] as Ask[],
  /** The cart as the server last described it, while asks are pending. */
  confirmed: null as Cart | null,
};

/** The confirmed cart with every pending ask laid over it, in the order they were made. */
function shown(confirmed: Cart | null): Cart | null {
  return confirmed ? inFlight.asks.reduce((cart, ask) => cartOptimisticQuantity(cart, ask.key, ask.qty), confirmed) : null;
}

function ask(key: string, qty: number): Ask {
  const store = useAppStore.getState();
  if (inFlight.asks.length === 0) inFlight.confirmed = store.cart;
  inFlight.seq += 1;
  const made = { seq: inFlight.seq, key, qty };
  inFlight.asks.push(made);
  store.setCart(shown(inFlight.confirmed));
  return made;
}

/** Forgets an answered ask and shows the confirmed cart with the asks still pending. */
function settle(made: Ask | undefined, confirmed: Cart | null): void {
  inFlight.asks = inFlight.asks.filter((pending) => pending !== made);
  inFlight.confirmed = inFlight.asks.length ? confirmed : null;
  useAppStore.getState().setCart(shown(confirmed));
}

/** The server's answer, through the core's transitions, applied to the confirmed cart. */
function confirm(event: CartEvent, made: Ask | undefined): void {
  const base = inFlight.confirmed ?? useAppStore.getState().cart;
  const outcome = applyCartEvent(event, { ...currentCartState(), cart: base, loaded: base !== null });
  settle(made, outcome.cart);
}

function rollBack(error: unknown, _variables: unknown, made: Ask | undefined): void {
  settle(made, inFlight.confirmed ?? useAppStore.getState().cart);
  applyCartEvent({ type: "request_failed", message: failureText(error) });
}

/** The message of a failure, as the API client extracted it (spec 8). */
export function failureText(error: unknown): Text {
  if (error instanceof ApiError) return error.text;
  return { kind: "message", id: "generic_error", params: {} };
}

export interface QuantityChange {
  item: CartItem;
  qty: number;
}

/** `POST /order/update-cart` with the line's key and the new quantity. */
export function useUpdateQuantity() {
  return useMutation<CartItem, unknown, QuantityChange, Ask>({
    scope: CART_SCOPE,
    mutationFn: async ({ item, qty }) => {
      const body = await unwrap(api.POST("/order/update-cart", { body: { key: item.key, qty } }));
      return parseCartItem(body.data);
    },
    onMutate: ({ item, qty }) => ask(item.key, qty),
    onSuccess: (item, _change, made) => confirm({ type: "updated", item }, made),
    onError: rollBack,
  });
}

/** `DELETE /orders/item/{id}`: the line goes at once; the server's totals follow. */
export function useRemoveItem() {
  return useMutation<{ id: number; order: Cart["items"][number]["order"] }, unknown, CartItem, Ask>({
    scope: CART_SCOPE,
    mutationFn: async (item) => {
      const body = await unwrap(api.DELETE("/orders/item/{id}", { params: { path: { id: item.id } } }));
      return { id: body.data.id, order: body.data.order };
    },
    onMutate: (item) => ask(item.key, 0),
    onSuccess: ({ id, order }, _item, made) => confirm({ type: "deleted", id, order }, made),
    onError: rollBack,
  });
}

/**
 * `POST /add_coupon` (an empty code removes the coupon). The answer is the core's
 * `CouponResponse` with the whole cart; the core applies it and toasts the server's
 * message. A refusal ('This coupon code is not valid.' …) is toasted and returned for
 * the form to show next to the field.
 */
export function useApplyCoupon() {
  return useMutation<CouponResponse, unknown, string>({
    scope: CART_SCOPE,
    mutationFn: async (code) => {
      const serviceId = useAppStore.getState().client.selected_service;
      const body = await unwrap(api.POST("/add_coupon", { body: { service_id: serviceId, coupon_code: code } }));
      const data = body.data;
      const cart = parseCart(data.cart);
      return {
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
      };
    },
    onSuccess: (response) => confirm({ type: "coupon_applied", response }, undefined),
    onError: (error) => {
      applyCartEvent({ type: "request_failed", message: failureText(error) });
    },
  });
}
