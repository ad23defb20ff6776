import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { expect, test, type Page } from "./fixtures";
import { SHOPS, addAddress, addToCart, productOf, shopper, type Language } from "./cart-support";
import { seedStorage } from "./support";
import { launchOptions } from "./browser";

// The map draws with WebGL (software, SwiftShader).
test.use({ launchOptions: launchOptions({ webgl: true }) });

// The storefront under its own Content-Security-Policy (static-host sends it with every
// response): the headers are there, the built page has no inline script, and no page
// (landing with the map picker open, home, a product, cart, checkout, account pages)
// makes the browser report a CSP violation, in English and in Arabic.

const CSP =
  "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data: blob:; " +
  "font-src 'self'; connect-src 'self'; worker-src 'self'; manifest-src 'self'; frame-ancestors 'none'; " +
  "form-action 'self'; object-src 'none'; base-uri 'self'";

/** Collects CSP violations: the DOM event and Chromium's console report (workers included). */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to (load|execute|create|apply|connect|frame)/i.test(message.text())) {
      violations.push(`${page.url()}: console: ${message.text()}`);
    }
  });
  await page.exposeFunction("reportCspViolation", (text: string) => violations.push(`${page.url()}: ${text}`));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { reportCspViolation(text: string): void }).reportCspViolation;
      report(`${event.violatedDirective} blocked ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
  return violations;
}

/** The built map worker (the big mapbox-gl-csp-worker asset; the small one is the module naming its URL). */
function mapWorkerScript(): string {
  const assets = join(import.meta.dirname, "..", "dist", "assets");
  const worker = readdirSync(assets).find(
    (name) => /^mapbox-gl-csp-worker-.+\.js$/.test(name) && statSync(join(assets, name)).size > 100_000,
  );
  expect(worker, "the map worker in dist/assets").toBeTruthy();
  return `/assets/${worker}`;
}

/** Opens `path` and waits until the app has rendered and stopped loading. */
async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator("#root > *").first()).toBeVisible();
  await page.waitForLoadState("networkidle");
}

test("the server sends the security headers with pages, assets and API answers", async ({ request }) => {
  const index = await request.get("/");
  const asset = /<script type="module"[^>]* src="(\/assets\/[^"]+\.js)"/.exec(await index.text())?.[1];
  expect(asset).toBeTruthy();
  for (const path of ["/", "/products/1", asset ?? "", "/api/setting", "/api/no-such-call"]) {
    const response = await request.get(path);
    const headers = response.headers();
    expect(headers["content-security-policy"], path).toBe(CSP);
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
    expect(headers["permissions-policy"], path).toMatch(/^geolocation=\(self\), /);
    expect(headers["strict-transport-security"], `${path}: HSTS over plain HTTP`).toBeUndefined();
    expect(headers["access-control-allow-origin"], path).toBeUndefined();
  }
});

test("the built page has no inline script, style or event handler", () => {
  const html = readFileSync(join(import.meta.dirname, "..", "dist", "index.html"), "utf8");
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
  expect(scripts.length).toBeGreaterThan(0);
  for (const [, attributes, body] of scripts) {
    // Files of this origin: the app's bundles and the head's small early-input script.
    expect(attributes).toMatch(/\bsrc="\/(assets\/[^"]+|early-input)\.js"/);
    expect(body?.trim()).toBe("");
  }
  expect(html).not.toMatch(/<style\b/i);
  expect(html).not.toMatch(/\sstyle=/i);
  expect(html).not.toMatch(/\son[a-z]+=/i);
});

for (const language of ["en", "ar"] as Language[]) {
  test(`no page reports a Content-Security-Policy violation (${language})`, async ({ browser, server }) => {
    test.slow();
    // A guest first: the landing page and the location picker's map.
    const guest = await browser.newPage();
    const guestViolations = await watchCsp(guest);
    const requested: string[] = [];
    guest.on("request", (request) => requested.push(new URL(request.url()).pathname));
    await seedStorage(guest, { language });
    await visit(guest, "/");
    const cta = language === "ar" ? "اختر موقع التوصيل" : "Choose delivery location";
    await guest.getByRole("button", { name: cta }).first().click();
    const map = guest.getByTestId("picker-map");
    await expect(map).toHaveAttribute("data-ready", "true");
    await expect(map.locator("canvas")).toBeVisible();
    // The districts are loaded by the map's worker, a same-origin script (not a blob:).
    await expect.poll(() => requested.includes("/api/map/districts")).toBe(true);
    expect(requested).toContain(mapWorkerScript());
    await guest.waitForLoadState("networkidle");
    await guest.close();

    // A customer with an address and a cart line: the shopping and account pages.
    const page = await browser.newPage();
    const violations = await watchCsp(page);
    const session = await shopper(page, server, language);
    const product = await productOf(page.request, SHOPS.zamalek);
    await addAddress(page.request, session);
    await addToCart(page.request, session, product.id, 1);
    for (const path of [
      "/home",
      `/products/${product.id}`,
      "/cart",
      "/checkout",
      "/account/my-orders",
      "/account/my-wallet",
      "/account/my-reviews",
      "/account/profile",
      "/account/my-address",
      "/account/information/1",
    ]) {
      await visit(page, path);
    }
    await expect(page.locator("html")).toHaveAttribute("lang", language);
    await page.close();

    expect([...guestViolations, ...violations]).toEqual([]);
  });
}
