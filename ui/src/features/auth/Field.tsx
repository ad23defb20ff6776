import { useId, type ComponentPropsWithRef } from "react";
import { FormattedMessage } from "react-intl";
import type { Language, Message } from "storefront-core";
import { renderMessage } from "../../i18n/coreText";
import type { RefinementCtx } from "zod";
import styles from "./Form.module.css";

interface FieldProps extends Omit<ComponentPropsWithRef<"input">, "className"> {
  /** Message id of the label. */
  label: string;
  /** The error to show (already in the page language). */
  error?: string | undefined;
}

/** A labelled text input with its error, wired for screen readers. */
export function Field({ label, error, id, ...input }: FieldProps) {
  const ownId = useId();
  const inputId = id ?? ownId;
  const errorId = `${inputId}-error`;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={inputId}>
        <FormattedMessage id={label} />
      </label>
      <input
        {...input}
        id={inputId}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error && (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * Adds the first failing core rule of a field to a zod refinement: the rules stay the
 * core's, zod only carries their messages to react-hook-form.
 */
export function firstIssue(ctx: RefinementCtx, path: string, language: Language, ...checks: (Message | null)[]): void {
  const failed = checks.find((message): message is Message => message !== null);
  if (failed) ctx.addIssue({ code: "custom", path: [path], message: renderMessage(failed, language) });
}
