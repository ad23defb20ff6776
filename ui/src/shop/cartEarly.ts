import type { QueryClient } from "@tanstack/react-query";
import { decideNavigation } from "../core/start";
import { guardContextOf, useAppStore } from "../platform/store";
import { cartQueryKey } from "./cartKeys";
import { requestCart, type CartAnswer } from "./cartRequest";

/**
 * Opening /cart signed in: the cart is asked for at once, beside the profile, instead of
 * after startup and the cart module. It goes into the cart page's own query (same key),
 * so the page finds it answered or on its way and does not ask again; when React is to
 * adopt the server's page, the answer waits for `until` (see `askForStartupLoads`). If startup then
 * changes the language or the district, the page's key differs and it asks anew.
 */
export function askForCartEarly(client: QueryClient, path: string, until: PromiseLike<void> = Promise.resolve()): void {
  const { client: state, language } = useAppStore.getState();
  const decision = decideNavigation(path, guardContextOf(state, false));
  if (decision.decision !== "allow" || decision.route.id !== "cart") return;
  const serviceId = state.selected_service;
  void client.prefetchQuery({
    queryKey: cartQueryKey(state.token, serviceId, language, [state.district_id, state.address_id]),
    queryFn: async () => {
      const answer = requestCart(serviceId);
      const { readCart } = await import("./cartFlow");
      const body = await answer;
      // Into the store (the header's badge) only once React has adopted the page.
      await until;
      return readCart(body);
    },
  });
}

/**
 * Opening /cart drawn by the server (the credential cookie): the cart it drew with, from
 * the page's boot JSON, goes into the store and the cart page's query before React adopts
 * the page, so the first render is the server's and nothing asks for the cart again.
 */
export async function seedCartFromPage(client: QueryClient, body: CartAnswer["data"]): Promise<void> {
  const { client: state, language } = useAppStore.getState();
  const { readCart } = await import("./cartFlow");
  const shop = readCart({ data: body, message: null } as CartAnswer);
  client.setQueryData(cartQueryKey(state.token, state.selected_service, language, [state.district_id, state.address_id]), shop);
}
