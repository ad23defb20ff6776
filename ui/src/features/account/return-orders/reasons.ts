import type { IntlShape } from "react-intl";
import type { ReturnReason } from "../queries";

/**
 * The return reasons the API accepts (its `ReturnReason`; reasons are data to the core,
 * which only needs to know whether a reason demands a comment). `other` needs one.
 */
export const RETURN_REASONS: readonly { reason: ReturnReason; requiresComment: boolean }[] = [
  { reason: "damaged", requiresComment: false },
  { reason: "wrong_item", requiresComment: false },
  { reason: "not_as_described", requiresComment: false },
  { reason: "missing_parts", requiresComment: false },
  { reason: "changed_mind", requiresComment: false },
  { reason: "other", requiresComment: true },
];

export function reasonRequiresComment(reason: string): boolean {
  return RETURN_REASONS.some((r) => r.reason === reason && r.requiresComment);
}

export function reasonLabel(intl: IntlShape, reason: string): string {
  return RETURN_REASONS.some((r) => r.reason === reason)
    ? intl.formatMessage({ id: `account.reason.${reason}` })
    : reason;
}

/**
 * The pickup slots the reference API accepts (docs/orders.md "Returns"): a day from
 * tomorrow up to 7 days ahead, a time from 09:00 to 21:00, both in UTC. Offered as
 * choices so the customer never types a refused value; the server checks them again.
 */
export function pickupDays(nowMs: number): string[] {
  const today = new Date(nowMs);
  const base = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Array.from({ length: 7 }, (_, i) => new Date(base + (i + 1) * 86_400_000).toISOString().slice(0, 10));
}

export function pickupTimes(): string[] {
  return Array.from({ length: 13 }, (_, i) => `${String(9 + i).padStart(2, "0")}:00`);
}
