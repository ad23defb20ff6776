import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "../api/client";

/** Server data is cached per query; language changes reset it (spec 4). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 60_000,
      gcTime: 5 * 60_000,
      refetchOnWindowFocus: false,
      // 4xx answers do not improve by asking again; network blips might.
      retry: (failures, error) => !(error instanceof ApiError && error.status !== null && error.status < 500) && failures < 2,
    },
  },
});
