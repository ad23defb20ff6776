import { useCallback, useEffect, type ReactNode } from "react";
import { IntlProvider } from "react-intl";
import { renderText, type Text } from "storefront-core";
import { applyDocumentLanguage } from "../app/effects";
import { useAppStore } from "../app/store";
import { messages } from "./messages";

/** react-intl for the page language, with `lang` and `dir` kept on <html>. */
export function LocaleProvider({ children }: { children: ReactNode }) {
  const language = useAppStore((s) => s.language);
  useEffect(() => applyDocumentLanguage(language), [language]);
  return (
    <IntlProvider locale={language === "ar" ? "ar-EG" : "en"} messages={messages[language]} defaultLocale="en">
      {children}
    </IntlProvider>
  );
}

/** Renders a core message or server text in the page language (core catalogue, en + ar). */
export function useCoreText(): (text: Text) => string {
  const language = useAppStore((s) => s.language);
  return useCallback((text: Text) => renderText(text, language), [language]);
}
