import { useEffect } from "react";
import { useQuery } from "@tanstack/react-query";
import { useDeliveryArea } from "../../api/queries";
import { useIdle } from "../../platform/idle";
import { useAppStore } from "../../platform/store";
import { cartQueryKey } from "../../shop/cartKeys";

/**
 * Whether the startup plan loads the cart: the core's startup flow says so for signed-in
 * customers with a district and a service (spec 4), for what storage holds now.
 */
export function useStartupLoadsCart(): boolean {
  return useAppStore((s) => s.startup.loads_cart);
}

/**
 * Keeps `store.cart` in step with the session: loads the cart at startup when the core's
 * plan says so (the header badge shows once it has loaded), and forgets it when the
 * customer signs out. Renders nothing; mounted once inside the startup gate. The badge
 * is not part of the first screen: the cart, with the cart's part of the core, loads once
 * the page is idle.
 */
export function CartSync(): null {
  const load = useStartupLoadsCart();
  const idle = useIdle();
  const token = useAppStore((s) => s.client.token);
  const serviceId = useAppStore((s) => s.client.selected_service);
  const language = useAppStore((s) => s.language);
  const area = useDeliveryArea();
  useQuery({
    queryKey: cartQueryKey(token, serviceId, language, area),
    enabled: load && idle && token !== null,
    queryFn: async () => (await import("../../shop/cartFlow")).fetchCart(serviceId),
    // The badge needs a cart, not a fresh one: what the cart page or its early ask loaded
    // will do (every change to the cart invalidates it, and another district is another key).
    staleTime: Number.POSITIVE_INFINITY,
  });
  useEffect(() => {
    if (token === null && useAppStore.getState().cartView !== null) {
      void import("../../shop/cartFlow").then(({ dispatchCart }) => dispatchCart({ type: "reset" }));
    }
  }, [token]);
  return null;
}
