import { test as base, type Page, type Response } from "@playwright/test";

export { expect } from "@playwright/test";
export type { APIRequestContext, BrowserContext, Locator, Page } from "@playwright/test";

/**
 * Until React has committed the app, the page on screen is the server's HTML, which
 * takes no clicks and whose typed text the app may replace (`App.tsx` marks the
 * document when it has). So each page load here also waits for that, the way a shopper
 * waits for the page to respond; a test that means to act before it (scripts held back,
 * `waitUntil: "commit"`) or runs without JavaScript is left alone.
 */
async function appTakenOver(page: Page, response: Response | null, waitUntil: string | undefined): Promise<void> {
  if (waitUntil === "commit") return;
  const type = response?.headers()["content-type"] ?? "";
  if (!type.startsWith("text/html")) return;
  await page.locator("html[data-app='ready']").waitFor({ state: "attached", timeout: 15_000 });
}

export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, provide) => {
    if (javaScriptEnabled) {
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        await appTakenOver(page, response, options?.waitUntil);
        return response;
      };
      page.reload = async (options) => {
        const response = await reload(options);
        await appTakenOver(page, response, options?.waitUntil);
        return response;
      };
    }
    await provide(page);
  },
});
