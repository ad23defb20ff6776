import { useSyncExternalStore } from "react";

function subscribe(onChange: () => void): () => void {
  globalThis.addEventListener("online", onChange);
  globalThis.addEventListener("offline", onChange);
  return () => {
    globalThis.removeEventListener("online", onChange);
    globalThis.removeEventListener("offline", onChange);
  };
}

/** Whether the browser has a network, following its online and offline events. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => globalThis.navigator?.onLine !== false,
    () => true,
  );
}
