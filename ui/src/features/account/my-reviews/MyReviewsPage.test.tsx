import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { useAppStore } from "../../../platform/store";
import { meta, mockApi, renderAt, setWidth, signedIn, toasts } from "../testing";
import MyReviewsPage from "./MyReviewsPage";

function myReview(id: number, overrides: Record<string, unknown> = {}) {
  return {
    id,
    rating: 4,
    comment: `My comment ${id}`,
    language: "en",
    created_at: "2025-03-01T09:30:00Z",
    updated_at: "2025-03-01T09:30:00Z",
    helpful_count: 0,
    hidden: false,
    product: { id: 100 + id, name: `Product ${100 + id}`, image: `/api/media/products/${100 + id}.svg` },
    ...overrides,
  };
}

function waiting(productId: number) {
  return { product_id: productId, name: `Waiting ${productId}`, image: "", order_id: 7, delivered_at: "2025-02-20T10:00:00Z" };
}

function page<T>(rows: T[], current = 1, last = 1) {
  return { body: { data: rows, meta: { ...meta(rows.length, current, last) } } };
}

beforeEach(() => {
  signedIn();
  setWidth(1280);
});

describe("/account/my-reviews", () => {
  test("the customer's reviews: picture, product link, stars, comment, date and the hidden note", async () => {
    mockApi({
      "GET /my-reviews": () => page([myReview(1), myReview(2, { hidden: true, rating: 2, comment: null })]),
      "GET /my-reviews/waiting": () => page([]),
    });
    renderAt(<MyReviewsPage />, "/account/my-reviews");
    const rows = await screen.findAllByTestId("my-review-row");
    expect(rows).toHaveLength(2);
    const [first, second] = rows as [HTMLElement, HTMLElement];
    expect(within(first).getByRole("link", { name: "Product 101" }).getAttribute("href")).toBe("/products/101");
    expect(first.querySelector("img")?.getAttribute("src")).toContain("/products/101.svg");
    expect(within(first).getByRole("img", { name: "Rated 4 out of 5" })).toBeTruthy();
    expect(within(first).getByText("My comment 1")).toBeTruthy();
    expect(within(first).getByText(/Reviewed Mar 1, 2025/)).toBeTruthy();
    expect(within(first).queryByTestId("review-hidden")).toBeNull();
    expect(within(second).getByTestId("review-hidden").textContent).toContain("Hidden");
    expect(within(second).getByRole("img", { name: "Rated 2 out of 5" })).toBeTruthy();
    expect(within(first).getByRole("button", { name: "Edit: Product 101" })).toBeTruthy();
    // Nothing waits: the section says so.
    expect(within(screen.getByTestId("reviews-waiting")).getByTestId("empty-state").textContent).toContain(
      "No delivered products are waiting for your review.",
    );
  });

  test("Delete asks first; confirmed, the review goes and both lists are read again", async () => {
    let deleted = false;
    const api = mockApi({
      "GET /my-reviews": () => page(deleted ? [] : [myReview(1)]),
      "GET /my-reviews/waiting": () => page(deleted ? [waiting(101)] : []),
      "DELETE /reviews/1": () => {
        deleted = true;
        return { body: { data: { id: 1, product_id: 101 }, message: "Your review is deleted" } };
      },
    });
    renderAt(<MyReviewsPage />, "/account/my-reviews");
    const row = await screen.findByTestId("my-review-row");
    fireEvent.click(within(row).getByRole("button", { name: "Delete: Product 101" }));
    const confirm = screen.getByTestId("delete-review-dialog");
    expect(confirm.hasAttribute("open")).toBe(true);
    expect(within(confirm).getByText("Your review of Product 101 will be removed. You can write a new one later.")).toBeTruthy();
    // Keeping it sends nothing.
    fireEvent.click(within(confirm).getByRole("button", { name: "Keep" }));
    expect(api.calls()).not.toContain("DELETE /reviews/1");
    fireEvent.click(within(row).getByRole("button", { name: "Delete: Product 101" }));
    fireEvent.click(within(screen.getByTestId("delete-review-dialog")).getByRole("button", { name: "Delete review" }));
    await waitFor(() => expect(screen.queryByTestId("my-review-row")).toBeNull());
    expect(api.calls().filter((c) => c === "DELETE /reviews/1")).toHaveLength(1);
    expect(toasts()).toContain("Your review is deleted");
    expect(await screen.findByText("You have not reviewed any products yet.")).toBeTruthy();
    expect(await screen.findByRole("link", { name: "Waiting 101" })).toBeTruthy();
  });

  test("waiting products: each with 'Write a review', which opens the form for it", async () => {
    mockApi({ "GET /my-reviews": () => page([]), "GET /my-reviews/waiting": () => page([waiting(5), waiting(6)]) });
    renderAt(<MyReviewsPage />, "/account/my-reviews");
    const rows = await screen.findAllByTestId("waiting-row");
    expect(rows.map((r) => within(r).getByRole("link").textContent)).toEqual(["Waiting 5", "Waiting 6"]);
    expect(within(rows[0] as HTMLElement).getByText(/Delivered Feb 20, 2025/)).toBeTruthy();
    fireEvent.click(within(rows[1] as HTMLElement).getByRole("button", { name: "Write a review: Waiting 6" }));
    const dialog = await screen.findByTestId("review-dialog");
    expect(within(dialog).getByText("Your review of Waiting 6")).toBeTruthy();
    expect(screen.getByText("You have not reviewed any products yet.")).toBeTruthy();
  });

  test("more pages: 'Load more' asks for the next", async () => {
    const api = mockApi({
      "GET /my-reviews": (url) => (url.searchParams.get("page") === "2" ? page([myReview(3)], 2, 2) : page([myReview(1), myReview(2)], 1, 2)),
      "GET /my-reviews/waiting": () => page([]),
    });
    renderAt(<MyReviewsPage />, "/account/my-reviews");
    expect(await screen.findAllByTestId("my-review-row")).toHaveLength(2);
    fireEvent.click(within(screen.getByTestId("reviews-mine")).getByRole("button", { name: /more/i }));
    await waitFor(() => expect(screen.getAllByTestId("my-review-row")).toHaveLength(3));
    expect(api.calls()).toContain("GET /my-reviews?page=2&limit=20");
  });

  test("a failed list says so, and a retry reads it again", async () => {
    let fail = true;
    mockApi({
      "GET /my-reviews": () => (fail ? { status: 500, body: { message: "Server error" } } : page([myReview(1)])),
      "GET /my-reviews/waiting": () => page([]),
    });
    renderAt(<MyReviewsPage />, "/account/my-reviews");
    // The lists come together: a skeleton until both have answered.
    expect(screen.getByTestId("account-loading")).toBeTruthy();
    const section = await screen.findByTestId("reviews-mine");
    expect(within(section).getByTestId("load-error")).toBeTruthy();
    // The other list is drawn all the same.
    expect(within(screen.getByTestId("reviews-waiting")).getByTestId("empty-state")).toBeTruthy();
    fail = false;
    fireEvent.click(within(section).getByRole("button", { name: "Try again" }));
    expect(await screen.findByTestId("my-review-row")).toBeTruthy();
  });

  test("in Arabic", async () => {
    act(() => useAppStore.setState({ language: "ar" }));
    mockApi({ "GET /my-reviews": () => page([]), "GET /my-reviews/waiting": () => page([waiting(5)]) });
    renderAt(<MyReviewsPage />, "/account/my-reviews");
    expect(await screen.findByRole("heading", { name: "بانتظار تقييمك" })).toBeTruthy();
    expect(await screen.findByRole("button", { name: "اكتب تقييمًا: Waiting 5" })).toBeTruthy();
    expect(screen.getByText("لم تقيّم أي منتج بعد.")).toBeTruthy();
  });
});
