import { act, render, waitFor } from "@testing-library/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { selectCart, useAppStore } from "../app/store";
import { mockApi, resetClient, testQueryClient } from "../test/catalogue";
import { cartBody } from "../test/cart";
import { askForCartEarly } from "./cartEarly";
import { useCart } from "./useCart";

const LINE = { id: 1, productId: 10, qty: 4, price: "5.00" };
const cartCalls = (calls: string[]) => calls.filter((call) => call.includes("/get_card"));
const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 50)));

function CartProbe() {
  const query = useCart();
  const cart = useAppStore(selectCart);
  return <p>{query.data && cart ? `lines ${cart.items.length}` : "waiting"}</p>;
}

describe("askForCartEarly", () => {
  test("opening /cart signed in asks for the cart at once, and the cart page does not ask again", async () => {
    resetClient({ token: "tok", district_id: "1", selectedService: "1" });
    const api = mockApi({ "GET /get_card": () => ({ body: { data: cartBody([LINE]), message: null } }) });
    const client = testQueryClient();
    askForCartEarly(client, "/cart");
    await waitFor(() => expect(selectCart(useAppStore.getState())?.items_quantity).toBe(4));
    expect(cartCalls(api.calls())).toEqual(["GET /get_card?service_id=1"]);

    const view = render(
      <QueryClientProvider client={client}>
        <CartProbe />
      </QueryClientProvider>,
    );
    expect(view.getByText("lines 1")).toBeTruthy();
    await settle();
    expect(cartCalls(api.calls())).toHaveLength(1);
  });

  test("other pages, guests (sent to sign in) and a shopper without a service ask for nothing", async () => {
    resetClient({ token: "tok", district_id: "1", selectedService: "1" });
    const api = mockApi({ "GET /get_card": () => ({ body: { data: cartBody([LINE]), message: null } }) });
    askForCartEarly(testQueryClient(), "/home");
    askForCartEarly(testQueryClient(), "/cart/extra");
    resetClient({ district_id: "1", selectedService: "1" });
    askForCartEarly(testQueryClient(), "/cart");
    resetClient({ token: "tok", district_id: "1" });
    const client = testQueryClient();
    askForCartEarly(client, "/cart");
    await settle();
    expect(cartCalls(api.calls())).toEqual([]);
    // The core's refusal is kept for the page to show, as its own load would.
    expect(client.getQueryCache().getAll().map((query) => query.state.status)).toEqual(["error"]);
  });
});
