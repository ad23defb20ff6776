import type { ClientState } from "storefront-core";
import data from "storefront-core/data/storage.json";

/**
 * The client state the core reads from empty storage (a browser that has stored nothing),
 * delivered as data with the core package: what the app holds before the core's start
 * module has read storage (`platform/store.ts`).
 */
export const nothingStored: Readonly<ClientState> = Object.freeze(data.nothing_stored as ClientState);
