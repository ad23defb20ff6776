import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { applyStorageEffects, logoutEffects, readClientState } from "storefront-core/start";
import { fieldErrors, responseErrorMessage } from "storefront-core";
import { renderText } from "../../i18n/coreText";
import { api, ApiError } from "../../api/client";
import { runEffects } from "../../platform/effects";
import { queryClient } from "../../platform/queryClient";
import { useAppStore } from "../../platform/store";
import { clock, dispatchLogin, resetLogin, usePhoneLogin } from "./flow";
import { ModalHost } from "../../app/ModalHost";
import { answer, expectResendCountdown, renderWithApp, seedRemoteConfig } from "../../test/auth";

jest.mock("../../api/client", () => {
  const actual = jest.requireActual("../../api/client");
  return { ...actual, api: { GET: jest.fn(), POST: jest.fn() } };
});
const post = api.POST as unknown as jest.Mock;
// Whole journeys through lazy modals and the real WASM core: more than 5 s on a busy machine.
jest.setTimeout(30_000);
const MOBILE = "+201012345678";
const realNow = clock.now;

/** The API's error body as the reference server sends it, through the core's extraction. */
function apiError(status: number, body: unknown): ApiError {
  const bytes = Uint8Array.from(JSON.stringify(body), (c) => c.charCodeAt(0));
  return new ApiError(status, responseErrorMessage(status, bytes), fieldErrors(status, bytes));
}

const toasts = () => useAppStore.getState().toasts.map((t) => `${t.tone}: ${renderText(t.text, "en")}`);

beforeEach(() => {
  localStorage.clear();
  queryClient.clear();
  post.mockReset();
  clock.now = realNow;
  window.history.replaceState(null, "", "/");
  useAppStore.setState({ toasts: [], modal: null });
  useAppStore.getState().refresh();
  resetLogin();
});

/** Answers the phone flow's calls like the reference API, by path. */
function api_(routes: Record<string, (body: Record<string, unknown>) => Promise<unknown>>) {
  post.mockImplementation((path: string, init: { body: Record<string, unknown> }) => {
    const route = routes[path];
    if (!route) throw new Error(`unexpected call ${path}`);
    return route(init.body);
  });
}

async function signInAs(number: string, channel: "SMS" | "WhatsApp" = "SMS", config: Parameters<typeof seedRemoteConfig>[1] = {}) {
  seedRemoteConfig("en", config);
  renderWithApp(<ModalHost />);
  // The header's "Log in / Register" button only opens the modal; the core's flow starts.
  act(() => useAppStore.getState().setModal("signIn"));
  const dialog = await screen.findByTestId("sign-in-modal");
  fireEvent.click(within(dialog).getByRole("radio", { name: channel }));
  fireEvent.change(within(dialog).getByLabelText("Mobile number"), { target: { value: number } });
  const send = within(dialog).getByRole("button", { name: "Send code" }) as HTMLButtonElement;
  await waitFor(() => expect(send.disabled).toBe(false));
  fireEvent.click(send);
  return screen.findByTestId("verify-modal");
}

function typeCode(dialog: HTMLElement, code: string) {
  [...code].forEach((digit, i) => {
    fireEvent.change(within(dialog).getByRole("textbox", { name: `Digit ${i + 1} of 4` }), { target: { value: digit } });
  });
}

describe("the phone sign-in (spec 4)", () => {
  it("a new user gets a code, verifies it, registers and lands on the post-login page", async () => {
    api_({
      "/user/login-by-otp": () => answer({ data: { mobile: MOBILE, channel: "sms" }, message: "Otp sent to your mobile" }),
      "/user/verify-login-by-otp": () =>
        answer({ data: { token: null, user_exists: false }, message: "Otp verified, Complete your registration" }),
      "/user/register-by-otp": () => answer({ data: { token: "tok-new" }, message: "Account Created Successfully" }),
    });
    const verify = await signInAs("01012345678");
    expect(post).toHaveBeenCalledWith("/user/login-by-otp", { body: { mobile: MOBILE, channel: "sms" } });
    expect(toasts()).toContain("success: Otp sent to your mobile");
    expect(readClientState()).toMatchObject({ modal: "verifyOtp", user_mobile: MOBILE, login_in_progress: false });
    expect(within(verify).getByText(MOBILE)).toBeTruthy();

    const submit = within(verify).getByRole("button", { name: "Verify" }) as HTMLButtonElement;
    typeCode(verify, "123");
    expect(submit.disabled).toBe(true);
    typeCode(verify, "1234");
    expect(submit.disabled).toBe(false);
    fireEvent.click(submit);
    const signUp = await screen.findByTestId("sign-up-modal");
    expect(post).toHaveBeenCalledWith("/user/verify-login-by-otp", { body: { mobile: MOBILE, channel: "sms", code: "1234" } });
    expect(toasts()).toContain("success: Otp verified, Complete your registration");
    expect(readClientState()).toMatchObject({ modal: "register", user_code: "1234", user_exists: false });

    const create = within(signUp).getByRole("button", { name: "Create account" }) as HTMLButtonElement;
    fireEvent.change(within(signUp).getByLabelText("Name"), { target: { value: "Mona Adel" } });
    // A blank e-mail is 'Invalid email' too (spec 5), as is a malformed one.
    fireEvent.change(within(signUp).getByLabelText("E-mail"), { target: { value: "x" } });
    fireEvent.change(within(signUp).getByLabelText("E-mail"), { target: { value: "" } });
    fireEvent.blur(within(signUp).getByLabelText("E-mail"));
    await waitFor(() => expect(within(signUp).getByRole("alert").textContent).toBe("Invalid email"));
    fireEvent.change(within(signUp).getByLabelText("E-mail"), { target: { value: "mona@" } });
    await waitFor(() => expect(within(signUp).getByRole("alert").textContent).toBe("Invalid email"));
    fireEvent.change(within(signUp).getByLabelText("E-mail"), { target: { value: "mona@example.com" } });
    expect(create.disabled).toBe(true);
    fireEvent.click(within(signUp).getByLabelText("I accept the terms and conditions"));
    await waitFor(() => expect(create.disabled).toBe(false));
    fireEvent.click(create);
    await waitFor(() => expect(readClientState().token).toBe("tok-new"));
    expect(post).toHaveBeenLastCalledWith("/user/register-by-otp", {
      body: {
        name: "Mona Adel",
        email: "mona@example.com",
        referral_code: "",
        acceptTerms: true,
        user_register: "user",
        mobile: MOBILE,
        code: "1234",
      },
    });
    expect(toasts()).toContain("success: Account Created Successfully");
    // Temporary values are gone; the modal is closed.
    expect(readClientState()).toMatchObject({ modal: null, user_mobile: null, user_code: null, user_exists: null });
    expect(screen.queryByRole("dialog")).toBeNull();
    // Redirect after 500 ms to /account/my-address (no forced default location).
    expect(window.location.pathname).toBe("/");
    await waitFor(() => expect(window.location.pathname).toBe("/account/my-address"), { timeout: 2000 });
  });

  it("an existing user signs in by WhatsApp and goes home when the default location is forced", async () => {
    api_({
      "/user/login-by-otp": () => answer({ data: {}, message: null }),
      "/user/verify-login-by-otp": () => answer({ data: { token: "tok-old", user_exists: true }, message: "ok" }),
    });
    const verify = await signInAs("+20 101 234 5678", "WhatsApp", { force_select_default_locations: true });
    expect(post).toHaveBeenCalledWith("/user/login-by-otp", { body: { mobile: MOBILE, channel: "whatsapp" } });
    typeCode(verify, "4321");
    fireEvent.click(within(verify).getByRole("button", { name: "Verify" }));
    await waitFor(() => expect(readClientState().token).toBe("tok-old"));
    expect(post).toHaveBeenLastCalledWith("/user/verify-login-by-otp", {
      body: { mobile: MOBILE, channel: "whatsapp", code: "4321" },
    });
    expect(toasts()).toContain("success: Otp verified successfully");
    expect(screen.queryByRole("dialog")).toBeNull();
    await waitFor(() => expect(window.location.pathname).toBe("/home"), { timeout: 2000 });
  });

  it("a guest sent away from a page returns there after signing in, and the origin is then forgotten", async () => {
    api_({
      "/user/login-by-otp": () => answer({ data: {}, message: null }),
      "/user/verify-login-by-otp": () => answer({ data: { token: "tok-back", user_exists: true }, message: "ok" }),
    });
    useAppStore.getState().setReturnTo("/account/my-orders?tab=delivered");
    const verify = await signInAs("01012345678");
    typeCode(verify, "4321");
    fireEvent.click(within(verify).getByRole("button", { name: "Verify" }));
    await waitFor(() => expect(window.location.pathname + window.location.search).toBe("/account/my-orders?tab=delivered"), {
      timeout: 2000,
    });
    expect(useAppStore.getState().returnTo).toBeNull();
  });

  it("a wrong code shows the server's message and empties the boxes for another try", async () => {
    const wrong = apiError(422, { message: "The code is incorrect.", errors: { code: ["The code is incorrect."] } });
    api_({
      "/user/login-by-otp": () => answer({ data: {}, message: null }),
      "/user/verify-login-by-otp": () => Promise.reject(wrong),
    });
    const verify = await signInAs("01012345678");
    typeCode(verify, "0000");
    fireEvent.click(within(verify).getByRole("button", { name: "Verify" }));
    await waitFor(() => expect(toasts()).toContain("error: The code is incorrect."));
    expect(usePhoneLogin.getState().view.step).toBe("verifyOtp");
    expect(usePhoneLogin.getState().view.verify_otp.isFailed).toBe(true);
    expect(readClientState().login_in_progress).toBe(false);
    const first = within(verify).getByRole("textbox", { name: "Digit 1 of 4" }) as HTMLInputElement;
    await waitFor(() => expect(first.value).toBe(""));
    expect(document.activeElement).toBe(first);
    expect(readClientState().token).toBeNull();
  });

  it("an expired code (the API's 422 after 5 minutes) shows the API's message and keeps the verify modal", async () => {
    // The reference API answers an expired code with this body (static-host Msg::CodeExpired).
    const expired = apiError(422, {
      message: "The code has expired. Please request a new one.",
      errors: { code: ["The code has expired. Please request a new one."] },
    });
    api_({
      "/user/login-by-otp": () => answer({ data: {}, message: null }),
      "/user/verify-login-by-otp": () => Promise.reject(expired),
    });
    const verify = await signInAs("01012345678");
    typeCode(verify, "5555");
    fireEvent.click(within(verify).getByRole("button", { name: "Verify" }));
    await waitFor(() => expect(toasts()).toContain("error: The code has expired. Please request a new one."));
    expect(screen.getByTestId("verify-modal")).toBeTruthy();
    expect(readClientState()).toMatchObject({ token: null, modal: "verifyOtp", login_in_progress: false });
  });

  it("resend waits 60 seconds, counting down, then sends a new code on the same channel", async () => {
    let now = 1_800_000_000_000;
    clock.now = () => now;
    api_({ "/user/login-by-otp": () => answer({ data: {}, message: null }) });
    const verify = await signInAs("01012345678", "WhatsApp");
    const resend = within(verify).getByRole("button", { name: "Resend code" }) as HTMLButtonElement;
    await expectResendCountdown(resend, (ms) => {
      now += ms;
    });
    fireEvent.click(resend);
    await waitFor(() => expect(post).toHaveBeenCalledTimes(2));
    expect(post).toHaveBeenLastCalledWith("/user/login-by-otp", { body: { mobile: MOBILE, channel: "whatsapp" } });
    await waitFor(() => expect(screen.getByTestId("resend-wait").textContent).toBe("Wait 60 seconds before resending!"));
    expect(toasts().filter((t) => t === "success: Otp sent to your mobile")).toHaveLength(2);
  });

  it("a failed code request shows the error and stays on sign in", async () => {
    const limited = apiError(429, { message: "Wait 20 seconds before resending!" });
    api_({ "/user/login-by-otp": () => Promise.reject(limited) });
    seedRemoteConfig("en");
    renderWithApp(<ModalHost />);
    act(() => useAppStore.getState().setModal("signIn"));
    const dialog = await screen.findByTestId("sign-in-modal");
    fireEvent.change(within(dialog).getByLabelText("Mobile number"), { target: { value: "01012345678" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Send code" }));
    await waitFor(() => expect(toasts()).toContain("error: Wait 20 seconds before resending!"));
    expect(screen.getByTestId("sign-in-modal")).toBeTruthy();
    expect(readClientState().login_in_progress).toBe(false);
  });

  it("closing the modal forgets the sign-in", async () => {
    api_({ "/user/login-by-otp": () => answer({ data: {}, message: null }) });
    const verify = await signInAs("01012345678");
    fireEvent.click(within(verify).getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(readClientState()).toMatchObject({ modal: null, user_mobile: null });
  });
});

describe("statuses and timers", () => {
  afterEach(() => jest.useRealTimers());

  it("a result resets to idle about 3 seconds later", async () => {
    jest.useFakeTimers();
    api_({ "/user/login-by-otp": () => answer({ data: {}, message: null }) });
    usePhoneLogin.setState({ restored: true });
    act(() => dispatchLogin({ type: "open_sign_in" }));
    act(() => dispatchLogin({ type: "request_code", mobile: MOBILE, channel: "sms" }));
    await act(async () => {
      for (let i = 0; i < 10; i += 1) await Promise.resolve();
    });
    expect(usePhoneLogin.getState().view.login.isSuccess).toBe(true);
    act(() => jest.advanceTimersByTime(2_900));
    expect(usePhoneLogin.getState().view.login.isSuccess).toBe(true);
    act(() => jest.advanceTimersByTime(200));
    expect(usePhoneLogin.getState().view.login).toMatchObject({ isSuccess: false, isLoading: false, isFailed: false });
  });
});

describe("a reload reopens the remembered modal (spec 4)", () => {
  function reload(stored: Record<string, string>) {
    applyStorageEffects(Object.entries(stored).map(([key, value]) => ({ type: "store", key, value }) as never));
    // A fresh page: the store mirrors storage, the flow starts closed.
    useAppStore.setState({ client: readClientState(), modal: readClientState().modal });
    resetLogin();
    seedRemoteConfig("en");
    renderWithApp(<ModalHost />);
  }

  it("verify code, with the stored number", async () => {
    reload({ modal_status: "verifyOtp", user_mobile: MOBILE });
    const verify = await screen.findByTestId("verify-modal");
    expect(within(verify).getByText(MOBILE)).toBeTruthy();
    // The resend wait is not stored: resend is available at once.
    expect((within(verify).getByRole("button", { name: "Resend code" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("sign up, with the verified number and code", async () => {
    reload({ modal_status: "register", user_mobile: MOBILE, user_code: "1234", user_exists: "false" });
    expect(await screen.findByTestId("sign-up-modal")).toBeTruthy();
    expect(usePhoneLogin.getState().view).toMatchObject({ step: "register", mobile: MOBILE });
  });

  it("sign in, with the number typed before", async () => {
    reload({ modal_status: "signIn", user_mobile: MOBILE });
    const dialog = await screen.findByTestId("sign-in-modal");
    expect((within(dialog).getByLabelText("Mobile number") as HTMLInputElement).value).toBe(MOBILE);
    await waitFor(() => expect((within(dialog).getByRole("button", { name: "Send code" }) as HTMLButtonElement).disabled).toBe(false));
  });

  it("falls back to sign in when verify has no number", async () => {
    reload({ modal_status: "verifyOtp" });
    expect(await screen.findByTestId("sign-in-modal")).toBeTruthy();
    expect(readClientState().modal).toBe("signIn");
  });

  it("nothing for a signed-in customer, and the stale sign-in values go", async () => {
    reload({ token: "tok", modal_status: "verifyOtp", user_mobile: MOBILE });
    await waitFor(() => expect(readClientState()).toMatchObject({ modal: null, user_mobile: null }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("a logout forgets the sign-in under way and stops its timers", async () => {
    api_({
      "/user/login-by-otp": () => answer({ data: { mobile: MOBILE, channel: "sms" }, message: "Otp sent to your mobile" }),
    });
    await signInAs("1012345678");
    // The code went out: the status's reset asked to be woken.
    await waitFor(() => expect(usePhoneLogin.getState().view.login.isSuccess).toBe(true));
    const cleared = jest.spyOn(globalThis, "clearTimeout");
    act(() => runEffects(logoutEffects("/home", "requested")));
    expect(usePhoneLogin.getState().view).toMatchObject({ step: "closed", mobile: null, code_sent_at_ms: null });
    expect(cleared).toHaveBeenCalled();
    cleared.mockRestore();
  });
});
