import { useMutation } from "@tanstack/react-query";
import { cartWithPendingChanges, parseCart, parseCartItem } from "storefront-core/cart";
import type { Cart, CartEvent, CartItem, CouponResponse, PendingChange, Text } from "storefront-core";
import { ApiError, api, unwrap } from "../../api/client";
import { useAppStore } from "../../app/store";
import { applyCartEvent, currentCartState } from "./transitions";

/**
 * Cart changes feel instant: the page shows the core's `cartWithPendingChanges` — the
 * cart the server last confirmed with the changes still on their way laid over it — so
 * an answer to an earlier click never undoes a later one on screen. An answer goes
 * through the core's transitions onto the confirmed cart; a failure drops its change
 * and toasts the message the core extracted (the contract of
 * `core/src/cart/optimistic.rs`). Changes run one after another (one mutation scope), so
 * the server sees them in the order they were made.
 */
const CART_SCOPE = { id: "cart-lines" };

const inFlight = {
  /** Sent and not yet answered, in the order they were made (each object is one change). */
  pending: [] as PendingChange[],
  /** The cart as the server last described it, while changes are pending. */
  confirmed: null as Cart | null,
};

function show(confirmed: Cart | null): void {
  useAppStore.getState().setCart(confirmed ? cartWithPendingChanges(confirmed, inFlight.pending) : null);
}

function send(key: string, qty: number): PendingChange {
  if (inFlight.pending.length === 0) inFlight.confirmed = useAppStore.getState().cart;
  const change = { key, qty };
  inFlight.pending.push(change);
  show(inFlight.confirmed);
  return change;
}

/** Forgets an answered change and shows the confirmed cart with the changes still pending. */
function settle(change: PendingChange | undefined, confirmed: Cart | null): void {
  inFlight.pending = inFlight.pending.filter((pending) => pending !== change);
  inFlight.confirmed = inFlight.pending.length ? confirmed : null;
  show(confirmed);
}

/** The server's answer, through the core's transitions, applied to the confirmed cart. */
function confirm(event: CartEvent, change: PendingChange | undefined): void {
  const base = inFlight.confirmed ?? useAppStore.getState().cart;
  const outcome = applyCartEvent(event, { ...currentCartState(), cart: base, loaded: base !== null });
  settle(change, outcome.cart);
}

function rollBack(error: unknown, _variables: unknown, change: PendingChange | undefined): void {
  settle(change, inFlight.confirmed ?? useAppStore.getState().cart);
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
  return useMutation<CartItem, unknown, QuantityChange, PendingChange>({
    scope: CART_SCOPE,
    mutationFn: async ({ item, qty }) => {
      const body = await unwrap(api.POST("/order/update-cart", { body: { key: item.key, qty } }));
      return parseCartItem(body.data);
    },
    onMutate: ({ item, qty }) => send(item.key, qty),
    onSuccess: (item, _variables, change) => confirm({ type: "updated", item }, change),
    onError: rollBack,
  });
}

/** `DELETE /orders/item/{id}`: the line goes at once; the server's totals follow. */
export function useRemoveItem() {
  return useMutation<{ id: number; order: Cart["items"][number]["order"] }, unknown, CartItem, PendingChange>({
    scope: CART_SCOPE,
    mutationFn: async (item) => {
      const body = await unwrap(api.DELETE("/orders/item/{id}", { params: { path: { id: item.id } } }));
      return { id: body.data.id, order: body.data.order };
    },
    onMutate: (item) => send(item.key, 0),
    onSuccess: ({ id, order }, _item, change) => confirm({ type: "deleted", id, order }, change),
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
