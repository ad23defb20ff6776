import createClient, { type Middleware } from "openapi-fetch";
import {
  classifyStatus,
  logoutEffects,
  noResponseMessage,
  offlineMessage,
  requestHeaders,
} from "../core/start";
import type { Effect, FieldError, Text } from "storefront-core";
import { adminApiBase, apiBase } from "../platform/config";
import { resolveMedia } from "./media";
import { useAppStore } from "../platform/store";
import { wholeCore } from "../core/lazy";
import type { paths } from "./schema.gen";

/**
 * A failed call, with what the core read from its answer (spec 8): the message for the
 * error toast, and a 422's per-field messages.
 */
export class ApiError extends Error {
  constructor(
    /** HTTP status, or null when no response came back. */
    readonly status: number | null,
    readonly text: Text,
    /** Each field's first message, in the answer's order (a 422 only). */
    readonly fields: readonly FieldError[] = [],
  ) {
    super(text.kind === "server" ? text.text : text.id);
    this.name = "ApiError";
  }
}

/**
 * What a failed call says (the core's reading of the answer), or null for a failure that
 * is not the API's: the reader the app gives the kit's failure states (`ui/failureText.ts`).
 */
export function apiFailureText(error: unknown): Text | null {
  return error instanceof ApiError ? error.text : null;
}

/**
 * The toast text of a failed call: what the core read from the answer (spec 8), or the
 * generic error for a failure that is not the API's.
 */
export function errorText(error: unknown): Text {
  if (error instanceof ApiError) return error.text;
  return { kind: "message", id: "generic_error", params: {} };
}

/** Where the session effects of a 401 or a 404 go: the shell's `runEffects`. */
let runShellEffects: ((effects: Effect[]) => void) | null = null;

/**
 * The app shell hands the client its effect runner once, at start (the shell imports
 * the API, so the API does not import the shell back).
 */
export function connectApi(run: (effects: Effect[]) => void): void {
  runShellEffects = run;
}

/** Whether the browser says the device has no network (a PWA can be open offline). */
function offline(): boolean {
  return globalThis.navigator?.onLine === false;
}

const headers: Middleware = {
  onRequest({ request }) {
    // Reads can still be answered from the service worker's cache; a change cannot, so
    // it fails at once, plainly, and the caller keeps what the customer entered.
    if (request.method !== "GET" && offline()) throw new ApiError(null, offlineMessage());
    const { language } = useAppStore.getState();
    for (const [name, value] of requestHeaders(language)) request.headers.set(name, value);
    return request;
  },
  async onResponse({ response }) {
    if (response.ok) return response;
    const { client } = useAppStore.getState();
    const outcome = classifyStatus(response.status, client.login_in_progress);
    const failure = callFailure(response);
    if (outcome === "log_out") {
      runShellEffects?.(logoutEffects(currentPath(), "unauthorized"));
    } else if (outcome === "not_found") {
      runShellEffects?.([{ type: "navigate", to: "/404", after_ms: 0 }]);
    }
    throw await failure;
  },
  async onError({ error }) {
    if (error instanceof ApiError) return error;
    // fetch rejects with a TypeError when no response arrives (offline, refused).
    // By name: the error may come from another realm than this page's TypeError.
    if (error instanceof Error && error.name === "TypeError") {
      return new ApiError(null, offline() ? offlineMessage() : noResponseMessage());
    }
    // The rule for other errors loads with the first one (it is not on the first paint);
    // when it cannot load, the network is gone.
    const core = await wholeCore().catch(() => null);
    const message = error instanceof Error ? error.message : String(error);
    return new ApiError(null, core ? core.clientErrorMessage(message) : noResponseMessage());
  },
};

/** The {@link ApiError} of a failed answer, as the core reads its status and bytes. */
async function callFailure(response: Response): Promise<ApiError> {
  const bytes = new Uint8Array(await response.clone().arrayBuffer());
  // The rules that read the answer load with the first failure; when even they cannot
  // load, the network is gone.
  const { text, fields } = await wholeCore().then(
    (core) => ({
      text: core.responseErrorMessage(response.status, bytes),
      fields: core.fieldErrors(response.status, bytes),
    }),
    () => ({ text: noResponseMessage(), fields: [] }),
  );
  return new ApiError(response.status, text, fields);
}

/**
 * A call's own middleware (`{ middleware: [notFoundIsAnswer] }`) for a 404 its caller
 * shows in place: a review saved or deleted after another tab deleted it. The call
 * fails with its {@link ApiError} as any other, but the page does not move to /404
 * (spec 8's rule for what a page asks for): the page is still right, only the thing
 * the shopper acts on is gone, and the screen says so. A call's middleware reads the
 * answer before the client's own, so the client never sees this 404.
 */
export const notFoundIsAnswer: Middleware = {
  async onResponse({ response }) {
    if (response.status === 404) throw await callFailure(response);
    return undefined;
  },
};

/** Requests need an absolute URL outside browsers (jest); in a page it is the same URL. */
function absolute(base: string): string {
  const page = globalThis.location?.href;
  return page ? new URL(base, page).href.replace(/\/$/, "") : base;
}

/** The admin API's base as a request needs it: uploads go there (spec 7). */
export function adminBaseUrl(): string {
  return absolute(adminApiBase());
}

function currentPath(): string {
  const loc = globalThis.location;
  return loc ? loc.pathname + loc.search : "/";
}

/** The typed product API client (types generated from static-host's OpenAPI document). */
export const api = createClient<paths>({
  baseUrl: absolute(apiBase()),
  // Looked up per call, not captured once, so tests and service workers can wrap fetch.
  fetch: (request) => globalThis.fetch(request),
});
api.use(headers);

/**
 * Resolves to the body of a successful call, its pictures' addresses resolved against
 * the API (`resolveMedia`); failures reject with {@link ApiError}.
 */
export async function unwrap<D>(call: Promise<{ data?: D; error?: unknown; response: Response }>): Promise<D> {
  const { data, response } = await call;
  if (data === undefined) throw new ApiError(response.status, noResponseMessage());
  return resolveMedia(data);
}
