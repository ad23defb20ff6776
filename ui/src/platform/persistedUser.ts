import { useEffect, useMemo, useState } from "react";
import { applyStorageEffects, persistUserEffect, readPersistedUser } from "../core/start";
import type { PersistedUser } from "storefront-core";
import { useProfile } from "../api/queries";
import { whenIdle } from "./idle";
import { useAppStore } from "./store";

/**
 * The persisted user (spec 9, `persist:user`): the signed-in customer's name, picture
 * and language, kept so that the page a reload brings names the customer before the
 * profile has answered. The core dates the snapshot and honours it for 10 seconds only
 * (`readPersistedUser`); a logout removes it with the session. Its rules are in the
 * start module: a signed-in page loads no other part of the core for it.
 */

/** Stores `user` as saved now. */
export function rememberUser(user: PersistedUser, now: () => number = Date.now): void {
  applyStorageEffects([persistUserEffect(user, now())]);
}

/** The snapshot if it is fresh (at most 10 s old), read through the core. */
export function recalledUser(now: () => number = Date.now): PersistedUser | null {
  return readPersistedUser(now());
}

const signedIn = () => useAppStore.getState().client.token !== null;

/**
 * Keeps the snapshot up to date with the profile while signed in (mounted once, in the
 * app): stored once the page is idle, and dated again as the page goes away (a reload),
 * so the next page counts its 10 seconds from the reload, not from the profile's answer.
 */
export function usePersistUser(now: () => number = Date.now): void {
  const profile = useProfile().data;
  const snapshot = useMemo<PersistedUser | null>(() => {
    const user = profile?.user;
    if (!user) return null;
    return {
      name: user.name ?? null,
      image: user.image ?? null,
      // The API types it as text; the snapshot keeps only a language of ours.
      default_locale: profile.default_locale === "ar" || profile.default_locale === "en" ? profile.default_locale : null,
    };
  }, [profile]);
  useEffect(() => {
    if (!snapshot) return;
    // A logout may come first: its customer is not remembered.
    const remember = () => signedIn() && rememberUser(snapshot, now);
    void whenIdle().then(remember);
    globalThis.addEventListener?.("pagehide", remember);
    return () => globalThis.removeEventListener?.("pagehide", remember);
  }, [snapshot, now]);
}

/**
 * The signed-in customer's name: the profile's, else — while the profile loads after a
 * reload — the persisted user's, if fresh; null for a guest.
 */
export function useCustomerName(): string | null {
  const signedInNow = useAppStore((s) => s.client.token !== null);
  const profile = useProfile();
  const [recalled, setRecalled] = useState<string | null>(null);
  const waiting = signedInNow && profile.data === undefined;
  useEffect(() => {
    if (!waiting) return;
    let live = true;
    void whenIdle().then(() => {
      if (live) setRecalled(recalledUser()?.name ?? null);
    });
    return () => {
      live = false;
    };
  }, [waiting]);
  if (!signedInNow) return null;
  return profile.data?.user?.name ?? (waiting ? recalled : null);
}
