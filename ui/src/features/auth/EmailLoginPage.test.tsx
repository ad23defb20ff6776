import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { renderText } from "../../i18n/coreText";
import { api } from "../../api/client";
import { queryClient } from "../../platform/queryClient";
import { useAppStore } from "../../platform/store";
import EmailLoginPage from "./EmailLoginPage";
import { clock } from "./flow";
import { answer, expectResendCountdown, renderWithApp } from "../../test/auth";

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
