/**
 * The credential cookie (issue 35): static-host keeps the customer's token in an HttpOnly
 * cookie that only its page renderer reads, so a private page (`/cart`) arrives drawn
 * with the customer's own data. No script can read it; the app only asks the page's host
 * to set it (`PUT /session`, the token in `Authorization`) or to drop it
 * (`DELETE /session`) whenever the token in storage changes, and at startup when the
 * page says it came without one (or with one that storage no longer has). The API never
 * reads it.
 */

/** Where the page's host keeps the cookie (static-host `web/credential.rs`). */
export const CREDENTIAL_PATH = "/session";

/** Whether startup has said what the cookie holds: until then storage changes ask nothing. */
let started = false;
/** The token the cookie holds, as far as the app knows (null: none; undefined: unknown). */
let kept: string | null | undefined;

type Send = (init: RequestInit) => Promise<unknown>;

const send: Send = (init) => fetch(CREDENTIAL_PATH, { ...init, credentials: "same-origin", keepalive: true });

function ask(token: string | null, sender: Send): void {
  kept = token;
  const init: RequestInit = token === null ? { method: "DELETE" } : { method: "PUT", headers: { Authorization: `Bearer ${token}` } };
  // A page that is not served by static-host (the dev server without its proxy, a
  // static copy) answers otherwise: the private pages are then drawn by the app, as before.
  sender(init).catch((error: unknown) => {
    if (kept === token) kept = undefined;
    console.warn("the page host did not take the credential cookie", error);
  });
}

/**
 * At startup: `present` says whether the server's page came with the cookie (the boot
 * JSON's `credential`; undefined when the page was not drawn by the server).
 */
export function startCredentialCookie(token: string | null, present: boolean | undefined, sender: Send = send): void {
  started = true;
  if (present === true && token !== null) kept = token;
  else if (present === false && token === null) kept = null;
  else if (token !== null || present === true) ask(token, sender);
}

/** After storage changed: follows a sign-in, a registration, a logout or a 401. */
export function followCredential(token: string | null, sender: Send = send): void {
  if (!started || token === kept) return;
  ask(token, sender);
}

/** Forgets what was asked (tests). */
export function resetCredentialCookie(): void {
  started = false;
  kept = undefined;
}
