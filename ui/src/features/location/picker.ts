import { create } from "zustand";
import { readClientState } from "storefront-core/start";
import { locationPickerStart, locationPickerUpdate, type LocationPicker, type LocationPickerEvent } from "storefront-core";
import { onSessionReset, runEffects } from "../../app/effects";
import { appHost } from "../auth/host";

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
  runEffects(effects, appHost);
}
