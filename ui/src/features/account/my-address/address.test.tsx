/** @jest-environment ./src/test/jsdom-environment.cjs */
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { readClientState } from "storefront-core/start";
import type { PickerMapProps } from "../../../ui/Map";
import { runEffects } from "../../../platform/effects";
import { useAppStore } from "../../../platform/store";
import { address } from "../fixtures";
import { meta, mockApi, polyfillDialog, renderAt, signedIn, toasts } from "../testing";
import { areaLine, defaultCountryName, deliverToAddressEffects, geocodedFields, mapFill, sameSitePath, type ReverseGeocode } from "./addressForm";
import MyAddressPage from "./MyAddressPage";

// The WebGL map cannot run in jsdom: a double with the picker's props and a "click".
jest.mock("../../../ui/Map", () => ({
  __esModule: true,
  default: (props: PickerMapProps) => (
    <div data-testid="map-double" data-zoom={props.zoom}>
      <button type="button" onClick={() => props.onChoose({ latitude: 30.0626, longitude: 31.2197 })}>
        click Zamalek
      </button>
      <button type="button" onClick={() => props.onChoose({ latitude: 29.9792, longitude: 31.1342 })}>
        click the pyramids
      </button>
    </div>
  ),
}));

jest.setTimeout(15_000);
beforeAll(polyfillDialog);

describe("address helpers", () => {
  test("returnTo must be a path of this site", () => {
    expect(sameSitePath("/checkout")).toBe("/checkout");
    expect(sameSitePath("/account/return-orders/new?order=9")).toBe("/account/return-orders/new?order=9");
    expect(sameSitePath("//evil.example/x")).toBeNull();
    expect(sameSitePath("https://evil.example/")).toBeNull();
    expect(sameSitePath("/\\evil.example")).toBeNull();
    expect(sameSitePath(null)).toBeNull();
  });

  test("a pin's reverse geocoding fills every field it knows; nulls empty theirs, the country stays", () => {
    expect(geocodedFields(ZAMALEK)).toEqual({
      address_details: "Brazil Street",
      city: "Cairo",
      region: "Zamalek",
      postal_code: "11211",
      country: "Egypt",
    });
    expect(geocodedFields(NOTHING)).toEqual({ address_details: "", city: "", region: "", postal_code: "" });
  });

  test("a new pin replaces what the previous pin filled, never what was typed", () => {
    const values: Record<string, string> = { address_details: "", city: "", region: "", postal_code: "", country: "Egypt" };
    const first = mapFill(geocodedFields(ZAMALEK), (key) => values[key] ?? "", {}, "Egypt");
    expect(first.writes).toEqual({ address_details: "Brazil Street", city: "Cairo", region: "Zamalek", postal_code: "11211" });
    Object.assign(values, first.writes, { city: "Giza (typed)" });
    const second = mapFill(geocodedFields(HELIOPOLIS_NO_STREET), (key) => values[key] ?? "", first.filled, "Egypt");
    expect(second.writes).toEqual({ address_details: "", region: "Heliopolis", postal_code: "11341" });
    expect(second.filled.city).toBe("Cairo");
  });

  test("the area line names each part once (trimmed, ignoring case)", () => {
    expect(areaLine(["Zamalek", "Cairo", "Zamalek", "Egypt", "11211"])).toBe("Zamalek, Cairo, Egypt, 11211");
    expect(areaLine(["Zamalek", "Cairo", " zamalek ", "EGYPT", "Egypt", "", null, undefined])).toBe("Zamalek, Cairo, EGYPT");
    expect(areaLine(["الزمالك", "القاهرة", "الزمالك", "مصر"])).toBe("الزمالك, القاهرة, مصر");
  });

  test("the default country is named in the page language", () => {
    expect(defaultCountryName("en", "EG")).toBe("Egypt");
    expect(defaultCountryName("ar-EG", "EG")).toBe("مصر");
    expect(defaultCountryName("ar-EG", "")).toBe("مصر");
    expect(defaultCountryName("en", "SA")).toBe("Saudi Arabia");
  });

  test("delivering to an address stores what the core reads back as the delivery location", () => {
    const host = signedIn();
    runEffects(deliverToAddressEffects(address(6, { district_id: 2, location: { latitude: 30.04, longitude: 31.2 } })), host);
    const state = readClientState();
    expect(state.district_id).toBe(2);
    expect(state.address_id).toBe(6);
    expect(state.location).toEqual({ lat: 30.04, lng: 31.2 });
    expect(state.selected_address?.address_details).toBe("6 Brazil Street");
    expect(state.use_default_location).toBe(false);
  });
});

const ZAMALEK: ReverseGeocode = { street_address: "Brazil Street", city: "Cairo", region: "Zamalek", postal_code: "11211", country: "Egypt" };
const HELIOPOLIS_NO_STREET: ReverseGeocode = { street_address: null, city: "Cairo", region: "Heliopolis", postal_code: "11341", country: "Egypt" };
const NOTHING: ReverseGeocode = { street_address: null, city: null, region: null, postal_code: null, country: null };
const reverseAnswer = (answer: ReverseGeocode) => ({ body: { data: { ...answer, district_id: answer.region ? 1 : null } } });

function addressApi(list = [address(5, { is_default: true, name: "Home" }), address(6, { name: "Work", type: "work" })]) {
  return mockApi({
    "GET /addresses": () => ({ body: { data: list, meta: meta(list.length) } }),
    "DELETE /addresses/6": () => ({ body: { data: null, message: "Address deleted." } }),
    "POST /addresses/6/default": () => ({ body: { data: address(6, { is_default: true }), message: "Default address updated." } }),
    "GET /map/search": () => ({
      body: { data: [{ name: "Brazil Street", address: "Brazil Street, Zamalek, Cairo", location: { latitude: 30.062, longitude: 31.2215 } }], meta: meta(1) },
    }),
    "GET /map/is-supported-location": (url) =>
      url.searchParams.get("latitude")?.startsWith("29.97")
        ? { body: { data: { supported: false, district_id: null, district: null }, message: "Sorry, we don't deliver to your area now!" } }
        : { body: { data: { supported: true, district_id: 1, district: { id: 1, name: "Zamalek" } }, message: "ok" } },
    "POST /addresses": () => ({ status: 201, body: { data: address(9, { name: "Office" }), message: "Address saved." } }),
    "GET /map/reverse": (url) => reverseAnswer(url.searchParams.get("latitude")?.startsWith("29.97") ? NOTHING : ZAMALEK),
  });
}

const value = (form: HTMLElement, label: string | RegExp) => (within(form).getByLabelText(label) as HTMLInputElement).value;

const page = (query = "") => <MyAddressPage params={{ id: null }} query={new URLSearchParams(query)} />;

/** Opens the add form, picks Zamalek on the map and fills every field; answers the form. */
async function openFilledNewAddress(): Promise<HTMLElement> {
  renderAt(page("new=1"), "/account/my-address?new=1");
  const form = await screen.findByTestId("address-form");
  fireEvent.click(await within(form).findByRole("button", { name: "click Zamalek" }));
  fireEvent.change(within(form).getByLabelText("Address name"), { target: { value: "Home" } });
  fireEvent.change(within(form).getByLabelText("Contact name"), { target: { value: "Mona" } });
  fireEvent.change(within(form).getByLabelText("Phone"), { target: { value: "+20 100 123 4567" } });
  fireEvent.change(within(form).getByLabelText(/^Address$/), { target: { value: "1 Nile St" } });
  await waitFor(() => expect(within(form).getByTestId("address-location-status").textContent).toContain("Pick this address"));
  return form;
}

describe("MyAddressPage list", () => {
  beforeEach(() => {
    signedIn({ district_id: "1" });
  });

  test("no addresses: 'no address available'", async () => {
    addressApi([]);
    renderAt(page(), "/account/my-address");
    expect((await screen.findByTestId("empty-state")).textContent).toContain("no address available");
  });

  test("the default address cannot be deleted: the core's message, no call", async () => {
    const api = addressApi();
    renderAt(page(), "/account/my-address");
    const [home] = await screen.findAllByTestId("address-card");
    fireEvent.click(within(home as HTMLElement).getByTestId("delete-address"));
    expect(toasts()).toEqual(["default_address_delete"]);
    expect(api.calls().some((c) => c.startsWith("DELETE"))).toBe(false);
    expect(screen.getByTestId("delete-dialog").hasAttribute("open")).toBe(false);
  });

  test("another address is deleted after confirming", async () => {
    const api = addressApi();
    renderAt(page(), "/account/my-address");
    const cards = await screen.findAllByTestId("address-card");
    fireEvent.click(within(cards[1] as HTMLElement).getByTestId("delete-address"));
    const dialog = screen.getByTestId("delete-dialog");
    expect(dialog.hasAttribute("open")).toBe(true);
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(toasts()).toEqual(["Address deleted."]));
    expect(api.calls()).toContain("DELETE /addresses/6");
  });

  test("an address card does not repeat the district the map put in the region", async () => {
    addressApi();
    renderAt(page(), "/account/my-address");
    const [home] = await screen.findAllByTestId("address-card");
    const text = (home as HTMLElement).textContent ?? "";
    expect(text).toContain("Zamalek, Cairo, Egypt, 11211");
    expect(text.match(/Zamalek/g)).toHaveLength(1);
  });

  test("Cancel in the edit form gives focus back to that address's edit button", async () => {
    addressApi();
    renderAt(page(), "/account/my-address");
    const cards = await screen.findAllByTestId("address-card");
    fireEvent.click(within(cards[1] as HTMLElement).getByTestId("edit-address"));
    const form = await screen.findByTestId("address-form");
    fireEvent.click(within(form).getByRole("button", { name: "Cancel" }));
    const again = await screen.findAllByTestId("address-card");
    await waitFor(() => expect(document.activeElement).toBe(within(again[1] as HTMLElement).getByTestId("edit-address")));
  });

  test("Cancel in the add form gives focus back to the add button", async () => {
    addressApi();
    renderAt(page(), "/account/my-address");
    await screen.findAllByTestId("address-card");
    fireEvent.click(screen.getByTestId("add-address"));
    fireEvent.click(within(await screen.findByTestId("address-form")).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId("add-address")));
  });

  test("editing the default address: the default box is checked, locked, and says why", async () => {
    addressApi();
    renderAt(page(), "/account/my-address");
    const cards = await screen.findAllByTestId("address-card");
    fireEvent.click(within(cards[0] as HTMLElement).getByTestId("edit-address"));
    const box = (await screen.findByRole("checkbox", { name: "Make this my default address" })) as HTMLInputElement;
    expect(box.checked).toBe(true);
    expect(box.disabled).toBe(true);
    const hint = screen.getByTestId("address-default-hint");
    expect(hint.textContent).toBe("This is your default address. To change that, choose “Set as default” on another address.");
    expect(box.getAttribute("aria-describedby")).toBe(hint.id);
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    const again = await screen.findAllByTestId("address-card");
    fireEvent.click(within(again[1] as HTMLElement).getByTestId("edit-address"));
    const other = (await screen.findByRole("checkbox", { name: "Make this my default address" })) as HTMLInputElement;
    expect(other.checked).toBe(false);
    expect(other.disabled).toBe(false);
    expect(screen.queryByTestId("address-default-hint")).toBeNull();
  });

  test("set as default calls the API; deliver here stores the address and goes home", async () => {
    const api = addressApi();
    const { history } = renderAt(page(), "/account/my-address");
    const cards = await screen.findAllByTestId("address-card");
    const work = cards[1] as HTMLElement;
    fireEvent.click(within(work).getByTestId("set-default"));
    await waitFor(() => expect(toasts()).toEqual(["Default address updated."]));
    expect(api.calls()).toContain("POST /addresses/6/default");
    fireEvent.click(within(work).getByTestId("deliver-here"));
    expect(readClientState().address_id).toBe(6);
    expect(history.at(-1)).toBe("/home");
  });
});

describe("MyAddressPage form", () => {
  beforeEach(() => {
    signedIn({ district_id: "1" });
  });

  test("?new=1 opens the add form; an empty form shows the core's messages", async () => {
    const api = addressApi();
    renderAt(page("new=1"), "/account/my-address?new=1");
    const form = await screen.findByTestId("address-form");
    fireEvent.change(within(form).getByLabelText("Phone"), { target: { value: "123" } });
    fireEvent.change(within(form).getByLabelText(/Postal code/), { target: { value: "12a" } });
    fireEvent.click(within(form).getByTestId("address-save"));
    await waitFor(() =>
      expect(within(form).getAllByTestId("field-error").map((e) => e.textContent)).toEqual(
        expect.arrayContaining(["This field is required", "Phone Number is Invalid", "Only number"]),
      ),
    );
    expect(within(form).getByTestId("location-error").textContent).toBe("please choose a location");
    expect(api.bodies("POST /addresses")).toHaveLength(0);
  });

  test("a point outside every district is 'Location not supported'", async () => {
    addressApi();
    renderAt(page("new=1"), "/account/my-address?new=1");
    fireEvent.click(await screen.findByRole("button", { name: "click the pyramids" }));
    await waitFor(() => expect(screen.getByTestId("location-error").textContent).toBe("Location not supported"));
  });

  test("search fills the geocoded fields; saving returns to a same-site returnTo", async () => {
    const api = addressApi();
    const { history } = renderAt(page("new=1&returnTo=%2Fcheckout"), "/account/my-address?new=1&returnTo=%2Fcheckout");
    const form = await screen.findByTestId("address-form");
    jest.useFakeTimers();
    fireEvent.change(within(form).getByTestId("address-map-search"), { target: { value: "brazil" } });
    await act(async () => {
      jest.advanceTimersByTime(300);
    });
    jest.useRealTimers();
    fireEvent.click(await within(form).findByRole("button", { name: /Brazil Street, Zamalek, Cairo/ }));
    await waitFor(() => expect((within(form).getByLabelText(/Region/) as HTMLInputElement).value).toBe("Zamalek"));
    expect((within(form).getByLabelText(/^Address$/) as HTMLInputElement).value).toBe("Brazil Street");
    expect((within(form).getByLabelText(/City/) as HTMLInputElement).value).toBe("Cairo");
    // The result's coordinates were reverse geocoded, not its text split.
    expect(api.calls()).toContain("GET /map/reverse?latitude=30.062&longitude=31.2215");
    fireEvent.change(within(form).getByLabelText("Address name"), { target: { value: "Office" } });
    fireEvent.change(within(form).getByLabelText("Contact name"), { target: { value: "Mona Adel" } });
    fireEvent.change(within(form).getByLabelText("Phone"), { target: { value: "01001234567" } });
    fireEvent.click(within(form).getByTestId("address-save"));
    await waitFor(() => expect(api.bodies("POST /addresses")).toHaveLength(1));
    expect(api.bodies("POST /addresses")[0]).toMatchObject({
      name: "Office",
      contact_name: "Mona Adel",
      phone: "01001234567",
      country: "Egypt",
      region: "Zamalek",
      city: "Cairo",
      address_details: "Brazil Street",
      postal_code: "11211",
      location: { latitude: 30.062, longitude: 31.2215 },
      type: "home",
      is_default: false,
    });
    await waitFor(() => expect(history.at(-1)).toBe("/checkout"));
    expect(toasts()).toEqual(["Address saved."]);
  });

  test("a pin fills street, city, region and postal code, with a loading note meanwhile", async () => {
    let answer: (value: ReturnType<typeof reverseAnswer>) => void = () => undefined;
    mockApi({
      "GET /map/is-supported-location": () => ({ body: { data: { supported: true, district_id: 1, district: { id: 1, name: "Zamalek" } }, message: "ok" } }),
      "GET /map/reverse": () => new Promise((resolve) => (answer = resolve)),
    });
    renderAt(page("new=1"), "/account/my-address?new=1");
    const form = await screen.findByTestId("address-form");
    fireEvent.click(await within(form).findByRole("button", { name: "click Zamalek" }));
    await waitFor(() => expect(within(form).getByTestId("address-geocode-status").textContent).toBe("Finding the address of this place…"));
    // The form stays usable meanwhile.
    fireEvent.change(within(form).getByLabelText("Address name"), { target: { value: "Home" } });
    act(() => answer(reverseAnswer(ZAMALEK)));
    await waitFor(() => expect(value(form, /^Address$/)).toBe("Brazil Street"));
    expect([value(form, /City/), value(form, /Region/), value(form, /Postal code/), value(form, /Country/)]).toEqual(["Cairo", "Zamalek", "11211", "Egypt"]);
    expect(within(form).getByTestId("address-geocode-status").textContent).toBe("");
    expect(value(form, "Address name")).toBe("Home");
  });

  test("typed fields are kept when the pin moves; what the pin filled follows it", async () => {
    mockApi({
      "GET /map/is-supported-location": () => ({ body: { data: { supported: true, district_id: 1, district: { id: 1, name: "Zamalek" } }, message: "ok" } }),
      "GET /map/reverse": (url) => reverseAnswer(url.searchParams.get("latitude")?.startsWith("29.97") ? HELIOPOLIS_NO_STREET : ZAMALEK),
    });
    renderAt(page("new=1"), "/account/my-address?new=1");
    const form = await screen.findByTestId("address-form");
    fireEvent.click(await within(form).findByRole("button", { name: "click Zamalek" }));
    await waitFor(() => expect(value(form, /City/)).toBe("Cairo"));
    fireEvent.change(within(form).getByLabelText(/^Address$/), { target: { value: "12 Nile Street" } });
    fireEvent.change(within(form).getByLabelText(/Postal code/), { target: { value: "11599" } });
    fireEvent.click(within(form).getByRole("button", { name: "click the pyramids" }));
    await waitFor(() => expect(value(form, /Region/)).toBe("Heliopolis"));
    expect(value(form, /^Address$/)).toBe("12 Nile Street");
    expect(value(form, /Postal code/)).toBe("11599");
    expect(value(form, /City/)).toBe("Cairo");
  });

  test("what the answer leaves null stays empty, and empties what the last pin filled", async () => {
    addressApi();
    renderAt(page("new=1"), "/account/my-address?new=1");
    const form = await screen.findByTestId("address-form");
    fireEvent.click(await within(form).findByRole("button", { name: "click Zamalek" }));
    await waitFor(() => expect(value(form, /^Address$/)).toBe("Brazil Street"));
    fireEvent.click(within(form).getByRole("button", { name: "click the pyramids" }));
    await waitFor(() => expect(value(form, /^Address$/)).toBe(""));
    expect([value(form, /City/), value(form, /Region/), value(form, /Postal code/)]).toEqual(["", "", ""]);
    // The country is the store's, which the form started with.
    expect(value(form, /Country/)).toBe("Egypt");
  });

  test("a failed lookup leaves the fields as they were, with one polite note and no toast", async () => {
    mockApi({
      "GET /map/is-supported-location": () => ({ body: { data: { supported: true, district_id: 1, district: { id: 1, name: "Zamalek" } }, message: "ok" } }),
      "GET /map/reverse": () => ({ status: 500, body: { message: "Server Error" } }),
    });
    const warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
    renderAt(page("new=1"), "/account/my-address?new=1");
    const form = await screen.findByTestId("address-form");
    fireEvent.change(within(form).getByLabelText(/City/), { target: { value: "Cairo" } });
    fireEvent.click(await within(form).findByRole("button", { name: "click Zamalek" }));
    fireEvent.click(within(form).getByRole("button", { name: "click Zamalek" }));
    await waitFor(() =>
      expect(within(form).getByTestId("address-geocode-status").textContent).toBe("The address of this place could not be found. Please type it in."),
    );
    expect(value(form, /City/)).toBe("Cairo");
    expect(value(form, /^Address$/)).toBe("");
    expect(toasts()).toEqual([]);
    warn.mockRestore();
  });

  test("choosing a search result closes the list and shows the chosen place", async () => {
    addressApi();
    renderAt(page("new=1"), "/account/my-address?new=1");
    const form = await screen.findByTestId("address-form");
    const search = within(form).getByTestId("address-map-search") as HTMLInputElement;
    jest.useFakeTimers();
    fireEvent.change(search, { target: { value: "brazil" } });
    await act(async () => {
      jest.advanceTimersByTime(300);
    });
    jest.useRealTimers();
    const result = await within(form).findByRole("button", { name: /Brazil Street, Zamalek, Cairo/ });
    result.focus();
    fireEvent.click(result);
    expect(within(form).queryByRole("list", { name: "Places found" })).toBeNull();
    expect(within(form).getByTestId("address-search-status").textContent).toBe("Chosen place: Brazil Street (Brazil Street, Zamalek, Cairo)");
    expect(search.value).toBe("Brazil Street");
    expect(document.activeElement).toBe(search);
    await waitFor(() => expect(within(form).getByTestId("address-location-status").textContent).toContain("Pick this address"));
    // Typing again searches again and opens the list.
    jest.useFakeTimers();
    fireEvent.change(search, { target: { value: "brazil st" } });
    await act(async () => {
      jest.advanceTimersByTime(300);
    });
    jest.useRealTimers();
    expect(await within(form).findByRole("list", { name: "Places found" })).toBeTruthy();
  });

  test("in Arabic the new address starts with the country's Arabic name", async () => {
    useAppStore.setState({ language: "ar" });
    addressApi();
    renderAt(page("new=1"), "/account/my-address?new=1");
    const country = (await screen.findByLabelText(/الدولة/)) as HTMLInputElement;
    expect(country.value).toBe("مصر");
  });

  test("in English the new address starts with Egypt", async () => {
    addressApi();
    renderAt(page("new=1"), "/account/my-address?new=1");
    expect(((await screen.findByLabelText(/Country/)) as HTMLInputElement).value).toBe("Egypt");
  });

  test("a 422 about a field the form does not show is an error toast; the map's point errors show at the map", async () => {
    const replies = [
      { status: 422, body: { message: "The given data was invalid.", errors: { type: ["The selected type is invalid."] } } },
      { status: 422, body: { message: "The given data was invalid.", errors: { "location.latitude": ["The latitude must be between -90 and 90."] } } },
    ];
    mockApi({
      "GET /addresses": () => ({ body: { data: [], meta: meta(0) } }),
      "GET /map/is-supported-location": () => ({ body: { data: { supported: true, district_id: 1, district: { id: 1, name: "Zamalek" } }, message: "ok" } }),
      "GET /map/reverse": () => reverseAnswer(ZAMALEK),
      "POST /addresses": () => replies.shift() ?? { status: 500, body: { message: "unexpected" } },
    });
    const form = await openFilledNewAddress();
    fireEvent.click(within(form).getByTestId("address-save"));
    await waitFor(() => expect(toasts()).toEqual(["The selected type is invalid."]));
    expect(within(form).queryAllByTestId("field-error")).toHaveLength(0);
    fireEvent.click(within(form).getByTestId("address-save"));
    expect((await within(form).findByTestId("location-error")).textContent).toBe("The latitude must be between -90 and 90.");
    expect(toasts()).toEqual(["The selected type is invalid."]);
  });

  test("a refused submit without a place moves focus to the map search", async () => {
    const api = addressApi();
    renderAt(page("new=1"), "/account/my-address?new=1");
    const form = await screen.findByTestId("address-form");
    fireEvent.change(within(form).getByLabelText("Address name"), { target: { value: "Home" } });
    fireEvent.change(within(form).getByLabelText("Contact name"), { target: { value: "Mona" } });
    fireEvent.change(within(form).getByLabelText("Phone"), { target: { value: "+20 100 123 4567" } });
    fireEvent.change(within(form).getByLabelText(/^Address$/), { target: { value: "1 Nile St" } });
    fireEvent.click(within(form).getByTestId("address-save"));
    await waitFor(() => expect(document.activeElement).toBe(within(form).getByTestId("address-map-search")));
    expect(within(form).getByTestId("location-error").textContent).toBe("please choose a location");
    expect(within(form).queryAllByTestId("field-error")).toHaveLength(0);
    expect(api.bodies("POST /addresses")).toHaveLength(0);
  });

  test("the type and the default flag are sent as chosen", async () => {
    const api = mockApi({
      "GET /addresses": () => ({ body: { data: [], meta: meta(0) } }),
      "GET /map/is-supported-location": () => ({ body: { data: { supported: true, district_id: 1, district: { id: 1, name: "Zamalek" } }, message: "ok" } }),
      "GET /map/reverse": () => reverseAnswer(ZAMALEK),
      "POST /addresses": () => ({ status: 201, body: { data: address(9), message: "Address saved." } }),
    });
    const form = await openFilledNewAddress();
    fireEvent.click(within(form).getByRole("radio", { name: "Work" }));
    fireEvent.click(within(form).getByTestId("address-default"));
    fireEvent.click(within(form).getByTestId("address-save"));
    await waitFor(() => expect(api.bodies("POST /addresses")).toHaveLength(1));
    expect(api.bodies("POST /addresses")[0]).toMatchObject({ type: "work", is_default: true, name: "Home", address_details: "1 Nile St" });
  });

  test("a server message is focused and stays until its field changes; the map's until another place is chosen", async () => {
    mockApi({
      "GET /addresses": () => ({ body: { data: [], meta: meta(0) } }),
      "GET /map/is-supported-location": () => ({ body: { data: { supported: true, district_id: 1, district: { id: 1, name: "Zamalek" } }, message: "ok" } }),
      "GET /map/reverse": () => reverseAnswer(ZAMALEK),
      "POST /addresses": () => ({
        status: 422,
        body: { message: "Bad", errors: { phone: ["Phone Number is Invalid"], "location.latitude": ["The latitude must be between -90 and 90."] } },
      }),
    });
    const form = await openFilledNewAddress();
    const phone = within(form).getByLabelText("Phone");
    fireEvent.click(within(form).getByTestId("address-save"));
    expect((await within(form).findByTestId("field-error")).textContent).toBe("Phone Number is Invalid");
    expect(within(form).getByTestId("location-error").textContent).toBe("The latitude must be between -90 and 90.");
    await waitFor(() => expect(document.activeElement).toBe(phone));
    // Another field changing leaves it: once that field's own check has shown (its error,
    // then its error gone), the server's message is still at the phone.
    const contact = within(form).getByLabelText("Contact name");
    fireEvent.change(contact, { target: { value: "" } });
    await waitFor(() => expect(contact.getAttribute("aria-invalid")).toBe("true"));
    expect(phone.getAttribute("aria-invalid")).toBe("true");
    expect(within(form).getAllByTestId("field-error").map((error) => error.textContent)).toContain("Phone Number is Invalid");
    fireEvent.change(contact, { target: { value: "Mona Adel" } });
    await waitFor(() => expect(contact.getAttribute("aria-invalid")).toBeNull());
    expect(within(form).getByTestId("field-error").textContent).toBe("Phone Number is Invalid");
    fireEvent.change(phone, { target: { value: "+20 100 123 4568" } });
    await waitFor(() => expect(within(form).queryAllByTestId("field-error")).toHaveLength(0));
    fireEvent.click(within(form).getByRole("button", { name: "click Zamalek" }));
    await waitFor(() => expect(within(form).queryByTestId("location-error")).toBeNull());
  });

  test("the server's 422 messages show on their fields", async () => {
    mockApi({
      "GET /addresses": () => ({ body: { data: [], meta: meta(0) } }),
      "GET /map/is-supported-location": () => ({ body: { data: { supported: true, district_id: 1, district: { id: 1, name: "Zamalek" } }, message: "ok" } }),
      "GET /map/reverse": () => reverseAnswer(ZAMALEK),
      "POST /addresses": () => ({ status: 422, body: { message: "Bad", errors: { phone: ["Phone Number is Invalid"] } } }),
    });
    const form = await openFilledNewAddress();
    fireEvent.click(within(form).getByTestId("address-save"));
    expect(await within(form).findByText("Phone Number is Invalid")).toBeTruthy();
  });
});
