import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { renderText } from "../../i18n/coreText";
import { api } from "../../api/client";
import { flowClock } from "../../platform/flow";
import { queryClient } from "../../platform/queryClient";
import { useAppStore } from "../../platform/store";
import { answer, apiError, expectResendCountdown, renderWithApp, seedRemoteConfig } from "../../test/auth";
import { VerifyPhoneBox } from "./VerifyPhoneBox";

jest.mock("../../api/client", () => {
  const actual = jest.requireActual("../../api/client");
  return { ...actual, api: { GET: jest.fn(), POST: jest.fn() } };
});
const post = api.POST as unknown as jest.Mock;
jest.setTimeout(20_000);
const realNow = flowClock.now;
const MOBILE = "+201012345678";
const SENT = { data: { mobile: MOBILE, expires_in: 300, resend_after: 60 }, message: "We sent a code to your phone." };

const toasts = () => useAppStore.getState().toasts.map((t) => `${t.tone}: ${renderText(t.text, "en")}`);

function routes(more: Record<string, () => unknown> = {}) {
  post.mockImplementation((path: string) => {
    const route = { "/user/phone/send-code": () => answer(SENT), ...more }[path];
    if (!route) throw new Error(`unexpected call ${path}`);
    return route();
  });
}

beforeEach(() => {
  queryClient.clear();
  post.mockReset();
  routes();
  flowClock.now = realNow;
  useAppStore.setState({ toasts: [] });
  seedRemoteConfig("en");
  seedRemoteConfig("ar");
});

afterAll(() => {
  flowClock.now = realNow;
});

async function requestCode(number: string, channel: "SMS" | "WhatsApp" = "SMS") {
  fireEvent.change(screen.getByLabelText("Mobile number"), { target: { value: number } });
  fireEvent.click(screen.getByRole("radio", { name: channel }));
  const send = screen.getByRole("button", { name: "Send code" }) as HTMLButtonElement;
  await waitFor(() => expect(send.disabled).toBe(false));
  fireEvent.click(send);
}

/** Asks for a code; resolves to the first code box once it shows. */
async function sendTo(number: string, channel: "SMS" | "WhatsApp" = "SMS") {
  await requestCode(number, channel);
  return screen.findByRole("textbox", { name: "Digit 1 of 4" });
}

describe("verifying the account's phone", () => {
  it("reads the number with the core's rules before sending anything", async () => {
    renderWithApp(<VerifyPhoneBox />);
    const field = screen.getByLabelText("Mobile number");
    fireEvent.change(field, { target: { value: "10123" } });
    await waitFor(() => expect(field.getAttribute("aria-invalid")).toBe("true"));
    expect(document.getElementById(`${field.id}-error`)?.textContent).toBe("Phone Number is Invalid");
    expect((screen.getByRole("button", { name: "Send code" }) as HTMLButtonElement).disabled).toBe(true);
    expect(post).not.toHaveBeenCalled();
  });

  it("sends a code by the chosen channel, then verifies it: the profile is asked for again, the server's message shown", async () => {
    let now = 1_800_000_000_000;
    flowClock.now = () => now;
    const verified = jest.fn();
    const invalidate = jest.spyOn(queryClient, "invalidateQueries");
    routes({
      "/user/phone/verify": () => answer({ data: { id: 9, name: "Nour", mobile: MOBILE }, message: "Your phone number is verified." }),
    });
    renderWithApp(<VerifyPhoneBox onVerified={verified} />);
    const first = await sendTo("01012345678", "WhatsApp");
    expect(post).toHaveBeenCalledWith("/user/phone/send-code", { body: { mobile: MOBILE, channel: "whatsapp" } });
    await waitFor(() => expect(document.activeElement).toBe(first));
    expect(toasts()).toContain("success: We sent a code to your phone.");
    await expectResendCountdown(screen.getByRole("button", { name: "Resend code" }) as HTMLButtonElement, (ms) => {
      now += ms;
    });

    fireEvent.change(first, { target: { value: "1234" } });
    const verify = screen.getByRole("button", { name: "Verify" }) as HTMLButtonElement;
    await waitFor(() => expect(verify.disabled).toBe(false));
    fireEvent.click(verify);
    expect((await screen.findByTestId("phone-verified")).textContent).toBe(`Your phone number ${MOBILE} is verified.`);
    expect(post).toHaveBeenLastCalledWith("/user/phone/verify", { body: { mobile: MOBILE, channel: "whatsapp", code: "1234" } });
    expect(toasts()).toContain("success: Your phone number is verified.");
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ["profile"] });
    expect(verified).toHaveBeenCalledWith(expect.objectContaining({ mobile: MOBILE }));
    invalidate.mockRestore();
  });

  it("shows a refused code at the boxes, emptied, and a number used by another account at the number", async () => {
    const wrong = "The code is incorrect.";
    const taken = "This mobile number is already registered.";
    let refusal = apiError(422, { message: wrong, errors: { code: [wrong] } });
    routes({ "/user/phone/verify": () => Promise.reject(refusal) });
    renderWithApp(<VerifyPhoneBox />);
    const first = await sendTo("01012345678");
    fireEvent.change(first, { target: { value: "1234" } });
    fireEvent.click(screen.getByRole("button", { name: "Verify" }));
    const error = await screen.findByTestId("phone-code-error");
    expect(error.textContent).toBe(wrong);
    expect((screen.getByRole("textbox", { name: "Digit 1 of 4" }) as HTMLInputElement).value).toBe("");
    expect(screen.getByRole("textbox", { name: "Digit 1 of 4" }).getAttribute("aria-describedby")).toBe(error.id);

    refusal = apiError(422, { message: taken, errors: { mobile: [taken] } });
    fireEvent.change(screen.getByRole("textbox", { name: "Digit 1 of 4" }), { target: { value: "4321" } });
    fireEvent.click(screen.getByRole("button", { name: "Verify" }));
    const field = await screen.findByLabelText("Mobile number");
    await waitFor(() => expect(document.getElementById(`${field.id}-error`)?.textContent).toBe(taken));
    expect(field.getAttribute("aria-invalid")).toBe("true");
    expect(toasts().filter((t) => t.startsWith("error"))).toEqual([]);
  });

  it("shows a refusal that is no field's (429) as the box's alert, and a refusal from checkout too", async () => {
    const wait = "Too many requests. Please try again in 30 seconds.";
    routes({ "/user/phone/send-code": () => Promise.reject(apiError(429, { message: wait })) });
    const { rerender } = renderWithApp(<VerifyPhoneBox refusal="Verify your phone number before your first order." />);
    expect(within(screen.getByTestId("verify-phone")).getByRole("alert").textContent).toBe("Verify your phone number before your first order.");
    rerender(<VerifyPhoneBox />);
    await requestCode("01012345678");
    await waitFor(() => expect(screen.getByTestId("verify-phone-alert").textContent).toBe(wait));
    // The number step stays, for another try.
    expect(screen.getByLabelText("Mobile number")).toBeTruthy();
  });

  it("'Change number' goes back to the number, focused, keeping what was typed", async () => {
    renderWithApp(<VerifyPhoneBox />);
    await sendTo("01012345678");
    fireEvent.click(screen.getByRole("button", { name: "Change number" }));
    const field = await screen.findByLabelText("Mobile number");
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect((field as HTMLInputElement).value).toBe("01012345678");
  });

  it("in Arabic the box is Arabic", () => {
    renderWithApp(<VerifyPhoneBox />, "ar");
    expect(screen.getByRole("heading", { name: "تحقّق من رقم هاتفك" })).toBeTruthy();
    expect(screen.getByRole("group", { name: "أرسل الرمز عبر" })).toBeTruthy();
    expect(screen.getByLabelText("رقم الهاتف المحمول")).toBeTruthy();
  });
});
