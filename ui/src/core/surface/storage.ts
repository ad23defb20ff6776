import {
  applyStorageEffects,
  isCoreError,
  logoutStorageEffects,
  persistUserEffect,
  readClientState,
  readPersistedUser,
  storageKeyName,
  type ClientState,
  type Effect,
  type PersistedUser,
  type PersistedUserEntry,
  type StorageKey,
  type StoredValue,
} from "storefront-core";

const key: StorageKey = "persist:user";
const user: PersistedUser = { name: "Mona", image: null, default_locale: "ar" };
const entry: PersistedUserEntry = { saved_at: 1_700_000_000_000, user };
const stored: StoredValue = { key: "district_id", value: 7 };

export function surfaceStorage(nowMs: number): string[] {
  const state: ClientState = readClientState();
  const persist: Effect = persistUserEffect(user, nowMs);
  const logout: Effect[] = logoutStorageEffects();
  let failed = "";
  try {
    applyStorageEffects([persist, { type: "store", key: stored.key, value: String(stored.value) }, ...logout]);
  } catch (error) {
    failed = isCoreError(error, "storage_write_failed") ? error.message : "";
  }
  const remembered: PersistedUser | null = readPersistedUser(nowMs);
  return [
    storageKeyName(key),
    state.currency ?? "USD",
    String(state.district_id ?? ""),
    remembered?.name ?? "",
    String(entry.saved_at),
    failed,
  ];
}
