import { expect, test, type Locator, type Page } from "./fixtures";
import { core, customer, t, type Language } from "./account-support";
import { SHOPS, addAddress, addToCart, auth, productOf } from "./cart-support";
import { expectNoSeriousA11yViolations, screenshot, toast } from "./support";

/**
 * Saved payment cards (issue 36), end to end against the reference server and its test
 * gateway: a card checkout that saves the card, My cards listing it, a second checkout
 * paying with the saved card and its CVV only, then deleting the card (after the
 * confirmation) down to the empty state. In English on a desktop and in Arabic on a
 * phone; the texts are the catalogues' own.
 */

const CHECKOUT = {
  en: {
    placed: "Thank you! Your order has been placed.",
    review: "Review your order",
    payment: "Payment",
  },
  ar: {
    placed: "شكرًا لك! تم تقديم طلبك بنجاح.",
    review: "راجع طلبك",
    payment: "الدفع",
  },
} as const;

/** Whether "•••• 4242" is drawn with its first character left of its last (left to right). */
function bulletsBeforeDigits(label: Locator): Promise<boolean> {
  return label.evaluate((element) => {
    const text = element.firstChild;
    if (!text?.textContent) return false;
    const at = (index: number) => {
      const range = document.createRange();
      range.setStart(text, index);
      range.setEnd(text, index + 1);
      return range.getBoundingClientRect().left;
    };
    return at(0) < at(text.textContent.length - 1);
  });
}

/** From the address step (the default address preselected) to the payment step. */
async function toPayment(page: Page, language: Language) {
  await page.goto("/checkout");
  await expect(page.getByRole("radio").first()).toBeChecked();
  await page.getByRole("button", { name: t(language, "checkout.continue") }).click();
  await expect(page.getByRole("heading", { level: 2, name: new RegExp(CHECKOUT[language].payment) })).toBeVisible();
}

/** Payment step → review → accept the terms → place; answers the placed order's id. */
async function reviewAndPlace(page: Page, language: Language): Promise<number> {
  await page.getByRole("button", { name: t(language, "checkout.continue") }).click();
  await expect(page.getByRole("heading", { level: 2, name: new RegExp(CHECKOUT[language].review) })).toBeVisible();
  await expect(page.getByTestId("review-payment")).toHaveText(t(language, "checkout.review.cardEnding", { last4: "4242" }));
  await page.getByRole("checkbox", { name: t(language, "checkout.terms.label") }).check();
  await page.getByRole("button", { name: t(language, "checkout.place") }).click();
  await expect(page).toHaveURL(/\/checkout\/success\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: CHECKOUT[language].placed })).toBeVisible();
  return Number(/\/checkout\/success\/(\d+)$/.exec(page.url())?.[1]);
}

for (const [language, width] of [
  ["en", 1280],
  ["ar", 375],
] as [Language, number][]) {
  test(`a card saved at checkout pays the next order, then is deleted (${language}, ${width} px)`, async ({ page, server }) => {
    test.setTimeout(90_000);
    const session = await customer(page, server, language, width);
    await addAddress(page.request, session);
    const product = await productOf(page.request, SHOPS.gardenCity, 60, language);
    await addToCart(page.request, session, product.id, 2);

    // 1. A new card, saved for next time.
    await toPayment(page, language);
    await expect(page.getByRole("group", { name: t(language, "checkout.savedCards.title") })).toHaveCount(0);
    await page.getByLabel(t(language, "checkout.card.number"), { exact: true }).fill("4242 4242 4242 4242");
    await page.getByLabel(t(language, "checkout.card.name")).fill("Mona Adel");
    await page.getByLabel(t(language, "checkout.card.month")).selectOption("12");
    await page.getByLabel(t(language, "checkout.card.year")).fill("39");
    await page.getByLabel(t(language, "checkout.card.cvv"), { exact: true }).fill("123");
    await page.getByRole("checkbox", { name: t(language, "checkout.card.save") }).check();
    await reviewAndPlace(page, language);

    // 2. My cards lists it, the default.
    await page.goto("/account/my-cards");
    await expect(page.getByRole("heading", { level: 1, name: t(language, "chrome.account.myCards") })).toBeVisible();
    const card = page.getByTestId("saved-card");
    await expect(card).toHaveCount(1);
    await expect(card.getByTestId("card-label")).toHaveText("•••• 4242");
    await expect(card.getByRole("img", { name: t(language, "ui.cardBrand.visa") })).toBeVisible();
    await expect(card.getByTestId("card-default")).toHaveText(t(language, "ui.card.default"));
    await expect(card.getByTestId("card-expiry")).toContainText(language === "ar" ? "١٢/٣٩" : "12/39");
    await expect(page.locator("html")).toHaveAttribute("dir", language === "ar" ? "rtl" : "ltr");
    // The number reads as printed on the card in either direction: bullets, then digits.
    expect(await bulletsBeforeDigits(card.getByTestId("card-label"))).toBe(true);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, `saved-cards-list-${language}-${width}`);

    // 3. The next order: the saved card comes first, preselected; it asks only for its CVV.
    await addToCart(page.request, session, product.id, 2);
    await toPayment(page, language);
    const group = page.getByRole("group", { name: t(language, "checkout.savedCards.title") });
    const saved = group.getByRole("radio", { name: /4242/ });
    const fresh = group.getByRole("radio", { name: t(language, "checkout.savedCards.new") });
    await expect(saved).toBeChecked();
    const cvv = page.getByLabel(t(language, "checkout.savedCards.cvv", { last4: "4242" }));
    await expect(cvv).toBeVisible();
    await expect(page.getByLabel(t(language, "checkout.card.number"), { exact: true })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, `saved-cards-payment-${language}-${width}`);

    // The radio group works from the keyboard: the arrows move the choice.
    await saved.focus();
    await page.keyboard.press("ArrowDown");
    await expect(fresh).toBeFocused();
    await expect(fresh).toBeChecked();
    await expect(page.getByLabel(t(language, "checkout.card.number"), { exact: true })).toBeVisible();
    await expect(cvv).toHaveCount(0);
    await page.keyboard.press("ArrowUp");
    await expect(saved).toBeFocused();
    await expect(saved).toBeChecked();

    // The CVV follows the core's rule, then the order is placed and paid by the saved card.
    await cvv.fill("12");
    await page.getByRole("button", { name: t(language, "checkout.continue") }).click();
    await expect(page.getByRole("alert").filter({ hasText: language === "ar" ? "رمز التحقق" : "CVV must be 3 digits" })).toBeVisible();
    await cvv.fill("123");
    const checkout = page.waitForRequest((request) => request.url().endsWith("/api/order/checkout") && request.method() === "POST");
    const orderId = await reviewAndPlace(page, language);
    const sent = (await checkout).postDataJSON() as Record<string, unknown>;
    expect(sent).toMatchObject({ payment_method: "card", card: null, cvv: "123" });
    expect(typeof sent["saved_card_id"]).toBe("number");
    expect(JSON.stringify(sent)).not.toContain("4242");
    await expect(page.getByTestId("order-payment")).toContainText("**** 4242");
    const order = (await (await page.request.get(`/api/orders/${orderId}`, { headers: auth(session, language) })).json()) as {
      data: { payment_method: string; payment_card: string | null };
    };
    expect(order.data).toMatchObject({ payment_method: "card", payment_card: "**** 4242" });

    // 4. Deleting the card asks first; then My cards is empty and says where cards come from.
    await page.goto("/account/my-cards");
    await page.getByTestId("saved-card").getByTestId("delete-card").click();
    const dialog = page.getByTestId("delete-card-dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(t(language, "account.cards.deleteDefaultBody"));
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole("button", { name: t(language, "account.cards.delete") }).click();
    await expect(toast(page, language === "ar" ? "تم حذف بطاقتك." : "Your card has been deleted.")).toBeVisible();
    const empty = page.getByTestId("empty-state");
    await expect(empty).toContainText(t(language, "account.cards.empty"));
    await expect(empty).toContainText(t(language, "account.cards.emptyHint"));
    await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
    const left = (await (await page.request.get("/api/cards", { headers: auth(session, language) })).json()) as { data: unknown[] };
    expect(left.data).toEqual([]);
    await expectNoSeriousA11yViolations(page);
  });
}

for (const [language, width] of [
  ["en", 1280],
  ["ar", 375],
] as [Language, number][]) {
  test(`a saved card deleted in another tab sends the order back to the payment step, without it (${language}, ${width} px)`, async ({
    page,
    server,
  }) => {
    test.setTimeout(90_000);
    const session = await customer(page, server, language, width);
    await addAddress(page.request, session);
    const product = await productOf(page.request, SHOPS.gardenCity, 60, language);
    await addToCart(page.request, session, product.id, 2);
    // Two cards, saved without an order: the Visa (the first, so the default) and a Mastercard.
    const ids: number[] = [];
    for (const number of ["4242424242424242", "5555555555554444"]) {
      const saved = await page.request.post("/api/cards", {
        headers: auth(session, language),
        data: { number, exp_month: 12, exp_year: "39", cvv: "123", name: "Mona Adel" },
      });
      expect(saved.status()).toBe(201);
      ids.push(((await saved.json()) as { data: { id: number } }).data.id);
    }

    // The Visa, preselected, with its CVV; on to the review.
    await toPayment(page, language);
    const group = page.getByRole("group", { name: t(language, "checkout.savedCards.title") });
    await expect(group.getByRole("radio", { name: /4242/ })).toBeChecked();
    await page.getByLabel(t(language, "checkout.savedCards.cvv", { last4: "4242" })).fill("123");
    await page.getByRole("button", { name: t(language, "checkout.continue") }).click();
    await expect(page.getByRole("heading", { level: 2, name: new RegExp(CHECKOUT[language].review) })).toBeVisible();

    // Meanwhile another tab deletes the Visa.
    const deleted = await page.request.delete(`/api/cards/${ids[0]}`, { headers: auth(session, language) });
    expect(deleted.status()).toBe(200);
    await page.getByRole("checkbox", { name: t(language, "checkout.terms.label") }).check();
    const placed = page.waitForResponse((response) => response.url().endsWith("/api/order/checkout"));
    await page.getByRole("button", { name: t(language, "checkout.place") }).click();
    expect((await placed).status()).toBe(422);

    // Back at the payment step with the server's words; the cards read again, without
    // the Visa; its CVV gone with it; nothing chosen for the shopper but a new card.
    await expect(page.getByRole("heading", { level: 2, name: new RegExp(CHECKOUT[language].payment) })).toBeVisible();
    await expect(page.getByTestId("payment-error")).toHaveText(core(language, "saved_card_unavailable"));
    await expect(group.getByRole("radio")).toHaveCount(2);
    await expect(group.getByRole("radio", { name: /4242/ })).toHaveCount(0);
    await expect(group.getByRole("radio", { name: t(language, "checkout.savedCards.new") })).toBeChecked();
    await expect(page.getByLabel(t(language, "checkout.savedCards.cvv", { last4: "4242" }))).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, `saved-card-gone-${language}-${width}`);

    // The other card pays: its CVV is asked for afresh.
    await group.getByRole("radio", { name: /4444/ }).check();
    const cvv = page.getByLabel(t(language, "checkout.savedCards.cvv", { last4: "4444" }));
    await expect(cvv).toHaveValue("");
    await cvv.fill("123");
    await page.getByRole("button", { name: t(language, "checkout.continue") }).click();
    await expect(page.getByTestId("review-payment")).toHaveText(t(language, "checkout.review.cardEnding", { last4: "4444" }));
    await page.getByRole("button", { name: t(language, "checkout.place") }).click();
    await expect(page).toHaveURL(/\/checkout\/success\/\d+$/);
    await expect(page.getByTestId("order-payment")).toContainText("**** 4444");
  });
}
