import { expect, test } from "./fixtures";
import {
  SHOPS,
  addToCart,
  apiCart,
  cartBadge,
  cartRow,
  money,
  normalize,
  productOf,
  shopProducts,
  shopper,
  totalText,
  type Language,
} from "./cart-support";
import { CHOICE_LOOK, choiceLook, expectNoSeriousA11yViolations, screenshot, toast } from "./support";

/** The UI strings the tests look for, as the catalogues (and the core) word them. */
const TEXT = {
  en: {
    title: "Your cart",
    addToCart: "Add to cart",
    keep: "Keep my cart",
    emptyAndAdd: "Empty cart and add",
    differentShop: "There are items from different shop in your cart. Would you like to empty your cart to add this item?",
    more: "Increase quantity",
    less: "Decrease quantity",
    maxReached: "Max Quantity Reached",
    minReached: "Min Quantity Reached",
    couponLabel: "Coupon code",
    apply: "Apply",
    invalidCoupon: "This coupon code is not valid.",
    expiredCoupon: "This coupon has expired.",
    couponApplied: "Coupon applied",
    empty: "You don't have any product",
    remove: (name: string) => `Remove ${name}`,
    checkout: "Proceed to checkout",
    terms: "I accept the privacy policy and the terms and conditions",
    termsRequired: "Please accept the privacy policy and the terms and conditions",
  },
  ar: {
    title: "سلة التسوق",
    addToCart: "أضف إلى السلة",
    keep: "احتفظ بسلتي",
    emptyAndAdd: "أفرغ السلة وأضف",
    differentShop: "توجد في سلتك منتجات من متجر آخر. هل تريد إفراغ السلة لإضافة هذا المنتج؟",
    more: "زيادة الكمية",
    less: "إنقاص الكمية",
    maxReached: "تم الوصول إلى الحد الأقصى للكمية",
    minReached: "تم الوصول إلى الحد الأدنى للكمية",
    couponLabel: "رمز الكوبون",
    apply: "تطبيق",
    invalidCoupon: "رمز الكوبون هذا غير صالح.",
    expiredCoupon: "انتهت صلاحية هذا الكوبون.",
    couponApplied: "تم تطبيق الكوبون",
    empty: "ليس لديك أي منتج",
    remove: (name: string) => `إزالة ${name}`,
    checkout: "المتابعة إلى الدفع",
    terms: "أوافق على سياسة الخصوصية والشروط والأحكام",
    termsRequired: "يرجى الموافقة على سياسة الخصوصية والشروط والأحكام",
  },
} as const;

const COMBOS: { language: Language; width: number }[] = [
  { language: "en", width: 1280 },
  { language: "ar", width: 390 },
];

for (const { language, width } of COMBOS) {
  test.describe(`cart (${language}, ${width}px)`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("one shop's items, the different-shop prompt, quantities to the limits, coupons", async ({ page, request, server }) => {
      test.setTimeout(90_000);
      const t = TEXT[language];
      const session = await shopper(page, server, language);
      const first = await productOf(request, SHOPS.gardenCity, 0, language);
      const second = (await shopProducts(request, SHOPS.gardenCity, language)).find((p) => Number(p.price) > Number(first.price));
      if (!second) {
        throw new Error(
          `the seed has no second product in Garden City Grocer (shop ${SHOPS.gardenCity}) above ${first.price} EGP: the two-product half of this test cannot run`,
        );
      }
      const other = await productOf(request, SHOPS.zamalek, 120, language);

      // Two products of one shop.
      await page.goto(`/products/${first.id}`);
      await page.getByRole("button", { name: t.addToCart, exact: true }).click();
      await expect(cartBadge(page)).toHaveText(new Intl.NumberFormat(language === "ar" ? "ar-EG" : "en").format(1));
      await page.goto(`/products/${second.id}`);
      await page.getByRole("button", { name: t.addToCart, exact: true }).click();
      await expect.poll(async () => (await apiCart(request, session)).items.map((i) => i.product_id).sort()).toEqual(
        [first.id, second.id].sort(),
      );
      await expect(cartBadge(page)).toHaveText(new Intl.NumberFormat(language === "ar" ? "ar-EG" : "en").format(2));

      // Another shop's product: the prompt; keeping the cart changes nothing.
      await page.goto(`/products/${other.id}`);
      await page.getByRole("button", { name: t.addToCart, exact: true }).click();
      const dialog = page.getByRole("dialog");
      await expect(dialog).toContainText(t.differentShop);
      await dialog.getByRole("button", { name: t.keep }).click();
      await expect(dialog).toBeHidden();
      expect((await apiCart(request, session)).items.map((i) => i.product_id)).not.toContain(other.id);
      // Agreeing empties the cart and adds the product.
      await page.getByRole("button", { name: t.addToCart, exact: true }).click();
      await dialog.getByRole("button", { name: t.emptyAndAdd }).click();
      await expect(dialog).toBeHidden();
      await expect.poll(async () => (await apiCart(request, session)).items.map((i) => i.product_id)).toEqual([other.id]);

      // The cart page: one line of the other shop.
      await page.goto("/cart");
      await expect(page.getByRole("heading", { level: 1, name: t.title })).toBeVisible();
      const row = cartRow(page, other.name);
      await expect(row).toBeVisible();
      await expect(page.getByTestId("cart-item")).toHaveCount(1);
      await expectNoSeriousA11yViolations(page);

      // Up to the product's maximum, then the core's message and no further.
      const max = other.max_qty ?? 1;
      const message = row.getByTestId("quantity-message");
      for (let qty = 1; qty < max; qty += 1) await row.getByRole("button", { name: t.more }).click();
      await expect.poll(async () => (await apiCart(request, session)).items_quantity).toBe(max);
      await row.getByRole("button", { name: t.more }).click();
      await expect(message).toHaveText(t.maxReached);
      await expect(cartBadge(page)).toHaveText(new Intl.NumberFormat(language === "ar" ? "ar-EG" : "en").format(max));
      // Down to the minimum.
      for (let qty = max; qty > 1; qty -= 1) await row.getByRole("button", { name: t.less }).click();
      await expect.poll(async () => (await apiCart(request, session)).items_quantity).toBe(1);
      await row.getByRole("button", { name: t.less }).click();
      await expect(message).toHaveText(t.minReached);
      // The totals are the server's, formatted for the page's locale.
      let cart = await apiCart(request, session);
      await expect.poll(() => totalText(page, "total-total")).toBe(money(cart.cart_total, language));
      expect(await totalText(page, "total-price")).toBe(money(cart.price, language));
      expect(await totalText(page, "total-tax")).toBe(money(cart.tax, language));

      // An invalid and an expired coupon are refused with the server's words.
      const field = page.getByRole("textbox", { name: t.couponLabel });
      await field.fill("NOPE-123");
      await page.getByRole("button", { name: t.apply }).click();
      await expect(page.getByTestId("coupon-error")).toHaveText(t.invalidCoupon);
      await expect(toast(page, t.invalidCoupon)).toBeVisible();
      await field.fill("expired5");
      await page.getByRole("button", { name: t.apply }).click();
      await expect(page.getByTestId("coupon-error")).toHaveText(t.expiredCoupon);
      // A valid one (50 % off, capped at 100.00) discounts the totals.
      await field.fill("BIG50");
      await page.getByRole("button", { name: t.apply }).click();
      await expect(page.getByTestId("coupon-applied")).toContainText("BIG50");
      await expect(toast(page, t.couponApplied)).toBeVisible();
      cart = await apiCart(request, session);
      expect(Number(cart.coupon_discount)).toBeGreaterThan(0);
      await expect.poll(() => totalText(page, "total-coupon")).toBe(money(-Number(cart.coupon_discount), language));
      expect(await totalText(page, "total-total")).toBe(money(cart.cart_total, language));
      await screenshot(page, `cart-${language}-${width}`);

      // A reload shows the same cart, badge included once it has loaded.
      await page.reload();
      await expect(cartRow(page, other.name)).toBeVisible();
      await expect(cartBadge(page)).toHaveText(new Intl.NumberFormat(language === "ar" ? "ar-EG" : "en").format(1));
      expect(normalize(await page.getByTestId("coupon-applied").textContent())).toContain("BIG50");
      await expect(page.getByRole("link", { name: t.checkout })).toHaveAttribute("href", "/checkout");

      // The privacy and terms are accepted here (spec 5), before checkout, and remembered.
      // The box is the kit's choice row, with the terms' stronger tint once ticked.
      const termsRow = page.getByTestId("terms").locator("label");
      const side = language === "ar" ? "right" : "left";
      expect(await choiceLook(termsRow)).toEqual({ edge: CHOICE_LOOK.edge, background: CHOICE_LOOK.none, cursor: "pointer", box: 18.4, side });
      await page.getByRole("link", { name: t.checkout }).click();
      await expect(page.getByTestId("terms-error")).toHaveText(t.termsRequired);
      await expect(page).toHaveURL(/\/cart$/);
      await expect.poll(() => choiceLook(termsRow)).toMatchObject({ edge: CHOICE_LOOK.danger, background: CHOICE_LOOK.none });
      await expectNoSeriousA11yViolations(page);
      await page.getByRole("checkbox", { name: t.terms }).check();
      await expect(page.getByTestId("terms-error")).toHaveCount(0);
      await expect.poll(() => choiceLook(termsRow)).toMatchObject({ edge: CHOICE_LOOK.brand, background: CHOICE_LOOK.brandSoft });
      await page.getByRole("link", { name: t.checkout }).click();
      await expect(page).toHaveURL(/\/checkout$/);
      await page.goBack();
      await expect(page.getByRole("checkbox", { name: t.terms })).toBeChecked();

      // Removing the last line leaves the empty state and no badge.
      await cartRow(page, other.name).getByRole("button", { name: t.remove(other.name) }).click();
      await expect(page.getByTestId("empty-state")).toContainText(t.empty);
      await expect(page.locator('[data-testid="cart-badge"]:visible')).toHaveCount(0);
      await expect.poll(async () => (await apiCart(request, session)).items.length).toBe(0);
      await expectNoSeriousA11yViolations(page);
    });
  });
}

test("a change the server refuses rolls back with its message", async ({ page, request, server }) => {
  const session = await shopper(page, server, "en");
  const product = await productOf(request, SHOPS.gardenCity);
  await addToCart(request, session, product.id, 1);
  // The server refuses the next change (as when the stock ran out meanwhile).
  await page.route("**/api/order/update-cart", (route) =>
    route.fulfill({
      status: 422,
      contentType: "application/json",
      body: JSON.stringify({
        message: "There is not enough stock available.",
        errors: { qty: ["There is not enough stock available."] },
      }),
    }),
  );
  await page.goto("/cart");
  const row = cartRow(page, product.name);
  await row.getByRole("button", { name: "Increase quantity" }).click();
  await expect(toast(page, "There is not enough stock available.")).toBeVisible();
  await expect(row.getByRole("textbox")).toHaveValue("1");
  expect((await apiCart(request, session)).items_quantity).toBe(1);
});
