import type { EffectHost } from "../../app/effects";
import { browserHost } from "../../app/host";
import { performCall } from "./calls";
import { wakeLoginAt } from "./flow";

/**
 * The effect host of the sign-in, location and session flows: the browser's navigation
 * and query cache, plus the API calls the core asks for (`Request` effects, answered back
 * to the flow as events) and the phone flow's timers (`WakeAt`).
 */
export const appHost: EffectHost = {
  navigate: (to) => browserHost.navigate(to),
  queryClient: browserHost.queryClient,
  request: (call) => void performCall(call),
  wakeAt: (atMs) => wakeLoginAt(atMs),
  reload: () => globalThis.location.reload(),
};
