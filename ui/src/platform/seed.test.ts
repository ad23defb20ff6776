import { QueryClient } from "@tanstack/react-query";
import { productKey, productReviewsKey, selectedServiceKey } from "../api/queries";
import type { Boot } from "./boot";
import { seedServerData } from "./seed";

function boot(overrides: Partial<Boot> = {}): Boot {
  return {
    kind: "shell",
    path: "/home",
    language: "en",
    view: { signed_in: false, district_id: 4, service_id: 2, address_id: null },
    settings: null,
    remote_config: null,
    services: null,
    service: { id: 2, filter_type: "products_focused" } as unknown as Boot["service"],
    pages: null,
    footer: null,
    ...overrides,
  };
}

describe("seedServerData", () => {
  test("the service lands under the key the header reads it by, district and address included", () => {
    const client = new QueryClient();
    seedServerData(boot(), client, "en", [4, 7]);
    expect(client.getQueryData(selectedServiceKey("en", 2, [4, 7]))).toMatchObject({ id: 2 });
    // The key without the area (what a first render would miss) holds nothing.
    expect(client.getQueryData(["services", "en", 2])).toBeUndefined();
  });

  test("a district the page was not rendered for gets no copy of the service", () => {
    const client = new QueryClient();
    seedServerData(boot(), client, "en", [5, null]);
    expect(client.getQueryData(selectedServiceKey("en", 2, [5, null]))).toBeUndefined();
  });

  test("a page in the other language seeds nothing", () => {
    const client = new QueryClient();
    seedServerData(boot({ settings: { name: "S" } as unknown as Boot["settings"] }), client, "ar", [4, null]);
    expect(client.getQueryData(["settings", "ar"])).toBeUndefined();
    expect(client.getQueryData(selectedServiceKey("ar", 2, [4, null]))).toBeUndefined();
  });

  test("a product page's product lands under the product screen's key, fresh for a guest only", () => {
    const product = { id: 9, name: "Tea" } as unknown as NonNullable<Boot["product"]>;
    const guest = new QueryClient();
    seedServerData(boot({ kind: "shell", path: "/products/9", product }), guest, "en", [4, null]);
    expect(guest.getQueryData(productKey("en", [4, null], 9))).toMatchObject({ name: "Tea" });
    expect(guest.getQueryState(productKey("en", [4, null], 9))?.isInvalidated).toBe(false);
    expect(guest.getQueryState(productKey("en", [4, null], 9))?.dataUpdatedAt).toBeGreaterThan(0);
    // A signed-in customer's favourite flag is not a guest's: shown, and read again at once.
    const customer = new QueryClient();
    const view = { signed_in: true, district_id: 4, service_id: 2, address_id: null };
    seedServerData(boot({ path: "/products/9", product, view }), customer, "en", [4, 7]);
    expect(customer.getQueryState(productKey("en", [4, 7], 9))?.dataUpdatedAt).toBe(0);
    // Another district's reader gets no copy.
    const elsewhere = new QueryClient();
    seedServerData(boot({ path: "/products/9", product }), elsewhere, "en", [5, null]);
    expect(elsewhere.getQueryData(productKey("en", [5, null], 9))).toBeUndefined();
  });

  test("a product page's first reviews seed the reviews list's first page, newest first", () => {
    const product = { id: 9, name: "Tea" } as unknown as NonNullable<Boot["product"]>;
    const reviews = [{ id: 3, rating: 5 }] as unknown as NonNullable<Boot["reviews"]>;
    const guest = new QueryClient();
    seedServerData(boot({ path: "/products/9", product, reviews }), guest, "en", [4, null]);
    expect(guest.getQueryData(productReviewsKey("en", 9, "newest"))).toEqual({ pages: [reviews], pageParams: [1] });
    const customer = new QueryClient();
    const view = { signed_in: true, district_id: 4, service_id: 2, address_id: null };
    seedServerData(boot({ path: "/products/9", product, reviews, view }), customer, "en", [4, 7]);
    expect(customer.getQueryState(productReviewsKey("en", 9, "newest"))?.dataUpdatedAt).toBe(0);
    // No product, no reviews.
    const none = new QueryClient();
    seedServerData(boot({ path: "/products/9", reviews }), none, "en", [4, null]);
    expect(none.getQueryData(productReviewsKey("en", 9, "newest"))).toBeUndefined();
  });
});
