import {
  locationPickerCanConfirm,
  locationPickerDismissEffects,
  locationPickerLabel,
  locationPickerOpenEffects,
  locationPickerStart,
  locationPickerUpdate,
  mapHeightPx,
  mapSearchStatus,
  mapZoom,
  readClientState,
  type Effect,
  type GeoPoint,
  type LocationPicker,
  type LocationPickerEvent,
  type MapSearch,
  type MapSearchResult,
  type MapSearchStatus,
  type Message,
} from "storefront-core";

const tahrir: GeoPoint = { latitude: 30.0444, longitude: 31.2357 };
const result: MapSearchResult = { name: "Tahrir Square", address: "Downtown, Cairo", location: tahrir };
const events: LocationPickerEvent[] = [
  { type: "search_text_changed", text: "Tahrir" },
  { type: "search_results_arrived", search: "Tahrir", results: [result] },
  { type: "search_failed", search: "Tahrir" },
  { type: "point_chosen", point: result.location },
  { type: "support_answered", point: tahrir, district_id: 7 },
  { type: "support_failed", point: tahrir },
  { type: "confirm" },
];

export function surfaceLocation(): string[] {
  let picker: LocationPicker = locationPickerStart(readClientState());
  const effects: Effect[] = [...locationPickerOpenEffects()];
  for (const event of events) {
    const [next, produced]: [LocationPicker, Effect[]] = locationPickerUpdate(picker, event);
    picker = next;
    effects.push(...produced);
  }
  effects.push(...locationPickerDismissEffects());
  const search: MapSearch = picker.search;
  const label: Message = locationPickerLabel(picker);
  const status: MapSearchStatus = mapSearchStatus(picker);
  const shown = status.status === "results" ? status.results.map((r) => r.name).join(", ") : status.message.id;
  return [
    label.id,
    String(locationPickerCanConfirm(picker)),
    shown,
    search.text,
    String(mapZoom()),
    `${mapHeightPx()}px`,
    String(effects.length),
  ];
}
