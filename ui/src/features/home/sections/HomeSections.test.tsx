import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { branchItem, productItem, productPage, serviceDetail } from "../../../test/catalogueFixtures";
import { mockApi, renderWithProviders, resetClient } from "../../../test/catalogue";
import { HomeSections } from "./HomeSections";

function routes(lastPage = 2) {
  return {
    "GET /services/1": () => ({ body: { data: serviceDetail(), message: null } }),
    "GET /branches": (url: URL) => ({
      body: { data: [branchItem(Number(url.searchParams.get("page")) * 10)], meta: { current_page: Number(url.searchParams.get("page")), last_page: 1, per_page: 20, total: 1 } },
    }),
    "GET /products": (url: URL) => {
      const page = Number(url.searchParams.get("page"));
      return { body: productPage([productItem(100 + page)], page, lastPage) };
    },
  };
}

describe("HomeSections", () => {
  test("renders the service's blocks and loads shops and products page by page", async () => {
    resetClient({ district_id: "1", selectedService: "1", selectedServiceName: "Groceries" });
    const api = mockApi(routes());
    renderWithProviders(<HomeSections />);

    expect(await screen.findByRole("heading", { name: "Best seller" })).toBeTruthy();
    for (const title of ["Offers", "Category shopping", "Brands", "Top-rated shops", "Shops", "Products"]) {
      expect(screen.getByRole("heading", { name: title })).toBeTruthy();
    }
    // Category names are cut to 20 characters by the core.
    expect(screen.getByRole("link", { name: "Fresh fruit and vege..." }).getAttribute("href")).toBe("/categories/7");
    expect(screen.getByRole("link", { name: "Nile Farms" }).getAttribute("href")).toBe("/products?brand_id=2");
    expect(screen.getByRole("link", { name: /See all/ }).getAttribute("href")).toBe("/products?sort=best_selling");
    expect(screen.getByRole("link", { name: "Green tea" }).getAttribute("href")).toBe("/products/5");

    const products = within(screen.getByTestId("home-section-home-products"));
    expect(await products.findByRole("link", { name: "Product 101" })).toBeTruthy();
    fireEvent.click(products.getByRole("button", { name: "Load more" }));
    expect(await products.findByRole("link", { name: "Product 102" })).toBeTruthy();
    // meta.last_page reached: no more button.
    await waitFor(() => expect(products.queryByRole("button", { name: "Load more" })).toBeNull());

    const calls = api.calls().filter((c) => c.startsWith("GET /products") || c.startsWith("GET /branches"));
    for (const call of calls) expect(call).toMatch(/page=\d+.*service_id=1|service_id=1.*page=\d+/);
    expect(calls.filter((c) => c.startsWith("GET /products"))).toHaveLength(2);
  });

  test("without a service no list is requested (the core's precondition)", async () => {
    resetClient({ district_id: "1" });
    const warn = jest.spyOn(console, "warn").mockImplementation(() => {});
    const api = mockApi(routes());
    renderWithProviders(<HomeSections />);
    await waitFor(() => expect(screen.getAllByTestId("empty-state")).toHaveLength(2));
    expect(api.calls()).toEqual([]);
    expect(warn).toHaveBeenCalledWith("Missing page or service_id in payload");
    warn.mockRestore();
  });

  test("every shop and every product are asked for only once the reader nears them", async () => {
    resetClient({ district_id: "1", selectedService: "1", selectedServiceName: "Groceries" });
    const observers: ((entries: { isIntersecting: boolean }[]) => void)[] = [];
    Object.defineProperty(globalThis, "IntersectionObserver", {
      configurable: true,
      value: class {
        constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
          observers.push(callback);
        }
        observe() {}
        disconnect() {}
      },
    });
    try {
      const api = mockApi(routes());
      renderWithProviders(<HomeSections />);
      expect(await screen.findByRole("heading", { name: "Best seller" })).toBeTruthy();
      const lists = () => api.calls().filter((c) => c.startsWith("GET /products") || c.startsWith("GET /branches"));
      expect(lists()).toEqual([]);
      act(() => observers.forEach((report) => report([{ isIntersecting: true }])));
      const products = within(screen.getByTestId("home-section-home-products"));
      expect(await products.findByRole("link", { name: "Product 101" })).toBeTruthy();
      expect(lists()).toHaveLength(2);
    } finally {
      delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
    }
  });
});
