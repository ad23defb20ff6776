import type { Language, MessageId, Text } from "storefront-core";
import { renderMessage } from "../../i18n/coreText";
import { ApiError } from "../../api/client";

/** The checkout steps, in order (spec 2: address, payment, order review). */
export const CHECKOUT_STEPS = ["address", "payment", "review"] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];

/** A placement failure, shown next to the step it is about. */
export interface StepFailure {
  step: CheckoutStep;
  text: Text;
  /** The delivery area refused the chosen address ('We Don't Deliver To Your Location'). */
  area: boolean;
}

/** Refusals about where the order goes. */
const ADDRESS_MESSAGES: readonly MessageId[] = ["area_not_served", "no_delivery_to_location", "choose_an_address"];
/** Refusals about how it is paid. */
const PAYMENT_MESSAGES: readonly MessageId[] = ["payment_failed", "balance_not_sufficient"];

function errorFields(body: unknown): string[] {
  if (typeof body !== "object" || body === null) return [];
  const errors = (body as { errors?: unknown }).errors;
  return typeof errors === "object" && errors !== null ? Object.keys(errors) : [];
}

/** Whether `text` is one of the core's messages (the API words them from the same catalogue). */
function isOneOf(text: Text, ids: readonly MessageId[], language: Language): boolean {
  if (text.kind === "message") return ids.includes(text.id);
  return ids.some((id) => renderMessage({ id, params: {} }, language) === text.text.trim());
}

/**
 * Which step a failed `POST /order/checkout` belongs to: the address step for the
 * address and the delivery area ('Sorry, we don't deliver to your area now!'), the
 * payment step for the card, the wallet ('Balance Not Sufficient') and a declined
 * payment, the review step for the cart (stock, 'You don't have any product', the
 * shop's minimum) and anything else.
 */
export function placementFailure(error: unknown, language: Language): StepFailure {
  if (!(error instanceof ApiError)) {
    return { step: "review", text: { kind: "message", id: "generic_error", params: {} }, area: false };
  }
  const text = error.text;
  if (error.status === 422) {
    const fields = errorFields(error.body);
    if (fields.includes("address_id")) return { step: "address", text, area: false };
    if (fields.some((f) => f === "card" || f.startsWith("card.") || f === "payment_method" || f === "wallet_amount")) {
      return { step: "payment", text, area: false };
    }
    return { step: "review", text, area: false };
  }
  if (isOneOf(text, ADDRESS_MESSAGES, language)) {
    return { step: "address", text, area: isOneOf(text, ["area_not_served", "no_delivery_to_location"], language) };
  }
  if (isOneOf(text, PAYMENT_MESSAGES, language)) return { step: "payment", text, area: false };
  return { step: "review", text, area: false };
}
