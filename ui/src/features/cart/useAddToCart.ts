import { useCallback, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import type { Text } from "storefront-core";
import { ApiError, api, unwrap } from "../../api/client";
import { runEffects } from "../../app/effects";
import { useAppStore } from "../../app/store";

export interface AddToCartRequest {
  product_id: number;
  /** The product's shop, for the different-shop check. */
  branch_id: number;
  /** The quantity to hold; the product's minimum when left out. */
  qty?: number;
}

/** A pending different-shop question: what was asked and the core's (or server's) message. */
export interface DifferentShopPrompt {
  request: AddToCartRequest;
  message: Text;
}

/** The cart's rules, loaded with the first add (see `transitions.ts`). */
const cartRules = () => import("./transitions");

/**
 * Adds a product to the cart (`POST /order/add-to-cart`). Guests get the sign-in modal.
 * The core checks the cart's shop first: another shop's cart raises its different-shop
 * prompt, and so does a 400 from the server (kept as the old-cart message); agreeing
 * sends the request again with `empty_cart`. The answer goes through the core's cart
 * transitions into `store.cart`, and the server's message is toasted.
 */
export function useAddToCart() {
  const queryClient = useQueryClient();
  const [prompt, setPrompt] = useState<DifferentShopPrompt | null>(null);
  const [pending, setPending] = useState(false);

  const send = useCallback(
    async (request: AddToCartRequest, emptyCart: boolean): Promise<boolean> => {
      const { client } = useAppStore.getState();
      setPending(true);
      try {
        const body = await unwrap(
          api.POST("/order/add-to-cart", {
            body: {
              product_id: request.product_id,
              qty: request.qty,
              service_id: client.selected_service ?? undefined,
              empty_cart: emptyCart,
            },
          }),
        );
        const { applyCartEvent, currentCartState, parseCartItem } = await cartRules();
        let state = currentCartState();
        if (emptyCart) state = applyCartEvent({ type: "emptied" }, state);
        applyCartEvent({ type: "added", item: parseCartItem(body.data) }, state);
        void queryClient.invalidateQueries({ queryKey: ["cart"] });
        return true;
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        if (error.status === 400 || error.status === 422) {
          const { applyCartEvent } = await cartRules();
          const state = applyCartEvent({ type: "add_failed", status: error.status, message: error.text });
          if (state.old_cart_message) setPrompt({ request, message: state.old_cart_message });
        } else {
          useAppStore.getState().pushToast("error", error.text);
        }
        return false;
      } finally {
        setPending(false);
      }
    },
    [queryClient],
  );

  const add = useCallback(
    async (request: AddToCartRequest): Promise<boolean> => {
      const store = useAppStore.getState();
      if (store.client.token === null) {
        runEffects([{ type: "open_modal", modal: "signIn" }]);
        return false;
      }
      // The cart's rules load with the first add (before the request, so a different
      // shop is asked about first).
      const { checkAddToCart, currentCartState } = await cartRules();
      const check = checkAddToCart(currentCartState(), request.branch_id);
      if (check.kind === "different_shop") {
        setPrompt({ request, message: { kind: "message", ...check.prompt } });
        return false;
      }
      return send(request, false);
    },
    [send],
  );

  /** The customer agreed to empty the cart: add again, emptying it first. */
  const confirm = useCallback(async (): Promise<boolean> => {
    if (!prompt) return false;
    setPrompt(null);
    (await cartRules()).applyCartEvent({ type: "old_cart_message_dismissed" });
    return send(prompt.request, true);
  }, [prompt, send]);

  const dismiss = useCallback(() => {
    setPrompt(null);
    void cartRules().then(({ applyCartEvent }) => applyCartEvent({ type: "old_cart_message_dismissed" }));
  }, []);

  return { add, pending, prompt, confirm, dismiss };
}
