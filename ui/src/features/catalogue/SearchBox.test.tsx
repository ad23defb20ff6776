import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { SearchBox } from "./SearchBox";
import { mockApi, renderWithProviders, resetClient, toastTexts } from "../../test/catalogue";

beforeEach(() => {
  resetClient({ district_id: "1", selectedService: "1" });
  window.history.replaceState(null, "", "/search-results");
});
afterEach(() => jest.useRealTimers());

describe("SearchBox", () => {
  test("blank text warns and stays; no suggestions are fetched", async () => {
    jest.useFakeTimers();
    const api = mockApi({
      "GET /products": () => ({ body: { data: [{ id: 42, name: "Green tea" }], meta: { current_page: 1, last_page: 1, per_page: 1, total: 1 } } }),
    });
    renderWithProviders(<SearchBox initial="" resultsPath="/search-results" />);
    const box = screen.getByRole("searchbox");
    fireEvent.change(box, { target: { value: "   " } });
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    expect(toastTexts()).toEqual(["add_search_text"]);
    expect(window.location.pathname + window.location.search).toBe("/search-results");
    // The blank text settles (the clock driven past its wait), and would be asked for now.
    await act(() => jest.runOnlyPendingTimersAsync());
    // Text that settles after it is asked for: had the blank text been, its call came first.
    fireEvent.change(box, { target: { value: "tea" } });
    await act(() => jest.runOnlyPendingTimersAsync());
    expect(await screen.findByRole("link", { name: "Green tea" })).toBeTruthy();
    expect(api.calls()).toEqual(["GET /products?service_id=1&text=tea"]);
  });

  test("typing shows suggestion links to /products/{id}; submitting goes to the results with the trimmed text", async () => {
    const api = mockApi({
      "GET /products": () => ({ body: { data: [{ id: 42, name: "Green tea" }], meta: { current_page: 1, last_page: 1, per_page: 1, total: 1 } } }),
    });
    renderWithProviders(<SearchBox initial="" resultsPath="/search-results" />);
    fireEvent.change(screen.getByRole("searchbox"), { target: { value: " green tea " } });
    const link = await screen.findByRole("link", { name: "Green tea" });
    expect(link.getAttribute("href")).toBe("/products/42");
    expect(api.calls()).toContain("GET /products?service_id=1&text=green%20tea");
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() => expect(window.location.search).toBe("?query=green%20tea"));
    expect(window.location.pathname).toBe("/search-results");
  });
});
