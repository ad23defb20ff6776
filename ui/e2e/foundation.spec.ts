import { expect, test } from "@playwright/test";

test("the page renders values computed by the Rust core in WASM", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (err) => errors.push(err.message));
  await page.goto("/");
  await expect(page.getByTestId("ar-direction")).toHaveText("rtl");
  await expect(page.getByTestId("core-version")).toHaveText(/^\d+\.\d+\.\d+$/);
  expect(errors).toEqual([]);
});

test("the WASM module is served as application/wasm", async ({ page }) => {
  const wasm = page.waitForResponse((r) => r.url().endsWith(".wasm"));
  await page.goto("/");
  const response = await wasm;
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/wasm");
});
