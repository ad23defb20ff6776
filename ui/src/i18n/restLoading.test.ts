import coreAr from "storefront-core/data/messages.ar.json";
import coreEn from "storefront-core/data/messages.en.json";
import ar from "./ar.json";
import en from "./en.json";
import { pick } from "./parts";

// Tests get each catalogue whole for either part (jest.config.js); a catalogue
// registered as its first part alone stands for one whose rest has not arrived.
type Module = typeof import("./messages");
let messages: Module;
const REST_KEY = "account.menu.title";

beforeEach(async () => {
  jest.resetModules();
  messages = await import("./messages");
  messages.registerMessages("en", messages.withCore(pick(en, "start"), coreEn));
});

test("a lazily loaded screen arrives with the rest, into the catalogue already on screen", async () => {
  expect(REST_KEY in en).toBe(true);
  await messages.loadMessages("en");
  const shown = messages.loadedMessages("en");
  expect(shown?.[REST_KEY]).toBeUndefined();
  const load = messages.withRestMessages(() => Promise.resolve("the screen"));
  await expect(load()).resolves.toBe("the screen");
  // The same object: what rendered with it is not rendered again.
  expect(messages.loadedMessages("en")).toBe(shown);
  expect(shown?.[REST_KEY]).toBe((en as Record<string, string>)[REST_KEY]);
  expect(shown?.["chrome.login"]).toBe(en["chrome.login"]);
  // An English reader's screens fetch no Arabic.
  expect(messages.loadedMessages("ar")).toBeUndefined();
});

test("until a screen needs it, a language arrives with its first part only; after, whole", async () => {
  messages.registerMessages("ar", messages.withCore(pick(ar, "start"), coreAr));
  await messages.loadMessages("ar");
  expect(messages.loadedMessages("ar")?.[REST_KEY]).toBeUndefined();
  await messages.loadRestMessages();
  expect(messages.loadedMessages("ar")?.[REST_KEY]).toBe((ar as Record<string, string>)[REST_KEY]);
});

test("a language switched to after a screen needed the rest arrives whole", async () => {
  await messages.loadMessages("en");
  await messages.loadRestMessages();
  messages.registerMessages("ar", messages.withCore(pick(ar, "start"), coreAr));
  const arabic = await messages.loadMessages("ar");
  expect(arabic[REST_KEY]).toBe((ar as Record<string, string>)[REST_KEY]);
  expect(arabic["core.cart_empty"]).toBe("ليس لديك أي منتج");
});
