import {
  LocationPickerFlow,
  locationPickerOpenEffects,
  readClientState,
  type Effect,
  type GeoPoint,
  type LocationPickerEvent,
  type LocationPickerView,
  type MapSearchResult,
  type MapSearchStatus,
  type Message,
  type Step,
} from "storefront-core";

const tahrir: GeoPoint = { latitude: 30.0444, longitude: 31.2357 };
const result: MapSearchResult = { name: "Tahrir Square", address: "Downtown, Cairo", location: tahrir };
const events: LocationPickerEvent[] = [
  { type: "search_text_changed", text: "Tahrir" },
  { type: "search_results_arrived", search: "Tahrir", results: [result] },
  { type: "search_failed", search: "Tahrir" },
  { type: "point_chosen", point: result.location },
  { type: "support_answered", point: tahrir, district_id: 7, district_name: "Downtown" },
  { type: "support_answered", point: tahrir, district_id: 7 },
  { type: "support_failed", point: tahrir },
  { type: "confirm" },
  { type: "dismiss" },
];

export function surfaceLocation(): string[] {
  const stored = readClientState();
  const start: GeoPoint | null = stored.location ? { latitude: stored.location.lat, longitude: stored.location.lng } : null;
  const picker = new LocationPickerFlow(start, stored.district_id);
  const effects: Effect[] = [...locationPickerOpenEffects()];
  let view: LocationPickerView = picker.view();
  for (const event of events) {
    const step: Step<LocationPickerView> = picker.send(event);
    view = step.view;
    effects.push(...step.effects);
  }
  picker.free();
  const label: Message = view.label;
  const status: MapSearchStatus = view.search;
  const shown = status.status === "results" ? status.results.map((r) => r.name).join(", ") : status.message.id;
  return [label.id, String(view.can_confirm), shown, String(view.district_name), String(view.zoom), `${view.height_px}px`, String(effects.length)];
}
