import { readFileSync } from "node:fs";
import { join } from "node:path";
import { markAttaching, replayEarlyInput } from "./earlyInput";

/** Runs `public/early-input.js` as the page's head does. */
function loadEarlyScript(): void {
  const source = readFileSync(join(__dirname, "../../public/early-input.js"), "utf8");
  new Function(source)();
}

function page(): { button: HTMLButtonElement; form: HTMLFormElement; outside: HTMLButtonElement } {
  document.body.innerHTML = `<div id="root"><form><input><button type="submit"><svg></svg></button></form></div><button id="outside"></button>`;
  const form = document.querySelector("form") as HTMLFormElement;
  return { form, button: form.querySelector("button") as HTMLButtonElement, outside: document.getElementById("outside") as HTMLButtonElement };
}

/** Listeners `early-input.js` added to the document, removed between tests. */
const added: [string, EventListenerOrEventListenerObject, boolean | AddEventListenerOptions | undefined][] = [];
const addEventListener = document.addEventListener.bind(document);

beforeEach(() => {
  jest.spyOn(document, "addEventListener").mockImplementation((type, listener, options) => {
    added.push([type, listener, options]);
    addEventListener(type, listener, options);
  });
  delete document.documentElement.dataset.app;
  loadEarlyScript();
});

afterEach(() => {
  for (const [type, listener, options] of added.splice(0)) document.removeEventListener(type, listener, options);
  jest.restoreAllMocks();
});

describe("early input", () => {
  test("a tap on the server's page before the app is attached is held, not acted on", () => {
    const { button } = page();
    const submitted = jest.fn((event: Event) => event.preventDefault());
    document.addEventListener("submit", submitted);
    const tap = new MouseEvent("click", { bubbles: true, cancelable: true });
    button.querySelector("svg")?.dispatchEvent(tap);
    expect(tap.defaultPrevented).toBe(true);
    expect(submitted).not.toHaveBeenCalled();
    expect(window.__storefrontEarlyInput).toEqual([{ type: "click", target: button }]);
    document.removeEventListener("submit", submitted);
  });

  test("once the app is attaching, taps go to it and nothing is held", () => {
    const { button, form } = page();
    form.addEventListener("submit", (event) => event.preventDefault());
    markAttaching();
    expect(document.documentElement.dataset.app).toBe("attaching");
    const tap = new MouseEvent("click", { bubbles: true, cancelable: true });
    button.dispatchEvent(tap);
    expect(tap.defaultPrevented).toBe(false);
    expect(window.__storefrontEarlyInput).toEqual([]);
  });

  test("taps outside the app's root are not its business", () => {
    const { outside } = page();
    const tap = new MouseEvent("click", { bubbles: true, cancelable: true });
    outside.dispatchEvent(tap);
    expect(tap.defaultPrevented).toBe(false);
    expect(window.__storefrontEarlyInput).toEqual([]);
  });

  test("the app replays what was held on the elements still on the page, once", () => {
    const { button, form } = page();
    const gone = document.createElement("button");
    window.__storefrontEarlyInput = [
      { type: "click", target: button },
      { type: "click", target: gone },
    ];
    markAttaching();
    const clicks = jest.fn();
    const submits = jest.fn((event: Event) => event.preventDefault());
    button.addEventListener("click", clicks);
    gone.addEventListener("click", clicks);
    form.addEventListener("submit", submits);
    replayEarlyInput();
    // The tap on the submit button submits its form, as the browser's own tap would.
    expect(clicks).toHaveBeenCalledTimes(1);
    expect(submits).toHaveBeenCalledTimes(1);
    replayEarlyInput();
    expect(clicks).toHaveBeenCalledTimes(1);
  });

  test("a held submit (a form without a button) is submitted again", () => {
    const { form } = page();
    window.__storefrontEarlyInput = [{ type: "submit", target: form }];
    const submits = jest.fn((event: Event) => event.preventDefault());
    form.addEventListener("submit", submits);
    replayEarlyInput();
    expect(submits).toHaveBeenCalledTimes(1);
  });

  test("marking the app as attaching keeps a mark already there", () => {
    document.documentElement.dataset.app = "ready";
    markAttaching();
    expect(document.documentElement.dataset.app).toBe("ready");
  });
});
