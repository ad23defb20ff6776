import { create } from "zustand";
import { readClientState, restoreNeeded } from "../../core/start";
import { PhoneLoginFlow, type LoginEvent, type PhoneLoginView } from "storefront-core";
import { onSessionReset } from "../../platform/effects";
import { FlowDriver, flowClock } from "../../platform/flow";
import { useAppStore } from "../../platform/store";
import { performLoginCall } from "./calls";

/** The clock the sign-in flows read; tests replace `now`. */
export const clock = flowClock;

/**
 * The phone sign-in (spec 4) as the core's flow, in the app's driver. It lives outside
 * any component: the layouts (and so the modal host) mount and unmount while a sign-in
 * goes on, and the API answers must still reach the flow. Its view goes into a small
 * store for the modals.
 */
const login = new FlowDriver<LoginEvent, PhoneLoginView>({
  make: () => new PhoneLoginFlow(),
  perform: performLoginCall,
  tick: { type: "tick" },
  onView: (view) => usePhoneLogin.setState({ view }),
});

interface PhoneLoginStore {
  view: PhoneLoginView;
  /** The remembered modal was restored after the page load (done once). */
  restored: boolean;
}

export const usePhoneLogin = create<PhoneLoginStore>(() => ({ view: login.snapshot(), restored: false }));

/** Feeds an event to the core's flow and runs the effects it returns. */
export const dispatchLogin = (event: LoginEvent): void => void login.dispatch(event);

/** Forgets a sign-in under way: its timers, its state, whether it was restored. */
export function resetLogin(): void {
  login.reset();
  usePhoneLogin.setState({ view: login.snapshot(), restored: false });
}

// A logout forgets a sign-in under way (its stored values go with the logout's clearing);
// the modal host has restored already, so that stays done.
onSessionReset(() => {
  login.reset();
  usePhoneLogin.setState({ view: login.snapshot() });
});

/**
 * After a reload: the modal the core decides to reopen (register, verifyOtp, signIn,
 * pickAddress), from what storage remembers. The store's modal mirrors the stored value
 * at start; the core may fall back a step, so the restore decides alone.
 */
export function restoreLogin(): void {
  if (usePhoneLogin.getState().restored) return;
  usePhoneLogin.setState({ restored: true });
  // Nothing remembered: a modal opened since the page loaded stays as it is.
  if (!restoreNeeded()) return;
  useAppStore.getState().setModal(null);
  dispatchLogin({ type: "restore", stored: readClientState() });
}
