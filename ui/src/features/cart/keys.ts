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
 * Where the cart query keeps `GET /get_card`'s answer as sent, for the cart page to show
 * the lines before the core has read it. Not under `["cart"]`: nothing fetches it.
 */
export function cartAnswerKey(
  token: string | null,
  serviceId: number | null,
  language: string,
  area: readonly [number | null, number | null] = [null, null],
) {
  return ["cart-answer", token, serviceId, language, area] as const;
}
