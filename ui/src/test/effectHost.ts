import { QueryClient } from "@tanstack/react-query";
import type { EffectHost } from "../platform/effects";
import { useAppStore } from "../platform/store";

/** An effect host whose navigation, calls and reloads are watched, over a fresh query cache. */
export function watchedHost(): EffectHost & { navigate: jest.Mock; request: jest.Mock; reload: jest.Mock } {
  return { navigate: jest.fn(), request: jest.fn(), reload: jest.fn(), queryClient: new QueryClient() };
}

/** Empty storage and a store with no toast, no modal, in English: before each effects test. */
export function resetStoreForEffects(): void {
  localStorage.clear();
  useAppStore.getState().refresh();
  useAppStore.setState({ toasts: [], modal: null, language: "en" });
  jest.useRealTimers();
}
