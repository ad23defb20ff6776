import type { Language } from "storefront-core";

/** A feature's strings in both languages; the Arabic side must have every English key. */
export type Catalogue<K extends string = string> = Record<Language, Record<K, string>>;

export function catalogue<const E extends Record<string, string>>(
  en: E,
  ar: { [K in keyof E]: string },
): Catalogue<keyof E & string> {
  return { en, ar };
}

/** Merges feature catalogues; a key defined twice is a bug, so it throws. */
export function mergeCatalogues(...parts: Catalogue[]): Catalogue {
  const merged: Catalogue = { en: {}, ar: {} };
  for (const part of parts) {
    for (const language of ["en", "ar"] as const) {
      for (const [key, value] of Object.entries(part[language])) {
        if (key in merged[language]) throw new Error(`duplicate message key ${key}`);
        merged[language][key] = value;
      }
    }
  }
  return merged;
}
