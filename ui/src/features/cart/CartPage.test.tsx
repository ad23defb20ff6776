import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { applyStorageEffects } from "storefront-core/start";
import { selectCart, useAppStore } from "../../platform/store";
import { branchDetail } from "../../test/catalogueFixtures";
import { mockApi, renderWithProviders, resetClient, toastTexts, type Reply, type Routes } from "../../test/catalogue";
import CartPage from "./CartPage";
import { cartBody, cartLine, type LineSpec } from "../../test/cart";

const TEA: LineSpec = { id: 1, productId: 10, qty: 2, price: "25.00", name: "Green tea", maxQty: 3 };
const RICE: LineSpec = { id: 2, productId: 20, qty: 1, price: "40.00", name: "Basmati rice" };

/**
 * The API with the cart's shop (3) answering `GET /branches/3`: its minimum order is
 * 50.00 unless given.
 */
function mockCartApi(routes: Routes, minimum = "50.00") {
  return mockApi({
    "GET /branches/3": () => ({ body: { data: branchDetail(3, { minimum }), message: null } }),
    ...routes,
  });
}

/**
 * The calls about the cart and its shop: the page's acceptance box also reads the
 * footer's settings and policy pages, which the shell has loaded in the app.
 */
function cartCalls(api: ReturnType<typeof mockApi>): string[] {
  return api.calls().filter((call) => !/^GET \/(setting|remote-config|user\/profile|static-pages)\b/.test(call));
}

/** A reply that waits until the test releases it. */
function deferred() {
  let release: (reply: Reply) => void = () => undefined;
  const promise = new Promise<Reply>((resolve) => (release = resolve));
  return { promise, release };
}

function row(name: string): HTMLElement {
  return screen.getByRole("listitem", { name });
}

function totals() {
  const dl = screen.getByTestId("cart-totals");
  const value = (id: string) => within(dl).queryByTestId(id)?.textContent?.replace(/\u00a0/g, " ") ?? null;
  return {
    price: value("total-price"),
    coupon: value("total-coupon"),
    tax: value("total-tax"),
    delivery: value("total-delivery"),
    total: value("total-total"),
  };
}

describe("CartPage", () => {
  beforeEach(() => resetClient({ token: "tok", district_id: "1", selectedService: "1" }));

  test("an empty cart says 'You don't have any product' and links back to shopping", async () => {
    mockCartApi({ "GET /get_card": () => ({ body: { data: cartBody([]), message: null } }) });
    renderWithProviders(<CartPage />);
    expect((await screen.findByTestId("empty-state")).textContent).toContain("You don't have any product");
    expect(screen.getByRole("link", { name: "Continue shopping" }).getAttribute("href")).toBe("/home");
    expect(selectCart(useAppStore.getState())?.items_quantity).toBe(0);
  });

  test("checkout asks for the privacy and terms acceptance here, and remembers it (spec 5)", async () => {
    mockCartApi({ "GET /get_card": () => ({ body: { data: cartBody([TEA, RICE]), message: null } }) }, "10.00");
    window.history.replaceState(null, "", "/cart");
    renderWithProviders(<CartPage />);
    const checkout = await screen.findByRole("link", { name: "Proceed to checkout" });
    const box = screen.getByRole("checkbox", { name: "I accept the privacy policy and the terms and conditions" });
    expect((box as HTMLInputElement).checked).toBe(false);

    fireEvent.click(checkout);
    expect((await screen.findByTestId("terms-error")).textContent).toBe("Please accept the privacy policy and the terms and conditions");
    expect(box.getAttribute("aria-invalid")).toBe("true");
    expect(window.location.pathname).toBe("/cart");

    fireEvent.click(box);
    expect(screen.queryByTestId("terms-error")).toBeNull();
    expect(useAppStore.getState().termsAccepted).toBe(true);
    fireEvent.click(checkout);
    await waitFor(() => expect(window.location.pathname).toBe("/checkout"));
  });

  test("loads the cart of the selected service and shows lines and totals per locale", async () => {
    const api = mockCartApi({ "GET /get_card": () => ({ body: { data: cartBody([TEA, RICE]), message: null } }) });
    renderWithProviders(<CartPage />);
    expect(await screen.findByRole("heading", { level: 2, name: "Green tea" })).toBeTruthy();
    await waitFor(() => expect(cartCalls(api)).toEqual(["GET /get_card?service_id=1", "GET /branches/3"]));
    expect(screen.getByTestId("cart-count").textContent).toBe("3 items · From Garden City Grocer");
    expect(within(row("Green tea")).getByTestId("line-total").textContent).toBe("EGP\u00a050.00");
    expect(totals()).toEqual({
      price: "EGP 90.00",
      coupon: null,
      tax: "EGP 12.60",
      delivery: "EGP 12.50",
      total: "EGP 115.10",
    });
    expect(screen.getByRole("link", { name: "Proceed to checkout" }).getAttribute("href")).toBe("/checkout");
  });

  test("the lines never show without their shop's name and delivery notice (nothing moves when they arrive)", async () => {
    mockCartApi({ "GET /get_card": () => ({ body: { data: cartBody([TEA], { delivers: false }), message: null } }) });
    // What each commit showed: a MutationObserver's callback runs after each one.
    const seen: { lines: number; count: string | null; notice: boolean }[] = [];
    const observer = new MutationObserver(() =>
      seen.push({
        lines: document.querySelectorAll('[data-testid="cart-item"]').length,
        count: document.querySelector('[data-testid="cart-count"]')?.textContent ?? null,
        notice: document.querySelector('[data-testid="cart-not-delivering"]') !== null,
      }),
    );
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    renderWithProviders(<CartPage />);
    await screen.findByTestId("cart-not-delivering");
    observer.disconnect();
    const withLines = seen.filter((state) => state.lines > 0);
    expect(withLines.length).toBeGreaterThan(0);
    for (const state of withLines) expect(state).toEqual({ lines: 1, count: "2 items · From Garden City Grocer", notice: true });
  });

  test("in Arabic the amounts use the Arabic locale", async () => {
    useAppStore.setState({ language: "ar" });
    mockCartApi({ "GET /get_card": () => ({ body: { data: cartBody([TEA]), message: null } }) });
    renderWithProviders(<CartPage />);
    expect(await screen.findByRole("heading", { level: 1, name: "سلة التسوق" })).toBeTruthy();
    await screen.findByRole("heading", { level: 2, name: "Green tea" });
    expect(totals().price).toBe("\u200f٥٠٫٠٠ ج.م.\u200f");
  });

  test("a quantity change shows at once (the core's optimistic cart) and the answer replaces it", async () => {
    const answer = deferred();
    const api = mockCartApi({
      "GET /get_card": () => ({ body: { data: cartBody([TEA, RICE]), message: null } }),
      "POST /order/update-cart": () => answer.promise,
    });
    renderWithProviders(<CartPage />);
    await screen.findByRole("heading", { level: 2, name: "Green tea" });
    fireEvent.click(within(row("Green tea")).getByRole("button", { name: "Increase quantity" }));
    // Before the server answers: 3 × 25.00 + 40.00 = 115.00, tax 16.10, delivery 12.50.
    expect(within(row("Green tea")).getByRole("textbox").getAttribute("value")).toBe("3");
    expect(totals().total).toBe("EGP 143.60");
    expect(selectCart(useAppStore.getState())?.items_quantity).toBe(4);
    await waitFor(() => expect(api.bodies("POST /order/update-cart")).toEqual([{ key: "key-1", qty: 3 }]));
    // The server's word is final: today's price of the tea is 26.00.
    const server = cartBody([{ ...TEA, qty: 3, price: "26.00" }, RICE]);
    await act(async () => {
      answer.release({
        body: {
          data: {
            ...cartLine({ ...TEA, qty: 3, price: "26.00" }),
            message: "Cart updated",
            order: { price: server.price, total: server.total, cart_total: server.cart_total, tax: server.tax },
          },
          message: "Cart updated",
        },
      });
    });
    // 78.00 + 40.00 = 118.00, tax 16.52, delivery 12.50.
    await waitFor(() => expect(totals().total).toBe("EGP 147.02"));
    expect(within(row("Green tea")).getByTestId("line-total").textContent).toBe("EGP\u00a078.00");
    expect(toastTexts()).toEqual([]);
  });

  test("quick clicks count from what is shown: answers to earlier clicks never undo later ones", async () => {
    const answers: Array<ReturnType<typeof deferred>> = [];
    const api = mockCartApi({
      "GET /get_card": () => ({ body: { data: cartBody([RICE]), message: null } }),
      "POST /order/update-cart": () => {
        const answer = deferred();
        answers.push(answer);
        return answer.promise;
      },
    });
    const answerFor = (qty: number, status = 200) =>
      status === 200
        ? { body: { data: { ...cartLine({ ...RICE, qty }), message: "Cart updated" }, message: "Cart updated" } }
        : { status, body: { message: "There is not enough stock available.", errors: { qty: ["There is not enough stock available."] } } };
    const release = async (at: number, reply: Reply) => {
      const answer = answers[at];
      if (!answer) throw new Error(`no request ${at} was sent`);
      await act(async () => answer.release(reply));
    };
    const shownQty = () => within(row("Basmati rice")).getByRole("textbox").getAttribute("value");
    const more = () => fireEvent.click(within(row("Basmati rice")).getByRole("button", { name: "Increase quantity" }));
    renderWithProviders(<CartPage />);
    await screen.findByRole("heading", { level: 2, name: "Basmati rice" });

    more();
    more();
    expect(shownQty()).toBe("3");
    await waitFor(() => expect(answers.length).toBe(1));
    // The first answer (2) arrives while the second change (3) is still pending.
    await release(0, answerFor(2));
    expect(shownQty()).toBe("3");
    more();
    expect(shownQty()).toBe("4");
    await waitFor(() => expect(answers.length).toBe(2));
    await release(1, answerFor(3));
    await waitFor(() => expect(answers.length).toBe(3));
    expect(shownQty()).toBe("4");
    // The last change is refused: the page goes back to the server's last word, 3.
    await release(2, answerFor(0, 422));
    await waitFor(() => expect(shownQty()).toBe("3"));
    expect(api.bodies("POST /order/update-cart")).toEqual([
      { key: "key-2", qty: 2 },
      { key: "key-2", qty: 3 },
      { key: "key-2", qty: 4 },
    ]);
    expect(selectCart(useAppStore.getState())?.items_quantity).toBe(3);
    expect(toastTexts()).toEqual(["There is not enough stock available."]);
  });

  test("a refused change rolls back and toasts the extracted message", async () => {
    mockCartApi({
      "GET /get_card": () => ({ body: { data: cartBody([TEA, RICE]), message: null } }),
      "POST /order/update-cart": () => ({
        status: 422,
        body: { message: "There is not enough stock available.", errors: { qty: ["There is not enough stock available."] } },
      }),
    });
    renderWithProviders(<CartPage />);
    await screen.findByRole("heading", { level: 2, name: "Green tea" });
    fireEvent.click(within(row("Green tea")).getByRole("button", { name: "Increase quantity" }));
    await waitFor(() => expect(toastTexts()).toEqual(["There is not enough stock available."]));
    expect(within(row("Green tea")).getByRole("textbox").getAttribute("value")).toBe("2");
    expect(totals().total).toBe("EGP 115.10");
    expect(selectCart(useAppStore.getState())?.items_quantity).toBe(3);
  });

  test("the stepper stops at the product's limits with the core's messages, without a call", async () => {
    const api = mockCartApi({
      "GET /get_card": () => ({ body: { data: cartBody([{ ...TEA, qty: 3 }, { ...RICE, minQty: 1 }]), message: null } }),
    });
    renderWithProviders(<CartPage />);
    await screen.findByRole("heading", { level: 2, name: "Green tea" });
    fireEvent.click(within(row("Green tea")).getByRole("button", { name: "Increase quantity" }));
    expect(within(row("Green tea")).getByTestId("quantity-message").textContent).toBe("Max Quantity Reached");
    fireEvent.click(within(row("Basmati rice")).getByRole("button", { name: "Decrease quantity" }));
    expect(within(row("Basmati rice")).getByTestId("quantity-message").textContent).toBe("Min Quantity Reached");
    expect(cartCalls(api)).toEqual(["GET /get_card?service_id=1", "GET /branches/3"]);
  });

  test("remove takes the line away at once and keeps it when the server refuses", async () => {
    let refuse = true;
    const api = mockCartApi({
      "GET /get_card": () => ({ body: { data: cartBody([TEA, RICE]), message: null } }),
      "DELETE /orders/item/2": () => {
        if (refuse) return { status: 400, body: { message: "Nope", errors: { error: "Bad things" } } };
        const server = cartBody([TEA]);
        return {
          body: {
            data: {
              id: 2,
              order: { price: server.price, total: server.total, cart_total: server.cart_total, tax: server.tax },
              cart: server,
            },
            message: "Item removed from cart",
          },
        };
      },
    });
    renderWithProviders(<CartPage />);
    await screen.findByRole("heading", { level: 2, name: "Basmati rice" });
    fireEvent.click(screen.getByRole("button", { name: "Remove Basmati rice" }));
    expect(screen.queryByRole("heading", { level: 2, name: "Basmati rice" })).toBeNull();
    await waitFor(() => expect(toastTexts()).toEqual(["Bad things"]));
    expect(screen.getByRole("heading", { level: 2, name: "Basmati rice" })).toBeTruthy();

    refuse = false;
    fireEvent.click(screen.getByRole("button", { name: "Remove Basmati rice" }));
    await waitFor(() => expect(api.calls().filter((c) => c.startsWith("DELETE")).length).toBe(2));
    await waitFor(() => expect(totals().total).toBe("EGP 69.50"));
    expect(screen.queryByRole("heading", { level: 2, name: "Basmati rice" })).toBeNull();
    expect(selectCart(useAppStore.getState())?.items_quantity).toBe(2);
  });

  test("a valid coupon discounts the totals; an invalid one says why next to the field", async () => {
    const api = mockCartApi({
      "GET /get_card": () => ({ body: { data: cartBody([TEA, RICE]), message: null } }),
      "POST /add_coupon": async (_url, request) => {
        const { coupon_code } = (await request.json()) as { coupon_code: string };
        if (coupon_code === "") {
          const cart = cartBody([TEA, RICE]);
          return {
            body: {
              data: { cart, item: null, coupon_id: null, coupon_code: null, coupon_rule: null, totals: cart, message: "Coupon removed" },
              message: "Coupon removed",
            },
          };
        }
        if (coupon_code !== "WELCOME10") {
          return {
            status: 422,
            body: { message: "This coupon code is not valid.", errors: { coupon_code: ["This coupon code is not valid."] } },
          };
        }
        const cart = cartBody([TEA, RICE], {
          coupon_discount: "9.00",
          coupon_id: 1,
          coupon_code: "WELCOME10",
          coupon_rule: { type: "percent", rate_bp: 1000, cap: "50.00", minimum: "50.00" },
        });
        return {
          body: {
            data: {
              cart,
              item: null,
              coupon_id: 1,
              coupon_code: "WELCOME10",
              coupon_rule: cart.coupon_rule,
              totals: cart,
              message: "Coupon applied",
            },
            message: "Coupon applied",
          },
        };
      },
    });
    renderWithProviders(<CartPage />);
    await screen.findByRole("heading", { level: 2, name: "Green tea" });
    const field = screen.getByRole("textbox", { name: "Coupon code" });
    fireEvent.click(screen.getByRole("button", { name: "Apply" }));
    expect(screen.getByTestId("coupon-error").textContent).toBe("This field is required");
    expect(api.bodies("POST /add_coupon")).toEqual([]);

    fireEvent.change(field, { target: { value: "NOPE" } });
    fireEvent.click(screen.getByRole("button", { name: "Apply" }));
    await waitFor(() => expect(screen.getByTestId("coupon-error").textContent).toBe("This coupon code is not valid."));
    expect(field.getAttribute("aria-invalid")).toBe("true");
    expect(toastTexts()).toEqual(["This coupon code is not valid."]);

    fireEvent.change(field, { target: { value: "WELCOME10" } });
    fireEvent.click(screen.getByRole("button", { name: "Apply" }));
    await waitFor(() => expect(screen.getByTestId("coupon-applied").textContent).toContain("WELCOME10"));
    expect(api.bodies("POST /add_coupon").at(-1)).toEqual({ service_id: 1, coupon_code: "WELCOME10" });
    // 90.00 − 9.00 = 81.00; tax 11.34; delivery 12.50.
    expect(totals()).toEqual({
      price: "EGP 90.00",
      coupon: "-EGP 9.00",
      tax: "EGP 11.34",
      delivery: "EGP 12.50",
      total: "EGP 104.84",
    });
    expect(toastTexts().at(-1)).toBe("Coupon applied");
    // Its minimum (50.00) is reached: nothing more to say.
    expect(screen.queryByTestId("coupon-minimum")).toBeNull();

    // Removing it sends an empty code; the totals go back.
    fireEvent.click(screen.getByRole("button", { name: "Remove coupon" }));
    await waitFor(() => expect(screen.queryByTestId("coupon-applied")).toBeNull());
    expect(api.bodies("POST /add_coupon").at(-1)).toEqual({ service_id: 1, coupon_code: "" });
    expect(totals().coupon).toBeNull();
    expect(totals().total).toBe("EGP 115.10");
    expect(toastTexts().at(-1)).toBe("Coupon removed");
  });

  test("below the shop's minimum the cart says so and checkout waits until it is reached", async () => {
    const OIL: LineSpec = { id: 3, productId: 30, qty: 1, price: "91.00", name: "Olive oil" };
    mockCartApi(
      {
        "GET /get_card": () => ({ body: { data: cartBody([OIL]), message: null } }),
        "POST /order/update-cart": () => ({
          body: { data: { ...cartLine({ ...OIL, qty: 2 }), message: "Cart updated" }, message: "Cart updated" },
        }),
      },
      "100.00",
    );
    renderWithProviders(<CartPage />);
    const warning = await screen.findByTestId("cart-minimum");
    expect(warning.textContent?.replace(/\u00a0/g, " ")).toBe(
      "The minimum order for this shop is EGP 100.00. Add more items to proceed to checkout.",
    );
    const proceed = screen.getByRole("button", { name: "Proceed to checkout" }) as HTMLButtonElement;
    expect(proceed.disabled).toBe(true);
    expect(proceed.getAttribute("aria-describedby")).toBe(warning.id);
    expect(screen.queryByRole("link", { name: "Proceed to checkout" })).toBeNull();

    // 2 × 91.00 reaches the minimum: the warning goes and checkout opens.
    fireEvent.click(within(row("Olive oil")).getByRole("button", { name: "Increase quantity" }));
    await waitFor(() => expect(screen.queryByTestId("cart-minimum")).toBeNull());
    expect(screen.getByRole("link", { name: "Proceed to checkout" }).getAttribute("href")).toBe("/checkout");
    expect(screen.queryByRole("button", { name: "Proceed to checkout" })).toBeNull();
  });

  test("in Arabic the minimum-order warning is Arabic, with the amount in the Arabic locale", async () => {
    useAppStore.setState({ language: "ar" });
    mockCartApi({ "GET /get_card": () => ({ body: { data: cartBody([RICE]), message: null } }) }, "100.00");
    renderWithProviders(<CartPage />);
    const warning = await screen.findByTestId("cart-minimum");
    expect(warning.textContent?.replace(/\u00a0/g, " ")).toBe(
      "الحد الأدنى للطلب من هذا المتجر هو \u200f١٠٠٫٠٠ ج.م.\u200f، أضف منتجات أخرى للمتابعة إلى الدفع.",
    );
    expect((screen.getByRole("button", { name: "المتابعة إلى الدفع" }) as HTMLButtonElement).disabled).toBe(true);
  });

  test("while the shop's minimum is not known nothing is blocked", async () => {
    const shop = deferred();
    mockApi({
      "GET /get_card": () => ({ body: { data: cartBody([RICE]), message: null } }),
      "GET /branches/3": () => shop.promise,
    });
    renderWithProviders(<CartPage />);
    await screen.findByRole("heading", { level: 2, name: "Basmati rice" });
    expect(screen.getByRole("link", { name: "Proceed to checkout" }).getAttribute("href")).toBe("/checkout");
    expect(screen.queryByTestId("cart-minimum")).toBeNull();
    await act(async () => shop.release({ body: { data: branchDetail(3, { minimum: "100.00" }), message: null } }));
    expect(await screen.findByTestId("cart-minimum")).toBeTruthy();
  });

  test("an applied coupon whose minimum is not reached says so, with the minimum", async () => {
    const coupon = {
      coupon_id: 2,
      coupon_code: "BIG100",
      coupon_discount: "0.00",
      coupon_rule: { type: "fixed", amount: "20.00", minimum: "100.00" },
    };
    mockCartApi({ "GET /get_card": () => ({ body: { data: cartBody([TEA, RICE], coupon), message: null } }) });
    renderWithProviders(<CartPage />);
    const note = await screen.findByTestId("coupon-minimum");
    expect(screen.getByTestId("coupon-applied").textContent).toContain("Coupon BIG100 is applied");
    expect(note.textContent?.replace(/\u00a0/g, " ")).toBe(
      "No discount yet: this coupon needs an order of at least EGP 100.00.",
    );
    expect(totals().coupon).toBe("EGP 0.00");
  });

  test("in Arabic the coupon's unmet minimum is said in Arabic", async () => {
    useAppStore.setState({ language: "ar" });
    const coupon = {
      coupon_id: 2,
      coupon_code: "BIG100",
      coupon_discount: "0.00",
      coupon_rule: { type: "percent", rate_bp: 1000, cap: null, minimum: "100.00" },
    };
    mockCartApi({ "GET /get_card": () => ({ body: { data: cartBody([TEA, RICE], coupon), message: null } }) });
    renderWithProviders(<CartPage />);
    await screen.findByRole("heading", { level: 1, name: "سلة التسوق" });
    expect((await screen.findByTestId("coupon-minimum")).textContent?.replace(/\u00a0/g, " ")).toBe(
      "لا يوجد خصم حاليًا: يتطلب هذا الكوبون طلبًا بقيمة \u200f١٠٠٫٠٠ ج.م.\u200f على الأقل.",
    );
  });

  test("a cart whose shop does not deliver to the district chosen since says so at once and offers to empty it", async () => {
    const removed: number[] = [];
    const api = mockCartApi({
      "GET /get_card": () => ({ body: { data: cartBody([TEA, RICE], { delivers: false }), message: null } }),
      "DELETE /orders/item/1": () => {
        removed.push(1);
        const server = cartBody([RICE], { delivers: false });
        return { body: { data: { id: 1, order: server, cart: server }, message: "Item removed from cart" } };
      },
      "DELETE /orders/item/2": () => {
        removed.push(2);
        const server = cartBody([]);
        return { body: { data: { id: 2, order: server, cart: server }, message: "Item removed from cart" } };
      },
    });
    renderWithProviders(<CartPage />);
    const notice = await screen.findByTestId("cart-not-delivering");
    expect(notice.getAttribute("role")).toBe("status");
    expect(notice.textContent).toContain("We Don't Deliver To Your Location");
    expect(notice.textContent).toContain(
      "Garden City Grocer doesn't deliver to the district you chose. Empty your cart to shop from the stores that deliver there, or choose another location.",
    );
    // Checkout is closed, and says why.
    const proceed = screen.getByRole("button", { name: "Proceed to checkout" }) as HTMLButtonElement;
    expect(proceed.disabled).toBe(true);
    expect(proceed.getAttribute("aria-describedby")).toContain(notice.id);
    expect(screen.queryByRole("link", { name: "Proceed to checkout" })).toBeNull();

    // Emptying asks first; keeping the cart changes nothing.
    fireEvent.click(within(notice).getByRole("button", { name: "Empty cart" }));
    const dialog = screen.getByRole("dialog", { hidden: true });
    expect(within(dialog).getByRole("heading", { hidden: true }).textContent).toBe("Empty your cart?");
    expect(dialog.textContent).toContain("3 items will be removed from your cart.");
    fireEvent.click(within(dialog).getByRole("button", { name: "Keep my cart", hidden: true }));
    expect(removed).toEqual([]);
    fireEvent.click(within(notice).getByRole("button", { name: "Empty cart" }));
    fireEvent.click(within(screen.getByRole("dialog", { hidden: true })).getByRole("button", { name: "Empty cart", hidden: true }));
    await waitFor(() => expect(removed).toEqual([1, 2]));
    expect((await screen.findByTestId("empty-state")).textContent).toContain("You don't have any product");
    expect(screen.queryByTestId("cart-not-delivering")).toBeNull();
    expect(api.calls().filter((c) => c.startsWith("DELETE"))).toEqual(["DELETE /orders/item/1", "DELETE /orders/item/2"]);
  });

  test("in Arabic the cart's not-delivering notice and its way out are Arabic", async () => {
    useAppStore.setState({ language: "ar" });
    mockCartApi({ "GET /get_card": () => ({ body: { data: cartBody([RICE], { delivers: false }), message: null } }) });
    renderWithProviders(<CartPage />);
    const notice = await screen.findByTestId("cart-not-delivering");
    expect(notice.textContent).toContain("لا نقوم بالتوصيل إلى موقعك");
    expect(notice.textContent).toContain("Garden City Grocer لا يوصّل إلى المنطقة التي اخترتها.");
    expect(within(notice).getByRole("button", { name: "أفرغ السلة" })).toBeTruthy();
    expect((screen.getByRole("button", { name: "المتابعة إلى الدفع" }) as HTMLButtonElement).disabled).toBe(true);
  });

  test("choosing another district loads the cart again and says at once that its shop does not deliver there", async () => {
    const api = mockCartApi({
      "GET /get_card": (_url, request) => {
        const delivers = request.headers.get("district-id") === "1";
        return { body: { data: cartBody([TEA], { delivers }), message: null } };
      },
    });
    renderWithProviders(<CartPage />);
    await screen.findByRole("heading", { level: 2, name: "Green tea" });
    expect(screen.queryByTestId("cart-not-delivering")).toBeNull();
    expect(screen.getByRole("link", { name: "Proceed to checkout" })).toBeTruthy();
    // The location picker stores another district (Maadi).
    act(() => {
      applyStorageEffects([{ type: "store", key: "district_id", value: "4" }]);
      useAppStore.getState().refresh();
    });
    expect(await screen.findByTestId("cart-not-delivering")).toBeTruthy();
    expect(api.calls().filter((c) => c.startsWith("GET /get_card")).length).toBe(2);
  });

  test("a failed load shows the message and a retry", async () => {
    let fail = true;
    mockCartApi({
      "GET /get_card": () =>
        fail ? { status: 500, body: { message: "Server down" } } : { body: { data: cartBody([TEA]), message: null } },
    });
    renderWithProviders(<CartPage />);
    expect((await screen.findByRole("alert")).textContent).toContain("Server down");
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { level: 2, name: "Green tea" })).toBeTruthy();
  });
});
