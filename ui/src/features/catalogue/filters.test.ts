import {
  apiFilters,
  filtersToQuery,
  hasNarrowing,
  moneyOrNull,
  NO_FILTERS,
  orderedPriceRange,
  parseFilters,
  withFilter,
  withoutNarrowing,
} from "./filters";

describe("listing filters in the URL", () => {
  test("every filter is read back from the query string it wrote", () => {
    const filters = parseFilters(
      new URLSearchParams(
        "sort=price_low&stock=preorder&min_rating=4&min_price=10.5&max_price=99&category_id=7&brand_id=2&on_sale=true&search=tea&page=3",
      ),
    );
    expect(filters).toEqual({
      sort: "price_low",
      stock: "preorder",
      min_rating: 4,
      min_price: "10.50",
      max_price: "99.00",
      category_id: 7,
      branch_id: null,
      brand_id: 2,
      on_sale: true,
      search: "tea",
      page: 3,
    });
    expect(parseFilters(new URLSearchParams(filtersToQuery(filters)))).toEqual(filters);
    expect(filtersToQuery(filters)).toBe(
      "search=tea&category_id=7&brand_id=2&on_sale=true&sort=price_low&stock=preorder&min_rating=4&min_price=10.50&max_price=99.00&page=3",
    );
  });

  test("the old stars filter's rating=N is read as the reviews' min_rating=N, and written so", () => {
    const old = parseFilters(new URLSearchParams("stock=in_stock&rating=3&page=2"));
    expect(old).toEqual({ ...NO_FILTERS, stock: "in_stock", min_rating: 3, page: 2 });
    expect(filtersToQuery(old)).toBe("stock=in_stock&min_rating=3&page=2");
    expect(apiFilters(old)).toEqual({ stock: "in_stock", min_rating: 3 });
    // min_rating, the filter's own name, wins over the old one; a bad old value is dropped.
    expect(parseFilters(new URLSearchParams("rating=2&min_rating=4")).min_rating).toBe(4);
    expect(parseFilters(new URLSearchParams("rating=6")).min_rating).toBeNull();
    expect(parseFilters(new URLSearchParams("rating=6&min_rating=2")).min_rating).toBe(2);
  });

  test("malformed values are dropped, not sent to the API", () => {
    const filters = parseFilters(
      new URLSearchParams("sort=cheapest&stock=gone&rating=6&min_rating=0&min_price=abc&max_price=-4&category_id=0&on_sale=yes&page=-1&search=%20%20"),
    );
    expect(filters).toEqual(NO_FILTERS);
    expect(filtersToQuery(filters)).toBe("");
  });

  test("amounts are the core's two-decimal form", () => {
    expect(moneyOrNull("7")).toBe("7.00");
    expect(moneyOrNull(" 12.5 ")).toBe("12.50");
    expect(moneyOrNull("abc")).toBeNull();
    expect(moneyOrNull("-3")).toBeNull();
    expect(moneyOrNull("")).toBeNull();
  });

  test("changing a filter goes back to page 1; changing the page keeps the filters", () => {
    const onPage4 = { ...NO_FILTERS, stock: "in_stock" as const, page: 4 };
    expect(withFilter(onPage4, "sort", "newest")).toMatchObject({ sort: "newest", stock: "in_stock", page: 1 });
    expect(withFilter(onPage4, "page", 5)).toMatchObject({ stock: "in_stock", page: 5 });
  });

  test("the API gets the filters without the page", () => {
    const filters = { ...NO_FILTERS, sort: "z_a" as const, min_rating: 3, min_price: "1.00", page: 2 };
    expect(apiFilters(filters)).toEqual({ sort: "z_a", min_rating: 3, min_price: "1.00" });
  });

  test("sorting alone does not narrow the listing", () => {
    expect(hasNarrowing({ ...NO_FILTERS, sort: "a_z" })).toBe(false);
    expect(hasNarrowing({ ...NO_FILTERS, min_rating: 2 })).toBe(true);
  });

  test("a brand narrows the listing and clearing the filters removes it (the subject stays)", () => {
    const filters = { ...NO_FILTERS, brand_id: 8, category_id: 7, search: "tea", sort: "a_z" as const, min_rating: 4, page: 3 };
    expect(hasNarrowing({ ...NO_FILTERS, brand_id: 8 })).toBe(true);
    expect(withoutNarrowing(filters)).toEqual({ ...NO_FILTERS, category_id: 7, search: "tea", sort: "a_z" });
    expect(hasNarrowing(withoutNarrowing(filters))).toBe(false);
  });

  test("a minimum above the maximum is swapped, never sent as an impossible range", () => {
    expect(parseFilters(new URLSearchParams("min_price=500&max_price=100"))).toMatchObject({
      min_price: "100.00",
      max_price: "500.00",
    });
    expect(orderedPriceRange("9.50", "10.00")).toEqual({ min_price: "9.50", max_price: "10.00" });
    expect(orderedPriceRange("20.00", "3.00")).toEqual({ min_price: "3.00", max_price: "20.00" });
    expect(orderedPriceRange("20.00", null)).toEqual({ min_price: "20.00", max_price: null });
    expect(orderedPriceRange("7.00", "7.00")).toEqual({ min_price: "7.00", max_price: "7.00" });
  });
});
