import { cart, cartItem } from "../test/documents";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { dispatchCart } from "./cartFlow";
import { renderText } from "../i18n/coreText";
import { selectCart, useAppStore } from "../platform/store";
import { Providers, mockApi, resetClient, testQueryClient, toastTexts } from "../test/catalogue";
import { useAddToCart } from "./useAddToCart";

function itemBody(productId: number, branchId: number, qty = 1) {
  return {
    data: {
      id: productId * 10,
      key: `k${productId}`,
      product_id: productId,
      qty,
      price: "10.00",
      total: "10.00",
      favorite: false,
      order: { price: "10.00", total: "11.40", cart_total: "26.40", tax: "1.40" },
      message: "Added to cart",
      product: { name: `P${productId}`, image: null, min_qty: 1, max_qty: 5, stock: 9, preorder: false, branch_id: branchId },
    },
    message: "Added to cart",
  };
}

function cartOfShop(branchId: number) {
  return cart({
    items: [
      cartItem({
        id: 1,
        key: "old",
        product_id: 1,
        qty: 2,
        price: "4.00",
        product: { name: "Old", image: null, min_qty: 1, max_qty: 5, stock: 5, branch_id: branchId },
      }),
    ],
    price: "8.00",
    total: "8.00",
    cart_total: "8.00",
    branch_id: branchId,
  });
}

function setup(token: string | null = "tok") {
  resetClient(token ? { token, district_id: "1", selectedService: "1" } : { district_id: "1", selectedService: "1" });
  const client = testQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <Providers client={client}>{children}</Providers>;
  return renderHook(() => useAddToCart(), { wrapper });
}

describe("useAddToCart", () => {
  test("guests are asked to sign in and nothing is sent", async () => {
    const api = mockApi({});
    const hook = setup(null);
    await act(async () => {
      await hook.result.current.add({ product_id: 5, branch_id: 3 });
    });
    expect(useAppStore.getState().modal).toBe("signIn");
    expect(api.calls()).toEqual([]);
  });

  test("adds, applies the core's transition to the store and toasts the server's message", async () => {
    const api = mockApi({ "POST /order/add-to-cart": () => ({ body: itemBody(5, 3, 2) }) });
    const hook = setup();
    await act(async () => {
      await hook.result.current.add({ product_id: 5, branch_id: 3, qty: 2 });
    });
    expect(api.bodies("POST /order/add-to-cart")).toEqual([{ product_id: 5, qty: 2, service_id: 1, empty_cart: false }]);
    const cart = selectCart(useAppStore.getState());
    expect(cart?.items.map((i) => [i.product_id, i.qty])).toEqual([[5, 2]]);
    expect(cart?.items_quantity).toBe(2);
    expect(cart?.cart_total).toBe("26.40");
    expect(toastTexts()).toEqual(["Added to cart"]);
  });

  test("another shop's cart asks first with the core's message; agreeing empties it", async () => {
    const api = mockApi({ "POST /order/add-to-cart": () => ({ body: itemBody(5, 4) }) });
    const hook = setup();
    dispatchCart({ type: "loaded", cart: cartOfShop(3) });
    await act(async () => {
      await hook.result.current.add({ product_id: 5, branch_id: 4 });
    });
    expect(api.calls()).toEqual([]);
    const prompt = hook.result.current.prompt;
    expect(prompt && renderText(prompt, "en")).toBe(
      "There are items from different shop in your cart. Would you like to empty your cart to add this item?",
    );
    await act(async () => {
      await hook.result.current.confirm();
    });
    expect(api.bodies("POST /order/add-to-cart")).toEqual([{ product_id: 5, service_id: 1, empty_cart: true }]);
    expect(selectCart(useAppStore.getState())?.items.map((i) => i.product_id)).toEqual([5]);
    expect(hook.result.current.prompt).toBeNull();
  });

  test("a 400 keeps the server's message as the old-cart prompt; cancelling sends nothing", async () => {
    const api = mockApi({
      "POST /order/add-to-cart": () => ({
        status: 400,
        body: { message: "Items from another shop", errors: { error: ["Items from another shop"] } },
      }),
    });
    const hook = setup();
    await act(async () => {
      await hook.result.current.add({ product_id: 5, branch_id: 4 });
    });
    await waitFor(() => expect(hook.result.current.prompt).toEqual({ kind: "server", text: "Items from another shop" }));
    expect(toastTexts()).toEqual([]);
    await act(() => hook.result.current.dismiss());
    expect(hook.result.current.prompt).toBeNull();
    expect(api.calls()).toHaveLength(1);
  });

  test("a 422 (a quantity limit) is an error toast, not a prompt", async () => {
    mockApi({
      "POST /order/add-to-cart": () => ({
        status: 422,
        body: { message: "Max Quantity Reached", errors: { qty: ["Max Quantity Reached"] } },
      }),
    });
    const hook = setup();
    await act(async () => {
      await hook.result.current.add({ product_id: 5, branch_id: 3, qty: 50 });
    });
    expect(hook.result.current.prompt).toBeNull();
    expect(toastTexts()).toEqual(["Max Quantity Reached"]);
  });
});
