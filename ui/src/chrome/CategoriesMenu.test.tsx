import { act, fireEvent, screen, within } from "@testing-library/react";
import { useAppStore } from "../platform/store";
import { AddressButton, CategoriesBar } from "./CategoriesMenu";
import { useChromeState } from "./chromeState";
import { cacheWith, polyfillDialog, renderWithShell, resetShell, setWidth, store, at } from "./testing";

const TREE = {
  data: [
    {
      id: 1,
      name: "Fruits and Vegetables from the farm",
      icon: "/c1.svg",
      parent_id: null,
      children: [
        { id: 11, name: "Fresh Fruits", icon: "/c11.svg", parent_id: 1, children: [] },
        { id: 12, name: "Leafy Greens", icon: "/c12.svg", parent_id: 1, children: [] },
      ],
    },
    {
      id: 2,
      name: "Dairy",
      icon: "/c2.svg",
      parent_id: null,
      children: [{ id: 21, name: "Milk", icon: "/c21.svg", parent_id: 2, children: [] }],
    },
    { id: 3, name: "Bakery", icon: "/c3.svg", parent_id: null, children: [] },
  ],
  meta: { current_page: 1, last_page: 1, featured: [{ id: 2, name: "Dairy", icon: "/c2.svg" }] },
};

/** The category-tree requests made through a mocked fetch, as paths. */
function treeRequests(fetchMock: jest.MockedFunction<typeof fetch>): string[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(input instanceof Request ? input.url : String(input), "http://localhost"))
    .filter((url) => url.pathname.endsWith("/categories"))
    .map((url) => url.pathname + url.search);
}

function cache() {
  return cacheWith([[["categories", "tree", "en", 1], TREE]]);
}

beforeAll(() => {
  polyfillDialog();
  globalThis.fetch = jest.fn(() => new Promise<Response>(() => undefined)) as unknown as typeof fetch;
});

beforeEach(() => {
  resetShell("/home");
  setWidth(1280);
  store([
    { type: "store", key: "district_id", value: "1" },
    { type: "store", key: "selectedService", value: "1" },
  ]);
});

describe("the categories menu", () => {
  test("desktop: two panes, names cut to 20 characters, subcategories on hover, focus and click", () => {
    renderWithShell(<CategoriesBar serviceId={1} showMenu />, { client: cache() });
    const trigger = screen.getByRole("button", { name: "All categories" });
    fireEvent.click(trigger);
    expect(trigger.getAttribute("aria-expanded")).toBe("true");
    const list = screen.getByRole("list", { name: "All categories" });
    expect(list.style.maxBlockSize).toBe("70vh");
    const categories = within(list).getAllByRole("button");
    expect(categories.map((b) => b.textContent)).toEqual(["Fruits and Vegetable...", "Dairy", "Bakery"]);
    expect(screen.getByRole("link", { name: "Fresh Fruits" }).getAttribute("href")).toBe("/categories/11");

    fireEvent.mouseEnter(at(categories, 1));
    expect(screen.getByRole("link", { name: "Milk" }).getAttribute("href")).toBe("/categories/21");
    expect(screen.getByRole("link", { name: /^Everything in Dairy/ }).getAttribute("href")).toBe("/categories/2");

    fireEvent.focus(at(categories, 2));
    expect(screen.getByText("No subcategories available at the moment for this category")).toBeTruthy();

    fireEvent.click(at(categories, 0));
    expect(screen.getByRole("link", { name: "Leafy Greens" })).toBeTruthy();

    // Arrow keys move through the categories.
    act(() => at(categories, 0).focus());
    fireEvent.keyDown(at(categories, 0), { key: "ArrowDown" });
    expect(document.activeElement).toBe(categories[1]);

    // Escape closes and returns to the trigger.
    fireEvent.keyDown(document, { key: "Escape" });
    expect(trigger.getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(trigger);
  });

  test("featured category links", () => {
    renderWithShell(<CategoriesBar serviceId={1} showMenu />, { client: cache() });
    const featured = within(screen.getByRole("list", { name: "Featured categories" })).getAllByRole("link");
    expect(featured.map((a) => [a.textContent, a.getAttribute("href")])).toEqual([["Dairy", "/categories/2"]]);
  });

  test("under 768 px: a full-screen dialog that drills into a category", () => {
    setWidth(375);
    renderWithShell(<CategoriesBar serviceId={1} showMenu />, { client: cache() });
    act(() => useChromeState.getState().open("categories"));
    const dialog = screen.getByRole("dialog", { name: "All categories" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Dairy" }));
    expect(within(dialog).getByRole("heading", { name: "Dairy" })).toBeTruthy();
    expect(within(dialog).getByRole("link", { name: "Milk" })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Back" }));
    expect(within(dialog).getByRole("heading", { name: "All categories" })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("link", { name: "Dairy" }));
    expect(useChromeState.getState().panel).toBeNull();
  });

  test("under 768 px (featured links hidden) the tree is read only when the menu is about to open", async () => {
    setWidth(375);
    const fetchMock = jest.mocked(globalThis.fetch);
    fetchMock.mockClear();
    const { client } = renderWithShell(<CategoriesBar serviceId={1} showMenu />, { client: cacheWith([]) });
    // The bar decided as it rendered: its tree query subscribed in that commit, and a
    // tree it reads would be fetching now.
    const treeQueries = client.getQueryCache().findAll({ queryKey: ["categories", "tree"] });
    expect(treeQueries.map(({ state }) => state)).toEqual([
      expect.objectContaining({ status: "pending", fetchStatus: "idle", dataUpdateCount: 0 }),
    ]);
    expect(treeRequests(fetchMock)).toEqual([]);
    fireEvent.pointerDown(screen.getByRole("button", { name: "All categories" }));
    await act(async () => undefined);
    expect(treeRequests(fetchMock)).toEqual(["/api/categories?service_id=1&is_tree=1&limit=1000"]);
  });

  test("from 768 px the bar reads the tree at once, for its featured links", async () => {
    const fetchMock = jest.mocked(globalThis.fetch);
    fetchMock.mockClear();
    renderWithShell(<CategoriesBar serviceId={1} showMenu />, { client: cacheWith([]) });
    await act(async () => undefined);
    expect(treeRequests(fetchMock)).toEqual(["/api/categories?service_id=1&is_tree=1&limit=1000"]);
  });

  test("no menu when the service does not show it; the address button stays", () => {
    renderWithShell(<CategoriesBar serviceId={1} showMenu={false} />, { client: cache() });
    expect(screen.queryByRole("button", { name: "All categories" })).toBeNull();
    expect(screen.getByTestId("address-button")).toBeTruthy();
  });
});

describe("the address button", () => {
  test("shows the chosen address cut to 20 characters and opens the location picker", () => {
    store([
      {
        type: "store",
        key: "selectedAddress",
        value: JSON.stringify({ id: 7, name: " ", region: "", address_details: "12 Nile Street, Dokki, Giza" }),
      },
    ]);
    renderWithShell(<AddressButton />);
    const button = screen.getByTestId("address-button");
    expect(button.textContent).toContain("12 Nile Street, Dokk...");
    fireEvent.click(button);
    expect(useAppStore.getState().modal).toBe("pickAddress");
  });

  test("asks for a location when none is chosen", () => {
    store([{ type: "remove", keys: ["district_id"] }]);
    renderWithShell(<AddressButton />);
    expect(screen.getByTestId("address-button").textContent).toContain("Choose your location");
  });
});
