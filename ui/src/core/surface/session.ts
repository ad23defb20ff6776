import {
  changeLanguageEffects,
  chooseServiceEffects,
  logoutEffects,
  type ClientState,
  type Effect,
  type LogoutReason,
  type ServiceChoice,
} from "storefront-core";

const stored: ClientState = {
  token: "tok",
  language: "en",
  district_id: 4,
  address_id: 15,
  selected_address: null,
  location: { lat: 30.05, lng: 31.23 },
  selected_service: 2,
  selected_service_name: "Food",
  use_default_location: false,
  currency: "USD",
  login_in_progress: false,
  user_mobile: null,
  user_code: null,
  user_exists: null,
  modal: null,
};
const reason: LogoutReason = "requested";
const service: ServiceChoice = { id: 7, name: "Pharmacy" };

export function surfaceSession(): Effect[] {
  return [
    ...logoutEffects(stored, "/account/my-orders", reason),
    ...logoutEffects(stored, "/home", "unauthorized"),
    ...changeLanguageEffects("en", "ar", true),
    ...chooseServiceEffects(service),
  ];
}
