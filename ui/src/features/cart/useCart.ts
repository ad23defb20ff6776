import { skipToken, useQuery, type QueryClient } from "@tanstack/react-query";
import { planStartup } from "storefront-core/start";
import type { Cart } from "storefront-core";
import { ApiError, api, unwrap } from "../../api/client";
import { useDeliveryArea } from "../../api/queries";
import type { components } from "../../api/schema.gen";
import { useAppStore } from "../../app/store";
import { cartCore } from "../../core/lazy";
import { startupInputs } from "../../app/StartupGate";
import { cartAnswerKey, cartQueryKey } from "./keys";

export { cartQueryKey };

/** `GET /get_card`'s cart as the server sent it, read with the OpenAPI types. */
export type CartAnswer = components["schemas"]["CartBody"];

/**
 * What `GET /get_card` gave besides the core's cart: the shop's name for the heading, and
 * whether the shop delivers to the chosen district (null: an empty cart, or no district).
 */
export interface LoadedCart {
  cart: Cart;
  branchName: string | null;
  delivers: boolean | null;
}

/** Lets the current task end first: the page renders the answer (the cache notifies in a task of its own), then the cart module is asked for. */
function afterRender(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Asks `GET /get_card` for the cart of `serviceId`. Whether the call may be made is the
 * core's decision: the startup plan (`planned`: it lists the cart load only for a signed-in
 * customer with a district and a service, spec 4) is in the start module, which the app
 * already runs; otherwise the cart module's `cartRequest` decides (no service is 'Service
 * ID is required.', and no call). `cartRequest` itself is only in the cart module, and
 * asking it first would make the cart's content wait for that module.
 */
async function requestCart(serviceId: number | null, planned: boolean): Promise<CartAnswer> {
  let id = serviceId;
  if (!planned || id === null) {
    const decision = (await cartCore()).cartRequest(serviceId);
    if (decision.kind !== "fetch") {
      const message = decision.kind === "reject" ? decision.message : decision.warning;
      throw new ApiError(null, { kind: "message", ...message });
    }
    id = Number(Object.fromEntries(decision.query).service_id);
  }
  const body = await unwrap(api.GET("/get_card", { params: { query: { service_id: id } } }));
  return body.data;
}

/** The cart query's key and client, where `fetchCart` leaves the answer as sent. */
export interface CartQueryContext {
  client: QueryClient;
  queryKey: ReturnType<typeof cartQueryKey>;
}

/**
 * Loads the cart of the selected service. The answer goes into the query cache as soon as
 * it is in (`cartAnswerKey`, whichever observer of the cart query fetched: the cart page
 * shows its lines from it); then the cart module loads, parses it (`parseCart`) and puts
 * it through the core's `loaded` transition into `store.cart`, which the header badge
 * reads. The query is done only then, so whoever reads the store once it is done reads
 * this cart.
 */
export async function fetchCart(serviceId: number | null, planned = false, context?: CartQueryContext): Promise<LoadedCart> {
  const answer = await requestCart(serviceId, planned);
  if (context) {
    const [, ...key] = context.queryKey;
    context.client.setQueryData(cartAnswerKey(...key), answer);
    await afterRender();
  }
  const [{ parseCart }, { applyCartEvent }] = await Promise.all([cartCore(), import("./transitions")]);
  const cart = parseCart(answer);
  applyCartEvent({ type: "loaded", cart });
  return { cart, branchName: answer.branch_name ?? null, delivers: answer.delivers ?? null };
}

/**
 * Whether the core's startup plan loads the cart (as `useStartupLoadsCart`), from the
 * remote config and profile the query cache holds (the app has them before any page), read
 * without subscribing: a page that asks must not fetch them again.
 */
function plannedCartLoad(client: QueryClient, language: string, token: string | null): boolean {
  const config = client.getQueryData<Parameters<typeof startupInputs>[0]>(["remote-config", language]);
  const profile = client.getQueryData<Parameters<typeof startupInputs>[1]>(["profile", token]);
  if (!config || (token !== null && !profile)) return false;
  return planStartup(...startupInputs(config, profile)).loads.includes("cart");
}

/**
 * The cart query for signed-in customers (spec 6: only they have a cart). Every mount
 * asks the server again (the cart is shared with other tabs and devices); the store keeps
 * what was shown meanwhile, so there is no flash of an empty cart. The answer itself is
 * kept under `cartAnswerKey` for `useCartAnswer`.
 */
export function useCart(enabled = true) {
  const token = useAppStore((s) => s.client.token);
  const serviceId = useAppStore((s) => s.client.selected_service);
  const language = useAppStore((s) => s.language);
  const area = useDeliveryArea();
  return useQuery({
    queryKey: cartQueryKey(token, serviceId, language, area),
    enabled: enabled && token !== null,
    queryFn: ({ client, queryKey }) => fetchCart(serviceId, plannedCartLoad(client, language, token), { client, queryKey }),
    staleTime: 0,
  });
}

/**
 * The last `GET /get_card` answer of the current cart query, as sent, before the core has
 * read it (undefined until one is in). Only `useCart` fetches it.
 */
export function useCartAnswer(): CartAnswer | undefined {
  const token = useAppStore((s) => s.client.token);
  const serviceId = useAppStore((s) => s.client.selected_service);
  const language = useAppStore((s) => s.language);
  const area = useDeliveryArea();
  return useQuery<CartAnswer>({
    queryKey: cartAnswerKey(token, serviceId, language, area),
    queryFn: skipToken,
  }).data;
}
