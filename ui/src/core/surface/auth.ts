import {
  phoneLoginStart,
  phoneLoginUpdate,
  requestFlowUpdate,
  requestStatusIdle,
  resendAvailability,
  signedInEffects,
  type Channel,
  type ClientState,
  type EmailAddress,
  type EmailCode,
  type LoginEvent,
  type LoginStep,
  type LoginUpdate,
  type PasswordReset,
  type PhoneLogin,
  type RequestEvent,
  type RequestPhase,
  type RequestStatus,
  type RequestUpdate,
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
  let state: PhoneLogin = phoneLoginStart();
  for (const event of events) {
    const update: LoginUpdate = phoneLoginUpdate(state, event, now);
    state = update.state;
  }
  const step: LoginStep = state.step;
  const resend: ResendAvailability = resendAvailability(state, now);
  const wait = resend.state === "wait" ? `${resend.seconds} ${resend.message.id}` : "ready";
  const status: RequestStatus = requestStatusIdle();
  const started: RequestEvent = { type: "started" };
  const update: RequestUpdate = requestFlowUpdate(status, started, now);
  const phase: RequestPhase = update.status.isLoading ? "loading" : "idle";
  const done = requestFlowUpdate(update.status, { type: "succeeded", message: "Code sent" }, now);
  const effects = signedInEffects("tok", false);
  return [step, wait, phase, String(done.status.successMessage?.kind), String(effects.length), verify.code, reset.password_confirmation];
}
