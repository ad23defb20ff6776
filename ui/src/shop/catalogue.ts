import { keepPreviousData, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { catalogueListRequest, suggestionQuery } from "../core/start";
import type { CatalogueList } from "storefront-core";
import { renderMessage } from "../i18n/coreText";
import { api, unwrap } from "../api/client";
import { productKey, useDeliveryArea } from "../api/queries";
import type { components } from "../api/schema.gen";
import { useAppStore } from "../platform/store";

type Schemas = components["schemas"];
export type ProductItem = Schemas["ProductItem"];
export type ShopOffer = Schemas["ShopOffer"];
export type ProductPage = Schemas["ProductPage"];
export type ProductDetail = Schemas["ProductDetail"];
export type BranchItem = Schemas["BranchItem"];
export type BranchCategoryItem = Schemas["BranchCategoryItem"];
export type BranchDetail = Schemas["BranchDetail"];
export type CategoryItem = Schemas["CategoryItem"];
export type CategoryDetail = Schemas["CategoryDetail"];
export type ServiceDetail = Schemas["ServiceDetail"];
export type ServiceBlock = Schemas["ServiceBlock"];
export type StockStatus = Schemas["StockStatus"];
export type IdName = Schemas["IdName"];
export type Meta = Schemas["Meta"];

export interface BranchPage {
  data: BranchItem[];
  meta: Meta;
}

/**
 * Key prefixes of the catalogue's query families whose answers carry favourite flags:
 * every query under one holds that family's answer type (a `ProductPage`, infinite
 * `ProductPage`s or `BranchPage`s, a `BranchDetail`), so the favourite toggle knows
 * what it updates by the key, not by the data's shape. All stay under `["products"]`
 * and `["branches"]`, which a service change removes.
 */
export const PRODUCTS_PAGE_KEY = ["products", "page"] as const;
export const PRODUCTS_INFINITE_KEY = ["products", "infinite"] as const;
export const BRANCHES_INFINITE_KEY = ["branches", "infinite"] as const;
export const BRANCH_DETAIL_KEY = ["branch"] as const;

/** Items per page of the catalogue lists. */
export const PAGE_LIMIT = 20;

/** The page after `meta`, or undefined on the last one (meta.current_page / meta.last_page drive paging). */
export function nextPageOf(meta: Pick<Meta, "current_page" | "last_page">): number | undefined {
  return meta.current_page < meta.last_page ? meta.current_page + 1 : undefined;
}

const emptyMeta: Meta = { current_page: 1, last_page: 1, per_page: 0, total: 0 };

/**
 * The page and service of a products or branches call, as the core decides them:
 * both present, or no call at all (the core's warning goes to the console and the
 * list is empty).
 */
export function listPayload(list: CatalogueList, page: number, serviceId: number | null) {
  const decision = catalogueListRequest(list, { page, service_id: serviceId });
  if (decision.kind === "fetch") {
    const query = Object.fromEntries(decision.query);
    return { page: Number(query.page), service_id: Number(query.service_id) };
  }
  if (decision.kind === "skip") console.warn(renderMessage(decision.warning, "en"));
  return null;
}

export async function fetchProductsPage(
  serviceId: number | null,
  page: number,
  filters: Record<string, string | number>,
  limit = PAGE_LIMIT,
): Promise<ProductPage> {
  const payload = listPayload("products", page, serviceId);
  if (!payload) return { data: [], meta: { ...emptyMeta, price_min: null, price_max: null, approximate: false } };
  const body = await unwrap(api.GET("/products", { params: { query: { ...filters, ...payload, limit } } }));
  if (!("price_min" in body.meta)) throw new Error("unexpected suggestions answer");
  return body as ProductPage;
}

export async function fetchBranchesPage(
  serviceId: number | null,
  page: number,
  search: string | null,
  limit = PAGE_LIMIT,
  categoryId: number | null = null,
): Promise<BranchPage> {
  const payload = listPayload("branches", page, serviceId);
  if (!payload) return { data: [], meta: emptyMeta };
  const query = {
    ...payload,
    limit,
    ...(search ? { search } : {}),
    ...(categoryId !== null ? { branch_category_id: categoryId } : {}),
  };
  return unwrap(api.GET("/branches", { params: { query } }));
}

function useLanguage() {
  return useAppStore((s) => s.language);
}

function useServiceId() {
  return useAppStore((s) => s.client.selected_service);
}

/** One page of the product listing (filters and page from the URL). */
export function useProductPage(filters: Record<string, string | number>, page: number) {
  const language = useLanguage();
  const serviceId = useServiceId();
  const area = useDeliveryArea();
  return useQuery({
    queryKey: [...PRODUCTS_PAGE_KEY, language, serviceId, area, filters, page],
    queryFn: () => fetchProductsPage(serviceId, page, filters),
    placeholderData: keepPreviousData,
  });
}

/** Products loaded page after page while meta.last_page allows. */
export function useProductsInfinite(
  filters: Record<string, string | number>,
  enabled = true,
  /** The service of the page's subject (a category), when it is known; else the selected one. */
  service: number | null = null,
) {
  const language = useLanguage();
  const selected = useServiceId();
  const serviceId = service ?? selected;
  const area = useDeliveryArea();
  return useInfiniteQuery({
    queryKey: [...PRODUCTS_INFINITE_KEY, language, serviceId, area, filters],
    enabled,
    initialPageParam: 1,
    queryFn: ({ pageParam }) => fetchProductsPage(serviceId, pageParam, filters),
    getNextPageParam: (last) => nextPageOf(last.meta),
  });
}

/** Shops of the selected service, optionally those matching `search` or of one shop category. */
export function useBranchesInfinite(search: string | null, enabled = true, categoryId: number | null = null) {
  const language = useLanguage();
  const serviceId = useServiceId();
  const area = useDeliveryArea();
  return useInfiniteQuery({
    queryKey: [...BRANCHES_INFINITE_KEY, language, serviceId, area, search, categoryId],
    enabled,
    initialPageParam: 1,
    queryFn: ({ pageParam }) => fetchBranchesPage(serviceId, pageParam, search, PAGE_LIMIT, categoryId),
    getNextPageParam: (last) => nextPageOf(last.meta),
  });
}

/** The most shop categories a service shows as chips (the spec's call is paged; one page holds them). */
const BRANCH_CATEGORIES_LIMIT = 50;

/** The selected service's shop categories (`GET /branch-categories`), in display order. */
export function useBranchCategories(enabled = true) {
  const language = useLanguage();
  const serviceId = useServiceId();
  return useQuery({
    queryKey: ["branch-categories", language, serviceId],
    enabled: enabled && serviceId !== null,
    staleTime: 5 * 60_000,
    queryFn: async () => {
      const body = await unwrap(
        api.GET("/branch-categories", {
          params: { query: { service_id: serviceId ?? 0, limit: BRANCH_CATEGORIES_LIMIT } },
        }),
      );
      return body.data;
    },
  });
}

/** Product name suggestions, fetched only for non-blank text (the core trims it). */
export function useProductSuggestions(text: string) {
  const language = useLanguage();
  const serviceId = useServiceId();
  const query = suggestionQuery(text);
  const area = useDeliveryArea();
  return useQuery({
    queryKey: ["products", language, serviceId, area, "suggestions", query],
    enabled: query !== null && serviceId !== null,
    queryFn: async () => {
      const body = await unwrap(
        api.GET("/products", { params: { query: { service_id: serviceId ?? 0, text: query ?? "" } } }),
      );
      return body.data.map((item) => ({ id: item.id, name: item.name }));
    },
    staleTime: 30_000,
  });
}

export function useProduct(id: number | null) {
  const language = useLanguage();
  const area = useDeliveryArea();
  return useQuery({
    queryKey: productKey(language, area, id),
    enabled: id !== null,
    queryFn: async () => (await unwrap(api.GET("/products/{id}", { params: { path: { id: id ?? 0 } } }))).data,
  });
}

export function useBranch(id: number | null) {
  const language = useLanguage();
  const area = useDeliveryArea();
  return useQuery({
    queryKey: [...BRANCH_DETAIL_KEY, language, area, id],
    enabled: id !== null,
    queryFn: async () => (await unwrap(api.GET("/branches/{id}", { params: { path: { id: id ?? 0 } } }))).data,
  });
}

export function useCategory(id: number | null) {
  const language = useLanguage();
  return useQuery({
    queryKey: ["categories", language, "detail", id],
    enabled: id !== null,
    queryFn: async () => (await unwrap(api.GET("/categories/{id}", { params: { path: { id: id ?? 0 } } }))).data,
  });
}

/** A category's subcategories, page by page (meta.current_page / meta.last_page). */
export function useSubcategories(parentId: number | null) {
  const language = useLanguage();
  return useInfiniteQuery({
    queryKey: ["categories", language, "children", parentId],
    enabled: parentId !== null,
    initialPageParam: 1,
    queryFn: async ({ pageParam }) =>
      unwrap(
        api.GET("/categories", { params: { query: { parent_id: parentId ?? 0, page: pageParam, limit: PAGE_LIMIT } } }),
      ),
    getNextPageParam: (last) => nextPageOf(last.meta),
  });
}
