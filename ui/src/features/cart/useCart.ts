import { useEffect } from "react";
import { useQuery } from "@tanstack/react-query";
import { cartRequest, parseCart, planStartup, type Cart } from "storefront-core";
import { ApiError, api, unwrap } from "../../api/client";
import { useDeliveryArea, useProfile, useRemoteConfig } from "../../api/queries";
import { useAppStore } from "../../app/store";
import { applyCartEvent } from "./useAddToCart";

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

/**
 * Whether the startup plan loads the cart: the core's `planStartup` lists the `cart` load
 * for signed-in customers with a district and a service (spec 4).
 */
export function useStartupLoadsCart(): boolean {
  const config = useRemoteConfig().data;
  const profile = useProfile().data;
  const client = useAppStore((s) => s.client);
  if (!config) return false;
  return planStartup(config, profile ?? null, client).loads.includes("cart");
}

/**
 * Keeps `store.cart` in step with the session: loads the cart at startup when the core's
 * plan says so (the header badge shows once it has loaded), and forgets it when the
 * customer signs out. Renders nothing; mounted once inside the startup gate.
 */
export function CartSync(): null {
  const load = useStartupLoadsCart();
  const token = useAppStore((s) => s.client.token);
  useCart(load);
  useEffect(() => {
    if (token === null && useAppStore.getState().cart !== null) applyCartEvent({ type: "reset" });
  }, [token]);
  return null;
}
