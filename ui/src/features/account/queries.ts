import { useInfiniteQuery, useQuery, type InfiniteData, type QueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../api/client";
import { FAVORITES_KEY, MY_REVIEWS_KEY, type FavoriteItem, type Page } from "../../api/queries";
import type { components } from "../../api/schema.gen";
import { useAppStore } from "../../platform/store";

/**
 * The account area's server data. Keys start with the resource name (a language
 * change resets everything; writes invalidate their resource), and carry the language
 * because texts come back localized.
 */

type Schemas = components["schemas"];
export type Address = Schemas["Address"];
export type AddressRequest = Schemas["AddressRequest"];
export type OrderSummary = Schemas["OrderSummary"];
export type OrderDetailBody = Schemas["OrderDetailBody"];
export type ReturnBody = Schemas["ReturnBody"];
export type ReturnReason = Schemas["ReturnReason"];
export type FavoriteKind = Schemas["FavoriteKind"];
export type WalletTransaction = Schemas["WalletTransaction"];
export type PointsHistoryItem = Schemas["PointsHistoryItem"];
export type Commission = Schemas["Commission"];
export type Profile = Schemas["Profile"];
export type SavedCard = Schemas["SavedCard"];
export type MyReview = Schemas["MyReview"];
export type WaitingProduct = Schemas["WaitingProduct"];

/** The rows of every loaded page, in order. */
export function rowsOf<T>(data: InfiniteData<Page<T>> | undefined): T[] {
  return data?.pages.flatMap((page) => page.data) ?? [];
}

const nextPage = <T,>(last: Page<T>): number | undefined =>
  last.meta.current_page < last.meta.last_page ? last.meta.current_page + 1 : undefined;

function useLanguage() {
  return useAppStore((s) => s.language);
}

const PAGE = 20;

export function useOrders(tab: string) {
  const language = useLanguage();
  return useInfiniteQuery({
    queryKey: ["orders", language, tab],
    initialPageParam: 1,
    queryFn: async ({ pageParam }) =>
      unwrap(api.GET("/orders", { params: { query: { tab, page: pageParam, limit: PAGE } } })) as Promise<Page<OrderSummary>>,
    getNextPageParam: nextPage,
  });
}

export function useOrder(id: number | null) {
  const language = useLanguage();
  return useQuery({
    queryKey: ["orders", language, "detail", id],
    enabled: id !== null,
    queryFn: async () => (await unwrap(api.GET("/orders/{id}", { params: { path: { id: id ?? 0 } } }))).data,
  });
}

export function useReturns(tab: string) {
  const language = useLanguage();
  return useInfiniteQuery({
    queryKey: ["returns", language, tab],
    initialPageParam: 1,
    queryFn: async ({ pageParam }) =>
      unwrap(api.GET("/returns", { params: { query: { tab, page: pageParam, limit: PAGE } } })) as Promise<Page<ReturnBody>>,
    getNextPageParam: nextPage,
  });
}

export function useAddresses() {
  const language = useLanguage();
  return useQuery({
    queryKey: ["addresses", language],
    queryFn: async () => (await unwrap(api.GET("/addresses", { params: { query: { limit: 50 } } }))).data,
  });
}

export function useFavorites(type: FavoriteKind) {
  const language = useLanguage();
  return useInfiniteQuery({
    queryKey: [...FAVORITES_KEY, language, type],
    initialPageParam: 1,
    queryFn: async ({ pageParam }) =>
      unwrap(api.GET("/favorites", { params: { query: { type, page: pageParam, limit: PAGE } } })) as Promise<Page<FavoriteItem>>,
    getNextPageParam: nextPage,
  });
}

export function useWallet() {
  const language = useLanguage();
  return useQuery({
    queryKey: ["wallet", language],
    queryFn: async () => (await unwrap(api.GET("/wallet"))).data,
  });
}

export function useWalletTransactions() {
  const language = useLanguage();
  return useInfiniteQuery({
    queryKey: ["wallet", language, "transactions"],
    initialPageParam: 1,
    queryFn: async ({ pageParam }) =>
      unwrap(api.GET("/wallet/transactions", { params: { query: { page: pageParam, limit: PAGE } } })) as Promise<
        Page<WalletTransaction>
      >,
    getNextPageParam: nextPage,
  });
}

/**
 * The customer's saved payment cards (`GET /cards`: the default first, then the newest;
 * at most 10, so one page). Under `["cards"]`, which checkout's copy shares, so a card
 * deleted here is gone there too.
 */
export function useSavedCards() {
  const language = useLanguage();
  return useQuery({
    queryKey: ["cards", language],
    queryFn: async () => (await unwrap(api.GET("/cards"))).data,
  });
}

/** The customer's reviews, newest first, hidden ones included (`GET /my-reviews`). */
export function useMyReviews() {
  const language = useLanguage();
  return useInfiniteQuery({
    queryKey: [...MY_REVIEWS_KEY, language, "written"],
    initialPageParam: 1,
    queryFn: async ({ pageParam }) =>
      unwrap(api.GET("/my-reviews", { params: { query: { page: pageParam, limit: PAGE } } })) as Promise<Page<MyReview>>,
    getNextPageParam: nextPage,
  });
}

/** Delivered products not reviewed yet, latest delivery first (`GET /my-reviews/waiting`). */
export function useWaitingReviews() {
  const language = useLanguage();
  return useInfiniteQuery({
    queryKey: [...MY_REVIEWS_KEY, language, "waiting"],
    initialPageParam: 1,
    queryFn: async ({ pageParam }) =>
      unwrap(api.GET("/my-reviews/waiting", { params: { query: { page: pageParam, limit: PAGE } } })) as Promise<
        Page<WaitingProduct>
      >,
    getNextPageParam: nextPage,
  });
}

export function useLoyaltyPoints() {
  const language = useLanguage();
  return useQuery({
    queryKey: ["loyalty-points", language],
    queryFn: async () => (await unwrap(api.GET("/loyalty-points"))).data,
  });
}

export function usePointsHistory() {
  const language = useLanguage();
  return useInfiniteQuery({
    queryKey: ["loyalty-points", language, "history"],
    initialPageParam: 1,
    queryFn: async ({ pageParam }) =>
      unwrap(api.GET("/loyalty-points/history", { params: { query: { page: pageParam, limit: PAGE } } })) as Promise<
        Page<PointsHistoryItem>
      >,
    getNextPageParam: nextPage,
  });
}

export function useReferral() {
  const language = useLanguage();
  return useQuery({
    queryKey: ["referral", language],
    queryFn: async () => (await unwrap(api.GET("/referral"))).data,
  });
}

export function useCommissions() {
  const language = useLanguage();
  return useInfiniteQuery({
    queryKey: ["referral", language, "commissions"],
    initialPageParam: 1,
    queryFn: async ({ pageParam }) =>
      unwrap(api.GET("/affiliate/commissions", { params: { query: { page: pageParam, limit: PAGE } } })) as Promise<
        Page<Commission>
      >,
    getNextPageParam: nextPage,
  });
}

export function useStaticPage(id: number | null) {
  const language = useLanguage();
  return useQuery({
    queryKey: ["static-pages", language, "page", id],
    enabled: id !== null,
    queryFn: async () => (await unwrap(api.GET("/static-pages/{id}", { params: { path: { id: id ?? 0 } } }))).data,
    staleTime: 10 * 60_000,
  });
}

/**
 * The full profile as the API sends it (mobile, has_password, notification choices…),
 * under the shared ["profile", token] key so every profile refresh reaches it too.
 */
export function useFullProfile() {
  const token = useAppStore((s) => s.client.token);
  return useQuery({
    queryKey: ["profile", token, "full"],
    enabled: token !== null,
    queryFn: async () => (await unwrap(api.GET("/user/profile"))).data,
  });
}

type FullProfile = Schemas["ProfileResponse"];

/** Puts the profile a write answered with into the cached full profile at once. */
export function setFullProfileUser(queryClient: QueryClient, user: Profile): void {
  const token = useAppStore.getState().client.token;
  queryClient.setQueryData<FullProfile>(["profile", token, "full"], (old) => (old ? { ...old, user } : old));
}
