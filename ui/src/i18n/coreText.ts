import { useCallback } from "react";
import { createIntl, createIntlCache, useIntl, type IntlShape } from "react-intl";
import type { Language, Message, Text } from "storefront-core";
import { intlLocale } from "./intlLocale";
import { coreMessageKey, loadedMessages } from "./messages";

/**
 * The core's messages in a language, outside React (zod refinements, toasts): a core
 * `Message` is an id with parameters, its text in the catalogue under `core.<id>`. A
 * language whose catalogue has not arrived yet renders in English.
 */
const cache = createIntlCache();
const intls: Partial<Record<Language, IntlShape>> = {};

function intlFor(language: Language): IntlShape {
  const messages = loadedMessages(language);
  if (!messages) return intlFor("en");
  let intl = intls[language];
  if (!intl || intl.messages !== messages) {
    intl = createIntl({ locale: intlLocale(language), messages, defaultLocale: "en" }, cache);
    intls[language] = intl;
  }
  return intl;
}

/** A core message with its parameters filled, in `language`. */
export function renderMessage(message: Message, language: Language): string {
  return formatMessage(intlFor(language), message);
}

/** A core message, or a server text as it came, in `language`. */
export function renderText(text: Text, language: Language): string {
  return text.kind === "server" ? text.text : renderMessage(text, language);
}

/** A core message through a given react-intl instance (the one of the page). */
export function formatMessage(intl: IntlShape, message: Message): string {
  return intl.formatMessage({ id: coreMessageKey(message.id) }, message.params);
}

/** Renders a core message or server text in the page language (core catalogue, en + ar). */
export function useCoreText(): (text: Text) => string {
  const intl = useIntl();
  return useCallback((text: Text) => (text.kind === "server" ? text.text : formatMessage(intl, text)), [intl]);
}
