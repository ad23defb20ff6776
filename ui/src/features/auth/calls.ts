import type { LoginEvent } from "storefront-core";
import type { components } from "../../api/schema.gen";
import type { CallAnswer } from "../../api/calls";
import { errorText } from "../../api/client";
import { queryClient } from "../../platform/queryClient";
import { useAppStore } from "../../platform/store";

type RemoteConfig = components["schemas"]["RemoteConfig"];

/** Remote config `force_select_default_locations`, from the cached remote config. */
export function forceDefaultLocation(): boolean {
  const language = useAppStore.getState().language;
  const current = queryClient.getQueryData<RemoteConfig>(["remote-config", language]);
  const any = queryClient.getQueriesData<RemoteConfig>({ queryKey: ["remote-config"] }).find(([, data]) => data)?.[1];
  return (current ?? any)?.force_select_default_locations ?? false;
}

/**
 * The page the guard sent a guest away from (spec 2 "remember the origin"), handed to
 * the core's sign-in for the post-login destination, and forgotten once used.
 */
export function takeReturnTo(): string | null {
  const { returnTo, setReturnTo } = useAppStore.getState();
  setReturnTo(null);
  return returnTo;
}

/**
 * The phone sign-in's event for the outcome of a call it asked for (`login_by_otp`,
 * `verify_login_by_otp`, `register_by_otp`); null for other calls.
 */
export function loginEventOf(answer: CallAnswer): LoginEvent | null {
  switch (answer.kind) {
    case "login_by_otp":
      return answer.ok ? { type: "code_sent" } : { type: "code_failed", error: errorText(answer.error) };
    case "verify_login_by_otp": {
      if (!answer.ok) return { type: "verify_failed", error: errorText(answer.error) };
      const { token, user_exists, message } = answer.value;
      return {
        type: "verified",
        token,
        user_exists,
        message,
        force_default_location: forceDefaultLocation(),
        // Only a sign-in uses it; a new customer still has the sign-up step ahead.
        return_to: user_exists && token ? takeReturnTo() : null,
      };
    }
    case "register_by_otp": {
      if (!answer.ok) return { type: "register_failed", error: errorText(answer.error) };
      const { token, message } = answer.value;
      return { type: "registered", token, message, force_default_location: forceDefaultLocation(), return_to: takeReturnTo() };
    }
    default:
      return null;
  }
}
