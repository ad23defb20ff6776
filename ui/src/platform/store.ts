import { createStore, useStore, type StoreApi, type UseBoundStore } from "zustand";
import { readBoot } from "./boot";
import { mirrorViewCookie } from "./viewCookie";
import { followCredential } from "./credentialCookie";
import { readClientState, startLoaded } from "../core/start";
import { nothingStored } from "../core/storage";
import type { Cart, CartView, ClientState, GuardContext, Language, Modal, StartupView, Text, Tone } from "storefront-core";

export interface Toast {
  id: number;
  tone: Tone;
  text: Text;
}

/**
 * What the last cart load said besides the cart: the shop's name, and whether it
 * delivers to the chosen district (null: an empty cart, or no district). The shop's
 * `LoadedCart` (`shop/cartFlow.ts`) has this shape; it is declared here because the
 * platform does not import the shop.
 */
export interface CartShop {
  branchName: string | null;
  delivers: boolean | null;
}

/**
 * The thin client store. Durable values live in storage and are read back through the
 * core (`readClientState`); this store only mirrors them for rendering, plus transient UI
 * state. Rules (guards, cart transitions, validation) stay in the core.
 */
export interface AppStore {
  /** What storage holds, as the core reads it. */
  client: ClientState;
  /** The page language: stored choice, else the startup plan's. */
  language: Language;
  modal: Modal | null;
  toasts: Toast[];
  /** The id the next toast takes. */
  nextToast: number;
  /** Counts the sessions ended (logouts): flows with stores of their own reset on a change. */
  session: number;
  /**
   * What the screens show of the cart of the selected service: the view the core's cart
   * flow gave after its last event (the cart shown, an add under way, the different-shop
   * question). The flow keeps its state itself (`shop/cartFlow.ts`). Null until the
   * cart's rules first ran, and after a logout.
   */
  cartView: CartView | null;
  /**
   * What the last cart load said besides the cart (the shop's name, whether it delivers
   * to the district), set in the same update as the cart: the page never shows lines
   * without them, then moves when they arrive.
   */
  cartShop: CartShop | null;
  /** Where a guest was going when a guard sent them to sign in. */
  returnTo: string | null;
  /**
   * What the core's startup flow gave after its last event (`app/startup.ts`): whether
   * its plan has run (its effects applied: pages may render), and whether it loads the
   * cart for what storage holds now.
   */
  startup: StartupView;
  /** Set when a new version's service worker waits: calling it switches and reloads. */
  updateReady: (() => void) | null;
  /**
   * The privacy policy and terms were accepted at the cart (spec 5) for the order under
   * way: checkout keeps the box ticked, and placing the order clears it.
   */
  termsAccepted: boolean;
  /** Re-reads storage after the core's storage effects ran. */
  refresh(): void;
  setLanguage(language: Language): void;
  setModal(modal: Modal | null): void;
  pushToast(tone: Tone, text: Text): void;
  dismissToast(id: number): void;
  setCartView(view: CartView | null): void;
  setReturnTo(path: string | null): void;
  setTermsAccepted(accepted: boolean): void;
  endSession(): void;
}

/** The cart shown (null: not loaded, and nothing added yet). */
export function selectCart(s: AppStore): Cart | null {
  return s.cartView?.cart ?? null;
}

/** The core guard's inputs from what storage holds (and remote config's forced location). */
export function guardContextOf(client: ClientState, forceDefaultLocation: boolean): GuardContext {
  return {
    signed_in: client.token !== null,
    has_district: client.district_id !== null,
    force_default_location: forceDefaultLocation,
  };
}

/** The language chosen on this device, else the one the server sent the page in. */
export function initialLanguage(client: ClientState): Language {
  return client.language ?? readBoot()?.language ?? "en";
}

const store = createStore<AppStore>()((set) => {
  // Storage not read yet when the core's start module is not in (a guest's landing page,
  // adopted once the shopper reaches for it): nothing is drawn from it, as `main.tsx`
  // reads storage through the core (`readStoredState`) before React starts.
  const client = startLoaded() ? readClientState() : nothingStored;
  return {
    client,
    language: initialLanguage(client),
    modal: client.modal,
    toasts: [],
    nextToast: 1,
    session: 0,
    cartView: null,
    cartShop: null,
    returnTo: null,
    startup: { started: false, loads_cart: false },
    updateReady: null,
    termsAccepted: false,
    refresh: () => {
      const client = readClientState();
      set({ client });
      mirrorViewCookie();
      followCredential(client.token);
    },
    setLanguage: (language) => set({ language }),
    setModal: (modal) => set({ modal }),
    pushToast: (tone, text) =>
      set((s) => ({ toasts: [...s.toasts.slice(-3), { id: s.nextToast, tone, text }], nextToast: s.nextToast + 1 })),
    dismissToast: (id) => set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) })),
    // A cart forgotten (a logout) takes its shop with it: the next customer's page must
    // not show this one's shop name or delivery notice.
    setCartView: (cartView) => set(cartView === null ? { cartView, cartShop: null } : { cartView }),
    setReturnTo: (returnTo) => set({ returnTo }),
    setTermsAccepted: (termsAccepted) => set({ termsAccepted }),
    // The next customer on this device accepts the terms for themselves.
    endSession: () => set((s) => ({ session: s.session + 1, termsAccepted: false })),
  };
});

// While React adopts the server's page (and when the page templates are written), it
// reads stores through their "server snapshot", which zustand takes from the state the
// store was created with. The app starts before its first render (storage, the startup
// plan), so that snapshot is the state as it is now.
store.getInitialState = store.getState;

/** The store as a hook (`useAppStore(selector)`) with the store's own methods. */
export const useAppStore: UseBoundStore<StoreApi<AppStore>> = Object.assign(
  <T,>(selector: (state: AppStore) => T) => useStore(store, selector),
  store,
) as UseBoundStore<StoreApi<AppStore>>;

/**
 * Reads storage through the core into the store (what the store starts from when the core
 * was in before it): for a store created before the start module loaded.
 */
export function readStoredState(): void {
  const client = readClientState();
  store.setState({ client, language: initialLanguage(client), modal: client.modal });
}

export const signedIn = (s: Pick<AppStore, "client">): boolean => s.client.token !== null;
