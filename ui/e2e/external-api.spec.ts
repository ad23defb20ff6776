import { expect, test } from "./fixtures";
import { freePort, startStaticHost, type StaticHost } from "./server";
import { seedStorage, SEED } from "./support";

/**
 * The storefront against an external API (`STOREFRONT_API_BASE_URL`): a second
 * static-host serves the API, a third serves the UI pointed at it. Every picture (the
 * store's logo, service icons, banners, products) comes from the API's server, and no
 * request fails, on the page the server sends and once the app has adopted it.
 *
 * Both servers are this file's own, started by the helper the workers' servers use
 * (e2e/server.ts): fresh data directories, free ports, each one's address read from its
 * own output (so no other process answers in its place), its output in the error when it
 * stops or does not come up.
 */

let api: StaticHost | undefined;
let shop: StaticHost | undefined;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  // Each needs the other's address before it starts: the shop's port is chosen first
  // (the API allows pages from it), the API's is whatever the system gives it.
  const shopPort = await freePort();
  api = await startStaticHost({ name: "external-api", env: { STOREFRONT_CORS_ORIGINS: `http://127.0.0.1:${shopPort}` } });
  shop = await startStaticHost({
    name: "external-shop",
    addr: `127.0.0.1:${shopPort}`,
    env: { STOREFRONT_API_BASE_URL: `${api.url}/api` },
    // No embedded API on this one: its landing page says it is up.
    readyPath: "/",
  });
  expect(shop.url, "the shop server listens on the port it was given").toBe(`http://127.0.0.1:${shopPort}`);
});

test.afterAll(async () => {
  await Promise.all([api?.stop(), shop?.stop()]);
});

test("against an external API every picture comes from its server and no request fails", async ({ page }) => {
  if (!api || !shop) throw new Error("the servers did not start (see beforeAll)");
  const API = api.url;
  const SHOP = shop.url;
  const failed: string[] = [];
  page.on("requestfailed", (request) => failed.push(`${request.url()} ${request.failure()?.errorText ?? ""}`));
  page.on("response", (response) => {
    if (response.status() >= 400) failed.push(`${response.url()} ${response.status()}`);
  });
  const pictures: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "image") pictures.push(request.url());
  });
  await seedStorage(page, { district_id: String(SEED.district), selectedService: String(SEED.groceries) });

  await page.goto(`${SHOP}/home`);
  // The store's logo, on the page the server sent and after the app adopted it.
  const logo = page.locator("header img").first();
  await expect(logo).toHaveAttribute("src", `${API}/api/media/brand/logo.svg`);
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.waitForLoadState("networkidle");

  expect(failed).toEqual([]);
  const media = pictures.filter((url) => url.includes("/media/"));
  expect(media.length).toBeGreaterThan(3);
  expect(media.filter((url) => !url.startsWith(`${API}/api/media/`))).toEqual([]);
  // Both servers ran to the end of the test (a crash would have shown above, with
  // requests failing; this names it).
  expect(api.exited(), api.log()).toBeNull();
  expect(shop.exited(), shop.log()).toBeNull();
});
