import type { QueryClient } from "@tanstack/react-query";
import { applyStorageEffects, textDirection } from "../core/start";
import type { ApiCall, Effect, Language } from "storefront-core";
import { forgetPersonalCache } from "../service-worker/routes";
import { apiBase } from "./config";
import { appHost } from "./host";
import { useAppStore } from "./store";

/** What effects act on, passed in so tests can watch them. */
export interface EffectHost {
  navigate(to: string): void;
  queryClient: QueryClient;
  /**
   * Performs an API call of effects that come from outside a flow (`Request`: a logout's,
   * a language change's); the app's is `api/calls.ts`. A flow's own calls never come
   * here: its driver makes them (`platform/flow.ts`).
   */
  request?(call: ApiCall): Promise<void>;
  reload?(): void;
  /**
   * Forgets the checkout attempt's idempotency key (`FinishCheckoutAttempt`): the
   * checkout's host, which has the whole core's storage model; the first paint's has not.
   */
  finishCheckoutAttempt?(): void;
}

/**
 * What a logout resets beyond the app store (spec 4: "resets all state"): flows whose
 * state lives in their own stores (sign-in, location picker) follow the store's session
 * count from when their module loads, so the first paint's code does not import them.
 */
export function onSessionReset(reset: () => void): void {
  useAppStore.subscribe((now, before) => {
    if (now.session !== before.session) reset();
  });
}

/** Query keys of the catalogue lists a service change resets (spec 4). */
export const CATALOGUE_LIST_KEYS = [["branches"], ["products"]] as const;

export function applyDocumentLanguage(language: Language, doc: Document | undefined = globalThis.document): void {
  if (!doc) return;
  doc.documentElement.lang = language;
  doc.documentElement.dir = textDirection(language);
  // The installed app takes the page language's name and direction too.
  const manifest = doc.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  // Only when it changes: the browser reads the manifest again on every assignment.
  const href = new URL(`${apiBase(doc)}/web-manifest?lang=${language}`, doc.baseURI).href;
  if (manifest && manifest.href !== href) manifest.href = href;
}

/**
 * Runs the effects the core returned, in order. Storage writes go back through the core
 * (`applyStorageEffects`), then the store re-reads what storage holds.
 */
export function runEffects(effects: Effect[], host: EffectHost = appHost): void {
  const store = useAppStore.getState();
  let storageChanged = false;
  for (const effect of effects) {
    switch (effect.type) {
      case "store":
      case "remove":
        applyStorageEffects([effect]);
        storageChanged = true;
        break;
      case "toast":
        store.pushToast(effect.tone, effect.text);
        break;
      case "navigate":
        if (effect.after_ms > 0) setTimeout(() => host.navigate(effect.to), effect.after_ms);
        else host.navigate(effect.to);
        break;
      case "open_modal":
        store.setModal(effect.modal);
        break;
      case "close_modal":
        store.setModal(null);
        break;
      case "request":
        void host.request?.(effect.call);
        break;
      case "wake_at":
        // Only a flow asks to be woken, and its driver sets the timer: none comes here.
        break;
      case "reset_queries":
        void host.queryClient.resetQueries();
        break;
      case "forget_personal_data":
        void forgetPersonalCache();
        break;
      case "reset_catalogue_lists":
        for (const key of CATALOGUE_LIST_KEYS) host.queryClient.removeQueries({ queryKey: key });
        break;
      case "reload_remote_config":
        void host.queryClient.invalidateQueries({ queryKey: ["remote-config"] });
        break;
      case "set_document_language":
        store.setLanguage(effect.language);
        applyDocumentLanguage(effect.language);
        break;
      case "reset_session_state":
        store.setModal(null);
        store.setReturnTo(null);
        store.setCartView(null);
        store.endSession();
        break;
      case "finish_checkout_attempt":
        host.finishCheckoutAttempt?.();
        break;
      case "reload_saved_cards":
        // Shown loading, not stale: a card deleted elsewhere must leave the list.
        void host.queryClient.resetQueries({ queryKey: ["cards"] });
        break;
      case "reload_cart":
        void host.queryClient.refetchQueries({ queryKey: ["cart"], type: "active" });
        break;
      case "reload_page":
        (host.reload ?? (() => globalThis.location.reload()))();
        break;
    }
  }
  if (storageChanged) useAppStore.getState().refresh();
}
