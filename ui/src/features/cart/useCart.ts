import { useQuery } from "@tanstack/react-query";
import { parseCart } from "storefront-core/cart";
import { useDeliveryArea } from "../../api/queries";
import { useAppStore } from "../../app/store";
import { CART_FRESH_MS, cartQueryKey } from "./keys";
import { requestCart, type CartAnswer } from "./request";
import { dispatchCart } from "./flow";

export { cartQueryKey };

/**
 * What `GET /get_card` gave besides the cart (which lives in the store's cart state):
 * the shop's name for the heading, and whether the shop delivers to the chosen district
 * (null: an empty cart, or no district).
 */
export interface LoadedCart {
  branchName: string | null;
  delivers: boolean | null;
}

/**
 * Reads `GET /get_card`'s answer: the core parses the cart, which goes through its
 * `loaded` transition into the store's cart state (the header badge reads it).
 */
export function readCart(body: CartAnswer): LoadedCart {
  dispatchCart({ type: "loaded", cart: parseCart(body.data) });
  return { branchName: body.data.branch_name ?? null, delivers: body.data.delivers ?? null };
}

/** Loads the cart of the selected service (see `requestCart` for when there is no call). */
export async function fetchCart(serviceId: number | null): Promise<LoadedCart> {
  return readCart(await requestCart(serviceId));
}

/**
 * The cart query for signed-in customers (spec 6: only they have a cart). Every mount
 * asks the server again (the cart is shared with other tabs and devices) unless the
 * answer is a few seconds old (`CART_FRESH_MS`: asked early for /cart, or by the
 * badge); the store keeps what was shown meanwhile, so there is no flash of an empty cart.
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
    staleTime: CART_FRESH_MS,
  });
}
