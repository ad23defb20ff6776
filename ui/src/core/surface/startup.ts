import {
  initialLoads,
  parseProfileResponse,
  parseRemoteConfig,
  planStartup,
  startupScreen,
  verificationChannels,
  type Channel,
  type ClientState,
  type DefaultLocation,
  type Gender,
  type LoadState,
  type NotificationPreferences,
  type Profile,
  type ProfileResponse,
  type RemoteConfig,
  type StartupLoad,
  type StartupLoads,
  type StartupPlan,
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

export function surfaceStartup(rawConfig: unknown, rawProfile: unknown): string[] {
  const config: RemoteConfig = parseRemoteConfig(rawConfig);
  const fallback: DefaultLocation | null = config.default_location;
  const channels: Channel[] = verificationChannels(config);
  const response: ProfileResponse = parseProfileResponse(rawProfile);
  const user: Profile | null = response.user;
  const gender: Gender | null = user?.gender ?? null;
  const notifications: NotificationPreferences | null = user?.notifications ?? null;
  const first: StartupLoad[] = initialLoads(stored);
  const plan: StartupPlan = planStartup(config, response, "ar");
  const guestPlan: StartupPlan = planStartup(config, null, "en");
  const screen: StartupScreen = startupScreen(loads);
  const shown = screen.state === "failed" ? screen.message.id : screen.state;
  return [
    String(fallback?.district_id),
    channels.join(),
    gender ?? "",
    String(notifications?.orders),
    first.join(),
    plan.language,
    guestPlan.loads.join(),
    String(plan.effects.length),
    shown,
  ];
}
