import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "./fixtures";
import { seedStorage, SEED } from "./support";

/**
 * The storefront against an external API (`STOREFRONT_API_BASE_URL`): a second
 * static-host serves the API, a third serves the UI pointed at it. Every picture (the
 * store's logo, service icons, banners, products) comes from the API's server, and no
 * request fails, on the page the server sends and once the app has adopted it.
 */

const BIN = process.env.STATIC_HOST_BIN ?? "../target/debug/static-host";
const API_PORT = 18191;
const SHOP_PORT = 18192;
const API = `http://127.0.0.1:${API_PORT}`;
const SHOP = `http://127.0.0.1:${SHOP_PORT}`;

const servers: ChildProcess[] = [];
const dirs: string[] = [];

async function serve(port: number, env: Record<string, string>): Promise<void> {
  const data = mkdtempSync(join(tmpdir(), "storefront-external-"));
  dirs.push(data);
  const server = spawn(BIN, [], {
    env: { ...process.env, STOREFRONT_ADDR: `127.0.0.1:${port}`, STOREFRONT_DATA_DIR: data, STOREFRONT_UI_DIR: "dist", RUST_LOG: "warn", ...env },
    stdio: "ignore",
  });
  servers.push(server);
  for (let attempt = 0; attempt < 150; attempt += 1) {
    const up = await fetch(`http://127.0.0.1:${port}/`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`static-host on port ${port} did not start`);
}

test.beforeAll(async () => {
  await serve(API_PORT, { STOREFRONT_CORS_ORIGINS: SHOP });
  await serve(SHOP_PORT, { STOREFRONT_API_BASE_URL: `${API}/api` });
});

test.afterAll(() => {
  for (const server of servers) server.kill();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

test("against an external API every picture comes from its server and no request fails", async ({ page }) => {
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
});
