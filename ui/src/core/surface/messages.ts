import {
  coreVersion,
  isCoreError,
  type CoreErrorKind,
  parseLanguage,
  parseMoney,
  textDirection,
  type CoreError,
  type Direction,
  type Language,
  type Message,
  type MessageId,
  type Money,
  type Text,
} from "storefront-core";
import arabic from "storefront-core/data/messages.ar.json";
import english from "storefront-core/data/messages.en.json";

const language: Language = parseLanguage("ar-EG");
const direction: Direction = textDirection(language);
const id: MessageId = "cart_empty";
const message: Message = { id, params: {} };
const text: Text = { kind: "server", text: "Invalid code" };
const price: Money = parseMoney(12.5);
// The message texts are data beside the WASM modules: an ICU template per id.
const catalogues: Record<Language, Record<string, string>> = { en: english, ar: arabic };

/** Every kind a CoreError can have: adding one to the package fails this check. */
function kindNote(kind: CoreErrorKind): string {
  switch (kind) {
    case "invalid_argument":
    case "unsupported_language":
    case "invalid_money":
    case "storage_write_failed":
    case "internal":
      return kind;
    default: {
      const unknown: never = kind;
      return unknown;
    }
  }
}

export function surfaceMessages(error: unknown): string[] {
  const failure: CoreError | null = isCoreError(error) ? error : null;
  if (failure) kindNote(failure.kind);
  const shown = text.kind === "server" ? text.text : "";
  return [coreVersion(), direction, catalogues[language][message.id] ?? "", shown, price, failure?.kind ?? ""];
}
