import { waitFor } from "@testing-library/react";
import { profileQuery, selectedServiceQuery } from "../api/queries";
import { mockApi, resetClient, testQueryClient } from "../test/catalogue";
import { askForStartupLoads } from "./StartupGate";

const PROFILE = { data: { user: { name: "Mona" }, default_locale: "en" }, message: null };
const SERVICE = { data: { id: 1, name: "Groceries", blocks: [] }, message: null };
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
    askForStartupLoads(testQueryClient());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.calls()).toEqual([]);
    resetClient({ token: "tok", district_id: "1" });
    askForStartupLoads(testQueryClient());
    await waitFor(() => expect(api.calls()).toEqual(["GET /user/profile"]));
  });
});
