import { expect, test } from "./fixtures";
import { addToCart, cartRow, productOf, shopper, SHOPS } from "./cart-support";
import { toast } from "./support";
import { CACHE_NAMES } from "../src/service-worker/routes";

// The installable app: the service worker is on here (blocked in every other suite).
test.use({ serviceWorkers: "allow" });

test("offline after a visit: the app opens, shows the catalogue it saw and the cart; back online it recovers", async ({ page, context, request, server }) => {
  test.setTimeout(120_000);
  const session = await shopper(page, server, "en");
  const product = await productOf(request, SHOPS.gardenCity);
  await addToCart(request, session, product.id, 1);

  // First visit: the worker installs, precaches the app and takes control.
  await page.goto("/home");
  await page.waitForFunction(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active !== null && navigator.serviceWorker.controller !== null;
  });
  // Browsing with the worker in control keeps what was seen.
  await page.reload();
  const section = page.getByTestId("home-section-home-products");
  const products = section.getByTestId("product-card");
  // Every product is below the blocks: asked for as the reader scrolls to it.
  await section.scrollIntoViewIfNeeded();
  await expect(products.first()).toBeVisible();
  const seen = await products.first().locator("h3").innerText();
  await page.goto("/cart");
  await expect(cartRow(page, product.name)).toBeVisible();
  await expect(page.getByTestId("offline-banner")).toHaveCount(0);
  // The server draws the cart's lines before the app asks for them, so the row alone does
  // not show the app has read the cart; offline it has only what the worker kept.
  await page.waitForFunction(async (cacheName) => {
    const keys = await (await caches.open(cacheName)).keys();
    return keys.some((request) => new URL(request.url).pathname === "/api/get_card");
  }, CACHE_NAMES.personal);

  await context.setOffline(true);
  // The app itself opens from the precache, with the catalogue and cart it saw.
  await page.goto("/home");
  await expect(page.getByTestId("offline-banner")).toBeVisible();
  await expect(page.getByTestId("offline-banner")).toContainText("You are offline");
  await section.scrollIntoViewIfNeeded();
  await expect(products.filter({ hasText: seen }).first()).toBeVisible();
  await page.goto("/cart");
  const row = cartRow(page, product.name);
  await expect(row).toBeVisible();
  // A change needs the server: it says so plainly and nothing is lost.
  await row.getByRole("button", { name: "Increase quantity" }).click();
  await expect(toast(page, /You are offline\. This needs an internet connection/)).toBeVisible();
  await expect(row.getByRole("textbox")).toHaveValue("1");

  // Back online: the banner goes by itself and changes work again.
  await context.setOffline(false);
  await expect(page.getByTestId("offline-banner")).toHaveCount(0);
  await row.getByRole("button", { name: "Increase quantity" }).click();
  await expect
    .poll(async () => {
      const cart = (await (await request.get(`/api/get_card?service_id=1`, { headers: { Authorization: `Bearer ${session.token}` } })).json()) as {
        data: { items: { product_id: number; qty: number }[] };
      };
      return cart.data.items.find((item) => item.product_id === product.id)?.qty;
    })
    .toBe(2);
});

test("the offline banner speaks Arabic", async ({ page, context, server }) => {
  await shopper(page, server, "ar");
  await page.goto("/home");
  await page.waitForFunction(async () => (await navigator.serviceWorker.ready).active !== null && navigator.serviceWorker.controller !== null);
  await context.setOffline(true);
  await page.goto("/home");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByTestId("offline-banner")).toContainText("أنت غير متصل بالإنترنت");
});
