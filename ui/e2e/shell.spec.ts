import { expect, test, type Page, type Request } from "./fixtures";
import {
  expectNoSeriousA11yViolations,
  guestWithDistrict,
  screenshot,
  seedStorage,
  SEED,
  signIn,
  toast,
  viewCookie,
} from "./support";
import { freshEmail, freshMobile, national, typeCode, waitForCode } from "./auth-support";

/**
 * The app shell in a real browser: startup, route guards, the chrome (header, services
 * bar, categories menu, footer, bottom bar) at desktop and mobile widths, the language
 * switch, header search, axe scans in both languages and the home screenshots.
 */

const DESKTOP = { width: 1280, height: 900 };
const MOBILE = { width: 375, height: 800 };

const bottomBar = (page: Page) => page.getByRole("navigation", { name: "Main" });
const footer = (page: Page) => page.getByRole("contentinfo");

async function expectDirection(page: Page, lang: "en" | "ar") {
  await expect(page.locator("html")).toHaveAttribute("lang", lang);
  await expect(page.locator("html")).toHaveAttribute("dir", lang === "ar" ? "rtl" : "ltr");
}

/**
 * The app as the service worker opens it offline, or when the server is slow: the built
 * index.html without a page from the server, which the app renders itself (the server's
 * pages are e2e/first-paint.spec.ts).
 */
async function openTheAppWithoutThePage(page: Page) {
  await page.route(
    (url) => url.pathname === "/",
    (route) => route.fulfill({ path: "dist/index.html", contentType: "text/html; charset=utf-8" }),
  );
}

test.describe("startup", () => {
  test("the app's own spinner paints before any script, then the layout shows a spinner while remote config loads, then the page", async ({
    page,
  }) => {
    await openTheAppWithoutThePage(page);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/remote-config", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/", { waitUntil: "commit" });
    await expect(page.locator("#root > .boot svg")).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Loading…" }).first()).toBeVisible();
    release();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Everything you need, delivered to your door");
    await expect(page.getByRole("status").filter({ hasText: "Loading…" })).toHaveCount(0);
    await expect(page.locator("#root > .boot")).toHaveCount(0);
  });

  test("'Loading failed! Please reload.' when the API is down", async ({ page }) => {
    await openTheAppWithoutThePage(page);
    await page.route("**/api/remote-config", (route) => route.abort("connectionrefused"));
    await page.goto("/");
    await expect(page.getByRole("alert")).toContainText("Loading failed! Please reload.", { timeout: 15_000 });
    await expect(page.getByRole("button", { name: "Reload" })).toBeVisible();
  });
});

test.describe("route guards", () => {
  test("a guest on a restricted route goes to /, is offered sign-in and returns there after it", async ({ page, server }) => {
    test.slow();
    const mobile = freshMobile();
    await page.goto("/account/my-orders?tab=delivered");
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Everything you need, delivered to your door");
    const signInModal = page.getByTestId("sign-in-modal");
    await expect(signInModal).toBeVisible();
    await signInModal.getByRole("radio", { name: "SMS" }).check();
    await signInModal.getByLabel("Mobile number").fill(national(mobile));
    await signInModal.getByRole("button", { name: "Send code" }).click();
    const verify = page.getByTestId("verify-modal");
    await typeCode(verify, await waitForCode(server, mobile, "sms"));
    await verify.getByRole("button", { name: "Verify" }).click();
    const signUp = page.getByTestId("sign-up-modal");
    await signUp.getByLabel("Name").fill("Hana");
    await signUp.getByLabel("E-mail").fill(freshEmail("hana"));
    await signUp.getByLabel("I accept the terms and conditions").check();
    await signUp.getByRole("button", { name: "Create account" }).click();
    await expect(toast(page, "Account Created Successfully")).toBeVisible();
    await expect(page).toHaveURL(/\/account\/my-orders\?tab=delivered$/);
    // Signed in without a district on the landing page: no address error on the way.
    await expect(toast(page, "Please choose an address")).toHaveCount(0);
  });

  test("a guest without a district on a location-required route is warned and sent to /", async ({ page }) => {
    await page.goto("/home");
    await expect(toast(page, "Please choose an address")).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test("a signed-in customer without a district is warned and sent to /account/my-address", async ({ page, server }) => {
    await signIn(page, server);
    await page.goto("/home");
    await expect(toast(page, "Please choose an address")).toBeVisible();
    await expect(page).toHaveURL(/\/account\/my-address$/);
  });

  test("a session ended elsewhere: the 401 logs out and leaves /home for / with no address warning", async ({ page, server }) => {
    const session = await signIn(page, server, { storage: { district_id: String(SEED.district) } });
    await page.goto("/home");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // Another device signed this session out: the next answer here is a 401.
    const ended = await page.request.post("/api/user/logout", { headers: { Authorization: `Bearer ${session.token}` } });
    expect(ended.ok()).toBe(true);
    await page.reload();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("button", { name: "Log in / Register" }).first()).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
    // The location went with the session; the customer did nothing wrong.
    await expect(toast(page, "Please choose an address")).toHaveCount(0);
  });

  test("with a district, the location-required home opens", async ({ page }) => {
    await guestWithDistrict(page);
    await page.goto("/home");
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome to Nile Market");
    await expect(page.getByText("You are shopping in Groceries")).toBeVisible();
  });

  test("an unknown path shows not-found inside the standard layout", async ({ page }) => {
    await page.goto("/no/such/page");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(footer(page)).toBeVisible();
    await expect(page).toHaveURL(/\/no\/such\/page$/);
  });
});

test.describe("desktop chrome (1280 px)", () => {
  test.use({ viewport: DESKTOP });

  test("guest header: logo, login, language, product search, services, categories, address; no bottom bar", async ({
    page,
  }) => {
    await guestWithDistrict(page);
    await page.goto("/home");
    const header = page.getByRole("banner");
    await expect(header.getByTestId("logo")).toHaveAttribute("href", "/");
    await expect(header.getByTestId("logo")).toContainText("Nile Market");
    await expect(header.getByRole("button", { name: "العربية" })).toBeVisible();
    await expect(header.getByRole("searchbox", { name: "Search for products" })).toBeVisible();
    await expect(header.getByRole("link", { name: "Favourites" })).toHaveCount(0);
    await expect(header.getByRole("button", { name: /Notifications/ })).toHaveCount(0);

    const services = header.getByRole("navigation", { name: "Services" });
    await expect(services.getByRole("button")).toHaveText(["Groceries", "Restaurants", "Pharmacy"]);
    await expect(services.getByRole("button", { name: "Groceries" })).toHaveAttribute("aria-pressed", "true");
    await expect(header.getByTestId("address-button")).toContainText("Selected location");
    await expect(bottomBar(page)).toHaveCount(0);

    // Log in / Register opens the sign-in modal and remembers it for a reload.
    await header.getByRole("button", { name: "Log in / Register" }).click();
    await expect.poll(() => page.evaluate(() => localStorage.getItem("modal_status"))).toBe("signIn");
  });

  test("the categories menu: two panes, subcategories on hover, featured links, 70vh list", async ({ page }) => {
    await guestWithDistrict(page);
    await page.goto("/home");
    const trigger = page.getByRole("button", { name: "All categories" });
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
    await trigger.click();
    await expect(trigger).toHaveAttribute("aria-expanded", "true");
    const list = page.getByRole("list", { name: "All categories" });
    const categories = list.getByRole("button");
    await expect(categories.first()).toBeVisible();
    expect(await categories.count()).toBeGreaterThan(1);
    for (const name of await categories.allTextContents()) expect([...name].length).toBeLessThanOrEqual(23);
    const maxHeight = await list.evaluate((el) => getComputedStyle(el).maxHeight);
    expect(parseFloat(maxHeight)).toBeCloseTo(0.7 * DESKTOP.height, 0);

    // The second pane follows the hovered category.
    const second = categories.nth(1);
    const secondName = ((await second.textContent()) ?? "").trim();
    await second.hover();
    await expect(page.getByRole("link", { name: new RegExp(`^Everything in ${escape(secondName)}`) })).toBeVisible();
    const sub = page.locator("section[aria-live] ul a").first();
    await expect(sub).toHaveAttribute("href", /^\/categories\/\d+$/);

    // Keyboard: arrows move through the categories and the pane follows focus.
    await categories.first().focus();
    await page.keyboard.press("ArrowDown");
    await expect(second).toBeFocused();
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press("Escape");
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
    await expect(trigger).toBeFocused();

    const featured = page.getByRole("list", { name: "Featured categories" }).getByRole("link");
    await expect(featured.first()).toHaveAttribute("href", /^\/categories\/\d+$/);
  });

  test("a branches-focused service gets the shop search and no categories menu", async ({ page }) => {
    await guestWithDistrict(page, { selectedService: String(SEED.restaurants) });
    await page.goto("/home");
    await expect(page.getByRole("searchbox", { name: "Search for shops" })).toBeVisible();
    await expect(page.getByRole("button", { name: "All categories" })).toHaveCount(0);
    await expect(page.getByTestId("address-button")).toBeVisible();
  });

  test("footer: about pages, contact, policies, contact information, app links if set, social, year", async ({
    page,
  }) => {
    await guestWithDistrict(page);
    await page.goto("/home");
    const foot = footer(page);
    await expect(foot.getByRole("link", { name: "Contact us" })).toHaveAttribute("href", "/account/contact-us");
    const about = foot.getByRole("navigation", { name: "About" }).getByRole("link");
    await expect(about.first()).toHaveAttribute("href", /^\/account\/information\/\d+$/);
    const policies = foot.getByRole("navigation", { name: "Store policies" }).getByRole("link");
    await expect(policies.first()).toHaveAttribute("href", /^\/information\/\d+$/);
    await expect(foot.getByRole("link", { name: "hello@nilemarket.example" })).toHaveAttribute(
      "href",
      "mailto:hello@nilemarket.example",
    );
    await expect(foot.getByRole("link", { name: "+20 2 2735 0000" })).toHaveAttribute("href", "tel:+20227350000");
    await expect(foot.getByText("12 26th of July Street, Zamalek, Cairo")).toBeVisible();
    await expect(foot.getByRole("link", { name: "Find Us On Map" })).toHaveAttribute("href", /openstreetmap/);
    await expect(foot.getByRole("link", { name: "Google Play" })).toBeVisible();
    await expect(foot.getByRole("link", { name: "App Store" })).toHaveCount(0);
    for (const network of ["Twitter", "Instagram", "Facebook", "Youtube", "Whatsapp"]) {
      await expect(foot.getByRole("link", { name: network })).toBeVisible();
    }
    await expect(foot.getByRole("link", { name: "Whatsapp" })).toHaveAttribute("href", "https://wa.me/201001234567");
    await expect(foot.getByRole("link", { name: "Linkedin" })).toHaveCount(0);
    await expect(foot.getByRole("link", { name: "Snapchat" })).toHaveCount(0);
    await expect(foot).toContainText(`© ${new Date().getFullYear()} Nile Market. All rights reserved.`);
  });

  test("signed-in header: notifications, favourites, cart, keyboard profile dropdown, logout", async ({ page, server }) => {
    await signIn(page, server, { name: "Mona Test", storage: { district_id: String(SEED.district) } });
    await page.goto("/home");
    const header = page.getByRole("banner");
    await expect(header.getByTestId("logo")).toHaveAttribute("href", "/home");
    await expect(header.getByRole("button", { name: "Log in / Register" })).toHaveCount(0);
    await expect(header.getByRole("link", { name: "Favourites" })).toHaveAttribute("href", "/account/my-favourites");
    await expect(header.getByRole("link", { name: /^Cart/ })).toHaveAttribute("href", "/cart");
    await expect(page.getByTestId("cart-badge")).toHaveCount(0);

    const bell = header.getByRole("button", { name: /^Notifications/ });
    await bell.click();
    await expect(page.getByRole("heading", { name: "Notifications" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(bell).toBeFocused();

    // The menu button is named by the profile's name (or 'My account' until it loads).
    const profile = header.locator('button[aria-haspopup="menu"]');
    await expect(profile).toBeVisible();
    await profile.focus();
    await page.keyboard.press("ArrowDown");
    const menu = page.getByRole("menu");
    await expect(menu).toBeVisible();
    const items = menu.getByRole("menuitem");
    await expect(items).toHaveText(["My orders", "My addresses", "My wallet", "My cards", "My reviews", "Preferences", "Profile", "Logout"]);
    await expect(items.first()).toBeFocused();
    await page.keyboard.press("ArrowUp");
    await expect(items.last()).toBeFocused();
    await page.keyboard.press("Home");
    await expect(items.first()).toBeFocused();
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(profile).toBeFocused();

    // Enter opens on the first item; Enter on an item follows it.
    await page.keyboard.press("Enter");
    await expect(items.first()).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(items.nth(1)).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/account\/my-address$/);

    // Logout clears the session and goes to /.
    await profile.click();
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("button", { name: "Log in / Register" })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
  });
});

test.describe("mobile chrome (375 px)", () => {
  test.use({ viewport: MOBILE });

  test("guest: burger, search toggle, bottom bar services / categories / login", async ({ page }) => {
    await guestWithDistrict(page);
    await page.goto("/home");
    const header = page.getByRole("banner");
    await expect(header.getByRole("searchbox")).toHaveCount(0);
    const toggle = header.getByRole("button", { name: "Show search" });
    await toggle.click();
    await expect(header.getByRole("searchbox", { name: "Search for products" })).toBeFocused();
    await toggle.click();
    await expect(header.getByRole("searchbox")).toHaveCount(0);

    const items = bottomBar(page).getByRole("listitem");
    await expect(items).toHaveText(["Services", "Categories", "Log in"]);
    await expect(bottomBar(page).getByRole("link", { name: "Services" })).toHaveAttribute("href", "/services");

    // Categories open full screen.
    await bottomBar(page).getByRole("button", { name: "Categories" }).click();
    const dialog = page.getByRole("dialog", { name: "All categories" });
    await expect(dialog).toBeVisible();
    const box = await dialog.boundingBox();
    expect(box?.width).toBe(MOBILE.width);
    expect(box?.height).toBe(MOBILE.height);
    const first = dialog.getByRole("list").getByRole("button").first();
    const name = ((await first.textContent()) ?? "").trim();
    await first.click();
    // The dialog now shows (and is named by) the category.
    const drilled = page.getByRole("dialog", { name });
    await expect(drilled.getByRole("button", { name: "Back" })).toBeVisible();
    await expect(drilled.getByRole("link", { name: `Everything in ${name}` })).toBeVisible();
    await expect(drilled.getByRole("list").getByRole("link").first()).toHaveAttribute("href", /^\/categories\/\d+$/);
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);

    // The burger opens the menu drawer.
    await header.getByRole("button", { name: "Menu" }).click();
    const drawer = page.getByRole("dialog", { name: "Nile Market" });
    await expect(drawer.getByRole("button", { name: "Log in / Register" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();

    await bottomBar(page).getByRole("button", { name: "Log in" }).click();
    await expect.poll(() => page.evaluate(() => localStorage.getItem("modal_status"))).toBe("signIn");
  });

  test("on / without a district the bottom bar starts with Home to /", async ({ page }) => {
    await page.goto("/");
    await expect(bottomBar(page).getByRole("listitem").first()).toHaveText("Home");
    await expect(bottomBar(page).getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
    await expect(bottomBar(page).getByRole("button", { name: "Log in" })).toBeVisible();
  });

  test("the landing reads the category tree only when the categories menu opens (no featured links here)", async ({ page }) => {
    const trees: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/categories") trees.push(request.url());
    });
    await page.goto("/");
    await expect(bottomBar(page).getByRole("button", { name: "Log in" })).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(trees).toEqual([]);
    await page.getByRole("button", { name: "All categories" }).click();
    const dialog = page.getByRole("dialog", { name: "All categories" });
    await expect(dialog.getByRole("list").getByRole("button").first()).toBeVisible();
    expect(trees).toHaveLength(1);
  });

  test("signed in: cart and the account menu, whose logout goes to /", async ({ page, server }) => {
    await signIn(page, server, { storage: { district_id: String(SEED.district), selectedService: String(SEED.groceries) } });
    await page.goto("/home");
    await expect(bottomBar(page).getByRole("listitem")).toHaveText(["Services", "Categories", "Cart", "Account"]);
    await expect(bottomBar(page).getByRole("link", { name: "Cart" })).toHaveAttribute("href", "/cart");
    await bottomBar(page).getByRole("button", { name: "Account" }).click();
    const sheet = page.getByRole("dialog");
    await expect(sheet.getByRole("heading", { level: 3 })).toHaveText([
      "Orders",
      "Personal information",
      "Points",
      "App info",
      "Logout",
    ]);
    await expect(sheet.getByRole("link")).toHaveText([
      "My orders",
      "Return orders",
      "Favourites",
      "My wallet",
      "My cards",
      "My reviews",
      "My addresses",
      "Profile",
      "Loyalty points",
      "Referral program",
      "About us",
      "Contact us",
      "Support",
    ]);
    await expect(sheet.getByRole("link", { name: "About us" })).toHaveAttribute("href", "/account/information/1");
    await expectNoSeriousA11yViolations(page);
    await sheet.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(bottomBar(page).getByRole("button", { name: "Log in" })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
  });
});

test.describe("language", () => {
  test.use({ viewport: DESKTOP });

  test("a guest switches to Arabic (rtl, translated chrome, kept after reload) and back", async ({ page }) => {
    await guestWithDistrict(page);
    await page.goto("/home");
    await expectDirection(page, "en");
    await page.getByRole("button", { name: "العربية" }).click();
    await expectDirection(page, "ar");
    const header = page.getByRole("banner");
    await expect(header.getByRole("button", { name: "تسجيل الدخول / إنشاء حساب" })).toBeVisible();
    await expect(header.getByRole("searchbox", { name: "ابحث عن المنتجات" })).toBeVisible();
    await expect(header.getByRole("navigation", { name: "الخدمات" }).getByRole("button").first()).toHaveText("بقالة");
    await expect(footer(page).getByRole("link", { name: "اعثر علينا على الخريطة" })).toBeVisible();
    await expect(header.getByTestId("logo")).toContainText("سوق النيل");
    expect(await page.evaluate(() => localStorage.getItem("language"))).toBe("ar");

    await page.reload();
    await expectDirection(page, "ar");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("مرحبًا بك في سوق النيل");

    await page.getByRole("button", { name: "English" }).click();
    await expectDirection(page, "en");
    await expect(page.getByRole("button", { name: "Log in / Register" })).toBeVisible();
    await page.reload();
    await expectDirection(page, "en");
  });

  test("a signed-in customer's choice is saved on the server", async ({ page, server }) => {
    const session = await signIn(page, server, { storage: { district_id: String(SEED.district) } });
    await page.goto("/home");
    const saved = page.waitForRequest(
      (r) => r.method() === "PUT" && r.url().endsWith("/api/user/update-setting"),
    );
    await page.getByRole("button", { name: "العربية" }).click();
    expect((await saved).postDataJSON()).toEqual({ default_locale: "ar" });
    await expectDirection(page, "ar");
    await expect
      .poll(async () => {
        const response = await page.request.get("/api/user/profile", {
          headers: { Authorization: `Bearer ${session.token}` },
        });
        return ((await response.json()) as { data?: { default_locale?: string } }).data?.default_locale;
      })
      .toBe("ar");
    await page.reload();
    await expectDirection(page, "ar");
  });
});

test.describe("header search", () => {
  test.use({ viewport: DESKTOP });

  test("suggestions only for text, trimmed submit to /branches-results, empty text warns", async ({ page }) => {
    // The usual 30 s, and the blank-text warning's own 4 s below.
    test.setTimeout(45_000);
    await guestWithDistrict(page);
    const isSuggestionCall = (r: Request) => {
      const url = new URL(r.url());
      return url.pathname === "/api/products" && url.searchParams.has("text");
    };
    const suggestionCalls: string[] = [];
    page.on("request", (r) => {
      if (isSuggestionCall(r)) suggestionCalls.push(new URL(r.url()).search);
    });
    await page.goto("/home");
    const box = page.getByRole("searchbox", { name: "Search for products" });

    // Blank text: no suggestion call, and submitting warns without leaving.
    await box.fill("   ");
    await box.press("Enter");
    const warning = toast(page, "please add search text");
    await expect(warning).toBeVisible();
    await expect(page).toHaveURL(/\/home$/);
    // The warning closes itself 4 s after it opened (Toaster.tsx): by then the blank text
    // has stood well past the suggestions' 250 ms debounce (HeaderSearch.tsx), whose
    // timer, shorter and started first, has fired.
    await expect(warning).toBeHidden({ timeout: 10_000 });

    // Typing shows product suggestions for the trimmed text. Its call is the proof that
    // the debounced search ran: a call for the blank text would have come before it.
    const milkCall = page.waitForRequest((r) => isSuggestionCall(r) && new URL(r.url()).searchParams.get("text") === "milk");
    await box.fill("  milk ");
    await milkCall;
    const suggestions = page.getByRole("region", { name: "Suggestions" }).getByRole("link");
    await expect(suggestions.first()).toBeVisible();
    await expect(suggestions.first()).toHaveAttribute("href", /^\/products\/\d+$/);
    await expect(suggestions.first()).toContainText(/milk/i);
    expect(suggestionCalls.length).toBeGreaterThan(0);
    expect(suggestionCalls.map((call) => new URLSearchParams(call).get("text")), "every suggestion call is for 'milk'").toEqual(
      suggestionCalls.map(() => "milk"),
    );
    for (const call of suggestionCalls) expect(new URLSearchParams(call).get("service_id")).toBe(String(SEED.groceries));
    await expectNoSeriousA11yViolations(page);

    // ArrowDown enters the list; Escape goes back to the box.
    await box.press("ArrowDown");
    await expect(suggestions.first()).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(box).toBeFocused();

    await box.press("Enter");
    await expect(page).toHaveURL(/\/branches-results\?query=milk$/);
  });

  test("a suggestion links to its product", async ({ page, context }) => {
    await guestWithDistrict(page);
    // The server draws the page this browser would, so the app adopts it (the page a
    // shopper gets) and text typed early stays the box's (see first-paint.spec).
    await viewCookie(context, `-.0.${SEED.district}.${SEED.groceries}`);
    await page.goto("/home");
    await page.getByRole("searchbox", { name: "Search for products" }).fill("milk");
    const first = page.getByRole("region", { name: "Suggestions" }).getByRole("link").first();
    const href = await first.getAttribute("href");
    await first.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
  });
});

test.describe("accessibility and screenshots", () => {
  for (const language of ["en", "ar"] as const) {
    for (const viewport of [DESKTOP, MOBILE]) {
      test(`axe: landing, home and not-found in ${language} at ${viewport.width} px`, async ({ page }) => {
        await page.setViewportSize(viewport);
        await seedStorage(page, { language });
        await page.goto("/");
        await expectDirection(page, language);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expectNoSeriousA11yViolations(page);
        await page.goto("/no/such/page");
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expectNoSeriousA11yViolations(page);
        await page.evaluate(
          ({ district, service }) => {
            localStorage.setItem("district_id", district);
            localStorage.setItem("selectedService", service);
          },
          { district: String(SEED.district), service: String(SEED.groceries) },
        );
        await page.goto("/home");
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expect(page.getByRole("navigation", { name: language === "en" ? "Services" : "الخدمات" })).toBeVisible();
        await expectNoSeriousA11yViolations(page);
        // Nothing sticks out sideways.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      });
    }

    test(`screenshots of home in ${language} at 1280 and 375 px`, async ({ page }) => {
      await guestWithDistrict(page, { language });
      for (const viewport of [DESKTOP, MOBILE]) {
        await page.setViewportSize(viewport);
        await page.goto("/home");
        await expectDirection(page, language);
        await expect(page.locator("main img").first()).toBeVisible();
        await page.evaluate(() => document.fonts.ready);
        await screenshot(page, `home-${language}-${viewport.width}`);
        // The mobile page as it first appears, with the fixed bottom bar where it belongs.
        if (viewport === MOBILE) await screenshot(page, `home-${language}-${viewport.width}-screen`, false);
      }
    });
  }
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
