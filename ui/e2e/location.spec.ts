import { expect, test, type Page } from "./fixtures";
import { expectAccessible, stored, useLanguage } from "./auth-support";
import { launchOptions } from "./browser";

// The map draws with WebGL (software, SwiftShader).
test.use({ launchOptions: launchOptions({ webgl: true }) });

// The location picker (spec 2, 4, 8): map search, support checks against the reference
// API's districts, confirm, and the mapbox-gl map drawing the API's districts offline.

/** The landing page's call to action opens the picker. */
async function openPicker(page: Page, cta = "Choose delivery location") {
  await page.goto("/");
  await page.getByRole("button", { name: cta }).first().click();
  const picker = page.getByTestId("location-picker");
  await expect(picker).toBeVisible();
  return picker;
}

async function search(page: Page, text: string, label = "Search for a place") {
  const picker = page.getByTestId("location-picker");
  await picker.getByLabel(label).fill(text);
}

test("the map library loads only when the picker opens, and draws the districts offline", async ({ page }) => {
  test.slow();
  const scripts: string[] = [];
  const errors: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script") scripts.push(r.url());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  const external: string[] = [];
  page.on("request", (r) => {
    if (!r.url().startsWith("http://127.0.0.1") && !r.url().startsWith("blob:") && !r.url().startsWith("data:")) {
      external.push(r.url());
    }
  });
  await page.goto("/");
  await expect(page.getByRole("button", { name: "Choose delivery location" })).toBeVisible();
  expect(scripts.filter((url) => /mapbox/i.test(url))).toEqual([]);

  const districts = page.waitForResponse((r) => r.url().endsWith("/api/map/districts"));
  await page.getByRole("button", { name: "Choose delivery location" }).click();
  const picker = page.getByTestId("location-picker");
  await expect(picker).toBeVisible();
  const answer = await districts;
  expect(answer.status()).toBe(200);
  expect(((await answer.json()) as { features: unknown[] }).features.length).toBeGreaterThan(0);
  expect(scripts.some((url) => /mapbox/i.test(url))).toBe(true);
  const map = picker.getByTestId("picker-map");
  await expect(map).toHaveAttribute("data-ready", "true");
  await expect(map).toHaveCSS("height", "400px");
  await expect(map.locator("canvas")).toBeVisible();
  expect(external).toEqual([]);
  expect(errors).toEqual([]);
});

test("searching a supported place, confirming it: the district is stored and the customer goes home", async ({ page }) => {
  const picker = await openPicker(page);
  const confirm = picker.getByTestId("confirm-location");
  await expect(confirm).toHaveText("Choose location");
  await expect(confirm).toBeDisabled();
  await expect(picker.getByTestId("map-search-status")).toHaveText("start typing");
  await expectAccessible(page);

  await search(page, "Tahrir");
  await picker.getByRole("button", { name: /^Tahrir Square/ }).click();
  await expect(confirm).toHaveText("Pick this address");
  await expect(confirm).toBeEnabled();
  await confirm.click();
  await expect(picker).toBeHidden();
  await expect(page).toHaveURL(/\/home$/);
  expect(await stored(page, "district_id")).toBe("3");
  expect(JSON.parse((await stored(page, "location")) ?? "null")).toEqual({ lat: 30.0444, lng: 31.2357 });
  expect(await stored(page, "modal_status")).toBeNull();
});

test("an unsupported place says so and cannot be confirmed; no results and searching show", async ({ page }) => {
  const picker = await openPicker(page);
  const status = picker.getByTestId("map-search-status");
  // The first answer is held until 'searching' has been seen, then the real API answers.
  let release!: () => void;
  const seen = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/map/search?*", async (route) => {
    await seen;
    await route.continue();
  });
  await search(page, "Zzyzx-nowhere");
  await expect(status).toHaveText("searching");
  release();
  await expect(status).toHaveText("no results found");

  await search(page, "Pyramids");
  await picker.getByRole("button", { name: /^Giza Pyramids/ }).click();
  const confirm = picker.getByTestId("confirm-location");
  await expect(confirm).toHaveText("Location not supported");
  await expect(confirm).toBeDisabled();
  expect(await stored(page, "district_id")).toBeNull();
});

test("clicking the map chooses the point under the cursor", async ({ page }) => {
  const picker = await openPicker(page);
  await search(page, "Cairo Tower");
  await picker.getByRole("button", { name: /^Cairo Tower/ }).click();
  const confirm = picker.getByTestId("confirm-location");
  await expect(confirm).toHaveText("Pick this address");
  const map = picker.getByTestId("picker-map");
  await expect(map).toHaveAttribute("data-ready", "true");
  // The map centres on the chosen place; far to the side lies the Nile's west bank.
  const checks: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/api/map/is-supported-location")) checks.push(r.url());
  });
  // The click below is measured from the map's centre: first the map has arrived there,
  // the chosen place's pin in the middle of the map (mapbox-gl draws the pin's point at
  // the element's horizontal centre).
  const pin = map.locator(".mapboxgl-marker");
  await expect(pin).toBeVisible();
  await expect
    .poll(
      async () => {
        const [frame, marker] = await Promise.all([map.boundingBox(), pin.boundingBox()]);
        return frame && marker ? Math.abs(marker.x + marker.width / 2 - (frame.x + frame.width / 2)) : Number.POSITIVE_INFINITY;
      },
      { message: "the chosen place's pin at the map's centre (px off)" },
    )
    .toBeLessThanOrEqual(1);
  const box = await map.boundingBox();
  expect(box).not.toBeNull();
  await map.click({ position: { x: (box?.width ?? 0) / 2, y: (box?.height ?? 0) / 2 - 60 } });
  await expect.poll(() => checks.length).toBe(1);
  const url = new URL(checks[0] ?? "");
  expect(Number(url.searchParams.get("latitude"))).toBeGreaterThan(30.0459);
  expect(Number(url.searchParams.get("longitude"))).toBeCloseTo(31.2243, 3);
  await expect(confirm).toHaveText("Pick this address");
  // The keyboard way: choose the map's centre.
  await picker.getByRole("button", { name: "Choose the point at the centre of the map" }).click();
  await expect.poll(() => checks.length).toBe(2);
});

test("a reload reopens the open picker; closing it forgets it", async ({ page }) => {
  await openPicker(page);
  expect(await stored(page, "modal_status")).toBe("pickAddress");
  await page.reload();
  const picker = page.getByTestId("location-picker");
  await expect(picker).toBeVisible();
  await picker.getByRole("button", { name: "Close" }).click();
  await expect(picker).toBeHidden();
  expect(await stored(page, "modal_status")).toBeNull();
  await page.reload();
  await expect(page.getByRole("button", { name: "Choose delivery location" })).toBeVisible();
  await expect(page.getByTestId("location-picker")).toHaveCount(0);
});

test("the picker in Arabic", async ({ page }) => {
  test.slow();
  await useLanguage(page, "ar");
  const picker = await openPicker(page, "اختر موقع التوصيل");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  const confirm = picker.getByTestId("confirm-location");
  await expect(confirm).toHaveText("اختر الموقع");
  await expect(picker.getByTestId("map-search-status")).toHaveText("ابدأ الكتابة");
  await search(page, "التحرير", "ابحث عن مكان");
  await picker.getByRole("button", { name: /^ميدان التحرير/ }).click();
  await expect(confirm).toHaveText("اختر هذا العنوان");
  await expectAccessible(page);
  await search(page, "أهرامات", "ابحث عن مكان");
  await picker.getByRole("button", { name: /^أهرامات الجيزة/ }).click();
  await expect(confirm).toHaveText("الموقع غير مدعوم");
  await search(page, "التحرير", "ابحث عن مكان");
  await picker.getByRole("button", { name: /^ميدان التحرير/ }).click();
  await expect(confirm).toBeEnabled();
  await confirm.click();
  await expect(page).toHaveURL(/\/home$/);
  expect(await stored(page, "district_id")).toBe("3");
});
