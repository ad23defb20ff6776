import {
  initialLoads,
  StartupFlow,
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
  type StartupProfile,
  type StartupScreen,
  type StartupView,
  type Step,
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
  const flow = new StartupFlow("ar");
  flow.send({ type: "config_loaded", config });
  const step: Step<StartupView> = flow.send({ type: "profile_answered", profile });
  flow.send({ type: "storage_changed" });
  const view: StartupView = flow.view();
  flow.free();
  const screen: StartupScreen = startupScreen(loads);
  const shown = screen.state === "failed" ? screen.message.id : screen.state;
  return [
    String(config.default_location?.district_id),
    channels.join(),
    first.join(),
    String(step.view.started),
    String(view.loads_cart),
    String(step.effects.length),
    shown,
  ];
}
