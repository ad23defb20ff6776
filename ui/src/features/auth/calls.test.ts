import { queryClient } from "../../platform/queryClient";
import { useAppStore } from "../../platform/store";
import { mockApi, resetClient } from "../../test/catalogue";
import { seedRemoteConfig } from "../../test/auth";
import { performLoginCall } from "./calls";

// The phone sign-in's call performer: what each call sends, and the flow's event its
// answer or failure becomes, with what the core decides the next page by.

const MOBILE = "+201012345678";

beforeEach(() => {
  resetClient();
  queryClient.clear();
  useAppStore.getState().setReturnTo(null);
});

test("a code asked for is `code_sent`; a failure is `code_failed` with the core's reading, and no toast of its own", async () => {
  const api = mockApi({ "POST /user/login-by-otp": () => ({ body: { data: { mobile: MOBILE, channel: "sms" }, message: "Otp sent" } }) });
  expect(await performLoginCall({ call: "login_by_otp", mobile: MOBILE, channel: "sms" })).toEqual({ type: "code_sent" });
  expect(api.bodies("POST /user/login-by-otp")).toEqual([{ mobile: MOBILE, channel: "sms" }]);
  mockApi({ "POST /user/login-by-otp": () => ({ status: 500, body: { message: "Server Error" } }) });
  expect(await performLoginCall({ call: "login_by_otp", mobile: MOBILE, channel: "sms" })).toEqual({
    type: "code_failed",
    error: { kind: "server", text: "Server Error" },
  });
  expect(useAppStore.getState().toasts).toEqual([]);
});

test("a known customer's code is `verified` with the remote config's forced location and the page to return to, taken", async () => {
  seedRemoteConfig("en", { force_select_default_locations: true });
  useAppStore.getState().setReturnTo("/account/my-orders");
  mockApi({
    "POST /user/verify-login-by-otp": () => ({ body: { data: { token: "tok", user_exists: true }, message: "Welcome back" } }),
  });
  expect(await performLoginCall({ call: "verify_login_by_otp", mobile: MOBILE, channel: "sms", code: "1234" })).toEqual({
    type: "verified",
    token: "tok",
    user_exists: true,
    message: "Welcome back",
    force_default_location: true,
    return_to: "/account/my-orders",
  });
  expect(useAppStore.getState().returnTo).toBeNull();
});

test("a new customer's code keeps the page to return to for the sign-up step", async () => {
  useAppStore.getState().setReturnTo("/cart");
  mockApi({
    "POST /user/verify-login-by-otp": () => ({ body: { data: { token: null, user_exists: false }, message: null } }),
  });
  expect(await performLoginCall({ call: "verify_login_by_otp", mobile: MOBILE, channel: "sms", code: "1234" })).toMatchObject({
    type: "verified",
    token: null,
    return_to: null,
    force_default_location: false,
  });
  expect(useAppStore.getState().returnTo).toBe("/cart");
});

test("another flow's call is not the sign-in's: no event, no call", async () => {
  const api = mockApi({});
  expect(await performLoginCall({ call: "map_search", search: "Zamalek" })).toBeNull();
  expect(api.calls()).toEqual([]);
});
