import { test as base, type Page, type Response } from "@playwright/test";
import { startStaticHost, type StaticHost } from "./server";

export { expect } from "@playwright/test";
export type { APIRequestContext, BrowserContext, Locator, Page, Request } from "@playwright/test";
export type { StaticHost } from "./server";

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
  await reachFor(page);
  await page.locator("html[data-app='ready']").waitFor({ state: "attached", timeout: 15_000 });
}

/**
 * A page the app takes over only once the shopper reaches for it (a guest's landing page,
 * `html[data-core="on-intent"]`): a key goes down (Shift, which does nothing else).
 */
export async function reachFor(page: Page): Promise<void> {
  if ((await page.locator("html[data-core='on-intent']:not([data-app])").count()) === 0) return;
  await page.keyboard.press("Shift");
}

/**
 * Each worker's own static-host (e2e/server.ts): a free port, a fresh data directory and
 * outbox, stopped and removed when the worker ends. Tests reach it as `baseURL` (pages
 * and `request`), and through `server` for what the browser cannot see: the codes in its
 * outbox, the operator command on its data directory. No two workers share a server, a
 * database or an outbox.
 */
export const test = base.extend<{ serverAlive: undefined }, { server: StaticHost }>({
  server: [
    // Playwright reads a fixture's dependencies from its first parameter: none here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide, workerInfo) => {
      const server = await startStaticHost({ name: `worker-${workerInfo.parallelIndex}` });
      await provide(server);
      const exited = server.exited();
      await server.stop();
      if (exited !== null) throw new Error(`the worker's static-host ${exited} while tests ran:\n${server.log()}`);
    },
    { scope: "worker", timeout: 90_000 },
  ],
  baseURL: async ({ server }, provide) => provide(server.url),
  /** A test that fails because the worker's server died says so, with the server's output. */
  serverAlive: [
    async ({ server }, provide, testInfo) => {
      await provide(undefined);
      const exited = server.exited();
      if (exited === null) return;
      await testInfo.attach("static-host output", { body: server.log(), contentType: "text/plain" });
      throw new Error(`the worker's static-host ${exited} during this test (its output is attached)`);
    },
    { auto: true },
  ],
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
