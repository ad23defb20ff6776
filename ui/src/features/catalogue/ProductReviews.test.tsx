import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { useAppStore } from "../../platform/store";
import { productDetail } from "../../test/catalogueFixtures";
import { mockApi, renderWithProviders, resetClient, toastTexts, type Routes } from "../../test/catalogue";
import { ProductReviews } from "./ProductReviews";
import type { ReviewItem } from "./reviews";

function review(id: number, overrides: Partial<ReviewItem> = {}): ReviewItem {
  return {
    id,
    rating: 5,
    comment: `Comment ${id}`,
    language: "en",
    created_at: "2025-03-01T09:30:00Z",
    updated_at: "2025-03-01T09:30:00Z",
    reviewer: `Reviewer ${id}`,
    helpful_count: 0,
    mine: false,
    voted_helpful: false,
    reported: false,
    ...overrides,
  };
}

const reviewed = productDetail(9, {
  rating_average: 4.3,
  rating_count: 7,
  review_summary: { count: 7, average: 4.3, average_tenths: 43, distribution: [0, 14, 0, 29, 57], stars: ["full", "full", "full", "full", "half"] },
});

/** The reviews API: each sort's list, five a page. */
function show(product = reviewed, lists: Record<string, ReviewItem[]> = {}, routes: Routes = {}) {
  const api = mockApi({
    [`GET /products/${product.id}/reviews`]: (url: URL) => {
      const list = lists[url.searchParams.get("sort") ?? "newest"] ?? [];
      const page = Number(url.searchParams.get("page"));
      const limit = Number(url.searchParams.get("limit"));
      const data = list.slice((page - 1) * limit, page * limit);
      const last = Math.max(1, Math.ceil(list.length / limit));
      return { body: { data, meta: { current_page: page, last_page: last, per_page: limit, total: list.length } } };
    },
    ...routes,
  });
  renderWithProviders(<ProductReviews product={product} />);
  return api;
}

const newest = [1, 2, 3, 4, 5, 6, 7].map((id) => review(id));

describe("ProductReviews", () => {
  beforeEach(() => resetClient({ district_id: "1", selectedService: "1" }));

  test("the summary: the average, the stars' label, the count and each bar's label", async () => {
    show(reviewed, { newest });
    const section = screen.getByRole("region", { name: "Reviews" });
    expect(within(section).getByText("4.3")).toBeTruthy();
    expect(within(section).getByRole("img", { name: "Rated 4.3 out of 5" })).toBeTruthy();
    // The star glyphs are not read out one by one.
    expect(within(section).getByRole("img", { name: "Rated 4.3 out of 5" }).querySelectorAll("svg[aria-hidden='true']")).toHaveLength(5);
    expect(section.querySelectorAll("[class*='half']")).toHaveLength(1);
    expect(within(section).getByText("7 reviews")).toBeTruthy();
    expect(within(section).getByText("5 stars: 57% of reviews")).toBeTruthy();
    expect(within(section).getByText("1 star: 0% of reviews")).toBeTruthy();
    const bars = section.querySelectorAll("progress[aria-hidden='true']");
    expect(Array.from(bars, (bar) => bar.getAttribute("value"))).toEqual(["57", "29", "0", "14", "0"]);
    expect(await screen.findByText("Comment 1")).toBeTruthy();
  });

  test("one review: the count is singular", async () => {
    show(productDetail(9, { review_summary: { count: 1, average: 5, average_tenths: 50, distribution: [0, 0, 0, 0, 100], stars: ["full", "full", "full", "full", "full"] } }), {
      newest: [review(1)],
    });
    expect(screen.getByText("1 review")).toBeTruthy();
    expect(await screen.findByText("Comment 1")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "More reviews" })).toBeNull();
  });

  test("no reviews: 'No reviews yet' and nothing asked for", () => {
    const api = show(productDetail(9));
    expect(screen.getByText("No reviews yet")).toBeTruthy();
    expect(screen.queryByRole("combobox")).toBeNull();
    expect(api.calls()).toEqual([]);
  });

  test("a review: its reviewer, stars, date and comment, as text in its own language", async () => {
    const hostile = "<b>bold</b> <script>alert(1)</script>";
    show(reviewed, {
      newest: [review(1, { comment: hostile, rating: 3 }), review(2, { reviewer: null, language: "ar", comment: "منتج ممتاز" })],
    });
    const first = (await screen.findByText(hostile)).closest("li") as HTMLElement;
    expect(first.querySelector("b, script")).toBeNull();
    expect(within(first).getByText(hostile).getAttribute("dir")).toBe("auto");
    expect(first.getAttribute("lang")).toBe("en");
    expect(within(first).getByText("Reviewer 1")).toBeTruthy();
    expect(within(first).getByRole("img", { name: "Rated 3 out of 5" })).toBeTruthy();
    expect(within(first).getByText("March 1, 2025").getAttribute("datetime")).toBe("2025-03-01T09:30:00Z");
    const second = screen.getByText("منتج ممتاز").closest("li") as HTMLElement;
    expect(second.getAttribute("lang")).toBe("ar");
    expect(within(second).getByText("A customer")).toBeTruthy();
  });

  test("in Arabic: the heading, Arabic-Indic digits and Arabic plurals", async () => {
    useAppStore.setState({ language: "ar" });
    show(reviewed, { newest });
    const section = await screen.findByRole("region", { name: "التقييمات" });
    expect(within(section).getByText("٤٫٣")).toBeTruthy();
    expect(within(section).getByRole("img", { name: "التقييم ٤٫٣ من ٥" })).toBeTruthy();
    expect(within(section).getByText("٧ تقييمات")).toBeTruthy();
    expect(within(section).getByText("٥ نجوم: ٥٧٪ من التقييمات")).toBeTruthy();
    expect(within(section).getByText("نجمتان: ١٤٪ من التقييمات")).toBeTruthy();
    expect(await screen.findByText("Comment 1")).toBeTruthy();
    expect(screen.getByRole("button", { name: "المزيد من التقييمات" })).toBeTruthy();
  });

  test("'More reviews' loads the next page, then goes", async () => {
    const api = show(reviewed, { newest });
    expect(await screen.findByText("Comment 5")).toBeTruthy();
    expect(screen.queryByText("Comment 6")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "More reviews" }));
    expect(await screen.findByText("Comment 7")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("button", { name: "More reviews" })).toBeNull());
    expect(api.calls()).toEqual([
      "GET /products/9/reviews?sort=newest&page=1&limit=5",
      "GET /products/9/reviews?sort=newest&page=2&limit=5",
    ]);
  });

  test("the sort select, with its label, lists the reviews in the chosen order", async () => {
    const api = show(reviewed, { newest, rating_asc: [review(7, { rating: 1, comment: "Worst first" })] });
    expect(await screen.findByText("Comment 1")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Sort reviews"), { target: { value: "rating_asc" } });
    expect(await screen.findByText("Worst first")).toBeTruthy();
    expect(screen.queryByText("Comment 1")).toBeNull();
    expect(api.calls()).toContain("GET /products/9/reviews?sort=rating_asc&page=1&limit=5");
    expect(Array.from((screen.getByLabelText("Sort reviews") as HTMLSelectElement).options, (o) => o.text)).toEqual([
      "Newest",
      "Most helpful",
      "Highest rating",
      "Lowest rating",
    ]);
  });

  test("a failed list says so and retries", async () => {
    let fail = true;
    mockApi({
      "GET /products/9/reviews": () =>
        fail ? { status: 500, body: { message: "Server error" } } : { body: { data: [review(1)], meta: { current_page: 1, last_page: 1, per_page: 5, total: 1 } } },
    });
    renderWithProviders(<ProductReviews product={reviewed} />);
    expect(await screen.findByTestId("load-error")).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("Comment 1")).toBeTruthy();
  });

  describe("the customer's part", () => {
    beforeEach(() => resetClient({ token: "tok", district_id: "1", selectedService: "1" }));

    test("review_action write: 'Write a review' opens the empty form", async () => {
      show({ ...reviewed, review_action: "write", my_review_id: null }, { newest });
      fireEvent.click(await screen.findByRole("button", { name: "Write a review" }));
      const dialog = await screen.findByTestId("review-dialog");
      expect(within(dialog).getByRole("heading", { name: "Write a review" })).toBeTruthy();
      expect(within(dialog).getAllByRole("radio").some((r) => (r as HTMLInputElement).checked)).toBe(false);
      expect(screen.queryByRole("button", { name: "Edit your review" })).toBeNull();
    });

    test("review_action edit: 'Edit your review' opens the form filled with theirs; saved, the list is read again", async () => {
      const mine = review(3, { mine: true, rating: 2, comment: "Too ripe" });
      const api = show({ ...reviewed, review_action: "edit", my_review_id: 3 }, { newest: [review(1), mine] }, {
        "PUT /reviews/3": () => ({ body: { data: { ...mine, rating: 4 }, message: "Your review is updated" } }),
      });
      expect(await screen.findByText("Too ripe")).toBeTruthy();
      fireEvent.click(screen.getByRole("button", { name: "Edit your review" }));
      const dialog = await screen.findByTestId("review-dialog");
      expect((within(dialog).getByRole("radio", { name: "2 stars" }) as HTMLInputElement).checked).toBe(true);
      expect((within(dialog).getByRole("textbox") as HTMLTextAreaElement).value).toBe("Too ripe");
      fireEvent.click(within(dialog).getByRole("radio", { name: "4 stars" }));
      fireEvent.click(within(dialog).getByRole("button", { name: "Save changes" }));
      await waitFor(() => expect(screen.queryByTestId("review-dialog")).toBeNull());
      expect(api.bodies("PUT /reviews/3")).toEqual([{ rating: 4, comment: "Too ripe" }]);
      await waitFor(() =>
        expect(api.calls().filter((c) => c.startsWith("GET /products/9/reviews?sort=newest&page=1"))).toHaveLength(2),
      );
    });

    test("not eligible, or a guest: no button", async () => {
      show({ ...reviewed, review_action: "not_eligible" }, { newest });
      expect(await screen.findByText("Comment 1")).toBeTruthy();
      expect(screen.queryByRole("button", { name: "Write a review" })).toBeNull();
      expect(screen.queryByRole("button", { name: "Edit your review" })).toBeNull();
    });

    test("their own review in the list is marked, with Edit and Delete (after a confirmation)", async () => {
      const api = show(reviewed, { newest: [review(1), review(2, { mine: true })] }, {
        "DELETE /reviews/2": () => ({ body: { data: { id: 2, product_id: 9 }, message: "Your review is deleted" } }),
      });
      const own = (await screen.findByText("Comment 2")).closest("li") as HTMLElement;
      expect(within(own).getByTestId("review-mine").textContent).toBe("Your review");
      expect(within(own).queryByRole("button", { name: /Report/ })).toBeNull();
      const other = screen.getByText("Comment 1").closest("li") as HTMLElement;
      expect(within(other).queryByTestId("review-mine")).toBeNull();
      fireEvent.click(within(own).getByRole("button", { name: /^Delete/ }));
      const confirm = screen.getByTestId("delete-review-dialog");
      expect(within(confirm).getByText("Delete your review?")).toBeTruthy();
      fireEvent.click(within(confirm).getByRole("button", { name: "Delete review" }));
      await waitFor(() => expect(api.calls()).toContain("DELETE /reviews/2"));
      await waitFor(() => expect(toastTexts()).toContain("Your review is deleted"));
    });

    test("'Report': once, then it says so; 'Helpful' counts a vote", async () => {
      let reported = false;
      const api = show(reviewed, {}, {
        "GET /products/9/reviews": () => ({
          body: { data: [review(1, { reported, helpful_count: 2 })], meta: { current_page: 1, last_page: 1, per_page: 5, total: 1 } },
        }),
        "POST /reviews/1/report": () => {
          reported = true;
          return { body: { data: { id: 1, reported: true }, message: "Thank you for your report" } };
        },
        "POST /reviews/1/helpful": () => ({ body: { data: { id: 1, helpful_count: 3, voted: true }, message: null } }),
      });
      fireEvent.click(await screen.findByRole("button", { name: "Report this review as inappropriate" }));
      expect(await screen.findByTestId("review-reported")).toBeTruthy();
      expect(screen.getByText("Reported")).toBeTruthy();
      expect(screen.queryByRole("button", { name: "Report this review as inappropriate" })).toBeNull();
      fireEvent.click(screen.getByRole("button", { name: "Mark this review as helpful (2 found it helpful)" }));
      await waitFor(() => expect(api.calls()).toContain("POST /reviews/1/helpful"));
      expect(api.calls().filter((c) => c === "POST /reviews/1/report")).toHaveLength(1);
    });
  });

  test("a guest who reports is asked to sign in, and nothing is sent", async () => {
    const api = show(reviewed, { newest: [review(1)] });
    fireEvent.click(await screen.findByRole("button", { name: "Report this review as inappropriate" }));
    expect(useAppStore.getState().modal).toBe("signIn");
    fireEvent.click(screen.getByRole("button", { name: /Mark this review as helpful/ }));
    expect(api.calls().filter((c) => c.startsWith("POST"))).toEqual([]);
  });
});
