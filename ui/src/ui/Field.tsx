import { useId, type ComponentPropsWithRef, type ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import styles from "./Field.module.css";

interface FieldFrameProps {
  /** The control's id: the label points at it, and the hint and error ids derive from it. */
  id: string;
  label: ReactNode;
  /** The error to show (already in the page's language). */
  error?: string | undefined;
  hint?: ReactNode;
  optional?: boolean;
  className?: string;
  counter?: ReactNode;
  children: ReactNode;
}

/**
 * Label, control, hint and error of one field, wired for screen readers by ids: the
 * hint is `${id}-hint`, the error `${id}-error` (announced as an alert). For controls of
 * their own (a phone number with its country, a date in three selects).
 */
export function FieldFrame({ id, label, error, hint, optional, className, counter, children }: FieldFrameProps) {
  return (
    <div className={`${styles.field} ${className ?? ""}`}>
      <label className={styles.label} htmlFor={id}>
        {label}
        {optional ? (
          <span className={styles.optional}>
            {" "}
            <FormattedMessage id="account.optional" />
          </span>
        ) : null}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {counter}
      {error ? (
        <p id={`${id}-error`} className={styles.error} role="alert" data-testid="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The ids a control's `aria-describedby` names: its hint and its error, when shown. */
function describedBy(id: string, error?: string, hint?: ReactNode): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length ? ids.join(" ") : undefined;
}

/** What every field takes besides its control's own attributes. */
interface FieldProps {
  label: ReactNode;
  /** The error to show (already in the page's language). */
  error?: string | undefined;
  hint?: ReactNode;
  /** Adds '(optional)' to the label. */
  optional?: boolean;
  /** A class for the field's frame (a grid placement). */
  className?: string;
}

type TextFieldProps = Omit<ComponentPropsWithRef<"input">, "className"> & FieldProps;

/**
 * A labelled text input with its hint and error, wired for screen readers. Takes the
 * input's attributes, a `ref` (react-hook-form's `register`) and an `id` (its own when
 * left out).
 */
export function TextField({ label, error, hint, optional, className, id, ...input }: TextFieldProps) {
  const ownId = useId();
  const inputId = id ?? ownId;
  return (
    <FieldFrame id={inputId} label={label} error={error} hint={hint} optional={optional} className={className}>
      <input
        {...input}
        id={inputId}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, error, hint)}
      />
    </FieldFrame>
  );
}

type TextAreaFieldProps = Omit<ComponentPropsWithRef<"textarea">, "className"> &
  FieldProps & {
    /** Shows "n / max" under the field. */
    max?: number;
  };

/** A labelled text area, with an "n / max" counter when given `max`. */
export function TextAreaField({ label, error, hint, optional, className, max, id, ...area }: TextAreaFieldProps) {
  const ownId = useId();
  const areaId = id ?? ownId;
  const intl = useIntl();
  const length = typeof area.value === "string" ? [...area.value].length : 0;
  return (
    <FieldFrame
      id={areaId}
      label={label}
      error={error}
      hint={hint}
      optional={optional}
      className={className}
      counter={
        max ? (
          <span className={styles.counter} aria-hidden="true">
            {intl.formatMessage({ id: "account.counter" }, { count: intl.formatNumber(length), max: intl.formatNumber(max) })}
          </span>
        ) : null
      }
    >
      <textarea
        {...area}
        id={areaId}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(areaId, error, hint)}
      />
    </FieldFrame>
  );
}

type SelectFieldProps = Omit<ComponentPropsWithRef<"select">, "className"> & FieldProps & { children: ReactNode };

/** A labelled select. */
export function SelectField({ label, error, hint, optional, className, children, id, ...select }: SelectFieldProps) {
  const ownId = useId();
  const selectId = id ?? ownId;
  return (
    <FieldFrame id={selectId} label={label} error={error} hint={hint} optional={optional} className={className}>
      <select
        {...select}
        id={selectId}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(selectId, error, hint)}
      >
        {children}
      </select>
    </FieldFrame>
  );
}
