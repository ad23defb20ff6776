/** @jest-environment ./src/test/jsdom-environment.cjs */
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { useAppStore } from "../../../platform/store";
import { deliveredOrder, orderDetail, orderSummary } from "../fixtures";
import { meta, mockApi, polyfillDialog, renderAt, signedIn, toasts } from "../testing";
import MyOrdersPage, { chosenTab } from "./MyOrdersPage";
import OrderDetailPage, { deliveredAtMs, orderActions } from "./OrderDetailPage";

beforeAll(polyfillDialog);
beforeEach(() => {
  signedIn();
});

describe("orderActions (the core's rules)", () => {
  const now = Date.parse("2025-03-10T12:00:00Z");

  test("pending and on-hold orders can be cancelled, processing ones not", () => {
    expect(orderActions(orderDetail(1, { status: "pending" }), now).cancel).toBe(true);
    expect(orderActions(orderDetail(1, { status: "on_hold" }), now).cancel).toBe(true);
    expect(orderActions(orderDetail(1, { status: "processing" }), now).cancel).toBe(false);
    expect(orderActions(orderDetail(1, { status: "canceled" }), now).cancel).toBe(false);
  });

  test("a return starts only within the window after delivery, once", () => {
    const delivered = (at: string) =>
      orderDetail(1, { status: "delivered", history: [{ status: "delivered", label: "Delivered", at }] });
    expect(deliveredAtMs(delivered("2025-03-09T12:00:00Z"))).toBe(Date.parse("2025-03-09T12:00:00Z"));
    expect(orderActions(delivered("2025-03-09T12:00:00Z"), now).startReturn).toBe(true);
    expect(orderActions(delivered("2025-02-01T12:00:00Z"), now).startReturn).toBe(false);
    const asked = { ...delivered("2025-03-09T12:00:00Z"), return: {} as never };
    expect(orderActions(asked, now).startReturn).toBe(false);
    expect(orderActions(orderDetail(1, { status: "shipped" }), now).startReturn).toBe(false);
  });
});

describe("MyOrdersPage", () => {
  test("the address picks the tab by key or name; Current by default", () => {
    expect(chosenTab(new URLSearchParams("tab=delivered")).tab).toBe("completed");
    expect(chosenTab(new URLSearchParams("tab=cancellations")).key).toBe("cancelled");
    expect(chosenTab(new URLSearchParams("tab=nonsense")).tab).toBe("current");
    expect(chosenTab(new URLSearchParams()).tab).toBe("current");
  });

  test("shows the five tabs and the orders of the chosen one", async () => {
    const api = mockApi({
      "GET /orders": (url) => ({
        body: url.searchParams.get("tab") === "delivered" ? { data: [orderSummary(4, { status: "delivered", status_label: "Delivered" })], meta: meta(1) } : { data: [], meta: meta(0) },
      }),
    });
    renderAt(<MyOrdersPage params={{ id: null }} query={new URLSearchParams("tab=delivered")} />, "/account/my-orders?tab=delivered");
    const row = await screen.findByTestId("order-row");
    expect(within(row).getByRole("link", { name: "Order #100004" }).getAttribute("href")).toBe("/account/my-orders/4");
    expect(within(row).getByText("Delivered")).toBeTruthy();
    const tabs = screen.getByRole("navigation", { name: "Order status" });
    expect(within(tabs).getAllByRole("link").map((l) => l.textContent)).toEqual(["Current", "Completed", "Cancellations", "Returns", "Rejected"]);
    expect(within(tabs).getByRole("link", { name: "Completed" }).getAttribute("aria-current")).toBe("page");
    expect(api.calls()).toContain("GET /orders?tab=delivered&page=1&limit=20");
  });

  test("an empty tab says 'no orders available'", async () => {
    mockApi({ "GET /orders": () => ({ body: { data: [], meta: meta(0) } }) });
    renderAt(<MyOrdersPage params={{ id: null }} query={new URLSearchParams()} />);
    expect((await screen.findByTestId("empty-state")).textContent).toContain("no orders available");
  });

  test("a failed load shows the error and retries", async () => {
    let fail = true;
    mockApi({
      "GET /orders": () => (fail ? { status: 500, body: { message: "Server down" } } : { body: { data: [orderSummary(1)], meta: meta(1) } }),
    });
    renderAt(<MyOrdersPage params={{ id: null }} query={new URLSearchParams()} />);
    expect((await screen.findByTestId("load-error")).textContent).toContain("Server down");
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByTestId("order-row")).toBeTruthy();
  });
});

describe("OrderDetailPage", () => {
  test("shows every spec field of the order", async () => {
    mockApi({ "GET /orders/9": () => ({ body: { data: orderDetail(9), message: null } }) });
    renderAt(<OrderDetailPage params={{ id: 9 }} query={new URLSearchParams()} />, "/account/my-orders/9");
    const fields = await screen.findByTestId("order-fields");
    const text = fields.textContent ?? "";
    for (const label of [
      "Order number100009",
      "Payment methodCard (**** 4242)",
      "PriceEGP 100.00",
      "Coupon discount WELCOME10EGP 10.00",
      "SubtotalEGP 90.00",
      "Delivery feeEGP 15.00",
      "TaxEGP 12.60",
      "Paid from walletEGP 20.00",
      "TotalEGP 97.60",
      "Delivery code4821",
      "Points earned90",
    ]) {
      expect(text.replace(/\u00a0/g, " ")).toContain(label);
    }
    expect(text).toContain("Estimated arrival");
    expect(screen.getAllByTestId("order-item")).toHaveLength(2);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Order #100009");
    expect(screen.queryByTestId("start-return")).toBeNull();
  });

  test("in Arabic, item quantities use Arabic-Indic digits like the amounts", async () => {
    mockApi({ "GET /orders/9": () => ({ body: { data: orderDetail(9), message: null } }) });
    useAppStore.setState({ language: "ar" });
    const view = renderAt(<OrderDetailPage params={{ id: 9 }} query={new URLSearchParams()} />, "/account/my-orders/9");
    try {
      await waitFor(() => expect(screen.getAllByTestId("order-item")[0]?.textContent).toMatch(/[٠-٩]+ × /));
      expect(screen.getAllByTestId("order-item")[0]?.textContent).not.toMatch(/[0-9] ×/);
    } finally {
      view.unmount();
      useAppStore.setState({ language: "en" });
    }
  });

  test("cancelling asks first, then cancels and shows the server's message", async () => {
    let status = "pending";
    const api = mockApi({
      "GET /orders/9": () => ({ body: { data: orderDetail(9, { status, status_label: status === "pending" ? "Pending" : "Cancelled" }), message: null } }),
      "POST /orders/9/cancel": () => {
        status = "cancelled";
        return { body: { data: orderDetail(9, { status: "cancelled", status_label: "Cancelled" }), message: "Your order was cancelled." } };
      },
    });
    renderAt(<OrderDetailPage params={{ id: 9 }} query={new URLSearchParams()} />, "/account/my-orders/9");
    fireEvent.click(await screen.findByTestId("cancel-order"));
    const dialog = screen.getByTestId("cancel-dialog");
    expect(dialog.hasAttribute("open")).toBe(true);
    expect(api.bodies("POST /orders/9/cancel")).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel the order" }));
    await waitFor(() => expect(toasts()).toEqual(["Your order was cancelled."]));
    await waitFor(() => expect(screen.queryByTestId("cancel-order")).toBeNull());
    expect(screen.getAllByTestId("order-status")[0]?.textContent).toBe("Cancelled");
  });

  test("a refused cancel shows the error toast and keeps the order", async () => {
    mockApi({
      "GET /orders/9": () => ({ body: { data: orderDetail(9), message: null } }),
      "POST /orders/9/cancel": () => ({ status: 400, body: { message: "No", errors: { error: "This order can no longer be cancelled." } } }),
    });
    renderAt(<OrderDetailPage params={{ id: 9 }} query={new URLSearchParams()} />, "/account/my-orders/9");
    fireEvent.click(await screen.findByTestId("cancel-order"));
    fireEvent.click(within(screen.getByTestId("cancel-dialog")).getByRole("button", { name: "Cancel the order" }));
    await waitFor(() => expect(toasts()).toEqual(["This order can no longer be cancelled."]));
  });

  test("a recently delivered order offers 'Start a return' to the return form", async () => {
    mockApi({ "GET /orders/9": () => ({ body: { data: deliveredOrder(9), message: null } }) });
    renderAt(<OrderDetailPage params={{ id: 9 }} query={new URLSearchParams()} />, "/account/my-orders/9");
    const link = await screen.findByTestId("start-return");
    expect(link.getAttribute("href")).toBe("/account/return-orders/new?order=9");
    expect(screen.queryByTestId("cancel-order")).toBeNull();
  });
});
