import { useEffect, useState } from "react";

/**
 * Resolves once the page has loaded and the browser has had an idle moment: work that
 * the first screen does not show (the header's cart badge, prefetching) waits for it, so
 * it never competes with the first paint and its scripts.
 */
let idle: Promise<void> | null = null;

export function whenIdle(): Promise<void> {
  idle ??= new Promise((resolve) => {
    const schedule = () => {
      if (typeof globalThis.requestIdleCallback === "function") {
        globalThis.requestIdleCallback(() => resolve(), { timeout: 2000 });
      } else {
        setTimeout(resolve, 200);
      }
    };
    if (typeof document === "undefined" || document.readyState === "complete") schedule();
    else globalThis.addEventListener("load", schedule, { once: true });
  });
  return idle;
}

/** Whether {@link whenIdle} has resolved. */
export function useIdle(): boolean {
  const [reached, setReached] = useState(false);
  useEffect(() => {
    let live = true;
    void whenIdle().then(() => live && setReached(true));
    return () => {
      live = false;
    };
  }, []);
  return reached;
}
