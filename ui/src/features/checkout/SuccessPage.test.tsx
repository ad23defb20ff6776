import { screen, waitFor } from "@testing-library/react";
import { useAppStore } from "../../platform/store";
import { mockApi, renderWithProviders, resetClient, testQueryClient } from "../../test/catalogue";
import { orderQueryKey } from "./queries";
import SuccessPage from "./SuccessPage";

const ORDER = {
  id: 12,
  number: "100012",
  date: "2025-03-01 09:30",
  created_at: "2025-03-01T09:30:00Z",
  status: "pending",
  status_label: "Pending",
  payment_method: "card",
  payment_card: "**** 4242",
  price: "100.00",
  subtotal: "90.00",
  discount_coupon: "10.00",
  coupon: "WELCOME10",
  delivery_fee: "15.00",
  tax: "12.60",
  cart_total: "117.60",
  wallet_balance: "20.00",
  total: "97.60",
  delivery_code: "0427",
  estimated_arrival_time: "2025-03-01 10:05",
  points_earned: 90,
  currency: "EGP",
  branch: { id: 1, name: "Zamalek Fresh Market" },
  address: null,
  history: [],
  items: [{ id: 1, product_id: 10, name: "Green tea", qty: 2, price: "50.00", total: "100.00", image: null, returned_qty: 0 }],
  can_cancel: true,
  can_return: false,
};

const text = (id: string) => screen.getByTestId(id).textContent?.replace(/\u00a0/g, " ");

describe("SuccessPage", () => {
  beforeEach(() => resetClient({ token: "tok", district_id: "1", selectedService: "1" }));

  test("reads the order after a reload and shows number, arrival, delivery code and amounts", async () => {
    const api = mockApi({ "GET /orders/12": () => ({ body: { data: ORDER, message: null } }) });
    renderWithProviders(<SuccessPage params={{ id: 12 }} query={new URLSearchParams()} />);
    expect(await screen.findByRole("heading", { level: 1, name: "Thank you! Your order has been placed." })).toBeTruthy();
    expect(api.calls()).toEqual(["GET /orders/12"]);
    expect(text("order-number")).toBe("#100012");
    expect(text("delivery-code")).toBe("0427");
    expect(screen.getByTestId("order-arrival").querySelector("time")?.getAttribute("dateTime")).toBe("2025-03-01T10:05:00.000Z");
    expect(text("order-payment")).toBe("Card **** 4242");
    expect(text("order-wallet")).toBe("-EGP 20.00");
    expect(text("order-total")).toBe("EGP 97.60");
    expect(screen.getByRole("link", { name: "View my orders" }).getAttribute("href")).toBe("/account/my-orders");
  });

  test("on arrival the focus goes to the 'Thank you' heading, so it is announced and in view", async () => {
    mockApi({ "GET /orders/12": () => ({ body: { data: ORDER, message: null } }) });
    renderWithProviders(<SuccessPage params={{ id: 12 }} query={new URLSearchParams()} />);
    const heading = await screen.findByRole("heading", { level: 1, name: "Thank you! Your order has been placed." });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(heading.getAttribute("tabindex")).toBe("-1");
  });

  test("with the order already known (just placed) the heading has the focus at once", async () => {
    const client = testQueryClient();
    client.setQueryData(orderQueryKey(12, "en"), ORDER);
    mockApi({ "GET /orders/12": () => ({ body: { data: ORDER, message: null } }) });
    renderWithProviders(<SuccessPage params={{ id: 12 }} query={new URLSearchParams()} />, client);
    const heading = screen.getByRole("heading", { level: 1, name: "Thank you! Your order has been placed." });
    expect(document.activeElement).toBe(heading);
  });

  test("in Arabic the amounts and dates use the Arabic locale", async () => {
    useAppStore.setState({ language: "ar" });
    mockApi({ "GET /orders/12": () => ({ body: { data: { ...ORDER, payment_method: "cash", payment_card: null }, message: null } }) });
    renderWithProviders(<SuccessPage params={{ id: 12 }} query={new URLSearchParams()} />);
    expect(await screen.findByRole("heading", { level: 1, name: "شكرًا لك! تم تقديم طلبك بنجاح." })).toBeTruthy();
    expect(text("order-payment")).toBe("الدفع نقدًا عند الاستلام");
    expect(text("order-total")).toBe("\u200f٩٧٫٦٠ ج.م.\u200f");
    expect(screen.getByTestId("order-arrival").textContent).toMatch(/[٠-٩]/);
  });
});

