import { useAppStore } from "../platform/store";
import { mockApi, resetClient } from "../test/catalogue";
import { performLocationCall } from "./locationPicker";

// The location picker's call performer: what each call asks the API, and the picker's
// event its answer or failure becomes (failures only logged, spec 8).

let warn: jest.SpyInstance;
beforeEach(() => {
  resetClient();
  warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
});
afterEach(() => warn.mockRestore());

test("a map search is answered with its results, for the text searched", async () => {
  const results = [{ name: "Zamalek", latitude: 30.06, longitude: 31.22 }];
  const api = mockApi({ "GET /map/search": () => ({ body: { data: results } }) });
  const event = await performLocationCall({ call: "map_search", search: "Zamalek" });
  expect(api.calls()).toEqual(["GET /map/search?search=Zamalek"]);
  expect(event).toEqual({ type: "search_results_arrived", search: "Zamalek", results });
});

test("a failed search reads as empty: logged, no toast of its own", async () => {
  mockApi({ "GET /map/search": () => ({ status: 500, body: { message: "Server Error" } }) });
  const event = await performLocationCall({ call: "map_search", search: "Zamalek" });
  expect(event).toEqual({ type: "search_failed", search: "Zamalek" });
  expect(warn).toHaveBeenCalledWith("map search failed", expect.anything());
  expect(useAppStore.getState().toasts).toEqual([]);
});

test("a point's support check gives its district, or reads as unsupported when it fails", async () => {
  const api = mockApi({
    "GET /map/is-supported-location": (url) =>
      url.searchParams.get("latitude") === "30.06"
        ? { body: { data: { district_id: 4, district: { id: 4, name: "Zamalek" } } } }
        : { status: 500, body: { message: "Server Error" } },
  });
  const point = { latitude: 30.06, longitude: 31.22 };
  expect(await performLocationCall({ call: "is_supported_location", ...point })).toEqual({
    type: "support_answered",
    point,
    district_id: 4,
    district_name: "Zamalek",
  });
  expect(api.calls()[0]).toBe("GET /map/is-supported-location?latitude=30.06&longitude=31.22");
  const elsewhere = { latitude: 29.9, longitude: 31.22 };
  expect(await performLocationCall({ call: "is_supported_location", ...elsewhere })).toEqual({
    type: "support_failed",
    point: elsewhere,
  });
  expect(warn).toHaveBeenCalledWith("location support check failed", expect.anything());
});

test("another flow's call is not the picker's: no event, no call", async () => {
  const api = mockApi({});
  expect(await performLocationCall({ call: "remove_cart_item", id: 1 })).toBeNull();
  expect(api.calls()).toEqual([]);
});
