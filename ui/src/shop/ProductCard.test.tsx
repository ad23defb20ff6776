import { screen, waitFor } from "@testing-library/react";
import { useAppStore } from "../platform/store";
import { AddToCartProvider } from "./AddToCart";
import { productItem } from "../test/catalogueFixtures";
import { ProductCard, cardFromListing } from "./ProductCard";
import { renderWithProviders, resetClient } from "../test/catalogue";

function showCard() {
  renderWithProviders(
    <AddToCartProvider>
      <ProductCard product={cardFromListing(productItem(4, { name: "Okra 500 g" }))} />
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
});
