import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { SearchBox } from "./SearchBox";
import { mockApi, renderWithProviders, resetClient, toastTexts } from "../../test/catalogue";

beforeEach(() => {
  resetClient({ district_id: "1", selectedService: "1" });
  window.history.replaceState(null, "", "/search-results");
});

describe("SearchBox", () => {
  test("blank text warns and stays; no suggestions are fetched", async () => {
    const api = mockApi({});
    renderWithProviders(<SearchBox initial="" resultsPath="/search-results" />);
    fireEvent.change(screen.getByRole("searchbox"), { target: { value: "   " } });
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    expect(toastTexts()).toEqual(["add_search_text"]);
    expect(window.location.pathname + window.location.search).toBe("/search-results");
    await act(() => new Promise((r) => setTimeout(r, 300)));
    expect(api.calls()).toEqual([]);
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
