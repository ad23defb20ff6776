import { useId, type ComponentPropsWithoutRef, type ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "wouter";
import styles from "./Account.module.css";

export interface TabLink {
  key: string;
  label: string;
  href: string;
}

/** Tabs kept in the address (`?tab=`), as a navigation of links. */
export function TabLinks({ tabs, current, label }: { tabs: TabLink[]; current: string; label: string }) {
  return (
    <nav aria-label={label}>
      <ul className={styles.tabs}>
        {tabs.map((tab) => (
          <li key={tab.key}>
            <Link
              href={tab.href}
              className={styles.tab}
              aria-current={tab.key === current ? "page" : undefined}
              data-testid={`tab-${tab.key}`}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The next page of a list. */
export function LoadMoreButton({ hasNext, loading, onLoad }: { hasNext: boolean; loading: boolean; onLoad(): void }) {
  if (!hasNext) return null;
  return (
    <div className={styles.actions}>
      <button type="button" className={styles.ghost} onClick={onLoad} disabled={loading} aria-busy={loading}>
        <FormattedMessage id={loading ? "account.loading" : "account.loadMore"} />
      </button>
    </div>
  );
}

interface FieldFrameProps {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  optional?: boolean;
  className?: string;
  counter?: ReactNode;
  children: ReactNode;
}

/** Label, control, hint and error of one field, wired for screen readers by ids. */
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

function describedBy(id: string, error?: string, hint?: ReactNode): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length ? ids.join(" ") : undefined;
}

type InputProps = Omit<ComponentPropsWithoutRef<"input">, "className" | "id"> & {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  optional?: boolean;
  className?: string;
};

export function TextField({ label, error, hint, optional, className, ...input }: InputProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} optional={optional} className={className}>
      <input
        {...input}
        id={id}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
      />
    </FieldFrame>
  );
}

type TextAreaProps = Omit<ComponentPropsWithoutRef<"textarea">, "className" | "id"> & {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  optional?: boolean;
  className?: string;
  /** Shows "n / max" under the field. */
  max?: number;
};

export function TextAreaField({ label, error, hint, optional, className, max, ...area }: TextAreaProps) {
  const id = useId();
  const intl = useIntl();
  const length = typeof area.value === "string" ? [...area.value].length : 0;
  return (
    <FieldFrame
      id={id}
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
        id={id}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
      />
    </FieldFrame>
  );
}

type SelectProps = Omit<ComponentPropsWithoutRef<"select">, "className" | "id"> & {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  optional?: boolean;
  className?: string;
  children: ReactNode;
};

export function SelectField({ label, error, hint, optional, className, children, ...select }: SelectProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} optional={optional} className={className}>
      <select
        {...select}
        id={id}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
      >
        {children}
      </select>
    </FieldFrame>
  );
}

/** Moves focus to the first invalid control of a form (after a refused submit). */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  const target = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  target?.focus();
}
