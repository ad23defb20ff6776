import { fireEvent, screen, waitFor } from "@testing-library/react";
import { selectCart, useAppStore } from "../../platform/store";
import { productDetail } from "../../test/catalogueFixtures";
import ProductPage from "./ProductPage";
import { stepperProduct } from "./ProductPurchase";
import { mockApi, renderWithProviders, resetClient, toastTexts } from "../../test/catalogue";
import type { ProductDetail } from "../../shop/catalogue";

function show(product: ProductDetail) {
  const api = mockApi({
    [`GET /products/${product.id}`]: () => ({ body: { data: product, message: null } }),
    "POST /order/add-to-cart": () => ({
      body: {
        data: {
          id: 1,
          key: "k",
          product_id: product.id,
          qty: 2,
          price: product.price,
          favorite: false,
          order: { price: "25.00", total: "28.50", cart_total: "43.50", tax: "3.50" },
          message: "Added to cart",
          product: { name: product.name, min_qty: 1, max_qty: 5, stock: 3, branch_id: product.branch.id },
        },
        message: "Added to cart",
      },
    }),
  });
  renderWithProviders(<ProductPage params={{ id: product.id }} query={new URLSearchParams()} />);
  return api;
}

describe("stepperProduct", () => {
  test("pre-orders are not limited by stock; a closed shop sells nothing", () => {
    expect(stepperProduct(productDetail(1)).stock).toBe(3);
    expect(stepperProduct(productDetail(1, { stock: 0, stock_status: "preorder" })).stock).toBeNull();
    const closed = productDetail(1);
    closed.branch = { ...closed.branch, closed: true };
    expect(stepperProduct(closed).stock).toBe(0);
  });
});

describe("ProductPage", () => {
  beforeEach(() => resetClient({ token: "tok", district_id: "1", selectedService: "1" }));

  test("shows the product and adds the chosen quantity to the cart", async () => {
    const api = show(productDetail(9));
    expect(await screen.findByRole("heading", { level: 1, name: "Product 9" })).toBeTruthy();
    expect(screen.getByText("EGP 12.50")).toBeTruthy();
    expect(screen.getByText("Shop 3")).toBeTruthy();
    // The purchase box comes with the core's cart module, a moment after the product.
    fireEvent.click(await screen.findByRole("button", { name: "Increase quantity" }));
    fireEvent.click(screen.getByRole("button", { name: "Add to cart" }));
    await waitFor(() => expect(selectCart(useAppStore.getState())?.items_quantity).toBe(2));
    expect(api.bodies("POST /order/add-to-cart")).toEqual([{ product_id: 9, qty: 2, service_id: 1, empty_cart: false }]);
    expect(toastTexts()).toEqual(["Added to cart"]);
  });

  test("promises delivery within two days (spec 9) where it can be ordered, in the page language", async () => {
    show(productDetail(9));
    expect((await screen.findByTestId("delivery-promise")).textContent).toBe("Delivery within two days");
  });

  test("in Arabic the delivery promise is Arabic", async () => {
    useAppStore.setState({ language: "ar" });
    show(productDetail(9));
    expect((await screen.findByTestId("delivery-promise")).textContent).toBe("التوصيل خلال يومين");
  });

  test("the stepper follows the stock (3 left)", async () => {
    show(productDetail(9));
    const more = await screen.findByRole("button", { name: "Increase quantity" });
    fireEvent.click(more);
    fireEvent.click(more);
    fireEvent.click(more);
    expect(screen.getByTestId("quantity-message").textContent).toBe("There is not enough stock available.");
  });

  test("out of stock: 'This item is unavailable' and no add button to press", async () => {
    show(productDetail(9, { stock: 0, stock_status: "out_of_stock" }));
    expect((await screen.findByTestId("unavailable")).textContent).toBe("This item is unavailable");
    expect((screen.getByRole("button", { name: "Add to cart" }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole("button", { name: "Increase quantity" })).toBeNull();
  });

  test("a closed shop's product is unavailable too", async () => {
    const product = productDetail(9);
    product.branch = { ...product.branch, closed: true };
    show(product);
    expect((await screen.findByTestId("unavailable")).textContent).toBe("This item is unavailable");
    expect(screen.getByText("Closed")).toBeTruthy();
  });

  test("a shop that does not deliver to the chosen district: the notice and no add-to-cart", async () => {
    const api = show(productDetail(9, { delivers: false }));
    const notice = await screen.findByTestId("not-delivering");
    expect(notice.textContent).toBe("We Don't Deliver To Your Location");
    expect(notice.getAttribute("role")).toBe("status");
    // The product still shows, with its price and shop, but cannot be put in the cart.
    expect(screen.getByRole("heading", { level: 1, name: "Product 9" })).toBeTruthy();
    expect(screen.getByText("Shop 3")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Add to cart" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Increase quantity" })).toBeNull();
    expect(screen.queryByTestId("delivery-promise")).toBeNull();
    expect(api.calls().filter((c) => c.startsWith("POST"))).toEqual([]);
  });

  test("in Arabic the not-delivering notice is Arabic", async () => {
    useAppStore.setState({ language: "ar" });
    show(productDetail(9, { delivers: false }));
    expect((await screen.findByTestId("not-delivering")).textContent).toBe("لا نقوم بالتوصيل إلى موقعك");
    expect(screen.queryByRole("button", { name: "أضف إلى السلة" })).toBeNull();
  });

  test("no district known (delivers null) blocks nothing", async () => {
    show(productDetail(9, { delivers: null }));
    expect(await screen.findByRole("button", { name: "Add to cart" })).toBeTruthy();
    expect(screen.queryByTestId("not-delivering")).toBeNull();
  });

  test("in Arabic the price uses the Arabic locale", async () => {
    useAppStore.setState({ language: "ar" });
    show(productDetail(9));
    await screen.findByRole("heading", { level: 1 });
    expect(screen.getByText("\u200f١٢٫٥٠ ج.م.\u200f")).toBeTruthy();
    expect(screen.getByRole("button", { name: "أضف إلى السلة" })).toBeTruthy();
  });
});
