import { useEffect, useState } from "react";
import { queryClient } from "./queryClient";

/** Longest wait for the first screen's data before idle work starts anyway. */
export const SETTLE_LIMIT_MS = 10_000;

/** The browser's next idle moment (a short timer where it has no idle callbacks). */
function idleMoment(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof globalThis.requestIdleCallback === "function") {
      globalThis.requestIdleCallback(() => resolve(), { timeout: 2000 });
    } else {
      setTimeout(resolve, 200);
    }
  });
}

/** Resolves once no query is fetching. */
function queriesSettled(): Promise<void> {
  if (queryClient.isFetching() === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = queryClient.getQueryCache().subscribe(() => {
      if (queryClient.isFetching() > 0) return;
      stop();
      resolve();
    });
  });
}

/**
 * Resolves once the page has loaded, the first screen's data has arrived (no query is
 * fetching at an idle moment: an answer can start the next call, as a cart does its
 * shop's) and the browser is idle. Work that the first screen does not show (the
 * service worker and its precache, the header's badges, prefetching) waits for it, so
 * on a slow link it never competes with the first paint, its scripts or its data.
 */
let idle: Promise<void> | null = null;

export function whenIdle(): Promise<void> {
  idle ??= new Promise<void>((resolve) => {
    if (typeof document === "undefined" || document.readyState === "complete") resolve();
    else globalThis.addEventListener("load", () => resolve(), { once: true });
  }).then(async () => {
    const limit = Date.now() + SETTLE_LIMIT_MS;
    await idleMoment();
    while (queryClient.isFetching() > 0 && Date.now() < limit) {
      await Promise.race([queriesSettled(), new Promise((resolve) => setTimeout(resolve, limit - Date.now()))]);
      await idleMoment();
    }
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
