import { screen, within } from "@testing-library/react";
import { useAppStore } from "../../platform/store";
import { productItem, productPage } from "../../test/catalogueFixtures";
import SearchResultsPage from "./SearchResultsPage";
import { mockApi, renderWithProviders, resetClient } from "../../test/catalogue";

function showResults(text: string) {
  window.history.replaceState(null, "", `/search-results?query=${encodeURIComponent(text)}`);
  renderWithProviders(<SearchResultsPage params={{ id: null }} query={new URLSearchParams({ query: text })} />);
}

/** A results answer: the page of items, close matches or not. */
function results(items: ReturnType<typeof productItem>[], approximate = false) {
  const page = productPage(items);
  return { body: { ...page, meta: { ...page.meta, approximate } } };
}

beforeEach(() => resetClient({ district_id: "1", selectedService: "1" }));

describe("SearchResultsPage", () => {
  test("an item sold by several shops names its shop and opens the others' offers", async () => {
    const api = mockApi({
      "GET /products": () =>
        results([
          productItem(31, {
            name: "Mango Jam",
            branch: { id: 2, name: "Orange Tree Grocer" },
            shops: 3,
            other_shops: [
              { id: 32, branch: { id: 3, name: "Oranges" }, price: "28.00", old_price: null, currency: "EGP", stock_status: "in_stock" },
              { id: 30, branch: { id: 1, name: "Ahmed Bakery" }, price: "30.00", old_price: null, currency: "EGP", stock_status: "in_stock" },
            ],
          }),
          productItem(33, { name: "Mango Juice", shops: 1, other_shops: [] }),
        ]),
    });
    showResults("mango");
    const jam = (await screen.findByRole("link", { name: "Mango Jam" })).closest("article") as HTMLElement;
    const shops = within(jam).getByTestId("product-shops");
    expect(within(shops).getByText("At Orange Tree Grocer")).toBeTruthy();
    expect(within(shops).getByText("Also at 2 other shops")).toBeTruthy();
    expect(within(shops).getByRole("link", { name: "Oranges" }).getAttribute("href")).toBe("/products/32");
    expect(within(shops).getByRole("link", { name: "Ahmed Bakery" }).getAttribute("href")).toBe("/products/30");
    // One shop: nothing to tell apart, no shops line.
    const juice = screen.getByRole("link", { name: "Mango Juice" }).closest("article") as HTMLElement;
    expect(within(juice).queryByTestId("product-shops")).toBeNull();
    expect(screen.queryByTestId("approximate-results")).toBeNull();
    expect(api.calls()).toContain("GET /products?search=mango&page=1&service_id=1&limit=20");
  });

  test("close matches say so", async () => {
    mockApi({ "GET /products": () => results([productItem(1, { name: "Bananas" })], true) });
    showResults("bananna");
    expect(await screen.findByRole("link", { name: "Bananas" })).toBeTruthy();
    expect(screen.getByTestId("approximate-results").textContent).toBe(
      "Nothing matches “bananna” exactly. These are close matches.",
    );
  });

  test("nothing found: a no-results state with what to try next", async () => {
    mockApi({ "GET /products": () => results([]) });
    showResults("zzzzzz");
    const empty = await screen.findByTestId("empty-state");
    expect(empty.textContent).toContain("No results for “zzzzzz”.");
    expect(empty.textContent).toContain("Check the spelling, or try another or a more general word.");
  });

  test("in Arabic too", async () => {
    useAppStore.setState({ language: "ar" });
    mockApi({ "GET /products": () => results([]) });
    showResults("ززززز");
    expect(await screen.findByText("لا توجد نتائج لـ «ززززز».")).toBeTruthy();
    expect(await screen.findByText("تحقّق من الإملاء، أو جرّب كلمة أخرى أو أعم.")).toBeTruthy();
  });
});
