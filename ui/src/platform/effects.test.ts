import { QueryObserver } from "@tanstack/react-query";
import { waitFor } from "@testing-library/react";
import { resetStoreForEffects, watchedHost } from "../test/effectHost";
import { changeLanguageEffects, chooseServiceEffects, logoutEffects } from "storefront-core/start";
import { applyDocumentLanguage, runEffects } from "./effects";
import { withHeadLink } from "../test/headLink";
import { useAppStore } from "./store";

const host = watchedHost;

beforeEach(resetStoreForEffects);

describe("runEffects with the real core", () => {
  test("storage effects go through the core and the store re-reads them", () => {
    runEffects([{ type: "store", key: "district_id", value: "4" }], host());
    expect(localStorage.getItem("district_id")).toBe("4");
    expect(useAppStore.getState().client.district_id).toBe(4);
    runEffects([{ type: "remove", keys: ["district_id"] }], host());
    expect(useAppStore.getState().client.district_id).toBeNull();
  });

  test("a logout forgets the offline copies of the customer's answers", async () => {
    const deleted: string[] = [];
    const caches = { delete: async (name: string) => (deleted.push(name), true) } as unknown as CacheStorage;
    Object.defineProperty(globalThis, "caches", { value: caches, configurable: true });
    try {
      localStorage.setItem("token", "tok");
      runEffects(logoutEffects("/products/3", "unauthorized"), host());
      await Promise.resolve();
      expect(deleted).toEqual(["storefront-api-personal"]);
    } finally {
      Reflect.deleteProperty(globalThis, "caches");
    }
  });

  test("a 401 on a page needing a location leaves for the landing page without a toast", () => {
    const h = host();
    localStorage.setItem("token", "tok");
    localStorage.setItem("district_id", "4");
    runEffects(logoutEffects("/home", "unauthorized"), h);
    expect(h.navigate).toHaveBeenCalledWith("/");
    expect(h.reload).not.toHaveBeenCalled();
    expect(useAppStore.getState().toasts).toEqual([]);
  });

  test("choosing a service stores it, drops the catalogue lists and goes home", () => {
    const h = host();
    h.queryClient.setQueryData(["branches", "en", 1], { data: [] });
    h.queryClient.setQueryData(["settings", "en"], { data: {} });
    runEffects(chooseServiceEffects({ id: 3, name: "Pharmacy" }), h);
    expect(useAppStore.getState().client.selected_service).toBe(3);
    expect(useAppStore.getState().client.selected_service_name).toBe("Pharmacy");
    expect(h.queryClient.getQueryData(["branches", "en", 1])).toBeUndefined();
    expect(h.queryClient.getQueryData(["settings", "en"])).toBeDefined();
    expect(h.navigate).toHaveBeenCalledWith("/home");
  });

  test("the manifest already in the page language is not asked for again", () => {
    withHeadLink("manifest", "/api/web-manifest?lang=ar", (manifest, assign) => {
      applyDocumentLanguage("ar");
      expect(assign).not.toHaveBeenCalled();
      applyDocumentLanguage("en");
      expect(assign).toHaveBeenCalledTimes(1);
      expect(manifest.getAttribute("href")).toMatch(/\/api\/web-manifest\?lang=en$/);
    });
  });

  test("a guest's language change flips the page direction and persists locally", () => {
    const h = host();
    const manifest = document.createElement("link");
    manifest.rel = "manifest";
    document.head.append(manifest);
    runEffects(changeLanguageEffects("en", "ar", false), h);
    // The installable app's manifest follows the page language.
    expect(new URL(manifest.href).pathname + new URL(manifest.href).search).toBe("/api/web-manifest?lang=ar");
    manifest.remove();
    expect(document.documentElement.dir).toBe("rtl");
    expect(document.documentElement.lang).toBe("ar");
    expect(useAppStore.getState().language).toBe("ar");
    expect(useAppStore.getState().client.language).toBe("ar");
    expect(h.request).not.toHaveBeenCalled();
  });

  test("a signed-in user's language change asks the server to save it", () => {
    const h = host();
    runEffects(changeLanguageEffects("en", "ar", true), h);
    expect(h.request).toHaveBeenCalledWith({ call: "update_language", default_locale: "ar" });
  });

  test("toasts, modals and delayed navigation", () => {
    jest.useFakeTimers();
    const h = host();
    runEffects(
      [
        { type: "toast", tone: "success", text: { kind: "server", text: "Saved" } },
        { type: "open_modal", modal: "verifyOtp" },
        { type: "navigate", to: "/home", after_ms: 500 },
      ],
      h,
    );
    expect(useAppStore.getState().toasts.map((t) => t.text)).toEqual([{ kind: "server", text: "Saved" }]);
    expect(useAppStore.getState().modal).toBe("verifyOtp");
    expect(h.navigate).not.toHaveBeenCalled();
    jest.advanceTimersByTime(500);
    expect(h.navigate).toHaveBeenCalledWith("/home");
    runEffects([{ type: "close_modal" }, { type: "reload_page" }], h);
    expect(useAppStore.getState().modal).toBeNull();
    expect(h.reload).toHaveBeenCalled();
  });

  test("the checkout's: the saved cards shown loading again, the cart read again, the attempt finished", async () => {
    const h = { ...host(), finishCheckoutAttempt: jest.fn() };
    const cards = ["cards", "en"];
    await h.queryClient.fetchQuery({ queryKey: cards, queryFn: () => [{ id: 7 }] });
    let cartReads = 0;
    // The checkout page's cart query, shown (active).
    const cart = new QueryObserver(h.queryClient, { queryKey: ["cart", "tok"], queryFn: () => ++cartReads });
    const stop = cart.subscribe(() => undefined);
    try {
      await waitFor(() => expect(cartReads).toBe(1));
      runEffects([{ type: "reload_saved_cards" }, { type: "reload_cart" }, { type: "finish_checkout_attempt" }], h);
      // Reset, not kept stale: a card deleted elsewhere must not show meanwhile.
      expect(h.queryClient.getQueryData(cards)).toBeUndefined();
      expect(h.finishCheckoutAttempt).toHaveBeenCalledTimes(1);
      await waitFor(() => expect(cartReads).toBe(2));
    } finally {
      stop();
    }
  });
});
