import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useLocation } from "wouter";
import { normalizeDigits } from "storefront-core/cart";
import { api, unwrap } from "../../api/client";
import type { components } from "../../api/schema.gen";
import { useAppStore } from "../../platform/store";
import { dispatchCart } from "../../shop/cartFlow";
import { finishCheckoutAttempt } from "./idempotency";
import { orderQueryKey, type PlacedOrder } from "./queries";

export type PaymentMethod = "card" | "cash";

/** The card form's values, as typed. */
export interface CardValues {
  number: string;
  name: string;
  exp_month: string;
  exp_year: string;
  cvv: string;
}

/**
 * One of the customer's saved cards, with the CVV typed for this payment. The CVV lives
 * only in the checkout's own state (the form, this choice, the placement): never in the
 * store, storage or a query.
 */
export interface SavedCardChoice {
  id: number;
  last4: string;
  cvv: string;
}

/** What the payment step chose. */
export interface PaymentChoice {
  method: PaymentMethod;
  useWallet: boolean;
  /** A new card, typed in (with `method: "card"` and no `savedCard`). */
  card: CardValues | null;
  /** "Save this card for next time", with a new card. */
  saveCard: boolean;
  /** A saved card instead of `card`. */
  savedCard: SavedCardChoice | null;
}

export type CheckoutRequest = components["schemas"]["CheckoutRequest"];

/** One placement: the body and the attempt's idempotency key, taken when the customer clicked. */
export interface Placement {
  body: CheckoutRequest;
  key: string;
}

/**
 * The body that asks only "did this key place an order?": without a service and an
 * address it can never place one (422), while a key that placed an order answers it
 * first (static-host/docs/orders.md, Idempotency).
 */
export const RESUME_BODY: CheckoutRequest = { payment_method: "cash" };

/**
 * The body of `POST /order/checkout` (digits typed in Arabic-Indic are sent as ASCII). A
 * saved card goes as `saved_card_id` with its CVV and no card number; a new card may ask
 * to be saved (`save_card`).
 */
export function checkoutBody(serviceId: number | null, addressId: number | null, payment: PaymentChoice): CheckoutRequest {
  const base = { service_id: serviceId, address_id: addressId, payment_method: payment.method, use_wallet: payment.useWallet };
  const saved = payment.method === "card" ? payment.savedCard : null;
  if (saved) return { ...base, card: null, saved_card_id: saved.id, cvv: normalizeDigits(saved.cvv).trim() };
  const card = payment.method === "card" && payment.card ? payment.card : null;
  return {
    ...base,
    ...(card && payment.saveCard ? { save_card: true } : {}),
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
 * Places the order. Every placement carries the attempt's idempotency key (taken at the
 * click, so a double click sends one key twice), and the API never places two orders for
 * one attempt (a double click, a retry after a lost answer, a reload during placement). On success the key is forgotten, the cart is emptied through the core's
 * transition (the badge goes), the order is cached for the success page and the
 * customer lands on /checkout/success/{id}.
 */
export function usePlaceOrder() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation<PlacedOrder, unknown, Placement>({
    scope: { id: "checkout" },
    mutationFn: async ({ body, key }) => {
      const answer = await unwrap(api.POST("/order/checkout", { body, params: { header: { "Idempotency-Key": key } } }));
      return answer.data;
    },
    // The placement holds the card (and a saved card's CVV): it leaves the mutation cache
    // as soon as nothing shows it, instead of staying there for the default 5 minutes.
    gcTime: 0,
    onSuccess: (order, { body }) => {
      finishCheckoutAttempt();
      // The next order is accepted anew at the cart.
      useAppStore.getState().setTermsAccepted(false);
      dispatchCart({ type: "emptied" });
      void queryClient.invalidateQueries({ queryKey: ["cart"] });
      void queryClient.invalidateQueries({ queryKey: ["orders"] });
      void queryClient.invalidateQueries({ queryKey: ["wallet"] });
      // A card saved with this order (or a saved card's default) shows in My cards.
      if (body.save_card) void queryClient.invalidateQueries({ queryKey: ["cards"] });
      queryClient.setQueryData(orderQueryKey(order.id, useAppStore.getState().language), order);
      navigate(`/checkout/success/${order.id}`);
    },
  });
}
