import type { Language } from "storefront-core";
import coreEn from "storefront-core/data/messages.en.json";
import en from "./en.json?start";

/**
 * Every UI string lives in `en.json` and `ar.json`; the core's own messages (spec 4, 5,
 * 8) come with the core package as data (`storefront-core/data/messages.{en,ar}.json`)
 * and join each catalogue under `core.<id>`. Each UI catalogue ships in two parts
 * (`parts.ts`): what the first page shows, and the rest, fetched before a lazily loaded
 * screen or modal renders (`withRestMessages`). English's first part ships with the app;
 * Arabic's parts are chunks of their own, fetched only when Arabic is chosen.
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
const starting: Partial<Record<Language, Promise<Messages>>> = {};
const resting: Partial<Record<Language, Promise<void>>> = {};
/** Languages asked for (the page's, or one being switched to): they get the rest too. */
const asked = new Set<Language>();
/** Whether a screen or modal that needs the whole catalogue has loaded. */
let restWanted = false;

/** The catalogue of a language if it has been loaded (the first part, or all of it). */
export function loadedMessages(language: Language): Messages | undefined {
  return ready[language];
}

/** Makes a catalogue the loaded one of its language (tests load Arabic up front). */
export function registerMessages(language: Language, messages: Messages): void {
  ready[language] = messages;
}

function loadStart(language: Language): Promise<Messages> {
  const loaded = ready[language];
  if (loaded) return Promise.resolve(loaded);
  starting[language] ??= Promise.all([import("./ar.json?start"), import("storefront-core/data/messages.ar.json")]).then(
    ([{ default: ar }, { default: coreAr }]) => (ready.ar = withCore(ar, coreAr)),
    (error: unknown) => {
      starting[language] = undefined;
      throw error;
    },
  );
  return starting[language];
}

function loadRest(language: Language): Promise<void> {
  resting[language] ??= loadStart(language)
    .then(async (messages) => {
      const { default: rest } = await (language === "ar" ? import("./ar.json?rest") : import("./en.json?rest"));
      // Into the same object: what has rendered stays as it is (a page being hydrated is
      // not rendered again), and what renders next finds every message.
      Object.assign(messages, rest);
    })
    .catch((error: unknown) => {
      resting[language] = undefined;
      throw error;
    });
  return resting[language];
}

/**
 * Loads the catalogue of a language (once) and answers it: its first part, and the
 * rest too once a screen or modal that needs it has loaded.
 */
export async function loadMessages(language: Language): Promise<Messages> {
  asked.add(language);
  const messages = await loadStart(language);
  if (restWanted) await loadRest(language);
  return messages;
}

/**
 * Loads the whole catalogue of each language asked for (the one on screen and one
 * being switched to), and from now on of every language loaded.
 */
export function loadRestMessages(): Promise<void> {
  restWanted = true;
  return Promise.all([...asked].map(loadRest)).then(() => undefined);
}

/**
 * A lazily loaded module (a screen, a modal) that arrives with the rest of the catalogue,
 * so it never renders a message id.
 */
export function withRestMessages<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadRestMessages()]).then(([module]) => module);
}
