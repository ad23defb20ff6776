import { ApiError, errorText } from "../../api/client";
import { useAppStore } from "../../platform/store";

/**
 * The per-field messages of a 422 answer, first message of each field (the core's
 * `fieldErrors`, read when the call failed), already in the request language. Other
 * errors: none.
 */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  return Object.fromEntries(error.fields.map(({ field, message }) => [field, message]));
}

/**
 * A refused form submit (spec 8: a 422 shows the first validation error). The 422
 * messages of fields the form shows (`shown`, after renaming by `aliases`, e.g. the
 * API's `birthdate` to the form's `year`) go beside those fields; the first message of
 * any other key still reaches the customer, as an error toast. Any other failure (or a
 * 422 without field messages) is the usual error toast. Answers the field errors set.
 */
export function reportSubmitError(
  error: unknown,
  form: { setServerErrors(errors: Record<string, string>): void },
  shown: readonly string[],
  aliases: Readonly<Record<string, string>> | ((key: string) => string) = {},
): Record<string, string> {
  const rename = typeof aliases === "function" ? aliases : (key: string) => aliases[key] ?? key;
  const fields: Record<string, string> = {};
  let unshown: string | null = null;
  for (const [key, message] of Object.entries(serverFieldErrors(error))) {
    const field = rename(key);
    if (!shown.includes(field)) unshown ??= message;
    else if (!(field in fields)) fields[field] = message;
  }
  if (Object.keys(fields).length > 0) form.setServerErrors(fields);
  if (unshown !== null) useAppStore.getState().pushToast("error", { kind: "server", text: unshown });
  else if (Object.keys(fields).length === 0) toastError(error);
  return fields;
}

export function toastError(error: unknown): void {
  useAppStore.getState().pushToast("error", errorText(error));
}

/** A success toast with the server's message (spec 7: "message shown on success"). */
export function toastServer(message: string | null | undefined): void {
  if (message) useAppStore.getState().pushToast("success", { kind: "server", text: message });
}
