import { expect, type Page } from "@playwright/test";
import { SEED, seedStorage } from "./support";

/**
 * Helpers of the catalogue end-to-end tests (sign-in, storage seeding and the axe scan
 * are the shared ones in ./support).
 */

export interface ClientSetup {
  language?: "en" | "ar";
  token?: string;
}

/** A shopper with the demo district and the groceries service, in a language, maybe signed in. */
export async function prepareClient(page: Page, setup: ClientSetup = {}): Promise<void> {
  await seedStorage(page, {
    district_id: String(SEED.district),
    selectedService: String(SEED.groceries),
    language: setup.language ?? "en",
    ...(setup.token ? { token: setup.token } : {}),
  });
}

/** The main content never widens the page (rails scroll inside it). */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => {
    const main = document.querySelector("main");
    return {
      content: main?.scrollWidth ?? 0,
      box: main?.clientWidth ?? 0,
      right: main?.getBoundingClientRect().right ?? 0,
      view: window.innerWidth,
    };
  });
  expect(widths.content, "main content wider than its box").toBeLessThanOrEqual(widths.box);
  expect(widths.right, "main wider than the viewport").toBeLessThanOrEqual(widths.view);
}

/** Names of the product cards of the first grid on the page, in order. */
export async function productNames(page: Page): Promise<string[]> {
  return page.getByTestId("product-grid").first().locator("h3").allInnerTexts();
}

/** Prices (as numbers) of the product cards of the first grid on the page, in order. */
export async function productPrices(page: Page): Promise<number[]> {
  const values = await page
    .getByTestId("product-grid")
    .first()
    .locator("[data-testid=product-card] data")
    .evaluateAll((nodes) => nodes.map((n) => (n as HTMLDataElement).value));
  return values.map(Number);
}
