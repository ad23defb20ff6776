import type { QueryClient } from "@tanstack/react-query";
import { cartRequest, decideNavigation } from "storefront-core/start";
import { ApiError, api, unwrap } from "../../api/client";
import { useAppStore } from "../../app/store";
import { cartQueryKey } from "./keys";

/** `GET /get_card`'s answer, before the core reads it. */
export type CartAnswer = Awaited<ReturnType<typeof requestCart>>;

/**
 * Asks the server for the cart of a service. The core decides whether the call may be
 * made (`cartRequest`: no service is 'Service ID is required.', and no call). Only the
 * start module's rules: a page can ask while the cart module is still on its way.
 */
export async function requestCart(serviceId: number | null) {
  const decision = cartRequest(serviceId);
  if (decision.kind !== "fetch") {
    const message = decision.kind === "reject" ? decision.message : decision.warning;
    throw new ApiError(null, { kind: "message", ...message });
  }
  const query = Object.fromEntries(decision.query);
  return unwrap(api.GET("/get_card", { params: { query: { service_id: Number(query.service_id) } } }));
}

/**
 * Opening /cart signed in: the cart is asked for at once, beside the profile, instead of
 * after startup and the cart module. It goes into the cart page's own query (same key),
 * so the page finds it answered or on its way and does not ask again. If startup then
 * changes the language or the district, the page's key differs and it asks anew.
 */
export function askForCartEarly(client: QueryClient, path: string): void {
  const { client: state, language } = useAppStore.getState();
  const decision = decideNavigation(path, {
    signed_in: state.token !== null,
    has_district: state.district_id !== null,
    force_default_location: false,
  });
  if (decision.decision !== "allow" || decision.route.id !== "cart") return;
  const serviceId = state.selected_service;
  void client.prefetchQuery({
    queryKey: cartQueryKey(state.token, serviceId, language, [state.district_id, state.address_id]),
    queryFn: async () => {
      const answer = requestCart(serviceId);
      const { readCart } = await import("./useCart");
      return readCart(await answer);
    },
  });
}
