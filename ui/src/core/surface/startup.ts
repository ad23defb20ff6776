import {
  initialLoads,
  planStartup,
  startupScreen,
  verificationChannels,
  type Channel,
  type ClientState,
  type DefaultLocation,
  type Language,
  type LoadState,
  type StartupLoad,
  type StartupLoads,
  type StartupConfig,
  type StartupPlan,
  type StartupProfile,
  type StartupScreen,
} from "storefront-core";

const stored: ClientState = {
  token: null,
  language: null,
  district_id: null,
  address_id: null,
  selected_address: null,
  location: null,
  selected_service: null,
  selected_service_name: null,
  use_default_location: false,
  currency: null,
  login_in_progress: false,
  user_mobile: null,
  user_code: null,
  user_exists: null,
  modal: null,
  resend_ready_at: null,
};
const pending: LoadState = "loading";
const loads: StartupLoads = { settings: "loaded", remote_config: pending, selected_service: "idle", profile: "idle" };

const fallback: DefaultLocation = { district_id: 1, latitude: 30.06, longitude: null };
const config: StartupConfig = { force_select_default_locations: true, default_location: fallback, default_service_id: 2 };

export function surfaceStartup(language: Language | null): string[] {
  const channels: Channel[] = verificationChannels(true, false);
  const profile: StartupProfile = { address: null, default_locale: language };
  const first: StartupLoad[] = initialLoads(stored);
  const plan: StartupPlan = planStartup(config, profile, "ar");
  const guestPlan: StartupPlan = planStartup(config, null, "en");
  const screen: StartupScreen = startupScreen(loads);
  const shown = screen.state === "failed" ? screen.message.id : screen.state;
  return [
    String(config.default_location?.district_id),
    channels.join(),
    first.join(),
    plan.language,
    guestPlan.loads.join(),
    String(plan.effects.length),
    shown,
  ];
}
