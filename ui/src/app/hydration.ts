import { useSyncExternalStore } from "react";

const never = () => () => {};

/**
 * False while React hydrates the HTML the server sent (its first render must match that
 * HTML), true from the render after. A page rendered on the client only is "hydrated"
 * from its first render. Parts that depend on what only the browser knows (storage, the
 * modals, the viewport) wait for it.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
