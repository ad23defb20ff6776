import { useQuery } from "@tanstack/react-query";
import { cartRequest, parseCart } from "storefront-core/cart";
import type { Cart } from "storefront-core";
import { ApiError, api, unwrap } from "../../api/client";
import { useDeliveryArea } from "../../api/queries";
import { useAppStore } from "../../app/store";
import { cartQueryKey } from "./keys";
import { applyCartEvent } from "./transitions";

export { cartQueryKey };

/**
 * What `GET /get_card` gave besides the core's cart: the shop's name for the heading, and
 * whether the shop delivers to the chosen district (null: an empty cart, or no district).
 */
export interface LoadedCart {
  cart: Cart;
  branchName: string | null;
  delivers: boolean | null;
}

/**
 * Loads the cart of the selected service. The core decides whether the call may be made
 * (`cartRequest`: no service is 'Service ID is required.', and no call); the answer is
 * parsed by the core and goes through its `loaded` transition into `store.cart`, which
 * the header badge reads.
 */
export async function fetchCart(serviceId: number | null): Promise<LoadedCart> {
  const decision = cartRequest(serviceId);
  if (decision.kind !== "fetch") {
    const message = decision.kind === "reject" ? decision.message : decision.warning;
    throw new ApiError(null, { kind: "message", ...message });
  }
  const query = Object.fromEntries(decision.query);
  const body = await unwrap(
    api.GET("/get_card", { params: { query: { service_id: Number(query.service_id) } } }),
  );
  const cart = parseCart(body.data);
  applyCartEvent({ type: "loaded", cart });
  return { cart, branchName: body.data.branch_name ?? null, delivers: body.data.delivers ?? null };
}

/**
 * The cart query for signed-in customers (spec 6: only they have a cart). Every mount
 * asks the server again (the cart is shared with other tabs and devices); the store keeps
 * what was shown meanwhile, so there is no flash of an empty cart.
 */
export function useCart(enabled = true) {
  const token = useAppStore((s) => s.client.token);
  const serviceId = useAppStore((s) => s.client.selected_service);
  const language = useAppStore((s) => s.language);
  const area = useDeliveryArea();
  return useQuery({
    queryKey: cartQueryKey(token, serviceId, language, area),
    enabled: enabled && token !== null,
    queryFn: () => fetchCart(serviceId),
    staleTime: 0,
  });
}
