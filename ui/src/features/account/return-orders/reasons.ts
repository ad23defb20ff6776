import type { IntlShape } from "react-intl";
import { returnReasons } from "storefront-core";

/**
 * A return reason's label in the page language; a reason the core does not know (a
 * newer server's) is shown as the server wrote it. The reasons themselves, which one
 * needs a comment and the pickup slots are the core's (`returnReasons`,
 * `returnReasonRequiresComment`, `pickupDays`, `pickupTimes`).
 */
export function reasonLabel(intl: IntlShape, reason: string): string {
  return (returnReasons() as string[]).includes(reason) ? intl.formatMessage({ id: `account.reason.${reason}` }) : reason;
}
