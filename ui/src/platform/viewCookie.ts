import { viewCookie } from "../core/start";

/** A year: the cookie follows storage, which persists. */
const MAX_AGE_S = 365 * 24 * 60 * 60;

/**
 * Mirrors what shapes a page before any script runs (language chosen, signed in or not,
 * district, service: the core's `viewCookie`, nothing personal) into a cookie, so the
 * server sends the next page as this browser will show it.
 */
export function mirrorViewCookie(doc: Document | undefined = globalThis.document): void {
  if (!doc) return;
  const secure = globalThis.location?.protocol === "https:" ? "; Secure" : "";
  doc.cookie = `${viewCookie()}; Path=/; Max-Age=${MAX_AGE_S}; SameSite=Lax${secure}`;
}
