import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { renderText } from "../../i18n/coreText";
import { api } from "../../api/client";
import { queryClient } from "../../platform/queryClient";
import { useAppStore } from "../../platform/store";
import EmailLoginPage from "./EmailLoginPage";
import { clock } from "./flow";
import { readClientState } from "storefront-core/start";
import { answer, apiError, expectResendCountdown, renderWithApp } from "../../test/auth";

jest.mock("../../api/client", () => {
  const actual = jest.requireActual("../../api/client");
  return { ...actual, api: { GET: jest.fn(), POST: jest.fn() } };
});
const post = api.POST as unknown as jest.Mock;
const realNow = clock.now;
const EMAIL = "hana@example.com";

const toasts = () => useAppStore.getState().toasts.map((t) => `${t.tone}: ${renderText(t.text, "en")}`);

beforeEach(() => {
  localStorage.clear();
  queryClient.clear();
  post.mockReset();
  post.mockImplementation((path: string) => {
    if (path === "/user/email/login-by-otp") return answer({ data: {}, message: "A code was sent to your e-mail." });
    throw new Error(`unexpected call ${path}`);
  });
  clock.now = realNow;
  window.history.replaceState(null, "", "/auth/email-login");
  useAppStore.setState({ toasts: [], modal: null });
  useAppStore.getState().refresh();
});

afterAll(() => {
  clock.now = realNow;
});

/** Types the address and asks for a code; resolves once the code boxes show. */
async function sendCodeTo(address: string, labels = { field: "E-mail address", send: "Send code", digit: "Digit 1 of 4" }) {
  fireEvent.change(screen.getByLabelText(labels.field), { target: { value: address } });
  const send = screen.getByRole("button", { name: labels.send }) as HTMLButtonElement;
  await waitFor(() => expect(send.disabled).toBe(false));
  fireEvent.click(send);
  return screen.findByRole("textbox", { name: labels.digit });
}

describe("e-mail code sign-in", () => {
  it("once the code is sent the focus is on the first code box", async () => {
    renderWithApp(<EmailLoginPage />);
    const first = await sendCodeTo(` ${EMAIL} `);
    expect(post).toHaveBeenCalledWith("/user/email/login-by-otp", { body: { email: EMAIL } });
    await waitFor(() => expect(document.activeElement).toBe(first));
    expect(toasts()).toContain("success: A code was sent to your e-mail.");
  });

  it("resend waits 60 seconds, counting down, then asks for a new code for the same address", async () => {
    let now = 1_800_000_000_000;
    clock.now = () => now;
    renderWithApp(<EmailLoginPage />);
    await sendCodeTo(EMAIL);
    const resend = screen.getByRole("button", { name: "Resend code" }) as HTMLButtonElement;
    expect(resend.getAttribute("aria-describedby")).toBe(screen.getByTestId("resend-wait").id);
    await expectResendCountdown(resend, (ms) => {
      now += ms;
    });
    expect(resend.getAttribute("aria-describedby")).toBeNull();

    // A half-typed code goes; the new one is typed from the first box.
    fireEvent.change(screen.getByRole("textbox", { name: "Digit 1 of 4" }), { target: { value: "7" } });
    resend.focus();
    fireEvent.click(resend);
    await waitFor(() => expect(post).toHaveBeenCalledTimes(2));
    expect(post).toHaveBeenLastCalledWith("/user/email/login-by-otp", { body: { email: EMAIL } });
    await waitFor(() => expect(screen.getByTestId("resend-wait").textContent).toBe("Wait 60 seconds before resending!"));
    const first = screen.getByRole("textbox", { name: "Digit 1 of 4" }) as HTMLInputElement;
    expect(first.value).toBe("");
    expect(document.activeElement).toBe(first);
    expect(toasts().filter((t) => t === "success: A code was sent to your e-mail.")).toHaveLength(2);
  });

  it("a refused resend keeps the code screen and can be tried again", async () => {
    let now = 1_800_000_000_000;
    clock.now = () => now;
    renderWithApp(<EmailLoginPage />);
    await sendCodeTo(EMAIL);
    now += 60_000;
    const resend = screen.getByRole("button", { name: "Resend code" }) as HTMLButtonElement;
    await waitFor(() => expect(resend.disabled).toBe(false));
    post.mockImplementation(() => Promise.reject(new Error("offline")));
    await act(async () => {
      fireEvent.click(resend);
    });
    await waitFor(() => expect(toasts().some((t) => t.startsWith("error: "))).toBe(true));
    expect(screen.getByRole("textbox", { name: "Digit 1 of 4" })).toBeTruthy();
    expect(resend.disabled).toBe(false);
  });

  it("in Arabic the resend control and its wait are Arabic, with the noun's plural forms and Arabic-Indic digits", async () => {
    let now = 1_800_000_000_000;
    clock.now = () => now;
    renderWithApp(<EmailLoginPage />, "ar");
    await sendCodeTo(EMAIL, { field: "البريد الإلكتروني", send: "إرسال الرمز", digit: "الرقم 1 من 4" });
    expect((screen.getByRole("button", { name: "إعادة إرسال الرمز" }) as HTMLButtonElement).disabled).toBe(true);
    const wait = () => screen.getByTestId("resend-wait").textContent;
    expect(wait()).toBe("انتظر ٦٠ ثانية قبل إعادة الإرسال!");
    for (const [left, text] of [
      [5, "انتظر ٥ ثوانٍ قبل إعادة الإرسال!"],
      [2, "انتظر ثانيتين قبل إعادة الإرسال!"],
      [1, "انتظر ثانية واحدة قبل إعادة الإرسال!"],
    ] as const) {
      now = 1_800_000_000_000 + 60_000 - left * 1_000;
      await waitFor(() => expect(wait()).toBe(text));
    }
  });

  it("'Use another address' puts the focus back on the e-mail field", async () => {
    renderWithApp(<EmailLoginPage />);
    await sendCodeTo(EMAIL);
    fireEvent.click(screen.getByRole("button", { name: "Use another address" }));
    const field = await screen.findByLabelText("E-mail address");
    await waitFor(() => expect(document.activeElement).toBe(field));
  });
});

describe("the choice between a code and a password", () => {
  it("is one radio group, the code first and chosen; choosing the password shows its form", async () => {
    renderWithApp(<EmailLoginPage />);
    const group = screen.getByRole("group", { name: "How do you want to sign in?" });
    const code = within(group).getByRole("radio", { name: "With a code by e-mail" }) as HTMLInputElement;
    const password = within(group).getByRole("radio", { name: "With my password" }) as HTMLInputElement;
    // One name: the browser moves between them with the arrow keys, Tab enters the group once.
    expect(code.name).toBe(password.name);
    expect(code.checked).toBe(true);
    expect(screen.getByRole("button", { name: "Send code" })).toBeTruthy();
    expect(screen.queryByLabelText("Password")).toBeNull();

    fireEvent.click(password);
    expect(password.checked).toBe(true);
    expect(await screen.findByLabelText("Password")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Send code" })).toBeNull();
    // "Forgot your password?" moves beside the password field (once).
    const forgot = screen.getAllByRole("link", { name: "Forgot your password?" });
    expect(forgot).toHaveLength(1);
    expect(forgot[0]?.closest("form")).toBe(screen.getByTestId("password-sign-in"));

    fireEvent.click(code);
    expect(await screen.findByRole("button", { name: "Send code" })).toBeTruthy();
  });

  it("links to the e-mail registration", () => {
    renderWithApp(<EmailLoginPage />);
    expect(screen.getByRole("link", { name: "New here? Create an account with your e-mail" }).getAttribute("href")).toBe("/auth/email-register");
  });
});

describe("e-mail + password sign-in", () => {
  const PASSWORD = "Nile#2025pass";

  function choosePassword() {
    fireEvent.click(screen.getByRole("radio", { name: "With my password" }));
  }

  async function fill(email: string, password: string) {
    fireEvent.change(screen.getByLabelText("E-mail address"), { target: { value: email } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: password } });
    const submit = screen.getByRole("button", { name: "Sign in" }) as HTMLButtonElement;
    await waitFor(() => expect(submit.disabled).toBe(false));
    return submit;
  }

  it("checks the address with the core's rules and needs a password before sending", async () => {
    renderWithApp(<EmailLoginPage />);
    choosePassword();
    fireEvent.change(screen.getByLabelText("E-mail address"), { target: { value: "hana@" } });
    const email = screen.getByLabelText("E-mail address");
    await waitFor(() => expect(email.getAttribute("aria-invalid")).toBe("true"));
    const error = document.getElementById(email.getAttribute("aria-describedby") ?? "");
    expect(error?.textContent).toBe("Email Format is wrong right format is example@domain.com");
    fireEvent.change(email, { target: { value: EMAIL } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "x" } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "" } });
    fireEvent.blur(screen.getByLabelText("Password"));
    await waitFor(() => expect(screen.getByLabelText("Password").getAttribute("aria-invalid")).toBe("true"));
    expect(screen.getAllByRole("alert").map((a) => a.textContent)).toContain("This field is required");
    expect((screen.getByRole("button", { name: "Sign in" }) as HTMLButtonElement).disabled).toBe(true);
    expect(post).not.toHaveBeenCalled();
  });

  it("signs in as the code does: the server's message, the token stored, the page the shopper came from", async () => {
    useAppStore.getState().setReturnTo("/account/my-orders");
    post.mockImplementation((path: string) => {
      if (path === "/user/login") return answer({ data: { token: "tok-pass", user_exists: true }, message: "Signed in successfully." });
      throw new Error(`unexpected call ${path}`);
    });
    renderWithApp(<EmailLoginPage />);
    choosePassword();
    fireEvent.click(await fill(` ${EMAIL} `, PASSWORD));
    await waitFor(() => expect(readClientState().token).toBe("tok-pass"));
    expect(post).toHaveBeenCalledWith("/user/login", { body: { email: EMAIL, password: PASSWORD } });
    expect(toasts()).toContain("success: Signed in successfully.");
    await waitFor(() => expect(window.location.pathname).toBe("/account/my-orders"), { timeout: 3_000 });
  });

  it("shows the server's refusal at the password field, not as a toast", async () => {
    const message = "The e-mail address or password is incorrect.";
    post.mockImplementation(() => Promise.reject(apiError(422, { message, errors: { password: [message] } })));
    renderWithApp(<EmailLoginPage />);
    choosePassword();
    fireEvent.click(await fill(EMAIL, "wrong-one"));
    const password = screen.getByLabelText("Password");
    await waitFor(() => expect(password.getAttribute("aria-invalid")).toBe("true"));
    const describedBy = (password.getAttribute("aria-describedby") ?? "").split(" ");
    expect(describedBy.map((id) => document.getElementById(id)?.textContent)).toContain(message);
    expect(document.activeElement).toBe(password);
    expect(readClientState().token).toBeNull();
    expect(toasts().filter((t) => t.startsWith("error"))).toEqual([]);
    // Typing again takes the refusal away.
    fireEvent.change(password, { target: { value: PASSWORD } });
    await waitFor(() => expect(password.getAttribute("aria-invalid")).toBeNull());
  });

  it("shows a pause (429) as the form's alert", async () => {
    const message =
      "Password sign-in for this address is paused after too many wrong tries. Sign in with a code, or try again in 20 hours.";
    post.mockImplementation(() => Promise.reject(apiError(429, { message })));
    renderWithApp(<EmailLoginPage />);
    choosePassword();
    fireEvent.click(await fill(EMAIL, PASSWORD));
    const alert = await screen.findByTestId("password-sign-in-error");
    expect(alert.textContent).toBe(message);
    expect(alert.getAttribute("role")).toBe("alert");
    expect(screen.getByTestId("password-sign-in").getAttribute("aria-describedby")).toBe(alert.id);
  });

  it("in Arabic the form is Arabic and the refusal is the server's Arabic", async () => {
    const message = "البريد الإلكتروني أو كلمة المرور غير صحيحة.";
    post.mockImplementation(() => Promise.reject(apiError(422, { message, errors: { password: [message] } })));
    renderWithApp(<EmailLoginPage />, "ar");
    fireEvent.click(screen.getByRole("radio", { name: "بكلمة المرور" }));
    fireEvent.change(screen.getByLabelText("البريد الإلكتروني"), { target: { value: EMAIL } });
    fireEvent.change(screen.getByLabelText("كلمة المرور"), { target: { value: PASSWORD } });
    const submit = screen.getByRole("button", { name: "تسجيل الدخول" }) as HTMLButtonElement;
    await waitFor(() => expect(submit.disabled).toBe(false));
    fireEvent.click(submit);
    await waitFor(() => expect(screen.getAllByRole("alert").map((a) => a.textContent)).toContain(message));
  });
});
