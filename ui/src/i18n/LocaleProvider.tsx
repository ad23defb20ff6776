import { useEffect, useState, type ReactNode } from "react";
import { IntlProvider } from "react-intl";
import type { Language } from "storefront-core";
import { applyDocumentLanguage } from "../platform/effects";
import { useAppStore } from "../platform/store";
import { intlLocale } from "./intlLocale";
import { loadedMessages, loadMessages } from "./messages";

/**
 * react-intl for the page language, with `lang` and `dir` kept on <html>. Until a newly
 * chosen language's catalogue has arrived, the previous language keeps rendering, so no
 * screen ever shows message ids.
 */
export function LocaleProvider({ children }: { children: ReactNode }) {
  const language = useAppStore((s) => s.language);
  const [shown, setShown] = useState<Language>(() => (loadedMessages(language) ? language : "en"));
  useEffect(() => {
    let live = true;
    loadMessages(language).then(
      () => live && setShown(language),
      (error: unknown) => console.error("cannot load the catalogue", language, error),
    );
    return () => {
      live = false;
    };
  }, [language]);
  useEffect(() => applyDocumentLanguage(shown), [shown]);
  return (
    <IntlProvider locale={intlLocale(shown)} messages={loadedMessages(shown)} defaultLocale="en">
      {children}
    </IntlProvider>
  );
}
