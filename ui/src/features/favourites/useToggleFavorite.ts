import { useMutation, useQueryClient, type QueryClient, type QueryKey } from "@tanstack/react-query";
import type { Cart } from "storefront-core";
import { ApiError, api, unwrap } from "../../api/client";
import { useAppStore } from "../../app/store";

export type FavoriteKind = "branch" | "product";

export interface FavoriteTarget {
  type: FavoriteKind;
  id: number;
}

export interface ToggleVariables {
  target: FavoriteTarget;
  /** The flag the customer asked for (the opposite of what was shown). */
  next: boolean;
}

/** The cached server data that carries favourite flags. */
export const FAVORITE_FLAG_CACHES: readonly QueryKey[] = [["services"], ["products"], ["branches"], ["product"], ["branch"]];

type Json = unknown;

function isRecord(value: Json): value is Record<string, Json> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * What an API object is, by its shape: products carry a price, shops delivery minutes;
 * favourites-list rows say so in `type`. Categories, brands and banners carry a flag too
 * but are never favourites.
 */
function kindOf(item: Record<string, Json>): FavoriteKind | null {
  if (typeof item.id !== "number" || !("favorite" in item || "is_favorite" in item)) return null;
  if (item.type === "product" || item.type === "branch") return item.type;
  if ("price" in item) return "product";
  if ("minutes" in item) return "branch";
  return null;
}

/**
 * `value` with the favourite flag of `target` set to `flag` wherever it appears (lists,
 * pages of infinite queries, service blocks, detail pages). Both spellings are kept
 * in their own form: `favorite` as 0/1, `is_favorite` as a boolean. Unchanged parts
 * keep their identity, so untouched queries do not re-render.
 */
export function setFavoriteIn<T>(value: T, target: FavoriteTarget, flag: boolean, depth = 0): T {
  if (depth > 8) return value;
  if (Array.isArray(value)) {
    let changed = false;
    const next = value.map((entry: Json) => {
      const updated = setFavoriteIn(entry, target, flag, depth + 1);
      if (updated !== entry) changed = true;
      return updated;
    });
    return (changed ? next : value) as T;
  }
  if (!isRecord(value)) return value;
  if (kindOf(value) === target.type && value.id === target.id) {
    const next: Record<string, Json> = { ...value };
    if ("favorite" in value) next.favorite = typeof value.favorite === "boolean" ? flag : flag ? 1 : 0;
    if ("is_favorite" in value) next.is_favorite = flag;
    return next as T;
  }
  let changed = false;
  const next: Record<string, Json> = {};
  for (const [key, entry] of Object.entries(value)) {
    const updated = setFavoriteIn(entry, target, flag, depth + 1);
    if (updated !== entry) changed = true;
    next[key] = updated;
  }
  return (changed ? next : value) as T;
}

interface Snapshot {
  queries: [QueryKey, unknown][];
  cart: Cart | null;
}

export function applyFavorite(queryClient: QueryClient, target: FavoriteTarget, flag: boolean): void {
  for (const queryKey of FAVORITE_FLAG_CACHES) {
    queryClient.setQueriesData({ queryKey }, (old: unknown) => (old === undefined ? old : setFavoriteIn(old, target, flag)));
  }
  // A cart in the store means the cart's rules have loaded (it got there through them).
  if (target.type === "product" && useAppStore.getState().cart !== null) {
    void import("../cart/transitions").then(({ cartWithFavorite }) => {
      const store = useAppStore.getState();
      const cart = cartWithFavorite(store.cart, target.id, flag);
      if (cart !== store.cart) store.setCart(cart);
    });
  }
}

/**
 * Toggles a favourite (`POST /favorites/toggle`). The flag flips at once in every
 * cached list, detail page, service block and the cart; a failure puts everything back
 * as it was and shows the error; the server's answer is the final word.
 */
export function useToggleFavorite() {
  const queryClient = useQueryClient();
  return useMutation<{ is_favorite: boolean }, Error, ToggleVariables, Snapshot>({
    mutationFn: async ({ target }) =>
      (await unwrap(api.POST("/favorites/toggle", { body: { type: target.type, id: target.id } }))).data,
    onMutate: async ({ target, next }) => {
      await Promise.all(FAVORITE_FLAG_CACHES.map((queryKey) => queryClient.cancelQueries({ queryKey })));
      const snapshot: Snapshot = {
        queries: FAVORITE_FLAG_CACHES.flatMap((queryKey) => queryClient.getQueriesData({ queryKey })),
        cart: useAppStore.getState().cart,
      };
      applyFavorite(queryClient, target, next);
      return snapshot;
    },
    onError: (error, _variables, snapshot) => {
      if (snapshot) {
        for (const [queryKey, data] of snapshot.queries) queryClient.setQueryData(queryKey, data);
        useAppStore.getState().setCart(snapshot.cart);
      }
      const text = error instanceof ApiError ? error.text : ({ kind: "message", id: "generic_error", params: {} } as const);
      useAppStore.getState().pushToast("error", text);
    },
    onSuccess: (data, { target, next }) => {
      if (data.is_favorite !== next) applyFavorite(queryClient, target, data.is_favorite);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["favorites"] }),
  });
}
