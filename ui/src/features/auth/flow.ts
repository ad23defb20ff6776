import { create } from "zustand";
import { readClientState, restoreNeeded } from "storefront-core/start";
import { phoneLoginStart, phoneLoginUpdate, type LoginEvent, type PhoneLogin } from "storefront-core";
import { onSessionReset, runEffects } from "../../app/effects";
import { useAppStore } from "../../app/store";
import { appHost } from "./host";

/**
 * The phone sign-in (spec 4) as the core's state machine. The state lives outside any
 * component: the layouts (and so the modal host) mount and unmount while a sign-in goes
 * on, and the API answers must still reach the flow.
 */
interface PhoneLoginStore {
  state: PhoneLogin;
  /** The remembered modal was restored after the page load (done once). */
  restored: boolean;
}

export const usePhoneLogin = create<PhoneLoginStore>(() => ({ state: phoneLoginStart(), restored: false }));

// A logout forgets a sign-in under way (its stored values go with the logout's clearing).
onSessionReset(() => usePhoneLogin.setState({ state: phoneLoginStart() }));

/** The clock the flow reads; tests replace it. */
export const clock = { now: (): number => Date.now() };

/** Feeds an event to the core's flow and runs the effects it returns. */
export function dispatchLogin(event: LoginEvent): void {
  const update = phoneLoginUpdate(usePhoneLogin.getState().state, event, clock.now());
  usePhoneLogin.setState({ state: update.state });
  runEffects(update.effects, appHost);
}

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

const wakes = new Map<number, ReturnType<typeof setTimeout>>();

/** `WakeAt` for the phone flow: a timer per time asked (statuses reset, resend ready). */
export function wakeLoginAt(atMs: number): void {
  if (wakes.has(atMs)) return;
  const timer = setTimeout(
    () => {
      wakes.delete(atMs);
      dispatchLogin({ type: "tick" });
    },
    Math.max(0, atMs - clock.now()),
  );
  wakes.set(atMs, timer);
}
