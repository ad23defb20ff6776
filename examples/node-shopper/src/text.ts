// What the core says, as words: its messages are ids with parameters (`Message`), and
// their texts ship in the package as data, one catalogue per language.
import type { Language, Message, Text } from "storefront-core";
import arabic from "storefront-core/data/messages.ar.json" with { type: "json" };
import english from "storefront-core/data/messages.en.json" with { type: "json" };

const CATALOGUES: Record<Language, Record<string, string>> = { en: english, ar: arabic };

/**
 * A core message in `language`. The catalogues are ICU templates; the messages this
 * client shows have plain `{name}` parameters, filled in as they are (a client that
 * shows plural messages would hand the template to an ICU formatter, as the UI does).
 */
export function messageText(message: Message, language: Language): string {
  const template = CATALOGUES[language][message.id] ?? message.id;
  return template.replace(/\{(\w+)\}/g, (whole: string, name: string) => message.params[name] ?? whole);
}

/** A `Text`: one of the core's messages, or the server's own words as sent. */
export function textOf(text: Text, language: Language): string {
  return text.kind === "server" ? text.text : messageText(text, language);
}
