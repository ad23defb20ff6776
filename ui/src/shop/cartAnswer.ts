import { cartOf } from "../api/cartValues";
import { useAppStore } from "../platform/store";
import { dispatchCart } from "./cartFlow";
import { requestCart, type CartAnswer } from "./cartRequest";

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
 * Reads `GET /get_card`'s answer (its OpenAPI type): the cart goes through the core's
 * `loaded` transition into the store's cart state (the header badge reads it). The
 * shop's part goes into the store first: React renders both updates of this task at
 * once, and the query's own answer comes a task later.
 */
export function readCart(body: CartAnswer): LoadedCart {
  const cart = cartOf(body.data);
  const shop = { branchName: body.data.branch_name ?? null, delivers: body.data.delivers ?? null };
  useAppStore.setState({ cartShop: shop });
  dispatchCart({ type: "loaded", cart });
  return shop;
}

/** Loads the cart of the selected service (see `requestCart` for when there is no call). */
export async function fetchCart(serviceId: number | null): Promise<LoadedCart> {
  return readCart(await requestCart(serviceId));
}
