import type { QueryClient } from "@tanstack/react-query";
import type { ApiCall } from "storefront-core";
import { useAppStore } from "../app/store";
import { api, ApiError, unwrap } from "./client";

/**
 * Runs the API calls the chrome's session effects ask for (`Effect::Request`):
 * - `update_language` → `PUT /user/update-setting {default_locale}`; the server's message
 *   is not shown (spec 7: suppressed when only default_locale is sent), the profile is
 *   fetched again; a failure shows the core's error toast.
 * - `logout` → `POST /user/logout` with the token the effect carries; the session is
 *   already cleared locally, so a failure is only logged.
 * The sign-in and location calls belong to their flows (features/auth, features/location),
 * which run them with their own handlers and feed the results back as events.
 *
 * Returns the call's promise (resolved once handled) so callers and tests can wait.
 */
export function executeApiCall(call: ApiCall, queryClient: QueryClient): Promise<void> {
  switch (call.call) {
    case "update_language":
      return unwrap(api.PUT("/user/update-setting", { body: { default_locale: call.default_locale } })).then(
        () => queryClient.invalidateQueries({ queryKey: ["profile"] }),
        (error: unknown) => {
          if (error instanceof ApiError) useAppStore.getState().pushToast("error", error.text);
        },
      );
    case "logout":
      // The session is cleared right after this effect and a reload may follow: the call
      // carries its own token and is kept alive past the page.
      return unwrap(
        api.POST("/user/logout", { headers: { Authorization: `Bearer ${call.token}` }, keepalive: true }),
      ).then(
        () => undefined,
        (error: unknown) => console.warn("logout call failed", error),
      );
    default:
      return Promise.resolve();
  }
}
