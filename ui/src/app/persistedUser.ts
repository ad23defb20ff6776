import { useEffect, useState } from "react";
import { applyStorageEffects } from "storefront-core/start";
import type { PersistedUser } from "storefront-core";
import { useProfile } from "../api/queries";
import { wholeCore } from "../core/lazy";
import { whenIdle } from "./idle";
import { useAppStore } from "./store";

/**
 * The persisted user (spec 9, `persist:user`): the signed-in customer's name, picture
 * and language, kept so that the page a reload brings names the customer before the
 * profile has answered. The core dates the snapshot and honours it for 10 seconds only
 * (`readPersistedUser`); a logout removes it with the session. Its rules are in the
 * whole core, loaded lazily once the page is idle: the first paint never waits for them,
 * and a profile that answers sooner simply wins.
 */
type Whole = Awaited<ReturnType<typeof wholeCore>>;

let core: Whole | null = null;
let latest: PersistedUser | null = null;

function loadCore(): Promise<Whole> {
  return wholeCore().then((loaded) => (core = loaded));
}

/** Stores `user` as saved now (when the rules have loaded; they load with the first call). */
export function rememberUser(user: PersistedUser, now: () => number = Date.now): Promise<void> {
  latest = user;
  return loadCore().then(
    (loaded) => applyStorageEffects([loaded.persistUserEffect(user, now())]),
    () => undefined,
  );
}

/**
 * Dates the snapshot again as the page goes away (a reload), so the next page counts
 * its 10 seconds from the reload, not from the profile's last answer. Synchronous: the
 * rules are used only if they have loaded, as nothing can wait at `pagehide`.
 */
export function rememberUserOnLeave(now: () => number = Date.now): void {
  if (core && latest && useAppStore.getState().client.token !== null) {
    applyStorageEffects([core.persistUserEffect(latest, now())]);
  }
}

/** The snapshot if it is fresh (at most 10 s old), read through the core. */
export function recalledUser(now: () => number = Date.now): Promise<PersistedUser | null> {
  return loadCore().then(
    (loaded) => loaded.readPersistedUser(now()),
    () => null,
  );
}

/** Keeps the snapshot up to date with the profile while signed in (mounted once, in the app). */
export function usePersistUser(): void {
  const profile = useProfile().data;
  useEffect(() => {
    const user = profile?.user;
    if (!user) return;
    const snapshot: PersistedUser = {
      name: user.name ?? null,
      image: user.image ?? null,
      // The API types it as text; the snapshot keeps only a language of ours.
      default_locale: profile.default_locale === "ar" || profile.default_locale === "en" ? profile.default_locale : null,
    };
    void whenIdle().then(() => {
      // A logout may have come first: its customer is not remembered.
      if (useAppStore.getState().client.token !== null) return rememberUser(snapshot);
    });
  }, [profile]);
  useEffect(() => {
    const leave = () => rememberUserOnLeave();
    globalThis.addEventListener?.("pagehide", leave);
    return () => globalThis.removeEventListener?.("pagehide", leave);
  }, []);
}

/**
 * The signed-in customer's name: the profile's, else — while the profile loads after a
 * reload — the persisted user's, if fresh; null for a guest.
 */
export function useCustomerName(): string | null {
  const signedIn = useAppStore((s) => s.client.token !== null);
  const profile = useProfile();
  const [recalled, setRecalled] = useState<string | null>(null);
  const waiting = signedIn && profile.data === undefined;
  useEffect(() => {
    if (!waiting) return;
    let live = true;
    void whenIdle()
      .then(() => recalledUser())
      .then((user) => {
        if (live) setRecalled(user?.name ?? null);
      });
    return () => {
      live = false;
    };
  }, [waiting]);
  if (!signedIn) return null;
  return profile.data?.user?.name ?? (waiting ? recalled : null);
}
