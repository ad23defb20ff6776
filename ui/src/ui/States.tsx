import type { ReactNode } from "react";
import { FormattedMessage } from "react-intl";
import type { Message } from "storefront-core";
import { useCoreText } from "../i18n/coreText";
import { useFailureText } from "./failureText";
import styles from "./States.module.css";
import { Button } from "./Button";

/**
 * How a state looks: "inline" sits among a page's lists (catalogue, cart, checkout);
 * "panel" is a page's whole content (the account area), framed, with its own wording.
 */
export type StateLook = "inline" | "panel";

interface EmptyStateProps {
  /** What there is not, as text in the page's language. */
  children?: ReactNode;
  /** …or as a core message ('no orders available', …). */
  message?: Message;
  /** A second, quieter line (inline look). */
  hint?: ReactNode;
  /** A way on (a link or a button), after the text. */
  action?: ReactNode;
  look?: StateLook;
}

/** Nothing to show, said plainly. */
export function EmptyState({ children, message, hint, action, look = "inline" }: EmptyStateProps) {
  const text = useCoreText();
  const panel = look === "panel";
  return (
    <div className={panel ? styles.panel : styles.empty} role="status" data-testid="empty-state">
      {panel ? (
        <svg viewBox="0 0 24 24" width="40" height="40" aria-hidden="true" focusable="false">
          <rect x="3" y="5" width="18" height="14" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M3 9h18" stroke="currentColor" strokeWidth="2" />
        </svg>
      ) : (
        <svg viewBox="0 0 24 24" width="40" height="40" aria-hidden="true" focusable="false">
          <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M16.5 16.5 21 21" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      )}
      <p className={panel ? styles.panelText : styles.emptyText}>{message ? text({ kind: "message", ...message }) : children}</p>
      {hint ? <p className={styles.emptyHint}>{hint}</p> : null}
      {action}
    </div>
  );
}

/** A failed load: the core's message when the API gave one, and a retry button. */
export function LoadError({ error, onRetry, look = "inline" }: { error: unknown; onRetry(): void; look?: StateLook }) {
  const text = useCoreText();
  const said = useFailureText()(error);
  if (look === "panel") {
    return (
      <div className={`${styles.panel} ${styles.panelError}`} role="alert" data-testid="load-error">
        <p className={styles.panelText}>
          {said ? text(said) : <FormattedMessage id="account.loadFailed" />}
        </p>
        <Button variant="secondary" onClick={onRetry}>
          <FormattedMessage id="account.retry" />
        </Button>
      </div>
    );
  }
  return (
    <div className={styles.error} role="alert" data-testid="load-error">
      <p>{said ? text(said) : <FormattedMessage id="catalogue.loadFailed" />}</p>
      <Button variant="neutral" onClick={onRetry}>
        <FormattedMessage id="catalogue.retry" />
      </Button>
    </div>
  );
}
