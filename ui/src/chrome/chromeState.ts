import { create } from "zustand";

/**
 * Which chrome overlay is open. One at a time: opening one closes the others, so the
 * categories menu the bottom bar opens and the header's burger drawer never stack.
 */
export type ChromePanel = "categories" | "accountMenu" | "drawer" | "search" | null;

interface ChromeState {
  panel: ChromePanel;
  open(panel: Exclude<ChromePanel, null>): void;
  toggle(panel: Exclude<ChromePanel, null>): void;
  close(): void;
}

export const useChromeState = create<ChromeState>((set) => ({
  panel: null,
  open: (panel) => set({ panel }),
  toggle: (panel) => set((s) => ({ panel: s.panel === panel ? null : panel })),
  close: () => set({ panel: null }),
}));
