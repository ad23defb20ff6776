import { profileData } from "../../test/documents";
import { act, render, waitFor } from "@testing-library/react";
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { cartBadge } from "storefront-core/start";
import { ApiError } from "../../api/client";
import { runEffects } from "../../platform/effects";
import { whenIdle } from "../../platform/idle";
import { selectCart, useAppStore } from "../../platform/store";
import { mockApi, resetClient, testQueryClient } from "../../test/catalogue";
import { remoteConfig } from "../../chrome/testing";
import { cartBody } from "../../test/cart";
import { CartSync } from "./CartSync";
import { configLoaded, dispatchStartup, profileAnswered, resetStartup } from "../../app/startup";
import { askForCartEarly } from "../../shop/cartEarly";
import { fetchCart } from "../../shop/cartFlow";

const LINE = { id: 1, productId: 10, qty: 4, price: "5.00" };

function badge(): number | null {
  return cartBadge(selectCart(useAppStore.getState())?.items_quantity ?? null) ?? null;
}

const cartCalls = (calls: string[]) => calls.filter((call) => call.includes("/get_card"));

/**
 * Renders CartSync after the startup flow has planned with this test's storage, as the
 * startup gate has it do (CartSync follows the flow's view).
 */
function renderSync(client = testQueryClient()) {
  const language = useAppStore.getState().language;
  client.setQueryData(["remote-config", language], remoteConfig());
  const token = useAppStore.getState().client.token;
  if (token) client.setQueryData(["profile", token], profileData());
  resetStartup();
  dispatchStartup(configLoaded(remoteConfig()));
  if (token) dispatchStartup(profileAnswered(profileData()));
  const view = render(
    <QueryClientProvider client={client}>
      <CartSync />
    </QueryClientProvider>,
  );
  return { ...view, client };
}

/**
 * Renders CartSync and waits until it has seen the page idle: the render in which its
 * cart query is enabled if the cart is to load, and so starts fetching (a query's fetch
 * is marked at once, as its observer subscribes or its options change).
 */
async function renderSyncIdle(client = testQueryClient()) {
  const view = renderSync(client);
  // CartSync asked whenIdle() as it mounted: its own continuation runs before this one.
  await act(() => whenIdle());
  return view;
}

/** The state of each cart query in the cache: whether, and how often, it fetched. */
const cartQueryStates = (client: QueryClient) =>
  client.getQueryCache().findAll({ queryKey: ["cart"] }).map(({ state }) => state);

/** A cart query that is observed but never asked the server. */
const NEVER_FETCHED = expect.objectContaining({ status: "pending", fetchStatus: "idle", dataUpdateCount: 0, errorUpdateCount: 0 });

describe("fetchCart", () => {
  test("without a service the core refuses: 'Service ID is required.' and no call", async () => {
    resetClient({ token: "tok", district_id: "1" });
    const api = mockApi({});
    const failure = fetchCart(null);
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ text: { kind: "message", id: "service_id_required" } });
    expect(api.calls()).toEqual([]);
  });

  test("puts the loaded cart in the store through the core (quantity recounted)", async () => {
    resetClient({ token: "tok", district_id: "1", selectedService: "1" });
    mockApi({ "GET /get_card": () => ({ body: { data: { ...cartBody([LINE]), items_quantity: 99 }, message: null } }) });
    const loaded = await fetchCart(1);
    expect(loaded.branchName).toBe("Garden City Grocer");
    expect(selectCart(useAppStore.getState())?.items_quantity).toBe(4);
    expect(badge()).toBe(4);
  });
});

describe("CartSync", () => {
  test("loads the cart at startup for a signed-in customer with a district and a service", async () => {
    resetClient({ token: "tok", district_id: "1", selectedService: "1" });
    const api = mockApi({ "GET /get_card": () => ({ body: { data: cartBody([LINE]), message: null } }) });
    expect(badge()).toBeNull();
    renderSync();
    await waitFor(() => expect(badge()).toBe(4));
    expect(cartCalls(api.calls())).toEqual(["GET /get_card?service_id=1"]);
  });

  test("an empty cart loads but shows no badge", async () => {
    resetClient({ token: "tok", district_id: "1", selectedService: "1" });
    mockApi({ "GET /get_card": () => ({ body: { data: cartBody([]), message: null } }) });
    renderSync();
    await waitFor(() => expect(selectCart(useAppStore.getState())).not.toBeNull());
    expect(badge()).toBeNull();
  });

  test("no load without a district (the startup plan has no cart load) nor for guests", async () => {
    resetClient({ token: "tok", selectedService: "1" });
    const api = mockApi({ "GET /get_card": () => ({ body: { data: cartBody([LINE]), message: null } }) });
    const noDistrict = await renderSyncIdle();
    expect(cartQueryStates(noDistrict.client)).toEqual([NEVER_FETCHED]);
    noDistrict.unmount();
    resetClient({ district_id: "1", selectedService: "1" });
    const guest = await renderSyncIdle();
    expect(cartQueryStates(guest.client)).toEqual([NEVER_FETCHED]);
    expect(cartCalls(api.calls())).toEqual([]);
    expect(selectCart(useAppStore.getState())).toBeNull();
  });

  test("signing out forgets the cart", async () => {
    resetClient({ token: "tok", district_id: "1", selectedService: "1" });
    mockApi({ "GET /get_card": () => ({ body: { data: cartBody([LINE]), message: null } }) });
    const { client } = renderSync();
    await waitFor(() => expect(badge()).toBe(4));
    act(() => runEffects([{ type: "remove", keys: ["token"] }], { navigate: jest.fn(), queryClient: client }));
    await waitFor(() => expect(selectCart(useAppStore.getState())).toBeNull());
  });
});

describe("CartSync beside the cart page", () => {
  test("a cart already loaded (the cart page, or its early ask) makes the badge without a second call", async () => {
    resetClient({ token: "tok", district_id: "1", selectedService: "1" });
    const api = mockApi({ "GET /get_card": () => ({ body: { data: cartBody([LINE]), message: null } }) });
    const client = testQueryClient();
    askForCartEarly(client, "/cart");
    await waitFor(() => expect(badge()).toBe(4));
    await renderSyncIdle(client);
    expect(cartQueryStates(client)).toEqual([expect.objectContaining({ status: "success", fetchStatus: "idle", dataUpdateCount: 1 })]);
    expect(cartCalls(api.calls())).toEqual(["GET /get_card?service_id=1"]);
  });
});
