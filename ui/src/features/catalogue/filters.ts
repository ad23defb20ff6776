import { isCoreError } from "../../core/start";
import { moneySign, orderPriceRange, parseMoney } from "storefront-core/cart";

/**
 * The product listing's filters as they live in the URL (so a listing can be shared
 * and survives a reload). The option lists are UI choices mapped one to one onto the
 * `GET /products` query parameters (`sort`, `stock`, `min_rating`, `min_price`,
 * `max_price`); the order and stock rules themselves are the API's.
 */
export const SORT_OPTIONS = [
  "recommended",
  "best_selling",
  "a_z",
  "z_a",
  "price_high",
  "price_low",
  "newest",
  "oldest",
  // The customers' reviews' average, then their count (issue 36).
  "top_rated",
] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];

export const STOCK_OPTIONS = ["in_stock", "out_of_stock", "preorder"] as const;
export type StockOption = (typeof STOCK_OPTIONS)[number];

/**
 * The stars filter's "n stars & up", best first: the customers' reviews' average at
 * least n (`min_rating`), the stars every product card shows.
 */
export const RATING_OPTIONS = [5, 4, 3, 2, 1] as const;

export interface ListingFilters {
  sort: SortOption | null;
  stock: StockOption | null;
  /** The customers' reviews' average at least this many stars (1–5). */
  min_rating: number | null;
  /** Decimal strings with two decimals, as the core writes amounts. */
  min_price: string | null;
  max_price: string | null;
  category_id: number | null;
  branch_id: number | null;
  brand_id: number | null;
  /** Only products sold below their old price (the home page's hot deals). */
  on_sale: true | null;
  search: string | null;
  page: number;
}

export const NO_FILTERS: ListingFilters = {
  sort: null,
  stock: null,
  min_rating: null,
  min_price: null,
  max_price: null,
  category_id: null,
  branch_id: null,
  brand_id: null,
  on_sale: null,
  search: null,
  page: 1,
};

function oneOf<T extends string>(options: readonly T[], value: string | null): T | null {
  return value !== null && (options as readonly string[]).includes(value) ? (value as T) : null;
}

function positiveInt(value: string | null, max = Number.MAX_SAFE_INTEGER): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && n <= max ? n : null;
}

/** An amount the core accepts, in its two-decimal form; anything else is no filter. */
export function moneyOrNull(value: string | null): string | null {
  if (value === null || value.trim() === "") return null;
  try {
    const money = parseMoney(value.trim());
    return moneySign(money) === "negative" ? null : money;
  } catch (error) {
    if (isCoreError(error, "invalid_money")) return null;
    throw error;
  }
}

/**
 * A price range in order (the core's `orderPriceRange`): a minimum above the maximum (a
 * hand-edited URL) is swapped, so the API is never asked for an impossible range (it
 * answers 422, which no retry can fix). Either end may be open (null).
 */
export function orderedPriceRange(
  min: string | null,
  max: string | null,
): { min_price: string | null; max_price: string | null } {
  const ordered = orderPriceRange({ min, max });
  return { min_price: ordered.min, max_price: ordered.max };
}

/** Reads the filters from a query string; unknown or malformed values are ignored. */
export function parseFilters(query: URLSearchParams): ListingFilters {
  const search = query.get("search")?.trim() ?? "";
  return {
    sort: oneOf(SORT_OPTIONS, query.get("sort")),
    stock: oneOf(STOCK_OPTIONS, query.get("stock")),
    // `rating=N` is the old stars filter's parameter, on a demo figure no page showed;
    // links and bookmarks made with it still narrow by stars, now the reviews' (as the
    // API reads it too), and the next change of the listing writes `min_rating`.
    min_rating: positiveInt(query.get("min_rating"), 5) ?? positiveInt(query.get("rating"), 5),
    ...orderedPriceRange(moneyOrNull(query.get("min_price")), moneyOrNull(query.get("max_price"))),
    category_id: positiveInt(query.get("category_id")),
    branch_id: positiveInt(query.get("branch_id")),
    brand_id: positiveInt(query.get("brand_id")),
    on_sale: query.get("on_sale") === "true" ? true : null,
    search: search === "" ? null : search,
    page: positiveInt(query.get("page"), 100_000) ?? 1,
  };
}

const URL_ORDER = [
  "search",
  "category_id",
  "branch_id",
  "brand_id",
  "on_sale",
  "sort",
  "stock",
  "min_rating",
  "min_price",
  "max_price",
  "page",
] as const satisfies readonly (keyof ListingFilters)[];

/** The query string of a listing, in a stable order, leaving out defaults. */
export function filtersToQuery(filters: ListingFilters): string {
  const params = new URLSearchParams();
  for (const key of URL_ORDER) {
    const value = filters[key];
    if (value === null || (key === "page" && value === 1)) continue;
    params.set(key, String(value));
  }
  return params.toString();
}

/** The `GET /products` parameters for these filters (page and service are added by the caller). */
export function apiFilters(filters: ListingFilters): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const key of URL_ORDER) {
    const value = filters[key];
    if (key === "page" || value === null) continue;
    out[key] = typeof value === "boolean" ? String(value) : value;
  }
  return out;
}

/** A change of any filter other than the page starts again at page 1. */
export function withFilter<K extends keyof ListingFilters>(
  filters: ListingFilters,
  key: K,
  value: ListingFilters[K],
): ListingFilters {
  return { ...filters, [key]: value, page: key === "page" ? (value as number) : 1 };
}

/**
 * Whether the customer narrowed the listing (sort and page do not count). A brand and
 * "on sale" are narrowings too (they come from links, but "Clear filters" must take
 * them away); the search, category and shop are the listing's subject and stay.
 */
export function hasNarrowing(filters: ListingFilters): boolean {
  return (
    filters.stock !== null ||
    filters.min_rating !== null ||
    filters.min_price !== null ||
    filters.max_price !== null ||
    filters.brand_id !== null ||
    filters.on_sale !== null
  );
}

/** The listing without the narrowing filters (what "Clear filters" leads to), at page 1. */
export function withoutNarrowing(filters: ListingFilters): ListingFilters {
  return { ...filters, stock: null, min_rating: null, min_price: null, max_price: null, brand_id: null, on_sale: null, page: 1 };
}
