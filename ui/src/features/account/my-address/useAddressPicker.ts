import { useCallback, useEffect, useRef, useState } from "react";
import { readClientState } from "../../../core/start";
import { locationPickerStart, locationPickerUpdate, type ApiCall, type GeoPoint, type LocationPicker, type LocationPickerEvent } from "storefront-core";
import { api, unwrap } from "../../../api/client";

type PickerDispatch = (event: LocationPickerEvent, districtName?: string | null) => void;

/** Makes a call the picker asked for and answers it back as an event. */
export async function performPickerCall(call: ApiCall, dispatch: PickerDispatch): Promise<void> {
  if (call.call === "is_supported_location") {
    const point = { latitude: call.latitude, longitude: call.longitude };
    try {
      const body = await unwrap(
        api.GET("/map/is-supported-location", { params: { query: { latitude: call.latitude, longitude: call.longitude } } }),
      );
      dispatch({ type: "support_answered", point, district_id: body.data.district_id ?? null }, body.data.district?.name ?? null);
    } catch (error) {
      console.warn("location support check failed", error);
      dispatch({ type: "support_failed", point });
    }
  } else if (call.call === "map_search") {
    try {
      const body = await unwrap(api.GET("/map/search", { params: { query: { search: call.search } } }));
      dispatch({ type: "search_results_arrived", search: call.search, results: body.data });
    } catch (error) {
      console.warn("map search failed", error);
      dispatch({ type: "search_failed", search: call.search });
    }
  }
}

export interface AddressPickerState {
  picker: LocationPicker;
  /** The district's name from the last support answer (for the region field). */
  districtName: string | null;
}

/** A picker showing `point` (an address being edited), or nothing chosen yet. */
export function startFor(point: GeoPoint | null, districtId: number | null): LocationPicker {
  return locationPickerStart({
    ...readClientState(),
    location: point ? { lat: point.latitude, lng: point.longitude } : null,
    district_id: districtId,
  });
}

/**
 * The location picker of the address form: the core's picker state machine (choosing a
 * point checks its support; the map search box) kept in this form, not the global
 * location modal — its confirm (store the district, go home) is never sent here. The
 * API calls the core asks for are made here and answered back as events; lookup
 * failures are only logged (spec 8).
 */
export function useAddressPicker(initial: {
  point: GeoPoint | null;
  districtId: number | null;
  districtName: string | null;
  /** Called with the district's name (null: unsupported) when a support check answers. */
  onDistrict?(name: string | null): void;
}) {
  const [state, setState] = useState<AddressPickerState>(() => ({
    picker: startFor(initial.point, initial.districtId),
    districtName: initial.districtName,
  }));
  const current = useRef(state);
  const alive = useRef(true);
  const onDistrict = useRef(initial.onDistrict);
  useEffect(() => {
    onDistrict.current = initial.onDistrict;
  });
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const dispatch = useCallback((event: LocationPickerEvent, districtName?: string | null) => {
    const step: PickerDispatch = (ev, name) => {
      if (!alive.current) return;
      const [picker, effects] = locationPickerUpdate(current.current.picker, ev);
      const next = { picker, districtName: name === undefined ? current.current.districtName : name };
      current.current = next;
      setState(next);
      if (name !== undefined) onDistrict.current?.(name);
      for (const effect of effects) if (effect.type === "request") void performPickerCall(effect.call, step);
    };
    step(event, districtName);
  }, []);

  return { ...state, dispatch };
}
