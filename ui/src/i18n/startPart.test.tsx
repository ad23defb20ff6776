/** @jest-environment node */
import coreAr from "storefront-core/data/messages.ar.json";
import coreEn from "storefront-core/data/messages.en.json";
import { renderTemplates } from "../ssr/prerender";
import ar from "./ar.json";
import en from "./en.json";
import { registerMessages, withCore } from "./messages";
import { pick } from "./parts";

// The pages the first chunk renders by itself (the templates: landing, not-found and
// the shell, for a guest and a customer), with only the first part of the catalogue.
// (Home and a product's page come with their screens, which bring the rest.)
jest.mock("./messages", () => ({
  ...jest.requireActual<typeof import("./messages")>("./messages"),
  loadRestMessages: () => Promise.resolve(),
}));

test("the first chunk's pages render with the first part of the catalogue alone", async () => {
  registerMessages("en", withCore(pick(en, "start"), coreEn));
  registerMessages("ar", withCore(pick(ar, "start"), coreAr));
  const errors: string[] = [];
  const spy = jest.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    errors.push(args.map(String).join(" "));
  });
  try {
    const templates = await renderTemplates(["landing", "shell", "not_found"]);
    expect(Object.keys(templates)).toHaveLength(24);
    const ids = Object.keys(en).filter((id) => Object.values(templates).some((html) => html.includes(`>${id}<`)));
    expect(ids).toEqual([]);
  } finally {
    spy.mockRestore();
  }
  expect(errors.filter((error) => error.includes("MISSING_TRANSLATION"))).toEqual([]);
}, 60_000);
