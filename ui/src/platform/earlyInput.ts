/** What `public/early-input.js` held: a tap on a button or a form's submit. */
export interface EarlyInput {
  type: "click" | "submit";
  target: Element;
}

declare global {
  interface Window {
    __storefrontEarlyInput?: EarlyInput[];
  }
}

/**
 * From here on React answers the page's events: `public/early-input.js` stops holding
 * them. Called just before React attaches to the page.
 */
export function markAttaching(doc: Document = document): void {
  doc.documentElement.dataset.app ??= "attaching";
}

/** Whether `public/early-input.js` holds a tap or submit (the shopper acted already). */
export function inputHeld(win: Window = window): boolean {
  return (win.__storefrontEarlyInput?.length ?? 0) > 0;
}

/**
 * Replays the taps and submits `public/early-input.js` held before React took the page
 * over, on the same elements (React keeps the server's elements when it adopts the
 * page; one it has replaced is skipped). Run once the app has committed and the state
 * it set up on mounting has rendered, so a replayed submit sees the text typed early.
 */
export function replayEarlyInput(win: Window = window): void {
  const held = win.__storefrontEarlyInput ?? [];
  win.__storefrontEarlyInput = [];
  for (const { type, target } of held) {
    if (!target.isConnected) continue;
    if (type === "submit" && target instanceof HTMLFormElement) target.requestSubmit();
    else if (target instanceof HTMLElement) target.click();
  }
}
