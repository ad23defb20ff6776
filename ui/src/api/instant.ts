import { apiInstantMs } from "storefront-core";

/**
 * The API's instants (RFC 3339, or the order flow's `YYYY-MM-DD HH:MM` in UTC), read
 * by the core. Null when unreadable.
 */
export function parseInstant(text: string | null | undefined): Date | null {
  const ms = text ? apiInstantMs(text) : undefined;
  return ms === undefined ? null : new Date(ms);
}
