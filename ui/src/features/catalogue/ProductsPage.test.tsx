import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { useSearch } from "wouter";
import { useAppStore } from "../../platform/store";
import { productItem, productPage } from "../../test/catalogueFixtures";
import ProductsPage from "./ProductsPage";
import type { ProductItem } from "../../shop/catalogue";
import { mockApi, renderWithProviders, resetClient, type Reply } from "../../test/catalogue";

function show(search: string, items = [productItem(1), productItem(2)], last = 3) {
  window.history.replaceState(null, "", `/products${search ? `?${search}` : ""}`);
  const api = mockApi({
    "GET /products": (url) => ({ body: productPage(items, Number(url.searchParams.get("page")), last) }),
  });
  renderWithProviders(<ProductsPage params={{ id: null }} query={new URLSearchParams(search)} />);
  return api;
}

/** The page as the router gives it: its query follows the address (as in AppRouter). */
function Routed() {
  const search = useSearch();
  return <ProductsPage params={{ id: null }} query={new URLSearchParams(search)} />;
}

/** Renders the listing at `/products?search`, following navigation; `reply` answers GET /products. */
function showRouted(search: string, reply: (url: URL) => Reply) {
  window.history.replaceState(null, "", `/products${search ? `?${search}` : ""}`);
  const api = mockApi({ "GET /products": reply });
  renderWithProviders(<Routed />);
  return api;
}

/** The query of the last GET /products call. */
function lastProductsQuery(api: ReturnType<typeof mockApi>): Record<string, string> {
  const call = api.calls().filter((c) => c.startsWith("GET /products")).at(-1) ?? "";
  return Object.fromEntries(new URL(`http://x${call.slice(4)}`).searchParams);
}

beforeEach(() => resetClient({ district_id: "1", selectedService: "1" }));
afterEach(() => jest.restoreAllMocks());

describe("ProductsPage", () => {
  test("the URL's filters drive the request and the controls", async () => {
    const api = show("sort=price_high&stock=in_stock&min_rating=4&min_price=10&page=2");
    await screen.findByRole("link", { name: "Product 1" });
    const call = api.calls().find((c) => c.startsWith("GET /products")) ?? "";
    const query = new URL(`http://x${call.slice(4)}`).searchParams;
    expect(Object.fromEntries(query)).toEqual({
      sort: "price_high",
      stock: "in_stock",
      min_rating: "4",
      min_price: "10.00",
      page: "2",
      service_id: "1",
      limit: "20",
    });
    expect((screen.getByRole("combobox", { name: "Sort by" }) as HTMLSelectElement).value).toBe("price_high");
    expect((screen.getByRole("radio", { name: "In stock" }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole("radio", { name: /4 stars & up/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText("Page 2 of 3")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Next page" }).getAttribute("href")).toBe(
      "/products?sort=price_high&stock=in_stock&min_rating=4&min_price=10.00&page=3",
    );
  });

  test("one stars filter, on the reviews: any rating, then 5 to 1 stars & up", async () => {
    show("");
    await screen.findByRole("link", { name: "Product 1" });
    const group = screen.getByRole("group", { name: "Customer reviews" });
    expect(within(group).getAllByRole("radio").map((r) => r.getAttribute("aria-label") ?? r.parentElement?.textContent?.trim())).toEqual([
      "Any rating",
      "★★★★★ 5 stars & up",
      "★★★★☆ 4 stars & up",
      "★★★☆☆ 3 stars & up",
      "★★☆☆☆ 2 stars & up",
      "★☆☆☆☆ 1 star & up",
    ]);
    // The old filter on the demo figure is gone: no other group speaks of stars.
    expect(screen.getAllByRole("radio", { name: /stars? & up/ })).toHaveLength(5);
    expect(screen.queryByRole("checkbox", { name: /stars? & up/ })).toBeNull();
  });

  test("an old link's rating=N is the reviews' filter: min_rating=N to the API, its radio chosen", async () => {
    const api = showRouted("rating=3&stock=in_stock", (url) => ({ body: productPage([productItem(1)], Number(url.searchParams.get("page")), 1) }));
    await screen.findByRole("link", { name: "Product 1" });
    expect(lastProductsQuery(api)).toEqual({ stock: "in_stock", min_rating: "3", page: "1", service_id: "1", limit: "20" });
    expect((screen.getByRole("radio", { name: /3 stars & up/ }) as HTMLInputElement).checked).toBe(true);
    // The next change writes the filter under its name.
    fireEvent.click(screen.getByRole("radio", { name: "Out of stock" }));
    await waitFor(() => expect(window.location.search).toBe("?stock=out_of_stock&min_rating=3"));
  });

  test("choosing a sort or a filter rewrites the URL and starts at page 1", async () => {
    show("stock=preorder&page=2");
    await screen.findByRole("link", { name: "Product 1" });
    fireEvent.change(screen.getByRole("combobox", { name: "Sort by" }), { target: { value: "a_z" } });
    await waitFor(() => expect(window.location.search).toBe("?sort=a_z&stock=preorder"));
    fireEvent.click(screen.getByRole("radio", { name: "Out of stock" }));
    await waitFor(() => expect(window.location.search).toBe("?stock=out_of_stock"));
    fireEvent.click(screen.getByRole("radio", { name: /5 stars & up/ }));
    await waitFor(() => expect(window.location.search).toBe("?stock=preorder&min_rating=5"));
  });

  test("every sort option of the spec is offered", async () => {
    show("");
    await screen.findByRole("link", { name: "Product 1" });
    const options = Array.from((screen.getByRole("combobox", { name: "Sort by" }) as HTMLSelectElement).options);
    expect(options.map((o) => o.textContent)).toEqual([
      "Recommended",
      "Best selling",
      "A-Z",
      "Z-A",
      "Highest price",
      "Lowest price",
      "Newest",
      "Oldest",
      "Top rated",
    ]);
  });

  test("'Top rated' and '4 stars & up' are the API's sort=top_rated and min_rating=4", async () => {
    const api = showRouted("", (url) => ({ body: productPage([productItem(1)], Number(url.searchParams.get("page")), 1) }));
    await screen.findByRole("link", { name: "Product 1" });
    fireEvent.change(screen.getByRole("combobox", { name: "Sort by" }), { target: { value: "top_rated" } });
    await waitFor(() => expect(window.location.search).toBe("?sort=top_rated"));
    const filter = screen.getByRole("radio", { name: /4 stars & up/ }) as HTMLInputElement;
    expect(filter.checked).toBe(false);
    expect((screen.getByRole("radio", { name: "Any rating" }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(filter);
    await waitFor(() => expect(window.location.search).toBe("?sort=top_rated&min_rating=4"));
    await waitFor(() => expect(lastProductsQuery(api)).toMatchObject({ sort: "top_rated", min_rating: "4" }));
    expect(lastProductsQuery(api)).not.toHaveProperty("rating");
    expect((screen.getByRole("radio", { name: /4 stars & up/ }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole("radio", { name: "Any rating" }));
    await waitFor(() => expect(window.location.search).toBe("?sort=top_rated"));
  });

  test("no match: the empty state", async () => {
    show("min_rating=5", []);
    expect((await screen.findByTestId("empty-state")).textContent).toContain("No products match.");
  });

  test("the price slider keeps its element and the keyboard focus while a range is applied", async () => {
    const api = showRouted("", (url) => ({ body: productPage([productItem(1), productItem(2)], Number(url.searchParams.get("page")), 3) }));
    await screen.findByRole("link", { name: "Product 1" });
    const slider = screen.getByRole("slider", { name: "Minimum price" }) as HTMLInputElement;
    slider.focus();
    fireEvent.change(slider, { target: { value: "20" } });
    await waitFor(() => expect(window.location.search).toBe("?min_price=20.00"));
    await waitFor(() => expect(lastProductsQuery(api).min_price).toBe("20.00"));
    await waitFor(() => expect(screen.getByTestId("product-grid").parentElement?.getAttribute("aria-busy")).toBe("false"));
    expect(screen.getByRole("slider", { name: "Minimum price" })).toBe(slider);
    expect(document.activeElement).toBe(slider);
    expect(slider.value).toBe("20.00");

    // A change from outside (Clear filters) still reaches the slider.
    fireEvent.click(screen.getByRole("link", { name: "Clear filters" }));
    await waitFor(() => expect(window.location.search).toBe(""));
    await waitFor(() => expect(slider.value).toBe("5.00"));
  });

  test("moving to another page brings the results into view and focuses their heading", async () => {
    const scrollTo = jest.spyOn(window, "scrollTo").mockImplementation(() => undefined);
    showRouted("", (url) => ({ body: productPage([productItem(Number(url.searchParams.get("page")))], Number(url.searchParams.get("page")), 3) }));
    await screen.findByRole("link", { name: "Product 1" });
    const heading = screen.getByRole("heading", { level: 1, name: "Products" });
    expect(heading.getAttribute("tabindex")).toBe("-1");
    expect(scrollTo).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole("link", { name: "Next page" }));
    await waitFor(() => expect(window.location.search).toBe("?page=2"));
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(scrollTo).toHaveBeenCalledTimes(1);
    await screen.findByRole("link", { name: "Product 2" });

    (screen.getByRole("link", { name: "Previous page" }) as HTMLElement).focus();
    fireEvent.click(screen.getByRole("link", { name: "Previous page" }));
    await waitFor(() => expect(window.location.search).toBe(""));
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(scrollTo).toHaveBeenCalledTimes(2);
  });

  test("a page past the last one says so and links back to the last page, not 'no match'", async () => {
    const scrollTo = jest.spyOn(window, "scrollTo").mockImplementation(() => undefined);
    const meta = (page: number) => ({ current_page: page, last_page: 26, per_page: 20, total: 512, price_min: "5.00", price_max: "250.00" });
    showRouted("sort=newest&page=27", (url) => {
      const page = Number(url.searchParams.get("page"));
      return { body: { data: page <= 26 ? [productItem(page)] : [], meta: meta(page) } };
    });
    const notice = await screen.findByTestId("past-last-page");
    expect(notice.textContent).toContain("Page 27 does not exist: these results end at page 26.");
    expect(screen.queryByText("No products match.")).toBeNull();
    const back = within(notice).getByRole("link", { name: "Go to the last page (26)" });
    expect(back.getAttribute("href")).toBe("/products?sort=newest&page=26");
    fireEvent.click(back);
    expect(await screen.findByRole("link", { name: "Product 26" })).toBeTruthy();
    expect(window.location.search).toBe("?sort=newest&page=26");
    expect(document.activeElement).toBe(screen.getByRole("heading", { level: 1 }));
    expect(scrollTo).toHaveBeenCalled();
  });

  test("in Arabic, a page past the last one is explained in Arabic", async () => {
    useAppStore.setState({ language: "ar" });
    const meta = { current_page: 27, last_page: 26, per_page: 20, total: 512, price_min: "5.00", price_max: "250.00" };
    showRouted("page=27", () => ({ body: { data: [], meta } }));
    const notice = await screen.findByTestId("past-last-page");
    await waitFor(() => expect(notice.textContent).toContain("غير موجودة"));
    expect(within(notice).getByRole("link").textContent).toContain("الانتقال إلى الصفحة الأخيرة");
    expect(within(notice).getByRole("link").getAttribute("href")).toBe("/products?page=26");
  });

  test("a brand listing names the brand in a removable chip, and Clear filters removes it", async () => {
    const branded = (id: number): ProductItem => productItem(id, { brand: { id: 8, name: "Nile Farms" } });
    show("brand_id=8&stock=in_stock", [branded(1), branded(2)]);
    await screen.findByRole("link", { name: "Product 1" });
    const chip = screen.getByRole("link", { name: "Brand: Nile Farms (remove filter)" });
    expect(chip.getAttribute("href")).toBe("/products?stock=in_stock");
    expect(screen.getByRole("link", { name: "Clear filters" }).getAttribute("href")).toBe("/products");
  });

  test("a brand alone still shows Clear filters, and a brand the products do not name is a 'Brand' chip", async () => {
    show("brand_id=8&sort=a_z", []);
    await screen.findByTestId("empty-state");
    expect(screen.getByRole("link", { name: "Brand (remove filter)" }).getAttribute("href")).toBe("/products?sort=a_z");
    expect(screen.getByRole("link", { name: "Clear filters" }).getAttribute("href")).toBe("/products?sort=a_z");
  });

  test("hot deals: on_sale goes to the API, shows as a removable chip and Clear filters removes it", async () => {
    const api = show("on_sale=true&sort=newest");
    await screen.findByRole("link", { name: "Product 1" });
    expect(lastProductsQuery(api)).toMatchObject({ on_sale: "true", sort: "newest" });
    expect(screen.getByRole("link", { name: "On sale (remove filter)" }).getAttribute("href")).toBe("/products?sort=newest");
    expect(screen.getByRole("link", { name: "Clear filters" }).getAttribute("href")).toBe("/products?sort=newest");
  });

  test("a minimum above the maximum in the URL is swapped before the request", async () => {
    const api = show("min_price=500&max_price=100");
    await screen.findByRole("link", { name: "Product 1" });
    expect(lastProductsQuery(api)).toMatchObject({ min_price: "100.00", max_price: "500.00" });
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
