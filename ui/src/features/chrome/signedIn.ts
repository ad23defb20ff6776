import { useEffect, useSyncExternalStore } from "react";

/**
 * The chrome only a signed-in customer sees (notifications, the profile dropdown, the
 * account menu and the burger menu's account links) is a chunk of its own, so a guest's
 * first page does not carry it. A signed-in customer's page loads it before React takes
 * over the server's HTML (main.tsx), so the first render matches that HTML; after a
 * sign-in it arrives with the next render (the sign-in flow starts loading it).
 */
type Parts = typeof import("./SignedInChrome");

let parts: Parts | null = null;
let loading: Promise<Parts> | null = null;
const listeners = new Set<() => void>();

export function loadSignedInChrome(): Promise<Parts> {
  loading ??= import("./SignedInChrome").then(
    (module) => {
      parts = module;
      for (const listener of listeners) listener();
      return module;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}

const current = () => parts;

/** The signed-in chrome for a signed-in customer once it has arrived (it starts loading it). */
export function useSignedInChrome(signedIn: boolean): Parts | null {
  const loaded = useSyncExternalStore(subscribe, current, current);
  useEffect(() => {
    if (signedIn && !loaded) loadSignedInChrome().catch((error: unknown) => console.warn("cannot load the account chrome", error));
  }, [signedIn, loaded]);
  return signedIn ? loaded : null;
}

/** Starts loading the signed-in chrome ahead of a sign-in (the sign-in flows call it). */
export function preloadSignedInChrome(): void {
  loadSignedInChrome().catch(() => undefined);
}
