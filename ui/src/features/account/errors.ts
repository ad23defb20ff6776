import { clientErrorMessage, type Text } from "storefront-core";
import { ApiError } from "../../api/client";
import { useAppStore } from "../../app/store";

/**
 * The per-field messages of a 422 answer (`{message, errors: {field: [..]}}`), first
 * message of each field, already in the request language. Other errors: none.
 */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || error.status !== 422) return {};
  const body = error.body as { errors?: Record<string, unknown> } | null;
  const out: Record<string, string> = {};
  for (const [field, value] of Object.entries(body?.errors ?? {})) {
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === "string" && first) out[field] = first;
  }
  return out;
}

/** The toast text of a failed call: the core's extraction (spec 8), or the client error. */
export function errorText(error: unknown): Text {
  if (error instanceof ApiError) return error.text;
  return clientErrorMessage(error instanceof Error ? error.message : String(error));
}

export function toastError(error: unknown): void {
  useAppStore.getState().pushToast("error", errorText(error));
}

/** A success toast with the server's message (spec 7: "message shown on success"). */
export function toastServer(message: string | null | undefined): void {
  if (message) useAppStore.getState().pushToast("success", { kind: "server", text: message });
}
