import type { Language } from "storefront-core";

/** The Intl locale a page language formats in (Arabic as written in Egypt, the store's market). */
export function intlLocale(language: Language): string {
  return language === "ar" ? "ar-EG" : "en";
}

/** The next task: what runs after it is a task of its own. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Intl loads a locale's data on its first use: one of the longest steps of starting
 * (25–35 ms on this project's test machine, about four times that on a mid-range
 * phone). Done in a task of its own before React adopts the page, so that it does not
 * lengthen hydration's task, during which the page ignores input. These are the calls
 * react-intl's first render makes (its locale checks, a price, a plural).
 */
export async function loadIntlData(language: Language): Promise<void> {
  await nextTask();
  const locale = intlLocale(language);
  Intl.NumberFormat.supportedLocalesOf(locale);
  Intl.DateTimeFormat.supportedLocalesOf(locale);
  new Intl.NumberFormat(locale, { style: "currency", currency: "EGP" }).format(0);
  new Intl.PluralRules(locale).select(0);
  await nextTask();
}
