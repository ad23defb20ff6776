import { useMutation } from "@tanstack/react-query";
import {
  cartOptimisticQuantity,
  parseCart,
  parseCartItem,
  type Cart,
  type CartItem,
  type CouponResponse,
  type Text,
} from "storefront-core";
import { ApiError, api, unwrap } from "../../api/client";
import { useAppStore } from "../../app/store";
import { applyCartEvent } from "./useAddToCart";

/**
 * Cart changes feel instant: the core computes the cart to show at once
 * (`cartOptimisticQuantity`), the server's answer replaces it through the core's
 * transitions, and a failure puts the kept cart back and toasts the message the core
 * extracted (the rollback contract of `core/src/cart/optimistic.rs`). Changes run one
 * after another (one mutation scope), so the server sees them in the order they were made.
 */
const CART_SCOPE = { id: "cart-lines" };

/** The cart shown before a change: what a failure restores. */
interface Kept {
  kept: Cart | null;
}

/** The message of a failure, as the API client extracted it (spec 8). */
export function failureText(error: unknown): Text {
  if (error instanceof ApiError) return error.text;
  return { kind: "message", id: "generic_error", params: {} };
}

function showOptimistic(key: string, qty: number): Kept {
  const store = useAppStore.getState();
  const kept = store.cart;
  if (kept) store.setCart(cartOptimisticQuantity(kept, key, qty));
  return { kept };
}

function rollBack(error: unknown, _variables: unknown, context: Kept | undefined): void {
  if (context) useAppStore.getState().setCart(context.kept);
  applyCartEvent({ type: "request_failed", message: failureText(error) });
}

export interface QuantityChange {
  item: CartItem;
  qty: number;
}

/** `POST /order/update-cart` with the line's key and the new quantity. */
export function useUpdateQuantity() {
  return useMutation<CartItem, unknown, QuantityChange, Kept>({
    scope: CART_SCOPE,
    mutationFn: async ({ item, qty }) => {
      const body = await unwrap(api.POST("/order/update-cart", { body: { key: item.key, qty } }));
      return parseCartItem(body.data);
    },
    onMutate: ({ item, qty }) => showOptimistic(item.key, qty),
    onSuccess: (item) => {
      applyCartEvent({ type: "updated", item });
    },
    onError: rollBack,
  });
}

/** `DELETE /orders/item/{id}`: the line goes at once; the server's totals follow. */
export function useRemoveItem() {
  return useMutation<{ id: number; order: Cart["items"][number]["order"] }, unknown, CartItem, Kept>({
    scope: CART_SCOPE,
    mutationFn: async (item) => {
      const body = await unwrap(api.DELETE("/orders/item/{id}", { params: { path: { id: item.id } } }));
      return { id: body.data.id, order: body.data.order };
    },
    onMutate: (item) => showOptimistic(item.key, 0),
    onSuccess: ({ id, order }) => {
      applyCartEvent({ type: "deleted", id, order });
    },
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
    onSuccess: (response) => {
      applyCartEvent({ type: "coupon_applied", response });
    },
    onError: (error) => {
      applyCartEvent({ type: "request_failed", message: failureText(error) });
    },
  });
}
