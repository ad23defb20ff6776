import { waitFor } from "@testing-library/react";
import { queryClient } from "../platform/queryClient";
import { selectCart, useAppStore } from "../platform/store";
import { mockApi, resetClient, toastTexts, type Reply } from "../test/catalogue";
import { cartBody, cartLine } from "../test/cart";
import { cartItemOf } from "storefront-core/api";
import { changeQuantity, fetchCart, performCartCall } from "./cartFlow";

// The cart flow's module: its call performer (each call and what its answer or failure
// becomes), the cart documents read into the flow's values, and a "+" from the click to
// the answer's view in the store.

// A line as the API sends it (`CartItemBody`: with the line's own total).
const line = { ...cartLine({ id: 1, productId: 7, qty: 2, price: "10.00" }), total: "20.00" };
const cartPage = () => ({ body: { data: cartBody([{ id: 1, productId: 7, qty: 2, price: "10.00" }]), message: null } });

beforeEach(() => {
  resetClient({ token: "tok", district_id: "1", selectedService: "1" });
});

describe("the cart's call performer", () => {
  test("an add names the selected service and is answered as `added`, the item read with its OpenAPI type", async () => {
    const api = mockApi({ "POST /order/add-to-cart": () => ({ body: { data: line, message: "Added to cart" } }) });
    const invalidate = jest.spyOn(queryClient, "invalidateQueries");
    const event = await performCartCall({ call: "add_to_cart", product_id: 7, qty: 2, empty_cart: false });
    expect(api.bodies("POST /order/add-to-cart")).toEqual([{ product_id: 7, qty: 2, service_id: 1, empty_cart: false }]);
    expect(event).toEqual({ type: "added", item: cartItemOf(line) });
    // Every cart query asks again: the cart pages show the server's cart.
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ["cart"] });
    invalidate.mockRestore();
  });

  test("a refused add is `add_failed` with the status (a 400 is the different-shop question) and the server's message", async () => {
    mockApi({ "POST /order/add-to-cart": () => ({ status: 400, body: { message: "Items from another shop" } }) });
    const event = await performCartCall({ call: "add_to_cart", product_id: 7, qty: null, empty_cart: false });
    expect(event).toEqual({ type: "add_failed", status: 400, message: { kind: "server", text: "Items from another shop" } });
  });

  test("an add that gets no answer is `add_failed` with status 0", async () => {
    globalThis.fetch = jest.fn().mockRejectedValue(new TypeError("Failed to fetch")) as unknown as typeof fetch;
    const event = await performCartCall({ call: "add_to_cart", product_id: 7, qty: null, empty_cart: false });
    expect(event).toMatchObject({ type: "add_failed", status: 0 });
  });

  test("a quantity is answered as `updated`, a removal as `deleted`; their failures as `quantity_failed`", async () => {
    const api = mockApi({
      "POST /order/update-cart": () => ({ body: { data: { ...line, qty: 3 }, message: null } }),
      "DELETE /orders/item/1": () => ({ body: { data: { id: 1, order: null }, message: null } }),
      "DELETE /orders/item/2": () => ({ status: 422, body: { message: "Not in your cart" } }),
    });
    expect(await performCartCall({ call: "update_cart_quantity", key: "key-1", qty: 3 })).toEqual({
      type: "updated",
      item: cartItemOf({ ...line, qty: 3 }),
    });
    expect(api.bodies("POST /order/update-cart")).toEqual([{ key: "key-1", qty: 3 }]);
    expect(await performCartCall({ call: "remove_cart_item", id: 1 })).toEqual({ type: "deleted", id: 1, order: null });
    expect(await performCartCall({ call: "remove_cart_item", id: 2 })).toEqual({
      type: "quantity_failed",
      message: { kind: "server", text: "Not in your cart" },
    });
    // The flow toasts what its event says; the performer shows nothing itself.
    expect(toastTexts()).toEqual([]);
  });

  test("another flow's call is not the cart's: no event, no call", async () => {
    const api = mockApi({});
    expect(await performCartCall({ call: "map_search", search: "Zamalek" })).toBeNull();
    expect(api.calls()).toEqual([]);
  });
});

describe("the cart documents", () => {
  test("the cart page's answer: the cart goes into the flow, the shop's part beside it", async () => {
    mockApi({ "GET /get_card": cartPage });
    const shop = await fetchCart(1);
    expect(shop).toEqual({ branchName: "Garden City Grocer", delivers: true });
    const state = useAppStore.getState();
    expect(state.cartShop).toEqual(shop);
    expect(selectCart(state)?.items.map((i) => [i.key, i.qty, i.product?.name])).toEqual([["key-1", 2, "Product 7"]]);
    expect(state.cartView?.loaded).toBe(true);
  });
});

test('a "+" shows at once, sends the one call, and the answer\'s line is the store\'s', async () => {
  let answer: (reply: Reply) => void = () => undefined;
  const answered = new Promise<Reply>((resolve) => (answer = resolve));
  const api = mockApi({ "GET /get_card": cartPage, "POST /order/update-cart": () => answered });
  await fetchCart(1);
  const item = selectCart(useAppStore.getState())?.items[0];
  if (!item) throw new Error("no line");
  changeQuantity(item, 3);
  expect(selectCart(useAppStore.getState())?.items.map((i) => [i.qty, i.price])).toEqual([[3, "10.00"]]);
  await waitFor(() => expect(api.bodies("POST /order/update-cart")).toEqual([{ key: "key-1", qty: 3 }]));
  // The server's word is final: today's price is 9.50.
  answer({ body: { data: { ...line, qty: 3, price: "9.50" }, message: null } });
  await waitFor(() => expect(selectCart(useAppStore.getState())?.items.map((i) => [i.qty, i.price])).toEqual([[3, "9.50"]]));
  expect(api.calls()).toEqual(["GET /get_card?service_id=1", "POST /order/update-cart"]);
});
