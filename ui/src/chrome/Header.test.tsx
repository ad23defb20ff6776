import { cart, cartItem, profileData } from "../test/documents";
import { act, fireEvent, screen, within, waitFor } from "@testing-library/react";
import { dispatchCart } from "../shop/cartFlow";
import { useAppStore } from "../platform/store";
import { Header } from "./Header";
import { polyfillDialog, renderWithShell, resetShell, serviceDetail, serviceKey, setWidth, shellCache, store, at } from "./testing";

const fetchMock = jest.fn<Promise<Response>, [Request]>();

beforeAll(() => {
  polyfillDialog();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(() => new Promise(() => undefined));
  resetShell("/home");
  setWidth(1280);
  store([
    { type: "store", key: "district_id", value: "1" },
    { type: "store", key: "selectedService", value: "1" },
  ]);
});

function signedInCache() {
  return shellCache("en", [
    [["profile", "tok"], profileData({ name: "Mona Adel" })],
    [["notifications", "en", "tok"], { data: [], meta: { unread_count: 2, current_page: 1, last_page: 1 } }],
  ]);
}

describe("Header", () => {
  test("a guest sees the logo to /, the login button, the language switch and the product search", async () => {
    renderWithShell(<Header />);
    const banner = screen.getByRole("banner");
    expect(within(banner).getByTestId("logo").getAttribute("href")).toBe("/");
    expect(within(banner).getByTestId("logo").textContent).toBe("Nile Market");
    expect(within(banner).getByRole("button", { name: "العربية" })).toBeTruthy();
    expect(within(banner).getByRole("searchbox", { name: "Search for products" })).toBeTruthy();
    expect(within(banner).queryByRole("link", { name: "Favourites" })).toBeNull();
    expect(within(banner).queryByRole("link", { name: /^Cart/ })).toBeNull();

    fireEvent.click(within(banner).getByRole("button", { name: "Log in / Register" }));
    // The sign-in flow loads with the whole core on the click.
    await waitFor(() => expect(useAppStore.getState().modal).toBe("signIn"));
    expect(localStorage.getItem("modal_status")).toBe("signIn");
  });

  test("a signed-in customer sees notifications, favourites, the cart and the profile menu", () => {
    store([{ type: "store", key: "token", value: "tok" }]);
    renderWithShell(<Header />, { client: signedInCache() });
    const banner = screen.getByRole("banner");
    expect(within(banner).getByTestId("logo").getAttribute("href")).toBe("/home");
    expect(within(banner).queryByRole("button", { name: "Log in / Register" })).toBeNull();
    expect(within(banner).getByRole("button", { name: "Notifications, 2 unread" })).toBeTruthy();
    expect(within(banner).getByRole("link", { name: "Favourites" }).getAttribute("href")).toBe(
      "/account/my-favourites",
    );
    expect(within(banner).getByRole("link", { name: "Cart" }).getAttribute("href")).toBe("/cart");
    expect(within(banner).getByRole("button", { name: "Mona Adel" }).getAttribute("aria-haspopup")).toBe("menu");
  });

  test("the cart badge shows only once the cart has loaded and holds items", () => {
    store([{ type: "store", key: "token", value: "tok" }]);
    renderWithShell(<Header />, { client: signedInCache() });
    expect(screen.queryByTestId("cart-badge")).toBeNull();
    act(() => dispatchCart({ type: "loaded", cart: cart({ items: [] }) }));
    expect(screen.queryByTestId("cart-badge")).toBeNull();
    act(() => dispatchCart({ type: "loaded", cart: cart({ items: [cartItem({ id: 1, key: "k1", product_id: 9, qty: 3, price: "5.00" })] }) }));
    expect(screen.getByTestId("cart-badge").textContent).toBe("3");
    expect(screen.getByRole("link", { name: "Cart, 3 items" })).toBeTruthy();
  });

  test("a branches-focused service gets the shop search and no categories menu", () => {
    store([{ type: "store", key: "selectedService", value: "2" }]);
    renderWithShell(<Header />, { client: shellCache("en", [[serviceKey("en", 2), serviceDetail(2)]]) });
    expect(screen.getByRole("searchbox", { name: "Search for shops" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "All categories" })).toBeNull();
    expect(screen.getByTestId("address-button")).toBeTruthy();
  });

  test("the services bar shows with enable_services_page and a district; choosing a service goes home", () => {
    window.history.replaceState(null, "", "/categories/4");
    renderWithShell(<Header />);
    const bar = screen.getByRole("navigation", { name: "Services" });
    const buttons = within(bar).getAllByRole("button");
    expect(buttons.map((b) => b.textContent)).toEqual(["Groceries", "Restaurants"]);
    expect(at(buttons, 0).getAttribute("aria-pressed")).toBe("true");
    act(() => fireEvent.click(at(buttons, 1)));
    expect(localStorage.getItem("selectedService")).toBe("2");
    expect(localStorage.getItem("selectedServiceName")).toBe("Restaurants");
    expect(window.location.pathname).toBe("/home");
  });

  test("no services bar without a district", () => {
    store([{ type: "remove", keys: ["district_id"] }]);
    renderWithShell(<Header />);
    expect(screen.queryByRole("navigation", { name: "Services" })).toBeNull();
  });

  test("under 768 px the search and the menu sit behind buttons", () => {
    setWidth(375);
    renderWithShell(<Header />);
    // Both layouts are in the page (the server sends it before the width is known) and
    // CSS shows one: the inline search is for large screens, the buttons for small ones.
    const inline = screen.getByRole("searchbox");
    expect(inline.closest("form")?.parentElement?.className).toContain("largeOnly");
    expect(screen.getByRole("button", { name: "Menu" }).className).toContain("smallOnly");
    const toggle = screen.getByRole("button", { name: "Show search" });
    expect(toggle.className).toContain("smallOnly");
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(toggle);
    const panel = screen.getAllByRole("searchbox", { name: "Search for products" }).find((box) => box !== inline);
    expect(panel).toBe(document.activeElement);
    expect(panel?.closest("form")?.parentElement?.className).toContain("smallOnly");
    fireEvent.click(screen.getByRole("button", { name: "Menu" }));
    const drawer = screen.getByRole("dialog", { name: "Nile Market" });
    expect(within(drawer).getByRole("button", { name: "Log in / Register" })).toBeTruthy();
    expect(within(drawer).getByTestId("address-button")).toBeTruthy();
  });
});
