import type { QueryClient } from "@tanstack/react-query";
import { waitFor } from "@testing-library/react";
import { profileQuery, selectedServiceQuery } from "../api/queries";
import { mockApi, resetClient, testQueryClient } from "../test/catalogue";
import { pendingCommit } from "../test/commit";
import { askForStartupLoads } from "./StartupGate";

const PROFILE = { data: { user: { name: "Mona" }, default_locale: "en" }, message: null };
const SERVICE = { data: { id: 1, name: "Groceries", blocks: [] }, message: null };
const asked = (client: QueryClient) => client.getQueryCache().getAll().map((query) => query.queryKey);
const routes = { "GET /user/profile": () => ({ body: PROFILE }), "GET /services/1": () => ({ body: SERVICE }) };

describe("askForStartupLoads", () => {
  test("a signed-in customer's profile and selected service are asked for at once, into the gate's own queries", async () => {
    resetClient({ token: "tok", district_id: "1", selectedService: "1" });
    const api = mockApi(routes);
    const client = testQueryClient();
    askForStartupLoads(client);
    await waitFor(() => expect(api.calls()).toEqual(["GET /user/profile", "GET /services/1"]));
    // The gate's hooks read these keys, so they find the answers and do not ask again.
    await expect(client.fetchQuery({ ...profileQuery("tok"), staleTime: Infinity })).resolves.toEqual(PROFILE.data);
    const service = selectedServiceQuery("en", 1, [1, null]);
    await expect(client.fetchQuery({ ...service, staleTime: Infinity })).resolves.toEqual(SERVICE.data);
    expect(api.calls()).toHaveLength(2);
  });

  test("a guest, and a customer without a service, ask for nothing more", async () => {
    resetClient({ district_id: "1", selectedService: "1" });
    const api = mockApi(routes);
    // The asks are made before askForStartupLoads returns: each prefetch puts its query in
    // the cache at once. A guest's left none.
    const guest = testQueryClient();
    askForStartupLoads(guest);
    expect(asked(guest)).toEqual([]);
    resetClient({ token: "tok", district_id: "1" });
    const customer = testQueryClient();
    askForStartupLoads(customer);
    expect(asked(customer)).toEqual([profileQuery("tok").queryKey]);
    // Once the profile has answered, every call asked for before it (the guest's too) has gone out: it was the only one.
    await waitFor(() => expect(customer.getQueryState(profileQuery("tok").queryKey)?.status).toBe("success"));
    expect(api.calls()).toEqual(["GET /user/profile"]);
  });

  test("when React is to adopt the server's page, the calls go out at once but their answers wait for its first commit", async () => {
    resetClient({ token: "tok", district_id: "1", selectedService: "1" });
    const api = mockApi(routes);
    const client = testQueryClient();
    const { until, commit, held } = pendingCommit();
    askForStartupLoads(client, until);
    await waitFor(() => expect(held()).toBe(2));
    expect(api.calls()).toEqual(["GET /user/profile", "GET /services/1"]);
    // Both answers are in, yet neither query has data: the render that adopts the page
    // sees them pending, as the server drew it.
    const service = selectedServiceQuery("en", 1, [1, null]);
    expect(client.getQueryState(profileQuery("tok").queryKey)?.status).toBe("pending");
    expect(client.getQueryState(service.queryKey)?.status).toBe("pending");
    commit();
    await waitFor(() => expect(client.getQueryData(profileQuery("tok").queryKey)).toEqual(PROFILE.data));
    expect(client.getQueryData(service.queryKey)).toEqual(SERVICE.data);
    expect(api.calls()).toHaveLength(2);
  });
});
