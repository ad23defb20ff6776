import { expect, test, type Page } from "./fixtures";
import { SHOPS, apiCart, productOf, shopper, type Language } from "./cart-support";
import { expectNoSeriousA11yViolations, screenshot } from "./support";

// The catalogue a shopper sees is the catalogue that delivers to them (issue 24): a cart
// filled in one district says, as soon as the shopper chooses a district its shop does
// not serve, that it cannot be delivered there — before checkout — and offers to empty it.

const TEXT = {
  en: {
    addToCart: "Add to cart",
    search: "Search for a place",
    maadi: "Road 9",
    notDelivering: "We Don't Deliver To Your Location",
    cartNotice: (shop: string) => `${shop} doesn't deliver to the district you chose.`,
    checkout: "Proceed to checkout",
    emptyCart: "Empty cart",
    confirmTitle: "Empty your cart?",
    empty: "You don't have any product",
  },
  ar: {
    addToCart: "أضف إلى السلة",
    search: "ابحث عن مكان",
    maadi: "شارع ٩",
    notDelivering: "لا نقوم بالتوصيل إلى موقعك",
    cartNotice: (shop: string) => `${shop} لا يوصّل إلى المنطقة التي اخترتها.`,
    checkout: "المتابعة إلى الدفع",
    emptyCart: "أفرغ السلة",
    confirmTitle: "إفراغ السلة؟",
    empty: "ليس لديك أي منتج",
  },
} as const;

/** Chooses a place in the location picker from the header's address button. */
async function chooseDistrict(page: Page, language: Language, place: string): Promise<void> {
  const t = TEXT[language];
  await page.getByTestId("address-button").first().click();
  const picker = page.getByTestId("location-picker");
  await expect(picker).toBeVisible();
  await picker.getByLabel(t.search).fill(place);
  await picker.getByRole("button", { name: new RegExp(`^${place}`) }).first().click();
  const confirm = picker.getByTestId("confirm-location");
  await expect(confirm).toBeEnabled();
  await confirm.click();
  await expect(picker).toBeHidden();
  await expect(page).toHaveURL(/\/home$/);
}

for (const language of ["en", "ar"] as const) {
  test.describe(`district-aware cart (${language})`, () => {
    test.use({ viewport: { width: 1280, height: 900 } });

    test("an item added in Zamalek: after choosing Maadi the cart says at once that its shop does not deliver there", async ({
      page,
      request,
      server,
    }) => {
      test.setTimeout(90_000);
      const t = TEXT[language];
      // District A is Zamalek (the shopper's stored district); Zamalek Fresh Market is there
      // and delivers only to the central districts, not to Maadi (district B, 10 km away).
      const session = await shopper(page, server, language);
      const product = await productOf(request, SHOPS.zamalek, 0, language);

      await page.goto(`/products/${product.id}`);
      await page.getByRole("button", { name: t.addToCart, exact: true }).click();
      await expect.poll(async () => (await apiCart(request, session)).items_quantity).toBeGreaterThan(0);
      await expect(page.getByTestId("not-delivering")).toHaveCount(0);

      await chooseDistrict(page, language, t.maadi);

      // The product page still shows the product, with the notice and no add-to-cart.
      await page.goto(`/products/${product.id}`);
      await expect(page.getByTestId("not-delivering")).toHaveText(t.notDelivering);
      await expect(page.getByRole("button", { name: t.addToCart, exact: true })).toHaveCount(0);

      // The cart says so before checkout, in the page's language, and checkout is closed.
      await page.goto("/cart");
      const notice = page.getByTestId("cart-not-delivering");
      await expect(notice).toContainText(t.notDelivering);
      await expect(notice).toContainText(t.cartNotice(product.branch.name));
      await expect(page.getByRole("button", { name: t.checkout })).toBeDisabled();
      await expect(page.getByRole("link", { name: t.checkout })).toHaveCount(0);
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, `cart-not-delivering-${language}`);

      // The way out: empty the cart (after confirming).
      await notice.getByRole("button", { name: t.emptyCart }).click();
      const dialog = page.getByRole("dialog");
      await expect(dialog.getByRole("heading", { name: t.confirmTitle })).toBeVisible();
      await dialog.getByRole("button", { name: t.emptyCart }).click();
      await expect(page.getByTestId("empty-state")).toContainText(t.empty);
      await expect(notice).toHaveCount(0);
      await expect.poll(async () => (await apiCart(request, session)).items_quantity).toBe(0);
    });
  });
}
