import type { ApiCall } from "storefront-core";
import { cartItemOf } from "./cartValues";
import { answerOf, type CallAnswer } from "./callAnswer";
import { api, unwrap } from "./client";

/** The calls of the cart's flow. */
export type CartCall = Extract<ApiCall, { call: "add_to_cart" | "update_cart_quantity" | "remove_cart_item" }>;

/**
 * Performs a call of the cart's flow; the item the server answers with is read with its
 * OpenAPI type. `serviceId`: the selected service, which an add
 * names.
 */
export function performCartCall(call: CartCall, serviceId: number | null): Promise<CallAnswer> {
  switch (call.call) {
    case "add_to_cart":
      return answerOf(call, async () => {
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
        return cartItemOf(body.data);
      });
    case "update_cart_quantity":
      return answerOf(call, async () => {
        const body = await unwrap(api.POST("/order/update-cart", { body: { key: call.key, qty: call.qty } }));
        return cartItemOf(body.data);
      });
    case "remove_cart_item":
      return answerOf(call, async () => {
        const body = await unwrap(api.DELETE("/orders/item/{id}", { params: { path: { id: call.id } } }));
        return { id: body.data.id, order: body.data.order ?? null };
      });
  }
}
