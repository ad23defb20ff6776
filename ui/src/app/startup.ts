import type { StartupEvent, StartupView } from "storefront-core";
import { startupConfigOf, startupProfileOf } from "storefront-core/api";
import { makeStartupFlow } from "../core/start";
import type { useProfile, useRemoteConfig } from "../api/queries";
import { readBoot } from "../platform/boot";
import { FlowDriver } from "../platform/flow";
import { useAppStore } from "../platform/store";

// Startup (spec 4) is the core's flow (`StartupFlow`) in the app's driver: it is told what
// remote config and the profile answered, and when storage changed; it plans the start
// once they are in (storage effects and the language, which the driver's runner
// performs) and, after the start, applies a signed-in account's language. Its view
// (started, whether the plan loads the cart) goes into the store for the screens.

type Config = NonNullable<ReturnType<typeof useRemoteConfig>["data"]>;
type ProfileData = NonNullable<ReturnType<typeof useProfile>["data"]>;

const startup = new FlowDriver<StartupEvent, StartupView>({
  // Without a chosen language the page keeps the one the server sent it in.
  make: () => makeStartupFlow(readBoot()?.language ?? "en"),
  onView: (startup) => useAppStore.setState({ startup }),
});

/** Sends the startup flow an event; its effects run and its view goes into the store. */
export const dispatchStartup = (event: StartupEvent): StartupView => startup.dispatch(event);

/** Starts over (a test's reset): the next event makes a new flow. */
export function resetStartup(): void {
  startup.reset();
}

/** Remote config's answer as the event the flow reads: the three values the plan needs. */
export function configLoaded(config: Config): StartupEvent {
  return { type: "config_loaded", config: startupConfigOf(config) };
}

/** The profile's answer (undefined: it failed) as the event the flow reads. */
export function profileAnswered(profile: ProfileData | undefined): StartupEvent {
  return { type: "profile_answered", profile: profile ? startupProfileOf(profile) : null };
}
