import { navigate } from "wouter/use-browser-location";
import { performCall } from "../api/calls";
import { queryClient } from "./queryClient";

/**
 * The app's one effect host: real navigation, the shared query cache, the API calls the
 * core asks for (`api/calls.ts`) and page reloads. A flow that needs the answers of its
 * calls or its timers runs its effects with this host plus its own `answer` and `wakeAt`.
 * An `EffectHost` (`effects.ts`, whose `runEffects` takes it as its default, which checks
 * the shape): not annotated here, so this module does not import effects.ts back.
 */
export const appHost = {
  navigate: (to: string) => navigate(to),
  queryClient,
  // The chrome's calls are here from the start: a logout's call must leave before the
  // reload that follows it. The sign-in and location calls load with their first one.
  request: performCall,
  reload: () => globalThis.location.reload(),
};
