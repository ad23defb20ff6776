import {
  coreVersion,
  isCoreError,
  messageCatalogue,
  messageIds,
  parseLanguage,
  parseMoney,
  renderMessage,
  renderText,
  textDirection,
  type CoreError,
  type Direction,
  type Language,
  type Message,
  type MessageId,
  type Money,
  type Text,
} from "storefront-core";

const language: Language = parseLanguage("ar-EG");
const direction: Direction = textDirection(language);
const id: MessageId = "cart_empty";
const message: Message = { id, params: {} };
const text: Text = { kind: "server", text: "Invalid code" };
const price: Money = parseMoney(12.5);

export function surfaceMessages(error: unknown): string[] {
  const catalogue: Record<MessageId, string> = messageCatalogue("en");
  const ids: MessageId[] = messageIds();
  const failure: CoreError | null = isCoreError(error) ? error : null;
  return [coreVersion(), direction, renderMessage(message, language), renderText(text, "en"), price, catalogue[id], String(ids.length), failure?.kind ?? ""];
}
