import { StrictMode, startTransition, type ReactNode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { decideNavigation, loadStartOnIntent, startCore } from "./core/start";
import type { ClientState, Language, RouteId } from "storefront-core";
import { App } from "./App";
import { readBoot, type Boot } from "./platform/boot";
import { queryClient } from "./platform/queryClient";
import { seedServerData } from "./platform/seed";
import { ServerPageContext, type ServerPage } from "./platform/serverPage";
import { askForStartupLoads } from "./app/StartupGate";
import { configLoaded, dispatchStartup } from "./app/startup";
import { guardContextOf, readStoredState, useAppStore } from "./platform/store";
import { inputHeld, markAttaching } from "./platform/earlyInput";
import { appCommitted } from "./platform/hydration";
import { mirrorViewCookie } from "./platform/viewCookie";
import { startCredentialCookie } from "./platform/credentialCookie";
import { askForCartEarly, seedCartFromPage } from "./shop/cartEarly";
import { registerServiceWorker } from "./features/offline/registerServiceWorker";
import { loadIntlData } from "./i18n/intlLocale";
import { loadMessages } from "./i18n/messages";
import { loadFirstScreen } from "./routes/screens";
import "./styles/tokens.css";

const boot = readBoot();

/**
 * Whether this browser has stored nothing for the store: a first visit. A returning
 * shopper's storage, which only the core reads, can say more than the page-view cookie the
 * server drew the page for (the cookie cleared, its language or district changed in
 * another tab), so their page starts the core at once. Storage that cannot be read holds
 * nothing the core could read either.
 */
function nothingStored(): boolean {
  try {
    return globalThis.localStorage.length === 0;
  } catch {
    return true;
  }
}

/**
 * A page the server says is only read until the shopper reaches for it (a guest's landing
 * page, `core_on_intent`), on a first visit, stays the server's until then: the core's
 * start module, and React's adoption, which runs it, wait for that first sign
 * (`loadStartOnIntent`: a press, a touch, a key, focus, a wheel, a scroll), so a first
 * visit downloads no WASM it does not run. Taps meanwhile are held by the early-input
 * script and replayed once React has taken over; links work as links. Every other page
 * needs the core at once.
 */
const waitsForShopper = boot?.core_on_intent === true && nothingStored();
void registerServiceWorker();
if (waitsForShopper) {
  document.documentElement.dataset.core = "on-intent";
  // Its texts meanwhile, in the language the server drew the page in.
  void loadMessages(useAppStore.getState().language);
}
// A tap held before this script ran is the shopper reaching for the page already.
await (waitsForShopper && !inputHeld() ? loadStartOnIntent() : startCore());
readStoredState();
const store = useAppStore.getState();

// A reader who chose Arabic gets the Arabic catalogue before the first paint.
await loadMessages(store.language);

// The API answers the server sent with the page; a guest's startup can then be planned
// before the first render, so the first render is the page itself (a signed-in
// customer's waits for the profile).
if (boot?.remote_config) dispatchStartup(configLoaded(boot.remote_config));
if (boot) {
  const { client, language } = useAppStore.getState();
  seedServerData(boot, queryClient, language, [client.district_id, client.address_id]);
}

/**
 * Whether the server rendered the page this browser would render: same path, language,
 * sign-in state, district and service, and on /cart the same delivery address (the
 * page-view cookie can be stale: storage cleared, another tab). Then React adopts the
 * server's HTML; otherwise it renders anew.
 */
function rendersAsServer(boot: Boot, client: ClientState, language: Language): boolean {
  const here = globalThis.location.pathname + globalThis.location.search;
  return (
    boot.path === here &&
    boot.language === language &&
    boot.view.signed_in === (client.token !== null) &&
    boot.view.district_id === client.district_id &&
    boot.view.service_id === client.selected_service &&
    (boot.kind !== "cart" || (boot.view.address_id ?? null) === client.address_id)
  );
}

/** The route this location shows first, as the core's guard decides (none: a redirect). */
function firstRoute(boot: Boot | null, server: ServerPage | null, client: ClientState): RouteId | null {
  if (server?.kind === "product" || server?.kind === "home" || server?.kind === "cart") return server.kind;
  const force = boot?.remote_config?.force_select_default_locations ?? false;
  const decision = decideNavigation(globalThis.location.pathname + globalThis.location.search, guardContextOf(client, force));
  return decision.decision === "allow" ? decision.route.id : null;
}

const { client, language } = useAppStore.getState();
const server: ServerPage | null = boot && rendersAsServer(boot, client, language) ? { kind: boot.kind, path: boot.path } : null;
mirrorViewCookie();
startCredentialCookie(client.token, boot?.credential);
// Adopting the server's page: what these early calls bring waits for React's first commit.
const answersAfter = server ? appCommitted : Promise.resolve();
askForStartupLoads(queryClient, answersAfter);
// The cart the server drew /cart with is the page's; otherwise /cart asks for it at once.
const pageCart = server?.kind === "cart" ? (boot?.cart ?? null) : null;
if (!pageCart) askForCartEarly(queryClient, globalThis.location.pathname + globalThis.location.search, answersAfter);

/**
 * React adopts the server's page in a transition: its work is cut into slices of a few
 * milliseconds with the browser free in between (input, paint), instead of one task
 * that held a phone's main thread for over 100 ms (Lighthouse's total blocking time).
 * Taps meanwhile are held by the early-input script and replayed once it has committed.
 */
function adopt(root: HTMLElement, app: ReactNode): void {
  startTransition(() => {
    hydrateRoot(root, app);
  });
}

const root = document.getElementById("root");
if (root) {
  await loadIntlData(useAppStore.getState().language);
  const app = (
    <StrictMode>
      <ServerPageContext.Provider value={server}>
        <App />
      </ServerPageContext.Provider>
    </StrictMode>
  );
  // The first screen is loaded ahead of React: a lazy one would suspend (see
  // `loadFirstScreen`). A failed load leaves it lazy, and the route's error state says so.
  // Not awaited at the top level: the screen's chunk imports this one, which must finish
  // evaluating first.
  const route = firstRoute(boot, server, client);
  const first = route ? loadFirstScreen(route).catch(() => undefined) : Promise.resolve();
  if (server?.kind === "home" || server?.kind === "product" || server?.kind === "cart") {
    // The server drew this screen: React adopts it with the screen's code in hand (and
    // on /cart the cart it was drawn with in the store).
    void first
      .then(() => (pageCart ? seedCartFromPage(queryClient, pageCart) : undefined))
      // A cart the core cannot read: React finds the page differs and draws it anew.
      .catch((error: unknown) => console.error("the page's cart was not read", error))
      .then(() => {
        markAttaching();
        adopt(root, app);
      });
  } else if (server) {
    // The server drew the landing page, the shell or the not-found page: adopted at once,
    // before answers to the early calls (the cart) could change what React would draw.
    markAttaching();
    adopt(root, app);
  } else {
    // Rendered anew at once: the server's page stays on screen until React's first
    // commit, and its buttons do nothing until then (waiting for the screen's code here
    // left a header that ignored clicks).
    markAttaching();
    startTransition(() => createRoot(root).render(app));
  }
}

