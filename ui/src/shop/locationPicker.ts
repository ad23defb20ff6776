import {
  LocationPickerFlow,
  type ApiCall,
  type GeoPoint,
  type LocationPickerEvent,
  type LocationPickerView,
} from "storefront-core";
import { api, unwrap } from "../api/client";
import { FlowDriver } from "../platform/flow";

// The location picker's flow in the app's driver, shared by the location modal
// (features/location) and the address form's map (features/account/my-address).

/**
 * The picker's call performer: makes a call it asked for and gives the picker's event
 * for its outcome. Failures are only logged (spec 8): the point reads as unsupported,
 * the search as empty.
 */
export async function performLocationCall(call: ApiCall): Promise<LocationPickerEvent | null> {
  switch (call.call) {
    case "is_supported_location": {
      const point = { latitude: call.latitude, longitude: call.longitude };
      try {
        const body = await unwrap(api.GET("/map/is-supported-location", { params: { query: point } }));
        const district_id = body.data.district_id ?? null;
        const district_name = body.data.district?.name ?? null;
        return { type: "support_answered", point, district_id, district_name };
      } catch (error) {
        console.warn("location support check failed", error);
        return { type: "support_failed", point };
      }
    }
    case "map_search":
      try {
        const body = await unwrap(api.GET("/map/search", { params: { query: { search: call.search } } }));
        return { type: "search_results_arrived", search: call.search, results: body.data };
      } catch (error) {
        console.warn("map search failed", error);
        return { type: "search_failed", search: call.search };
      }
    default:
      // The picker asks for no other call.
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
    perform: performLocationCall,
    onView,
  });
}
