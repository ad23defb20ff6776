import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import coreAr from "storefront-core/data/messages.ar.json";
import coreEn from "storefront-core/data/messages.en.json";
import ar from "./ar.json";
import en from "./en.json";
import { loadedMessages, loadMessages } from "./messages";

/** The ICU arguments a message uses (plural, select and simple ones), sorted. */
function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  const visit = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
      names.add(element.value);
      if (element.type === TYPE.plural || element.type === TYPE.select) {
        for (const option of Object.values(element.options)) visit(option.value);
      }
      if (element.type === TYPE.tag) visit(element.children);
    }
  };
  visit(parse(message));
  return [...names].sort();
}

/** The words a message shows around its arguments. */
function literalText(message: string): string {
  let text = "";
  const visit = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if (element.type === TYPE.literal) text += element.value;
      if (element.type === TYPE.plural || element.type === TYPE.select) {
        for (const option of Object.values(element.options)) visit(option.value);
      }
      if (element.type === TYPE.tag) visit(element.children);
    }
  };
  visit(parse(message));
  return text;
}

/** Arabic entries that are meant to be in another script: the switcher names English in English. */
const NOT_ARABIC = ["chrome.language.other"];

describe("the message catalogues", () => {
  const english: Record<string, string> = en;
  const arabic: Record<string, string> = ar;

  test("Arabic has exactly the English keys", () => {
    expect(Object.keys(arabic).sort()).toEqual(Object.keys(english).sort());
  });

  test("every message is non-empty and uses the same arguments in both languages", () => {
    const mismatched = Object.keys(english).filter(
      (id) => !arabic[id]?.trim() || JSON.stringify(argumentsOf(english[id] ?? "")) !== JSON.stringify(argumentsOf(arabic[id] ?? "")),
    );
    expect(mismatched).toEqual([]);
  });

  test("Arabic is really translated (not English copied over)", () => {
    const copied = Object.keys(english).filter((id) => {
      const words = literalText(arabic[id] ?? "");
      return !NOT_ARABIC.includes(id) && /[a-z]{3}/i.test(words) && !/[\u0600-\u06ff]/.test(words);
    });
    expect(copied).toEqual([]);
  });

  test("English is ready at once; Arabic arrives when asked for; both carry the core's messages", async () => {
    expect(loadedMessages("en")).toMatchObject(english);
    expect(loadedMessages("en")?.["core.cart_empty"]).toBe("You don't have any product");
    await expect(loadMessages("ar")).resolves.toMatchObject(arabic);
    expect(loadedMessages("ar")?.["core.cart_empty"]).toBe("ليس لديك أي منتج");
  });

  test("the core's messages are ICU with the same arguments in both languages", () => {
    const coreEnglish: Record<string, string> = coreEn;
    const coreArabic: Record<string, string> = coreAr;
    expect(Object.keys(coreArabic).sort()).toEqual(Object.keys(coreEnglish).sort());
    const mismatched = Object.keys(coreEnglish).filter(
      (id) => JSON.stringify(argumentsOf(coreEnglish[id] ?? "")) !== JSON.stringify(argumentsOf(coreArabic[id] ?? "")),
    );
    expect(mismatched).toEqual([]);
    expect(argumentsOf(coreEnglish.too_long ?? "")).toEqual(["len"]);
  });
});
