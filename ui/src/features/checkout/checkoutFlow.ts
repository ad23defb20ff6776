import { useEffect, useSyncExternalStore } from "react";
import { CheckoutFlow, type ApiCall, type CheckoutEvent, type CheckoutView, type PaymentSummary } from "storefront-core";
import { ApiError, errorText } from "../../api/client";
import { renderMessage } from "../../i18n/coreText";
import { runEffects } from "../../platform/effects";
import { FlowDriver } from "../../platform/flow";
import { appHost } from "../../platform/host";
import { queryClient } from "../../platform/queryClient";
import { useAppStore } from "../../platform/store";
import { dispatchCart } from "../../shop/cartFlow";
import { placeOrder, type PlaceOrderCall } from "./calls";
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
 * only in the checkout screen's own state (the form, this choice) and the placement's
 * request: never in the core's flow, the store, storage or a query.
 */
export interface SavedCardChoice {
  id: number;
  last4: string;
  cvv: string;
}

/** What the payment step chose, as the screen keeps it (the card's values included). */
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

/** What the core's flow keeps of a choice: no card number, no CVV. */
export function paymentSummary(choice: PaymentChoice): PaymentSummary {
  return {
    method: choice.method,
    use_wallet: choice.useWallet,
    saved_card_id: choice.savedCard?.id ?? null,
    save_card: choice.saveCard,
  };
}

/** The choice with the CVV typed for its saved card forgotten (that card could not pay). */
export function withoutSavedCvv(choice: PaymentChoice | null): PaymentChoice | null {
  return choice?.savedCard ? { ...choice, savedCard: { ...choice.savedCard, cvv: "" } } : choice;
}

/** The checkout's event for a refused (or unanswered) placement. */
export function placementFailedEvent(error: unknown): CheckoutEvent {
  if (error instanceof ApiError) {
    return { type: "placement_failed", status: error.status, fields: error.fields.map((f) => f.field), text: error.text };
  }
  return { type: "placement_failed", status: null, fields: [], text: errorText(error) };
}

/**
 * The checkout flow's call performer: places the order (or asks whether the attempt's
 * key placed one), does what an order placed means for the app's data as soon as the
 * server answers, and gives the flow `placed` or `placement_failed`.
 */
export async function performCheckoutCall(call: ApiCall): Promise<CheckoutEvent | null> {
  if (call.call !== "place_order") return null;
  let order: PlacedOrder;
  try {
    order = await placeOrder(call, useAppStore.getState().client.selected_service);
  } catch (error) {
    return placementFailedEvent(error);
  }
  // The order is placed: a follow-up that fails (a cache, the cart's badge) must not read
  // as a refused placement, which would keep the attempt open and the customer on the page.
  try {
    orderPlaced(call, order);
  } catch (error) {
    console.error("after an order was placed", error);
  }
  return { type: "placed", order_id: order.id };
}

/**
 * What an order placed means for the app's data, done as soon as the server answers
 * (even when the customer has left the page meanwhile): the next order is accepted anew
 * at the cart, the cart is emptied through the core's transition (the badge goes), the
 * lists that show the order, the wallet and a card saved with it are read again, and the
 * order is cached for the success page.
 */
function orderPlaced(call: PlaceOrderCall, order: PlacedOrder): void {
  useAppStore.getState().setTermsAccepted(false);
  dispatchCart({ type: "emptied" });
  void queryClient.invalidateQueries({ queryKey: ["cart"] });
  void queryClient.invalidateQueries({ queryKey: ["orders"] });
  void queryClient.invalidateQueries({ queryKey: ["wallet"] });
  // A card saved with this order (or a saved card's default) shows in My cards.
  if (call.order?.save_card) void queryClient.invalidateQueries({ queryKey: ["cards"] });
  queryClient.setQueryData(orderQueryKey(order.id, useAppStore.getState().language), order);
}

/** The app's host, with the checkout's own part: forgetting the attempt's key. */
const checkoutHost = { ...appHost, finishCheckoutAttempt };

/**
 * The checkout as the core's flow (`CheckoutFlow`) in the app's driver: one per app, as
 * one checkout page shows at a time. The flow matches the server's refusals against the
 * page's texts in the language shown now.
 */
export const checkoutDriver = new FlowDriver<CheckoutEvent, CheckoutView>(
  {
    make: () => new CheckoutFlow((message) => renderMessage(message, useAppStore.getState().language)),
    perform: performCheckoutCall,
  },
  (effects) => runEffects(effects, checkoutHost),
);

/**
 * The checkout's view and `dispatch` for the page. Leaving the page starts the next visit
 * at the address step; a placement on its way still ends its attempt and opens its
 * success page (the core's `reset` keeps it).
 */
export function useCheckoutFlow() {
  const view = useSyncExternalStore(checkoutDriver.subscribe, checkoutDriver.snapshot);
  useEffect(
    () => () => {
      checkoutDriver.dispatch({ type: "reset" });
    },
    [],
  );
  return { view, dispatch: checkoutDriver.dispatch };
}
