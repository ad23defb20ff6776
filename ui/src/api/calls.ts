import type { ApiCall } from "storefront-core";
import { queryClient } from "../platform/queryClient";
import { useAppStore } from "../platform/store";
import { answerOf, type CallAnswer } from "./callAnswer";
import { api, ApiError, unwrap } from "./client";

export type { CallAnswer } from "./callAnswer";

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
    case "add_to_cart":
    case "update_cart_quantity":
    case "remove_cart_item": {
      const serviceId = useAppStore.getState().client.selected_service;
      return import("./cartCalls").then(({ performCartCall }) => performCartCall(call, serviceId));
    }
    default:
      return import("./flowCalls").then(({ performFlowCall }) => performFlowCall(call));
  }
}
