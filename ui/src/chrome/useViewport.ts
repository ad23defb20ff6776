import { useSyncExternalStore } from "react";
import { isSmallScreen } from "../core/start";

function subscribe(onChange: () => void): () => void {
  globalThis.addEventListener?.("resize", onChange);
  return () => globalThis.removeEventListener?.("resize", onChange);
}

const width = () => Math.round(globalThis.innerWidth ?? 1280);

/** The viewport width in CSS pixels, following resizes. */
export function useViewportWidth(): number {
  return useSyncExternalStore(subscribe, width, () => 1280);
}

/** Below the core's 768 px breakpoint: full-screen menus, toggled search, bottom bar. */
export function useSmallScreen(): boolean {
  return isSmallScreen(useViewportWidth());
}
