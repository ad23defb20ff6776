import { render, waitFor } from "@testing-library/react";
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { selectCart, useAppStore } from "../platform/store";
import { mockApi, resetClient, testQueryClient } from "../test/catalogue";
import { cartBody } from "../test/cart";
import { pendingCommit } from "../test/commit";
import { askForCartEarly } from "./cartEarly";
import { useCart } from "./useCart";

const LINE = { id: 1, productId: 10, qty: 4, price: "5.00" };
const cartCalls = (calls: string[]) => calls.filter((call) => call.includes("/get_card"));
/** What each query of `client` has done: its key's head, its status, whether it is fetching, how many answers it had. */
const queries = (client: QueryClient) =>
  client
    .getQueryCache()
    .getAll()
    .map(({ queryKey, state }) => ({ key: queryKey[0], status: state.status, fetchStatus: state.fetchStatus, answers: state.dataUpdateCount }));

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
    // The page's query decided as it subscribed (in the render's commit): a stale answer
    // would be fetching again now.
    expect(queries(client)).toEqual([{ key: "cart", status: "success", fetchStatus: "idle", answers: 1 }]);
    expect(cartCalls(api.calls())).toHaveLength(1);
  });

  test("when React is to adopt the server's page, the cart reaches the store (the header's badge) only after its first commit", async () => {
    resetClient({ token: "tok", district_id: "1", selectedService: "1" });
    const api = mockApi({ "GET /get_card": () => ({ body: { data: cartBody([LINE]), message: null } }) });
    const client = testQueryClient();
    const { until, commit, held } = pendingCommit();
    askForCartEarly(client, "/cart", until);
    await waitFor(() => expect(held()).toBe(1));
    expect(cartCalls(api.calls())).toEqual(["GET /get_card?service_id=1"]);
    // The answer is in, and waits: neither the store nor the query has it.
    expect(selectCart(useAppStore.getState())).toBeNull();
    expect(queries(client)).toEqual([{ key: "cart", status: "pending", fetchStatus: "fetching", answers: 0 }]);
    commit();
    await waitFor(() => expect(selectCart(useAppStore.getState())?.items_quantity).toBe(4));
    expect(cartCalls(api.calls())).toHaveLength(1);
  });

  test("other pages, guests (sent to sign in) and a shopper without a service ask for nothing", async () => {
    resetClient({ token: "tok", district_id: "1", selectedService: "1" });
    const api = mockApi({ "GET /get_card": () => ({ body: { data: cartBody([LINE]), message: null } }) });
    // An ask puts its query in the cache before askForCartEarly returns: these left none.
    for (const path of ["/home", "/cart/extra"]) {
      const client = testQueryClient();
      askForCartEarly(client, path);
      expect(queries(client)).toEqual([]);
    }
    resetClient({ district_id: "1", selectedService: "1" });
    const guest = testQueryClient();
    askForCartEarly(guest, "/cart");
    expect(queries(guest)).toEqual([]);
    resetClient({ token: "tok", district_id: "1" });
    const client = testQueryClient();
    askForCartEarly(client, "/cart");
    // The core's refusal is kept for the page to show, as its own load would; it came
    // instead of a call.
    await waitFor(() => expect(queries(client)).toEqual([{ key: "cart", status: "error", fetchStatus: "idle", answers: 0 }]));
    expect(cartCalls(api.calls())).toEqual([]);
  });
});
