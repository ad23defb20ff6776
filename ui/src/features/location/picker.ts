import { create } from "zustand";
import { readClientState } from "../../core/start";
import type { LocationPickerEvent, LocationPickerView } from "storefront-core";
import { onSessionReset } from "../../platform/effects";
import { pickerDriver } from "../../shop/locationPicker";

/** The stored choice: the point and district the location modal opens on. */
function storedChoice() {
  const { location, district_id } = readClientState();
  return { point: location ? { latitude: location.lat, longitude: location.lng } : null, districtId: district_id };
}

/**
 * The location modal's picker (spec 4): the chosen point, its support check, the
 * district and the map search, in the core's flow. Outside the component so the API
 * answers find it; its view goes into a small store for the modal.
 */
const picker = pickerDriver(storedChoice, (view) => useLocationPicker.setState({ view }));

export const useLocationPicker = create<{ view: LocationPickerView }>(() => ({ view: picker.snapshot() }));

/** A fresh picker showing the stored choice, when the modal opens. */
export function startPicker(): void {
  picker.reset();
  useLocationPicker.setState({ view: picker.snapshot() });
}

// A logout forgets the point, district and search of the session (storage is cleared first).
onSessionReset(() => startPicker());

/** Feeds an event to the core's picker and runs the effects it returns. */
export const dispatchPicker = (event: LocationPickerEvent): void => void picker.dispatch(event);
