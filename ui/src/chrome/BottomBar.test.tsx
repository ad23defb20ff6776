import { cart, cartItem, profileData } from "../test/documents";
import { act, fireEvent, screen, within, waitFor } from "@testing-library/react";
import { dispatchCart } from "../shop/cartFlow";
import { useAppStore } from "../platform/store";
import { BottomBar } from "./BottomBar";
import { useChromeState } from "./chromeState";
import { cacheWith, polyfillDialog, remoteConfig, renderWithShell, resetShell, serviceDetail, serviceKey, setWidth, store } from "./testing";

beforeAll(() => {
  polyfillDialog();
  globalThis.fetch = jest.fn(() => new Promise<Response>(() => undefined)) as unknown as typeof fetch;
});

beforeEach(() => {
  resetShell("/home");
  setWidth(375);
  store([
    { type: "store", key: "district_id", value: "1" },
    { type: "store", key: "selectedService", value: "1" },
  ]);
});

function cache(options: { enable?: boolean; categories?: boolean } = {}) {
  return cacheWith([
    [["remote-config", "en"], remoteConfig({ enable_services_page: options.enable ?? true })],
    [serviceKey("en", 1), serviceDetail(1, { show_categories_menu: options.categories ?? true })],
    [["profile", "tok"], profileData({ name: "Mona Adel" })],
  ]);
}

const items = () =>
  within(screen.getByRole("navigation", { name: "Main" }))
    .getAllByRole("listitem")
    .map((li) => li.getAttribute("data-item"));

describe("BottomBar (the core's bottomBar)", () => {
  test("a guest with a district: services, categories, login", async () => {
    renderWithShell(<BottomBar />, { client: cache() });
    expect(items()).toEqual(["services", "categories", "login"]);
    expect(screen.getByRole("link", { name: "Services" }).getAttribute("href")).toBe("/services");
    fireEvent.click(screen.getByRole("button", { name: "Log in" }));
    await waitFor(() => expect(useAppStore.getState().modal).toBe("signIn"));
  });

  test("home instead of services on /, without the services page, or without a district (then to /)", () => {
    window.history.replaceState(null, "", "/");
    const view = renderWithShell(<BottomBar />, { client: cache() });
    expect(items()[0]).toBe("home");
    expect(screen.getByRole("link", { name: "Home" }).getAttribute("href")).toBe("/home");
    view.unmount();

    window.history.replaceState(null, "", "/home");
    const second = renderWithShell(<BottomBar />, { client: cache({ enable: false }) });
    expect(items()[0]).toBe("home");
    second.unmount();

    store([{ type: "remove", keys: ["district_id"] }]);
    renderWithShell(<BottomBar />, { client: cache() });
    expect(screen.getByRole("link", { name: "Home" }).getAttribute("href")).toBe("/");
  });

  test("categories only when the selected service shows the menu; it opens the categories panel", () => {
    const view = renderWithShell(<BottomBar />, { client: cache({ categories: false }) });
    expect(items()).not.toContain("categories");
    view.unmount();
    renderWithShell(<BottomBar />, { client: cache() });
    fireEvent.click(screen.getByRole("button", { name: "Categories" }));
    expect(useChromeState.getState().panel).toBe("categories");
  });

  test("signed in: the cart with its badge and the account menu", () => {
    store([{ type: "store", key: "token", value: "tok" }]);
    renderWithShell(<BottomBar />, { client: cache() });
    expect(items()).toEqual(["services", "categories", "cart", "account_menu"]);
    expect(screen.queryByTestId("cart-badge")).toBeNull();
    act(() => dispatchCart({ type: "loaded", cart: cart({ items: [cartItem({ id: 1, key: "k1", product_id: 9, qty: 4, price: "5.00" })] }) }));
    expect(screen.getByTestId("cart-badge").textContent).toBe("4");
    expect(screen.getByRole("link", { name: "Cart 4 items" }).getAttribute("href")).toBe("/cart");
    fireEvent.click(screen.getByRole("button", { name: "Account" }));
    const sheet = screen.getByRole("dialog", { name: "Mona Adel" });
    const groups = within(sheet).getAllByRole("heading", { level: 3 }).map((h) => h.textContent);
    expect(groups).toEqual(["Orders", "Personal information", "Points", "App info", "Logout"]);
    expect(within(sheet).getByRole("link", { name: "About us" }).getAttribute("href")).toBe("/account/information/1");
  });

  test("the account menu's logout clears the session and goes to /", () => {
    store([{ type: "store", key: "token", value: "tok" }]);
    renderWithShell(<BottomBar />, { client: cache() });
    fireEvent.click(screen.getByRole("button", { name: "Account" }));
    act(() => fireEvent.click(screen.getByRole("button", { name: "Logout" })));
    expect(localStorage.getItem("token")).toBeNull();
    expect(window.location.pathname).toBe("/");
    expect(useChromeState.getState().panel).toBeNull();
  });

  test("nothing from 768 px", () => {
    setWidth(768);
    renderWithShell(<BottomBar />, { client: cache() });
    expect(screen.queryByRole("navigation", { name: "Main" })).toBeNull();
  });
});
