import { fireEvent, screen, waitFor } from "@testing-library/react";
import { productItem, productPage } from "./fixtures";
import ProductsPage from "./ProductsPage";
import { mockApi, renderWithProviders, resetClient } from "./test-utils";

function show(search: string, items = [productItem(1), productItem(2)], last = 3) {
  window.history.replaceState(null, "", `/products${search ? `?${search}` : ""}`);
  const api = mockApi({
    "GET /products": (url) => ({ body: productPage(items, Number(url.searchParams.get("page")), last) }),
  });
  renderWithProviders(<ProductsPage params={{ id: null }} query={new URLSearchParams(search)} />);
  return api;
}

beforeEach(() => resetClient({ district_id: "1", selectedService: "1" }));

describe("ProductsPage", () => {
  test("the URL's filters drive the request and the controls", async () => {
    const api = show("sort=price_high&stock=in_stock&rating=4&min_price=10&page=2");
    await screen.findByRole("link", { name: "Product 1" });
    const call = api.calls().find((c) => c.startsWith("GET /products")) ?? "";
    const query = new URL(`http://x${call.slice(4)}`).searchParams;
    expect(Object.fromEntries(query)).toEqual({
      sort: "price_high",
      stock: "in_stock",
      rating: "4",
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
      "/products?sort=price_high&stock=in_stock&rating=4&min_price=10.00&page=3",
    );
  });

  test("choosing a sort or a filter rewrites the URL and starts at page 1", async () => {
    show("stock=preorder&page=2");
    await screen.findByRole("link", { name: "Product 1" });
    fireEvent.change(screen.getByRole("combobox", { name: "Sort by" }), { target: { value: "a_z" } });
    await waitFor(() => expect(window.location.search).toBe("?sort=a_z&stock=preorder"));
    fireEvent.click(screen.getByRole("radio", { name: "Out of stock" }));
    await waitFor(() => expect(window.location.search).toBe("?stock=out_of_stock"));
    fireEvent.click(screen.getByRole("radio", { name: /5 stars & up/ }));
    await waitFor(() => expect(window.location.search).toBe("?stock=preorder&rating=5"));
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
    ]);
  });

  test("no match: the empty state", async () => {
    show("rating=5", []);
    expect((await screen.findByTestId("empty-state")).textContent).toContain("No products match.");
  });
});
