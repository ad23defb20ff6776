/** @jest-environment ./src/test/jsdom-environment.cjs */
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { address, deliveredOrder, orderDetail } from "../fixtures";
import { promisesSettled } from "../../../test/promises";
import { meta, mockApi, renderAt, signedIn, toasts } from "../testing";
import NewReturnPage, { errorsByLine, toCoreForm, type ReturnDraft } from "./NewReturnPage";
import ReturnOrdersPage from "./ReturnOrdersPage";

beforeEach(() => {
  signedIn();
});

const draft = (lines: ReturnDraft["lines"]): ReturnDraft => ({ lines, refund_method: "wallet", pickup_address_id: 5, date: "2025-03-11", time: "10:00" });

describe("the return form's model", () => {
  test("only chosen lines go to the core, with what is left of each as the maximum", () => {
    const order = orderDetail(1, {
      items: [
        { id: 31, product_id: 7, name: "Tea", qty: 3, price: "5.00", total: "15.00", image: null, returned_qty: 1 },
        { id: 32, product_id: 8, name: "Honey", qty: 1, price: "9.00", total: "9.00", image: null, returned_qty: 0 },
      ],
    });
    const { form, lineIds } = toCoreForm(order, draft({ 32: { chosen: true, quantity: "1", reason: "other", comment: "x" }, 31: { chosen: false, quantity: "1", reason: "", comment: "" } }));
    expect(lineIds).toEqual([32]);
    expect(form.items).toEqual([{ id: 32, quantity: 1, ordered_quantity: 1, reason: "other", comment: "x" }]);
    const both = toCoreForm(order, draft({ 31: { chosen: true, quantity: "", reason: "damaged", comment: "" }, 32: { chosen: true, quantity: "1", reason: "damaged", comment: "" } }));
    expect(both.form.items[0]).toMatchObject({ id: 31, quantity: null, ordered_quantity: 2, reason: "damaged" });
  });

  test("errors by index land on the line they name", () => {
    expect(errorsByLine({ "items.0.comment": "a", "items.1.quantity": "b", items: "c", address_id: "d" }, [32, 31])).toEqual({
      "lines.32.comment": "a",
      "lines.31.quantity": "b",
      items: "c",
      pickup_address_id: "d",
    });
  });
});

function showForm(order = deliveredOrder(9)) {
  const api = mockApi({
    "GET /orders/9": () => ({ body: { data: order, message: null } }),
    "GET /addresses": () => ({ body: { data: [address(5, { is_default: true, name: "Home" }), address(6, { name: "Work" })], meta: meta(2) } }),
    "POST /orders/9/return": () => ({ status: 201, body: { data: { id: 1 }, message: "Your return request was received." } }),
  });
  const view = renderAt(<NewReturnPage params={{ id: null }} query={new URLSearchParams("order=9")} />, "/account/return-orders/new?order=9");
  return { api, ...view };
}

/** Fills the form for one damaged item, refund to the wallet, the default pickup address
 * and the next day at noon, and sends it; answers the item's line. */
async function submitOneDamagedItem(): Promise<HTMLElement> {
  const line = (await screen.findAllByTestId("return-line"))[0] as HTMLElement;
  fireEvent.click(within(line).getByRole("checkbox"));
  fireEvent.change(within(line).getByLabelText("Reason"), { target: { value: "damaged" } });
  fireEvent.click(screen.getByRole("radio", { name: "To my wallet" }));
  await waitFor(() => expect((screen.getByLabelText("Pickup address") as HTMLSelectElement).value).toBe("5"));
  const day = screen.getByLabelText("Pickup day") as HTMLSelectElement;
  fireEvent.change(day, { target: { value: day.options[1]?.value } });
  fireEvent.change(screen.getByLabelText("Pickup time (UTC)"), { target: { value: "12:00" } });
  fireEvent.click(screen.getByTestId("submit-return"));
  return line;
}

describe("NewReturnPage", () => {
  test("sending nothing shows the core's messages and sends nothing", async () => {
    const { api } = showForm();
    fireEvent.click(await screen.findByTestId("submit-return"));
    expect((await screen.findByTestId("items-error")).textContent).toBe("you should at least choose a product to return");
    const errors = screen.getAllByTestId("field-error").map((e) => e.textContent);
    expect(errors).toEqual(expect.arrayContaining(["This field is required"]));
    expect(screen.getByText("This field is required", { selector: "#refund-error" })).toBeTruthy();
    expect(api.bodies("POST /orders/9/return")).toHaveLength(0);
    // The first thing to fix has the focus: the first product's checkbox.
    const firstLine = (await screen.findAllByTestId("return-line"))[0] as HTMLElement;
    await waitFor(() => expect(document.activeElement).toBe(within(firstLine).getByRole("checkbox")));
  });

  test("a reason that needs a comment, and a comment over 200 characters, are refused", async () => {
    const { api } = showForm();
    const line = (await screen.findAllByTestId("return-line"))[0] as HTMLElement;
    fireEvent.click(within(line).getByRole("checkbox"));
    fireEvent.change(within(line).getByLabelText("Reason"), { target: { value: "other" } });
    fireEvent.click(screen.getByTestId("submit-return"));
    await waitFor(() => expect(within(line).getAllByTestId("field-error").map((e) => e.textContent)).toContain("This field is required"));
    fireEvent.change(within(line).getByLabelText(/Comment/), { target: { value: "x".repeat(201) } });
    await waitFor(() =>
      expect(within(line).getAllByTestId("field-error").map((e) => e.textContent)).toContain(
        "Too long! The maximum character is 200 in Comment",
      ),
    );
    fireEvent.change(within(line).getByLabelText("Quantity"), { target: { value: "5" } });
    await waitFor(() => expect(within(line).getAllByTestId("field-error").map((e) => e.textContent)).toContain("Max Quantity Reached"));
    expect(api.bodies("POST /orders/9/return")).toHaveLength(0);
  });

  test("errors wait for the first submit, then follow every change, across fields", async () => {
    showForm();
    const line = (await screen.findAllByTestId("return-line"))[0] as HTMLElement;
    const box = within(line).getByRole("checkbox");
    fireEvent.click(box);
    fireEvent.change(within(line).getByLabelText("Reason"), { target: { value: "other" } });
    fireEvent.blur(within(line).getByLabelText("Reason"));
    fireEvent.focus(within(line).getByLabelText(/Comment/));
    fireEvent.blur(within(line).getByLabelText(/Comment/));
    // Leaving a field starts no check here (the form checks on submit): had it, its verdict would show now.
    await promisesSettled();
    expect(screen.queryAllByTestId("field-error")).toHaveLength(0);
    expect(screen.queryByTestId("items-error")).toBeNull();
    fireEvent.click(screen.getByTestId("submit-return"));
    // The reason asks for a comment; choosing one that does not clears it, and back.
    await waitFor(() => expect(within(line).getByLabelText(/Comment/).getAttribute("aria-invalid")).toBe("true"));
    fireEvent.change(within(line).getByLabelText("Reason"), { target: { value: "damaged" } });
    await waitFor(() => expect(within(line).getByLabelText(/Comment/).getAttribute("aria-invalid")).toBeNull());
    fireEvent.change(within(line).getByLabelText("Reason"), { target: { value: "other" } });
    await waitFor(() => expect(within(line).getByLabelText(/Comment/).getAttribute("aria-invalid")).toBe("true"));
    // No product left: 'choose a product' comes back; choosing one again clears it.
    fireEvent.click(box);
    expect((await screen.findByTestId("items-error")).textContent).toBe("you should at least choose a product to return");
    fireEvent.click(box);
    await waitFor(() => expect(screen.queryByTestId("items-error")).toBeNull());
  });

  test("a complete form is sent and leads to the return orders", async () => {
    const { api, history } = showForm();
    const line = (await screen.findAllByTestId("return-line"))[1] as HTMLElement;
    fireEvent.click(within(line).getByRole("checkbox"));
    fireEvent.change(within(line).getByLabelText("Reason"), { target: { value: "damaged" } });
    fireEvent.click(screen.getByRole("radio", { name: "To the original payment" }));
    await waitFor(() => expect((screen.getByLabelText("Pickup address") as HTMLSelectElement).value).toBe("5"));
    const day = screen.getByLabelText("Pickup day") as HTMLSelectElement;
    fireEvent.change(day, { target: { value: day.options[1]?.value } });
    fireEvent.change(screen.getByLabelText("Pickup time (UTC)"), { target: { value: "10:00" } });
    fireEvent.click(screen.getByTestId("submit-return"));
    await waitFor(() => expect(api.bodies("POST /orders/9/return")).toHaveLength(1));
    expect(api.bodies("POST /orders/9/return")[0]).toEqual({
      items: [{ id: 32, quantity: 1, reason: "damaged", comment: null }],
      refund_method: "original_payment",
      pickup_address_id: 5,
      date: day.options[1]?.value,
      time: "10:00",
    });
    await waitFor(() => expect(history.at(-1)).toBe("/account/return-orders"));
    expect(toasts()).toEqual(["Your return request was received."]);
  });

  test("the server's field errors show on their line", async () => {
    showForm();
    // The same page, now with a server that refuses the request.
    mockApi({
      "GET /orders/9": () => ({ body: { data: deliveredOrder(9), message: null } }),
      "GET /addresses": () => ({ body: { data: [address(5, { is_default: true })], meta: meta(1) } }),
      "POST /orders/9/return": () => ({ status: 422, body: { message: "Bad", errors: { "items.0.quantity": ["Max Quantity Reached"], pickup_address_id: ["We Don't Deliver To Your Location"] } } }),
    });
    const line = await submitOneDamagedItem();
    expect(await within(line).findByText("Max Quantity Reached")).toBeTruthy();
    expect(screen.getByText("We Don't Deliver To Your Location")).toBeTruthy();
  });

  test("a server message on a line is focused and stays until that field changes", async () => {
    showForm();
    mockApi({
      "GET /orders/9": () => ({ body: { data: deliveredOrder(9), message: null } }),
      "GET /addresses": () => ({ body: { data: [address(5, { is_default: true })], meta: meta(1) } }),
      "POST /orders/9/return": () => ({ status: 422, body: { message: "Bad", errors: { "items.0.quantity": ["Max Quantity Reached"] } } }),
    });
    const line = await submitOneDamagedItem();
    const quantity = within(line).getByLabelText("Quantity");
    expect(await within(line).findByText("Max Quantity Reached")).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(quantity));
    expect(quantity.getAttribute("aria-invalid")).toBe("true");
    // Another field changing leaves it: once that field's own check has shown (its error,
    // then its error gone), the server's message is still at the quantity.
    const comment = within(line).getByLabelText(/Comment/);
    fireEvent.change(comment, { target: { value: "x".repeat(201) } });
    await waitFor(() => expect(comment.getAttribute("aria-invalid")).toBe("true"));
    expect(quantity.getAttribute("aria-invalid")).toBe("true");
    expect(within(line).getByText("Max Quantity Reached")).toBeTruthy();
    fireEvent.change(comment, { target: { value: "Broken seal" } });
    await waitFor(() => expect(comment.getAttribute("aria-invalid")).toBeNull());
    expect(within(line).getByText("Max Quantity Reached")).toBeTruthy();
    fireEvent.change(quantity, { target: { value: "2" } });
    await waitFor(() => expect(within(line).queryByText("Max Quantity Reached")).toBeNull());
    expect(quantity.getAttribute("aria-invalid")).toBeNull();
  });

  test("a 422 key the form shows nowhere is an error toast; line keys still show on their line", async () => {
    showForm();
    mockApi({
      "GET /orders/9": () => ({ body: { data: deliveredOrder(9), message: null } }),
      "GET /addresses": () => ({ body: { data: [address(5, { is_default: true })], meta: meta(1) } }),
      "POST /orders/9/return": () => ({
        status: 422,
        body: { message: "Bad", errors: { "items.0.reason": ["This item is unavailable"], pickup_slot: ["The pickup slot is full."] } },
      }),
    });
    const line = await submitOneDamagedItem();
    expect(await within(line).findByText("This item is unavailable")).toBeTruthy();
    expect(toasts()).toEqual(["The pickup slot is full."]);
  });

  test("an order that cannot be returned says so", async () => {
    mockApi({ "GET /orders/9": () => ({ body: { data: orderDetail(9), message: null } }) });
    renderAt(<NewReturnPage params={{ id: null }} query={new URLSearchParams("order=9")} />);
    expect((await screen.findByTestId("empty-state")).textContent).toContain("This order can no longer be returned.");
  });
});

describe("ReturnOrdersPage", () => {
  test("lists the current returns with refund and pickup; the completed tab uses key 'returned'", async () => {
    const api = mockApi({
      "GET /returns": (url) => ({
        body:
          url.searchParams.get("tab") === "current"
            ? {
                data: [
                  {
                    id: 1,
                    order_id: 9,
                    order_number: "100009",
                    status: "in_return",
                    status_label: "In return",
                    refund_method: "wallet",
                    refund_amount: "57.00",
                    pickup_address_id: 5,
                    date: "2025-03-11",
                    time: "10:00",
                    items: [{ id: 32, product_id: 8, name: "Honey", quantity: 1, reason: "damaged", comment: null }],
                    created_at: "2025-03-10T08:00:00Z",
                  },
                ],
                meta: meta(1),
              }
            : { data: [], meta: meta(0) },
      }),
    });
    renderAt(<ReturnOrdersPage params={{ id: null }} query={new URLSearchParams()} />, "/account/return-orders");
    const row = await screen.findByTestId("return-row");
    expect(row.textContent).toContain("Order #100009");
    expect(row.textContent?.replace(/\u00a0/g, " ")).toContain("EGP 57.00");
    expect(row.textContent).toContain("To my wallet");
    expect(row.textContent).toContain("Damaged");
    const tabs = screen.getByRole("navigation", { name: "Return status" });
    expect(within(tabs).getByRole("link", { name: "Completed" }).getAttribute("href")).toBe("/account/return-orders?tab=returned");
    expect(api.calls()[0]).toBe("GET /returns?tab=current&page=1&limit=20");
  });
});
