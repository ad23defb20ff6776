import { profileData } from "../test/documents";
import { act, fireEvent, screen } from "@testing-library/react";
import { ProfileDropdown } from "./ProfileDropdown";
import { cacheWith, renderWithShell, resetShell, store, at } from "./testing";

beforeAll(() => {
  globalThis.fetch = jest.fn(() => new Promise<Response>(() => undefined)) as unknown as typeof fetch;
});

beforeEach(() => {
  resetShell("/home");
  store([{ type: "store", key: "token", value: "tok" }]);
});

afterEach(() => jest.restoreAllMocks());

function renderMenu() {
  renderWithShell(<ProfileDropdown />, {
    client: cacheWith([[["profile", "tok"], profileData({ name: "Mona Adel" })]]),
  });
  return screen.getByRole("button", { name: "Mona Adel" });
}

const items = () => screen.getAllByRole("menuitem");

describe("the profile dropdown (menu button)", () => {
  test("lists the core's links in order", () => {
    const button = renderMenu();
    fireEvent.click(button);
    expect(items().map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
      ["My orders", "/account/my-orders"],
      ["My addresses", "/account/my-address"],
      ["My wallet", "/account/my-wallet"],
      ["My cards", "/account/my-cards"],
      ["My reviews", "/account/my-reviews"],
      ["Preferences", "/account/preferences"],
      ["Profile", "/account/profile"],
      ["Logout", "/"],
    ]);
  });

  test("keyboard: ArrowDown opens on the first item, ArrowUp on the last, arrows wrap, Escape returns", () => {
    const button = renderMenu();
    expect(button.getAttribute("aria-expanded")).toBe("false");
    fireEvent.keyDown(button, { key: "ArrowDown" });
    expect(button.getAttribute("aria-expanded")).toBe("true");
    expect(document.activeElement).toBe(items()[0]);
    fireEvent.keyDown(at(items(), 0), { key: "ArrowUp" });
    expect(document.activeElement).toBe(items()[7]);
    fireEvent.keyDown(at(items(), 7), { key: "ArrowDown" });
    expect(document.activeElement).toBe(items()[0]);
    fireEvent.keyDown(at(items(), 0), { key: "End" });
    expect(document.activeElement).toBe(items()[7]);
    fireEvent.keyDown(at([document.activeElement], 0), { key: "Escape" });
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(button);

    fireEvent.keyDown(button, { key: "ArrowUp" });
    expect(document.activeElement).toBe(items()[7]);
  });

  test("choosing an item navigates and closes; logout signs out and goes to /", () => {
    const button = renderMenu();
    fireEvent.click(button);
    act(() => fireEvent.click(at(items(), 2)));
    expect(window.location.pathname).toBe("/account/my-wallet");
    expect(button.getAttribute("aria-expanded")).toBe("false");

    act(() => window.history.replaceState(null, "", "/home"));
    fireEvent.click(button);
    act(() => fireEvent.click(screen.getByRole("menuitem", { name: "Logout" })));
    expect(localStorage.getItem("token")).toBeNull();
    expect(window.location.pathname).toBe("/");
  });
});
