import { tabStorageKeyName } from "storefront-core";
import { useAppStore } from "../../platform/store";

/**
 * The idempotency key of the current checkout attempt (`Idempotency-Key` on
 * `POST /order/checkout`). It is made once per attempt and kept in the tab's session
 * storage, under the core's name for it, until the order is placed, so a double click,
 * a retry after a failure or a reload during placement sends the same key again: the
 * API answers the order that key placed instead of placing a second one
 * (static-host/docs/orders.md). When session storage is blocked the store keeps it for
 * the page's life.
 */
export const CHECKOUT_KEY_STORAGE = tabStorageKeyName("checkout_attempt");

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

const held = () => useAppStore.getState().checkoutAttempt;

/** The key of this attempt: the stored one, else a new one (stored at once). */
export function checkoutAttemptKey(): string {
  const store = storage();
  const stored = store?.getItem(CHECKOUT_KEY_STORAGE) ?? held();
  if (stored) return stored;
  const key = newKey();
  useAppStore.getState().setCheckoutAttempt(key);
  try {
    store?.setItem(CHECKOUT_KEY_STORAGE, key);
  } catch {
    // Storage full or blocked: the store still holds the key for this page's life.
  }
  return key;
}

/** The key of an attempt still open (e.g. from before a reload), without making one. */
export function pendingCheckoutAttemptKey(): string | null {
  try {
    return storage()?.getItem(CHECKOUT_KEY_STORAGE) ?? held();
  } catch {
    return held();
  }
}

/** The order was placed: the next checkout is a new attempt. */
export function finishCheckoutAttempt(): void {
  useAppStore.getState().setCheckoutAttempt(null);
  try {
    storage()?.removeItem(CHECKOUT_KEY_STORAGE);
  } catch {
    // Nothing stored.
  }
}
