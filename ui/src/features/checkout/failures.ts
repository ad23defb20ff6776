import { placementFailure as corePlacementFailure, type CheckoutStep, type Language, type Text } from "storefront-core";
import { ApiError, errorText } from "../../api/client";
import { renderMessage } from "../../i18n/coreText";

export type { CheckoutStep };

/** The checkout steps, in order (spec 2: address, payment, order review). */
export const CHECKOUT_STEPS: readonly CheckoutStep[] = ["address", "payment", "review"];

/** A placement failure, shown next to the step it is about. */
export interface StepFailure {
  step: CheckoutStep;
  text: Text;
  /** The delivery area refused the chosen address ('We Don't Deliver To Your Location'). */
  area: boolean;
  /**
   * The chosen saved card cannot pay (deleted in another tab, or expired): the saved
   * cards are read again and the CVV typed for it forgotten.
   */
  savedCard: boolean;
  /**
   * The account has no verified phone yet (a 422 on `mobile`): the review step's phone
   * box shows the refusal, and nothing else is wrong.
   */
  phone: boolean;
}

/**
 * Which step a failed `POST /order/checkout` is shown at (the core's
 * `placementFailure`): the address step for the address and the delivery area ('Sorry,
 * we don't deliver to your area now!'), the payment step for the card, the wallet
 * ('Balance Not Sufficient'), a declined payment and a saved card that can no longer pay
 * (a 422 on `saved_card_id`), the review step for the cart
 * (stock, 'You don't have any product', the shop's minimum) and anything else.
 */
export function placementFailure(error: unknown, language: Language): StepFailure {
  if (!(error instanceof ApiError)) {
    return { step: "review", text: errorText(error), area: false, savedCard: false, phone: false };
  }
  const fields = error.fields.map((f) => f.field);
  const found = corePlacementFailure(error.status, fields, error.text, (message) => renderMessage(message, language));
  return { step: found.step, text: error.text, area: found.area, savedCard: found.saved_card, phone: found.phone };
}
