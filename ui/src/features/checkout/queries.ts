import { useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../../api/client";
import type { components } from "../../api/schema.gen";
import { useAppStore } from "../../platform/store";

export type Address = components["schemas"]["Address"];
export type PlacedOrder = components["schemas"]["OrderDetailBody"];

/**
 * The customer's address book (`GET /addresses`, the default first). Keyed under
 * `["addresses"]` so the address book's changes refresh it too.
 */
export function useAddresses() {
  const token = useAppStore((s) => s.client.token);
  const language = useAppStore((s) => s.language);
  return useQuery({
    queryKey: ["addresses", token, language, "checkout"],
    enabled: token !== null,
    queryFn: async () => (await unwrap(api.GET("/addresses", { params: { query: { limit: 50 } } }))).data,
    staleTime: 0,
  });
}

export type SavedCard = components["schemas"]["SavedCard"];

/**
 * The customer's saved cards (`GET /cards`: the default first). Under `["cards"]`, as
 * My cards keeps them, so a change there or a card saved at checkout refreshes both.
 */
export function useSavedCards() {
  const token = useAppStore((s) => s.client.token);
  const language = useAppStore((s) => s.language);
  return useQuery({
    queryKey: ["cards", language, "checkout", token],
    enabled: token !== null,
    queryFn: async () => (await unwrap(api.GET("/cards"))).data,
    staleTime: 0,
  });
}

/** The wallet balance (`GET /wallet`). */
export function useWallet() {
  const token = useAppStore((s) => s.client.token);
  return useQuery({
    queryKey: ["wallet", token],
    enabled: token !== null,
    queryFn: async () => (await unwrap(api.GET("/wallet"))).data,
    staleTime: 0,
  });
}

/** The query key of one order, as the success page reads it. */
export function orderQueryKey(id: number, language: string) {
  return ["orders", "detail", id, language] as const;
}

/** One order (`GET /orders/{id}`), e.g. after a reload of the success page. */
export function useOrder(id: number | null) {
  const language = useAppStore((s) => s.language);
  return useQuery({
    queryKey: orderQueryKey(id ?? 0, language),
    enabled: id !== null,
    queryFn: async () => (await unwrap(api.GET("/orders/{id}", { params: { path: { id: id ?? 0 } } }))).data,
  });
}
