/** The query key of the cart of a service; add-to-cart invalidates every `["cart"]` key. */
export function cartQueryKey(token: string | null, serviceId: number | null, language: string) {
  return ["cart", token, serviceId, language] as const;
}
