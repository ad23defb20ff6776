import { checkoutAttempt } from "storefront-core";

/**
 * The idempotency key of the current checkout attempt (`Idempotency-Key` on
 * `POST /order/checkout`). The core keeps it in the tab's session storage until the
 * order is placed (`checkoutAttempt`), so a double click, a retry after a failure or a
 * reload during placement sends the same key again: the API answers the order that key
 * placed instead of placing a second one (static-host/docs/orders.md). Only the random
 * key is made here: the platform has the random source.
 */
function newKey(): string {
  const crypto = globalThis.crypto;
  if (crypto && typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto?.getRandomValues?.(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The key of this attempt: the open one, else a new one (kept at once). */
export function checkoutAttemptKey(): string {
  const key = checkoutAttempt({ op: "take", fresh: newKey() });
  // A take always answers a key (the open one, or the fresh one).
  if (!key) throw new Error("checkoutAttempt: a take answered no key");
  return key;
}

/** The key of an attempt still open (e.g. from before a reload), without making one. */
export function pendingCheckoutAttemptKey(): string | null {
  return checkoutAttempt({ op: "peek" }) ?? null;
}

/** The order was placed: the next checkout is a new attempt. */
export function finishCheckoutAttempt(): void {
  checkoutAttempt({ op: "finish" });
}
