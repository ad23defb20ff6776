import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { readClientState } from "storefront-core/start";
import { api } from "../../api/client";
import { queryClient } from "../../platform/queryClient";
import { useAppStore } from "../../platform/store";
import { PhoneField } from "../../ui/PhoneField";
import { SignInModal } from "./SignInModal";
import { dispatchLogin, resetLogin, usePhoneLogin } from "./flow";
import { answer, renderWithApp, seedRemoteConfig } from "../../test/auth";

jest.mock("../../api/client", () => {
  const actual = jest.requireActual("../../api/client");
  return { ...actual, api: { GET: jest.fn(), POST: jest.fn() } };
});
const post = api.POST as unknown as jest.Mock;
// Whole journeys through lazy modals and the real WASM core: more than 5 s on a busy machine.
jest.setTimeout(30_000);

beforeEach(() => {
  localStorage.clear();
  queryClient.clear();
  post.mockReset();
  useAppStore.setState({ toasts: [], modal: null });
  useAppStore.getState().refresh();
  resetLogin();
  usePhoneLogin.setState({ restored: true });
});

function openSignIn(language: "en" | "ar" = "en", config: Record<string, unknown> = {}) {
  seedRemoteConfig(language, config);
  act(() => dispatchLogin({ type: "open_sign_in" }));
  renderWithApp(<SignInModal />, language);
  const input = screen.getByLabelText(language === "en" ? "Mobile number" : "رقم الهاتف المحمول") as HTMLInputElement;
  const submit = screen.getByRole("button", { name: language === "en" ? "Send code" : "إرسال الرمز" }) as HTMLButtonElement;
  return { input, submit };
}

describe("PhoneField", () => {
  it("is a labelled tel input with the default country's hint", () => {
    renderWithApp(<PhoneField defaultCountry="EG" error={null} e164={null} />);
    const input = screen.getByLabelText("Mobile number");
    expect(input.getAttribute("type")).toBe("tel");
    expect(input.getAttribute("autocomplete")).toBe("tel");
    expect(input.getAttribute("dir")).toBe("ltr");
    const hint = document.getElementById(input.getAttribute("aria-describedby") ?? "");
    expect(hint?.textContent).toBe("Numbers without a country code are read as Egypt numbers; start with + for another country.");
  });

  it("shows the error, marks the input invalid and names the number to send to", () => {
    const { rerender } = renderWithApp(<PhoneField defaultCountry="EG" error="Only number" e164={null} />);
    const input = screen.getByLabelText("Mobile number");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByRole("alert").textContent).toBe("Only number");
    rerender(<PhoneField defaultCountry="EG" error={null} e164="+201012345678" />);
    expect(screen.getByText(/The code goes to/).textContent).toBe("The code goes to +201012345678.");
  });
});

describe("the sign-in form", () => {
  it("keeps submit disabled until the number is valid and changed", async () => {
    const { input, submit } = openSignIn();
    expect(submit.disabled).toBe(true);
    fireEvent.change(input, { target: { value: "010abc" } });
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Only number"));
    expect(submit.disabled).toBe(true);
    fireEvent.change(input, { target: { value: "0101234" } });
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Phone Number is Invalid"));
    expect(submit.disabled).toBe(true);
    fireEvent.change(input, { target: { value: "010 1234 5678" } });
    await waitFor(() => expect(screen.queryByRole("alert")).toBeNull());
    expect(submit.disabled).toBe(false);
    expect(screen.getByText(/The code goes to/).textContent).toContain("+201012345678");
    fireEvent.change(input, { target: { value: "" } });
    fireEvent.blur(input);
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Required"));
    expect(submit.disabled).toBe(true);
  });

  it("shows the messages in Arabic on an Arabic page", async () => {
    const { input } = openSignIn("ar");
    fireEvent.change(input, { target: { value: "abc" } });
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("أرقام فقط"));
  });

  it("offers only the channels remote config enables", () => {
    openSignIn("en", { verification_methods_whatsapp: false });
    expect(screen.queryByRole("radio")).toBeNull();
  });

  it("sends the E.164 number with the chosen channel", async () => {
    post.mockReturnValue(answer({ data: { mobile: "+201012345678", channel: "whatsapp" }, message: "sent" }));
    const { input, submit } = openSignIn();
    const radios = screen.getAllByRole("radio") as HTMLInputElement[];
    expect(radios.map((r) => r.value)).toEqual(["sms", "whatsapp"]);
    expect(radios[0]?.checked).toBe(true);
    fireEvent.click(screen.getByRole("radio", { name: "WhatsApp" }));
    fireEvent.change(input, { target: { value: "٠١٠١٢٣٤٥٦٧٨" } });
    await waitFor(() => expect(submit.disabled).toBe(false));
    fireEvent.click(submit);
    await waitFor(() => expect(post).toHaveBeenCalled());
    expect(post).toHaveBeenCalledWith("/user/login-by-otp", { body: { mobile: "+201012345678", channel: "whatsapp" } });
    await waitFor(() => expect(usePhoneLogin.getState().view.step).toBe("verifyOtp"));
    expect(readClientState().user_mobile).toBe("+201012345678");
    expect(useAppStore.getState().modal).toBe("verifyOtp");
  });
});
