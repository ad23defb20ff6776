import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useIntl } from "react-intl";
import { ApiError, api, errorText, notFoundIsAnswer, unwrap } from "../../api/client";
import { MY_REVIEWS_KEY, PRODUCT_DETAIL_KEY, PRODUCT_REVIEWS_KEY } from "../../api/queries";
import type { components } from "../../api/schema.gen";
import { useAppStore } from "../../platform/store";
import { PRODUCTS_INFINITE_KEY, PRODUCTS_PAGE_KEY } from "../catalogue";

/*
 * The review calls (issue 36, `static-host/docs/reviews.md`) that the product screen
 * and the account's "My reviews" share: write or edit, delete, report, helpful.
 */

export type ReviewRequest = components["schemas"]["ReviewRequest"];

/** The review a form edits (none: a new review of the product). */
export interface EditedReview {
  id: number;
  rating: number;
  comment?: string | null;
}

/**
 * Reads again what a review write changes: the product (its summary, `review_action`,
 * `my_review_id`), its review lists, the customer's reviews and waiting list, and the
 * product listings (their cards' average and count, and the top-rated order).
 */
export function refreshAfterReview(queryClient: QueryClient): Promise<void> {
  const changed = [PRODUCT_DETAIL_KEY, PRODUCT_REVIEWS_KEY, MY_REVIEWS_KEY, PRODUCTS_PAGE_KEY, PRODUCTS_INFINITE_KEY];
  return Promise.all(changed.map((queryKey) => queryClient.invalidateQueries({ queryKey }))).then(() => undefined);
}

/**
 * Whether a call about the customer's own review was answered 404: the review is not
 * there any more (deleted in another tab or on another device). These calls keep the
 * page (`notFoundIsAnswer`), and as the server's 404 text ('The requested item was not
 * found.') says nothing of a review, the screens say 'This review no longer exists.'
 * (`reviews.gone`) instead.
 */
export function reviewGone(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** 'This review no longer exists.' as a toast, and the pages read again without the review. */
export function reportReviewGone(queryClient: QueryClient, text: string): Promise<void> {
  useAppStore.getState().pushToast("info", { kind: "server", text });
  return refreshAfterReview(queryClient);
}

/** The server's success message as a toast (the API writes it in the request language). */
function toastMessage(message: string | null | undefined): void {
  if (message) useAppStore.getState().pushToast("success", { kind: "server", text: message });
}

function toastFailure(error: unknown): void {
  useAppStore.getState().pushToast("error", errorText(error));
}

/** `POST /products/{id}/reviews`, or `PUT /reviews/{id}` for the customer's own review. */
export async function saveReview(productId: number, review: EditedReview | null, body: ReviewRequest) {
  const answer = review
    ? await unwrap(api.PUT("/reviews/{id}", { params: { path: { id: review.id } }, body, middleware: [notFoundIsAnswer] }))
    : await unwrap(api.POST("/products/{id}/reviews", { params: { path: { id: productId } }, body }));
  toastMessage(answer.message);
  return answer.data;
}

/**
 * Deletes the customer's own review (after their confirmation), then reads again. A
 * review already deleted elsewhere counts as deleted: what the shopper asked for is
 * done, so no failure, only a note that it was gone, and the pages read again.
 */
export function useDeleteReview() {
  const queryClient = useQueryClient();
  const intl = useIntl();
  return useMutation({
    mutationFn: async (id: number) => unwrap(api.DELETE("/reviews/{id}", { params: { path: { id } }, middleware: [notFoundIsAnswer] })),
    onSuccess: async (answer) => {
      toastMessage(answer.message);
      await refreshAfterReview(queryClient);
    },
    onError: async (error) => {
      if (!reviewGone(error)) return toastFailure(error);
      await reportReviewGone(queryClient, intl.formatMessage({ id: "reviews.gone" }));
    },
  });
}

/** Reports another customer's review (once), or marks it helpful (once). */
export function useReviewVote(kind: "report" | "helpful") {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      kind === "report"
        ? unwrap(api.POST("/reviews/{id}/report", { params: { path: { id } } }))
        : unwrap(api.POST("/reviews/{id}/helpful", { params: { path: { id } } })),
    onSuccess: async (answer) => {
      toastMessage(answer.message);
      await queryClient.invalidateQueries({ queryKey: PRODUCT_REVIEWS_KEY });
    },
    onError: toastFailure,
  });
}

type ReviewItem = components["schemas"]["ReviewItem"];
type MyReview = components["schemas"]["MyReview"];

/**
 * The customer's review `id` as the form edits it: from a review list already loaded
 * (the product's, or "My reviews"), else read from `GET /my-reviews` page by page (the
 * API has no call for one review). Null when it is not there (deleted meanwhile).
 */
export async function findMyReview(queryClient: QueryClient, id: number): Promise<EditedReview | null> {
  for (const queryKey of [PRODUCT_REVIEWS_KEY, MY_REVIEWS_KEY]) {
    for (const [, data] of queryClient.getQueriesData<{ pages: unknown[] }>({ queryKey })) {
      for (const page of data?.pages ?? []) {
        const rows = (Array.isArray(page) ? page : (page as { data?: unknown[] }).data) ?? [];
        const found = (rows as (ReviewItem | MyReview)[]).find((row) => row.id === id);
        if (found) return { id, rating: found.rating, comment: found.comment ?? null };
      }
    }
  }
  for (let page = 1; ; page += 1) {
    const answer = await unwrap(api.GET("/my-reviews", { params: { query: { page, limit: 50 } } }));
    const found = answer.data.find((row) => row.id === id);
    if (found) return { id, rating: found.rating, comment: found.comment ?? null };
    if (answer.meta.current_page >= answer.meta.last_page) return null;
  }
}
