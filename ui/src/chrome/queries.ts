import { keepPreviousData, queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { suggestionQuery } from "../core/start";
import { layoutConstants } from "../core/layout";
import { api, unwrap } from "../api/client";
import { useDeliveryArea } from "../api/queries";
import { useAppStore } from "../platform/store";

/** Category trees are asked for with the core's limit (1000, spec 7, 9). */
const { category_tree_limit: CATEGORY_TREE_LIMIT } = layoutConstants;

function categoryTree(language: string, serviceId: number | null) {
  return queryOptions({
    queryKey: ["categories", "tree", language, serviceId],
    queryFn: async () =>
      unwrap(
        api.GET("/categories", {
          params: { query: { service_id: serviceId ?? 0, is_tree: "1", limit: CATEGORY_TREE_LIMIT } },
        }),
      ),
    staleTime: 10 * 60_000,
  });
}

/** The category tree of the selected service, with the featured categories (spec 2, 7). */
export function useCategoryTree(serviceId: number | null, enabled: boolean) {
  const language = useAppStore((s) => s.language);
  return useQuery({ ...categoryTree(language, serviceId), enabled: enabled && serviceId !== null });
}

/**
 * Starts reading the category tree when a menu is about to open (a pointer over or down
 * on its button, focus), so the menu opens with it more often than with "Loading".
 */
export function usePrefetchCategoryTree(serviceId: number | null): () => void {
  const client = useQueryClient();
  const language = useAppStore((s) => s.language);
  return () => {
    if (serviceId !== null) void client.prefetchQuery(categoryTree(language, serviceId));
  };
}

/**
 * Header search suggestions (spec 2), fetched only for non-empty text (the core's
 * `suggestionQuery` trims and returns null for blank text). Products-focused services
 * suggest products (`GET /products?service_id&text`), others shops
 * (`GET /services/search?service_id&search`).
 */
export function useSuggestions(kind: "products" | "branches", serviceId: number | null, typed: string) {
  const language = useAppStore((s) => s.language);
  const text = suggestionQuery(typed);
  const area = useDeliveryArea();
  return useQuery({
    queryKey: [kind === "products" ? "products" : "branches", "suggestions", language, serviceId, area, text],
    enabled: text !== null && serviceId !== null,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      const service_id = serviceId ?? 0;
      const search = text ?? "";
      if (kind === "products") {
        const body = await unwrap(api.GET("/products", { params: { query: { service_id, text: search } }, signal }));
        return body.data.map(({ id, name }) => ({ id, name }));
      }
      const body = await unwrap(api.GET("/services/search", { params: { query: { service_id, search } }, signal }));
      return body.data.map(({ id, name }) => ({ id, name }));
    },
    staleTime: 60_000,
  });
}

/** The signed-in customer's notifications, newest first, with the unread count. */
export function useNotifications(enabled: boolean) {
  const language = useAppStore((s) => s.language);
  const token = useAppStore((s) => s.client.token);
  return useQuery({
    queryKey: ["notifications", language, token],
    enabled: enabled && token !== null,
    queryFn: async () => unwrap(api.GET("/notifications", { params: { query: { page: 1, limit: 10 } } })),
    staleTime: 60_000,
  });
}
