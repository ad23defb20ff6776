import { expect, test, type APIRequestContext, type Locator, type Page, type StaticHost } from "./fixtures";
import type { Session } from "./support";
import {
  PLACES,
  SHOPS,
  addAddress,
  addToCart,
  apiCart,
  cartBadge,
  currentOrders,
  fundWallet,
  money,
  normalize,
  productOf,
  shopper,
  walletBalance,
  type ApiProduct,
  type Language,
} from "./cart-support";
import { CHOICE_LOOK, choiceLook, expectNoSeriousA11yViolations, screenshot } from "./support";

/** The UI strings the tests look for, as the catalogues (and the core) word them. */
const TEXT = {
  en: {
    continue: "Continue",
    payment: "Payment",
    review: "Review your order",
    card: "Credit or debit card",
    cash: "Cash on delivery",
    cardNumber: "Card number",
    cardName: "Name on card",
    month: "Expiry month",
    year: "Expiry year (YY)",
    cvv: "CVV",
    wallet: /Use my wallet balance/,
    terms: "I accept the privacy policy and the terms and conditions",
    termsRequired: "Please accept the privacy policy and the terms and conditions",
    place: "Place order",
    success: "Thank you! Your order has been placed.",
    chooseAddress: "please choose an address",
    cardDigits: "Card number must be 16 digits",
    cvvDigits: "CVV must be 3 digits",
    yearDigits: "Year must be 2 digits",
    declined: "An error occured while processing your payment, please try again later",
    notServed: "Sorry, we don't deliver to your area now!",
    notServedHere: "We Don't Deliver To Your Location",
    paidFromWallet: "Paid from wallet",
    cashOnDelivery: "Cash on delivery",
    myOrders: "View my orders",
  },
  ar: {
    continue: "متابعة",
    payment: "الدفع",
    review: "راجع طلبك",
    card: "بطاقة ائتمان أو خصم",
    cash: "الدفع نقدًا عند الاستلام",
    cardNumber: "رقم البطاقة",
    cardName: "الاسم على البطاقة",
    month: "شهر الانتهاء",
    year: "سنة الانتهاء (رقمان)",
    cvv: "رمز التحقق (CVV)",
    wallet: /استخدم رصيد محفظتي/,
    terms: "أوافق على سياسة الخصوصية والشروط والأحكام",
    termsRequired: "يرجى الموافقة على سياسة الخصوصية والشروط والأحكام",
    place: "تأكيد الطلب",
    success: "شكرًا لك! تم تقديم طلبك بنجاح.",
    chooseAddress: "يرجى اختيار عنوان",
    cardDigits: "يجب أن يتكون رقم البطاقة من 16 رقمًا",
    cvvDigits: "يجب أن يتكون رمز التحقق (CVV) من 3 أرقام",
    yearDigits: "يجب أن تتكون السنة من رقمين",
    declined: "حدث خطأ أثناء معالجة الدفع، يرجى المحاولة مرة أخرى لاحقًا",
    notServed: "عذرًا، لا نقوم بالتوصيل إلى منطقتك حاليًا!",
    notServedHere: "لا نقوم بالتوصيل إلى موقعك",
    paidFromWallet: "المدفوع من المحفظة",
    cashOnDelivery: "الدفع نقدًا عند الاستلام",
    myOrders: "عرض طلباتي",
  },
} as const;

interface Ready {
  session: Session;
  addressId: number;
  product: ApiProduct;
}

/** A signed-in customer with a Zamalek address and a Garden City Grocer line above its minimum. */
async function ready(page: Page, request: APIRequestContext, server: StaticHost, language: Language): Promise<Ready> {
  const session = await shopper(page, server, language);
  const addressId = await addAddress(request, session);
  const product = await productOf(request, SHOPS.gardenCity, 60, language);
  await addToCart(request, session, product.id, 2);
  return { session, addressId, product };
}

async function toPayment(page: Page, language: Language) {
  const t = TEXT[language];
  await page.goto("/checkout");
  await expect(page.getByRole("radio").first()).toBeChecked();
  await page.getByRole("button", { name: t.continue }).click();
  await expect(page.getByRole("heading", { level: 2, name: new RegExp(t.payment) })).toBeVisible();
}

async function fillCard(page: Page, language: Language, number: string) {
  const t = TEXT[language];
  await page.getByLabel(t.cardNumber).fill(number);
  await page.getByLabel(t.cardName).fill("Mona Adel");
  await page.getByLabel(t.month).selectOption("12");
  await page.getByLabel(t.year).fill("39");
  await page.getByLabel(t.cvv).fill("123");
}

async function toReview(page: Page, language: Language) {
  const t = TEXT[language];
  await page.getByRole("button", { name: t.continue }).click();
  await expect(page.getByRole("heading", { level: 2, name: new RegExp(t.review) })).toBeVisible();
}

async function acceptAndPlace(page: Page, language: Language) {
  const t = TEXT[language];
  await page.getByRole("checkbox", { name: t.terms }).check();
  await page.getByRole("button", { name: t.place }).click();
}

/** The text of `locator` (no-break spaces as spaces) becomes `expected`. */
async function expectAmount(locator: Locator, expected: string) {
  await expect.poll(async () => normalize(await locator.textContent())).toBe(expected);
}

/** The success page: number, 4-digit delivery code, arrival; answers the order number shown. */
async function expectSuccess(page: Page, language: Language): Promise<string> {
  const t = TEXT[language];
  await expect(page).toHaveURL(/\/checkout\/success\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: t.success })).toBeVisible();
  await expect(page.getByTestId("delivery-code")).toHaveText(/^\d{4}$/);
  await expect(page.getByTestId("order-arrival")).not.toBeEmpty();
  const number = normalize(await page.getByTestId("order-number").textContent()).replace(/^#/, "");
  expect(number).toMatch(/^\d{6}$/);
  await expect(page.locator('[data-testid="cart-badge"]:visible')).toHaveCount(0);
  return number;
}

for (const language of ["en", "ar"] as const) {
  test.describe(`checkout (${language})`, () => {
    test("cash on delivery: address, payment, review with every rule, success, current orders", async ({ page, request , server}) => {
      const t = TEXT[language];
      const { session } = await ready(page, request, server, language);
      const cart = await apiCart(request, session);
      await page.goto("/checkout");
      await expect(cartBadge(page)).toBeVisible();
      await expect(page.getByRole("radio").first()).toBeChecked();
      await expectNoSeriousA11yViolations(page);
      await page.getByRole("button", { name: t.continue }).click();

      // The card form follows the core's rules before cash is chosen.
      await fillCard(page, language, "4242 4242");
      await page.getByLabel(t.cvv).fill("12");
      await page.getByLabel(t.year).fill("9");
      await page.getByRole("button", { name: t.continue }).click();
      await expect(page.getByText(t.cardDigits)).toBeVisible();
      await expect(page.getByText(t.cvvDigits)).toBeVisible();
      await expect(page.getByText(t.yearDigits)).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await page.getByRole("radio", { name: t.cash }).check();
      await toReview(page, language);

      // Every total, as the server computed them, in the page's locale.
      const totals = page.getByTestId("cart-totals");
      await expectAmount(totals.getByTestId("total-total"), money(cart.cart_total, language));
      await page.getByRole("button", { name: t.place }).click();
      await expect(page.getByTestId("terms-error")).toHaveText(t.termsRequired);
      await expectNoSeriousA11yViolations(page);
      await acceptAndPlace(page, language);
      const number = await expectSuccess(page, language);
      await expect(page.getByTestId("order-payment")).toHaveText(t.cashOnDelivery);
      await expectAmount(page.getByTestId("order-total"), money(cart.cart_total, language));
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, `checkout-success-${language}`);

      // The order is among the current orders (the API's tab and the account page); the
      // cart is empty.
      expect((await currentOrders(request, session)).map((o) => o.number)).toContain(number);
      expect((await apiCart(request, session)).items).toEqual([]);
      await page.getByRole("link", { name: t.myOrders }).click();
      await expect(page).toHaveURL(/\/account\/my-orders/);
      await expect(page.locator("main")).toContainText(number);
    });

    test("a declined card keeps the cart; a test card that succeeds places the order", async ({ page, request , server}) => {
      const t = TEXT[language];
      const { session } = await ready(page, request, server, language);
      await toPayment(page, language);
      await page.getByRole("radio", { name: t.card }).check();
      await fillCard(page, language, "4000 0000 0000 0002");
      await toReview(page, language);
      await acceptAndPlace(page, language);
      await expect(page.getByTestId("payment-error")).toHaveText(t.declined);
      await expect(page.getByRole("heading", { level: 2, name: new RegExp(t.payment) })).toBeVisible();
      expect((await apiCart(request, session)).items_quantity).toBe(2);
      expect(await currentOrders(request, session)).toEqual([]);

      await page.getByLabel(t.cardNumber).fill("4242424242424242");
      await toReview(page, language);
      await acceptAndPlace(page, language);
      const number = await expectSuccess(page, language);
      await expect(page.getByTestId("order-payment")).toContainText("**** 4242");
      const orders = await currentOrders(request, session);
      expect(orders.map((o) => o.number)).toEqual([number]);
    });

    test("wallet balance pays first; the rest by card", async ({ page, request, server }) => {
      test.setTimeout(60_000);
      const t = TEXT[language];
      const session = await shopper(page, server, language);
      const addressId = await addAddress(request, session);
      const product = await productOf(request, SHOPS.gardenCity, 60, language);
      // The refund of a returned order: 1 × the product (its price and 14 % tax).
      const balance = await fundWallet(request, server, session, addressId, product, 1);
      await addToCart(request, session, product.id, 3);
      const cart = await apiCart(request, session);
      expect(Number(balance)).toBeLessThan(Number(cart.cart_total));

      await toPayment(page, language);
      await expect.poll(async () => normalize(await page.getByTestId("wallet-option").textContent())).toContain(money(balance, language));
      await page.getByRole("radio", { name: t.card }).check();
      await fillCard(page, language, "5555 5555 5555 4444");
      await page.getByRole("checkbox", { name: t.wallet }).check();
      await toReview(page, language);
      await acceptAndPlace(page, language);
      await expectSuccess(page, language);
      await expectAmount(page.getByTestId("order-wallet"), money(-Number(balance), language));
      const due = (Number(cart.cart_total) - Number(balance)).toFixed(2);
      await expectAmount(page.getByTestId("order-total"), money(due, language));
      expect(Number(await walletBalance(request, session))).toBe(0);
    });
  });
}

test("an empty wallet cannot be chosen on the payment step, and the order goes through without it", async ({ page, request , server}) => {
  const t = TEXT.en;
  await ready(page, request, server, "en");
  await toPayment(page, "en");
  await page.getByRole("radio", { name: t.cash }).check();
  const wallet = page.getByRole("checkbox", { name: t.wallet });
  await expect(wallet).toBeDisabled();
  await expect(wallet).toHaveAccessibleDescription("There is no wallet balance to use for this order.");
  // The kit's choice rows: chosen, not chosen, and one that cannot be chosen.
  const row = (name: string) => page.locator("label").filter({ has: page.getByRole("radio", { name, exact: true }) });
  expect(await choiceLook(row(t.cash))).toEqual({ edge: CHOICE_LOOK.brand, background: CHOICE_LOOK.checked, cursor: "pointer", box: 18.4, side: "left" });
  expect(await choiceLook(row(t.card))).toEqual({ edge: CHOICE_LOOK.edge, background: CHOICE_LOOK.none, cursor: "pointer", box: 18.4, side: "left" });
  expect(await choiceLook(page.locator("label").filter({ has: wallet }))).toMatchObject({
    edge: CHOICE_LOOK.edge,
    background: CHOICE_LOOK.page,
    cursor: "not-allowed",
  });
  await toReview(page, "en");
  await acceptAndPlace(page, "en");
  await expectSuccess(page, "en");
  await expect(page.getByTestId("order-wallet")).toHaveCount(0);
});

test("no address chosen, and a shop that does not deliver to the address", async ({ page, request, server }) => {
  const t = TEXT.ar;
  const session = await shopper(page, server, "ar");
  // No address yet: the step refuses to go on.
  const bakery = await productOf(request, SHOPS.heliopolisBakery, 0, "ar").catch(async () => {
    const any = await request.get(`/api/products?service_id=1&page=1&limit=1&branch_id=${SHOPS.heliopolisBakery}&stock=in_stock`);
    return ((await any.json()) as { data: ApiProduct[] }).data[0] as ApiProduct;
  });
  await addToCart(request, session, bakery.id, 1);
  await page.goto("/checkout");
  await page.getByRole("button", { name: t.continue }).click();
  await expect(page.getByRole("alert").filter({ hasText: t.chooseAddress })).toBeVisible();

  // A Zamalek address: the Heliopolis bakery does not deliver there.
  await addAddress(request, session, PLACES.zamalek);
  await page.reload();
  await expect(page.getByRole("radio").first()).toBeChecked();
  await page.getByRole("button", { name: t.continue }).click();
  await page.getByRole("radio", { name: t.cash }).check();
  await toReview(page, "ar");
  await acceptAndPlace(page, "ar");
  await expect(page.getByTestId("address-error")).toHaveText(t.notServed);
  await expect(page.getByTestId("address-not-served")).toHaveText(t.notServedHere);
  // The refused address: the kit's choice row with a red edge and tint, its box on the right.
  const refusedRow = page.locator("label").filter({ has: page.getByRole("radio", { checked: true }) }).first();
  expect(await choiceLook(refusedRow)).toEqual({ edge: CHOICE_LOOK.danger, background: CHOICE_LOOK.dangerSoft, cursor: "pointer", box: 18.4, side: "right" });
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "checkout-not-served-ar");
  expect((await apiCart(request, session)).items_quantity).toBe(1);
});

test("a double click places one order, with one idempotency key", async ({ page, request , server}) => {
  const t = TEXT.en;
  const { session } = await ready(page, request, server, "en");
  const keys: string[] = [];
  await page.route("**/api/order/checkout", async (route) => {
    keys.push(route.request().headers()["idempotency-key"] ?? "");
    await route.continue();
  });
  await toPayment(page, "en");
  await page.getByRole("radio", { name: t.cash }).check();
  await toReview(page, "en");
  await page.getByRole("checkbox", { name: t.terms }).check();
  await page.getByRole("button", { name: t.place }).dblclick();
  const number = await expectSuccess(page, "en");
  expect(keys.length).toBeGreaterThanOrEqual(1);
  expect(new Set(keys).size).toBe(1);
  expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  expect((await currentOrders(request, session)).map((o) => o.number)).toEqual([number]);
});

test("a lost answer or a reload during placement never places a second order", async ({ page, request , server}) => {
  const t = TEXT.en;
  const { session } = await ready(page, request, server, "en");
  const keys: string[] = [];
  let dropAnswer = true;
  await page.route("**/api/order/checkout", async (route) => {
    keys.push(route.request().headers()["idempotency-key"] ?? "");
    const response = await route.fetch();
    // The first answer is lost on the way back; the order was placed all the same.
    if (dropAnswer) {
      dropAnswer = false;
      await route.abort("connectionreset");
      return;
    }
    await route.fulfill({ response });
  });
  await toPayment(page, "en");
  await page.getByRole("radio", { name: t.cash }).check();
  await toReview(page, "en");
  await acceptAndPlace(page, "en");
  await expect(page.getByTestId("review-error")).toContainText("No response received from server.");
  // Placing again sends the same key: the API answers the order it placed.
  await page.getByRole("button", { name: t.place }).click();
  const number = await expectSuccess(page, "en");
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
  expect((await currentOrders(request, session)).map((o) => o.number)).toEqual([number]);

  // A reload while the order is being placed: the server places it, the answer never
  // reaches the page. Back on /checkout the open attempt is asked for its order (same
  // key), and its success page opens: still no second order.
  const product = await productOf(request, SHOPS.gardenCity, 60);
  await addToCart(request, session, product.id, 2);
  let fetched: () => void = () => undefined;
  const served = new Promise<void>((resolve) => (fetched = resolve));
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  const placedKeys: string[] = [];
  await page.unroute("**/api/order/checkout");
  // The route stays in place through the reload: unrouting a held request lets it go on
  // to the server, whose replayed answer would then reach the page after all.
  await page.route("**/api/order/checkout", async (route) => {
    placedKeys.push(route.request().headers()["idempotency-key"] ?? "");
    if (placedKeys.length > 1) {
      await route.continue();
      return;
    }
    await route.fetch();
    fetched();
    await held;
    await route.abort().catch(() => undefined);
  });
  await toPayment(page, "en");
  await page.getByRole("radio", { name: t.cash }).check();
  await toReview(page, "en");
  await acceptAndPlace(page, "en");
  await served;
  await page.reload();
  release();
  const second = await expectSuccess(page, "en");
  expect(second).not.toBe(number);
  const numbers = (await currentOrders(request, session)).map((o) => o.number).sort();
  expect(numbers).toEqual([number, second].sort());
  expect((await apiCart(request, session)).items).toEqual([]);
  // The placement, then the reloaded page's question about it: one attempt, one key.
  expect(placedKeys).toHaveLength(2);
  expect(placedKeys[1]).toBe(placedKeys[0]);
  expect(placedKeys[0]).not.toBe(keys[0]);
});
