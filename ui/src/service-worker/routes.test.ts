import { CACHE_NAMES, PERSONAL_PATHS, REFERENCE_PATHS, cacheKey, forgetPersonalCache } from "./routes";

describe("what the service worker caches", () => {
  test("reference data and personal data are told apart by path", () => {
    for (const path of ["/api/setting", "/api/remote-config", "/api/services", "/api/categories", "/api/categories/4", "/api/static-pages/1", "/api/web-manifest"]) {
      expect([path, REFERENCE_PATHS.test(path), PERSONAL_PATHS.test(path)]).toEqual([path, true, false]);
    }
    for (const path of ["/api/products", "/api/products/12", "/api/branches/3", "/api/services/1", "/api/get_card", "/api/user/profile", "/api/orders/9"]) {
      expect([path, REFERENCE_PATHS.test(path), PERSONAL_PATHS.test(path)]).toEqual([path, false, true]);
    }
    // Writes and sign-in are never matched (the worker also checks the method).
    for (const path of ["/api/order/add-to-cart", "/api/user/login-by-otp", "/api/order/checkout", "/assets/index.js"]) {
      expect([path, REFERENCE_PATHS.test(path) || PERSONAL_PATHS.test(path)]).toEqual([path, false]);
    }
  });

  test("the key keeps language, district and customer apart", () => {
    const headers = (extra: Record<string, string>) => new Headers({ Language: "en", "district-id": "1", ...extra });
    const url = "https://shop.example/api/products?page=1&service_id=1";
    const english = cacheKey(url, headers({}), null);
    const arabic = cacheKey(url, headers({ Language: "ar" }), null);
    const elsewhere = cacheKey(url, headers({ "district-id": "2" }), null);
    const mona = cacheKey(url, headers({}), "a1b2");
    const omar = cacheKey(url, headers({}), "c3d4");
    expect(new Set([english, arabic, elsewhere, mona, omar]).size).toBe(5);
    expect(cacheKey(url, headers({}), null)).toBe(english);
    const key = new URL(mona);
    expect(key.searchParams.get("page")).toBe("1");
    expect(key.searchParams.get("_sw_user")).toBe("a1b2");
  });

  test("logout drops only the personal cache", async () => {
    const deleted: string[] = [];
    const storage = { delete: async (name: string) => (deleted.push(name), true) } as unknown as CacheStorage;
    await forgetPersonalCache(storage);
    expect(deleted).toEqual([CACHE_NAMES.personal]);
    await expect(forgetPersonalCache(undefined)).resolves.toBeUndefined();
  });
});
