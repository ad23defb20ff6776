/** @jest-environment ./src/test/jsdom-environment.cjs */
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { checkField, type Message } from "storefront-core";
import { useAppStore } from "../../platform/store";
import { renderMessage } from "../../i18n/coreText";
import AccountMenuPage from "./account-menu/AccountMenuPage";
import { isCurrentLink } from "./AccountLayout";
import ContactUsPage from "./contact-us/ContactUsPage";
import AccountInformationPage, { PublicInformationPage } from "./information/InformationPage";
import LoyaltyPointsPage from "./loyalty-points/LoyaltyPointsPage";
import MyFavouritesPage from "./my-favourites/MyFavouritesPage";
import MyWalletPage from "./my-wallet/MyWalletPage";
import PreferencesPage from "./preferences/PreferencesPage";
import ReferralProgramPage from "./referral-program/ReferralProgramPage";
import SupportPage from "./support/SupportPage";
import { promisesSettled } from "../../test/promises";
import { meta, mockApi, renderAt, setWidth, signedIn, toasts } from "./testing";

const PROFILE = {
  id: 1,
  name: "Mona Adel",
  mobile: "+201001234567",
  email: "mona@example.com",
  company_name: null,
  birthdate: null,
  gender: null,
  image: null,
  default_locale: "en",
  has_password: false,
  notifications: { orders: true, offers: false, newsletter: false },
  referral_code: "MONA10",
};
const profileRoute = { "GET /user/profile": () => ({ body: { data: { user: PROFILE, address: null, default_locale: "en" }, message: null } }) };

beforeEach(() => {
  signedIn();
  setWidth(1280);
});

describe("account layout and menu page", () => {
  test("a link is current on its page and its sub-pages", () => {
    expect(isCurrentLink({ link: "my_orders", to: "/account/my-orders" }, "/account/my-orders/12")).toBe(true);
    expect(isCurrentLink({ link: "my_orders", to: "/account/my-orders" }, "/account/my-ordersx")).toBe(false);
    expect(isCurrentLink({ link: "logout", to: "/" }, "/")).toBe(false);
  });

  test("/account shows the core's groups as a page with logout", async () => {
    mockApi(profileRoute);
    renderAt(<AccountMenuPage />, "/account");
    for (const group of ["Orders", "Personal information", "Points", "App info"]) {
      expect(screen.getByRole("heading", { name: group })).toBeTruthy();
    }
    expect(screen.getByRole("link", { name: "About us" }).getAttribute("href")).toBe("/account/information/1");
    expect(screen.getByRole("button", { name: "Logout" })).toBeTruthy();
    expect(screen.queryByTestId("account-side-menu")).toBeNull();
  });

  test("desktop pages have the side menu with the current link; mobile pages a back link", async () => {
    mockApi({ ...profileRoute, "GET /wallet": () => ({ body: { data: { balance: "0.00", currency: "EGP" } } }), "GET /wallet/transactions": () => ({ body: { data: [], meta: meta(0) } }) });
    const { unmount } = renderAt(<MyWalletPage />, "/account/my-wallet");
    const menu = screen.getByTestId("account-side-menu");
    expect(within(menu).getByRole("link", { name: "My wallet" }).getAttribute("aria-current")).toBe("page");
    expect(screen.queryByTestId("account-back")).toBeNull();
    unmount();
    setWidth(375);
    renderAt(<MyWalletPage />, "/account/my-wallet");
    expect(screen.queryByTestId("account-side-menu")).toBeNull();
    expect(screen.getByTestId("account-back").getAttribute("href")).toBe("/account");
  });
});

describe("wallet, points, referral", () => {
  test("wallet: balance and transactions; 'No credits available' when there are none", async () => {
    mockApi({
      "GET /wallet": () => ({ body: { data: { balance: "120.50", currency: "EGP" } } }),
      "GET /wallet/transactions": () => ({
        body: {
          data: [
            { id: 2, type: "refund", amount: "25.00", direction: "credit", status: "completed", details: "Refund for order #100004", order_id: 4, date: "2025-03-02T10:00:00Z" },
            { id: 1, type: "order_payment", amount: "-25.00", direction: "debit", status: "completed", details: "Payment for order #100004", order_id: 4, date: "2025-03-01T10:00:00Z" },
          ],
          meta: meta(2),
        },
      }),
    });
    renderAt(<MyWalletPage />, "/account/my-wallet");
    expect((await screen.findByTestId("wallet-balance")).textContent?.replace(/\u00a0/g, " ")).toBe("EGP 120.50");
    const rows = await screen.findAllByTestId("wallet-transaction");
    expect(rows[0]?.textContent?.replace(/\u00a0/g, " ")).toContain("Refund");
    expect(rows[0]?.textContent?.replace(/\u00a0/g, " ")).toContain("+EGP 25.00");
    expect(rows[1]?.textContent?.replace(/\u00a0/g, " ")).toContain("−EGP 25.00");
  });

  test("an empty wallet says 'No credits available'", async () => {
    mockApi({
      "GET /wallet": () => ({ body: { data: { balance: "0.00", currency: "EGP" } } }),
      "GET /wallet/transactions": () => ({ body: { data: [], meta: meta(0) } }),
    });
    renderAt(<MyWalletPage />, "/account/my-wallet");
    expect((await screen.findByTestId("empty-state")).textContent).toContain("No credits available");
  });

  test("loyalty points: earned, expiring soon, expired and the history", async () => {
    mockApi({
      "GET /loyalty-points": () => ({
        body: { data: { balance: 80, earned: 120, redeemed: 10, expiring_soon: 30, expired: 30, next_expiry_date: "2025-04-01T00:00:00Z", expiring_soon_days: 30 } },
      }),
      "GET /loyalty-points/history": () => ({
        body: { data: [{ id: 1, type: "earned", points: 120, expiry_date: "2026-03-01T00:00:00Z", is_expired: false, order_id: 4, date: "2025-03-01T10:00:00Z" }], meta: meta(1) },
      }),
    });
    renderAt(<LoyaltyPointsPage />, "/account/loyalty-points");
    const summary = await screen.findByTestId("points-summary");
    expect(summary.textContent).toContain("Earned120");
    expect(summary.textContent).toContain("Expiring within 30 days30");
    expect(summary.textContent).toContain("Expired30");
    expect((await screen.findByTestId("points-entry")).textContent).toContain("+120");
  });

  test("loyalty points in Arabic: the 'expiring within' days in Arabic-Indic digits", async () => {
    useAppStore.setState({ language: "ar" });
    mockApi({
      "GET /loyalty-points": () => ({
        body: { data: { balance: 80, earned: 120, redeemed: 10, expiring_soon: 30, expired: 30, next_expiry_date: null, expiring_soon_days: 30 } },
      }),
      "GET /loyalty-points/history": () => ({ body: { data: [], meta: meta(0) } }),
    });
    renderAt(<LoyaltyPointsPage />, "/account/loyalty-points");
    const label = await screen.findByText(/^تنتهي خلال/);
    expect(label.textContent).toBe("تنتهي خلال ٣٠ يومًا");
    expect(screen.getByTestId("points-summary").textContent).not.toMatch(/[0-9]/);
  });

  test("referral: the code copies, totals and the commission rate show, commissions listed", async () => {
    const writeText = jest.fn(async () => undefined);
    Object.defineProperty(navigator, "clipboard", { configurable: true, value: { writeText } });
    mockApi({
      "GET /referral": () => ({
        body: { data: { code: "MONA10", total_points: 100, commission_rate: "5.00", first_purchase: true, referrals_count: 2, total_commission: "12.50", points_per_referral: 100 } },
      }),
      "GET /affiliate/commissions": () => ({
        body: { data: [{ id: 3, earned: "5.00", purchase_amount: "100.00", commission_rate: "5.00", order_id: 8, date: "2025-03-02T10:00:00Z" }], meta: meta(1) },
      }),
    });
    renderAt(<ReferralProgramPage />, "/account/referral-program");
    expect((await screen.findByTestId("referral-code-value")).textContent).toBe("MONA10");
    expect(screen.getByTestId("commission-rate").textContent).toBe("5%");
    fireEvent.click(screen.getByTestId("copy-code"));
    await waitFor(() => expect(screen.getByTestId("share-status").textContent).toBe("Copied to the clipboard."));
    expect(writeText).toHaveBeenCalledWith("MONA10");
    const row = await screen.findByTestId("commission-row");
    expect(row.textContent?.replace(/\u00a0/g, " ")).toContain("Purchase of EGP 100.00");
    expect(row.textContent?.replace(/\u00a0/g, " ")).toContain("+EGP 5.00");
  });
});

describe("favourites", () => {
  test("lists favourite products and removes one through the shared toggle", async () => {
    let favourite = true;
    const api = mockApi({
      "GET /favorites": (url) => ({
        body: {
          data:
            url.searchParams.get("type") === "product" && favourite
              ? [{ id: 7, type: "product", name: "Green tea", image: "/p.svg", price: "25.00", old_price: null, currency: "EGP", favorite: 1, is_favorite: true, rating: 4, service_id: 1, added_at: "2025-03-01T10:00:00Z", branch: { id: 3, name: "Zamalek Market" } }]
              : [],
          meta: meta(favourite ? 1 : 0),
        },
      }),
      "POST /favorites/toggle": () => {
        favourite = false;
        return { body: { data: { type: "product", id: 7, is_favorite: false, favorite: 0 } } };
      },
    });
    renderAt(<MyFavouritesPage params={{ id: null }} query={new URLSearchParams()} />, "/account/my-favourites");
    const row = await screen.findByTestId("favourite-row");
    expect(within(row).getByRole("link", { name: "Green tea" }).getAttribute("href")).toBe("/products/7");
    fireEvent.click(within(row).getByRole("button", { name: "Remove Green tea from favourites" }));
    await waitFor(() => expect(api.bodies("POST /favorites/toggle")).toEqual([{ type: "product", id: 7 }]));
    expect((await screen.findByTestId("empty-state")).textContent).toContain("You have no favourite products yet.");
  });
});

describe("information pages", () => {
  test("the content is the API's HTML; id 1 is the about page", async () => {
    mockApi({
      "GET /static-pages/1": () => ({
        body: { data: { id: 1, title: "About Nile Market", type: "about", category: "customer", content: "<h2>Our story</h2><p>Since <strong>2020</strong>.</p>" } },
      }),
    });
    renderAt(<AccountInformationPage params={{ id: 1 }} query={new URLSearchParams()} />, "/account/information/1");
    expect(await screen.findByRole("heading", { level: 1, name: "About Nile Market" })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 2, name: "Our story" })).toBeTruthy();
    expect(screen.getByTestId("static-page-content").querySelector("strong")?.textContent).toBe("2020");
  });

  test("/information/{id} shows a policy outside the account area", async () => {
    mockApi({
      "GET /static-pages/4": () => ({ body: { data: { id: 4, title: "Privacy Policy", type: "policy", category: "customer", content: "<p>We keep little.</p>" } } }),
    });
    renderAt(<PublicInformationPage params={{ id: 4 }} query={new URLSearchParams()} />, "/information/4");
    expect(await screen.findByRole("heading", { level: 1, name: "Privacy Policy" })).toBeTruthy();
    expect(screen.queryByTestId("account-side-menu")).toBeNull();
  });
});

describe("preferences", () => {
  test("choosing Arabic goes through the core's language change (server save when signed in)", async () => {
    const api = mockApi({ ...profileRoute, "PUT /user/update-setting": () => ({ body: { data: PROFILE, message: null } }) });
    renderAt(<PreferencesPage />, "/account/preferences");
    fireEvent.click(await screen.findByRole("radio", { name: "العربية" }));
    await waitFor(() => expect(useAppStore.getState().language).toBe("ar"));
    expect(document.documentElement.dir).toBe("rtl");
    await waitFor(() => expect(api.bodies("PUT /user/update-setting")).toEqual([{ default_locale: "ar" }]));
    act(() => useAppStore.getState().setLanguage("en"));
    await waitFor(() => expect(document.documentElement.dir).toBe("ltr"));
  });

  test("a notification choice is saved with update-setting and its message shown", async () => {
    let user = PROFILE;
    const api = mockApi({
      "GET /user/profile": () => ({ body: { data: { user, address: null, default_locale: "en" }, message: null } }),
      "PUT /user/update-setting": (_url, body) => {
        user = { ...user, notifications: { ...user.notifications, ...(body as { notifications: object }).notifications } };
        return { body: { data: user, message: "Settings saved" } };
      },
    });
    renderAt(<PreferencesPage />, "/account/preferences");
    const offers = (await screen.findByTestId("notify-offers")) as HTMLInputElement;
    expect(offers.checked).toBe(false);
    fireEvent.click(offers);
    await waitFor(() => expect(api.bodies("PUT /user/update-setting")).toEqual([{ notifications: { offers: true } }]));
    await waitFor(() => expect(toasts()).toEqual(["Settings saved"]));
    await waitFor(() => expect((screen.getByTestId("notify-offers") as HTMLInputElement).checked).toBe(true));
  });
});

describe("contact us and support", () => {
  test("contact: the core's messages, then the message is sent", async () => {
    const api = mockApi({ ...profileRoute, "POST /contact-us": () => ({ status: 201, body: { data: { id: 1, created_at: "x" }, message: "Thank you, we got your message." } }) });
    renderAt(<ContactUsPage />, "/account/contact-us");
    await waitFor(() => expect((screen.getByLabelText("Name") as HTMLInputElement).value).toBe("Mona Adel"));
    fireEvent.change(screen.getByLabelText(/E-mail/), { target: { value: "mona" } });
    fireEvent.change(screen.getByLabelText(/Phone/), { target: { value: "12" } });
    fireEvent.change(screen.getByLabelText("Message"), { target: { value: "Hi" } });
    fireEvent.click(screen.getByTestId("contact-submit"));
    await waitFor(() =>
      expect(screen.getAllByTestId("field-error").map((e) => e.textContent)).toEqual([
        "Email Format is wrong right format is example@domain.com",
        "Phone Number is Invalid",
        "Too Short! The minimum character is 10",
      ]),
    );
    expect(api.bodies("POST /contact-us")).toHaveLength(0);
    fireEvent.change(screen.getByLabelText(/E-mail/), { target: { value: "mona@example.com" } });
    fireEvent.change(screen.getByLabelText(/Phone/), { target: { value: "" } });
    fireEvent.change(screen.getByLabelText("Message"), { target: { value: "Where is my order?" } });
    fireEvent.click(screen.getByTestId("contact-submit"));
    await waitFor(() =>
      expect(api.bodies("POST /contact-us")).toEqual([{ name: "Mona Adel", email: "mona@example.com", phone: null, message: "Where is my order?" }]),
    );
    expect(await screen.findByTestId("contact-sent")).toBeTruthy();
    expect(toasts()).toEqual(["Thank you, we got your message."]);
  });

  test("contact: an error shows once its field is left, but not when it is left for the submit button", async () => {
    mockApi(profileRoute);
    renderAt(<ContactUsPage />, "/account/contact-us");
    await waitFor(() => expect((screen.getByLabelText("Name") as HTMLInputElement).value).toBe("Mona Adel"));
    const message = screen.getByLabelText("Message");
    const submit = screen.getByTestId("contact-submit");
    fireEvent.change(message, { target: { value: "Hi" } });
    // Pressing the submit button takes the focus first: no error may appear (and move the button) before the click.
    fireEvent.blur(message, { relatedTarget: submit });
    await promisesSettled();
    expect(screen.queryAllByTestId("field-error")).toHaveLength(0);
    expect(message.getAttribute("aria-invalid")).toBeNull();
    // Leaving it for another field shows its error, wired to the field.
    fireEvent.focus(message);
    fireEvent.blur(message, { relatedTarget: screen.getByLabelText("Name") });
    const error = await screen.findByTestId("field-error");
    expect(error.textContent).toBe("Too Short! The minimum character is 10");
    expect(message.getAttribute("aria-invalid")).toBe("true");
    expect(message.getAttribute("aria-describedby")).toBe(error.id);
  });

  test("contact: nothing shows before a field is left or the form sent; a refused submit focuses the first invalid field", async () => {
    mockApi(profileRoute);
    renderAt(<ContactUsPage />, "/account/contact-us");
    await waitFor(() => expect((screen.getByLabelText("Name") as HTMLInputElement).value).toBe("Mona Adel"));
    fireEvent.change(screen.getByLabelText(/E-mail/), { target: { value: "mona" } });
    await promisesSettled();
    expect(screen.queryAllByTestId("field-error")).toHaveLength(0);
    screen.getByTestId("contact-submit").focus();
    fireEvent.click(screen.getByTestId("contact-submit"));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/E-mail/)));
    expect(screen.getAllByTestId("field-error").map((e) => e.textContent)).toEqual([
      "Email Format is wrong right format is example@domain.com",
      "This field is required",
    ]);
  });

  test("contact: the errors shown follow the page language", async () => {
    mockApi(profileRoute);
    renderAt(<ContactUsPage />, "/account/contact-us");
    await waitFor(() => expect((screen.getByLabelText("Name") as HTMLInputElement).value).toBe("Mona Adel"));
    const message = screen.getByLabelText("Message");
    fireEvent.change(message, { target: { value: "Hi" } });
    fireEvent.click(screen.getByTestId("contact-submit"));
    expect((await screen.findByTestId("field-error")).textContent).toBe("Too Short! The minimum character is 10");
    act(() => useAppStore.setState({ language: "ar" }));
    // Once the Arabic catalogue shows, the message is the core's in Arabic.
    expect(await screen.findByText("الرسالة")).toBeTruthy();
    const arabic = renderMessage(checkField("Hi", { rule: "min_length", min: 10 }) as Message, "ar");
    expect(arabic).not.toBe("Too Short! The minimum character is 10");
    await waitFor(() => expect(screen.getByTestId("field-error").textContent).toBe(arabic));
    expect(message.getAttribute("aria-invalid")).toBe("true");
  });

  test("contact: after sending, the message empties (name and e-mail stay) and no error shows", async () => {
    const api = mockApi({ ...profileRoute, "POST /contact-us": () => ({ status: 201, body: { data: { id: 1, created_at: "x" }, message: "Thanks." } }) });
    renderAt(<ContactUsPage />, "/account/contact-us");
    await waitFor(() => expect((screen.getByLabelText("Name") as HTMLInputElement).value).toBe("Mona Adel"));
    fireEvent.change(screen.getByLabelText("Message"), { target: { value: "Where is my order?" } });
    fireEvent.click(screen.getByTestId("contact-submit"));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId("contact-sent")));
    expect(api.bodies("POST /contact-us")).toHaveLength(1);
    expect((screen.getByLabelText("Message") as HTMLTextAreaElement).value).toBe("");
    expect((screen.getByLabelText("Name") as HTMLInputElement).value).toBe("Mona Adel");
    expect((screen.getByLabelText(/E-mail/) as HTMLInputElement).value).toBe("mona@example.com");
    // A fresh form: the emptied message shows no error until it is left or sent again.
    await promisesSettled();
    expect(screen.queryAllByTestId("field-error")).toHaveLength(0);
  });

  test("contact: the button says it is sending, and cannot be pressed again, while the message goes", async () => {
    let answer: (reply: { status: number; body: unknown }) => void = () => undefined;
    mockApi({ ...profileRoute, "POST /contact-us": () => new Promise((resolve) => (answer = resolve)) });
    renderAt(<ContactUsPage />, "/account/contact-us");
    await waitFor(() => expect((screen.getByLabelText("Name") as HTMLInputElement).value).toBe("Mona Adel"));
    fireEvent.change(screen.getByLabelText("Message"), { target: { value: "Where is my order?" } });
    const submit = screen.getByTestId("contact-submit") as HTMLButtonElement;
    fireEvent.click(submit);
    await waitFor(() => expect(submit.disabled).toBe(true));
    expect(submit.getAttribute("aria-busy")).toBe("true");
    expect(submit.textContent).toBe("Sending…");
    answer({ status: 201, body: { data: { id: 1, created_at: "x" }, message: "Thanks." } });
    await waitFor(() => expect(submit.disabled).toBe(false));
  });

  test("the message counter counts in the page's digits (Arabic-Indic in Arabic)", async () => {
    useAppStore.setState({ language: "ar" });
    mockApi(profileRoute);
    renderAt(<ContactUsPage />, "/account/contact-us");
    expect(await screen.findByText("٠ / ٢٬٠٠٠")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("الرسالة"), { target: { value: "أين طلبي؟" } });
    expect(screen.getByText("٩ / ٢٬٠٠٠")).toBeTruthy();
  });

  test("contact: a 422 about a field the form does not show is an error toast", async () => {
    const api = mockApi({
      ...profileRoute,
      "POST /contact-us": () => ({ status: 422, body: { message: "The given data was invalid.", errors: { captcha: ["Please confirm you are not a robot."] } } }),
    });
    renderAt(<ContactUsPage />, "/account/contact-us");
    await waitFor(() => expect((screen.getByLabelText(/E-mail/) as HTMLInputElement).value).toBe("mona@example.com"));
    fireEvent.change(screen.getByLabelText("Message"), { target: { value: "Where is my order?" } });
    fireEvent.click(screen.getByTestId("contact-submit"));
    await waitFor(() => expect(api.bodies("POST /contact-us")).toHaveLength(1));
    await waitFor(() => expect(toasts()).toEqual(["Please confirm you are not a robot."]));
    expect(screen.queryAllByTestId("field-error")).toHaveLength(0);
  });

  test("support: a 422 on a shown field shows there, any other key is a toast", async () => {
    const api = mockApi({
      "GET /orders": () => ({ body: { data: [], meta: meta(0) } }),
      "POST /support": () => ({
        status: 422,
        body: { message: "The given data was invalid.", errors: { order_id: ["The selected order is invalid."], priority: ["The priority field is required."] } },
      }),
    });
    renderAt(<SupportPage params={{ id: null }} query={new URLSearchParams("order=9")} />, "/account/support?order=9");
    fireEvent.change(screen.getByLabelText("Subject"), { target: { value: "Late order" } });
    fireEvent.change(screen.getByLabelText("Message"), { target: { value: "It has not arrived yet." } });
    fireEvent.click(screen.getByTestId("support-submit"));
    await waitFor(() => expect(api.bodies("POST /support")).toHaveLength(1));
    expect((await screen.findByTestId("field-error")).textContent).toBe("The selected order is invalid.");
    expect(toasts()).toEqual(["The priority field is required."]);
  });

  test("support: a server message shows at its field, focused, until that field changes", async () => {
    mockApi({
      "GET /orders": () => ({ body: { data: [], meta: meta(0) } }),
      "POST /support": () => ({ status: 422, body: { message: "The given data was invalid.", errors: { order_id: ["The selected order is invalid."] } } }),
    });
    renderAt(<SupportPage params={{ id: null }} query={new URLSearchParams("order=9")} />, "/account/support?order=9");
    const order = screen.getByRole("combobox", { name: /^Order/ }) as HTMLSelectElement;
    expect(order.value).toBe("9");
    fireEvent.change(screen.getByLabelText("Subject"), { target: { value: "Late order" } });
    fireEvent.change(screen.getByLabelText("Message"), { target: { value: "It has not arrived yet." } });
    fireEvent.click(screen.getByTestId("support-submit"));
    const error = await screen.findByTestId("field-error");
    expect(error.textContent).toBe("The selected order is invalid.");
    expect(order.getAttribute("aria-invalid")).toBe("true");
    expect(order.getAttribute("aria-describedby")).toBe(error.id);
    await waitFor(() => expect(document.activeElement).toBe(order));
    // Another field changing leaves it: once that field's own check has shown (its error,
    // then its error gone), the server's message is still at the order.
    const subject = screen.getByLabelText("Subject");
    fireEvent.change(subject, { target: { value: "" } });
    await waitFor(() => expect(subject.getAttribute("aria-invalid")).toBe("true"));
    expect(order.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getAllByTestId("field-error").map((error) => error.textContent)).toContain("The selected order is invalid.");
    fireEvent.change(subject, { target: { value: "Late order, again" } });
    await waitFor(() => expect(subject.getAttribute("aria-invalid")).toBeNull());
    expect(screen.getByTestId("field-error").textContent).toBe("The selected order is invalid.");
    // Its own field changing clears it.
    fireEvent.change(order, { target: { value: "" } });
    await waitFor(() => expect(screen.queryAllByTestId("field-error")).toHaveLength(0));
    expect(order.getAttribute("aria-invalid")).toBeNull();
  });

  test("support: a 422 with only unknown keys is an error toast", async () => {
    mockApi({
      "GET /orders": () => ({ body: { data: [], meta: meta(0) } }),
      "POST /support": () => ({ status: 422, body: { message: "The given data was invalid.", errors: { attachment: ["The attachment is too large."] } } }),
    });
    renderAt(<SupportPage params={{ id: null }} query={new URLSearchParams()} />, "/account/support");
    fireEvent.change(screen.getByLabelText("Subject"), { target: { value: "Late order" } });
    fireEvent.change(screen.getByLabelText("Message"), { target: { value: "It has not arrived yet." } });
    fireEvent.click(screen.getByTestId("support-submit"));
    await waitFor(() => expect(toasts()).toEqual(["The attachment is too large."]));
    expect(screen.queryAllByTestId("field-error")).toHaveLength(0);
  });

  test("support: subject required, the order from the address, the request sent", async () => {
    const api = mockApi({
      "GET /orders": () => ({ body: { data: [], meta: meta(0) } }),
      "POST /support": () => ({ status: 201, body: { data: { id: 42, subject: "s", message: "m", status: "open", created_at: "x", order_id: 9 }, message: "We got your request." } }),
    });
    renderAt(<SupportPage params={{ id: null }} query={new URLSearchParams("order=9")} />, "/account/support?order=9");
    fireEvent.click(screen.getByTestId("support-submit"));
    await waitFor(() =>
      expect(screen.getAllByTestId("field-error").map((e) => e.textContent)).toEqual(["This field is required", "This field is required"]),
    );
    fireEvent.change(screen.getByLabelText("Subject"), { target: { value: "Late order" } });
    fireEvent.change(screen.getByLabelText("Message"), { target: { value: "It has not arrived yet." } });
    fireEvent.click(screen.getByTestId("support-submit"));
    await waitFor(() => expect(api.bodies("POST /support")).toEqual([{ subject: "Late order", message: "It has not arrived yet.", order_id: 9 }]));
    expect((await screen.findByTestId("support-sent")).textContent).toContain("Request #42 received");
  });
});
