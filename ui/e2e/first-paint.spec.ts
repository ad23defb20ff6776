import { readFileSync } from "node:fs";
import { expect, test, type BrowserContext, type Page, type StaticHost } from "./fixtures";
import { addAddress, addToCart, auth, productOf, shopProducts, SHOPS } from "./cart-support";
import { apiSignIn, seedStorage, SEED, viewCookie } from "./support";

/**
 * The first paint (issue: first paint without waiting for the core): static-host sends
 * each page already laid out (the app's own components rendered ahead of time, filled
 * with the store's data for the reader's language and view), and the app adopts that
 * HTML without rendering it again.
 */

const LANDING_EN = "Everything you need, delivered to your door";
const LANDING_AR = "كل ما تحتاجه يصلك حتى باب بيتك";

/** A signed-in customer with a district and a service, in storage and in the page-view cookie. */
async function signedInWithDistrict(page: Page, context: BrowserContext, server: StaticHost) {
  const session = await apiSignIn(page.request, server);
  await seedStorage(page, {
    token: session.token,
    district_id: String(SEED.district),
    selectedService: String(SEED.groceries),
  });
  await viewCookie(context, `-.1.${SEED.district}.${SEED.groceries}`);
}

/** Holds every script of the app back until `release()`. */
async function holdScripts(page: Page) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/assets/*.js", async (route) => {
    await held;
    await route.continue();
  });
  return () => release();
}

/** Waits for the head's small script that holds early taps (it comes with the first bytes). */
async function earlyInputReady(page: Page) {
  await page.waitForFunction(() => Array.isArray((window as { __storefrontEarlyInput?: unknown }).__storefrontEarlyInput));
}

/** Console errors and uncaught errors of a page (the document's own 404 status aside). */
function errorsOf(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && !/status of 404/.test(message.text())) errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

/**
 * Loads `path` and waits for the app to have taken it over in `language` and for the
 * network to settle; fails with the console's errors (a hydration mismatch is one).
 */
async function adopted(page: Page, path: string, language: string, errors: string[], round: number) {
  await page.goto(path);
  await expect(page.locator("html")).toHaveAttribute("data-app", "ready", { timeout: 15_000 });
  await expect(page.locator("html")).toHaveAttribute("lang", language);
  await page.waitForLoadState("networkidle");
  expect(errors, `${language} ${path}, load ${round}`).toEqual([]);
  // Adopted, not drawn anew (which would leave no mismatch to find): the element the
  // server sent is still the one on screen.
  const kept = await page.evaluate(() => (globalThis as { serverPage?: Element | null }).serverPage?.isConnected ?? false);
  expect(kept, `${language} ${path}: the server's page is kept`).toBe(true);
}

/** Arabic from the next page on, in storage and in the page-view cookie the app keeps. */
async function switchToArabic(page: Page, context: BrowserContext) {
  await seedStorage(page, { language: "ar" });
  const view = (await context.cookies()).find((cookie) => cookie.name === "storefront_view")?.value ?? "-.0.0.0";
  await viewCookie(context, view.replace(/^[^.]*/, "ar"));
}

/** Notes the server's page element before any of the app's scripts run (see `adopted`). */
async function noteServerPage(page: Page) {
  await page.addInitScript(() =>
    document.addEventListener("readystatechange", () => {
      if (document.readyState === "interactive")
        Object.assign(globalThis, { serverPage: document.getElementById("root")?.firstElementChild ?? null });
    }),
  );
}

test.describe("with JavaScript disabled", () => {
  test.use({ javaScriptEnabled: false });

  test("/ shows the landing heading and the store name, in English", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(LANDING_EN);
    await expect(page.getByTestId("logo")).toContainText("Nile Market");
    await expect(page.getByText("Welcome to Nile Market")).toBeVisible();
    await expect(page.getByRole("contentinfo")).toContainText("Nile Market");
    await expect(page).toHaveTitle(/Nile Market/);
  });

  test("a reader whose saved choice is Arabic gets / in Arabic, right to left", async ({ page, context }) => {
    await viewCookie(context, "ar.0.0.0");
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "ar");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(LANDING_AR);
    await expect(page.getByTestId("logo")).toContainText("سوق النيل");
    // The copyright year in the page language's digits.
    const year = new Intl.NumberFormat("ar-EG", { useGrouping: false }).format(new Date().getFullYear());
    await expect(page.getByRole("contentinfo")).toContainText(`© ${year} سوق النيل`);
  });

  test("a browser that prefers Arabic gets Arabic until a language is chosen", async ({ browser }) => {
    const context = await browser.newContext({ locale: "ar-EG", javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(LANDING_AR);
    await context.close();
  });

  test("an unknown path is a real 404 with the not-found page", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
    await expect(page.getByRole("banner")).toBeVisible();
  });

  test("a chosen district's page carries the services bar and a skeleton for the page body", async ({ page, context }) => {
    await viewCookie(context, `-.0.${SEED.district}.${SEED.groceries}`);
    await page.goto("/home");
    const services = page.getByRole("navigation", { name: "Services" });
    await expect(services.getByRole("button", { name: "Groceries" })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("main").getByRole("status")).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
  });
});

test("a lazily loaded screen's page asks for its chunk and the rest of the catalogue with the page", async ({
  page,
  context,
}) => {
  const manifest = JSON.parse(readFileSync("dist/.vite/manifest.json", "utf8")) as Record<string, { file: string }>;
  const asked = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="\/([^"]+)">/g)].map(([, file]) => file);
  await viewCookie(context, `-.0.${SEED.district}.${SEED.groceries}`);
  const home = asked(await (await page.request.get("/home")).text());
  expect(home).toEqual(
    expect.arrayContaining([manifest["src/features/home/HomePage.tsx"]?.file, manifest["src/i18n/en.json?rest"]?.file]),
  );
  // The landing page is in the first chunk, with the messages it shows.
  await context.clearCookies();
  expect(asked(await (await page.request.get("/")).text())).toEqual([]);
});

test.describe("with scripts held back", () => {
  test("the page is painted: header, services bar, footer and the page's skeleton", async ({ page, context }) => {
    await seedStorage(page, { district_id: String(SEED.district), selectedService: String(SEED.groceries) });
    await viewCookie(context, `-.0.${SEED.district}.${SEED.groceries}`);
    const release = await holdScripts(page);
    await page.goto("/home", { waitUntil: "commit" });
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Services" })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await expect(page.getByRole("main").getByRole("status")).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => performance.getEntriesByName("first-contentful-paint").length))
      .toBe(1);
    release();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome to Nile Market");
  });

  test("the landing page the server sent is the one the app keeps (its DOM is adopted, not rendered again)", async ({
    page,
  }) => {
    const errors = errorsOf(page);
    const release = await holdScripts(page);
    await page.goto("/", { waitUntil: "commit" });
    const heading = await page.getByRole("heading", { level: 1 }).elementHandle();
    const header = await page.getByRole("banner").elementHandle();
    release();
    // The app waits for the shopper (a guest's landing page); the first click is theirs:
    // the app takes the page over and acts on it, and the elements painted before any
    // script are still the page's.
    await page.locator("html[data-core='on-intent']").waitFor({ state: "attached", timeout: 15_000 });
    await page.getByRole("button", { name: "Choose delivery location" }).click();
    await expect(page.getByRole("dialog")).toBeVisible({ timeout: 15_000 });
    await expect(page.locator("html")).toHaveAttribute("data-app", "ready");
    expect(await heading?.evaluate((element) => element.isConnected)).toBe(true);
    expect(await header?.evaluate((element) => element.isConnected)).toBe(true);
    expect(errors).toEqual([]);
  });
});

test.describe("a product page, with JavaScript disabled", () => {
  test.use({ javaScriptEnabled: false });

  test("shows the product, its shop and terms, in English and in Arabic with Arabic digits", async ({ page, context }) => {
    const product = await productOf(page.request, SHOPS.zamalek);
    await viewCookie(context, `en.0.${SEED.district}.${SEED.groceries}`);
    await page.goto(`/products/${product.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(product.name);
    await expect(page.getByRole("img", { name: product.name })).toBeVisible();
    await expect(page.locator("article")).toContainText(/Delivery in \d+ min/);
    await expect(page.getByTestId("stock-badge")).toBeVisible();
    await expect(page.getByTestId("favorite-button")).toHaveAttribute("aria-pressed", "false");
    await expect(page).toHaveTitle(/Nile Market/);

    const arabic = await productOf(page.request, SHOPS.zamalek, 0, "ar");
    await viewCookie(context, `ar.0.${SEED.district}.${SEED.groceries}`);
    await page.goto(`/products/${arabic.id}`);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(arabic.name);
    await expect(page.locator("article")).toContainText(/التوصيل خلال [٠-٩]+ دقيقة/);
    await expect(page.locator("[data-rating]")).toHaveAttribute("aria-label", /^التقييم [٠-٩]٫[٠-٩] من ٥$/);
  });
});

test.describe("the home page, with JavaScript disabled", () => {
  test.use({ javaScriptEnabled: false });

  test("opens with the greeting and the service's offers, in both languages", async ({ page, context }) => {
    await viewCookie(context, `en.0.${SEED.district}.${SEED.groceries}`);
    await page.goto("/home");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome to Nile Market");
    await expect(page.getByText("You are shopping in Groceries")).toBeVisible();
    const offers = page.getByTestId("home-section-block-slider");
    await expect(offers.getByRole("img", { name: "Offer 1" })).toBeVisible();
    await expect(offers.getByRole("img", { name: "Offer 1" })).toHaveAttribute("loading", "eager");
    await expect(offers.getByRole("img", { name: "Offer 2" })).toHaveAttribute("loading", "lazy");

    await viewCookie(context, `ar.0.${SEED.district}.${SEED.groceries}`);
    await page.goto("/home");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("مرحبًا بك في سوق النيل");
    await expect(page.getByTestId("home-section-block-slider").getByRole("img", { name: "العرض ٢" })).toBeAttached();
  });
});

test.describe("hydration", () => {
  /** Loads `path`, waits for the app to settle, and answers the console's errors. */
  async function visit(page: Page, path: string, settled: RegExp | string) {
    const errors = errorsOf(page);
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(settled, { timeout: 15_000 });
    await page.waitForLoadState("networkidle");
    return errors;
  }

  test("no hydration errors on the landing page, /home, a product page, the not-found page, in both languages", async ({
    page,
    context,
  }) => {
    test.slow();
    expect(await visit(page, "/", LANDING_EN)).toEqual([]);

    await seedStorage(page, { district_id: String(SEED.district), selectedService: String(SEED.groceries) });
    await viewCookie(context, `-.0.${SEED.district}.${SEED.groceries}`);
    expect(await visit(page, "/home", "Welcome to Nile Market")).toEqual([]);

    const product = await productOf(page.request, SHOPS.zamalek);
    expect(await visit(page, `/products/${product.id}`, product.name)).toEqual([]);
    expect(await visit(page, "/no-such-page", "Page not found")).toEqual([]);

    await seedStorage(page, { language: "ar" });
    await viewCookie(context, `ar.0.${SEED.district}.${SEED.groceries}`);
    expect(await visit(page, "/home", "مرحبًا بك في سوق النيل")).toEqual([]);
    const arabic = await productOf(page.request, SHOPS.zamalek, 0, "ar");
    expect(await visit(page, `/products/${arabic.id}`, arabic.name)).toEqual([]);
  });

  test("the home page the server sent is the one the app keeps, then the rest of its blocks", async ({ page, context }) => {
    await seedStorage(page, { district_id: String(SEED.district), selectedService: String(SEED.groceries) });
    await viewCookie(context, `-.0.${SEED.district}.${SEED.groceries}`);
    const errors = errorsOf(page);
    const release = await holdScripts(page);
    await page.goto("/home", { waitUntil: "commit" });
    const banner = page.getByTestId("home-section-block-slider").getByRole("img", { name: "Offer 1" });
    await expect(banner).toBeVisible();
    const painted = await banner.elementHandle();
    release();
    await expect(page.getByTestId("home-section-block-categories").getByRole("link").first()).toBeVisible({ timeout: 15_000 });
    expect(await painted?.evaluate((element) => element.isConnected)).toBe(true);
    expect(errors).toEqual([]);
  });

  test("the product page the server sent is the one the app keeps, every attribute right", async ({ page, context }) => {
    await seedStorage(page, { district_id: String(SEED.district), selectedService: String(SEED.groceries), language: "ar" });
    await viewCookie(context, `ar.0.${SEED.district}.${SEED.groceries}`);
    const product = await productOf(page.request, SHOPS.zamalek, 0, "ar");
    const errors = errorsOf(page);
    const release = await holdScripts(page);
    await page.goto(`/products/${product.id}`, { waitUntil: "commit" });
    const heading = page.getByRole("heading", { level: 1 });
    await expect(heading).toHaveText(product.name);
    const painted = await heading.elementHandle();
    // Money waits for the browser's own formatting: its place is held, not left empty.
    await expect(page.locator("article [aria-hidden='true'][class*='amountPending']")).toHaveCount(2);
    release();
    await expect(page.getByRole("button", { name: "أضف إلى السلة" })).toBeVisible({ timeout: 15_000 });
    await expect(page.locator("article [class*='amountPending']")).toHaveCount(0);
    expect(await painted?.evaluate((element) => element.isConnected)).toBe(true);
    // Attributes the server wrote are the ones the app would write (React keeps them as
    // sent), here the rating's and the favourite button's.
    const answer = (await (
      await page.request.get(`/api/products/${product.id}`, { headers: { Language: "ar", "district-id": String(SEED.district) } })
    ).json()) as { data: { rating: number } };
    await expect(page.locator("[data-rating]")).toHaveAttribute("data-rating", String(answer.data.rating));
    const shown = new Intl.NumberFormat("ar-EG", { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(answer.data.rating);
    await expect(page.locator("[data-rating]")).toHaveAttribute("aria-label", `التقييم ${shown} من ٥`);
    await expect(page.getByTestId("favorite-button")).toHaveAttribute("aria-pressed", "false");
    expect(errors).toEqual([]);
  });

  test("text typed into the header search before the app adopts the page is searched, not lost", async ({
    page,
    context,
  }) => {
    await seedStorage(page, { district_id: String(SEED.district), selectedService: String(SEED.groceries) });
    await viewCookie(context, `-.0.${SEED.district}.${SEED.groceries}`);
    const errors = errorsOf(page);
    const release = await holdScripts(page);
    await page.goto("/home", { waitUntil: "commit" });
    const box = page.getByRole("searchbox", { name: "Search for products" });
    await box.fill("milk");
    release();
    await expect(page.getByRole("region", { name: "Suggestions" }).getByRole("link").first()).toContainText(/milk/i, {
      timeout: 15_000,
    });
    await box.press("Enter");
    await expect(page).toHaveURL(/\/branches-results\?query=milk$/);
    expect(errors).toEqual([]);
  });

  test("a guest's landing page downloads no WASM until the shopper reaches for it, then takes a tap at once", async ({
    browser,
    baseURL,
  }) => {
    for (const language of ["en", "ar"]) {
      // A first visit: a browser with nothing stored (what the app stores after taking
      // over makes the next visit a returning one).
      const context = await browser.newContext({ baseURL });
      if (language === "ar") await context.addCookies([{ name: "storefront_view", value: "ar.0.0.0", url: baseURL ?? "" }]);
      const page = await context.newPage();
      const errors = errorsOf(page);
      const wasm: string[] = [];
      page.on("request", (request) => {
        if (request.url().endsWith(".wasm")) wasm.push(request.url());
      });
      // Loaded and read, untouched: the server's page, and no WASM asked for.
      await page.goto("/");
      await page.waitForLoadState("networkidle");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(language === "en" ? LANDING_EN : LANDING_AR);
      await expect(page.locator("html")).toHaveAttribute("data-core", "on-intent");
      await expect(page.locator("html")).not.toHaveAttribute("data-app", /.*/);
      expect(wasm, language).toEqual([]);
      if (language === "en") {
        // The shopper scrolls: the core loads and the app takes the page over.
        await page.mouse.wheel(0, 40);
        await expect(page.locator("html")).toHaveAttribute("data-app", "ready", { timeout: 15_000 });
      } else {
        // The shopper's first act is a tap: it is held while the core loads, then acted on.
        await page.getByRole("button", { name: "تسجيل الدخول / إنشاء حساب" }).first().click();
        await expect(page.getByTestId("sign-in-modal")).toBeVisible({ timeout: 15_000 });
      }
      // The start module at least (the sign-in brings the rest of the core).
      expect(wasm.length, language).toBeGreaterThanOrEqual(1);
      expect(errors, language).toEqual([]);
      await context.close();
    }
  });

  test("a returning guest's landing page starts the core at once: storage can say more than the cookie", async ({ page }) => {
    // Arabic stored, but no page-view cookie (cleared): the server draws English.
    await seedStorage(page, { language: "ar" });
    await page.goto("/", { waitUntil: "commit" });
    // No act of the shopper's: the app reads storage and shows the page in Arabic.
    await expect(page.locator("html")).toHaveAttribute("data-app", "ready", { timeout: 15_000 });
    await expect(page.locator("html")).not.toHaveAttribute("data-core", /.*/);
    await expect(page.locator("html")).toHaveAttribute("lang", "ar");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(LANDING_AR);
  });

  test("a tap before the app has taken over the page is not lost: it is acted on once the app has", async ({ page }) => {
    const errors = errorsOf(page);
    const release = await holdScripts(page);
    await page.goto("/", { waitUntil: "commit" });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(LANDING_EN);
    await earlyInputReady(page);
    await page.getByRole("button", { name: "Log in / Register" }).first().click();
    // The server's page does nothing with it yet…
    await expect(page.getByTestId("sign-in-modal")).toHaveCount(0);
    release();
    // …and the app opens the sign-in once it has adopted the page.
    await expect(page.getByTestId("sign-in-modal")).toBeVisible({ timeout: 15_000 });
    expect(errors).toEqual([]);
  });

  test("a search typed and submitted before the app has taken over the page is run", async ({ page, context }) => {
    await seedStorage(page, { district_id: String(SEED.district), selectedService: String(SEED.groceries) });
    await viewCookie(context, `-.0.${SEED.district}.${SEED.groceries}`);
    const release = await holdScripts(page);
    await page.goto("/home", { waitUntil: "commit" });
    await earlyInputReady(page);
    const box = page.getByRole("searchbox", { name: "Search for products" });
    await box.fill("milk");
    await box.press("Enter");
    // Held, not a reload of the page with the form's empty query.
    await expect(page).toHaveURL(/\/home$/);
    release();
    await expect(page).toHaveURL(/\/branches-results\?query=milk$/, { timeout: 15_000 });
  });

  test("no hydration errors for a signed-in customer with a district on every kind of page the server draws, in both languages, reload after reload", async ({
    page,
    context,
    server,
  }) => {
    test.slow();
    await signedInWithDistrict(page, context, server);
    await noteServerPage(page);
    const product = await productOf(page.request, SHOPS.zamalek);
    const errors = errorsOf(page);
    // The race this guards: the signed-in startup's answers (profile, service, cart) may
    // come before or after React adopts the page; either way it adopts the server's page.
    for (const language of ["en", "ar"] as const) {
      if (language === "ar") await switchToArabic(page, context);
      const paths = ["/home", `/products/${product.id}`, "/cart", "/account/my-orders", "/no-such-page"];
      for (let round = 1; round <= 2; round += 1) {
        for (const path of paths) await adopted(page, path, language, errors, round);
      }
    }
  });

  test("no hydration errors for a signed-in customer without a district, in both languages", async ({ page, context, server }) => {
    const session = await apiSignIn(page.request, server);
    await seedStorage(page, { token: session.token });
    await viewCookie(context, "-.1.0.0");
    await noteServerPage(page);
    const errors = errorsOf(page);
    for (const language of ["en", "ar"] as const) {
      if (language === "ar") await switchToArabic(page, context);
      for (const path of ["/", "/account/profile", "/no-such-page"]) await adopted(page, path, language, errors, 1);
    }
  });

  test("/cart arrives drawn with the customer's own lines, in both languages, and the app adopts it", async ({
    page,
    context,
    server,
  }) => {
    test.slow();
    const session = await apiSignIn(page.request, server);
    await seedStorage(page, { token: session.token, district_id: String(SEED.district), selectedService: String(SEED.groceries) });
    await viewCookie(context, `-.1.${SEED.district}.${SEED.groceries}`);
    const [first, second] = await shopProducts(page.request, SHOPS.zamalek);
    if (!first || !second) throw new Error("the demo shop has fewer than two steppable products");
    await addToCart(page.request, session, first.id, 2);
    await addToCart(page.request, session, second.id, 1);
    await noteServerPage(page);
    const errors = errorsOf(page);
    // The first page comes without the credential cookie: the app asks the page host for it.
    await adopted(page, "/home", "en", errors, 1);
    await expect.poll(async () => (await context.cookies()).some((c) => c.name === "storefront_session")).toBe(true);

    for (const language of ["en", "ar"] as const) {
      if (language === "ar") await switchToArabic(page, context);
      const names = await Promise.all(
        [first, second].map(async (p) => {
          const answer = await page.request.get(`/api/products/${p.id}`, { headers: { Language: language } });
          return ((await answer.json()) as { data: { name: string } }).data.name;
        }),
      );
      // The raw HTML, before any script: the lines with names and quantities, the count,
      // the prices as the app's Intl writes them, and no token.
      const raw = await page.request.get("/cart");
      expect(raw.headers()["cache-control"]).toBe("private, no-store");
      const html = await raw.text();
      for (const name of names) expect(html).toContain(`>${name.replace(/&/g, "&amp;")}</a>`);
      expect(html).not.toContain(session.token);
      const money = (amount: string) =>
        new Intl.NumberFormat(language === "ar" ? "ar-EG" : "en", { style: "currency", currency: "EGP" }).format(Number(amount));
      const count = language === "ar" ? "٣ منتجات" : "3 items";
      expect(html).toContain(count);
      expect(html).toContain(`value="${language === "ar" ? "٢" : "2"}"`);
      const total = (await (await page.request.get(`/api/get_card?service_id=${SEED.groceries}`, { headers: { Authorization: `Bearer ${session.token}` } })).json()) as {
        data: { cart_total: string };
      };
      expect(html).toContain(money(total.data.cart_total));

      // The app adopts it: no mismatch, the server's element kept, the same text on screen.
      await adopted(page, "/cart", language, errors, 1);
      await expect(page.getByTestId("cart-item")).toHaveCount(2);
      await expect(page.getByTestId("cart-count")).toContainText(count);
      await expect(page.getByTestId("total-total")).toHaveText(money(total.data.cart_total));
    }
  });

  test("no hydration errors for a signed-in customer on /cart", async ({ page, context, server }) => {
    await signedInWithDistrict(page, context, server);
    const errors = errorsOf(page);
    await page.goto("/cart");
    await expect(page.getByText("You don't have any product")).toBeVisible({ timeout: 15_000 });
    expect(errors).toEqual([]);
  });

  test("a signed-in customer's /cart asks for the cart beside the profile, not after it, and once", async ({ page, context, server }) => {
    await signedInWithDistrict(page, context, server);
    // Each call for the cart, by the language it asks in.
    const cartCalls: string[] = [];
    let cartAsked!: () => void;
    const asked = new Promise<void>((resolve) => (cartAsked = resolve));
    page.on("request", (request) => {
      if (!request.url().includes("/api/get_card")) return;
      cartCalls.push(request.headers()["language"] ?? "(no language)");
      cartAsked();
    });
    // The page stays busy (no idle moment: the header badge's own load waits), and the
    // profile answers only once the cart has been asked for. Were the cart asked for after
    // startup (which waits for the profile), the page would never fill.
    await page.addInitScript(() => {
      const waiting: IdleRequestCallback[] = [];
      globalThis.requestIdleCallback = (callback) => waiting.push(callback);
      Object.assign(globalThis, {
        idleNow: () => waiting.splice(0).forEach((callback) => callback({ didTimeout: false, timeRemaining: () => 50 })),
      });
    });
    await page.route("**/api/user/profile", async (route) => {
      await asked;
      await route.continue();
    });
    await page.goto("/cart");
    await expect(page.getByText("You don't have any product")).toBeVisible({ timeout: 15_000 });
    expect(cartCalls).toEqual(["en"]);
    // Once idle, the badge takes the cart already loaded instead of asking again.
    await page.evaluate(() => (globalThis as unknown as { idleNow: () => void }).idleNow());
    // The badge's own call proves its idle path has run: off the cart page (in the app,
    // no reload) a change of language is a new cart, which only the badge asks for, and
    // only once idle. Were the badge to ask again for the cart already loaded, that call
    // would have come when it turned idle, before this one. (The language change also
    // resets every query, so the Arabic cart may be asked for twice.)
    await page.getByTestId("logo").click();
    await expect(page).toHaveURL(/\/home$/);
    const arabicCart = page.waitForRequest((r) => r.url().includes("/api/get_card") && r.headers()["language"] === "ar");
    await page.getByTestId("language-switcher").click();
    await arabicCart;
    expect(cartCalls.slice(0, cartCalls.indexOf("ar")), "the calls for the cart before the badge's Arabic one").toEqual(["en"]);
  });

  test("a product page draws the product before the core's cart module has arrived", async ({ page, context }) => {
    await seedStorage(page, { district_id: String(SEED.district), selectedService: String(SEED.groceries) });
    await viewCookie(context, `-.0.${SEED.district}.${SEED.groceries}`);
    const product = await productOf(page.request, SHOPS.zamalek);
    // Every WASM module but the first the app asks for (the start module, which it loads
    // before anything else) is held back.
    let start: string | null = null;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/*.wasm", async (route) => {
      start ??= route.request().url();
      if (route.request().url() !== start) await held;
      await route.continue();
    });
    await page.goto(`/products/${product.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(product.name);
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(1);
    await expect(page.getByRole("button", { name: "Add to cart" })).toHaveCount(0);
    release();
    await expect(page.getByRole("button", { name: "Add to cart" })).toBeVisible();
  });

  test("the app keeps the page-view cookie in step with storage", async ({ page }) => {
    await seedStorage(page, { district_id: String(SEED.district), selectedService: String(SEED.restaurants), language: "ar" });
    await page.goto("/home");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === "storefront_view")?.value).toBe(`ar.0.${SEED.district}.${SEED.restaurants}.0`);
    // The next page comes from the server as the app shows it: Arabic, the chosen service pressed.
    const html = await (await page.request.get("/home")).text();
    expect(html).toContain('dir="rtl"');
  });
});

test.describe("a product's reviews", () => {
  test("are in the server's page, inside the screen the app adopts, in Arabic and right to left", async ({
    page,
    context,
    request,
    server,
  }) => {
    test.slow();
    // The last of the shop's products, which the other tests leave alone: two customers
    // get it delivered and review it, one in Arabic, one in English with markup typed in.
    const products = await shopProducts(request, SHOPS.zamalek, "ar");
    const product = products[products.length - 1];
    if (!product) throw new Error("no product to review");
    const reviews = [
      { name: "Mona Adel", rating: 5, comment: "طازج ومغلف جيدًا", language: "ar" as const },
      { name: "Karim Samir", rating: 4, comment: "Good <b>value</b>", language: "en" as const },
    ];
    for (const review of reviews) {
      const session = await apiSignIn(request, server, { name: review.name });
      const address = await addAddress(request, session);
      await addToCart(request, session, product.id, 1);
      const placed = await request.post("/api/order/checkout", {
        headers: auth(session),
        data: { service_id: SEED.groceries, address_id: address, payment_method: "cash" },
      });
      expect(placed.ok()).toBe(true);
      const order = ((await placed.json()) as { data: { id: number } }).data;
      server.operator("order-status", String(order.id), "processing", "shipped", "delivered");
      const written = await request.post(`/api/products/${product.id}/reviews`, {
        headers: auth(session, review.language),
        data: { rating: review.rating, comment: review.comment },
      });
      expect(written.status()).toBe(201);
    }

    await seedStorage(page, { district_id: String(SEED.district), selectedService: String(SEED.groceries), language: "ar" });
    await viewCookie(context, `ar.0.${SEED.district}.${SEED.groceries}`);
    // The server's HTML: the section is the screen's, inside the root, filled and escaped.
    const html = await (await page.request.get(`/products/${product.id}`)).text();
    const root = html.slice(html.indexOf("<!--storefront:page-->"), html.indexOf("<!--/storefront:page-->"));
    expect(root).toContain('data-testid="product-reviews"');
    expect(root).toContain("التقييمات");
    expect(root).toContain("طازج ومغلف جيدًا");
    expect(root).toContain("Good &lt;b&gt;value&lt;&#x2f;b&gt;");
    expect(root).toContain('aria-label="التقييم ٤٫٥ من ٥"');
    expect(root).not.toContain("{{");

    const errors = errorsOf(page);
    const release = await holdScripts(page);
    await page.goto(`/products/${product.id}`, { waitUntil: "commit" });
    const section = page.getByRole("region", { name: "التقييمات" });
    await expect(section.getByText("طازج ومغلف جيدًا")).toBeVisible();
    const painted = await section.elementHandle();
    release();
    await expect(page.getByRole("button", { name: "أضف إلى السلة" })).toBeVisible({ timeout: 15_000 });
    // The app kept the server's section (no hydration mismatch threw it away).
    expect(await painted?.evaluate((element) => element.isConnected)).toBe(true);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(section.getByRole("img", { name: "التقييم ٤٫٥ من ٥" })).toBeVisible();
    await expect(section.getByText("تقييمان", { exact: true })).toBeVisible();
    await expect(section.getByText("٥ نجوم: ٥٠٪ من التقييمات")).toBeAttached();
    // Newest first; the English comment as text, in its own language and direction.
    await expect(section.locator("li[lang]").first()).toHaveAttribute("lang", "en");
    await expect(section.getByText("Good <b>value</b>")).toHaveAttribute("dir", "auto");
    await expect(section.getByText("Mona A.")).toBeVisible();
    // Once adopted, the date is the page locale's, not the server's day.
    await expect(section.locator("time").first()).not.toHaveText(/-/);
    await expect(section.getByLabel("ترتيب التقييمات")).toHaveValue("newest");
    expect(errors).toEqual([]);
  });
});
