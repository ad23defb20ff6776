import { useCallback, useRef, useState, type FocusEvent, type FormEvent } from "react";
import type { Message } from "storefront-core";
import { renderMessage } from "../../i18n/coreText";
import { useAppStore } from "../../app/store";
import { focusFirstInvalid } from "../../ui/form";
import { useAfterCommit } from "./afterCommit";

/** Each field's first failing core rule (null or absent: valid). */
export type Checks<V> = (values: V) => Partial<Record<keyof V & string, Message | null>>;

/** The first failing check of a field, or null. */
export function first(...checks: (Message | null)[]): Message | null {
  return checks.find((m): m is Message => m !== null) ?? null;
}

export interface CoreForm<V> {
  values: V;
  set<K extends keyof V>(field: K, value: V[K]): void;
  /**
   * Marks a field visited (its error shows from then on). Leaving it for the submit
   * button does not: the error appearing would move the button under the pointer
   * between press and release, and the submit shows every error anyway.
   */
  touch(field: keyof V & string, event?: FocusEvent): void;
  /** The message to show for a field, in the page language. */
  error(field: keyof V & string): string | undefined;
  /** Whether the core finds nothing wrong. */
  valid: boolean;
  /** The server's per-field messages (422), shown until the field changes. */
  setServerErrors(errors: Record<string, string>): void;
  /** Submit handler: shows every error and focuses the first, or calls `send`. */
  onSubmit(send: (values: V) => void): (event: FormEvent) => void;
  reset(values: V): void;
}

/**
 * A small form state whose rules are the core's validators: errors show once a field
 * was left or the form was submitted, the server's 422 messages show beside them, and
 * a refused submit moves focus to the first invalid field.
 */
export function useCoreForm<V extends Record<string, unknown>>(initial: V, checks: Checks<V>): CoreForm<V> {
  const language = useAppStore((s) => s.language);
  const [values, setValues] = useState<V>(initial);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [submitted, setSubmitted] = useState(false);
  const [server, setServer] = useState<Record<string, string>>({});
  // The form element of the last submit, where a later server refusal moves focus.
  const formRef = useRef<HTMLFormElement | null>(null);
  const afterCommit = useAfterCommit();
  const messages = checks(values);
  const valid = Object.values(messages).every((m) => m == null);

  const set = useCallback(<K extends keyof V>(field: K, value: V[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setServer((s) => (field in s ? Object.fromEntries(Object.entries(s).filter(([key]) => key !== field)) : s));
  }, []);

  const error = (field: keyof V & string): string | undefined => {
    const message = messages[field];
    if (message && (touched[field] || submitted)) return renderMessage(message, language);
    return server[field];
  };

  return {
    values,
    set,
    touch: (field, event) => {
      const next = event?.relatedTarget;
      if (next instanceof HTMLButtonElement && next.type === "submit") return;
      setTouched((t) => (t[field] ? t : { ...t, [field]: true }));
    },
    error,
    valid,
    setServerErrors: (errors) => {
      setServer(errors);
      afterCommit(() => focusFirstInvalid(formRef.current));
    },
    onSubmit: (send) => (event) => {
      event.preventDefault();
      if (event.currentTarget instanceof HTMLFormElement) formRef.current = event.currentTarget;
      setSubmitted(true);
      if (!valid) {
        afterCommit(() => focusFirstInvalid(formRef.current));
        return;
      }
      send(values);
    },
    reset: (next) => {
      setValues(next);
      setTouched({});
      setSubmitted(false);
      setServer({});
    },
  };
}
