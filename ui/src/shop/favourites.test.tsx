import { cart as testCart, cartItem } from "../test/documents";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { productKey, selectedServiceKey } from "../api/queries";
import { selectCart, useAppStore } from "../platform/store";
import { FAVORITES_KEY, type FavoriteItem, type Page } from "../api/queries";
import { branchDetail, branchItem, productDetail, productItem, productPage, serviceDetail } from "../test/catalogueFixtures";
import {
  BRANCHES_INFINITE_KEY,
  BRANCH_DETAIL_KEY,
  PRODUCTS_INFINITE_KEY,
  PRODUCTS_PAGE_KEY,
  type BranchDetail,
  type BranchItem,
  type BranchPage,
  type ProductDetail,
  type ProductItem,
  type ProductPage,
  type ServiceBlock,
  type ServiceDetail,
} from "./catalogue";
import { Providers, mockApi, resetClient, testQueryClient, toastTexts } from "../test/catalogue";
import { dispatchCart } from "./cartFlow";
import { setCartFavorite } from "./cartFlow";
import { applyFavorite, useToggleFavorite } from "./favourites";

const AREA = [1, null] as const;

/** The keys the app reads each family by (the hooks' key shapes). */
const KEYS = {
  service: selectedServiceKey("en", 1, AREA),
  services: ["services", "en"],
  productsPage: [...PRODUCTS_PAGE_KEY, "en", 1, AREA, {}, 1],
  productsInfinite: [...PRODUCTS_INFINITE_KEY, "en", 1, AREA, {}],
  branchesInfinite: [...BRANCHES_INFINITE_KEY, "en", 1, AREA, null],
  product: productKey("en", AREA, 5),
  branch: [...BRANCH_DETAIL_KEY, "en", AREA, 5],
  favouriteProducts: [...FAVORITES_KEY, "en", "product"],
  favouriteBranches: [...FAVORITES_KEY, "en", "branch"],
} as const;

function favouriteRow(type: "product" | "branch", id: number): FavoriteItem {
  return {
    type,
    id,
    name: `${type} ${id}`,
    image: "/x.svg",
    favorite: 1,
    is_favorite: true,
    rating: 4,
    service_id: 1,
    added_at: "2025-03-01T10:00:00Z",
    ...(type === "product" ? { price: "25.00", currency: "EGP", branch: { id: 3, name: "Shop 3" } } : { closed: false }),
  };
}

const infinite = <T,>(data: T[]): InfiniteData<Page<T>> => ({
  pages: [{ data, meta: { current_page: 1, last_page: 1, per_page: 20, total: data.length } }],
  pageParams: [1],
});

/**
 * Product 5 and shop 5 everywhere, each dressed in the other kind's fields (a shop with a
 * `price`, a product with `minutes`), so only where they sit tells them apart; category 5
 * and banner 5 too, which are never favourites.
 */
function seed(client: QueryClient) {
  const service = serviceDetail();
  const blocks = service.blocks.map((block): ServiceBlock => {
    if (block.type === "branches") return { ...block, items: [{ ...block.items[0], id: 5, price: "9.99" } as ServiceBlock["items"][number]] };
    if (block.type === "best_seller") return { ...block, items: [{ ...block.items[0], id: 5, minutes: 20 } as ServiceBlock["items"][number]] };
    if (block.type === "categories" || block.type === "slider")
      return { ...block, items: [{ ...block.items[0], id: 5, price: "1.00", minutes: 1 } as ServiceBlock["items"][number]] };
    return block;
  });
  const shop = (id: number) => ({ ...branchItem(id), price: "9.99" }) as BranchItem;
  const product = (id: number) => ({ ...productItem(id), minutes: 20 }) as ProductItem;
  const data = {
    service: { ...service, blocks } as ServiceDetail,
    services: [{ id: 5, name: "Groceries", icon: "/s.svg", mini_icon: "/s.svg" }],
    productsPage: productPage([product(4), product(5)]) as ProductPage,
    productsInfinite: { pages: [productPage([product(4)]), productPage([product(5)])], pageParams: [1, 2] } as InfiniteData<ProductPage>,
    branchesInfinite: infinite([shop(4), shop(5)]) as InfiniteData<BranchPage>,
    product: { ...productDetail(5), minutes: 20 } as ProductDetail,
    branch: { ...branchDetail(5), price: "9.99" } as BranchDetail,
    favouriteProducts: infinite([favouriteRow("product", 5)]),
    favouriteBranches: infinite([favouriteRow("branch", 5)]),
  };
  for (const name of Object.keys(KEYS) as (keyof typeof KEYS)[]) {
    client.setQueryData(KEYS[name], data[name], { updatedAt: 0 });
  }
  return data;
}

type Seeded = ReturnType<typeof seed>;

function read<K extends keyof typeof KEYS>(client: QueryClient, name: K): Seeded[K] {
  return client.getQueryData(KEYS[name]) as Seeded[K];
}

const blockItems = (service: ServiceDetail, type: ServiceBlock["type"]) =>
  service.blocks.find((b) => b.type === type)?.items as { id: number; is_favorite: boolean }[];

describe("applyFavorite: each cached family by what it holds", () => {
  test("a product flips in every family holding products; shop 5 (even with a price) stays", () => {
    const client = testQueryClient();
    const before = seed(client);
    applyFavorite(client, { type: "product", id: 5 }, true);

    expect(read(client, "productsPage").data.map((p) => p.favorite)).toEqual([0, 1]);
    expect(read(client, "productsInfinite").pages.map((p) => p.data[0]?.favorite)).toEqual([0, 1]);
    // Page 1 did not hold it: same object.
    expect(read(client, "productsInfinite").pages[0]).toBe(before.productsInfinite.pages[0]);
    expect(read(client, "product").favorite).toBe(1);
    expect(blockItems(read(client, "service"), "best_seller")[0]?.is_favorite).toBe(true);
    expect(read(client, "favouriteProducts").pages[0]?.data[0]).toMatchObject({ favorite: 1, is_favorite: true });

    // The shop with the same id, wherever it is: untouched, the very same objects.
    const service = read(client, "service");
    expect(blockItems(service, "branches")[0]?.is_favorite).toBe(false);
    expect(service.blocks.find((b) => b.type === "branches")).toBe(before.service.blocks.find((b) => b.type === "branches"));
    for (const type of ["categories", "slider", "brands"] as const) {
      expect(service.blocks.find((b) => b.type === type)).toBe(before.service.blocks.find((b) => b.type === type));
    }
    expect(read(client, "branchesInfinite")).toBe(before.branchesInfinite);
    expect(read(client, "branch")).toBe(before.branch);
    expect(read(client, "favouriteBranches")).toBe(before.favouriteBranches);
    expect(read(client, "services")).toBe(before.services);
  });

  test("a shop flips in every family holding shops; product 5 (even with minutes) stays", () => {
    const client = testQueryClient();
    const before = seed(client);
    applyFavorite(client, { type: "branch", id: 5 }, true);

    expect(read(client, "branchesInfinite").pages[0]?.data.map((b) => b.is_favorite)).toEqual([false, true]);
    expect(read(client, "branch").is_favorite).toBe(true);
    expect(blockItems(read(client, "service"), "branches")[0]?.is_favorite).toBe(true);
    expect(read(client, "favouriteBranches").pages[0]?.data[0]).toMatchObject({ favorite: 1, is_favorite: true });

    expect(blockItems(read(client, "service"), "best_seller")[0]?.is_favorite).toBe(false);
    expect(read(client, "productsPage")).toBe(before.productsPage);
    expect(read(client, "productsInfinite")).toBe(before.productsInfinite);
    expect(read(client, "product")).toBe(before.product);
    expect(read(client, "favouriteProducts")).toBe(before.favouriteProducts);
  });

  test("each spelling keeps its form, both ways", () => {
    const client = testQueryClient();
    seed(client);
    applyFavorite(client, { type: "product", id: 5 }, false);
    applyFavorite(client, { type: "branch", id: 5 }, false);
    expect(read(client, "favouriteProducts").pages[0]?.data[0]).toMatchObject({ favorite: 0, is_favorite: false });
    expect(read(client, "favouriteBranches").pages[0]?.data[0]).toMatchObject({ favorite: 0, is_favorite: false });
    applyFavorite(client, { type: "product", id: 5 }, true);
    const product = read(client, "product");
    expect(product.favorite).toBe(1);
    expect("is_favorite" in product).toBe(false);
    const shop = read(client, "branch");
    applyFavorite(client, { type: "branch", id: 5 }, true);
    expect(read(client, "branch").is_favorite).toBe(true);
    expect("favorite" in read(client, "branch")).toBe(false);
    expect(shop.is_favorite).toBe(false);
  });

  test("queries it does not change are left alone, changed ones keep their read time", () => {
    const client = testQueryClient();
    const before = seed(client);
    // Already a favourite in the favourites list: nothing to do there.
    applyFavorite(client, { type: "product", id: 5 }, true);
    expect(read(client, "favouriteProducts")).toBe(before.favouriteProducts);
    expect(client.getQueryState(KEYS.branch)?.dataUpdatedAt).toBe(0);
    // Still stale: a set flag is not a new answer from the server.
    expect(client.getQueryState(KEYS.product)?.dataUpdatedAt).toBe(0);
    // A product no cache holds changes nothing.
    const after = Object.fromEntries(Object.values(KEYS).map((key) => [JSON.stringify(key), client.getQueryData(key)]));
    applyFavorite(client, { type: "product", id: 404 }, true);
    for (const key of Object.values(KEYS)) expect(client.getQueryData(key)).toBe(after[JSON.stringify(key)]);
  });

  test("cart items flip through the core's cart transition", () => {
    const cart = testCart({ items: [cartItem({ id: 1, key: "k1", product_id: 9, qty: 1, price: "5.00" })], price: "5.00", total: "5.00", cart_total: "5.00" });
    dispatchCart({ type: "loaded", cart });
    setCartFavorite(9, true);
    expect(selectCart(useAppStore.getState())?.items[0]?.favorite).toBe(true);
    const flagged = useAppStore.getState().cartView;
    // Already at the flag: nothing is sent to the flow, and the view is left as it is.
    setCartFavorite(9, true);
    expect(useAppStore.getState().cartView).toBe(flagged);
    setCartFavorite(9, false);
    expect(selectCart(useAppStore.getState())?.items[0]?.favorite).toBe(false);
  });
});

describe("useToggleFavorite", () => {
  function setup() {
    resetClient({ token: "tok", district_id: "1", selectedService: "1" });
    const client = testQueryClient();
    const before = seed(client);
    const wrapper = ({ children }: { children: ReactNode }) => <Providers client={client}>{children}</Providers>;
    const hook = renderHook(() => useToggleFavorite(), { wrapper });
    return { client, hook, before };
  }

  test("flips at once, and the server's answer stays", async () => {
    let release: () => void = () => {};
    const api = mockApi({
      "POST /favorites/toggle": () =>
        new Promise((resolve) => {
          release = () => resolve({ body: { data: { type: "product", id: 5, is_favorite: true, favorite: 1 }, message: null } });
        }),
    });
    const { client, hook } = setup();
    act(() => hook.result.current.mutate({ target: { type: "product", id: 5 }, next: true }));
    await waitFor(() => expect(read(client, "product").favorite).toBe(1));
    expect(read(client, "productsPage").data[1]?.favorite).toBe(1);
    expect(blockItems(read(client, "service"), "best_seller")[0]?.is_favorite).toBe(true);
    expect(blockItems(read(client, "service"), "branches")[0]?.is_favorite).toBe(false);
    act(() => release());
    await waitFor(() => expect(hook.result.current.isSuccess).toBe(true));
    expect(read(client, "product").favorite).toBe(1);
    expect(api.bodies("POST /favorites/toggle")).toEqual([{ type: "product", id: 5 }]);
  });

  test("the cart's item follows", async () => {
    mockApi({
      "POST /favorites/toggle": () => ({ body: { data: { type: "product", id: 5, is_favorite: true, favorite: 1 }, message: null } }),
    });
    const { hook } = setup();
    const cart = testCart({ items: [cartItem({ id: 1, key: "k1", product_id: 5, qty: 1, price: "5.00" })], price: "5.00", total: "5.00", cart_total: "5.00" });
    act(() => void dispatchCart({ type: "loaded", cart }));
    act(() => hook.result.current.mutate({ target: { type: "product", id: 5 }, next: true }));
    await waitFor(() => expect(selectCart(useAppStore.getState())?.items[0]?.favorite).toBe(true));
  });

  test("rolls back everything and shows the server's error when the call fails", async () => {
    mockApi({ "POST /favorites/toggle": () => ({ status: 422, body: { message: "The selected id is invalid.", errors: { id: ["The selected id is invalid."] } } }) });
    const { client, hook, before } = setup();
    act(() => hook.result.current.mutate({ target: { type: "branch", id: 5 }, next: true }));
    await waitFor(() => expect(hook.result.current.isError).toBe(true));
    expect(read(client, "branch")).toEqual(before.branch);
    expect(read(client, "branchesInfinite")).toEqual(before.branchesInfinite);
    expect(read(client, "service")).toEqual(before.service);
    // Those it never changed were not touched.
    expect(read(client, "product")).toBe(before.product);
    expect(toastTexts()).toEqual(["The selected id is invalid."]);
  });

  test("follows the server when it disagrees", async () => {
    mockApi({
      "POST /favorites/toggle": () => ({ body: { data: { type: "product", id: 5, is_favorite: false, favorite: 0 }, message: null } }),
    });
    const { client, hook } = setup();
    act(() => hook.result.current.mutate({ target: { type: "product", id: 5 }, next: true }));
    await waitFor(() => expect(hook.result.current.isSuccess).toBe(true));
    expect(read(client, "product").favorite).toBe(0);
    expect(blockItems(read(client, "service"), "best_seller")[0]?.is_favorite).toBe(false);
    expect(useAppStore.getState().toasts).toEqual([]);
  });
});
