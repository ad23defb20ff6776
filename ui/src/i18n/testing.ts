import type { Language } from "storefront-core";
import coreAr from "storefront-core/data/messages.ar.json";
import coreEn from "storefront-core/data/messages.en.json";
import ar from "./ar.json";
import en from "./en.json";
import { registerMessages, withCore, type Messages } from "./messages";

/** Both catalogues at once (the UI's and the core's messages), for tests that render either language synchronously. */
export const allMessages: Record<Language, Messages> = { en: withCore(en, coreEn), ar: withCore(ar, coreAr) };

// Core messages rendered outside React (`coreText`) find Arabic loaded too.
registerMessages("ar", allMessages.ar);
