import type { ApiCall, CheckoutOrder } from "storefront-core";
import { normalizeDigits } from "storefront-core/cart";
import { api, unwrap } from "../../api/client";
import type { components } from "../../api/schema.gen";
import type { PlacedOrder } from "./queries";

export type CheckoutRequest = components["schemas"]["CheckoutRequest"];

/** The checkout flow's call: `POST /order/checkout`. */
export type PlaceOrderCall = Extract<ApiCall, { call: "place_order" }>;

/**
 * The body that asks only "did this key place an order?": without a service and an
 * address it can never place one (422), while a key that placed an order answers it
 * first (static-host/docs/orders.md, Idempotency).
 */
export const RESUME_BODY: CheckoutRequest = { payment_method: "cash" };

/**
 * The body of `POST /order/checkout` for the order the flow asks for (digits typed in
 * Arabic-Indic are sent as ASCII). A saved card goes as `saved_card_id` with its CVV and
 * no card number; a new card may ask to be saved (`save_card`).
 */
export function checkoutBody(serviceId: number | null, order: CheckoutOrder): CheckoutRequest {
  const base = { service_id: serviceId, address_id: order.address_id, payment_method: order.payment_method, use_wallet: order.use_wallet };
  if (order.saved_card_id !== null) {
    return { ...base, card: null, saved_card_id: order.saved_card_id, cvv: normalizeDigits(order.cvv ?? "").trim() };
  }
  const card = order.card;
  return {
    ...base,
    ...(card && order.save_card ? { save_card: true } : {}),
    card: card
      ? {
          number: normalizeDigits(card.number).trim(),
          name: card.name.trim(),
          exp_month: normalizeDigits(card.exp_month).trim(),
          exp_year: normalizeDigits(card.exp_year).trim(),
          cvv: normalizeDigits(card.cvv).trim(),
        }
      : null,
  };
}

/**
 * Places the order the checkout flow asks for, with the attempt's `Idempotency-Key`
 * (the API never places two orders for one key); the order the server answers with is
 * read with its OpenAPI type. `serviceId`: the selected service, whose cart is ordered.
 */
export async function placeOrder(call: PlaceOrderCall, serviceId: number | null): Promise<PlacedOrder> {
  const body = call.order === null ? RESUME_BODY : checkoutBody(serviceId, call.order);
  const answer = await unwrap(api.POST("/order/checkout", { body, params: { header: { "Idempotency-Key": call.idempotency_key } } }));
  return answer.data;
}
