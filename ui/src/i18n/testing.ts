import type { Language } from "storefront-core";
import ar from "./ar.json";
import en from "./en.json";

/** Both catalogues at once, for tests that render either language synchronously. */
export const allMessages: Record<Language, Record<string, string>> = { en, ar };
