import { useCallback } from "react";
import type { AddRequest, Text } from "storefront-core";
import { runEffects } from "../platform/effects";
import { useAppStore } from "../platform/store";

/** What a page asks to add: the product, its shop, and the quantity (its minimum when left out). */
export type AddToCartRequest = Pick<AddRequest, "product_id" | "branch_id"> & { qty?: number };

/** The cart's rules, loaded with the first add (see `flow.ts`). */
const cartFlow = () => import("./cartFlow");

/**
 * Adds a product to the cart through the core's cart (`POST /order/add-to-cart`).
 * Guests get the sign-in modal. The core checks the cart's shop first: another shop's
 * cart raises its different-shop prompt, and so does a 400 from the server; agreeing
 * sends the add again with `empty_cart`. The prompt and the add under way are in the
 * store's cart view, so every page shows the same.
 */
export function useAddToCart() {
  const pending = useAppStore((s) => s.cartView?.adding ?? false);
  const prompt = useAppStore((s): Text | null => s.cartView?.prompt ?? null);

  const add = useCallback(async (request: AddToCartRequest): Promise<void> => {
    if (useAppStore.getState().client.token === null) {
      runEffects([{ type: "open_modal", modal: "signIn" }]);
      return;
    }
    const { dispatchCart } = await cartFlow();
    dispatchCart({
      type: "add_requested",
      request: { product_id: request.product_id, branch_id: request.branch_id, qty: request.qty ?? null, empty_cart: false },
    });
  }, []);

  /** The customer agreed to empty the cart: the add goes again, emptying it first. */
  const confirm = useCallback(async (): Promise<void> => {
    (await cartFlow()).dispatchCart({ type: "prompt_accepted" });
  }, []);

  const dismiss = useCallback(async (): Promise<void> => {
    (await cartFlow()).dispatchCart({ type: "prompt_dismissed" });
  }, []);

  return { add, pending, prompt, confirm, dismiss };
}
