import { changeLanguageEffects, chooseServiceEffects, logoutEffects } from "../core/start";
import type { Language, LogoutReason, ServiceChoice } from "storefront-core";
import { runEffects, type EffectHost } from "../platform/effects";
import { appHost } from "../platform/host";
import { useAppStore } from "../platform/store";
import { wholeCore } from "../core/lazy";

/**
 * The chrome's session actions. Each asks the core for the effects and runs them; the
 * host is a parameter so tests can watch navigation, requests and reloads.
 */

function currentPath(): string {
  const loc = globalThis.location;
  return loc ? loc.pathname + loc.search : "/";
}

/**
 * The Log in / Register button: the core's sign-in flow opening event, whose effects open
 * the sign-in modal and remember it (`modal_status`) so a reload reopens it (spec 4).
 */
export async function openSignIn(host: EffectHost = appHost): Promise<void> {
  const { PhoneLoginFlow } = await wholeCore();
  // A flow of its own: only the opening's effects are wanted here; the modal host's
  // flow starts when the modal opens.
  const flow = new PhoneLoginFlow();
  const { effects } = flow.send({ type: "open_sign_in" }, Date.now());
  flow.free();
  runEffects(effects, host);
}

/** Starts loading what the sign-in needs when the customer shows intent (hover, focus). */
export function prefetchSignIn(): void {
  void wholeCore().catch(() => undefined);
}

/** The location picker (helper K's modal). */
export function openAddressPicker(host: EffectHost = appHost): void {
  runEffects([{ type: "open_modal", modal: "pickAddress" }], host);
}

/**
 * Logout from a menu (spec 4): the core's logout effects for the current path — the
 * server call, clearing session and location data, resetting queries, and a reload when
 * the page needs sign-in — then the link's destination (`/`). When the core asks for a
 * reload, the reload happens at the destination.
 */
export function logout(
  to: string,
  host: EffectHost = appHost,
  assign: (url: string) => void = (url) => globalThis.location.assign(url),
): void {
  endSession(to, "requested", host, assign);
}

/**
 * Ends the session here for `reason` and goes to `to` (see {@link logout}). With
 * "unauthorized" the core asks no logout call: the server already ended the session
 * (an answer refused the token, or "sign out on every device" ended them all).
 */
export function endSession(
  to: string,
  reason: LogoutReason,
  host: EffectHost = appHost,
  assign: (url: string) => void = (url) => globalThis.location.assign(url),
): void {
  let reloaded = false;
  runEffects(logoutEffects(currentPath(), reason), {
    ...host,
    reload: () => {
      reloaded = true;
      assign(to);
    },
  });
  if (!reloaded) host.navigate(to);
}

/** The language switcher (spec 4): server save when signed in, local otherwise. */
export function changeLanguage(to: Language, host: EffectHost = appHost): void {
  const { language, client } = useAppStore.getState();
  runEffects(changeLanguageEffects(language, to, client.token !== null), host);
}

/** A service of the services bar or the home grid: store it, reset lists, go home. */
export function chooseService(service: ServiceChoice, host: EffectHost = appHost): void {
  runEffects(chooseServiceEffects(service), host);
}
