import { create } from "zustand";
import {
  readClientState,
  type Cart,
  type ClientState,
  type Language,
  type Modal,
  type Text,
  type Tone,
} from "storefront-core";

export interface Toast {
  id: number;
  tone: Tone;
  text: Text;
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
  /** The last cart the server returned for the selected service (null: not loaded). */
  cart: Cart | null;
  /** Where a guest was going when a guard sent them to sign in. */
  returnTo: string | null;
  /** The core's startup plan has run (its effects applied): pages may render. */
  started: boolean;
  /** Set when a new version's service worker waits: calling it switches and reloads. */
  updateReady: (() => void) | null;
  /** Re-reads storage after the core's storage effects ran. */
  refresh(): void;
  setLanguage(language: Language): void;
  setModal(modal: Modal | null): void;
  pushToast(tone: Tone, text: Text): void;
  dismissToast(id: number): void;
  setCart(cart: Cart | null): void;
  setReturnTo(path: string | null): void;
}

let nextToast = 1;

export function initialLanguage(client: ClientState): Language {
  return client.language ?? "en";
}

export const useAppStore = create<AppStore>((set) => {
  const client = readClientState();
  return {
    client,
    language: initialLanguage(client),
    modal: client.modal,
    toasts: [],
    cart: null,
    returnTo: null,
    started: false,
    updateReady: null,
    refresh: () => set({ client: readClientState() }),
    setLanguage: (language) => set({ language }),
    setModal: (modal) => set({ modal }),
    pushToast: (tone, text) => set((s) => ({ toasts: [...s.toasts.slice(-3), { id: nextToast++, tone, text }] })),
    dismissToast: (id) => set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) })),
    setCart: (cart) => set({ cart }),
    setReturnTo: (returnTo) => set({ returnTo }),
  };
});

export const signedIn = (s: Pick<AppStore, "client">): boolean => s.client.token !== null;
