/**
 * The core's modules that load on first use.
 *
 * The first paint runs on `storefront-core/start` (guards, storage, startup, request
 * headers, the shell's rules), which every module calls through `./start.ts`. The other
 * rules come from here, so the landing page and /home download no WASM they do not run:
 * - `cartCore()`: the cart, quantities and money (what product and cart pages import
 *   statically, and what an add-to-cart on /home loads on the click);
 * - `wholeCore()`: every rule (sign-in and location flows, a failed call's message, the
 *   footer, forms).
 * Each loads once; a failed load is forgotten so the next use tries again.
 */
type Whole = typeof import("storefront-core");
type Cart = typeof import("storefront-core/cart");

let whole: Promise<Whole> | null = null;
let cart: Promise<Cart> | null = null;

export function wholeCore(): Promise<Whole> {
  whole ??= import("storefront-core").catch((error: unknown) => {
    whole = null;
    throw error;
  });
  return whole;
}

export function cartCore(): Promise<Cart> {
  cart ??= import("storefront-core/cart").catch((error: unknown) => {
    cart = null;
    throw error;
  });
  return cart;
}
