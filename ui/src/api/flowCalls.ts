import type { ApiCall } from "storefront-core";
import { answerOf, type CallAnswer } from "./callAnswer";
import { api, unwrap } from "./client";

/**
 * The calls of the sign-in and location flows, loaded with the first one (the flows
 * that ask for them are not on the first paint either).
 */
export function performFlowCall(
  call: Exclude<ApiCall, { call: "update_language" | "logout" | "add_to_cart" | "update_cart_quantity" | "remove_cart_item" }>,
): Promise<CallAnswer> {
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
        return { district_id: body.data.district_id ?? null, district_name: body.data.district?.name ?? null };
      });
    case "map_search":
      return answerOf(call, async () => {
        const body = await unwrap(api.GET("/map/search", { params: { query: { search: call.search } } }));
        return body.data;
      });
  }
}
