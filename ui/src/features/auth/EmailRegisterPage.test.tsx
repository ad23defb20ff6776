import { fireEvent, screen, waitFor } from "@testing-library/react";
import { readClientState } from "storefront-core/start";
import { renderText } from "../../i18n/coreText";
import { api } from "../../api/client";
import { queryClient } from "../../platform/queryClient";
import { useAppStore } from "../../platform/store";
import EmailRegisterPage from "./EmailRegisterPage";
import { clock } from "./flow";
import { answer, apiError, expectResendCountdown, renderWithApp } from "../../test/auth";

jest.mock("../../api/client", () => {
  const actual = jest.requireActual("../../api/client");
  return { ...actual, api: { GET: jest.fn(), POST: jest.fn() } };
});
const post = api.POST as unknown as jest.Mock;
jest.setTimeout(20_000);
const realNow = clock.now;
const EMAIL = "nour@example.com";
const PASSWORD = "Nile#2025pass";
const SENT = { data: { email: EMAIL, expires_in: 300, resend_after: 60 }, message: "We sent a code to your e-mail address." };

const toasts = () => useAppStore.getState().toasts.map((t) => `${t.tone}: ${renderText(t.text, "en")}`);

/** Answers each path with `routes`' function (the code request by default). */
function routes(more: Record<string, () => unknown> = {}) {
  post.mockImplementation((path: string) => {
    const route = { "/user/email/register-code": () => answer(SENT), ...more }[path];
    if (!route) throw new Error(`unexpected call ${path}`);
    return route();
  });
}

beforeEach(() => {
  localStorage.clear();
  queryClient.clear();
  post.mockReset();
  routes();
  clock.now = realNow;
  window.history.replaceState(null, "", "/auth/email-register");
  useAppStore.setState({ toasts: [], modal: null });
  useAppStore.getState().refresh();
});

afterAll(() => {
  clock.now = realNow;
});

async function sendCode() {
  fireEvent.change(screen.getByLabelText("E-mail address"), { target: { value: ` ${EMAIL} ` } });
  const send = screen.getByRole("button", { name: "Send code" }) as HTMLButtonElement;
  await waitFor(() => expect(send.disabled).toBe(false));
  fireEvent.click(send);
  return screen.findByRole("textbox", { name: "Digit 1 of 4" });
}

function typeCode(code = "1234") {
  fireEvent.change(screen.getByRole("textbox", { name: "Digit 1 of 4" }), { target: { value: code } });
}

async function fillDetails({ confirm = PASSWORD, terms = true } = {}) {
  fireEvent.change(screen.getByLabelText("Name"), { target: { value: " Nour Adel " } });
  fireEvent.change(screen.getByLabelText("Password"), { target: { value: PASSWORD } });
  fireEvent.change(screen.getByLabelText("Repeat the new password"), { target: { value: confirm } });
  if (terms) fireEvent.click(screen.getByLabelText("I accept the terms and conditions"));
}

const submit = () => screen.getByRole("button", { name: "Create account" }) as HTMLButtonElement;

describe("e-mail registration", () => {
  it("says a phone will be asked for before the first order", () => {
    renderWithApp(<EmailRegisterPage />);
    expect(screen.getByRole("heading", { level: 1, name: "Create an account with your e-mail" })).toBeTruthy();
    expect(screen.getByTestId("phone-later").textContent).toMatch(/before your first order/);
  });

  it("sends a code to the address, the focus on the first box, and resends after 60 seconds", async () => {
    let now = 1_800_000_000_000;
    clock.now = () => now;
    renderWithApp(<EmailRegisterPage />);
    const first = await sendCode();
    expect(post).toHaveBeenCalledWith("/user/email/register-code", { body: { email: EMAIL } });
    await waitFor(() => expect(document.activeElement).toBe(first));
    expect(toasts()).toContain("success: We sent a code to your e-mail address.");
    await expectResendCountdown(screen.getByRole("button", { name: "Resend code" }) as HTMLButtonElement, (ms) => {
      now += ms;
    });
    fireEvent.click(screen.getByRole("button", { name: "Resend code" }));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(2));
  });

  it("checks the password with the core's rules and the two passwords match, and needs the terms", async () => {
    renderWithApp(<EmailRegisterPage />);
    await sendCode();
    typeCode();
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Nour" } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "Aa123456" } });
    const password = screen.getByLabelText("Password");
    await waitFor(() =>
      expect(document.getElementById(`${password.id}-error`)?.textContent).toBe("Use 8 or more characters with a mix of letters, numbers & symbols"),
    );
    fireEvent.change(password, { target: { value: PASSWORD } });
    const confirm = screen.getByLabelText("Repeat the new password");
    fireEvent.change(confirm, { target: { value: `${PASSWORD}x` } });
    await waitFor(() => expect(document.getElementById(`${confirm.id}-error`)?.textContent).toBe("Passwords must match"));
    expect(confirm.getAttribute("aria-invalid")).toBe("true");
    fireEvent.change(confirm, { target: { value: PASSWORD } });
    await waitFor(() => expect(confirm.getAttribute("aria-invalid")).toBeNull());
    // The terms are the phone sign-up's rule: required.
    expect(submit().disabled).toBe(true);
    fireEvent.click(screen.getByLabelText("I accept the terms and conditions"));
    await waitFor(() => expect(submit().disabled).toBe(false));
  });

  it("creates the account and signs in as the phone registration does", async () => {
    useAppStore.getState().setReturnTo("/cart");
    routes({
      "/user/register": () => answer({ data: { token: "tok-mail", user: { id: 9, name: "Nour Adel", mobile: null } }, message: "Account Created Successfully" }),
    });
    renderWithApp(<EmailRegisterPage />);
    await sendCode();
    typeCode("4321");
    await fillDetails();
    fireEvent.change(screen.getByLabelText("Referral code (optional)"), { target: { value: " FRIEND1 " } });
    await waitFor(() => expect(submit().disabled).toBe(false));
    fireEvent.click(submit());
    await waitFor(() => expect(readClientState().token).toBe("tok-mail"));
    expect(post).toHaveBeenLastCalledWith("/user/register", {
      body: {
        name: "Nour Adel",
        email: EMAIL,
        code: "4321",
        password: PASSWORD,
        password_confirmation: PASSWORD,
        referral_code: "FRIEND1",
        acceptTerms: true,
      },
    });
    expect(toasts()).toContain("success: Account Created Successfully");
    await waitFor(() => expect(window.location.pathname).toBe("/cart"), { timeout: 3_000 });
  });

  it("shows a refused code at the code boxes, emptied for a new try", async () => {
    const message = "The code is incorrect.";
    routes({ "/user/register": () => Promise.reject(apiError(422, { message, errors: { code: [message] } })) });
    renderWithApp(<EmailRegisterPage />);
    await sendCode();
    typeCode();
    await fillDetails();
    await waitFor(() => expect(submit().disabled).toBe(false));
    fireEvent.click(submit());
    const error = await screen.findByTestId("code-error");
    expect(error.textContent).toBe(message);
    const first = screen.getByRole("textbox", { name: "Digit 1 of 4" }) as HTMLInputElement;
    expect(first.value).toBe("");
    expect(first.getAttribute("aria-invalid")).toBe("true");
    expect(first.getAttribute("aria-describedby")).toBe(error.id);
    expect(document.activeElement).toBe(first);
    expect(readClientState().token).toBeNull();
  });

  it("shows a field's refusal at the field and an address already used as the form's alert", async () => {
    const used = "This e-mail is already used by another account.";
    const rule = "Use 8 or more characters with a mix of letters, numbers & symbols";
    routes({
      "/user/register": () => Promise.reject(apiError(422, { message: used, errors: { email: [used], password: [rule] } })),
    });
    renderWithApp(<EmailRegisterPage />);
    await sendCode();
    typeCode();
    await fillDetails();
    await waitFor(() => expect(submit().disabled).toBe(false));
    fireEvent.click(submit());
    expect((await screen.findByTestId("register-error")).textContent).toBe(used);
    const password = screen.getByLabelText("Password");
    expect(password.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(`${password.id}-error`)?.textContent).toBe(rule);
  });

  it("in Arabic the page and its rules are Arabic", async () => {
    routes({ "/user/email/register-code": () => answer({ ...SENT, message: "أرسلنا رمزًا إلى بريدك الإلكتروني." }) });
    renderWithApp(<EmailRegisterPage />, "ar");
    expect(screen.getByRole("heading", { level: 1, name: "إنشاء حساب بالبريد الإلكتروني" })).toBeTruthy();
    fireEvent.change(screen.getByLabelText("البريد الإلكتروني"), { target: { value: EMAIL } });
    const send = screen.getByRole("button", { name: "إرسال الرمز" }) as HTMLButtonElement;
    await waitFor(() => expect(send.disabled).toBe(false));
    fireEvent.click(send);
    await screen.findByRole("textbox", { name: "الرقم 1 من 4" });
    const confirm = screen.getByLabelText("أعد كتابة كلمة المرور الجديدة");
    fireEvent.change(screen.getByLabelText("كلمة المرور"), { target: { value: PASSWORD } });
    fireEvent.change(confirm, { target: { value: "other" } });
    await waitFor(() => expect(confirm.getAttribute("aria-invalid")).toBe("true"));
    expect(document.getElementById(`${confirm.id}-error`)?.textContent).toBe("يجب أن تتطابق كلمتا المرور");
  });
});
