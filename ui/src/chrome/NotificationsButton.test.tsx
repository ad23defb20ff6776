import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { useAppStore } from "../platform/store";
import { mockApi, renderWithProviders, resetClient, toastTexts, type Reply } from "../test/catalogue";
import { NotificationsButton } from "./NotificationsButton";

const meta = (unread: number) => ({ current_page: 1, last_page: 1, per_page: 10, total: 4, unread_count: unread });

function notice(id: number, fields: { kind: string; order_id?: number | null; is_read?: boolean; title: string }) {
  return {
    id,
    type: fields.kind,
    title: fields.title,
    body: `${fields.title}, in full`,
    order_id: fields.order_id ?? null,
    is_read: fields.is_read ?? false,
    read_at: fields.is_read ? "2026-11-29T10:00:00Z" : null,
    created_at: "2026-11-29T09:00:00Z",
  };
}

const NOTICES = [
  notice(1, { kind: "order", order_id: 7, title: "Order #7 is on its way" }),
  notice(2, { kind: "system", title: "You earned a referral reward" }),
  notice(3, { kind: "order", order_id: 5, is_read: true, title: "Order #5 was delivered" }),
  // A referral's commission names the invited customer's order: it opens the wallet.
  notice(4, { kind: "wallet", order_id: 9, is_read: true, title: "You earned a referral commission" }),
];

/** The API, which remembers what was read unless `refuse` answers the first notice's read. */
function setup(refuse: Reply | null = null) {
  const read = new Set(NOTICES.filter((item) => item.is_read).map((item) => item.id));
  const reading = (id: number) => (): Reply => {
    read.add(id);
    return { body: { data: { ...NOTICES[id - 1], is_read: true }, message: "Notification marked as read" } };
  };
  return mockApi({
    "GET /notifications": () => ({
      body: { data: NOTICES.map((item) => ({ ...item, is_read: read.has(item.id) })), meta: meta(NOTICES.length - read.size) },
    }),
    "POST /notifications/1/read": refuse ? () => refuse : reading(1),
    "POST /notifications/2/read": reading(2),
    "POST /notifications/read-all": () => {
      for (const item of NOTICES) read.add(item.id);
      return { body: { data: { unread_count: 0 }, message: null } };
    },
  });
}

async function openPanel() {
  fireEvent.click(await screen.findByRole("button", { name: "Notifications, 2 unread" }));
  return screen.getByRole("region", { name: "Notifications" });
}

describe("NotificationsButton", () => {
  beforeEach(() => {
    resetClient({ token: "tok", district_id: "1", selectedService: "1" });
    window.history.replaceState(null, "", "/home");
  });

  test("an order's notice opens the order and is marked read at once", async () => {
    const api = setup();
    renderWithProviders(<NotificationsButton />);
    const panel = await openPanel();
    const order = await within(panel).findByRole("link", { name: /Order #7 is on its way/ });
    expect(order.getAttribute("href")).toBe("/account/my-orders/7");
    expect(order.textContent).toContain("Unread");
    // A read notice about an order still opens it, without a call.
    expect(within(panel).getByRole("link", { name: /Order #5 was delivered/ }).getAttribute("href")).toBe("/account/my-orders/5");
    expect(within(panel).getByRole("link", { name: /referral commission/ }).getAttribute("href")).toBe("/account/my-wallet");

    fireEvent.click(order);
    expect(window.location.pathname).toBe("/account/my-orders/7");
    expect(screen.getByRole("button", { name: "Notifications, 1 unread" }).getAttribute("aria-expanded")).toBe("false");
    await waitFor(() => expect(api.calls()).toContain("POST /notifications/1/read"));
    expect(api.calls().filter((call) => call.startsWith("POST"))).toEqual(["POST /notifications/1/read"]);
  });

  test("a notice about nothing to open is a button that marks it read; read ones are plain text", async () => {
    const api = setup();
    renderWithProviders(<NotificationsButton />);
    const panel = await openPanel();
    fireEvent.click(await within(panel).findByRole("button", { name: /You earned a referral reward/ }));
    await waitFor(() => expect(api.calls()).toContain("POST /notifications/2/read"));
    expect(await screen.findByRole("button", { name: "Notifications, 1 unread" })).toBeTruthy();
    expect(window.location.pathname).toBe("/home");
    // Read, it has nothing left to do: plain text.
    expect(within(panel).queryByRole("button", { name: /You earned a referral reward/ })).toBeNull();
    expect(within(panel).getByText("You earned a referral reward")).toBeTruthy();
  });

  test("a refused read puts the count back and says why", async () => {
    setup({ status: 404, body: { message: "Not found" } });
    renderWithProviders(<NotificationsButton />);
    const panel = await openPanel();
    fireEvent.click(await within(panel).findByRole("link", { name: /Order #7/ }));
    expect(screen.getByRole("button", { name: "Notifications, 1 unread" })).toBeTruthy();
    await waitFor(() => expect(toastTexts()).toEqual(["Not found"]));
    expect(await screen.findByRole("button", { name: "Notifications, 2 unread" })).toBeTruthy();
  });

  test("'Mark all as read' reads them all", async () => {
    const api = setup();
    renderWithProviders(<NotificationsButton />);
    const panel = await openPanel();
    fireEvent.click(within(panel).getByRole("button", { name: "Mark all as read" }));
    await waitFor(() => expect(api.calls()).toContain("POST /notifications/read-all"));
    expect(await screen.findByRole("button", { name: "Notifications" })).toBeTruthy();
    expect(within(panel).queryByText("Unread")).toBeNull();
    expect(useAppStore.getState().toasts).toEqual([]);
  });
});
