import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { useAppStore } from "../platform/store";
import { HeaderSearch, SUGGEST_DEBOUNCE_MS } from "./HeaderSearch";
import { json, renderWithShell, resetShell, store, at } from "./testing";

const fetchMock = jest.fn<Promise<Response>, [Request]>();

beforeAll(() => {
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

beforeEach(() => {
  fetchMock.mockReset();
  resetShell("/home");
  store([{ type: "store", key: "selectedService", value: "1" }]);
});

const calls = () => fetchMock.mock.calls.map(([request]) => new URL(request.url));
/** Moves the (fake) clock on by `ms`, running what falls due and the promises it starts. */
const settle = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));

afterEach(() => jest.useRealTimers());

describe("HeaderSearch", () => {
  test("submitting blank text warns 'please add search text' and stays", () => {
    renderWithShell(<HeaderSearch element="products_focused" />);
    const box = screen.getByRole("searchbox", { name: "Search for products" });
    fireEvent.change(box, { target: { value: "   " } });
    fireEvent.submit(box);
    const [toast] = useAppStore.getState().toasts;
    expect(toast?.tone).toBe("error");
    expect(toast?.text).toEqual({ kind: "message", id: "add_search_text", params: {} });
    expect(window.location.pathname).toBe("/home");
  });

  test("submitting goes to /branches-results with the trimmed text", () => {
    const done = jest.fn();
    renderWithShell(<HeaderSearch element="products_focused" onDone={done} />);
    const box = screen.getByRole("searchbox");
    fireEvent.change(box, { target: { value: "  fresh milk " } });
    fireEvent.submit(box);
    expect(window.location.pathname + window.location.search).toBe("/branches-results?query=fresh%20milk");
    expect(useAppStore.getState().toasts).toEqual([]);
    expect(done).toHaveBeenCalled();
  });

  test("blank text fetches no suggestions", async () => {
    jest.useFakeTimers();
    fetchMock.mockResolvedValue(json(200, { data: [{ id: 7, name: "Full Cream Milk" }] }));
    renderWithShell(<HeaderSearch element="products_focused" />);
    const box = screen.getByRole("searchbox");
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: "  " } });
    // The blank text settles (the debounce's clock, driven), and would be asked for now.
    await settle(SUGGEST_DEBOUNCE_MS);
    expect(screen.queryByRole("region", { name: "Suggestions" })).toBeNull();
    // Text that settles after it is asked for: had the blank text been, its call came first.
    fireEvent.change(box, { target: { value: "milk" } });
    await settle(SUGGEST_DEBOUNCE_MS);
    expect(await screen.findByRole("link", { name: "Full Cream Milk" })).toBeTruthy();
    expect(calls().map((url) => url.searchParams.get("text"))).toEqual(["milk"]);
  });

  test("products-focused services suggest products for the trimmed text, linking to /products/{id}", async () => {
    fetchMock.mockResolvedValue(json(200, { data: [{ id: 7, name: "Full Cream Milk" }, { id: 9, name: "Skimmed Milk" }] }));
    renderWithShell(<HeaderSearch element="products_focused" />);
    const box = screen.getByRole("searchbox");
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: " mi" } });
    fireEvent.change(box, { target: { value: " milk " } });
    const links = await screen.findAllByRole("link");
    expect(links.map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
      ["Full Cream Milk", "/products/7"],
      ["Skimmed Milk", "/products/9"],
    ]);
    // Debounced: only the settled text was asked for.
    expect(calls().map((url) => [url.pathname, url.searchParams.get("service_id"), url.searchParams.get("text")])).toEqual([
      ["/api/products", "1", "milk"],
    ]);
    // ArrowDown moves into the list, Escape back to the box.
    fireEvent.keyDown(box, { key: "ArrowDown" });
    expect(document.activeElement).toBe(links[0]);
    fireEvent.keyDown(at(links, 0), { key: "ArrowDown" });
    expect(document.activeElement).toBe(links[1]);
    fireEvent.keyDown(at(links, 1), { key: "Escape" });
    expect(document.activeElement).toBe(box);
  });

  test("text typed before the app adopted the server's page is searched and submitted", async () => {
    fetchMock.mockResolvedValue(json(200, { data: [{ id: 7, name: "Full Cream Milk" }] }));
    const errors = jest.spyOn(console, "error").mockImplementation(() => undefined);
    renderWithShell(<HeaderSearch element="products_focused" />, {
      beforeHydration: (page) => {
        const box = page.querySelector("input");
        if (!box) throw new Error("no search box in the server's HTML");
        box.focus();
        box.value = "milk"; // no React listener yet: just the browser's own typing
      },
    });
    expect((await screen.findByRole("link", { name: "Full Cream Milk" })).getAttribute("href")).toBe("/products/7");
    expect(calls().map((url) => url.searchParams.get("text"))).toEqual(["milk"]);
    fireEvent.submit(screen.getByRole("searchbox"));
    expect(window.location.pathname + window.location.search).toBe("/branches-results?query=milk");
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  test("other services suggest shops, linking to /branches/{id}", async () => {
    fetchMock.mockResolvedValue(json(200, { data: [{ id: 12, name: "Koshary Abou Tarek" }] }));
    renderWithShell(<HeaderSearch element="standard" />);
    const box = screen.getByRole("searchbox", { name: "Search for shops" });
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: "kosh" } });
    const link = await screen.findByRole("link", { name: "Koshary Abou Tarek" });
    expect(link.getAttribute("href")).toBe("/branches/12");
    const [url] = calls();
    expect(url?.pathname).toBe("/api/services/search");
    expect(url?.searchParams.get("search")).toBe("kosh");
    expect(url?.searchParams.get("service_id")).toBe("1");
  });

  test("an empty answer says so", async () => {
    fetchMock.mockResolvedValue(json(200, { data: [] }));
    renderWithShell(<HeaderSearch element="products_focused" />);
    const box = screen.getByRole("searchbox");
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: "zzz" } });
    await waitFor(() => expect(screen.getByText("No suggestions", { selector: "p" })).toBeTruthy());
  });
});
