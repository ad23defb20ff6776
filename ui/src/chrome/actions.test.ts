import { QueryClient } from "@tanstack/react-query";
import type { EffectHost } from "../platform/effects";
import { useAppStore } from "../platform/store";
import { changeLanguage, chooseService, endSession, logout, openAddressPicker, openSignIn } from "./actions";
import { resetShell, store } from "./testing";

function host(): EffectHost & { navigate: jest.Mock; request: jest.Mock; reload: jest.Mock } {
  return { navigate: jest.fn(), request: jest.fn(), reload: jest.fn(), queryClient: new QueryClient() };
}

beforeEach(() => resetShell("/home"));

describe("chrome session actions (real core)", () => {
  test("Log in / Register opens the sign-in modal and remembers it for a reload", async () => {
    localStorage.setItem("user_mobile", "+201001234567");
    await openSignIn(host());
    expect(useAppStore.getState().modal).toBe("signIn");
    expect(localStorage.getItem("modal_status")).toBe("signIn");
    // A fresh start: a number from an earlier attempt is not reused.
    expect(localStorage.getItem("user_mobile")).toBeNull();
  });

  test("the address button opens the location picker", () => {
    openAddressPicker(host());
    expect(useAppStore.getState().modal).toBe("pickAddress");
  });

  test("a guest's language change is local: stored, direction flipped, queries reset, no server call", () => {
    const h = host();
    const reset = jest.spyOn(h.queryClient, "resetQueries");
    const invalidate = jest.spyOn(h.queryClient, "invalidateQueries");
    changeLanguage("ar", h);
    expect(h.request).not.toHaveBeenCalled();
    expect(localStorage.getItem("language")).toBe("ar");
    expect(useAppStore.getState().language).toBe("ar");
    expect(document.documentElement.dir).toBe("rtl");
    expect(document.documentElement.lang).toBe("ar");
    expect(reset).toHaveBeenCalled();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ["remote-config"] });
    changeLanguage("en", h);
    expect(document.documentElement.dir).toBe("ltr");
  });

  test("a signed-in customer's language change is also saved on the server", () => {
    store([{ type: "store", key: "token", value: "tok" }]);
    const h = host();
    changeLanguage("ar", h);
    expect(h.request).toHaveBeenCalledWith({ call: "update_language", default_locale: "ar" });
    expect(localStorage.getItem("language")).toBe("ar");
  });

  test("choosing the current language does nothing", () => {
    const h = host();
    changeLanguage("en", h);
    expect(localStorage.getItem("language")).toBeNull();
    expect(h.request).not.toHaveBeenCalled();
  });

  test("logout on a public page calls the server, clears the session and navigates to /", () => {
    store([
      { type: "store", key: "token", value: "tok" },
      { type: "store", key: "district_id", value: "4" },
      { type: "store", key: "language", value: "ar" },
    ]);
    const h = host();
    const assign = jest.fn();
    logout("/", h, assign);
    expect(h.request).toHaveBeenCalledWith({ call: "logout", token: "tok" });
    expect(localStorage.getItem("token")).toBeNull();
    expect(localStorage.getItem("district_id")).toBeNull();
    expect(localStorage.getItem("language")).toBe("ar");
    expect(useAppStore.getState().client.token).toBeNull();
    expect(h.navigate).toHaveBeenCalledWith("/");
    expect(assign).not.toHaveBeenCalled();
  });

  test("logout on a page that needs sign-in reloads, at the destination", () => {
    window.history.replaceState(null, "", "/account/my-orders?tab=1");
    store([{ type: "store", key: "token", value: "tok" }]);
    const h = host();
    const assign = jest.fn();
    logout("/", h, assign);
    expect(assign).toHaveBeenCalledWith("/");
    expect(h.navigate).not.toHaveBeenCalled();
    expect(localStorage.getItem("token")).toBeNull();
  });

  test("a session the server already ended is cleared here with no logout call", () => {
    window.history.replaceState(null, "", "/account/profile");
    store([{ type: "store", key: "token", value: "tok" }]);
    const h = host();
    const assign = jest.fn();
    endSession("/", "unauthorized", h, assign);
    expect(h.request).not.toHaveBeenCalled();
    expect(localStorage.getItem("token")).toBeNull();
    expect(useAppStore.getState().client.token).toBeNull();
    expect(assign).toHaveBeenCalledWith("/");
  });

  test("choosing a service stores it and its name, drops the lists and goes home", () => {
    const h = host();
    h.queryClient.setQueryData(["products", "suggestions", "en", 1, "milk"], [{ id: 1, name: "Milk" }]);
    chooseService({ id: 3, name: "Pharmacy" }, h);
    expect(localStorage.getItem("selectedService")).toBe("3");
    expect(localStorage.getItem("selectedServiceName")).toBe("Pharmacy");
    expect(useAppStore.getState().client.selected_service).toBe(3);
    expect(h.queryClient.getQueryData(["products", "suggestions", "en", 1, "milk"])).toBeUndefined();
    expect(h.navigate).toHaveBeenCalledWith("/home");
  });
});
