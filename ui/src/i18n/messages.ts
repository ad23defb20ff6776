import type { Language } from "storefront-core";
import en from "./en.json";

/**
 * Every UI string lives in `en.json` and `ar.json` (the spec's own messages come from the
 * core). English ships with the app; Arabic is a chunk of its own, fetched only when
 * Arabic is chosen, so English readers never download it.
 */
export type Messages = Record<string, string>;

const ready: Partial<Record<Language, Messages>> = { en };

/** The catalogue of a language if it has been loaded. */
export function loadedMessages(language: Language): Messages | undefined {
  return ready[language];
}

/** Loads the catalogue of a language (once) and answers it. */
export async function loadMessages(language: Language): Promise<Messages> {
  const loaded = ready[language];
  if (loaded) return loaded;
  const { default: ar } = await import("./ar.json");
  ready.ar = ar;
  return ar;
}
