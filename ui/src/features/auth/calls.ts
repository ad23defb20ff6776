import { clientErrorMessage, type ApiCall, type RemoteConfig, type Text } from "storefront-core";
import { api, ApiError, unwrap } from "../../api/client";
import { browserHost } from "../../app/host";
import { queryClient } from "../../app/queryClient";
import { useAppStore } from "../../app/store";
import { dispatchPicker } from "../location/picker";
import { dispatchLogin } from "./flow";

/** The error toast of a failed call: the core's extraction (spec 8), or the client error. */
export function errorText(error: unknown): Text {
  if (error instanceof ApiError) return error.text;
  return clientErrorMessage(error instanceof Error ? error.message : String(error));
}

/** Remote config `force_select_default_locations`, from the cached remote config. */
export function forceDefaultLocation(): boolean {
  const language = useAppStore.getState().language;
  const current = queryClient.getQueryData<RemoteConfig>(["remote-config", language]);
  const any = queryClient.getQueriesData<RemoteConfig>({ queryKey: ["remote-config"] }).find(([, data]) => data)?.[1];
  return (current ?? any)?.force_select_default_locations ?? false;
}

/** A new session: the profile of the new token is fetched (spec 4 startup). */
function refreshSignedIn(): void {
  void queryClient.invalidateQueries({ queryKey: ["profile"] });
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
 * Performs an API call a core flow asked for and feeds the outcome back to that flow as
 * an event: the phone sign-in (`login_by_otp`, `verify_login_by_otp`, `register_by_otp`)
 * and the location picker (`is_supported_location`, `map_search`, whose failures are only
 * logged, spec 8). Other calls (logout, language) go to the shell's executor.
 */
export async function performCall(call: ApiCall): Promise<void> {
  switch (call.call) {
    case "login_by_otp":
      try {
        await unwrap(api.POST("/user/login-by-otp", { body: { mobile: call.mobile, channel: call.channel } }));
        dispatchLogin({ type: "code_sent" });
      } catch (error) {
        dispatchLogin({ type: "code_failed", error: errorText(error) });
      }
      return;
    case "verify_login_by_otp":
      try {
        const body = await unwrap(
          api.POST("/user/verify-login-by-otp", {
            body: { mobile: call.mobile, channel: call.channel, code: call.code },
          }),
        );
        dispatchLogin({
          type: "verified",
          token: body.data.token ?? null,
          user_exists: body.data.user_exists,
          message: body.message ?? null,
          force_default_location: forceDefaultLocation(),
          // Only a sign-in uses it; a new customer still has the sign-up step ahead.
          return_to: body.data.user_exists && body.data.token ? takeReturnTo() : null,
        });
        if (body.data.token) refreshSignedIn();
      } catch (error) {
        dispatchLogin({ type: "verify_failed", error: errorText(error) });
      }
      return;
    case "register_by_otp":
      try {
        const { registration } = call;
        const body = await unwrap(
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
        dispatchLogin({
          type: "registered",
          token: body.data.token,
          message: body.message ?? null,
          force_default_location: forceDefaultLocation(),
          return_to: takeReturnTo(),
        });
        refreshSignedIn();
      } catch (error) {
        dispatchLogin({ type: "register_failed", error: errorText(error) });
      }
      return;
    case "is_supported_location": {
      const point = { latitude: call.latitude, longitude: call.longitude };
      try {
        const body = await unwrap(
          api.GET("/map/is-supported-location", { params: { query: { latitude: call.latitude, longitude: call.longitude } } }),
        );
        dispatchPicker({ type: "support_answered", point, district_id: body.data.district_id ?? null });
      } catch (error) {
        console.warn("location support check failed", error);
        dispatchPicker({ type: "support_failed", point });
      }
      return;
    }
    case "map_search":
      try {
        const body = await unwrap(api.GET("/map/search", { params: { query: { search: call.search } } }));
        dispatchPicker({ type: "search_results_arrived", search: call.search, results: body.data });
      } catch (error) {
        console.warn("map search failed", error);
        dispatchPicker({ type: "search_failed", search: call.search });
      }
      return;
    case "logout":
    case "update_language":
      browserHost.request?.(call);
      return;
  }
}
