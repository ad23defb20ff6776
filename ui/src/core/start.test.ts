/**
 * The start module on demand (`core/start.ts`). Tests that need the accessor as a page
 * has it before the module is in take a fresh copy (the test set-up provides the module
 * to every other test).
 */
import * as pkg from "storefront-core/start";

type Accessor = typeof import("./start");
/** A fresh accessor: the module not in. */
function fresh(): { start: Accessor } {
  let start!: Accessor;
  jest.isolateModules(() => {
    start = jest.requireActual<Accessor>("./start");
  });
  return { start };
}

test("the rules throw until the module is in, then answer as the package does", async () => {
  const { start } = fresh();
  expect(start.startLoaded()).toBe(false);
  expect(() => start.textDirection("ar")).toThrow(/not loaded yet/);
  await start.startCore();
  expect(start.startLoaded()).toBe(true);
  expect(start.textDirection("ar")).toBe(pkg.textDirection("ar"));
  expect(start.logoTarget(true)).toEqual(pkg.logoTarget(true));
});

test("on intent: a pointer resting over the page loads nothing; a key does, once", async () => {
  const { start } = fresh();
  const page = new EventTarget();
  const asked: string[] = [];
  const loaded = start.loadStartOnIntent(page, () => {
    asked.push("load");
    return start.startCore();
  });
  // Listeners run as the event is dispatched: what they do is done when it returns.
  page.dispatchEvent(new Event("pointerover"));
  page.dispatchEvent(new Event("pointermove"));
  page.dispatchEvent(new Event("click"));
  expect(asked).toEqual([]);
  page.dispatchEvent(new Event("keydown"));
  expect(asked).toEqual(["load"]);
  page.dispatchEvent(new Event("pointerdown"));
  expect(asked).toEqual(["load"]);
  await loaded;
  expect(start.startLoaded()).toBe(true);
  // Asked again, it is the module already loaded.
  await expect(start.loadStartOnIntent(page)).resolves.toBe(await start.startCore());
});

test.each(["pointerdown", "touchstart", "focusin", "wheel", "scroll"])("%s is the shopper reaching for the page", async (type) => {
  const { start } = fresh();
  const page = new EventTarget();
  const loaded = start.loadStartOnIntent(page);
  page.dispatchEvent(new Event(type));
  await loaded;
  expect(start.startLoaded()).toBe(true);
});

test("a module provided by the host (Node) is the one the rules run", async () => {
  const { start } = fresh();
  start.provideStart(pkg);
  expect(start.startLoaded()).toBe(true);
  await expect(start.startCore()).resolves.toBe(pkg);
  expect(start.cutLabel("short")).toEqual(pkg.cutLabel("short"));
});
