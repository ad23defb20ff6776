/**
 * The idempotency key of the current checkout attempt (`Idempotency-Key` on
 * `POST /order/checkout`). It is made once per attempt and kept in sessionStorage until
 * the order is placed, so a double click, a retry after a failure or a reload during
 * placement sends the same key again: the API answers the order that key placed instead
 * of placing a second one (static-host/docs/orders.md). It lives in this tab only and is
 * forgotten once the order is placed.
 */
export const CHECKOUT_KEY_STORAGE = "storefront.checkout.idempotencyKey";

function storage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

function newKey(): string {
  const crypto = globalThis.crypto;
  if (crypto && typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto?.getRandomValues?.(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

let memoryKey: string | null = null;

/** The key of this attempt: the stored one, else a new one (stored at once). */
export function checkoutAttemptKey(): string {
  const store = storage();
  const stored = store?.getItem(CHECKOUT_KEY_STORAGE) ?? memoryKey;
  if (stored) return stored;
  const key = newKey();
  memoryKey = key;
  try {
    store?.setItem(CHECKOUT_KEY_STORAGE, key);
  } catch {
    // Storage full or blocked: the key still holds for this page's life.
  }
  return key;
}

/** The key of an attempt still open (e.g. from before a reload), without making one. */
export function pendingCheckoutAttemptKey(): string | null {
  try {
    return storage()?.getItem(CHECKOUT_KEY_STORAGE) ?? memoryKey;
  } catch {
    return memoryKey;
  }
}

/** The order was placed: the next checkout is a new attempt. */
export function finishCheckoutAttempt(): void {
  memoryKey = null;
  try {
    storage()?.removeItem(CHECKOUT_KEY_STORAGE);
  } catch {
    // Nothing stored.
  }
}
