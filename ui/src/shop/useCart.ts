import { useQuery } from "@tanstack/react-query";
import { useDeliveryArea } from "../api/queries";
import { useAppStore } from "../platform/store";
import { CART_FRESH_MS, cartQueryKey } from "./cartKeys";
import { fetchCart } from "./cartFlow";

export { cartQueryKey };

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
