import { useInfiniteQuery } from "@tanstack/react-query";
import { api, unwrap } from "../../api/client";
import { productReviewsKey } from "../../api/queries";
import type { components } from "../../api/schema.gen";
import { useAppStore } from "../../platform/store";

export type ReviewItem = components["schemas"]["ReviewItem"];

/** The list's orders, as the API names them (`sort=`). */
export const REVIEW_SORTS = ["newest", "helpful", "rating_desc", "rating_asc"] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

/** Reviews a page: the server's product page draws the first page of newest (static-host `product_reviews::SHOWN`). */
export const REVIEWS_PAGE_LIMIT = 5;

/** How one of five stars is drawn: the API gives the average's, by the core's half-star rule. */
export type StarFill = components["schemas"]["Star"];

/** A product's reviews in `sort` order, REVIEWS_PAGE_LIMIT a page, while fewer than `total` are loaded. */
export function useProductReviews(productId: number, total: number, sort: ReviewSort, enabled: boolean) {
  const language = useAppStore((s) => s.language);
  return useInfiniteQuery({
    queryKey: productReviewsKey(language, productId, sort),
    enabled,
    initialPageParam: 1,
    queryFn: async ({ pageParam }) => {
      const query = { sort, page: pageParam, limit: REVIEWS_PAGE_LIMIT };
      return (await unwrap(api.GET("/products/{id}/reviews", { params: { path: { id: productId }, query } }))).data;
    },
    // The product's count is the list's total: the next page while some are not loaded.
    getNextPageParam: (last: ReviewItem[], pages: ReviewItem[][]) =>
      last.length > 0 && pages.flat().length < total ? pages.length + 1 : undefined,
  });
}
