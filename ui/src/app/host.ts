import { navigate } from "wouter/use-browser-location";
import { executeApiCall } from "../api/calls";
import type { EffectHost } from "./effects";
import { queryClient } from "./queryClient";

/** The browser's effect host: real navigation, the shared query cache. */
export const browserHost: EffectHost = {
  navigate: (to) => navigate(to),
  queryClient,
  request: (call) => void executeApiCall(call, queryClient),
};
