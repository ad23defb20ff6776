import { useState } from "react";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { useAppStore } from "../../platform/store";
import { mockApi, renderWithProviders, resetClient, testQueryClient, toastTexts } from "../../test/catalogue";
import ReviewDialog, { graphemeCount } from "./ReviewDialog";
import { EditMyReviewButton, OwnReviewActions } from "./ReviewButtons";
import { refreshAfterReview } from "./reviewCalls";
import { StarInput } from "./StarInput";

const FAMILY = "\u{1F468}\u200D\u{1F469}\u200D\u{1F467}";

function open(review: { id: number; rating: number; comment?: string | null } | null = null, onClose = jest.fn()) {
  renderWithProviders(<ReviewDialog productId={9} productName="Juhayna Milk" review={review} onClose={onClose} />);
  return { dialog: screen.getByTestId("review-dialog"), onClose };
}

function comment(): HTMLTextAreaElement {
  return screen.getByRole("textbox", { name: /Your comment/ }) as HTMLTextAreaElement;
}

function star(n: number): HTMLInputElement {
  return screen.getByRole("radio", { name: n === 1 ? "1 star" : `${n} stars` }) as HTMLInputElement;
}

describe("the review form", () => {
  beforeEach(() => resetClient({ token: "tok", district_id: "1", selectedService: "1" }));

  test("a rating is required: 'Please choose a rating' at the stars, nothing sent", async () => {
    const api = mockApi({});
    open();
    fireEvent.click(screen.getByRole("button", { name: "Submit review" }));
    const group = screen.getByRole("radiogroup", { name: "Your rating" });
    expect(await screen.findByText("Please choose a rating")).toBeTruthy();
    expect(group.getAttribute("aria-invalid")).toBe("true");
    // The error is what the group's description reads out.
    expect(document.getElementById(group.getAttribute("aria-describedby") ?? "")?.textContent).toBe("Please choose a rating");
    expect(api.calls()).toEqual([]);
  });

  test("501 graphemes are refused with the core's message; 500 are sent", async () => {
    const api = mockApi({
      "POST /products/9/reviews": () => ({ status: 201, body: { data: { id: 3 }, message: "Thanks for your review" } }),
    });
    const { onClose } = open();
    fireEvent.click(star(4));
    fireEvent.change(comment(), { target: { value: "a".repeat(501) } });
    expect(screen.getByTestId("comment-counter").textContent).toContain("501 / 500");
    fireEvent.click(screen.getByRole("button", { name: "Submit review" }));
    expect(await screen.findByText("Your review is too long. The maximum is 500 characters.")).toBeTruthy();
    expect(comment().getAttribute("aria-invalid")).toBe("true");
    expect(api.calls()).toEqual([]);

    fireEvent.change(comment(), { target: { value: "a".repeat(500) } });
    fireEvent.click(screen.getByRole("button", { name: "Submit review" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.bodies("POST /products/9/reviews")).toEqual([{ rating: 4, comment: "a".repeat(500) }]);
    expect(toastTexts()).toContain("Thanks for your review");
  });

  test("an emoji counts as one character, in the counter and in the rule", async () => {
    mockApi({ "POST /products/9/reviews": () => ({ status: 201, body: { data: { id: 3 }, message: null } }) });
    const { onClose } = open();
    expect(graphemeCount(` ${FAMILY}${FAMILY} `)).toBe(2);
    fireEvent.click(star(5));
    fireEvent.change(comment(), { target: { value: FAMILY.repeat(500) } });
    // 500 family emoji are 4,000 UTF-16 units and 2,500 code points, but 500 characters.
    expect(screen.getByTestId("comment-counter").textContent).toContain("500 / 500");
    fireEvent.click(screen.getByRole("button", { name: "Submit review" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  test("editing: the form is filled, saved with PUT, and a server 422 goes beside its field", async () => {
    let refuse = true;
    const api = mockApi({
      "PUT /reviews/5": () =>
        refuse
          ? { status: 422, body: { message: "Invalid", errors: { comment: ["Your review contains invisible characters that are not allowed"] } } }
          : { body: { data: { id: 5 }, message: "Your review is updated" } },
    });
    const { onClose } = open({ id: 5, rating: 3, comment: "Good" });
    expect(screen.getByRole("heading", { name: "Edit your review" })).toBeTruthy();
    expect(star(3).checked).toBe(true);
    // The dialog opens on the chosen star.
    expect(document.activeElement).toBe(star(3));
    expect(comment().value).toBe("Good");
    fireEvent.click(screen.getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("Your review contains invisible characters that are not allowed")).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    refuse = false;
    fireEvent.change(comment(), { target: { value: "Very good" } });
    fireEvent.click(screen.getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.bodies("PUT /reviews/5")).toEqual([
      { rating: 3, comment: "Good" },
      { rating: 3, comment: "Very good" },
    ]);
  });

  test("in Arabic the stars are named in Arabic", async () => {
    mockApi({});
    act(() => useAppStore.setState({ language: "ar" }));
    open();
    expect(await screen.findByRole("radio", { name: "نجمة واحدة" })).toBeTruthy();
    expect(screen.getByRole("radio", { name: "٣ نجوم" })).toBeTruthy();
  });
});

describe("the star radio group", () => {
  function Stars({ dir = "ltr", initial = "" }: { dir?: string; initial?: string }) {
    const [value, setValue] = useState(initial);
    return (
      <div dir={dir}>
        <p id="label">Your rating</p>
        <StarInput name="rating" value={value} onChange={setValue} onBlur={() => undefined} labelledBy="label" />
      </div>
    );
  }

  beforeEach(() => resetClient());

  test("five radios in one group; only one is in the tab order", () => {
    renderWithProviders(<Stars />);
    const group = screen.getByRole("radiogroup", { name: "Your rating" });
    const radios = within(group).getAllByRole("radio");
    expect(radios.map((r) => r.getAttribute("aria-label"))).toEqual(["1 star", "2 stars", "3 stars", "4 stars", "5 stars"]);
    expect(radios.map((r) => r.tabIndex)).toEqual([0, -1, -1, -1, -1]);
  });

  test("the arrow keys move and choose, wrapping around; Home and End go to the ends", () => {
    renderWithProviders(<Stars initial="3" />);
    const three = star(3);
    three.focus();
    fireEvent.keyDown(three, { key: "ArrowRight" });
    expect(star(4).checked).toBe(true);
    expect(document.activeElement).toBe(star(4));
    expect(star(4).tabIndex).toBe(0);
    fireEvent.keyDown(star(4), { key: "ArrowDown" });
    expect(star(5).checked).toBe(true);
    fireEvent.keyDown(star(5), { key: "ArrowRight" });
    expect(star(1).checked).toBe(true);
    fireEvent.keyDown(star(1), { key: "ArrowLeft" });
    expect(star(5).checked).toBe(true);
    fireEvent.keyDown(star(5), { key: "ArrowUp" });
    expect(star(4).checked).toBe(true);
    fireEvent.keyDown(star(4), { key: "Home" });
    expect(star(1).checked).toBe(true);
    fireEvent.keyDown(star(1), { key: "End" });
    expect(star(5).checked).toBe(true);
    expect(document.activeElement).toBe(star(5));
  });

  test("right to left, the left arrow gives more stars", () => {
    renderWithProviders(<Stars dir="rtl" initial="2" />);
    fireEvent.keyDown(star(2), { key: "ArrowLeft" });
    expect(star(3).checked).toBe(true);
    fireEvent.keyDown(star(3), { key: "ArrowRight" });
    expect(star(2).checked).toBe(true);
  });
});

test("a review write reads again the product, its reviews, My reviews and the listings, nothing else", async () => {
  const client = testQueryClient();
  const keys = [
    ["product", "en", [1, null], 9],
    ["product-reviews", "en", 9, "newest"],
    ["my-reviews", "en", "waiting"],
    ["products", "page", "en"],
    ["products", "infinite", "en"],
    ["wallet", "en"],
  ];
  for (const key of keys) client.setQueryData(key, { any: true });
  await refreshAfterReview(client);
  expect(keys.map((key) => client.getQueryState(key)?.isInvalidated)).toEqual([true, true, true, true, true, false]);
});

describe("a review deleted elsewhere (another tab)", () => {
  const GONE_EN = "This review no longer exists.";
  const NOT_FOUND = { status: 404, body: { message: "The requested item was not found." } };
  /** A query of each kind a review write changes, and one it does not. */
  const KEYS = [
    ["product", "en", [1, null], 9],
    ["product-reviews", "en", 9, "newest"],
    ["my-reviews", "en", "waiting"],
    ["wallet", "en"],
  ];
  function clientWithPages() {
    const client = testQueryClient();
    for (const key of KEYS) client.setQueryData(key, { any: true });
    return client;
  }
  const invalidated = (client: ReturnType<typeof testQueryClient>) => KEYS.map((key) => client.getQueryState(key)?.isInvalidated);
  // The shell's effects: a 404 elsewhere moves the page to /404; these stay where they are.
  let host: ReturnType<typeof resetClient>;

  beforeEach(() => {
    host = resetClient({ token: "tok", district_id: "1", selectedService: "1" });
  });

  test("saving an edit answered 404 says so in the dialog; closing it reads the pages again", async () => {
    const api = mockApi({ "PUT /reviews/5": () => NOT_FOUND });
    const client = clientWithPages();
    const onClose = jest.fn();
    renderWithProviders(<ReviewDialog productId={9} productName="Juhayna Milk" review={{ id: 5, rating: 3, comment: "Good" }} onClose={onClose} />, client);
    fireEvent.click(screen.getByRole("button", { name: "Save changes" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe(GONE_EN);
    // The form is gone with the review; the focus is on the way out.
    expect(screen.queryByRole("button", { name: "Save changes" })).toBeNull();
    const ok = screen.getByRole("button", { name: "OK" });
    await waitFor(() => expect(document.activeElement).toBe(ok));
    // Not a failure toast with the server's vague words.
    expect(toastTexts()).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
    expect(api.bodies("PUT /reviews/5")).toHaveLength(1);
    expect(host.navigate).not.toHaveBeenCalled();

    fireEvent.click(ok);
    expect(onClose).toHaveBeenCalledTimes(1);
    // The product (its "Write a review" again), its reviews and My reviews are read again.
    await waitFor(() => expect(invalidated(client)).toEqual([true, true, true, false]));
  });

  test("in Arabic the dialog says it in Arabic; Escape closes it and reads the pages again", async () => {
    mockApi({ "PUT /reviews/5": () => NOT_FOUND });
    act(() => useAppStore.setState({ language: "ar" }));
    const client = clientWithPages();
    const onClose = jest.fn();
    renderWithProviders(<ReviewDialog productId={9} productName="حليب جهينة" review={{ id: 5, rating: 3 }} onClose={onClose} />, client);
    fireEvent.click(await screen.findByRole("button", { name: "حفظ التغييرات" }));
    expect((await screen.findByRole("alert")).textContent).toBe("لم يعد هذا التقييم موجودًا.");
    expect(host.navigate).not.toHaveBeenCalled();
    expect(screen.getByRole("button", { name: "حسنًا" })).toBeTruthy();
    fireEvent(screen.getByTestId("review-dialog"), new Event("cancel", { cancelable: true }));
    expect(onClose).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(invalidated(client)).toEqual([true, true, true, false]));
  });

  test("another failure of an edit is still a toast, and the form stays", async () => {
    mockApi({ "PUT /reviews/5": () => ({ status: 500, body: { message: "Server Error" } }) });
    renderWithProviders(<ReviewDialog productId={9} productName="Juhayna Milk" review={{ id: 5, rating: 3 }} onClose={jest.fn()} />);
    fireEvent.click(screen.getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(toastTexts()).toHaveLength(1));
    expect(screen.queryByTestId("review-gone")).toBeNull();
    expect(screen.getByRole("button", { name: "Save changes" })).toBeTruthy();
  });

  test("deleting a review that is already gone counts as deleted: a note, no failure, the pages read again", async () => {
    const api = mockApi({ "DELETE /reviews/5": () => NOT_FOUND });
    const client = clientWithPages();
    renderWithProviders(<OwnReviewActions productId={9} productName="Juhayna Milk" review={{ id: 5, rating: 3 }} />, client);
    fireEvent.click(screen.getByRole("button", { name: "Delete: Juhayna Milk" }));
    const confirm = screen.getByTestId("delete-review-dialog");
    fireEvent.click(within(confirm).getByRole("button", { name: "Delete review" }));
    await waitFor(() => expect(invalidated(client)).toEqual([true, true, true, false]));
    expect(api.calls()).toEqual(["DELETE /reviews/5"]);
    expect(useAppStore.getState().toasts.map((t) => [t.tone, t.text])).toEqual([["info", { kind: "server", text: GONE_EN }]]);
    expect(host.navigate).not.toHaveBeenCalled();
    await waitFor(() => expect((confirm as HTMLDialogElement).open).toBe(false));
  });

  test("'Edit your review' for a review deleted meanwhile says so and reads the product again", async () => {
    const api = mockApi({
      "GET /my-reviews": () => ({ body: { data: [], meta: { current_page: 1, last_page: 1, per_page: 50, total: 0 } } }),
    });
    const client = clientWithPages();
    renderWithProviders(<EditMyReviewButton productId={9} productName="Juhayna Milk" reviewId={5} />, client);
    fireEvent.click(screen.getByRole("button", { name: "Edit your review" }));
    await waitFor(() => expect(invalidated(client)).toEqual([true, true, true, false]));
    expect(api.calls()).toEqual(["GET /my-reviews?page=1&limit=50"]);
    expect(toastTexts()).toEqual([GONE_EN]);
    expect(screen.queryByTestId("review-dialog")).toBeNull();
  });
});
