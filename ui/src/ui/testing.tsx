import type { ReactNode } from "react";
import { render } from "@testing-library/react";
import { IntlProvider } from "react-intl";
import type { Language } from "storefront-core";
import { intlLocale } from "../i18n/intlLocale";
import { allMessages } from "../i18n/testing";

/** Renders a kit component with the page's messages (English unless told). */
export function renderKit(ui: ReactNode, language: Language = "en") {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <IntlProvider locale={intlLocale(language)} messages={allMessages[language]} defaultLocale="en">
      {children}
    </IntlProvider>
  );
  return render(ui, { wrapper });
}
