import { create } from "zustand";
import { readClientState } from "../../core/start";
import { locationPickerStart, locationPickerUpdate, type LocationPicker, type LocationPickerEvent } from "storefront-core";
import type { CallAnswer } from "../../api/calls";
import { onSessionReset, runEffects } from "../../platform/effects";
import { appHost } from "../../platform/host";

/**
 * The location picker (spec 4) as the core's state: the chosen point, its support check,
 * the district and the map search. Outside the component so the API answers find it.
 */
export const useLocationPicker = create<{ state: LocationPicker }>(() => ({
  state: locationPickerStart(readClientState()),
}));

// A logout forgets the point, district and search of the session (storage is cleared first).
onSessionReset(() => startPicker());

/** A fresh picker showing the stored choice, when the modal opens. */
export function startPicker(): void {
  useLocationPicker.setState({ state: locationPickerStart(readClientState()) });
}

/** Feeds an event to the core's picker and runs the effects it returns. */
export function dispatchPicker(event: LocationPickerEvent): void {
  const [next, effects] = locationPickerUpdate(useLocationPicker.getState().state, event);
  useLocationPicker.setState({ state: next });
  runEffects(effects, pickerHost);
}

/**
 * The picker's event for the outcome of a call it asked for. Failures are only logged
 * (spec 8): the point reads as unsupported, the search as empty.
 */
function pickerEventOf(answer: CallAnswer): LocationPickerEvent | null {
  switch (answer.kind) {
    case "is_supported_location": {
      const point = { latitude: answer.call.latitude, longitude: answer.call.longitude };
      if (answer.ok) return { type: "support_answered", point, district_id: answer.value.district_id };
      console.warn("location support check failed", answer.error);
      return { type: "support_failed", point };
    }
    case "map_search":
      if (answer.ok) return { type: "search_results_arrived", search: answer.call.search, results: answer.value };
      console.warn("map search failed", answer.error);
      return { type: "search_failed", search: answer.call.search };
    default:
      return null;
  }
}

const pickerHost = {
  ...appHost,
  answer: (answer: CallAnswer) => {
    const event = pickerEventOf(answer);
    if (event) dispatchPicker(event);
  },
};
