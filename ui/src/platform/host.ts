import { navigate } from "wouter/use-browser-location";
import { performCall } from "../api/calls";
import { queryClient } from "./queryClient";

/**
 * The app's one effect host: real navigation, the shared query cache, the calls of
 * effects from outside a flow (`api/calls.ts`: a logout's, a language change's) and page
 * reloads. A flow's calls and wakes never reach it: the flow's driver handles them.
 * An `EffectHost` (`effects.ts`, whose `runEffects` takes it as its default, which checks
 * the shape): not annotated here, so this module does not import effects.ts back.
 */
export const appHost = {
  navigate: (to: string) => navigate(to),
  queryClient,
  // Here from the start: a logout's call must leave before the reload that follows it.
  request: performCall,
  reload: () => globalThis.location.reload(),
};
