import { useSyncExternalStore } from "react";
import { useHydrated } from "../platform/hydration";
import { isSmallScreen } from "../core/start";

function subscribe(onChange: () => void): () => void {
  globalThis.addEventListener?.("resize", onChange);
  return () => globalThis.removeEventListener?.("resize", onChange);
}

/** The width the server draws pages at: it cannot know the reader's. */
const SERVER_WIDTH = 1280;

const width = () => Math.round(globalThis.innerWidth ?? SERVER_WIDTH);

/**
 * The viewport width in CSS pixels, following resizes; the server's width while React
 * adopts the server's page. The live width is read even then, so that the store is not
 * found changed after the commit (which would re-render synchronously): the page takes
 * it in `useHydrated`'s transition.
 */
export function useViewportWidth(): number {
  const hydrated = useHydrated();
  const live = useSyncExternalStore(subscribe, width, width);
  return hydrated ? live : SERVER_WIDTH;
}

/** Below the core's 768 px breakpoint: full-screen menus, toggled search, bottom bar. */
export function useSmallScreen(): boolean {
  return isSmallScreen(useViewportWidth());
}
