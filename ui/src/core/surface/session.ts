import {
  changeLanguageEffects,
  chooseServiceEffects,
  logoutEffects,
  type Effect,
  type LogoutReason,
  type ServiceChoice,
} from "storefront-core";

const reason: LogoutReason = "requested";
const service: ServiceChoice = { id: 7, name: "Pharmacy" };

export function surfaceSession(): Effect[] {
  return [
    // For what storage holds.
    ...logoutEffects("/account/my-orders", reason),
    ...logoutEffects("/home", "unauthorized"),
    ...changeLanguageEffects("en", "ar", true),
    ...chooseServiceEffects(service),
  ];
}
