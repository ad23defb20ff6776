import {
  PhoneLoginFlow,
  RequestFlow,
  resendAvailabilitySince,
  signedInEffects,
  type Channel,
  type ClientState,
  type EmailAddress,
  type EmailCode,
  type LoginEvent,
  type LoginStep,
  type PasswordReset,
  type PhoneLoginView,
  type RequestEvent,
  type RequestPhase,
  type RequestStatus,
  type Step,
  type ResendAvailability,
} from "storefront-core";

const channel: Channel = "whatsapp";
const stored: ClientState = {
  token: null,
  language: "ar",
  district_id: null,
  address_id: null,
  selected_address: null,
  location: null,
  selected_service: null,
  selected_service_name: null,
  use_default_location: false,
  currency: null,
  login_in_progress: false,
  user_mobile: "+201001234567",
  user_code: null,
  user_exists: null,
  modal: "verifyOtp",
  resend_ready_at: null,
};
const events: LoginEvent[] = [
  { type: "open_sign_in" },
  { type: "request_code", mobile: "+201001234567", channel },
  { type: "code_sent" },
  { type: "code_failed", error: { kind: "server", text: "Too many attempts" } },
  { type: "resend" },
  { type: "submit_code", code: "1234" },
  { type: "verified", token: null, user_exists: false, message: "Verified", force_default_location: false },
  { type: "verify_failed", error: { kind: "message", id: "no_response", params: {} } },
  { type: "submit_registration", name: "Mona", email: "mona@example.com", referral_code: "", accept_terms: true },
  { type: "registered", token: "tok", message: null, force_default_location: true },
  { type: "register_failed", error: { kind: "server", text: "Email taken" } },
  { type: "tick" },
  { type: "restore", stored },
  { type: "close" },
];
const forgot: EmailAddress = { email: "mona@example.com" };
const verify: EmailCode = { email: forgot.email, code: "9876" };
const reset: PasswordReset = { email: forgot.email, code: "9876", password: "Aa123456!", password_confirmation: "Aa123456!" };

export function surfaceAuth(now: number): string[] {
  const login = new PhoneLoginFlow();
  let view: PhoneLoginView = login.view();
  for (const event of events) {
    const step: Step<PhoneLoginView> = login.send(event, now);
    view = step.view;
  }
  login.free();
  const step: LoginStep = view.step;
  const resend: ResendAvailability = resendAvailabilitySince(view.code_sent_at_ms, now);
  const wait = resend.state === "wait" ? `${resend.seconds} ${resend.message.id}` : "ready";
  const request = new RequestFlow();
  const started: RequestEvent = { type: "started" };
  const status: RequestStatus = request.send(started, now).view;
  const phase: RequestPhase = status.isLoading ? "loading" : "idle";
  const done = request.send({ type: "succeeded", message: "Code sent" }, now);
  request.free();
  const effects = signedInEffects("tok", false);
  return [step, wait, phase, String(done.view.successMessage?.kind), String(effects.length), verify.code, reset.password_confirmation];
}
