/**
 * Which UI messages ship with the first page. The first chunk carries only the strings
 * its own components show (the chrome, the landing and not-found pages, the app's and
 * the offline notices); the rest of a language's catalogue is a chunk of its own, loaded
 * before any lazily loaded screen or modal renders (`i18n/messages.ts`). The build splits
 * `en.json` and `ar.json` by this rule (vite.config.ts), and `parts.test.ts` fails when a
 * module of the first chunk uses a message outside it. The core's messages all ship with
 * the first page (startup can show most of them).
 */
const START_PREFIXES = ["app.", "chrome.", "landing.", "offline."];
const START_KEYS = new Set(["home.welcome"]);

export type Part = "start" | "rest";

/** The part of the catalogue a UI message belongs to. */
export function partOf(key: string): Part {
  return START_KEYS.has(key) || START_PREFIXES.some((prefix) => key.startsWith(prefix)) ? "start" : "rest";
}

/** The messages of a catalogue in `part`. */
export function pick<T>(messages: Record<string, T>, part: Part): Record<string, T> {
  return Object.fromEntries(Object.entries(messages).filter(([key]) => partOf(key) === part));
}
