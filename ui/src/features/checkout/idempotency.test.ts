import { checkoutAttemptKey, finishCheckoutAttempt, pendingCheckoutAttemptKey } from "./idempotency";

/** The stored name, documented and kept across versions (a reload reads it back). */
const CHECKOUT_KEY_STORAGE = "storefront.checkout.idempotencyKey";

describe("the checkout attempt's idempotency key", () => {
  beforeEach(() => {
    sessionStorage.clear();
    finishCheckoutAttempt();
  });

  test("is made once and kept in sessionStorage, so a reload sends it again", () => {
    const key = checkoutAttemptKey();
    expect(key).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(sessionStorage.getItem(CHECKOUT_KEY_STORAGE)).toBe(key);
    expect(checkoutAttemptKey()).toBe(key);
  });

  test("a new attempt starts once the order is placed", () => {
    const first = checkoutAttemptKey();
    finishCheckoutAttempt();
    expect(sessionStorage.getItem(CHECKOUT_KEY_STORAGE)).toBeNull();
    const second = checkoutAttemptKey();
    expect(second).not.toBe(first);
  });

  test("an open attempt can be asked for without opening one", () => {
    expect(pendingCheckoutAttemptKey()).toBeNull();
    const key = checkoutAttemptKey();
    expect(pendingCheckoutAttemptKey()).toBe(key);
  });

  test("a stored value the API would refuse is no attempt", () => {
    sessionStorage.setItem(CHECKOUT_KEY_STORAGE, "not a key");
    expect(pendingCheckoutAttemptKey()).toBeNull();
    expect(checkoutAttemptKey()).not.toBe("not a key");
  });

  test("with session storage blocked, the key is kept for the page's life", () => {
    const blocked = jest.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new Error("QuotaExceededError");
    });
    try {
      const key = checkoutAttemptKey();
      expect(sessionStorage.getItem(CHECKOUT_KEY_STORAGE)).toBeNull();
      expect(checkoutAttemptKey()).toBe(key);
      finishCheckoutAttempt();
      expect(checkoutAttemptKey()).not.toBe(key);
    } finally {
      blocked.mockRestore();
    }
  });

  test("a key stored before a reload is the one used", () => {
    sessionStorage.setItem(CHECKOUT_KEY_STORAGE, "from-before-the-reload");
    expect(checkoutAttemptKey()).toBe("from-before-the-reload");
  });
});
