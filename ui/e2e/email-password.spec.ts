import { expect, test, type APIRequestContext, type Page, type StaticHost } from "./fixtures";
import { freshEmail, freshMobile, national, stored, typeCode, waitForCode } from "./auth-support";
import { PLACES, SHOPS, cartBadge, productOf } from "./cart-support";
import { t } from "./account-support";
import { SEED, expectNoSeriousA11yViolations, screenshot, seedStorage, toast } from "./support";

/**
 * Issue 36 item 5 and the account's deletion, end to end on the worker's server: an
 * e-mail registration (the code from the server's outbox), the phone asked for and
 * verified before the first order, password sign-in (and its refusal), the Arabic form
 * on a phone, and deleting the account, after which the old password signs nobody in.
 */

const PASSWORD = "Nile#2025pass";
const WRONG = {
  en: "The e-mail address or password is incorrect.",
  ar: "البريد الإلكتروني أو كلمة المرور غير صحيحة.",
} as const;

async function ok<T>(response: Awaited<ReturnType<APIRequestContext["post"]>>): Promise<T> {
  expect(response.ok(), `${response.url()} answered ${response.status()}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** An account registered by e-mail through the API (no phone); answers its token. */
async function registerByEmail(request: APIRequestContext, server: StaticHost, email: string, name = "Nour Adel"): Promise<string> {
  await ok(await request.post("/api/user/email/register-code", { data: { email } }));
  const code = await waitForCode(server, email, "email");
  const registered = await ok<{ data: { token: string; user: { mobile: string | null } } }>(
    await request.post("/api/user/register", {
      data: { name, email, code, password: PASSWORD, password_confirmation: PASSWORD, referral_code: null, acceptTerms: true },
    }),
  );
  expect(registered.data.user.mobile).toBeNull();
  return registered.data.token;
}

/** Signs out from the header's account menu. */
async function signOut(page: Page) {
  await page.getByRole("banner").locator('button[aria-haspopup="menu"]').click();
  await page.getByRole("menuitem", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => stored(page, "token")).toBeNull();
}

/** The password form of /auth/email-login, filled and sent. */
async function passwordSignIn(page: Page, email: string, password: string, language: "en" | "ar" = "en") {
  await page.goto("/auth/email-login");
  await page.getByRole("radio", { name: t(language, "auth.method.password") }).check();
  await page.getByLabel(t(language, "auth.email.address")).fill(email);
  await page.getByLabel(t(language, "auth.password.label"), { exact: true }).fill(password);
  await page.getByRole("button", { name: t(language, "auth.email.verify"), exact: true }).click();
}

test.describe("e-mail and password (issue 36 item 5)", () => {
  test("register by e-mail, verify the phone at checkout, order by cash, then sign in with the password", async ({ page, server }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await seedStorage(page, { language: "en", district_id: String(SEED.district), selectedService: String(SEED.groceries) });
    const email = freshEmail("nour");

    // The sign-in page leads to the registration.
    await page.goto("/auth/email-login");
    await page.getByRole("link", { name: "New here? Create an account with your e-mail" }).click();
    await expect(page).toHaveURL(/\/auth\/email-register$/);
    await expect(page.getByRole("heading", { level: 1, name: "Create an account with your e-mail" })).toBeVisible();
    await expect(page.getByTestId("phone-later")).toContainText("before your first order");
    await page.getByLabel("E-mail address").fill(email);
    await page.getByRole("button", { name: "Send code" }).click();
    const code = await waitForCode(server, email, "email");
    await typeCode(page.locator("main"), code);
    await page.getByLabel("Name").fill("Nour Adel");
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Repeat the new password").fill(`${PASSWORD}x`);
    await expect(page.getByText("Passwords must match")).toBeVisible();
    await page.getByLabel("Repeat the new password").fill(PASSWORD);
    await page.getByLabel("I accept the terms and conditions").check();
    await expectNoSeriousA11yViolations(page, "main");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(toast(page, "Account Created Successfully")).toBeVisible();
    await expect.poll(() => stored(page, "token")).toBeTruthy();
    const token = (await stored(page, "token")) ?? "";

    // An address in Zamalek, which the shop serves.
    const headers = { Authorization: `Bearer ${token}` };
    await ok(
      await page.request.post("/api/addresses", {
        headers,
        data: { name: "Home", contact_name: "Nour Adel", phone: "01001234567", address_details: "26th of July Street 12", building_number: "12", location: PLACES.zamalek },
      }),
    );
    // The shopper adds a product above the shop's minimum from its page.
    const product = await productOf(page.request, SHOPS.gardenCity, 60);
    await page.goto(`/products/${product.id}`);
    await page.getByRole("button", { name: "Add to cart", exact: true }).click();
    await expect(cartBadge(page)).toHaveText("1");

    // Checkout asks for the phone before the order goes.
    await page.goto("/checkout");
    await expect(page.getByRole("radio").first()).toBeChecked();
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("radio", { name: "Cash on delivery" }).check();
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByRole("heading", { level: 2, name: /Review your order/ })).toBeVisible();
    const box = page.getByTestId("checkout-phone");
    await expect(box.getByRole("heading", { name: "Verify your phone number" })).toBeVisible();
    await page.getByRole("checkbox", { name: "I accept the privacy policy and the terms and conditions" }).check();
    await page.getByRole("button", { name: "Place order" }).click();
    await expect(box.getByRole("alert")).toHaveText("Verify your phone number before your first order.");
    await expect(box.getByLabel("Mobile number")).toBeFocused();
    await expect(page).toHaveURL(/\/checkout$/);
    await expectNoSeriousA11yViolations(page, "main");

    const mobile = freshMobile();
    await box.getByLabel("Mobile number").fill(national(mobile));
    const sms = box.getByRole("radio", { name: "SMS" });
    if (await sms.count()) await sms.check();
    await box.getByRole("button", { name: "Send code" }).click();
    const phoneCode = await waitForCode(server, mobile, "sms");
    await typeCode(box, phoneCode);
    await box.getByRole("button", { name: "Verify" }).click();
    await expect(box.getByTestId("phone-verified")).toContainText(mobile);
    await screenshot(page, "email-register-phone-verified-en");

    await page.getByRole("button", { name: "Place order" }).click();
    await expect(page).toHaveURL(/\/checkout\/success\/\d+$/);
    await expect(page.getByRole("heading", { level: 1, name: "Thank you! Your order has been placed." })).toBeVisible();

    // Signed out, the password signs in again; a wrong one is refused at the field.
    await signOut(page);
    await passwordSignIn(page, email, "Wrong#2025pass");
    const passwordField = page.getByLabel("Password", { exact: true });
    await expect(page.getByText(WRONG.en)).toBeVisible();
    await expect(passwordField).toHaveAttribute("aria-invalid", "true");
    await expect(passwordField).toBeFocused();
    expect(await stored(page, "token")).toBeNull();
    await expectNoSeriousA11yViolations(page, "main");
    await passwordField.fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(toast(page, "Signed in successfully.")).toBeVisible();
    await expect.poll(() => stored(page, "token")).toBeTruthy();
  });

  test("Arabic at 375 px: the password form is right to left, the switch answers the arrow keys, and it signs in", async ({ page, request, server }) => {
    const email = freshEmail("salma");
    await registerByEmail(request, server, email, "سلمى عادل");
    await page.setViewportSize({ width: 375, height: 800 });
    await seedStorage(page, { language: "ar" });
    await page.goto("/auth/email-login");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("heading", { level: 1, name: "تسجيل الدخول بالبريد الإلكتروني" })).toBeVisible();

    // The two ways are one radio group: the arrow keys move between them.
    const code = page.getByRole("radio", { name: "برمز يصل إلى بريدي" });
    const password = page.getByRole("radio", { name: "بكلمة المرور" });
    await expect(code).toBeChecked();
    await code.focus();
    await page.keyboard.press("ArrowDown");
    await expect(password).toBeChecked();
    await expect(password).toBeFocused();
    const field = page.getByLabel("كلمة المرور", { exact: true });
    await expect(field).toBeVisible();
    await expect(page.getByRole("link", { name: "نسيت كلمة المرور؟" })).toBeVisible();
    // Right to left: the choices start at the right, each radio before (right of) its text.
    const address = page.getByRole("textbox", { name: "البريد الإلكتروني", exact: true });
    const [radioBox, fieldBox] = [await code.boundingBox(), await address.boundingBox()];
    expect(radioBox && fieldBox && radioBox.x > fieldBox.x + fieldBox.width / 2).toBe(true);
    // The address and the password are typed left to right inside the Arabic page.
    await expect(address).toHaveAttribute("dir", "ltr");
    // The page fits the phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoSeriousA11yViolations(page, "main");

    await address.fill(email);
    await field.fill("Wrong#2025pass");
    await page.getByRole("button", { name: "تسجيل الدخول", exact: true }).click();
    await expect(page.getByText(WRONG.ar)).toBeVisible();
    await field.fill(PASSWORD);
    await page.getByRole("button", { name: "تسجيل الدخول", exact: true }).click();
    await expect.poll(() => stored(page, "token")).toBeTruthy();
    await screenshot(page, "email-password-signed-in-ar");
  });

  test("deleting the account signs out, and the old password signs nobody in", async ({ page, request, server }) => {
    const email = freshEmail("omar");
    const token = await registerByEmail(request, server, email, "Omar Said");
    await page.setViewportSize({ width: 1280, height: 900 });
    await seedStorage(page, { token, language: "en", district_id: String(SEED.district), selectedService: String(SEED.groceries) });
    await page.goto("/account/profile");
    await expect(page.getByTestId("no-mobile")).toContainText("No phone number yet");
    await expect(page.getByTestId("profile-verify-phone")).toBeVisible();

    const section = page.getByTestId("delete-account");
    await section.getByRole("button", { name: "Delete my account" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete your account?" });
    await expect(dialog).toContainText("Your saved cards, addresses, favourites, reviews, wallet balance and points will be lost");
    await expectNoSeriousA11yViolations(page, "dialog[open]");
    await dialog.getByRole("button", { name: "Delete for good" }).click();
    await expect(toast(page, "Your account and its data have been deleted.")).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect.poll(() => stored(page, "token")).toBeNull();
    expect((await request.get("/api/user/profile", { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(401);

    await passwordSignIn(page, email, PASSWORD);
    await expect(page.getByText(WRONG.en)).toBeVisible();
    expect(await stored(page, "token")).toBeNull();
  });
});
