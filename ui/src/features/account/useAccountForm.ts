import { useEffect, useRef, type FocusEvent, type FormEvent } from "react";
import {
  get,
  useForm,
  type DefaultValues,
  type FieldError,
  type FieldErrors,
  type FieldPath,
  type FieldValues,
  type ChangeHandler,
  type Mode,
  type RefCallBack,
  type RegisterOptions,
  type UseFormReturn,
} from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useIntl } from "react-intl";
import type { z } from "../../ui/zod";
import { useAppStore } from "../../platform/store";
import { focusFirstInvalid } from "../../ui/form";
import { useAfterCommit } from "./afterCommit";

/** Finds the control a refused submit moves focus to. */
export type FindInvalid = (form: HTMLFormElement) => HTMLElement | null | undefined;

/** Whether focus leaves a field for a submit button (the press of that button). */
export function leavesForSubmit(event: FocusEvent): boolean {
  const next = event.relatedTarget;
  return next instanceof HTMLButtonElement && next.type === "submit";
}

/** The paths of the errors react-hook-form holds, except the server's (`lines.31.comment`). */
function clientErrorPaths(errors: FieldErrors, prefix = ""): string[] {
  return Object.entries(errors).flatMap(([key, value]) => {
    if (!value || typeof value !== "object") return [];
    const path = `${prefix}${key}`;
    if (typeof (value as FieldError).type === "string") return (value as FieldError).type === "server" ? [] : [path];
    return clientErrorPaths(value as FieldErrors, `${path}.`);
  });
}

/** What a field's control takes from the form (its constraints are the core's, not attributes). */
export interface FieldProps<N extends string> {
  name: N;
  ref: RefCallBack;
  onChange: ChangeHandler;
  onBlur(event: FocusEvent): void;
}

/** `register`'s options; `deps` may name error keys of the schema that are no field. */
export type FieldOptions<V extends FieldValues, N extends FieldPath<V>> = Omit<RegisterOptions<V, N>, "deps"> & { deps?: string[] };

export interface AccountForm<V extends FieldValues> extends UseFormReturn<V> {
  /** The form element: where a refused submit looks for the first invalid field. */
  formRef: React.RefObject<HTMLFormElement | null>;
  /**
   * `register`, except that leaving the field for the submit button does not count as
   * leaving it: its error appearing would move the button under the pointer between
   * press and release, and the submit shows every error anyway. Its `deps` are the
   * fields, or error keys of the schema that are no field (`items`), checked again when
   * this one changes.
   */
  field<N extends FieldPath<V>>(name: N, options?: FieldOptions<V, N>): FieldProps<N>;
  /**
   * The message to show at a field, in the page language: the core's once the field was
   * left or the form submitted, the server's (422) until the field changes.
   */
  error(name: string): string | undefined;
  /** Submit handler: sends valid values, or shows every error and focuses the first. */
  submit(send: (values: V) => void, find?: FindInvalid): (event: FormEvent) => void;
  /** Moves focus, right after the next commit, to the first invalid field (or `find`'s). */
  focusInvalid(find?: FindInvalid): void;
  /** The server's per-field messages (422), shown beside their fields until those change. */
  setServerErrors(errors: Record<string, string>): void;
}

interface AccountFormOptions<V extends FieldValues> {
  /** The form's zod schema, whose refinements are the core's rules; built per language. */
  schema: z.ZodType<V, V>;
  defaultValues: DefaultValues<V>;
  /** When errors first show: once a field is left (default), or only after a submit. */
  mode?: Extract<Mode, "onTouched" | "onSubmit">;
}

/**
 * react-hook-form with a zod schema carrying the core's validators, as the account
 * forms use it: errors show once a field was left or the form was submitted, the
 * server's 422 messages show beside their fields until those change, a refused submit
 * (or a server refusal) moves focus to the first invalid field right after the render
 * that shows it, and the errors shown follow the page language.
 */
export function useAccountForm<V extends FieldValues>({ schema, defaultValues, mode = "onTouched" }: AccountFormOptions<V>): AccountForm<V> {
  const language = useAppStore((s) => s.language);
  const formRef = useRef<HTMLFormElement | null>(null);
  const afterCommit = useAfterCommit();
  // Focus moves here, after the commit that shows the errors, not in react-hook-form's
  // own (deferred) focus, which can steal the focus back after the shopper moved on.
  const form = useForm<V>({ resolver: zodResolver(schema), mode, defaultValues, shouldFocusError: false });
  const { register, handleSubmit, setError, trigger, formState } = form;

  // The errors shown were written in the language of their check: check them again in
  // the new one, and again once its catalogue has arrived (until then they are English).
  const textLanguage = `${language} ${useIntl().locale}`;
  const checkedIn = useRef(textLanguage);
  useEffect(() => {
    if (checkedIn.current === textLanguage) return;
    checkedIn.current = textLanguage;
    const paths = clientErrorPaths(formState.errors);
    if (paths.length > 0) void trigger(paths as FieldPath<V>[]);
  }, [textLanguage, formState.errors, trigger]);

  const focusInvalid = (find?: FindInvalid) =>
    afterCommit(() => {
      const element = formRef.current;
      if (!element) return;
      if (find) find(element)?.focus();
      else focusFirstInvalid(element);
    });

  return {
    ...form,
    formRef,
    field: (name, options) => {
      const { ref, onChange, onBlur } = register(name, options as RegisterOptions<V, typeof name>);
      return {
        name,
        ref,
        onChange,
        onBlur: (event) => {
          if (!leavesForSubmit(event)) void onBlur(event);
        },
      };
    },
    error: (name) => {
      const error = get(formState.errors, name) as FieldError | undefined;
      if (!error?.message) return undefined;
      // (The server's come after a submit.)
      return get(formState.touchedFields, name) === true || formState.isSubmitted ? error.message : undefined;
    },
    submit: (send, find) => (event) => {
      let refused = false;
      void handleSubmit(send, () => {
        refused = true;
      })(event).then(() => {
        if (refused) focusInvalid(find);
      });
    },
    focusInvalid,
    setServerErrors: (errors) => {
      for (const [name, message] of Object.entries(errors)) setError(name as FieldPath<V>, { type: "server", message });
      focusInvalid();
    },
  };
}
