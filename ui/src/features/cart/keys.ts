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
