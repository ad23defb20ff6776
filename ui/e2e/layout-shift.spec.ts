import { expect, test, type APIRequestContext, type BrowserContext, type Page } from "./fixtures";
import { addToCart, productOf, SHOPS, type Language } from "./cart-support";
import { placeOrder } from "./account-support";
import { guestWithDistrict, SEED, signIn, viewCookie } from "./support";

/**
 * Pages keep still while they load (issue: first paint, "no layout shift"): nothing the
 * shopper already sees moves when the app takes the server's page over, when the core's
 * modules arrive, or when a second answer comes after the first. A page waits for what
 * would push its content about, a placeholder is as big as what replaces it, and text
 * that changes is replaced rather than rewritten.
 *
 * Each page is read with the browser's own layout-shift entries (those not caused by
 * input), in English on a wide screen and in Arabic, right to left, on a phone.
 */

test.describe.configure({ timeout: 90_000 });

const VIEWS: { language: Language; width: number }[] = [
  { language: "en", width: 1280 },
  { language: "ar", width: 412 },
];

interface Shift {
  value: number;
  moved: string[];
}

/** Records every layout shift of each document the page loads. */
async function recordShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: { value: number; moved: string[] }[] = [];
    (window as { __shifts?: typeof shifts }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources: { node?: Node | null }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        const moved = entry.sources.map((source) => {
          const node = source.node;
          if (node instanceof Element) return node.outerHTML.slice(0, 120);
          return `${node?.nodeName ?? "?"}: ${(node?.textContent ?? "").slice(0, 60)}`;
        });
        shifts.push({ value: entry.value, moved });
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

/** Whether anything on screen is still loading (sections further down load as they come into view). */
function loadingOnScreen(page: Page): Promise<boolean> {
  return page.evaluate(() =>
    [...document.querySelectorAll('[aria-busy="true"], [data-testid="skeleton"]')].some((element) => {
      const box = element.getBoundingClientRect();
      return box.height > 0 && box.bottom > 0 && box.top < window.innerHeight;
    }),
  );
}

/** Loads `path`, lets it settle (no request for a while, nothing on screen loading), and answers its shifts. */
async function shiftsOf(page: Page, path: string): Promise<Shift[]> {
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  await expect.poll(() => loadingOnScreen(page), { message: `${path} settles` }).toBe(false);
  return page.evaluate(() => (window as { __shifts?: Shift[] }).__shifts ?? []);
}

async function expectStill(page: Page, paths: string[]) {
  for (const path of paths) {
    expect(await shiftsOf(page, path), `layout shifts on ${path}`).toEqual([]);
  }
}

/** A category of the groceries service with subcategories, and one without. */
async function categories(request: APIRequestContext): Promise<{ parent: number; leaf: number }> {
  const response = await request.get(`/api/categories?service_id=${SEED.groceries}&is_tree=1&limit=1000`);
  expect(response.ok()).toBe(true);
  type Node = { id: number; children?: Node[] | null };
  const tree = ((await response.json()) as { data: Node[] }).data;
  const parent = tree.find((node) => (node.children ?? []).length > 0);
  const leaf = tree.flatMap((node) => node.children ?? []).find((node) => (node.children ?? []).length === 0);
  if (!parent || !leaf) throw new Error("the seed has no category with subcategories, or none without");
  return { parent: parent.id, leaf: leaf.id };
}

/**
 * A returning reader (storage mirrored in the page-view cookie) on a slow link: the API
 * answers a moment after the page has been drawn, as it does on a phone, so an answer
 * that would move the page comes after the first paint here too.
 */
async function asReturningReader(page: Page, context: BrowserContext, language: Language, width: number, signedIn: boolean) {
  await page.setViewportSize({ width, height: 800 });
  await viewCookie(context, `${language}.${signedIn ? 1 : 0}.${SEED.district}.${SEED.groceries}`);
  await recordShifts(page);
  await page.route("**/api/**", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 250));
    await route.fallback();
  });
}

for (const { language, width } of VIEWS) {
  test(`catalogue pages keep still while they load (${language}, ${width} px)`, async ({ page, context }) => {
    await asReturningReader(page, context, language, width, false);
    await guestWithDistrict(page, { language });
    const product = await productOf(page.request, SHOPS.gardenCity);
    const { parent, leaf } = await categories(page.request);
    await expectStill(page, [
      "/home",
      `/products/${product.id}`,
      `/categories/${parent}`,
      `/categories/${leaf}`,
      `/products?category_id=${leaf}`,
    ]);
  });

  test(`a customer's pages keep still while they load (${language}, ${width} px)`, async ({ page, context, server }) => {
    await asReturningReader(page, context, language, width, true);
    // A name in Latin letters on the Arabic page too: text of both directions on one line.
    const session = await signIn(page, server, {
      name: "Mona Adel",
      storage: { district_id: String(SEED.district), selectedService: String(SEED.groceries), language },
    });
    const order = await placeOrder(page.request, session.token);
    await addToCart(page.request, session, (await productOf(page.request, SHOPS.gardenCity, 60)).id, 1);
    await expectStill(page, [
      "/account",
      `/account/my-orders/${order.id}`,
      "/cart",
      "/checkout",
      "/account/my-wallet",
      "/account/my-reviews",
      "/account/loyalty-points",
      "/account/referral-program",
      // Last: by now the app has kept the customer's name, and greets them at once.
      "/home",
    ]);
  });
}
