import { expect, test } from "./fixtures";

test("the WASM module is served as application/wasm", async ({ page }) => {
  const wasm = page.waitForResponse((r) => r.url().endsWith(".wasm"));
  await page.goto("/");
  const response = await wasm;
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/wasm");
});

test("the app starts with no page errors", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (err) => errors.push(err.message));
  await page.goto("/");
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.getByRole("contentinfo")).toBeVisible();
  expect(errors).toEqual([]);
});
