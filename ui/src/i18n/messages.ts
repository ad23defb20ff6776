import type { Language } from "storefront-core";
import coreEn from "storefront-core/data/messages.en.json";
import en from "./en.json";

/**
 * Every UI string lives in `en.json` and `ar.json`; the core's own messages (spec 4, 5,
 * 8) come with the core package as data (`storefront-core/data/messages.{en,ar}.json`)
 * and join each catalogue under `core.<id>`. English ships with the app; Arabic is a
 * chunk of its own, fetched only when Arabic is chosen, so English readers never
 * download it.
 */
export type Messages = Record<string, string>;

/** The catalogue key of a core message id. */
export function coreMessageKey(id: string): string {
  return `core.${id}`;
}

/** A language's catalogue: the UI's strings and the core's messages under `core.<id>`. */
export function withCore(ui: Messages, core: Messages): Messages {
  const merged: Messages = { ...ui };
  for (const [id, text] of Object.entries(core)) merged[coreMessageKey(id)] = text;
  return merged;
}

const ready: Partial<Record<Language, Messages>> = { en: withCore(en, coreEn) };

/** The catalogue of a language if it has been loaded. */
export function loadedMessages(language: Language): Messages | undefined {
  return ready[language];
}

/** Makes a catalogue the loaded one of its language (tests load Arabic up front). */
export function registerMessages(language: Language, messages: Messages): void {
  ready[language] = messages;
}

/** Loads the catalogue of a language (once) and answers it. */
export async function loadMessages(language: Language): Promise<Messages> {
  const loaded = ready[language];
  if (loaded) return loaded;
  const [{ default: ar }, { default: coreAr }] = await Promise.all([
    import("./ar.json"),
    import("storefront-core/data/messages.ar.json"),
  ]);
  const messages = withCore(ar, coreAr);
  ready.ar = messages;
  return messages;
}
