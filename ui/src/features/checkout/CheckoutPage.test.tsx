import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { selectCart, useAppStore } from "../../platform/store";
import { mockApi, renderWithProviders, resetClient, toastTexts, type Reply } from "../../test/catalogue";
import { SETTINGS } from "../../chrome/testing";
import { cartBody } from "../../test/cart";
import { profileData, remoteConfigData } from "../../test/documents";
import CheckoutPage from "./CheckoutPage";
import { ADD_ADDRESS_HREF } from "./AddressStep";
import { finishCheckoutAttempt } from "./idempotency";
import { checkoutDriver } from "./checkoutFlow";

/** Where the core keeps the attempt's key (its documented, stable name). */
const CHECKOUT_KEY_STORAGE = "storefront.checkout.idempotencyKey";

const LINES = [{ id: 1, productId: 10, qty: 2, price: "25.00", name: "Green tea" }];

function address(id: number, name: string, isDefault: boolean) {
  return {
    id,
    name,
    contact_name: "Mona Adel",
    phone: "+201001234567",
    country: "Egypt",
    country_id: { name: "Egypt" },
    region: "Cairo",
    city: "Cairo",
    city_id: { name: "Cairo" },
    address_details: `${id} Nile Street`,
    building_number: "",
    floor: "",
    apartment_number: "",
    postal_code: "",
    district: { id: 1, name: "Zamalek" },
    district_id: 1,
    location: { latitude: 30.06, longitude: 31.22 },
    type: "home",
    is_default: isDefault,
    created_at: "2025-03-01T09:30:00Z",
  };
}

const HOME = address(7, "Home", false);
const WORK = address(8, "Work", true);

function order(id: number) {
  return {
    id,
    number: String(100000 + id),
    date: "2025-03-01 09:30",
    created_at: "2025-03-01T09:30:00Z",
    status: "pending",
    status_label: "Pending",
    payment_method: "cash",
    payment_card: null,
    price: "50.00",
    subtotal: "50.00",
    discount_coupon: "0.00",
    coupon: null,
    delivery_fee: "12.50",
    tax: "7.00",
    cart_total: "69.50",
    wallet_balance: "0.00",
    total: "69.50",
    delivery_code: "4821",
    estimated_arrival_time: "2025-03-01 10:00",
    points_earned: 50,
    currency: "EGP",
    branch: { id: 3, name: "Garden City Grocer" },
    address: null,
    history: [],
    items: [],
    can_cancel: true,
    can_return: false,
  };
}

interface Setup {
  lines?: typeof LINES;
  /** Fields of the cart body besides its lines (a coupon…). */
  cartExtra?: Record<string, unknown>;
  addresses?: unknown[];
  balance?: string;
  /** The customer's saved cards (`GET /cards`), none unless told; `null`: the call fails. */
  cards?: unknown[] | null;
  checkout?: (body: unknown, request: Request) => Reply;
  /** The customer's phone (`GET /user/profile`): null for an account registered by e-mail. */
  mobile?: string | null;
}

function setup({ lines = LINES, cartExtra = {}, addresses = [HOME, WORK], balance = "0.00", cards = [], checkout, mobile }: Setup = {}) {
  let verified: string | null = null;
  const keys: (string | null)[] = [];
  let placed = false;
  const api = mockApi({
    // The server empties the cart once an order is placed.
    "GET /get_card": () => ({ body: { data: placed ? cartBody([]) : cartBody(lines, cartExtra), message: null } }),
    "GET /addresses": () => ({ body: { data: addresses, meta: { current_page: 1, last_page: 1, per_page: 50, total: 2 } } }),
    "GET /wallet": () => ({ body: { data: { balance, currency: "EGP" }, message: null } }),
    "GET /cards": () =>
      cards === null
        ? { status: 500, body: { message: "Server Error" } }
        : { body: { data: cards, meta: { current_page: 1, last_page: 1, per_page: 10, total: cards.length } } },
    "GET /setting": () => ({ body: { data: SETTINGS, message: null } }),
    "GET /static-pages": () => ({ body: { data: [], message: null } }),
    ...(mobile === undefined
      ? {}
      : {
          // The phone box's default country and channels: SMS only.
          "GET /remote-config": () => ({ body: { data: remoteConfigData({ verification_methods_whatsapp: false }), message: null } }),
          "GET /user/profile": () => ({ body: { data: profileData({ mobile: verified ?? mobile }), message: null } }),
          "POST /user/phone/send-code": () => ({
            body: { data: { mobile: "+201012345678", expires_in: 300, resend_after: 60 }, message: "We sent a code to your phone." },
          }),
          "POST /user/phone/verify": () => {
            verified = "+201012345678";
            return { body: { data: profileData({ mobile: verified }).user, message: "Your phone number is verified." } };
          },
        }),
    "POST /order/checkout": async (_url, request) => {
      keys.push(request.headers.get("Idempotency-Key"));
      const body: unknown = await request.json();
      const reply = checkout ? checkout(body, request) : { status: 201, body: { data: order(5), message: "Your order has been placed." } };
      placed ||= reply.status === 201;
      return reply;
    },
  });
  const view = renderWithProviders(<CheckoutPage />);
  return { api, keys, ...view };
}

async function toPayment() {
  await screen.findByRole("radio", { name: /Home/ });
  fireEvent.click(screen.getByRole("button", { name: "Continue" }));
  await screen.findByRole("heading", { level: 2, name: /Payment/ });
}

function fillCard(values: Partial<Record<"number" | "name" | "month" | "year" | "cvv", string>> = {}) {
  const v = { number: "4242 4242 4242 4242", name: "Mona Adel", month: "12", year: "39", cvv: "123", ...values };
  fireEvent.change(screen.getByLabelText("Card number"), { target: { value: v.number } });
  fireEvent.change(screen.getByLabelText("Name on card"), { target: { value: v.name } });
  fireEvent.change(screen.getByLabelText("Expiry month"), { target: { value: v.month } });
  fireEvent.change(screen.getByLabelText("Expiry year (YY)"), { target: { value: v.year } });
  fireEvent.change(screen.getByLabelText("CVV"), { target: { value: v.cvv } });
}

async function toReviewWithCash(wallet = false) {
  await toPayment();
  fireEvent.click(screen.getByRole("radio", { name: "Cash on delivery" }));
  if (wallet) fireEvent.click(await screen.findByRole("checkbox", { name: /Use my wallet balance/ }));
  fireEvent.click(screen.getByRole("button", { name: "Continue" }));
  await screen.findByRole("heading", { level: 2, name: /Review your order/ });
}

function termsBox(): HTMLInputElement {
  return screen.getByRole("checkbox", { name: "I accept the privacy policy and the terms and conditions" });
}

function acceptAndPlace() {
  fireEvent.click(termsBox());
  fireEvent.click(screen.getByRole("button", { name: "Place order" }));
}

describe("checkout for an account without a phone (registered by e-mail)", () => {
  const REQUIRED = "Verify your phone number before your first order.";

  beforeEach(() => {
    resetClient({ token: "tok", district_id: "1", selectedService: "1" });
    sessionStorage.clear();
    finishCheckoutAttempt();
    // A new checkout flow: answers a test left on their way reach no one.
    checkoutDriver.reset();
    window.history.replaceState(null, "", "/checkout");
  });

  test("the review step asks for the phone, and Place order sends nothing until it is verified", async () => {
    const { api } = setup({ mobile: null });
    await toReviewWithCash();
    const box = await screen.findByTestId("checkout-phone");
    expect(within(box).getByRole("heading", { level: 3, name: "Verify your phone number" })).toBeTruthy();
    acceptAndPlace();
    expect(within(box).getByRole("alert").textContent).toBe(REQUIRED);
    expect(document.activeElement).toBe(within(box).getByLabelText("Mobile number"));
    expect(api.bodies("POST /order/checkout")).toEqual([]);

    fireEvent.change(within(box).getByLabelText("Mobile number"), { target: { value: "01012345678" } });
    const send = within(box).getByRole("button", { name: "Send code" }) as HTMLButtonElement;
    await waitFor(() => expect(send.disabled).toBe(false));
    fireEvent.click(send);
    fireEvent.change(await within(box).findByRole("textbox", { name: "Digit 1 of 4" }), { target: { value: "1234" } });
    fireEvent.click(within(box).getByRole("button", { name: "Verify" }));
    expect((await within(box).findByTestId("phone-verified")).textContent).toBe("Your phone number +201012345678 is verified.");
    expect(api.bodies("POST /user/phone/verify")).toEqual([{ mobile: "+201012345678", channel: "sms", code: "1234" }]);

    fireEvent.click(screen.getByRole("button", { name: "Place order" }));
    await waitFor(() => expect(window.location.pathname).toBe("/checkout/success/5"));
    expect(api.bodies("POST /order/checkout")).toHaveLength(1);
  });

  test("a placement the server refuses for want of a phone (422 on mobile) shows its message at the phone box", async () => {
    const refusal = "Verify your phone number before your first order.";
    // The profile said a phone was there (a stale copy): the server decides.
    const { api } = setup({
      mobile: "+201001234567",
      checkout: () => ({ status: 422, body: { message: refusal, errors: { mobile: [refusal] } } }),
    });
    await toReviewWithCash();
    expect(screen.queryByTestId("checkout-phone")).toBeNull();
    acceptAndPlace();
    const box = await screen.findByTestId("checkout-phone");
    expect(within(box).getByRole("alert").textContent).toBe(refusal);
    expect(screen.queryByTestId("review-error")).toBeNull();
    expect(screen.getByRole("heading", { level: 2, name: /Review your order/ })).toBeTruthy();
    expect(selectCart(useAppStore.getState())?.items_quantity).toBe(2);
    expect(api.bodies("POST /order/checkout")).toHaveLength(1);
  });
});

describe("CheckoutPage", () => {
  beforeEach(() => {
    resetClient({ token: "tok", district_id: "1", selectedService: "1" });
    sessionStorage.clear();
    finishCheckoutAttempt();
    // A new checkout flow: answers a test left on their way reach no one.
    checkoutDriver.reset();
    window.history.replaceState(null, "", "/checkout");
  });

  test("the address step preselects the default address and links to a new one", async () => {
    setup();
    const work = await screen.findByRole("radio", { name: /Work/ });
    expect((work as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole("radio", { name: /Home/ }) as HTMLInputElement).checked).toBe(false);
    expect(screen.getByRole("link", { name: "Add a new address" }).getAttribute("href")).toBe(ADD_ADDRESS_HREF);
    expect(ADD_ADDRESS_HREF).toBe("/account/my-address?new=1&returnTo=/checkout");
    expect(screen.getByRole("listitem", { current: "step" }).textContent).toContain("Address");
  });

  test("without an address: 'no address available' and 'please choose an address'", async () => {
    setup({ addresses: [] });
    expect((await screen.findByTestId("no-addresses")).textContent).toBe("no address available");
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect(screen.getByRole("alert").textContent).toBe("please choose an address");
    expect(screen.queryByRole("heading", { level: 2, name: /Payment/ })).toBeNull();
  });

  test("the card form checks the core's rules: 16 digits, 3-digit CVV, 2-digit year", async () => {
    setup();
    await toPayment();
    fillCard({ number: "4242 4242", cvv: "12", year: "2039", name: "" });
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByText("Card number must be 16 digits")).toBeTruthy();
    expect(screen.getByText("CVV must be 3 digits")).toBeTruthy();
    expect(screen.getByText("Year must be 2 digits")).toBeTruthy();
    expect(screen.getByText("This field is required")).toBeTruthy();
    expect(screen.getByLabelText("Card number").getAttribute("aria-invalid")).toBe("true");
    fillCard();
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByRole("heading", { level: 2, name: /Review your order/ })).toBeTruthy();
    expect(screen.getByTestId("review-payment").textContent).toBe("Card ending in 4242");
  });

  test("placing needs the privacy and terms acceptance, then sends the order with a key", async () => {
    const { api, keys } = setup();
    await toReviewWithCash();
    fireEvent.click(screen.getByRole("button", { name: "Place order" }));
    expect(screen.getByTestId("terms-error").textContent).toBe(
      "Please accept the privacy policy and the terms and conditions",
    );
    expect(api.bodies("POST /order/checkout")).toEqual([]);
    acceptAndPlace();
    await waitFor(() => expect(window.location.pathname).toBe("/checkout/success/5"));
    expect(api.bodies("POST /order/checkout")).toEqual([
      { service_id: 1, address_id: 8, payment_method: "cash", use_wallet: false, card: null },
    ]);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^[0-9a-f-]{32,36}$/);
    // The attempt is over: the key is forgotten and the cart emptied (no badge).
    expect(sessionStorage.getItem(CHECKOUT_KEY_STORAGE)).toBeNull();
    expect(selectCart(useAppStore.getState())?.items_quantity).toBe(0);
  });

  test("a declined card keeps the cart, shows the message on the payment step and retries with the same key", async () => {
    let decline = true;
    const { api, keys } = setup({
      checkout: () =>
        decline
          ? {
              status: 400,
              body: {
                message: "An error occured while processing your payment, please try again later",
                errors: { error: "An error occured while processing your payment, please try again later" },
              },
            }
          : { status: 201, body: { data: order(6), message: "Your order has been placed." } },
    });
    await toPayment();
    fillCard({ number: "4000000000000002" });
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    await screen.findByRole("heading", { level: 2, name: /Review your order/ });
    acceptAndPlace();
    expect((await screen.findByTestId("payment-error")).textContent).toBe(
      "An error occured while processing your payment, please try again later",
    );
    expect(screen.getByRole("heading", { level: 2, name: /Payment/ })).toBeTruthy();
    expect(selectCart(useAppStore.getState())?.items_quantity).toBe(2);
    expect(toastTexts()).toEqual([]);

    decline = false;
    fillCard({ number: "5555 5555 5555 4444" });
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    await screen.findByRole("heading", { level: 2, name: /Review your order/ });
    // The acceptance given before the failure still holds.
    expect(termsBox().checked).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Place order" }));
    await waitFor(() => expect(window.location.pathname).toBe("/checkout/success/6"));
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    const bodies = api.bodies("POST /order/checkout") as { card: { number: string } }[];
    expect(bodies.map((b) => b.card.number)).toEqual(["4000000000000002", "5555 5555 5555 4444"]);
  });

  test("a delivery-area refusal returns to the address step and marks the address", async () => {
    setup({
      checkout: () => ({
        status: 400,
        body: {
          message: "Sorry, we don't deliver to your area now!",
          errors: { error: "Sorry, we don't deliver to your area now!" },
        },
      }),
    });
    await toReviewWithCash();
    acceptAndPlace();
    expect((await screen.findByTestId("address-error")).textContent).toBe("Sorry, we don't deliver to your area now!");
    const refused = screen.getByTestId("address-not-served");
    expect(refused.textContent).toBe("We Don't Deliver To Your Location");
    expect(within(refused.closest("label") as HTMLElement).getByRole("radio").getAttribute("value")).toBe("8");
  });

  test("'Balance Not Sufficient' is shown on the payment step", async () => {
    const { api } = setup({
      balance: "10.00",
      checkout: () => ({ status: 400, body: { message: "Balance Not Sufficient", errors: { error: "Balance Not Sufficient" } } }),
    });
    await toReviewWithCash(true);
    expect(screen.getByTestId("review-payment").textContent).toContain("Wallet balance is used first");
    acceptAndPlace();
    expect((await screen.findByTestId("payment-error")).textContent).toBe("Balance Not Sufficient");
    expect((api.bodies("POST /order/checkout")[0] as { use_wallet: boolean }).use_wallet).toBe(true);
  });

  test("a stock refusal stays on the review step with a way back to the cart", async () => {
    setup({
      checkout: () => ({
        status: 400,
        body: { message: "There is not enough stock available.", errors: { error: "There is not enough stock available." } },
      }),
    });
    await toReviewWithCash();
    acceptAndPlace();
    const alert = await screen.findByTestId("review-error");
    expect(alert.textContent).toContain("There is not enough stock available.");
    expect(within(alert).getByRole("link", { name: "Review your cart" }).getAttribute("href")).toBe("/cart");
  });

  test("the wallet balance is shown in the page's locale", async () => {
    useAppStore.setState({ language: "ar" });
    setup({ balance: "150.00" });
    await screen.findByRole("radio", { name: /Home/ });
    fireEvent.click(screen.getByRole("button", { name: "متابعة" }));
    const option = await screen.findByTestId("wallet-option");
    expect(option.textContent?.replace(/\u00a0/g, " ")).toBe("استخدم رصيد محفظتي (المتاح \u200f١٥٠٫٠٠ ج.م.\u200f)");
  });

  test("accepted at the cart, the review step shows it ticked; placing the order clears it", async () => {
    const { api } = setup({ checkout: () => ({ status: 201, body: { data: order(7), message: "Your order has been placed." } }) });
    useAppStore.getState().setTermsAccepted(true);
    await toReviewWithCash();
    expect(termsBox().checked).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Place order" }));
    await waitFor(() => expect(window.location.pathname).toBe("/checkout/success/7"));
    expect(api.bodies("POST /order/checkout")).toHaveLength(1);
    expect(useAppStore.getState().termsAccepted).toBe(false);
  });

  test("the terms acceptance is kept when a failed placement sends the customer back a step", async () => {
    let refuse = true;
    const { api } = setup({
      balance: "10.00",
      checkout: () =>
        refuse
          ? { status: 400, body: { message: "Balance Not Sufficient", errors: { error: "Balance Not Sufficient" } } }
          : { status: 201, body: { data: order(7), message: "Your order has been placed." } },
    });
    await toReviewWithCash(true);
    acceptAndPlace();
    expect((await screen.findByTestId("payment-error")).textContent).toBe("Balance Not Sufficient");
    // Without the wallet this time, back to the review: still accepted.
    refuse = false;
    fireEvent.click(screen.getByRole("checkbox", { name: /Use my wallet balance/ }));
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    await screen.findByRole("heading", { level: 2, name: /Review your order/ });
    expect(termsBox().checked).toBe(true);
    // The review's own Back and Continue keep it too.
    fireEvent.click(screen.getByRole("button", { name: "Back" }));
    await screen.findByRole("heading", { level: 2, name: /Payment/ });
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    await screen.findByRole("heading", { level: 2, name: /Review your order/ });
    expect(termsBox().checked).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Place order" }));
    await waitFor(() => expect(window.location.pathname).toBe("/checkout/success/7"));
    expect(screen.queryByTestId("terms-error")).toBeNull();
    expect((api.bodies("POST /order/checkout") as { use_wallet: boolean }[]).map((b) => b.use_wallet)).toEqual([true, false]);
  });

  test("an empty wallet cannot be chosen and says why", async () => {
    const { api } = setup({ balance: "0.00" });
    await toPayment();
    const wallet = (await screen.findByRole("checkbox", { name: /Use my wallet balance/ })) as HTMLInputElement;
    expect(screen.getByTestId("wallet-option").textContent?.replace(/\u00a0/g, " ")).toBe("Use my wallet balance (EGP 0.00 available)");
    expect(wallet.disabled).toBe(true);
    const why = screen.getByTestId("wallet-note");
    expect(why.textContent).toBe("There is no wallet balance to use for this order.");
    expect(wallet.getAttribute("aria-describedby")).toBe(why.id);
    fireEvent.click(screen.getByRole("radio", { name: "Cash on delivery" }));
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    await screen.findByRole("heading", { level: 2, name: /Review your order/ });
    expect(screen.getByTestId("review-payment").textContent).toBe("Cash on delivery");
    acceptAndPlace();
    await waitFor(() => expect(window.location.pathname).toBe("/checkout/success/5"));
    expect((api.bodies("POST /order/checkout")[0] as { use_wallet: boolean }).use_wallet).toBe(false);
  });

  test("in Arabic an empty wallet says why in Arabic", async () => {
    useAppStore.setState({ language: "ar" });
    setup({ balance: "0.00" });
    await screen.findByRole("radio", { name: /Home/ });
    fireEvent.click(screen.getByRole("button", { name: "متابعة" }));
    const wallet = (await screen.findByRole("checkbox", { name: /استخدم رصيد محفظتي/ })) as HTMLInputElement;
    expect(wallet.disabled).toBe(true);
    expect(screen.getByTestId("wallet-note").textContent).toBe("لا يوجد رصيد في المحفظة لاستخدامه في هذا الطلب.");
  });

  test("a wallet with a balance can be chosen, with the usual note", async () => {
    setup({ balance: "5.00" });
    await toPayment();
    const wallet = (await screen.findByRole("checkbox", { name: /Use my wallet balance/ })) as HTMLInputElement;
    expect(wallet.disabled).toBe(false);
    expect(screen.getByTestId("wallet-note").textContent).toBe(
      "The wallet pays as much of the order as its balance covers; the rest is paid by the method above.",
    );
  });

  test("in Arabic the review joins the address parts with the Arabic comma", async () => {
    useAppStore.setState({ language: "ar" });
    setup();
    await screen.findByRole("radio", { name: /Work/ });
    fireEvent.click(screen.getByRole("button", { name: "متابعة" }));
    await screen.findByRole("heading", { level: 2, name: /الدفع/ });
    fireEvent.click(screen.getByRole("radio", { name: "الدفع نقدًا عند الاستلام" }));
    fireEvent.click(screen.getByRole("button", { name: "متابعة" }));
    await screen.findByRole("heading", { level: 2, name: /راجع طلبك/ });
    expect(screen.getByTestId("review-address").textContent).toBe("Work — 8 Nile Street، Zamalek");
  });

  test("in English the review joins the address parts with a comma", async () => {
    setup();
    await toReviewWithCash();
    expect(screen.getByTestId("review-address").textContent).toBe("Work — 8 Nile Street, Zamalek");
  });

  test("a coupon below its minimum says so in the checkout totals", async () => {
    setup({
      cartExtra: {
        coupon_id: 2,
        coupon_code: "BIG100",
        coupon_discount: "0.00",
        coupon_rule: { type: "fixed", amount: "20.00", minimum: "100.00" },
      },
    });
    await screen.findByRole("radio", { name: /Work/ });
    expect(screen.getByTestId("total-coupon-minimum").textContent?.replace(/\u00a0/g, " ")).toBe(
      "No discount yet: this coupon needs an order of at least EGP 100.00.",
    );
    await toReviewWithCash();
    expect(screen.getByTestId("total-coupon-minimum").textContent?.replace(/\u00a0/g, " ")).toBe(
      "No discount yet: this coupon needs an order of at least EGP 100.00.",
    );
  });

  test("a double click sends one placement", async () => {
    const { keys } = setup();
    await toReviewWithCash();
    fireEvent.click(screen.getByRole("checkbox", { name: "I accept the privacy policy and the terms and conditions" }));
    const button = screen.getByRole("button", { name: "Place order" });
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(window.location.pathname).toBe("/checkout/success/5"));
    expect(keys).toHaveLength(1);
  });

  test("a lost answer keeps the cart shown; placing again replays the same key", async () => {
    let calls = 0;
    const { api, keys } = setup({
      checkout: () => {
        calls += 1;
        return calls === 1
          ? { status: 201, body: { data: order(5), message: "Your order has been placed." } }
          : { status: 200, body: { data: order(5), message: "Your order has been placed." } };
      },
    });
    await toReviewWithCash();
    // The first answer never arrives (the request itself reached the server).
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async (request: Request) => {
      await realFetch(request);
      throw new TypeError("Failed to fetch");
    }) as typeof fetch;
    acceptAndPlace();
    expect((await screen.findByTestId("review-error")).textContent).toContain("No response received from server.");
    globalThis.fetch = realFetch;
    expect(screen.getByRole("button", { name: "Place order" })).toBeTruthy();
    expect(api.calls().filter((c) => c.startsWith("GET /get_card"))).toHaveLength(1);
    fireEvent.click(screen.getByRole("button", { name: "Place order" }));
    await waitFor(() => expect(window.location.pathname).toBe("/checkout/success/5"));
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  test("after a reload during placement the open attempt is asked for its order", async () => {
    sessionStorage.setItem(CHECKOUT_KEY_STORAGE, "key-before-reload");
    const { api, keys } = setup({
      lines: [],
      checkout: () => ({ status: 200, body: { data: order(9), message: "Your order has been placed." } }),
    });
    await waitFor(() => expect(window.location.pathname).toBe("/checkout/success/9"));
    expect(keys).toEqual(["key-before-reload"]);
    expect(api.bodies("POST /order/checkout")).toEqual([{ payment_method: "cash" }]);
    expect(sessionStorage.getItem(CHECKOUT_KEY_STORAGE)).toBeNull();
  });

  test("an open attempt that placed nothing is closed and the empty cart shown", async () => {
    sessionStorage.setItem(CHECKOUT_KEY_STORAGE, "key-that-placed-nothing");
    setup({
      lines: [],
      checkout: () => ({
        status: 422,
        body: { message: "Service ID is required.", errors: { service_id: ["Service ID is required."] } },
      }),
    });
    expect((await screen.findByTestId("empty-state")).textContent).toContain("You don't have any product");
    expect(sessionStorage.getItem(CHECKOUT_KEY_STORAGE)).toBeNull();
    expect(window.location.pathname).toBe("/checkout");
  });

  test("with items in the cart an open attempt is simply continued with its key", async () => {
    sessionStorage.setItem(CHECKOUT_KEY_STORAGE, "key-of-this-attempt");
    const { keys } = setup();
    await toReviewWithCash();
    acceptAndPlace();
    await waitFor(() => expect(window.location.pathname).toBe("/checkout/success/5"));
    expect(keys).toEqual(["key-of-this-attempt"]);
  });
});

function savedCard(id: number, over: Record<string, unknown> = {}) {
  return {
    id,
    brand: "visa",
    last4: "4242",
    label: "•••• 4242",
    exp_month: 12,
    exp_year: 2030,
    expired: false,
    is_default: false,
    created_at: "2026-11-01T10:00:00Z",
    ...over,
  };
}

/** The default Visa, a Mastercard and an expired Meeza, the default first as the API sends them. */
const CARDS = [
  savedCard(5, { is_default: true }),
  savedCard(7, { brand: "mastercard", last4: "4444", label: "•••• 4444" }),
  savedCard(9, { brand: "meeza", last4: "0003", label: "•••• 0003", exp_month: 1, exp_year: 2024, expired: true }),
];

const cardOption = (label: string) =>
  screen.getAllByTestId("saved-card-option").find((o) => o.textContent?.includes(label))?.querySelector("input") as HTMLInputElement;

describe("CheckoutPage with saved cards", () => {
  beforeEach(() => {
    resetClient({ token: "tok", district_id: "1", selectedService: "1" });
    sessionStorage.clear();
    finishCheckoutAttempt();
    // A new checkout flow: answers a test left on their way reach no one.
    checkoutDriver.reset();
    window.history.replaceState(null, "", "/checkout");
  });

  test("the saved cards come first, the default preselected; an expired one shows but cannot be chosen", async () => {
    setup({ cards: CARDS });
    await toPayment();
    const group = await screen.findByRole("group", { name: "Saved cards" });
    const radios = within(group).getAllByRole("radio") as HTMLInputElement[];
    expect(radios.map((r) => r.value)).toEqual(["5", "7", "9", "new"]);
    expect(radios.map((r) => r.checked)).toEqual([true, false, false, false]);
    // One group: arrow keys move between its radios (the browser's own radio group).
    expect(new Set(radios.map((r) => r.name)).size).toBe(1);
    const expired = cardOption("•••• 0003");
    expect(expired.disabled).toBe(true);
    expect(within(expired.closest("label") as HTMLElement).getByTestId("card-expired").textContent).toBe("Expired");
    expect(within(cardOption("•••• 4242").closest("label") as HTMLElement).getByTestId("card-default")).toBeTruthy();
    // A saved card asks only for its CVV: no card form.
    expect(screen.getByLabelText("CVV of the card ending in 4242")).toBeTruthy();
    expect(screen.queryByLabelText("Card number")).toBeNull();
    fireEvent.click(screen.getByRole("radio", { name: "Use a new card" }));
    expect(screen.getByLabelText("Card number")).toBeTruthy();
    expect(screen.queryByLabelText("CVV of the card ending in 4242")).toBeNull();
    expect((screen.getByRole("checkbox", { name: "Save this card for next time" }) as HTMLInputElement).checked).toBe(false);
  });

  test("without a usable default, a new card is preselected", async () => {
    setup({ cards: [savedCard(9, { expired: true, is_default: true }), savedCard(7)] });
    await toPayment();
    await screen.findByRole("group", { name: "Saved cards" });
    expect((screen.getByRole("radio", { name: "Use a new card" }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByLabelText("Card number")).toBeTruthy();
  });

  test("a saved card's CVV follows the core's rule: required, 3 digits", async () => {
    const { api } = setup({ cards: CARDS });
    await toPayment();
    const cvv = await screen.findByLabelText("CVV of the card ending in 4242");
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByText("This field is required")).toBeTruthy();
    fireEvent.change(cvv, { target: { value: "12" } });
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByText("CVV must be 3 digits")).toBeTruthy();
    expect(cvv.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByRole("heading", { level: 2, name: /Payment/ })).toBeTruthy();
    // Arabic-Indic digits count as digits.
    fireEvent.change(cvv, { target: { value: "٧٣٧" } });
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByRole("heading", { level: 2, name: /Review your order/ })).toBeTruthy();
    expect(api.bodies("POST /order/checkout")).toEqual([]);
  });

  test("a saved card pays with its id and CVV, and no card number; the CVV is kept nowhere", async () => {
    const { api, client, unmount } = setup({ cards: CARDS });
    await toPayment();
    fireEvent.click(await screen.findByRole("radio", { name: /•••• 4444/ }));
    fireEvent.change(screen.getByLabelText("CVV of the card ending in 4444"), { target: { value: "٧٣٧" } });
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    await screen.findByRole("heading", { level: 2, name: /Review your order/ });
    expect(screen.getByTestId("review-payment").textContent).toBe("Card ending in 4444");
    acceptAndPlace();
    await waitFor(() => expect(window.location.pathname).toBe("/checkout/success/5"));
    expect(api.bodies("POST /order/checkout")).toEqual([
      { service_id: 1, address_id: 8, payment_method: "card", use_wallet: false, card: null, saved_card_id: 7, cvv: "737" },
    ]);
    const flowView = checkoutDriver.snapshot();
    expect(flowView.payment).toEqual({ method: "card", use_wallet: false, saved_card_id: 7, save_card: false });
    // The success page replaces the checkout: nothing of the placement stays in the mutation cache.
    unmount();
    await waitFor(() => expect(client.getMutationCache().getAll()).toEqual([]));
    const kept = JSON.stringify([
      { ...localStorage },
      { ...sessionStorage },
      useAppStore.getState(),
      client.getQueryCache().getAll().map((q) => q.state.data),
      // The core's checkout flow kept the payment without its secrets.
      flowView,
    ]);
    expect(kept).not.toContain("737");
    expect(kept).not.toContain("٧٣٧");
  });

  test("a new card with 'Save this card for next time' sends save_card", async () => {
    const { api } = setup({ cards: CARDS });
    await toPayment();
    fireEvent.click(await screen.findByRole("radio", { name: "Use a new card" }));
    fillCard();
    fireEvent.click(screen.getByRole("checkbox", { name: "Save this card for next time" }));
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    await screen.findByRole("heading", { level: 2, name: /Review your order/ });
    expect(screen.getByTestId("review-payment").textContent).toBe("Card ending in 4242");
    acceptAndPlace();
    await waitFor(() => expect(window.location.pathname).toBe("/checkout/success/5"));
    const [body] = api.bodies("POST /order/checkout") as Record<string, unknown>[];
    expect(body?.save_card).toBe(true);
    expect(body?.card).toEqual({ number: "4242 4242 4242 4242", name: "Mona Adel", exp_month: "12", exp_year: "39", cvv: "123" });
    expect(body).not.toHaveProperty("saved_card_id");
  });

  test("without saved cards the card form shows at once, and an unticked box saves nothing", async () => {
    const { api } = setup();
    await toPayment();
    expect(screen.queryByRole("group", { name: "Saved cards" })).toBeNull();
    fillCard();
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    await screen.findByRole("heading", { level: 2, name: /Review your order/ });
    acceptAndPlace();
    await waitFor(() => expect(window.location.pathname).toBe("/checkout/success/5"));
    expect(api.bodies("POST /order/checkout")[0]).not.toHaveProperty("save_card");
  });

  test("saved cards that cannot be loaded leave the new card's form, and say so", async () => {
    setup({ cards: null });
    await toPayment();
    expect((await screen.findByTestId("saved-cards-failed")).textContent).toContain("You can still pay with a new card");
    expect(screen.getByLabelText("Card number")).toBeTruthy();
  });

  test("the 10-card limit is shown on the payment step, with the new card still there", async () => {
    const limit = "You can save up to 10 cards. Remove a saved card to add a new one.";
    setup({ cards: CARDS, checkout: () => ({ status: 422, body: { message: limit, errors: { save_card: [limit] } } }) });
    await toPayment();
    fireEvent.click(await screen.findByRole("radio", { name: "Use a new card" }));
    fillCard();
    fireEvent.click(screen.getByRole("checkbox", { name: "Save this card for next time" }));
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    await screen.findByRole("heading", { level: 2, name: /Review your order/ });
    acceptAndPlace();
    expect((await screen.findByTestId("payment-error")).textContent).toBe(limit);
    expect((screen.getByRole("radio", { name: "Use a new card" }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText("Card number") as HTMLInputElement).value).toBe("4242 4242 4242 4242");
    expect((screen.getByRole("checkbox", { name: "Save this card for next time" }) as HTMLInputElement).checked).toBe(true);
  });

  test("a saved card refused as expired (422) or declined (400) is shown on the payment step", async () => {
    let answer: Reply = { status: 422, body: { message: "This card has expired", errors: { saved_card_id: ["This card has expired"] } } };
    setup({ cards: CARDS, checkout: () => answer });
    await toPayment();
    fireEvent.change(await screen.findByLabelText("CVV of the card ending in 4242"), { target: { value: "123" } });
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    await screen.findByRole("heading", { level: 2, name: /Review your order/ });
    acceptAndPlace();
    expect((await screen.findByTestId("payment-error")).textContent).toBe("This card has expired");
    // A refused saved card: the list is read again and its CVV is asked for again.
    await waitFor(() => expect(cardOption("•••• 4242")?.checked).toBe(true));
    expect((screen.getByLabelText("CVV of the card ending in 4242") as HTMLInputElement).value).toBe("");

    const declined = "An error occured while processing your payment, please try again later";
    answer = { status: 400, body: { message: declined, errors: { error: declined } } };
    fireEvent.change(screen.getByLabelText("CVV of the card ending in 4242"), { target: { value: "123" } });
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    await screen.findByRole("heading", { level: 2, name: /Review your order/ });
    fireEvent.click(screen.getByRole("button", { name: "Place order" }));
    expect((await screen.findByTestId("payment-error")).textContent).toBe(declined);
    // A declined payment keeps the card and its CVV: the shopper may simply try again.
    expect((screen.getByLabelText("CVV of the card ending in 4242") as HTMLInputElement).value).toBe("123");
  });

  test("a saved card deleted in another tab sends the shopper back to the payment step, without it", async () => {
    const gone = "This saved card is no longer available. Choose another card or use a new one.";
    // The API's list as it stands: another tab deletes the Mastercard before the order is placed.
    const list = [...CARDS];
    const { api } = setup({
      cards: list,
      checkout: () => {
        list.splice(1, 1);
        return { status: 422, body: { message: gone, errors: { saved_card_id: [gone] } } };
      },
    });
    await toPayment();
    fireEvent.click(await screen.findByRole("radio", { name: /•••• 4444/ }));
    fireEvent.change(screen.getByLabelText("CVV of the card ending in 4444"), { target: { value: "737" } });
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    await screen.findByRole("heading", { level: 2, name: /Review your order/ });
    const listed = api.calls().filter((c) => c.startsWith("GET /cards")).length;
    acceptAndPlace();

    // Back at the payment step, with the server's words next to it…
    expect(await screen.findByRole("heading", { level: 2, name: /Payment/ })).toBeTruthy();
    expect((await screen.findByTestId("payment-error")).textContent).toBe(gone);
    // …the cards read again, the deleted one gone and the default chosen instead…
    await waitFor(() => expect(screen.getAllByTestId("saved-card-option").map((o) => o.textContent?.includes("•••• 4444"))).toEqual([false, false]));
    expect(api.calls().filter((c) => c.startsWith("GET /cards")).length).toBeGreaterThan(listed);
    expect(cardOption("•••• 4242").checked).toBe(true);
    // …and the CVV typed for the deleted card forgotten.
    expect((screen.getByLabelText("CVV of the card ending in 4242") as HTMLInputElement).value).toBe("");
    expect(screen.queryByLabelText("CVV of the card ending in 4444")).toBeNull();

    // Paying with another card goes through.
    fireEvent.change(screen.getByLabelText("CVV of the card ending in 4242"), { target: { value: "321" } });
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    await screen.findByRole("heading", { level: 2, name: /Review your order/ });
    expect(screen.getByTestId("review-payment").textContent).toBe("Card ending in 4242");
  });
});
