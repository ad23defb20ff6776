import type { ApiCall, LoginEvent } from "storefront-core";
import type { components } from "../../api/schema.gen";
import { api, errorText, unwrap } from "../../api/client";
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
 * The phone sign-in's call performer: makes a call the flow asked for (`login_by_otp`,
 * `verify_login_by_otp`, `register_by_otp`) and gives the flow's event for its outcome.
 * A sign-in hands the core what it decides the next page by: the remote config's
 * `force_select_default_locations` and the page the guard sent the guest away from.
 */
export async function performLoginCall(call: ApiCall): Promise<LoginEvent | null> {
  switch (call.call) {
    case "login_by_otp":
      try {
        await unwrap(api.POST("/user/login-by-otp", { body: { mobile: call.mobile, channel: call.channel } }));
        return { type: "code_sent" };
      } catch (error) {
        return { type: "code_failed", error: errorText(error) };
      }
    case "verify_login_by_otp": {
      let answer;
      try {
        const { mobile, channel, code } = call;
        answer = await unwrap(api.POST("/user/verify-login-by-otp", { body: { mobile, channel, code } }));
      } catch (error) {
        return { type: "verify_failed", error: errorText(error) };
      }
      const token = answer.data.token ?? null;
      const { user_exists } = answer.data;
      return {
        type: "verified",
        token,
        user_exists,
        message: answer.message ?? null,
        force_default_location: forceDefaultLocation(),
        // Only a sign-in uses it; a new customer still has the sign-up step ahead.
        return_to: user_exists && token ? takeReturnTo() : null,
      };
    }
    case "register_by_otp": {
      const { registration } = call;
      let answer;
      try {
        answer = await unwrap(
          api.POST("/user/register-by-otp", {
            body: {
              name: registration.name,
              email: registration.email,
              referral_code: registration.referral_code,
              acceptTerms: registration.acceptTerms,
              user_register: registration.user_register,
              mobile: registration.mobile,
              code: registration.code,
            },
          }),
        );
      } catch (error) {
        return { type: "register_failed", error: errorText(error) };
      }
      return {
        type: "registered",
        token: answer.data.token,
        message: answer.message ?? null,
        force_default_location: forceDefaultLocation(),
        return_to: takeReturnTo(),
      };
    }
    default:
      // The phone sign-in asks for no other call.
      return null;
  }
}
