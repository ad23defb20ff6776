/**
 * The query key of the cart of a service in a district (the answer says whether the
 * cart's shop delivers there); add-to-cart invalidates every `["cart"]` key.
 */
export function cartQueryKey(
  token: string | null,
  serviceId: number | null,
  language: string,
  area: readonly [number | null, number | null] = [null, null],
) {
  return ["cart", token, serviceId, language, area] as const;
}

/**
 * How long a cart answer stands for the server's cart: long enough that the page does
 * not ask again for what was just asked for it, short enough that another tab's or
 * device's change shows on the next visit.
 */
export const CART_FRESH_MS = 5_000;
