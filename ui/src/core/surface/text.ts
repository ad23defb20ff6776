import {
  addressLabel,
  cutLabel,
  searchDestination,
  submitSearch,
  suggestionQuery,
  type Address,
  type Effect,
} from "storefront-core";

const address: Address = {
  id: 12,
  name: null,
  region: "مصر الجديدة، القاهرة",
  postal_code: "11757",
  address_details: "12 شارع الثورة",
  district_id: 4,
  location: { latitude: 30.0911, longitude: 31.3225 },
  country_id: { name: "Egypt" },
  city_id: { name: "Cairo" },
};

export function surfaceText(typed: string): string[] {
  const effects: Effect[] = submitSearch(typed);
  const destination: string | null = searchDestination(typed);
  const suggestions: string | null = suggestionQuery(typed);
  const label: string | null = addressLabel(address);
  const navigations = effects.flatMap((effect) => (effect.type === "navigate" ? [effect.to] : []));
  return [...navigations, destination ?? "", suggestions ?? "", label ?? "", cutLabel("الخضروات والفواكه الطازجة")];
}
