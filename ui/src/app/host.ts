import { navigate } from "wouter/use-browser-location";
import type { EffectHost } from "./effects";
import { queryClient } from "./queryClient";

/**
 * The app's one effect host: real navigation, the shared query cache, the API calls the
 * core asks for (`api/calls.ts`) and page reloads. A flow that needs the answers of its
 * calls or its timers runs its effects with this host plus its own `answer` and `wakeAt`.
 */
export const appHost: EffectHost = {
  navigate: (to) => navigate(to),
  queryClient,
  // The calls load with the first one a flow asks for (none is on the first paint).
  request: (call) => import("../api/calls").then(({ performCall }) => performCall(call)),
  reload: () => globalThis.location.reload(),
};
