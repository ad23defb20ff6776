import { screen, waitFor } from "@testing-library/react";
import { useAppStore } from "../platform/store";
import { AddToCartProvider } from "./AddToCart";
import { productItem } from "../test/catalogueFixtures";
import { ProductCard, cardFromBlock, cardFromListing, nameParts } from "./ProductCard";
import { ReviewRating } from "./Rating";
import { TemplateMode } from "../ui/template";
import { renderWithProviders, resetClient } from "../test/catalogue";

function showCard(overrides: Parameters<typeof productItem>[1] = {}) {
  renderWithProviders(
    <AddToCartProvider>
      <ProductCard product={cardFromListing(productItem(4, { name: "Okra 500 g", ...overrides }))} />
    </AddToCartProvider>,
  );
}

beforeEach(() => resetClient({ district_id: "1", selectedService: "1" }));

describe("ProductCard", () => {
  // WCAG 2.5.3 (label in name): the accessible name starts with the words on the button.
  test("the add button's name starts with its visible text, then names the product", () => {
    showCard();
    const button = screen.getByRole("button", { name: "Add to cart: Okra 500 g" });
    expect(button.textContent).toBe("Add to cart");
    expect(button.getAttribute("aria-label")?.startsWith(button.textContent ?? "")).toBe(true);
  });

  test("in Arabic too", async () => {
    useAppStore.setState({ language: "ar" });
    showCard();
    const button = await screen.findByRole("button", { name: "أضف إلى السلة: Okra 500 g" });
    await waitFor(() => expect(button.textContent).toBe("أضف إلى السلة"));
    expect(button.getAttribute("aria-label")?.startsWith(button.textContent ?? "")).toBe(true);
  });

  test("its customer rating: the reviews' average and their count, or 'No reviews yet'", () => {
    showCard({ rating: 2.1, rating_average: 4.3, rating_count: 12 });
    const rating = screen.getByTestId("card-rating");
    expect(screen.getByRole("img", { name: "Rated 4.3 out of 5" })).toBeTruthy();
    expect(rating.textContent).toContain("(12)");
    expect(rating.textContent).toContain("Reviews: 12");
    // The demo catalogue's own figure is not the customers'.
    expect(rating.textContent).not.toContain("2.1");
  });

  test("no reviews yet", () => {
    showCard({ rating_average: null, rating_count: 0 });
    expect(screen.getByTestId("card-rating").textContent).toBe("No reviews yet");
    expect(screen.queryByRole("img", { name: /Rated/ })).toBeNull();
  });

  test("in Arabic, with the page's digits", async () => {
    useAppStore.setState({ language: "ar" });
    showCard({ rating_average: 4.5, rating_count: 3 });
    await waitFor(() => expect(screen.getByTestId("card-rating").textContent).toContain("عدد التقييمات: ٣"));
    expect(screen.getByRole("img", { name: "التقييم ٤٫٥ من ٥" })).toBeTruthy();
  });

  test("in a server template, the rating is written from the context's fields", () => {
    const { container } = renderWithProviders(
      <TemplateMode.Provider value={true}>
        <ReviewRating average={null} count={0} averageField="item.rating_average" countField="item.rating_count" />
      </TemplateMode.Provider>,
    );
    const html = container.innerHTML;
    expect(html).toContain("{% if item.rating_count &gt; 0 %}");
    expect(html).toContain("{{ item.rating_average | decimal1(language) }}");
    expect(html).toContain("Reviews: {{ item.rating_count | digits(language) }}");
    expect(html).toContain("{% else %}");
    expect(html).toContain("No reviews yet");
  });
});

describe("the product's name on its card", () => {
  test("the size or pack keeps its own line; the link is named by the whole name", () => {
    renderWithProviders(
      <AddToCartProvider>
        <ProductCard
          product={cardFromListing(productItem(4, { name: "Juhayna Skimmed Milk 200 ml (Pack of 6)", size: "200 ml (Pack of 6)" }))}
        />
      </AddToCartProvider>,
    );
    const link = screen.getByRole("link", { name: "Juhayna Skimmed Milk 200 ml (Pack of 6)" });
    expect(link.getAttribute("href")).toBe("/products/4");
    const [base, size] = Array.from(link.children);
    expect(base?.textContent).toBe("Juhayna Skimmed Milk");
    expect(size?.textContent).toBe("200 ml (Pack of 6)");
    // The text reads whole too (a search of the page for the name finds it).
    expect(link.textContent).toBe("Juhayna Skimmed Milk 200 ml (Pack of 6)");
  });

  test("split only where the name ends with its size", () => {
    expect(nameParts("جهينة حليب خالي الدسم ٢٠٠ مل (٦ عبوات)", "٢٠٠ مل (٦ عبوات)")).toEqual({
      base: "جهينة حليب خالي الدسم",
      size: "٢٠٠ مل (٦ عبوات)",
    });
    // Unknown, or not at the end, or the whole name: the name stays whole.
    expect(nameParts("Okra 500 g", null)).toEqual({ base: "Okra 500 g", size: null });
    expect(nameParts("Okra 500 g", "1 kg")).toEqual({ base: "Okra 500 g", size: null });
    expect(nameParts("500 g", "500 g")).toEqual({ base: "500 g", size: null });
  });
});

describe("a home block's product card", () => {
  const block = {
    id: 7,
    is_favorite: false,
    name: "Juhayna Full Cream Milk 1 L",
    size: "1 L",
    image: "/api/media/products/7.svg",
    price: "40.00",
    stock_status: "in_stock" as const,
    rating: 4,
    branch_id: 1,
  };

  test("shows the customers' rating as listings do", () => {
    renderWithProviders(
      <AddToCartProvider>
        <ProductCard product={cardFromBlock({ ...block, rating_average: 4.3, rating_count: 12 })} />
      </AddToCartProvider>,
    );
    const rating = screen.getByTestId("card-rating");
    expect(rating.textContent).toContain("4.3");
    expect(rating.textContent).toContain("12");
  });

  test("without reviews it says so, not the catalogue's own figure", () => {
    renderWithProviders(
      <AddToCartProvider>
        <ProductCard product={cardFromBlock({ ...block, rating_average: null, rating_count: 0 })} />
      </AddToCartProvider>,
    );
    expect(screen.getByTestId("card-rating").textContent).toBe("No reviews yet");
  });
});
