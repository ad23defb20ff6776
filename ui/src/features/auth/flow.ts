import { create } from "zustand";
import { readClientState, restoreNeeded } from "../../core/start";
import { phoneLoginStart, phoneLoginUpdate, type LoginEvent, type PhoneLogin } from "storefront-core";
import type { CallAnswer } from "../../api/calls";
import { onSessionReset, runEffects } from "../../platform/effects";
import { appHost } from "../../platform/host";
import { queryClient } from "../../platform/queryClient";
import { useAppStore } from "../../platform/store";
import { loginEventOf } from "./calls";

/**
 * The phone sign-in (spec 4) as the core's state machine. The state lives outside any
 * component: the layouts (and so the modal host) mount and unmount while a sign-in goes
 * on, and the API answers must still reach the flow.
 */
interface PhoneLoginStore {
  state: PhoneLogin;
  /** The remembered modal was restored after the page load (done once). */
  restored: boolean;
  /** The times the flow asked to be woken at (`WakeAt`), each with its timer. */
  wakes: ReadonlyMap<number, ReturnType<typeof setTimeout>>;
}

export const usePhoneLogin = create<PhoneLoginStore>(() => ({ state: phoneLoginStart(), restored: false, wakes: new Map() }));

// A logout forgets a sign-in under way (its stored values go with the logout's clearing).
onSessionReset(() => {
  for (const timer of usePhoneLogin.getState().wakes.values()) clearTimeout(timer);
  usePhoneLogin.setState({ state: phoneLoginStart(), wakes: new Map() });
});

/** The clock the flow reads; tests replace it. */
export const clock = { now: (): number => Date.now() };

/** Feeds an event to the core's flow and runs the effects it returns. */
export function dispatchLogin(event: LoginEvent): void {
  const update = phoneLoginUpdate(usePhoneLogin.getState().state, event, clock.now());
  usePhoneLogin.setState({ state: update.state });
  runEffects(update.effects, loginHost);
}

/** The outcome of a sign-in call, fed back as the flow's next event. */
function answerLogin(answer: CallAnswer): void {
  const event = loginEventOf(answer);
  if (!event) return;
  dispatchLogin(event);
  // A new session (its token now stored): the profile is fetched (spec 4 startup).
  if ((event.type === "verified" && event.token) || event.type === "registered") {
    void queryClient.invalidateQueries({ queryKey: ["profile"] });
  }
}

/** `WakeAt` for the phone flow: a timer per time asked (statuses reset, resend ready). */
function wakeLoginAt(atMs: number): void {
  const { wakes } = usePhoneLogin.getState();
  if (wakes.has(atMs)) return;
  const timer = setTimeout(
    () => {
      const rest = new Map(usePhoneLogin.getState().wakes);
      rest.delete(atMs);
      usePhoneLogin.setState({ wakes: rest });
      dispatchLogin({ type: "tick" });
    },
    Math.max(0, atMs - clock.now()),
  );
  usePhoneLogin.setState({ wakes: new Map(wakes).set(atMs, timer) });
}

const loginHost = { ...appHost, answer: answerLogin, wakeAt: wakeLoginAt };

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
