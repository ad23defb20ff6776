import type { ApiCall, MapSearchResult } from "storefront-core";
import { queryClient } from "../app/queryClient";
import { useAppStore } from "../app/store";
import { api, ApiError, unwrap } from "./client";

/** What each call the core can ask for (`Effect::Request`) answers when it succeeds. */
interface Answers {
  login_by_otp: null;
  verify_login_by_otp: { token: string | null; user_exists: boolean; message: string | null };
  register_by_otp: { token: string; message: string | null };
  is_supported_location: { district_id: number | null };
  map_search: MapSearchResult[];
  update_language: null;
  logout: null;
}

/**
 * The outcome of a call, handed back to the flow that asked for it (the sign-in and the
 * location picker turn it into their next event): the call as asked, then its answer or
 * its error.
 */
export type CallAnswer = {
  [K in keyof Answers]: { kind: K; call: Extract<ApiCall, { call: K }> } & (
    | { ok: true; value: Answers[K] }
    | { ok: false; error: unknown }
  );
}[keyof Answers];

async function answerOf<K extends keyof Answers>(
  call: Extract<ApiCall, { call: K }>,
  run: () => Promise<Answers[K]>,
): Promise<CallAnswer> {
  try {
    return { kind: call.call, call, ok: true, value: await run() } as CallAnswer;
  } catch (error) {
    return { kind: call.call, call, ok: false, error } as CallAnswer;
  }
}

/**
 * The one place that performs the calls the core's flows ask for. The chrome's own calls
 * are finished here:
 * - `update_language` → `PUT /user/update-setting {default_locale}`; the server's message
 *   is not shown (spec 7: suppressed when only default_locale is sent), the profile is
 *   fetched again; a failure shows the core's error toast.
 * - `logout` → `POST /user/logout` with the token the effect carries; the session is
 *   already cleared locally, so a failure is only logged.
 * The other calls' outcomes go back to the flow that asked (see `EffectHost.answer`).
 */
export function performCall(call: ApiCall): Promise<CallAnswer> {
  switch (call.call) {
    case "login_by_otp":
      return answerOf(call, async () => {
        await unwrap(api.POST("/user/login-by-otp", { body: { mobile: call.mobile, channel: call.channel } }));
        return null;
      });
    case "verify_login_by_otp":
      return answerOf(call, async () => {
        const body = await unwrap(
          api.POST("/user/verify-login-by-otp", { body: { mobile: call.mobile, channel: call.channel, code: call.code } }),
        );
        return { token: body.data.token ?? null, user_exists: body.data.user_exists, message: body.message ?? null };
      });
    case "register_by_otp":
      return answerOf(call, async () => {
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
        return { token: body.data.token, message: body.message ?? null };
      });
    case "is_supported_location":
      return answerOf(call, async () => {
        const query = { latitude: call.latitude, longitude: call.longitude };
        const body = await unwrap(api.GET("/map/is-supported-location", { params: { query } }));
        return { district_id: body.data.district_id ?? null };
      });
    case "map_search":
      return answerOf(call, async () => {
        const body = await unwrap(api.GET("/map/search", { params: { query: { search: call.search } } }));
        return body.data;
      });
    case "update_language":
      return answerOf(call, async () => {
        try {
          await unwrap(api.PUT("/user/update-setting", { body: { default_locale: call.default_locale } }));
          await queryClient.invalidateQueries({ queryKey: ["profile"] });
        } catch (error) {
          if (error instanceof ApiError) useAppStore.getState().pushToast("error", error.text);
          throw error;
        }
        return null;
      });
    case "logout":
      return answerOf(call, async () => {
        // The session is cleared right after this effect and a reload may follow: the
        // call carries its own token and is kept alive past the page.
        try {
          await unwrap(
            api.POST("/user/logout", { headers: { Authorization: `Bearer ${call.token}` }, keepalive: true }),
          );
        } catch (error) {
          console.warn("logout call failed", error);
          throw error;
        }
        return null;
      });
  }
}
