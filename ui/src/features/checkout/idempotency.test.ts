import { CHECKOUT_KEY_STORAGE, checkoutAttemptKey, finishCheckoutAttempt } from "./idempotency";

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

  test("the stored name is the core's", () => {
    expect(CHECKOUT_KEY_STORAGE).toBe("storefront.checkout.idempotencyKey");
  });

  test("with session storage blocked, the store holds the key for the page's life", () => {
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
