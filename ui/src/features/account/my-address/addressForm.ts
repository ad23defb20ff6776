import { z } from "../../../ui/zod";
import {
  checkChoice,
  checkForm,
  storeCountryCode,
  type Effect,
  type GeoPoint,
  type Message,
  type Address as CoreAddress,
  type Language,
} from "storefront-core";
import { firstIssue } from "../../../ui/form";
import type { Address, AddressRequest } from "../queries";

export type AddressType = "home" | "work" | "other";

export interface AddressValues {
  type: AddressType;
  name: string;
  contact_name: string;
  phone: string;
  country: string;
  region: string;
  city: string;
  address_details: string;
  building_number: string;
  floor: string;
  apartment_number: string;
  postal_code: string;
  is_default: boolean;
}

/**
 * The name of the store's country (the core's `storeCountryCode`: the remote config's
 * `default_country_code`, else Egypt) in the page language, as the form's country
 * starts out: "Egypt", "مصر".
 */
export function defaultCountryName(locale: string, code?: string | null): string {
  const region = storeCountryCode(code ?? undefined);
  try {
    const name = new Intl.DisplayNames([locale], { type: "region", fallback: "none" }).of(region);
    if (name) return name;
  } catch {
    // An engine without region names: the code is still a fair answer.
  }
  return region;
}

export function emptyAddress(country: string): AddressValues {
  return {
    type: "home",
    name: "",
    contact_name: "",
    phone: "",
    country,
    region: "",
    city: "",
    address_details: "",
    building_number: "",
    floor: "",
    apartment_number: "",
    postal_code: "",
    is_default: false,
  };
}

/** The form's values of a saved address; `country` when it has none. */
export function valuesOf(address: Address, country: string): AddressValues {
  return {
    type: address.type,
    name: address.name,
    contact_name: address.contact_name,
    phone: address.phone,
    country: address.country || country,
    region: address.region,
    city: address.city,
    address_details: address.address_details,
    building_number: address.building_number,
    floor: address.floor,
    apartment_number: address.apartment_number,
    postal_code: address.postal_code,
    is_default: address.is_default,
  };
}

/** The address form's schema: its rules (spec 3, 5) are all the core's; the lengths are the API's. */
export function addressSchema(language: Language, country: string) {
  return z
    .object({
      // Typed, not checked: the core has no rule for it (the server may refuse one, 422).
      type: z.custom<AddressType>(),
      name: z.string(),
      contact_name: z.string(),
      phone: z.string(),
      country: z.string(),
      region: z.string(),
      city: z.string(),
      address_details: z.string(),
      building_number: z.string(),
      floor: z.string(),
      apartment_number: z.string(),
      postal_code: z.string(),
      is_default: z.boolean(),
    })
    .superRefine((v, ctx) => {
      for (const [field, message] of Object.entries(checkForm({ form: "address", values: v, country }))) firstIssue(ctx, field, language, message);
    });
}

/**
 * The map location's message: 'please choose a location' with no point, 'Location not
 * supported' when the support check found no district; null while checking or when
 * the point is in a district.
 */
export function locationMessage(point: GeoPoint | null, loading: boolean, districtId: number | null): Message | null {
  const chosen = checkChoice({ choice: "location", location: point ? { lat: point.latitude, lng: point.longitude } : null });
  if (chosen) return chosen;
  if (!loading && districtId === null) return { id: "location_not_supported", params: {} };
  return null;
}

export function toRequest(v: AddressValues, point: GeoPoint): AddressRequest {
  const text = (s: string) => s.trim() || null;
  return {
    type: v.type,
    name: v.name.trim(),
    contact_name: v.contact_name.trim(),
    phone: v.phone.trim(),
    country: text(v.country),
    region: text(v.region),
    city: text(v.city),
    address_details: v.address_details.trim(),
    building_number: text(v.building_number),
    floor: text(v.floor),
    apartment_number: text(v.apartment_number),
    postal_code: text(v.postal_code),
    location: { latitude: point.latitude, longitude: point.longitude },
    is_default: v.is_default,
  };
}

/** What `GET /map/reverse` knows of a point's address: each part null when it does not. */
export interface ReverseGeocode {
  street_address: string | null;
  city: string | null;
  region: string | null;
  postal_code: string | null;
  country: string | null;
}

/**
 * The fields a point on the map fills in (spec 3 "address from map geocode"; issue 36):
 * the server's reverse geocoding of the point, never a reading of a place's text. A part
 * the map does not know is empty (so a value the previous pin put there goes), except the
 * country, which the form starts with and keeps when the map does not name one.
 */
export function geocodedFields(answer: ReverseGeocode): Partial<AddressValues> {
  const fields: Partial<AddressValues> = {
    address_details: answer.street_address ?? "",
    city: answer.city ?? "",
    region: answer.region ?? "",
    postal_code: answer.postal_code ?? "",
  };
  if (answer.country) fields.country = answer.country;
  return fields;
}

/**
 * Which of `fields` a new pin may write, and with what: a field still empty, or one
 * holding what the map put there last (`filled`), or the country the form started with
 * (`startCountry`). Whatever the shopper typed stays. Returns the writes and what the map
 * has filled after them.
 */
export function mapFill(
  fields: Partial<AddressValues>,
  current: (key: MapField) => string,
  filled: Partial<Record<MapField, string>>,
  startCountry: string,
): { writes: Partial<Record<MapField, string>>; filled: Partial<Record<MapField, string>> } {
  const writes: Partial<Record<MapField, string>> = {};
  const next = { ...filled };
  for (const [key, value] of Object.entries(fields) as [MapField, string][]) {
    const now = current(key);
    const ours = now === "" || now === filled[key] || (key === "country" && now === startCountry);
    if (!ours) continue;
    if (now !== value) writes[key] = value;
    next[key] = value;
  }
  return { writes, filled: next };
}

/** The form's fields the map fills in. */
export type MapField = "address_details" | "city" | "region" | "postal_code" | "country";

/**
 * The area line of an address card: district, city, region, country and postal code,
 * each once. The map fills the region with the district's name, so a part equal to an
 * earlier one (trimmed, ignoring case) is left out: "Zamalek, Cairo, Egypt".
 */
export function areaLine(parts: readonly (string | null | undefined)[]): string {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const part of parts) {
    const text = part?.trim();
    if (!text) continue;
    const key = text.toLocaleLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(text);
  }
  return out.join(", ");
}

/** Whether `to` is a path of this site (never another origin), for `returnTo`. */
export function sameSitePath(to: string | null): string | null {
  if (!to || !to.startsWith("/") || to.startsWith("//") || to.includes("\\")) return null;
  try {
    const base = "http://site.invalid";
    const url = new URL(to, base);
    return url.origin === base ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}

/** The core's `Address` (the stored `selectedAddress` shape) of a saved address. */
export function coreAddress(address: Address): CoreAddress {
  return {
    id: address.id,
    name: address.name,
    region: address.region || null,
    postal_code: address.postal_code || null,
    address_details: address.address_details,
    district_id: address.district_id,
    location: address.location,
    country_id: address.country_id,
    city_id: address.city_id,
  };
}

/**
 * "Deliver to this address": the stored district, address id, selected address and
 * location (in the core's stored forms, read back by `readClientState`), the catalogue
 * lists reset for the new district.
 */
export function deliverToAddressEffects(address: Address): Effect[] {
  return [
    { type: "store", key: "district_id", value: String(address.district_id) },
    { type: "store", key: "address_id", value: String(address.id) },
    { type: "store", key: "selectedAddress", value: JSON.stringify(coreAddress(address)) },
    { type: "store", key: "location", value: JSON.stringify({ lat: address.location.latitude, lng: address.location.longitude }) },
    { type: "store", key: "use_default_location", value: "false" },
    { type: "reset_catalogue_lists" },
  ];
}
