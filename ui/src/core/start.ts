/**
 * The first-paint module of the core (`storefront-core/start`: guards, storage, startup,
 * request headers, the shell's rules), loaded by the app itself rather than by the entry
 * chunk, so a page can be shown without it.
 *
 * Every page but one loads it at once and runs no rule before it is in (`main.tsx`). A
 * guest's landing page (the server's `core_on_intent`) is only read until the shopper
 * reaches for it: the module, and React's adoption of the page, wait for that first sign
 * (`loadStartOnIntent`), so a first visit downloads no WASM it does not run. The app's
 * modules call the rules through the functions below, which throw until it is in.
 */
import type { Language } from "storefront-core";

type Start = typeof import("storefront-core/start");

let loaded: Start | null = null;
let loading: Promise<Start> | null = null;

/** Loads the module once; a failed load is forgotten so the next use tries again. */
export function startCore(): Promise<Start> {
  loading ??= import("storefront-core/start").then(
    (module) => {
      loaded = module;
      return module;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * Hands over a module loaded otherwise (Node: the page templates' build, the unit tests,
 * which load the package's Node build synchronously).
 */
export function provideStart(module: Start): void {
  loaded = module;
  loading = Promise.resolve(module);
}

/** Whether the module is in: the rules below can be called. */
export function startLoaded(): boolean {
  return loaded !== null;
}

/**
 * What the shopper does first with a page: the core is fetched then, ahead of the tap.
 * Not a pointer coming over the page: Chromium sends one for a mouse that merely rests
 * over the window as the page appears.
 */
const INTENT = ["pointerdown", "touchstart", "keydown", "focusin", "wheel", "scroll"] as const;

/**
 * Loads the module at the first sign that the shopper is about to act (a press or touch,
 * a key, focus, a wheel or a scroll), ahead of the click or key that needs it: a page that
 * is only read never downloads it. Resolves once loaded.
 */
export function loadStartOnIntent(target: EventTarget = globalThis, load: () => Promise<Start> = startCore): Promise<Start> {
  if (loading) return loading;
  return new Promise<Start>((resolve, reject) => {
    const go = () => {
      for (const type of INTENT) target.removeEventListener(type, go, true);
      load().then(resolve, reject);
    };
    for (const type of INTENT) target.addEventListener(type, go, { capture: true, passive: true });
  });
}

function rules(): Start {
  if (loaded === null) throw new Error("storefront-core/start is not loaded yet (see core/start.ts)");
  return loaded;
}

/** The startup flow (`StartupFlow`) over this module's storage, for a page sent in `pageLanguage`. */
export function makeStartupFlow(pageLanguage: Language): InstanceType<Start["StartupFlow"]> {
  return new (rules().StartupFlow)(pageLanguage);
}

// The module's functions, called through the loaded module. Their documentation is the
// package's (`storefront-core/start`).
export const isCoreError: Start["isCoreError"] = (error, kind): error is Start["CoreError"]["prototype"] =>
  rules().isCoreError(error, kind);
export const addressLabel: Start["addressLabel"] = (...a) => rules().addressLabel(...a);
export const applyStorageEffects: Start["applyStorageEffects"] = (...a) => rules().applyStorageEffects(...a);
export const bottomBar: Start["bottomBar"] = (...a) => rules().bottomBar(...a);
export const cartBadge: Start["cartBadge"] = (...a) => rules().cartBadge(...a);
export const cartRequest: Start["cartRequest"] = (...a) => rules().cartRequest(...a);
export const catalogueListRequest: Start["catalogueListRequest"] = (...a) => rules().catalogueListRequest(...a);
export const changeLanguageEffects: Start["changeLanguageEffects"] = (...a) => rules().changeLanguageEffects(...a);
export const chooseServiceEffects: Start["chooseServiceEffects"] = (...a) => rules().chooseServiceEffects(...a);
export const classifyStatus: Start["classifyStatus"] = (...a) => rules().classifyStatus(...a);
export const cutLabel: Start["cutLabel"] = (...a) => rules().cutLabel(...a);
export const decideNavigation: Start["decideNavigation"] = (...a) => rules().decideNavigation(...a);
export const isSmallScreen: Start["isSmallScreen"] = (...a) => rules().isSmallScreen(...a);
export const locationPickerOpenEffects: Start["locationPickerOpenEffects"] = (...a) =>
  rules().locationPickerOpenEffects(...a);
export const logoTarget: Start["logoTarget"] = (...a) => rules().logoTarget(...a);
export const logoutEffects: Start["logoutEffects"] = (...a) => rules().logoutEffects(...a);
export const noResponseMessage: Start["noResponseMessage"] = (...a) => rules().noResponseMessage(...a);
export const offlineMessage: Start["offlineMessage"] = (...a) => rules().offlineMessage(...a);
export const persistUserEffect: Start["persistUserEffect"] = (...a) => rules().persistUserEffect(...a);
export const readClientState: Start["readClientState"] = (...a) => rules().readClientState(...a);
export const readPersistedUser: Start["readPersistedUser"] = (...a) => rules().readPersistedUser(...a);
export const requestHeaders: Start["requestHeaders"] = (...a) => rules().requestHeaders(...a);
export const restoreNeeded: Start["restoreNeeded"] = (...a) => rules().restoreNeeded(...a);
export const searchElement: Start["searchElement"] = (...a) => rules().searchElement(...a);
export const startupScreen: Start["startupScreen"] = (...a) => rules().startupScreen(...a);
export const submitSearch: Start["submitSearch"] = (...a) => rules().submitSearch(...a);
export const suggestionQuery: Start["suggestionQuery"] = (...a) => rules().suggestionQuery(...a);
export const textDirection: Start["textDirection"] = (...a) => rules().textDirection(...a);
export const viewCookie: Start["viewCookie"] = (...a) => rules().viewCookie(...a);
