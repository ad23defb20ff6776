import { queryOptions, useQuery } from "@tanstack/react-query";
import { useAppStore } from "../platform/store";
import { api, unwrap } from "./client";
import type { components } from "./schema.gen";

export type Meta = components["schemas"]["Meta"];
export type FavoriteItem = components["schemas"]["FavoriteItem"];

/** One page of an API list (`{"data": [...], "meta": {"current_page", "last_page"}}`). */
export interface Page<T> {
  data: T[];
  meta: Meta;
}

/** The favourites lists' key prefix: infinite `Page<FavoriteItem>`s, one list per kind. */
export const FAVORITES_KEY = ["favorites"] as const;

/**
 * Queries the shell and several features share. Keys start with the resource name so a
 * language change (`resetQueries`) or a service change (`removeQueries(["branches"])`) hits
 * them all; the language is part of each key because names come back localized.
 */
export function useRemoteConfig() {
  const language = useAppStore((s) => s.language);
  return useQuery({
    queryKey: ["remote-config", language],
    queryFn: async () => (await unwrap(api.GET("/remote-config"))).data,
    staleTime: Infinity,
  });
}

export function useSettings() {
  const language = useAppStore((s) => s.language);
  return useQuery({
    queryKey: ["settings", language],
    queryFn: async () => (await unwrap(api.GET("/setting"))).data,
    staleTime: Infinity,
  });
}

/** `GET /user/profile` of the customer signed in with `token` (none asked for without). */
export function profileQuery(token: string | null) {
  return queryOptions({
    queryKey: ["profile", token],
    enabled: token !== null,
    queryFn: async () => (await unwrap(api.GET("/user/profile"))).data,
  });
}

export function useProfile() {
  const token = useAppStore((s) => s.client.token);
  return useQuery(profileQuery(token));
}

/**
 * The district and address the server filters the catalogue by (spec 7's `district-id`
 * and `address-id` headers): part of the key of every read whose answer depends on them
 * (listings, product and shop pages, home blocks, suggestions, the cart), so a shopper
 * who chooses another district reads those again instead of a cached answer.
 */
export function useDeliveryArea(): readonly [number | null, number | null] {
  const district = useAppStore((s) => s.client.district_id);
  const address = useAppStore((s) => s.client.address_id);
  return [district, address] as const;
}

export function useServices(enabled = true) {
  const language = useAppStore((s) => s.language);
  return useQuery({
    queryKey: ["services", language],
    enabled,
    queryFn: async () => (await unwrap(api.GET("/services"))).data,
    staleTime: 10 * 60_000,
  });
}

/**
 * Key prefixes of the query families here whose answers carry favourite flags: every
 * query under one holds that family's answer type (`ServiceDetail`, `ProductDetail`),
 * so the favourite toggle knows what it updates by the key, not by the data's shape.
 * The services list (`["services", language]`) is not under `SERVICE_DETAIL_KEY`.
 */
export const SERVICE_DETAIL_KEY = ["services", "detail"] as const;
export const PRODUCT_DETAIL_KEY = ["product"] as const;

/** The key of the selected service's details: its home blocks follow the district. */
export function selectedServiceKey(
  language: string,
  id: number | null,
  area: readonly [number | null, number | null],
) {
  return [...SERVICE_DETAIL_KEY, language, id, area] as const;
}

/** The query key of `GET /products/{id}` (the product page), which the page's boot data fills too. */
/**
 * A product's reviews in one order (`GET /products/{id}/reviews`), page after page: the
 * product screen's list (`features/catalogue/reviews.ts`); a product page's first page
 * of newest reviews comes with the page (`platform/seed.ts`).
 */
export function productReviewsKey(language: string, productId: number, sort: string) {
  return [...PRODUCT_REVIEWS_KEY, language, productId, sort] as const;
}

/** Every product's review lists: a review written, edited or deleted changes them. */
export const PRODUCT_REVIEWS_KEY = ["product-reviews"] as const;

/** The customer's reviews (`GET /my-reviews`) and the products waiting for one (`…/waiting`). */
export const MY_REVIEWS_KEY = ["my-reviews"] as const;

export function productKey(language: string, area: readonly [number | null, number | null], id: number | null) {
  return [...PRODUCT_DETAIL_KEY, language, area, id] as const;
}

/** `GET /services/{id}` of the selected service (none asked for without one). */
export function selectedServiceQuery(language: string, id: number | null, area: readonly [number | null, number | null]) {
  return queryOptions({
    queryKey: selectedServiceKey(language, id, area),
    enabled: id !== null,
    queryFn: async () => (await unwrap(api.GET("/services/{id}", { params: { path: { id: id ?? 0 } } }))).data,
    staleTime: 10 * 60_000,
  });
}

export function useSelectedService() {
  const language = useAppStore((s) => s.language);
  const id = useAppStore((s) => s.client.selected_service);
  const area = useDeliveryArea();
  return useQuery(selectedServiceQuery(language, id, area));
}

/** The static pages the footer lists (the API's audience for storefront pages). */
export const FOOTER_PAGES_CATEGORY = "customer";

export function useStaticPages(category: string, enabled: boolean) {
  const language = useAppStore((s) => s.language);
  return useQuery({
    queryKey: ["static-pages", language, category],
    enabled,
    queryFn: async () => (await unwrap(api.GET("/static-pages", { params: { query: { category } } }))).data,
    staleTime: 10 * 60_000,
  });
}
