import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { useAppStore } from "../../platform/store";
import BranchPage from "./BranchPage";
import BranchesResultsPage from "./BranchesResultsPage";
import CategoryPage from "./CategoryPage";
import { branchDetail, branchItem, productItem, productPage } from "../../test/catalogueFixtures";
import { PRODUCTS_INFINITE_KEY } from "../../shop/catalogue";
import ServicesPage from "./ServicesPage";
import { mockApi, renderWithProviders, resetClient } from "../../test/catalogue";

const meta = (current: number, last: number, total = 1) => ({ current_page: current, last_page: last, per_page: 20, total });

beforeEach(() => resetClient({ district_id: "1", selectedService: "1", selectedServiceName: "Groceries" }));

describe("ServicesPage", () => {
  test("choosing a service stores it and its name, drops the lists and goes home", async () => {
    mockApi({
      "GET /services": () => ({
        body: {
          data: [
            { id: 1, name: "Groceries", icon: "/s/1.svg", mini_icon: "/s/1.svg" },
            { id: 2, name: "Pharmacy", icon: "/s/2.svg", mini_icon: "/s/2.svg" },
          ],
          meta: meta(1, 1, 2),
        },
      }),
    });
    window.history.replaceState(null, "", "/services");
    const { client } = renderWithProviders(<ServicesPage />);
    const list = [...PRODUCTS_INFINITE_KEY, "en", 1, [1, null], {}];
    client.setQueryData(list, { pages: [], pageParams: [] });
    expect((await screen.findByRole("button", { name: /Groceries/ })).getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(screen.getByRole("button", { name: "Pharmacy" }));
    expect(useAppStore.getState().client.selected_service).toBe(2);
    expect(useAppStore.getState().client.selected_service_name).toBe("Pharmacy");
    expect(client.getQueryData(list)).toBeUndefined();
    await waitFor(() => expect(window.location.pathname).toBe("/home"));
  });
});

describe("CategoryPage", () => {
  test("no subcategories: the spec's message", async () => {
    mockApi({
      "GET /categories/7": () => ({
        body: { data: { id: 7, name: "Fruit", icon: "/c/7.svg", service_id: 1, parent: { id: 1, name: "Fresh" }, children: [] }, message: null },
      }),
      "GET /categories": () => ({ body: { data: [], meta: { ...meta(1, 1, 0), featured: [] } } }),
      "GET /products": () => ({ body: productPage([productItem(1)]) }),
    });
    renderWithProviders(<CategoryPage params={{ id: 7 }} query={new URLSearchParams()} />);
    expect(await screen.findByText("No subcategories available at the moment for this category")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to Fresh" }).getAttribute("href")).toBe("/categories/1");
    expect(await screen.findByRole("link", { name: "Product 1" })).toBeTruthy();
  });

  test("subcategories come page by page until meta.last_page", async () => {
    const api = mockApi({
      "GET /categories/7": () => ({
        body: { data: { id: 7, name: "Fruit", icon: "/c/7.svg", service_id: 1, parent: null, children: [] }, message: null },
      }),
      "GET /categories": (url) => {
        const page = Number(url.searchParams.get("page"));
        return {
          body: {
            data: [{ id: 20 + page, name: `Sub ${page}`, icon: "/c.svg", parent_id: 7, children: null }],
            meta: { ...meta(page, 2, 2), featured: [] },
          },
        };
      },
      "GET /products": () => ({ body: productPage([]) }),
    });
    renderWithProviders(<CategoryPage params={{ id: 7 }} query={new URLSearchParams()} />);
    expect(await screen.findByRole("link", { name: "Sub 1" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Load more" }));
    expect(await screen.findByRole("link", { name: "Sub 2" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
    expect(api.calls().filter((c) => c.startsWith("GET /categories?"))).toEqual([
      "GET /categories?parent_id=7&page=1&limit=20",
      "GET /categories?parent_id=7&page=2&limit=20",
    ]);
  });
});

describe("BranchPage", () => {
  test("shows closed, minimum order, delivery minutes and fee, and filters products by category", async () => {
    const api = mockApi({
      "GET /branches/5": () => ({ body: { data: branchDetail(5, { closed: true }), message: null } }),
      "GET /products": () => ({ body: productPage([productItem(1)]) }),
    });
    renderWithProviders(<BranchPage params={{ id: 5 }} query={new URLSearchParams("category_id=7")} />);
    const terms = await screen.findByTestId("branch-terms");
    expect(terms.textContent).toContain("Closed");
    expect(terms.textContent).toContain("Minimum order EGP\u00a050.00");
    expect(terms.textContent).toContain("Delivery in 30 min");
    expect(terms.textContent).toContain("Delivery fee EGP\u00a015.00");
    expect(terms.textContent).toContain("Free delivery over EGP\u00a0300.00");
    expect(screen.getByRole("link", { name: /Fruit/ }).getAttribute("aria-current")).toBe("page");
    await screen.findByRole("link", { name: "Product 1" });
    expect(api.calls().find((c) => c.startsWith("GET /products"))).toBe(
      "GET /products?branch_id=5&category_id=7&page=1&service_id=1&limit=20",
    );
  });

  test("a shop that delivers: its product cards can be added to the cart", async () => {
    mockApi({
      "GET /branches/5": () => ({ body: { data: branchDetail(5), message: null } }),
      "GET /products": () => ({ body: productPage([productItem(1)]) }),
    });
    renderWithProviders(<BranchPage params={{ id: 5 }} query={new URLSearchParams()} />);
    await screen.findByRole("link", { name: "Product 1" });
    expect(screen.getAllByRole("button", { name: /^Add to cart/ }).length).toBe(1);
    expect(screen.queryByTestId("not-delivering")).toBeNull();
  });

  test("a shop that does not deliver to the chosen district still shows, says so, and offers no add-to-cart", async () => {
    mockApi({
      "GET /branches/5": () => ({ body: { data: branchDetail(5, { delivers: false }), message: null } }),
      "GET /products": () => ({ body: productPage([productItem(1)]) }),
    });
    renderWithProviders(<BranchPage params={{ id: 5 }} query={new URLSearchParams()} />);
    const notice = await screen.findByTestId("not-delivering");
    expect(notice.textContent).toBe("We Don't Deliver To Your Location");
    expect(notice.getAttribute("role")).toBe("status");
    // What it sells is still listed, without a cart button.
    await screen.findByRole("link", { name: "Product 1" });
    expect(screen.queryAllByRole("button", { name: /^Add to cart/ })).toEqual([]);
  });

  test("in Arabic the shop's not-delivering notice is Arabic", async () => {
    useAppStore.setState({ language: "ar" });
    mockApi({
      "GET /branches/5": () => ({ body: { data: branchDetail(5, { delivers: false }), message: null } }),
      "GET /products": () => ({ body: productPage([]) }),
    });
    renderWithProviders(<BranchPage params={{ id: 5 }} query={new URLSearchParams()} />);
    expect((await screen.findByTestId("not-delivering")).textContent).toBe("لا نقوم بالتوصيل إلى موقعك");
  });

  test("free delivery replaces the fee", async () => {
    mockApi({
      "GET /branches/5": () => ({ body: { data: branchDetail(5, { free_delivery: true }), message: null } }),
      "GET /products": () => ({ body: productPage([]) }),
    });
    renderWithProviders(<BranchPage params={{ id: 5 }} query={new URLSearchParams()} />);
    const terms = await screen.findByTestId("branch-terms");
    expect(terms.textContent).toContain("Free delivery");
    expect(terms.textContent).not.toContain("Delivery fee");
  });
});

describe("BranchesResultsPage", () => {
  test("shops matching the query, product links, and the empty state", async () => {
    const api = mockApi({
      "GET /branches": (url) => ({
        body: url.searchParams.get("search") === "corner" ? { data: [branchItem(5, { name: "Corner shop" })], meta: meta(1, 1) } : { data: [], meta: meta(1, 1, 0) },
      }),
      "GET /products": () => ({ body: { data: [{ id: 42, name: "Corner tea" }], meta: meta(1, 1) } }),
    });
    renderWithProviders(<BranchesResultsPage params={{ id: null }} query={new URLSearchParams("query=corner")} />);
    expect((await screen.findByRole("link", { name: "Corner shop" })).getAttribute("href")).toBe("/branches/5");
    expect((await screen.findByRole("link", { name: "Corner tea" })).getAttribute("href")).toBe("/products/42");
    expect(api.calls()).toContain("GET /branches?page=1&service_id=1&limit=20&search=corner");
  });

  test("shop category chips narrow the shops, and an empty category offers every shop again", async () => {
    const api = mockApi({
      "GET /branch-categories": () => ({
        body: {
          data: [
            { id: 3, name: "Bakeries", icon: "/c/3.svg" },
            { id: 4, name: "Butchers", icon: "/c/4.svg" },
          ],
          meta: meta(1, 1, 2),
        },
      }),
      "GET /branches": (url) => {
        const category = url.searchParams.get("branch_category_id");
        if (category === "4") return { body: { data: [], meta: meta(1, 1, 0) } };
        const shops = category === "3" ? [branchItem(6, { name: "Corner bakery" })] : [branchItem(5, { name: "Corner shop" }), branchItem(6, { name: "Corner bakery" })];
        return { body: { data: shops, meta: meta(1, 1, shops.length) } };
      },
      "GET /products": () => ({ body: { data: [], meta: meta(1, 1, 0) } }),
    });
    renderWithProviders(<BranchesResultsPage params={{ id: null }} query={new URLSearchParams("query=corner")} />);
    const chips = await screen.findByRole("list", { name: "Shop categories" });
    const all = within(chips).getByRole("button", { name: "All" });
    expect(all.getAttribute("aria-pressed")).toBe("true");
    expect(await screen.findByRole("link", { name: "Corner shop" })).toBeTruthy();

    fireEvent.click(within(chips).getByRole("button", { name: "Bakeries" }));
    expect(within(chips).getByRole("button", { name: "Bakeries" }).getAttribute("aria-pressed")).toBe("true");
    expect(all.getAttribute("aria-pressed")).toBe("false");
    expect(await screen.findByRole("link", { name: "Corner bakery" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Corner shop" })).toBeNull();
    expect(api.calls()).toContain("GET /branches?page=1&service_id=1&limit=20&search=corner&branch_category_id=3");
    expect(api.calls()).toContain("GET /branch-categories?service_id=1&limit=50");

    fireEvent.click(within(chips).getByRole("button", { name: "Butchers" }));
    const empty = await screen.findByText("No shops in Butchers.");
    fireEvent.click(within(empty.closest("[data-testid='empty-state']") as HTMLElement).getByRole("button", { name: "Show all shops" }));
    expect(await screen.findByRole("link", { name: "Corner shop" })).toBeTruthy();
    expect(all.getAttribute("aria-pressed")).toBe("true");
  });

  test("without shop categories (or while they fail) the shops show without chips", async () => {
    mockApi({
      "GET /branch-categories": () => ({ status: 500, body: { message: "Server Error" } }),
      "GET /branches": () => ({ body: { data: [branchItem(5, { name: "Corner shop" })], meta: meta(1, 1) } }),
      "GET /products": () => ({ body: { data: [], meta: meta(1, 1, 0) } }),
    });
    renderWithProviders(<BranchesResultsPage params={{ id: null }} query={new URLSearchParams("query=corner")} />);
    expect(await screen.findByRole("link", { name: "Corner shop" })).toBeTruthy();
    expect(screen.queryByTestId("shop-categories")).toBeNull();
  });

  test("nothing found", async () => {
    mockApi({
      "GET /branches": () => ({ body: { data: [], meta: meta(1, 1, 0) } }),
      "GET /products": () => ({ body: { data: [], meta: meta(1, 1, 0) } }),
    });
    renderWithProviders(<BranchesResultsPage params={{ id: null }} query={new URLSearchParams("query=zzz")} />);
    expect((await screen.findAllByTestId("empty-state"))[0]?.textContent).toContain("No results for “zzz”.");
  });
});
