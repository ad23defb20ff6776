import { useEffect, useRef } from "react";

/**
 * A new page starts at its top: a client-side navigation keeps the window's scroll
 * position otherwise, so a page reached from a footer link or after checkout opened
 * halfway down. Back and forward are left to the browser, which restores the place
 * the shopper left.
 */
export function useScrollToTopOnNavigate(path: string, win: Window | undefined = globalThis.window): void {
  const fromHistory = useRef(false);
  const first = useRef(true);

  useEffect(() => {
    if (!win) return;
    const onPop = () => {
      fromHistory.current = true;
    };
    win.addEventListener("popstate", onPop);
    return () => win.removeEventListener("popstate", onPop);
  }, [win]);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (fromHistory.current) {
      fromHistory.current = false;
      return;
    }
    win?.scrollTo(0, 0);
  }, [path, win]);
}
