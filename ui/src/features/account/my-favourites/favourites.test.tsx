/** @jest-environment ./src/test/jsdom-environment.cjs */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { meta, mockApi, renderAt, setWidth, signedIn } from "../testing";
import MyFavouritesPage from "./MyFavouritesPage";

// CSS modules are an empty object in jest; here each class is its own name, so the
// rows' classes can be checked against the style sheet below.
jest.mock("../Account.module.css", () => ({
  __esModule: true,
  default: new Proxy({}, { get: (_target, key) => (typeof key === "string" ? key : undefined) }),
}));

const CSS = readFileSync(join(__dirname, "../Account.module.css"), "utf8");

/** The declarations of a single-class rule of Account.module.css, as `property: value` pairs. */
function declarations(className: string): Record<string, string> {
  const match = new RegExp(`(?:^|\\n)\\.${className}\\s*\\{([^}]*)\\}`).exec(CSS);
  if (!match?.[1]) throw new Error(`no .${className} rule`);
  return Object.fromEntries(
    match[1]
      .split(";")
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => [d.slice(0, d.indexOf(":")).trim(), d.slice(d.indexOf(":") + 1).trim()]),
  );
}

function product(id: number, name: string) {
  return {
    id,
    type: "product",
    name,
    image: `/p${id}.svg`,
    price: "25.00",
    old_price: null,
    currency: "EGP",
    favorite: 1,
    is_favorite: true,
    rating: 4,
    service_id: 1,
    added_at: "2025-03-01T10:00:00Z",
    branch: { id: 3, name: "Zamalek Market" },
  };
}

/** A favourites API whose toggle really removes the product from the list. */
function favouritesApi(names: string[]) {
  let list = names.map((name, i) => product(i + 1, name));
  return mockApi({
    "GET /favorites": (url) => {
      const data = url.searchParams.get("type") === "product" ? list : [];
      return { body: { data, meta: meta(data.length) } };
    },
    "POST /favorites/toggle": (_url, body) => {
      const { id } = body as { id: number };
      list = list.filter((p) => p.id !== id);
      return { body: { data: { type: "product", id, is_favorite: false, favorite: 0 } } };
    },
  });
}

const page = () => <MyFavouritesPage params={{ id: null }} query={new URLSearchParams()} />;

beforeEach(() => {
  signedIn();
  setWidth(390);
});

describe("favourite rows", () => {
  test("a row is thumbnail, name and details, then Remove at its end", async () => {
    favouritesApi(["Green tea"]);
    renderAt(page(), "/account/my-favourites");
    const row = await screen.findByTestId("favourite-row");
    expect(row.className).toBe("favouriteRow");
    const [thumb, main, remove] = [...row.children] as HTMLElement[];
    expect(row.children).toHaveLength(3);
    expect(thumb?.tagName).toBe("IMG");
    expect(main?.className).toContain("favouriteMain");
    expect(within(main as HTMLElement).getByRole("link", { name: "Green tea" })).toBeTruthy();
    expect(remove?.getAttribute("aria-label")).toBe("Remove Green tea from favourites");
    expect(remove?.className).toContain("favouriteRemove");
  });

  test("the row's styles: one wrapping line, Remove pushed to the inline end, no physical sides", () => {
    const row = declarations("favouriteRow");
    expect(row.display).toBe("flex");
    expect(row["flex-wrap"]).toBe("wrap");
    expect(row["flex-direction"] ?? "row").toBe("row");
    expect(row["align-items"]).toBe("center");
    // The details take the room left; they may shrink below their text (it wraps).
    expect(declarations("favouriteMain").flex).toMatch(/^1 1 /);
    expect(declarations("favouriteRemove")["margin-inline-start"]).toBe("auto");
    for (const rule of ["favouriteRow", "favouriteMain", "favouriteRemove"]) {
      expect(Object.keys(declarations(rule)).filter((p) => /(^|-)(left|right)($|-)/.test(p))).toEqual([]);
    }
  });
});

describe("focus after Remove", () => {
  test("moves to the link of the row that took the removed one's place", async () => {
    const api = favouritesApi(["Green tea", "Dates", "Honey"]);
    renderAt(page(), "/account/my-favourites");
    const rows = await screen.findAllByTestId("favourite-row");
    const remove = within(rows[0] as HTMLElement).getByTestId("remove-favourite");
    remove.focus();
    fireEvent.click(remove);
    await waitFor(() => expect(screen.getAllByTestId("favourite-row")).toHaveLength(2));
    expect(api.bodies("POST /favorites/toggle")).toEqual([{ type: "product", id: 1 }]);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("link", { name: "Dates" })));
  });

  test("moves to the row before when the last row was removed", async () => {
    favouritesApi(["Green tea", "Dates"]);
    renderAt(page(), "/account/my-favourites");
    const rows = await screen.findAllByTestId("favourite-row");
    const remove = within(rows[1] as HTMLElement).getByTestId("remove-favourite");
    remove.focus();
    fireEvent.click(remove);
    await waitFor(() => expect(screen.getAllByTestId("favourite-row")).toHaveLength(1));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("link", { name: "Green tea" })));
  });

  test("moves to the page heading when no favourite is left", async () => {
    favouritesApi(["Green tea"]);
    renderAt(page(), "/account/my-favourites");
    const remove = within(await screen.findByTestId("favourite-row")).getByTestId("remove-favourite");
    remove.focus();
    fireEvent.click(remove);
    expect((await screen.findByTestId("empty-state")).textContent).toContain("You have no favourite products yet.");
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("heading", { level: 1, name: "Favourites" })));
  });
});
