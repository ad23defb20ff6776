import type { ApiCall } from "storefront-core";
import { queryClient } from "../platform/queryClient";
import { useAppStore } from "../platform/store";
import { api, ApiError, unwrap } from "./client";

/**
 * Performs the calls of effects that come from outside a flow: the chrome's, from the
 * core's session rules, run by `runEffects`. Nothing waits for their outcome:
 * - `update_language` → `PUT /user/update-setting {default_locale}`; the server's message
 *   is not shown (spec 7: suppressed when only default_locale is sent), the profile is
 *   fetched again; a failure shows the core's error toast.
 * - `logout` → `POST /user/logout` with the token the effect carries; the session is
 *   already cleared locally, so a failure is only logged.
 * A flow's calls (sign-in, location picker, cart) are made by the flow's own performer,
 * beside the flow, through its driver (`platform/flow.ts`); one arriving here is a mistake.
 */
export async function performCall(call: ApiCall): Promise<void> {
  switch (call.call) {
    case "update_language":
      try {
        await unwrap(api.PUT("/user/update-setting", { body: { default_locale: call.default_locale } }));
        await queryClient.invalidateQueries({ queryKey: ["profile"] });
      } catch (error) {
        if (error instanceof ApiError) useAppStore.getState().pushToast("error", error.text);
        else console.warn("language save failed", error);
      }
      return;
    case "logout":
      // The session is cleared right after this effect and a reload may follow: the
      // call carries its own token and is kept alive past the page.
      try {
        await unwrap(api.POST("/user/logout", { headers: { Authorization: `Bearer ${call.token}` }, keepalive: true }));
      } catch (error) {
        console.warn("logout call failed", error);
      }
      return;
    default:
      throw new Error(`"${call.call}" is a flow's call: its flow's driver makes it`);
  }
}
