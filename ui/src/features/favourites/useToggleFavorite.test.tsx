import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { parseCart } from "storefront-core/cart";
import { useAppStore } from "../../app/store";
import { branchItem, productDetail, productItem, productPage, serviceDetail } from "../catalogue/fixtures";
import { Providers, mockApi, resetClient, testQueryClient, toastTexts } from "../catalogue/test-utils";
import { cartWithFavorite } from "../cart/transitions";
import { setFavoriteIn, useToggleFavorite } from "./useToggleFavorite";

describe("setFavoriteIn", () => {
  test("flips a product in a service block but not the shop with the same id", () => {
    const service = serviceDetail();
    const next = setFavoriteIn(service, { type: "product", id: 5 }, true);
    const flag = (type: string) =>
      (next.blocks.find((b) => b.type === type)?.items[0] as { is_favorite: boolean } | undefined)?.is_favorite;
    expect(flag("best_seller")).toBe(true);
    expect(flag("branches")).toBe(false);
    // Blocks that did not change keep their identity.
    expect(next.blocks[0]).toBe(service.blocks[0]);
  });

  test("flips the shop and keeps the product spelling 0/1", () => {
    const pages = { pages: [{ data: [branchItem(5), branchItem(6)] }], pageParams: [1] };
    const next = setFavoriteIn(pages, { type: "branch", id: 6 }, true);
    expect(next.pages[0]?.data.map((b) => b.is_favorite)).toEqual([false, true]);

    const listing = productPage([productItem(1), productItem(2)]);
    const flipped = setFavoriteIn(listing, { type: "product", id: 2 }, true);
    expect(flipped.data.map((p) => p.favorite)).toEqual([0, 1]);
    expect(setFavoriteIn(flipped, { type: "product", id: 2 }, false).data[1]?.favorite).toBe(0);
  });

  test("leaves unrelated data untouched (same object)", () => {
    const detail = productDetail(9);
    expect(setFavoriteIn(detail, { type: "product", id: 8 }, true)).toBe(detail);
  });

  test("cart items flip through the core's cart transition", () => {
    const cart = parseCart({
      items: [{ id: 1, key: "k1", product_id: 9, qty: 1, price: "5.00", favorite: 0 }],
      items_quantity: 1,
      price: "5.00",
      total: "5.00",
      cart_total: "5.00",
      tax: "0.00",
    });
    expect(cartWithFavorite(cart, 9, true)?.items[0]?.favorite).toBe(true);
    expect(cartWithFavorite(cart, 9, false)).toBe(cart);
    expect(cartWithFavorite(null, 9, true)).toBeNull();
  });
});

describe("useToggleFavorite", () => {
  function setup() {
    resetClient({ token: "tok", district_id: "1", selectedService: "1" });
    const client = testQueryClient();
    client.setQueryData(["product", "en", 9], productDetail(9));
    client.setQueryData(["products", "en", 1, "page", {}, 1], productPage([productItem(9)]));
    const wrapper = ({ children }: { children: ReactNode }) => <Providers client={client}>{children}</Providers>;
    const hook = renderHook(() => useToggleFavorite(), { wrapper });
    return { client, hook };
  }

  test("flips at once, and the server's answer stays", async () => {
    let release: () => void = () => {};
    const api = mockApi({
      "POST /favorites/toggle": () =>
        new Promise((resolve) => {
          release = () => resolve({ body: { data: { type: "product", id: 9, is_favorite: true, favorite: 1 }, message: null } });
        }),
    });
    const { client, hook } = setup();
    act(() => hook.result.current.mutate({ target: { type: "product", id: 9 }, next: true }));
    await waitFor(() => expect(client.getQueryData<{ favorite: number }>(["product", "en", 9])?.favorite).toBe(1));
    expect(client.getQueryData<ReturnType<typeof productPage>>(["products", "en", 1, "page", {}, 1])?.data[0]?.favorite).toBe(1);
    act(() => release());
    await waitFor(() => expect(hook.result.current.isSuccess).toBe(true));
    expect(client.getQueryData<{ favorite: number }>(["product", "en", 9])?.favorite).toBe(1);
    expect(api.bodies("POST /favorites/toggle")).toEqual([{ type: "product", id: 9 }]);
  });

  test("rolls back and shows the error when the call fails", async () => {
    mockApi({ "POST /favorites/toggle": () => ({ status: 422, body: { message: "The selected id is invalid.", errors: { id: ["The selected id is invalid."] } } }) });
    const { client, hook } = setup();
    act(() => hook.result.current.mutate({ target: { type: "product", id: 9 }, next: true }));
    await waitFor(() => expect(hook.result.current.isError).toBe(true));
    expect(client.getQueryData<{ favorite: number }>(["product", "en", 9])?.favorite).toBe(0);
    expect(toastTexts()).toEqual(["The selected id is invalid."]);
  });

  test("follows the server when it disagrees", async () => {
    mockApi({
      "POST /favorites/toggle": () => ({ body: { data: { type: "product", id: 9, is_favorite: false, favorite: 0 }, message: null } }),
    });
    const { client, hook } = setup();
    act(() => hook.result.current.mutate({ target: { type: "product", id: 9 }, next: true }));
    await waitFor(() => expect(hook.result.current.isSuccess).toBe(true));
    expect(client.getQueryData<{ favorite: number }>(["product", "en", 9])?.favorite).toBe(0);
    expect(useAppStore.getState().toasts).toEqual([]);
  });
});
