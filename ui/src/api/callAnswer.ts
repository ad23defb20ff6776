import type { ApiCall, CartItem, CartItemOrder, MapSearchResult } from "storefront-core";

/** What each call the core can ask for (`Effect::Request`) answers when it succeeds. */
interface Answers {
  login_by_otp: null;
  verify_login_by_otp: { token: string | null; user_exists: boolean; message: string | null };
  register_by_otp: { token: string; message: string | null };
  is_supported_location: { district_id: number | null; district_name: string | null };
  map_search: MapSearchResult[];
  update_language: null;
  logout: null;
  add_to_cart: CartItem;
  update_cart_quantity: CartItem;
  remove_cart_item: { id: number; order: CartItemOrder | null };
}

/**
 * The outcome of a call, handed back to the flow that asked for it (the sign-in, the
 * location picker and the cart turn it into their next event): the call as asked, then
 * its answer or its error.
 */
export type CallAnswer = {
  [K in keyof Answers]: { kind: K; call: Extract<ApiCall, { call: K }> } & (
    | { ok: true; value: Answers[K] }
    | { ok: false; error: unknown }
  );
}[keyof Answers];

export async function answerOf<K extends keyof Answers>(
  call: Extract<ApiCall, { call: K }>,
  run: () => Promise<Answers[K]>,
): Promise<CallAnswer> {
  try {
    return { kind: call.call, call, ok: true, value: await run() } as CallAnswer;
  } catch (error) {
    return { kind: call.call, call, ok: false, error } as CallAnswer;
  }
}
