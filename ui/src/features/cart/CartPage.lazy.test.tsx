import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { parseProfileResponse } from "storefront-core";
import { useAppStore } from "../../app/store";
import { cartCore } from "../../core/lazy";
import { branchDetail } from "../catalogue/fixtures";
import { mockApi, renderWithProviders, resetClient, testQueryClient, type Reply } from "../catalogue/test-utils";
import { remoteConfig } from "../chrome/testing";
import CartPage from "./CartPage";
import { cartAnswerKey, cartQueryKey } from "./keys";
import { fetchCart } from "./useCart";
import { cartBody, type LineSpec } from "./testing";

// The cart's part of the core loads only when the test lets it.
jest.mock("../../core/lazy", () => ({ ...jest.requireActual("../../core/lazy"), cartCore: jest.fn() }));

type CartModule = Awaited<ReturnType<typeof cartCore>>;
const loadCartCore = cartCore as jest.MockedFunction<typeof cartCore>;
const realCartCore = () => Promise.resolve(jest.requireActual<CartModule>("storefront-core/cart"));

const TEA: LineSpec = { id: 1, productId: 10, qty: 2, price: "25.00", name: "Green tea", maxQty: 3 };
const RICE: LineSpec = { id: 2, productId: 20, qty: 1, price: "40.00", name: "Basmati rice" };

function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** The page after startup: remote config and the profile are in (the startup plan reads them). */
function renderCart() {
  const client = testQueryClient();
  const { language, client: stored } = useAppStore.getState();
  client.setQueryData(["remote-config", language], remoteConfig());
  client.setQueryData(["profile", stored.token], parseProfileResponse({ data: { user: null, address: null } }));
  return renderWithProviders(<CartPage />, client);
}

function mockCart(reply: () => Reply | Promise<Reply>) {
  return mockApi({
    "GET /get_card": reply,
    "GET /branches/3": () => ({ body: { data: branchDetail(3, { minimum: "10.00" }), message: null } }),
  });
}

describe("CartPage before the cart module has loaded", () => {
  beforeEach(() => {
    resetClient({ token: "tok", district_id: "1", selectedService: "1" });
    loadCartCore.mockReset();
  });

  test("shows the lines from the answer at once; the money, the controls and the store wait for the core", async () => {
    const answer = deferred<Reply>();
    const core = deferred<CartModule>();
    loadCartCore.mockReturnValue(core.promise);
    mockCart(() => answer.promise);
    renderCart();
    // The module is asked for only once the answer is there to show (and is not asked to decide the call).
    await waitFor(() => expect(globalThis.fetch).toHaveBeenCalled());
    expect(loadCartCore).not.toHaveBeenCalled();
    await act(async () => answer.resolve({ body: { data: cartBody([TEA, RICE]), message: null } }));

    const tea = await screen.findByRole("listitem", { name: "Green tea" });
    expect(screen.getByRole("heading", { level: 2, name: "Basmati rice" })).toBeTruthy();
    expect(within(tea).getByRole("link", { name: "Green tea" }).getAttribute("href")).toBe("/products/10");
    expect(screen.getByTestId("cart-count").textContent).toBe("3 items · From Garden City Grocer");
    // The quantity as sent, said to screen readers; the stepper is a placeholder until the core's limits are in.
    expect(within(tea).getByText("Quantity 2")).toBeTruthy();
    expect(within(tea).getByTestId("pending-stepper").querySelector("input")?.value).toBe("2");
    expect(within(tea).queryByRole("button", { name: "Increase quantity" })).toBeNull();
    // No amount before the core has computed it: bars hidden from screen readers, the summary busy.
    expect(within(tea).getByTestId("pending-line-total").getAttribute("aria-hidden")).toBe("true");
    expect(within(tea).getByTestId("pending-unit-price").textContent).toBe("\u00a0");
    expect(screen.queryByTestId("cart-totals")).toBeNull();
    expect(screen.getByTestId("pending-totals").textContent).not.toMatch(/\d/);
    expect(document.body.textContent).not.toContain("EGP");
    const summary = screen.getByRole("complementary", { name: "Order summary" });
    expect(summary.getAttribute("aria-busy")).toBe("true");
    expect(within(summary).getByRole("status").textContent).toBe("Loading the prices and totals…");
    expect(screen.queryByRole("link", { name: "Proceed to checkout" })).toBeNull();
    expect(useAppStore.getState().cart).toBeNull();
    await waitFor(() => expect(loadCartCore).toHaveBeenCalled());

    await act(async () => core.resolve(await realCartCore()));
    await screen.findByTestId("cart-totals");
    // The same elements carry on: the line's heading is the one first drawn.
    expect(screen.getByRole("listitem", { name: "Green tea" })).toBe(tea);
    expect(within(tea).getByTestId("line-total").textContent).toBe("EGP\u00a050.00");
    expect(within(tea).getByText("EGP 25.00 each")).toBeTruthy();
    expect(screen.getByTestId("total-total").textContent).toBe("EGP\u00a0115.10");
    expect(summary.getAttribute("aria-busy")).toBeNull();
    expect(within(summary).queryByRole("status")).toBeNull();
    expect(screen.getByRole("link", { name: "Proceed to checkout" }).getAttribute("href")).toBe("/checkout");
    expect(useAppStore.getState().cart?.items_quantity).toBe(3);
    fireEvent.click(within(tea).getByRole("button", { name: "Increase quantity" }));
    expect(within(tea).getByRole("textbox").getAttribute("value")).toBe("3");
  });

  test("in Arabic the placeholders' words are Arabic", async () => {
    useAppStore.setState({ language: "ar" });
    loadCartCore.mockReturnValue(new Promise(() => undefined));
    mockCart(() => ({ body: { data: cartBody([TEA]), message: null } }));
    renderCart();
    const tea = await screen.findByRole("listitem", { name: "Green tea" });
    expect(within(tea).getByText("الكمية ٢")).toBeTruthy();
    const summary = screen.getByRole("complementary", { name: "ملخص الطلب" });
    expect(within(summary).getByRole("status").textContent).toBe("جارٍ تحميل الأسعار والإجمالي…");
  });

  test("an empty cart says so without waiting for the core", async () => {
    loadCartCore.mockReturnValue(new Promise(() => undefined));
    mockCart(() => ({ body: { data: cartBody([]), message: null } }));
    renderCart();
    expect((await screen.findByTestId("empty-state")).textContent).toContain("You don't have any product");
  });

  test("a shop that does not deliver to the district waits for the core, so its notice never pushes the lines down", async () => {
    const core = deferred<CartModule>();
    loadCartCore.mockReturnValue(core.promise);
    mockCart(() => ({ body: { data: cartBody([TEA], { delivers: false }), message: null } }));
    renderCart();
    await waitFor(() => expect(loadCartCore).toHaveBeenCalled());
    expect(screen.queryByRole("listitem")).toBeNull();
    expect(screen.getByRole("region", { name: "Your cart" }).getAttribute("aria-busy")).toBe("true");
    await act(async () => core.resolve(await realCartCore()));
    expect((await screen.findByTestId("cart-not-delivering")).textContent).toContain("We Don't Deliver To Your Location");
    expect(screen.getByRole("heading", { level: 2, name: "Green tea" })).toBeTruthy();
  });

  test("when the cart module fails to load, the page says so and its retry loads it again", async () => {
    loadCartCore.mockRejectedValueOnce(new Error("chunk failed")).mockImplementation(realCartCore);
    mockCart(() => ({ body: { data: cartBody([TEA]), message: null } }));
    renderCart();
    fireEvent.click(await screen.findByRole("button", { name: "Try again" }));
    expect((await screen.findByTestId("cart-totals")).textContent).toContain("EGP");
    expect(screen.getByRole("heading", { level: 2, name: "Green tea" })).toBeTruthy();
  });

  test("whoever fetches the cart (the page or the header's CartSync) leaves the answer for the page before the core reads it", async () => {
    loadCartCore.mockReturnValue(new Promise(() => undefined));
    mockCart(() => ({ body: { data: cartBody([TEA]), message: null } }));
    const client = testQueryClient();
    const queryKey = cartQueryKey("tok", 1, "en", [1, null]);
    void fetchCart(1, true, { client, queryKey });
    await waitFor(() => expect(client.getQueryData(cartAnswerKey("tok", 1, "en", [1, null]))).toMatchObject({ branch_name: "Garden City Grocer" }));
    expect(useAppStore.getState().cart).toBeNull();
  });

  test("a cart the store already holds keeps its money while the new answer goes through the core", async () => {
    loadCartCore.mockImplementation(realCartCore);
    const { parseCart } = await realCartCore();
    // An add on a product page put a cart in the store; then the customer opens the cart.
    useAppStore.getState().setCart(parseCart(cartBody([TEA])));
    const answer = deferred<Reply>();
    mockCart(() => answer.promise);
    renderCart();
    expect((await screen.findByTestId("cart-totals")).textContent).toContain("EGP");
    // The cart module is slow this time: the answer is in the cache but not yet in the store.
    const core = deferred<CartModule>();
    loadCartCore.mockReturnValue(core.promise);
    await act(async () => answer.resolve({ body: { data: cartBody([TEA, RICE]), message: null } }));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByTestId("pending-totals")).toBeNull();
    expect(screen.getByTestId("total-total").textContent).toBe("EGP\u00a069.50");
    await act(async () => core.resolve(await realCartCore()));
    await waitFor(() => expect(screen.getByTestId("total-total").textContent).toBe("EGP\u00a0115.10"));
    expect(screen.getByRole("heading", { level: 2, name: "Basmati rice" })).toBeTruthy();
  });
});
