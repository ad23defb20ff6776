import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { readClientState } from "storefront-core/start";
import { api, ApiError } from "../../api/client";
import { queryClient } from "../../platform/queryClient";
import { useAppStore } from "../../platform/store";
import { ModalHost } from "../../app/ModalHost";
import { answer, renderWithApp, seedRemoteConfig } from "../../test/auth";
import type { PickerMapProps } from "../../ui/Map";

jest.mock("../../api/client", () => {
  const actual = jest.requireActual("../../api/client");
  return { ...actual, api: { GET: jest.fn(), POST: jest.fn() } };
});
// The WebGL map cannot run in jsdom: a double stands in for it, with the props the picker
// passes (checked below) and a way to "click" a point.
jest.mock("../../ui/Map", () => ({
  __esModule: true,
  default: (props: PickerMapProps) => (
    <div data-testid="map-double" data-zoom={props.zoom} data-height={props.height} data-districts={props.districtsUrl}>
      <button type="button" onClick={() => props.onChoose({ latitude: 29.9792, longitude: 31.1342 })}>
        click the pyramids
      </button>
      <span data-testid="map-point">{props.point ? `${props.point.latitude},${props.point.longitude}` : "none"}</span>
    </div>
  ),
}));
const get = api.GET as unknown as jest.Mock;
// Whole journeys through lazy modals and the real WASM core: more than 5 s on a busy machine.
jest.setTimeout(30_000);

const TAHRIR = { name: "Tahrir Square", address: "Tahrir Square, Downtown, Cairo", location: { latitude: 30.0444, longitude: 31.2357 } };

/** Answers like the reference API: Tahrir is in district 3, the pyramids in none. */
function referenceApi(options: { failSupport?: boolean; delaySupport?: Promise<void> } = {}) {
  get.mockImplementation(async (path: string, init: { params: { query: Record<string, unknown> } }) => {
    const query = init.params.query;
    if (path === "/map/search") {
      const text = String(query.search).toLowerCase();
      return answer({ data: text.includes("tahrir") ? [TAHRIR] : [], meta: {} });
    }
    if (path === "/map/is-supported-location") {
      await options.delaySupport;
      if (options.failSupport) throw new ApiError(500, { kind: "message", id: "generic_error", params: {} });
      const inTahrir = query.latitude === TAHRIR.location.latitude;
      return answer({ data: { supported: inTahrir, district_id: inTahrir ? 3 : null } });
    }
    throw new Error(`unexpected ${path}`);
  });
}

beforeEach(() => {
  localStorage.clear();
  queryClient.clear();
  get.mockReset();
  window.history.replaceState(null, "", "/");
  useAppStore.setState({ toasts: [], modal: null });
  useAppStore.getState().refresh();
  jest.spyOn(console, "warn").mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

async function openPicker(language: "en" | "ar" = "en") {
  seedRemoteConfig(language);
  renderWithApp(<ModalHost />, language);
  // What the landing page's button does: the core effect opening the modal.
  act(() => useAppStore.getState().setModal("pickAddress"));
  return screen.findByTestId("location-picker");
}

const confirm = () => screen.getByTestId("confirm-location") as HTMLButtonElement;

describe("the location picker", () => {
  it("opens with 'Choose location' disabled, the map at zoom 14 and 400 px, and is remembered", async () => {
    await openPicker();
    expect(confirm().textContent).toBe("Choose location");
    expect(confirm().disabled).toBe(true);
    const map = await screen.findByTestId("map-double");
    expect(map.dataset.zoom).toBe("14");
    // The kit's map knows no API: the picker tells it where the districts come from.
    expect(map.dataset.districts).toBe("/api/map/districts");
    expect(map.dataset.height).toBe("400");
    expect(screen.getByTestId("map-search-status").textContent).toBe("start typing");
    await waitFor(() => expect(readClientState().modal).toBe("pickAddress"));
  });

  it("searches, lists places, and a supported place can be confirmed: district stored, off to /home", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    referenceApi({ delaySupport: held });
    await openPicker();
    fireEvent.change(screen.getByLabelText("Search for a place"), { target: { value: "  tahrir " } });
    await waitFor(() => expect(screen.getByTestId("map-search-status").textContent).toBe("searching"));
    const result = await screen.findByRole("button", { name: /Tahrir Square/ });
    expect(get).toHaveBeenCalledWith("/map/search", { params: { query: { search: "tahrir" } } });
    fireEvent.click(result);
    // Loading: disabled while the support check runs.
    await waitFor(() => expect(screen.getByText("Checking this location…")).toBeTruthy());
    expect(confirm().disabled).toBe(true);
    // The button says so too, not 'Location not supported' before the answer.
    expect(confirm().textContent).toBe("Checking location…");
    expect(screen.getByTestId("map-point").textContent).toBe("30.0444,31.2357");
    release();
    await waitFor(() => expect(confirm().textContent).toBe("Pick this address"));
    expect(confirm().disabled).toBe(false);
    fireEvent.click(confirm());
    expect(readClientState()).toMatchObject({
      district_id: 3,
      location: { lat: 30.0444, lng: 31.2357 },
      use_default_location: false,
      modal: null,
    });
    expect(screen.queryByTestId("location-picker")).toBeNull();
    expect(window.location.pathname).toBe("/home");
  });

  it("an unsupported point says 'Location not supported' and cannot be confirmed", async () => {
    referenceApi();
    await openPicker();
    fireEvent.click(await screen.findByRole("button", { name: "click the pyramids" }));
    await waitFor(() => expect(confirm().textContent).toBe("Location not supported"));
    expect(confirm().disabled).toBe(true);
    expect(readClientState().district_id).toBeNull();
  });

  it("no results says 'no results found'; failed lookups are only logged", async () => {
    referenceApi({ failSupport: true });
    await openPicker();
    fireEvent.change(screen.getByLabelText("Search for a place"), { target: { value: "zzz" } });
    await waitFor(() => expect(screen.getByTestId("map-search-status").textContent).toBe("no results found"));
    fireEvent.click(await screen.findByRole("button", { name: "click the pyramids" }));
    await waitFor(() => expect(confirm().textContent).toBe("Location not supported"));
    expect(console.warn).toHaveBeenCalled();
    expect(useAppStore.getState().toasts).toEqual([]);
  });

  it("closing forgets the picker for a reload", async () => {
    referenceApi();
    await openPicker();
    await waitFor(() => expect(readClientState().modal).toBe("pickAddress"));
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByTestId("location-picker")).toBeNull();
    expect(readClientState().modal).toBeNull();
  });

  it("speaks Arabic on an Arabic page", async () => {
    referenceApi();
    await openPicker("ar");
    expect(confirm().textContent).toBe("اختر الموقع");
    expect(screen.getByTestId("map-search-status").textContent).toBe("ابدأ الكتابة");
  });
});
