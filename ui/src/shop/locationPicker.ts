import { LocationPickerFlow, type GeoPoint, type LocationPickerEvent, type LocationPickerView } from "storefront-core";
import type { CallAnswer } from "../api/calls";
import { FlowDriver } from "../platform/flow";

// The location picker's flow in the app's driver, shared by the location modal
// (features/location) and the address form's map (features/account/my-address).

/**
 * The picker's event for the outcome of a call it asked for. Failures are only logged
 * (spec 8): the point reads as unsupported, the search as empty.
 */
export function pickerEventOf(answer: CallAnswer): LocationPickerEvent | null {
  switch (answer.kind) {
    case "is_supported_location": {
      const point = { latitude: answer.call.latitude, longitude: answer.call.longitude };
      if (answer.ok) {
        const { district_id, district_name } = answer.value;
        return { type: "support_answered", point, district_id, district_name };
      }
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

/** A picker showing `point` and its district (both, or nothing chosen), in the app's driver. */
export function pickerDriver(
  start: () => { point: GeoPoint | null; districtId: number | null },
  onView?: (view: LocationPickerView) => void,
): FlowDriver<LocationPickerEvent, LocationPickerView> {
  return new FlowDriver({
    make: () => {
      const { point, districtId } = start();
      return new LocationPickerFlow(point, districtId);
    },
    eventOf: pickerEventOf,
    onView,
  });
}
