import { expect, test, type Page } from "./fixtures";
import {
  PNG,
  addAddress,
  auth,
  core,
  customer,
  expectNoSidewaysScroll,
  orderStatus,
  placeOrder,
  plain,
  t,
  type Language,
} from "./account-support";
import { typeCode, waitForCode } from "./auth-support";
import { expectNoSeriousA11yViolations as expectAccessible, toast } from "./support";

/**
 * The account area (issue 11) against the real server: every page's main path and its
 * validation messages in English, a sample in Arabic, at 1280 and 375 px, axe clean.
 */

test.describe.configure({ timeout: 60_000 });

async function heading(page: Page, text: string): Promise<void> {
  await expect(page.getByRole("heading", { level: 1, name: text })).toBeVisible();
}

/** Every account page, with its title (UI catalogue id) — the route table's account sub-paths. */
const PAGES: { path: string; title: string }[] = [
  { path: "/account", title: "account.menu.title" },
  { path: "/account/my-orders", title: "chrome.account.myOrders" },
  { path: "/account/return-orders", title: "chrome.account.returnOrders" },
  { path: "/account/my-favourites", title: "chrome.account.myFavourites" },
  { path: "/account/my-wallet", title: "chrome.account.myWallet" },
  { path: "/account/my-cards", title: "chrome.account.myCards" },
  { path: "/account/my-reviews", title: "chrome.account.myReviews" },
  { path: "/account/my-address", title: "chrome.account.myAddress" },
  { path: "/account/profile", title: "chrome.account.profile" },
  { path: "/account/preferences", title: "chrome.account.preferences" },
  { path: "/account/loyalty-points", title: "chrome.account.loyaltyPoints" },
  { path: "/account/referral-program", title: "chrome.account.referralProgram" },
  { path: "/account/contact-us", title: "chrome.account.contactUs" },
  { path: "/account/support", title: "chrome.account.support" },
];

for (const [language, width] of [
  ["en", 1280],
  ["en", 375],
  ["ar", 375],
] as [Language, number][]) {
  test(`every account page renders, fits and is accessible in ${language} at ${width}px`, async ({ page, server }) => {
    test.setTimeout(120_000);
    await customer(page, server, language, width);
    for (const { path, title } of PAGES) {
      await page.goto(path);
      await heading(page, t(language, title));
      await expect(page.getByTestId("account-loading")).toHaveCount(0);
      await expect(page.locator("html")).toHaveAttribute("dir", language === "ar" ? "rtl" : "ltr");
      if (width < 768) {
        await expect(page.getByTestId("account-side-menu")).toHaveCount(0);
        if (path !== "/account") await expect(page.getByTestId("account-back")).toBeVisible();
      } else if (path !== "/account") {
        await expect(page.getByTestId("account-side-menu")).toBeVisible();
      }
      await expectNoSidewaysScroll(page);
      await expectAccessible(page);
    }
  });
}

test("the account menu page lists the core's groups and logs out to /", async ({ page, server }) => {
  await customer(page, server, "en", 1280);
  await page.goto("/account");
  for (const group of ["chrome.accountMenu.orders", "chrome.accountMenu.personalInformation", "chrome.accountMenu.points", "chrome.accountMenu.appInfo"]) {
    await expect(page.getByRole("heading", { name: t("en", group) })).toBeVisible();
  }
  const main = page.locator("main");
  await main.getByRole("link", { name: t("en", "chrome.account.myWallet") }).click();
  await expect(page).toHaveURL(/\/account\/my-wallet$/);
  await page.goto("/account");
  await main.getByRole("button", { name: t("en", "chrome.account.logout") }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
});

test("orders: empty tabs, the current order's every field, cancelling it", async ({ page, server }) => {
  const session = await customer(page, server, "en", 1280);
  await page.goto("/account/my-orders");
  await expect(page.getByTestId("empty-state")).toHaveText(core("en", "no_orders"));

  const order = await placeOrder(page.request, session.token);
  await page.reload();
  const row = page.getByTestId("order-row");
  await expect(row).toHaveCount(1);
  await row.getByRole("link", { name: `Order #${order.number}` }).click();
  await expect(page).toHaveURL(new RegExp(`/account/my-orders/${order.id}$`));
  const fields = page.getByTestId("order-fields");
  for (const label of ["Order number", "Date", "Payment method", "Price", "Subtotal", "Delivery fee", "Tax", "Paid from wallet", "Total", "Delivery code", "Estimated arrival"]) {
    await expect(fields.getByText(label, { exact: true })).toBeVisible();
  }
  await expect(fields).toContainText(order.number);
  await expect(fields).toContainText(t("en", "account.payment.cash"));
  await expect(page.getByTestId("delivery-code")).toHaveText(/^\d{4}$/);
  await expect(page.getByTestId("order-item")).toHaveCount(order.items.length);
  await expectAccessible(page);

  await page.getByTestId("cancel-order").click();
  const dialog = page.getByTestId("cancel-dialog");
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole("button", { name: t("en", "account.confirm.keep") }).click();
  await expect(dialog).toBeHidden();
  await page.getByTestId("cancel-order").click();
  await dialog.getByRole("button", { name: t("en", "account.order.cancelConfirm") }).click();
  await expect(toast(page, /cancelled/i)).toBeVisible();
  await expect(page.getByTestId("cancel-order")).toHaveCount(0);

  await page.goto("/account/my-orders?tab=cancelled");
  await expect(page.getByTestId("order-row")).toContainText(`Order #${order.number}`);
  await page.goto("/account/my-orders?tab=current");
  await expect(page.getByTestId("empty-state")).toHaveText(core("en", "no_orders"));
});

test("returns: a delivered order, the return form's rules, the request, its refund", async ({ page, server }) => {
  const session = await customer(page, server, "en", 1280);
  const order = await placeOrder(page.request, session.token);
  expect(orderStatus(server, order.id, "processing", "shipped", "delivered")).toContain("shipped -> delivered");

  await page.goto("/account/return-orders");
  await expect(page.getByTestId("empty-state")).toHaveText(core("en", "no_orders"));
  await page.goto(`/account/my-orders/${order.id}`);
  await page.getByTestId("start-return").click();
  await expect(page).toHaveURL(new RegExp(`/account/return-orders/new\\?order=${order.id}$`));
  await heading(page, t("en", "account.returnForm.title"));

  await page.getByTestId("submit-return").click();
  await expect(page.getByTestId("items-error")).toHaveText(core("en", "choose_product_to_return"));
  await expect(page.locator("#refund-error")).toHaveText(core("en", "field_required"));
  await expectAccessible(page);

  const line = page.getByTestId("return-line").first();
  await line.getByRole("checkbox").check();
  await line.getByLabel(t("en", "account.returnForm.reason")).selectOption("other");
  await page.getByTestId("submit-return").click();
  await expect(line.getByTestId("field-error")).toHaveText(core("en", "field_required"));
  await line.getByLabel(new RegExp(t("en", "account.returnForm.comment"))).fill("x".repeat(201));
  await expect(line.getByTestId("field-error")).toHaveText(core("en", "comment_too_long", { len: "200" }));
  await line.getByLabel(t("en", "account.returnForm.quantity")).fill(String((order.items[0]?.qty ?? 2) + 1));
  await expect(line.getByTestId("field-error").first()).toHaveText(core("en", "max_quantity_reached"));
  await line.getByLabel(t("en", "account.returnForm.quantity")).fill("1");
  await line.getByLabel(new RegExp(t("en", "account.returnForm.comment"))).fill("The box was open.");
  await page.getByRole("radio", { name: t("en", "account.refund.wallet") }).check();
  const day = page.getByLabel(t("en", "account.returnForm.date"));
  await day.selectOption({ index: 2 });
  await page.getByLabel(t("en", "account.returnForm.time")).selectOption("10:00");
  await page.getByTestId("submit-return").click();

  await expect(page).toHaveURL(/\/account\/return-orders$/);
  const request = page.getByTestId("return-row");
  await expect(request).toContainText(`Order #${order.number}`);
  await expect(request).toContainText(t("en", "account.reason.other"));
  await expectAccessible(page);

  orderStatus(server, order.id, "return_received", "returned");
  await page.goto("/account/return-orders?tab=returned");
  await expect(page.getByTestId("return-row")).toContainText(`Order #${order.number}`);
  await page.goto("/account/my-wallet");
  await expect(page.getByTestId("wallet-transaction").first()).toContainText(t("en", "account.wallet.type.refund"));
  expect(Number(plain(await page.getByTestId("wallet-balance").textContent()).replace(/[^\d.]/g, ""))).toBeGreaterThan(0);
});

test("addresses: rules, map search with geocoded fields, default rule, set default, delete, returnTo", async ({ page, server }) => {
  await customer(page, server, "en", 1280);
  await page.goto("/account/my-address");
  await expect(page.getByTestId("empty-state")).toHaveText(core("en", "no_addresses"));

  await page.getByTestId("add-address").click();
  const form = page.getByTestId("address-form");
  await form.getByLabel("Phone").fill("123");
  await form.getByTestId("address-save").click();
  await expect(form.getByTestId("location-error")).toHaveText(core("en", "choose_a_location"));
  await expect(form.getByTestId("field-error").filter({ hasText: core("en", "phone_invalid") })).toBeVisible();
  await expect(form.getByTestId("field-error").filter({ hasText: core("en", "field_required") }).first()).toBeVisible();
  await expectAccessible(page);

  await form.getByTestId("address-map-search").fill("Brazil");
  await form.getByRole("button", { name: /Brazil Street, Zamalek, Cairo/ }).click();
  // The place's coordinates, reverse geocoded by the API (not its text split).
  await expect(form.getByLabel(/Region/)).toHaveValue("Zamalek");
  await expect(form.getByLabel(/^City/)).toHaveValue("Cairo");
  await expect(form.getByLabel(/^Postal code/)).toHaveValue("11211");
  await expect(form.getByLabel("Address", { exact: true })).toHaveValue("Brazil Street");
  await expect(form.getByTestId("address-location-status")).toContainText(core("en", "pick_this_address"));
  await form.getByLabel("Address name").fill("Home");
  await form.getByLabel("Contact name").fill("Mona Adel");
  await form.getByLabel("Phone").fill("01001234567");
  await form.getByLabel(/Floor/).fill("3");
  await form.getByTestId("address-save").click();
  await expect(page.getByTestId("address-card")).toHaveCount(1);
  await expect(page.getByTestId("address-card")).toContainText("Brazil Street");
  await expect(page.getByTestId("address-card")).toContainText("Zamalek, Cairo, Egypt, 11211");
  await expect(page.getByTestId("default-badge")).toHaveCount(1);

  await page.getByTestId("add-address").click();
  await form.getByTestId("address-map-search").fill("Cairo Tower");
  await form.getByRole("button", { name: /Cairo Tower/ }).click();
  await form.getByLabel("Address name").fill("Work");
  await form.getByLabel("Contact name").fill("Mona Adel");
  await form.getByLabel("Phone").fill("+20 2 2735 0000");
  await form.getByRole("radio", { name: "Work" }).check();
  await expect(form.getByTestId("address-location-status")).toContainText(core("en", "pick_this_address"));
  await form.getByTestId("address-save").click();
  await expect(page.getByTestId("address-card")).toHaveCount(2);

  const home = page.getByTestId("address-card").filter({ hasText: "Home" }).first();
  await home.getByTestId("delete-address").click();
  await expect(toast(page, core("en", "default_address_delete"))).toBeVisible();

  const work = page.getByTestId("address-card").filter({ has: page.getByRole("heading", { name: "Work" }) });
  await work.getByTestId("set-default").click();
  await expect(work.getByTestId("default-badge")).toBeVisible();
  await home.getByTestId("delete-address").click();
  await page.getByTestId("delete-dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByTestId("address-card")).toHaveCount(1);

  // The checkout's "Add a new address" path: add, then back where it came from.
  await page.goto("/account/my-address?new=1&returnTo=%2Faccount%2Fmy-wallet");
  await form.getByTestId("address-map-search").fill("Tahrir Square");
  await form.getByRole("button", { name: /Tahrir Square/ }).first().click();
  await form.getByLabel("Address name").fill("Downtown");
  await form.getByLabel("Contact name").fill("Mona Adel");
  await form.getByLabel("Phone").fill("01001234567");
  await expect(form.getByTestId("address-location-status")).toContainText(core("en", "pick_this_address"));
  await form.getByTestId("address-save").click();
  await expect(page).toHaveURL(/\/account\/my-wallet$/);
});

/** A label's text at the start of a field's accessible name (optional fields say so after it). */
const labelled = (text: string) => new RegExp("^" + text.replace(/[.*+?^$()|[\]\\/{}]/g, "\\$&"));

for (const [language, width] of [
  ["en", 1280],
  ["ar", 375],
] as [Language, number][]) {
  test(`addresses in ${language} at ${width}px: the point chosen on the map fills the street, city, region and postal code`, async ({
    page,
    server,
  }) => {
    await customer(page, server, language, width);
    await page.goto("/account/my-address?new=1");
    const form = page.getByTestId("address-form");
    const map = form.getByTestId("picker-map");
    await expect(map).toHaveAttribute("data-ready", "true");
    const field = (id: string) => form.getByLabel(labelled(t(language, id)));
    if (language === "en") {
      // A click on the map, at its centre: the store's default location in Zamalek,
      // 70 m from Shagaret El Dor Street.
      const box = await map.boundingBox();
      await map.click({ position: { x: (box?.width ?? 0) / 2, y: (box?.height ?? 0) / 2 } });
    } else {
      // The keyboard way to the same point.
      await form.getByRole("button", { name: t(language, "account.address.useCentre") }).click();
    }
    const [street, city, region] =
      language === "en" ? ["Shagaret El Dor Street", "Cairo", "Zamalek"] : ["شارع شجرة الدر", "القاهرة", "الزمالك"];
    await expect(form.getByLabel(t(language, "account.address.details"), { exact: true })).toHaveValue(street);
    await expect(field("account.address.city")).toHaveValue(city);
    await expect(field("account.address.region")).toHaveValue(region);
    await expect(field("account.address.postalCode")).toHaveValue("11211");
    await expect(field("account.address.country")).toHaveValue(language === "en" ? "Egypt" : "مصر");
    await expect(form.getByTestId("address-geocode-status")).toHaveText("");
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
  });
}

test("addresses at 375px: a place outside every district is not supported", async ({ page, server }) => {
  await customer(page, server, "en", 375);
  await page.goto("/account/my-address?new=1");
  const form = page.getByTestId("address-form");
  await form.getByTestId("address-map-search").fill("Pyramids");
  await form.getByRole("button", { name: /Giza Pyramids/ }).click();
  await expect(form.getByTestId("location-error")).toHaveText(core("en", "location_not_supported"));
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
});

test("profile: picture with preview (images only), details, birthdate years, password rules", async ({ page, server }) => {
  await customer(page, server, "en", 1280);
  await page.goto("/account/profile");
  const form = page.getByTestId("profile-form");
  await expect(form.getByTestId("birth-year").locator("option")).toHaveCount(61);

  await form.getByTestId("image-input").setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
  await expect(form.getByText(core("en", "image_only"))).toBeVisible();
  await form.getByTestId("image-input").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: PNG });
  await expect(form.getByTestId("avatar").getByRole("img")).toHaveAttribute("src", /^blob:/);
  await expect(form.getByTestId("profile-save")).toBeEnabled();

  await form.getByLabel("Name", { exact: true }).fill("");
  await form.getByLabel(/E-mail/).fill("mona@");
  await form.getByTestId("profile-save").click();
  await expect(form.getByText(core("en", "field_required"))).toBeVisible();
  await expect(form.getByText(core("en", "email_format", { email: "example@domain.com" }))).toBeVisible();
  await expectAccessible(page);

  await form.getByLabel("Name", { exact: true }).fill("Mona Adel");
  const newEmail = `mona.${Date.now()}@example.com`;
  await form.getByLabel(/E-mail/).fill(newEmail);
  await form.getByLabel(/Company/).fill("Nile Co.");
  await form.getByTestId("birth-day").selectOption("4");
  await form.getByTestId("birth-month").selectOption("5");
  await form.getByTestId("birth-year").selectOption("1990");
  await form.getByRole("radio", { name: "Female" }).check();
  await form.getByTestId("profile-save").click();
  // The details are saved; a new address waits for the code sent to it (issue 19).
  await expect(toast(page, /We sent a code to/)).toBeVisible();
  const confirm = page.getByTestId("email-confirm");
  await typeCode(confirm, await waitForCode(server, newEmail, "email"));
  await confirm.getByTestId("email-confirm-save").click();
  await expect(toast(page, /e-mail address has been changed/)).toBeVisible();
  await page.reload();
  await expect(page.getByLabel(/E-mail/)).toHaveValue(newEmail);
  await expect(page.getByTestId("avatar").getByRole("img")).toHaveAttribute("src", /\/api\/media\/uploads\//);
  await expect(page.getByTestId("birth-year")).toHaveValue("1990");
  await expect(page.getByLabel(/Company/)).toHaveValue("Nile Co.");

  const password = page.getByTestId("password-form");
  await password.getByLabel("New password", { exact: true }).fill("abcdefgh");
  await password.getByLabel("New password again").fill("abcdefgX");
  await password.getByTestId("password-save").click();
  await expect(password.getByText(core("en", "password_rule"))).toBeVisible();
  await expect(password.getByText(core("en", "passwords_must_match"))).toBeVisible();
  await password.getByLabel("New password", { exact: true }).fill("Aa123456!");
  await password.getByLabel("New password again").fill("Aa123456!");
  await password.getByTestId("password-save").click();
  await expect(page.getByRole("heading", { name: t("en", "account.password.change") })).toBeVisible();
});

test("preferences: Arabic through the language change, notification choices saved", async ({ page, server }) => {
  await customer(page, server, "en", 1280);
  await page.goto("/account/preferences");
  await page.getByTestId("notify-offers").check();
  await expect(page.getByTestId("notify-offers")).toBeChecked();
  await page.reload();
  await expect(page.getByTestId("notify-offers")).toBeChecked();

  await page.getByRole("radio", { name: "العربية" }).check();
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await heading(page, t("ar", "chrome.account.preferences"));
  await page.reload();
  await heading(page, t("ar", "chrome.account.preferences"));
  await expectAccessible(page);
  await page.getByRole("radio", { name: "English" }).check();
  await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
});

test("wallet, points and referral: empty states, the code copied, totals", async ({ page, context, server }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await customer(page, server, "en", 1280);
  await page.goto("/account/my-wallet");
  await expect(page.getByTestId("empty-state")).toHaveText(core("en", "no_credits"));
  await page.goto("/account/loyalty-points");
  await expect(page.getByTestId("empty-state")).toHaveText(t("en", "account.points.none"));
  await page.goto("/account/referral-program");
  const code = (await page.getByTestId("referral-code-value").textContent()) ?? "";
  expect(code.length).toBeGreaterThan(3);
  await expect(page.getByTestId("commission-rate")).toHaveText("5%");
  await page.getByTestId("copy-code").click();
  await expect(page.getByTestId("share-status")).toHaveText(t("en", "account.referral.copied"));
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
  await expect(page.getByTestId("empty-state")).toHaveText(t("en", "account.affiliate.none"));
});

test("loyalty points after an order: earned points in the summary and history", async ({ page, server }) => {
  const session = await customer(page, server, "en", 1280);
  await placeOrder(page.request, session.token);
  await page.goto("/account/loyalty-points");
  await expect(page.getByTestId("points-entry")).toHaveCount(1);
  await expect(page.getByTestId("points-entry")).toContainText(t("en", "account.points.type.earned"));
  expect(Number(await page.getByTestId("points-balance").textContent())).toBeGreaterThan(0);
});

test("favourites: a favourite product is listed and removed", async ({ page, server }) => {
  const session = await customer(page, server, "en", 1280);
  const products = await page.request.get("/api/products?service_id=1&page=1&limit=1");
  const [product] = ((await products.json()) as { data: { id: number; name: string }[] }).data;
  if (!product) throw new Error("no product");
  await page.request.post("/api/favorites/toggle", { headers: auth(session.token), data: { type: "product", id: product.id } });
  await page.goto("/account/my-favourites");
  const row = page.getByTestId("favourite-row");
  await expect(row).toContainText(product.name);
  await expectAccessible(page);
  await row.getByRole("button", { name: t("en", "account.favourites.removeNamed", { name: product.name }) }).click();
  await expect(page.getByTestId("empty-state")).toContainText(t("en", "account.favourites.noProducts"));
  await page.getByTestId("tab-branches").click();
  await expect(page.getByTestId("empty-state")).toContainText(t("en", "account.favourites.noBranches"));
});

test("information pages: about (id 1) inside the account, policies at /information/{id}", async ({ page, server }) => {
  await customer(page, server, "en", 1280);
  const pages = await page.request.get("/api/static-pages?category=customer");
  const list = ((await pages.json()) as { data: { id: number; title: string; type: string }[] }).data;
  const about = list.find((p) => p.id === 1);
  const policy = list.find((p) => p.type === "policy");
  if (!about || !policy) throw new Error("demo pages missing");
  await page.goto("/account/information/1");
  await heading(page, about.title);
  await expect(page.getByTestId("static-page-content").locator("p").first()).toBeVisible();
  await expectAccessible(page);
  await page.goto(`/information/${policy.id}`);
  await heading(page, policy.title);
  await expect(page.getByTestId("account-side-menu")).toHaveCount(0);
  await expectAccessible(page);
});

test("contact us and support: the rules' messages, then sent", async ({ page, server }) => {
  const session = await customer(page, server, "en", 1280);
  await page.goto("/account/contact-us");
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Mona Adel");
  await page.getByLabel(/E-mail/).fill("mona");
  await page.getByLabel("Message", { exact: true }).fill("Hi");
  await page.getByTestId("contact-submit").click();
  await expect(page.getByText(core("en", "email_format", { email: "example@domain.com" }))).toBeVisible();
  await expect(page.getByText(core("en", "too_short", { len: "10" }))).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel(/E-mail/).fill(`contact.${Date.now()}@example.com`);
  await page.getByLabel("Message", { exact: true }).fill("Do you deliver on Fridays?");
  await page.getByTestId("contact-submit").click();
  await expect(page.getByTestId("contact-sent")).toBeVisible();

  const order = await placeOrder(page.request, session.token);
  await page.goto(`/account/support?order=${order.id}`);
  await page.getByTestId("support-submit").click();
  await expect(page.getByTestId("field-error")).toHaveText([core("en", "field_required"), core("en", "field_required")]);
  await page.getByLabel("Subject").fill("Late order");
  await page.getByLabel("Message", { exact: true }).fill("My order has not arrived yet.");
  await page.getByTestId("support-submit").click();
  await expect(page.getByTestId("support-sent")).toContainText("received");
});

test("Arabic sample at 375px: orders, addresses and contact messages in Arabic", async ({ page, server }) => {
  await customer(page, server, "ar", 375);
  await page.goto("/account");
  await heading(page, t("ar", "account.menu.title"));
  await page.locator("main").getByRole("link", { name: t("ar", "chrome.account.myOrders") }).click();
  await expect(page.getByTestId("empty-state")).toHaveText(core("ar", "no_orders"));
  await page.getByTestId("account-back").click();
  await expect(page).toHaveURL(/\/account$/);

  await page.goto("/account/my-address");
  await expect(page.getByTestId("empty-state")).toHaveText(core("ar", "no_addresses"));
  await page.getByTestId("add-address").click();
  await page.getByTestId("address-save").click();
  await expect(page.getByTestId("location-error")).toHaveText(core("ar", "choose_a_location"));
  await expect(page.getByTestId("field-error").filter({ hasText: core("ar", "field_required") }).first()).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);

  await page.goto("/account/contact-us");
  await page.getByLabel(t("ar", "account.contact.message"), { exact: true }).fill("مرحبا");
  await page.getByTestId("contact-submit").click();
  await expect(page.getByText(core("ar", "too_short", { len: "10" }))).toBeVisible();
  await expectAccessible(page);
});

test("a wallet refund shows in Arabic with Arabic digits", async ({ page, server }) => {
  const session = await customer(page, server, "ar", 1280);
  const address = await addAddress(page.request, session.token);
  const order = await placeOrder(page.request, session.token, address);
  orderStatus(server, order.id, "processing", "shipped", "delivered");
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const asked = await page.request.post(`/api/orders/${order.id}/return`, {
    headers: auth(session.token),
    data: {
      items: order.items.map((item) => ({ id: item.id, quantity: item.qty, reason: "damaged" })),
      refund_method: "wallet",
      pickup_address_id: address,
      date: tomorrow,
      time: "10:00",
    },
  });
  expect(asked.ok()).toBe(true);
  orderStatus(server, order.id, "return_received", "returned");
  await page.goto("/account/my-wallet");
  await expect(page.getByTestId("wallet-transaction").first()).toContainText(t("ar", "account.wallet.type.refund"));
  await expect(page.getByTestId("wallet-balance")).toHaveText(/[٠-٩]/);
  await expectAccessible(page);
});
