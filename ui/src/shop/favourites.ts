import { useMutation, useQueryClient, type InfiniteData, type QueryClient, type QueryKey } from "@tanstack/react-query";
import { api, errorText, unwrap } from "../api/client";
import { PRODUCT_DETAIL_KEY, SERVICE_DETAIL_KEY } from "../api/queries";
import type { components } from "../api/schema.gen";
import { selectCart, useAppStore } from "../platform/store";
import { FAVORITES_KEY, type FavoriteItem, type Page } from "../api/queries";
import {
  BRANCHES_INFINITE_KEY,
  BRANCH_DETAIL_KEY,
  PRODUCTS_INFINITE_KEY,
  PRODUCTS_PAGE_KEY,
  type BranchDetail,
  type BranchPage,
  type ProductDetail,
  type ProductPage,
  type ServiceBlock,
  type ServiceDetail,
} from "./catalogue";

export type FavoriteKind = components["schemas"]["FavoriteKind"];

export interface FavoriteTarget {
  type: FavoriteKind;
  id: number;
}

export interface ToggleVariables {
  target: FavoriteTarget;
  /** The flag the customer asked for (the opposite of what was shown). */
  next: boolean;
}

/** Something that can be a favourite, with its flag in either spelling (or both). */
interface Flagged {
  id: number;
  favorite?: number | boolean | null;
  is_favorite?: boolean | null;
}

/**
 * `item` with its favourite flag at `flag`, each spelling kept in its own form
 * (`favorite` as 0/1, `is_favorite` as a boolean); `item` itself when it is there already.
 */
function withFlag<T extends Flagged>(item: T, flag: boolean): T {
  const favorite = typeof item.favorite === "boolean" ? flag : flag ? 1 : 0;
  const hasFavorite = item.favorite !== undefined;
  const hasIsFavorite = item.is_favorite !== undefined;
  if ((!hasFavorite || item.favorite === favorite) && (!hasIsFavorite || item.is_favorite === flag)) return item;
  const next = { ...item };
  if (hasFavorite) next.favorite = favorite;
  if (hasIsFavorite) next.is_favorite = flag;
  return next;
}

/** `items` with the flag of those `target` picks at `flag`; `items` itself when none changed. */
function inList<T extends Flagged>(items: T[], target: (item: T) => boolean, flag: boolean): T[] {
  let changed = false;
  const next = items.map((item) => {
    if (!target(item)) return item;
    const updated = withFlag(item, flag);
    if (updated !== item) changed = true;
    return updated;
  });
  return changed ? next : items;
}

/** A page with its rows through `update`; the page itself when they did not change. */
function inPage<P extends { data: Flagged[] }>(page: P, update: (rows: P["data"]) => P["data"]): P {
  const data = update(page.data);
  return data === page.data ? page : { ...page, data };
}

/** A page's rows updater: the row whose id is `id` gets its flag at `flag`. */
function rowWithId<P extends { data: Flagged[] }>(id: number, flag: boolean): (page: P) => P {
  return (page) => inPage(page, (rows) => inList(rows, (row) => row.id === id, flag));
}

/** Every page of an infinite query through `update`; `infinite` itself when none changed. */
function inPages<P>(infinite: InfiniteData<P>, update: (page: P) => P): InfiniteData<P> {
  let changed = false;
  const pages = infinite.pages.map((page) => {
    const updated = update(page);
    if (updated !== page) changed = true;
    return updated;
  });
  return changed ? { ...infinite, pages } : infinite;
}

/**
 * What the items of a home block are, by the block's declared type (the API says an
 * item's shape follows it): products, shops, or things that are never favourites
 * (banners, categories, brands carry an always-false flag).
 */
const BLOCK_ITEM_KIND: Readonly<Record<ServiceBlock["type"], FavoriteKind | null>> = {
  slider: null,
  categories: null,
  brands: null,
  hot_deals: "product",
  best_seller: "product",
  most_popular: "product",
  new_arrived: "product",
  branches: "branch",
};

/** A query family that carries favourite flags: its key prefix, and how its answer changes. */
export interface FavoriteFlagCache<T> {
  /** Every cached query under this prefix holds a `T`. */
  queryKey: QueryKey;
  /** `data` with `target`'s flag at `flag`; `data` itself when it does not hold `target`. */
  update(data: T, target: FavoriteTarget, flag: boolean): T;
}

function flagCache<T>(queryKey: QueryKey, update: FavoriteFlagCache<T>["update"]): FavoriteFlagCache<unknown> {
  return { queryKey, update: update as FavoriteFlagCache<unknown>["update"] };
}

/** An updater for data that holds one kind only: other targets leave it as it is. */
function holding<T>(kind: FavoriteKind, update: (data: T, id: number, flag: boolean) => T): FavoriteFlagCache<T>["update"] {
  return (data, target, flag) => (target.type === kind ? update(data, target.id, flag) : data);
}

/**
 * The cached server data that carries favourite flags, family by family. What an item is
 * comes from where it sits (a products list holds products, a shops list shops, a home
 * block what its type says, a favourites row its `type`), never from its fields.
 */
export const FAVORITE_FLAG_CACHES: readonly FavoriteFlagCache<unknown>[] = [
  flagCache<ProductPage>(
    PRODUCTS_PAGE_KEY,
    holding("product", (page, id, flag) => rowWithId<ProductPage>(id, flag)(page)),
  ),
  flagCache<InfiniteData<ProductPage>>(
    PRODUCTS_INFINITE_KEY,
    holding("product", (data, id, flag) => inPages(data, rowWithId(id, flag))),
  ),
  flagCache<InfiniteData<BranchPage>>(
    BRANCHES_INFINITE_KEY,
    holding("branch", (data, id, flag) => inPages(data, rowWithId(id, flag))),
  ),
  // The product page's shop (`branch`) carries no flag; a shop page lists no products
  // (its products are a products list, above).
  flagCache<ProductDetail>(
    PRODUCT_DETAIL_KEY,
    holding("product", (product, id, flag) => (product.id === id ? withFlag(product, flag) : product)),
  ),
  flagCache<BranchDetail>(
    BRANCH_DETAIL_KEY,
    holding("branch", (branch, id, flag) => (branch.id === id ? withFlag(branch, flag) : branch)),
  ),
  flagCache<ServiceDetail>(SERVICE_DETAIL_KEY, (service, target, flag) => {
    let changed = false;
    const blocks = service.blocks.map((block) => {
      if (BLOCK_ITEM_KIND[block.type] !== target.type) return block;
      const items = inList(block.items, (item) => item.id === target.id, flag);
      if (items === block.items) return block;
      changed = true;
      return { ...block, items };
    });
    return changed ? { ...service, blocks } : service;
  }),
  flagCache<InfiniteData<Page<FavoriteItem>>>(FAVORITES_KEY, (data, target, flag) =>
    inPages(data, (page) => inPage(page, (rows) => inList(rows, (row) => row.type === target.type && row.id === target.id, flag))),
  ),
];

interface Snapshot {
  queries: [QueryKey, unknown][];
}

/**
 * Puts `data` under `queryKey` keeping the time it was read: a flag set here is not a new
 * answer from the server, so what was stale stays stale (and is read again).
 */
function replaceData(queryClient: QueryClient, queryKey: QueryKey, data: unknown): void {
  queryClient.setQueryData(queryKey, data, { updatedAt: queryClient.getQueryState(queryKey)?.dataUpdatedAt });
}

export function applyFavorite(queryClient: QueryClient, target: FavoriteTarget, flag: boolean): void {
  for (const cache of FAVORITE_FLAG_CACHES) {
    for (const [queryKey, data] of queryClient.getQueriesData({ queryKey: cache.queryKey })) {
      if (data === undefined) continue;
      const next = cache.update(data, target, flag);
      // Queries that do not hold the target are not touched (no new data, no re-render).
      if (next !== data) replaceData(queryClient, queryKey, next);
    }
  }
  // A cart in the store means the cart's rules have loaded (it got there through them).
  if (target.type === "product" && selectCart(useAppStore.getState()) !== null) {
    void import("./cartFlow").then(({ setCartFavorite }) => setCartFavorite(target.id, flag));
  }
}

/**
 * Toggles a favourite (`POST /favorites/toggle`). The flag flips at once in every
 * cached list, detail page, service block, favourites list and the cart; a failure puts
 * everything back as it was and shows the error; the server's answer is the final word.
 */
export function useToggleFavorite() {
  const queryClient = useQueryClient();
  return useMutation<{ is_favorite: boolean }, Error, ToggleVariables, Snapshot>({
    mutationFn: async ({ target }) =>
      (await unwrap(api.POST("/favorites/toggle", { body: { type: target.type, id: target.id } }))).data,
    onMutate: async ({ target, next }) => {
      await Promise.all(FAVORITE_FLAG_CACHES.map(({ queryKey }) => queryClient.cancelQueries({ queryKey })));
      const snapshot: Snapshot = {
        queries: FAVORITE_FLAG_CACHES.flatMap(({ queryKey }) => queryClient.getQueriesData({ queryKey })),
      };
      applyFavorite(queryClient, target, next);
      return snapshot;
    },
    onError: (error, { target, next }, snapshot) => {
      if (snapshot) {
        for (const [queryKey, data] of snapshot.queries) {
          if (queryClient.getQueryData(queryKey) !== data) replaceData(queryClient, queryKey, data);
        }
      }
      // The cart's line goes back through the core's transition.
      if (target.type === "product" && selectCart(useAppStore.getState()) !== null) {
        void import("./cartFlow").then(({ setCartFavorite }) => setCartFavorite(target.id, !next));
      }
      useAppStore.getState().pushToast("error", errorText(error));
    },
    onSuccess: (data, { target, next }) => {
      if (data.is_favorite !== next) applyFavorite(queryClient, target, data.is_favorite);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: FAVORITES_KEY }),
  });
}
