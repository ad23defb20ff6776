import { useEffect, useId, useRef, type ReactNode } from "react";
import { FormattedMessage } from "react-intl";
import styles from "./Account.module.css";

interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  body: ReactNode;
  confirmLabel: ReactNode;
  busy?: boolean;
  onConfirm(): void;
  onCancel(): void;
  testId?: string;
}

/**
 * A yes/no question in a native modal <dialog> (`showModal()`: focus kept inside, the
 * page inert, Escape cancels). "Keep" has the focus, so Enter never destroys by accident.
 */
export function ConfirmDialog({ open, title, body, confirmLabel, busy = false, onConfirm, onCancel, testId }: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();
  // One confirmation per opening: a double click lands before `busy` re-renders, and a
  // second cancel or delete would come back refused right after the first succeeded.
  const confirmed = useRef(false);
  const confirm = () => {
    if (confirmed.current || busy) return;
    confirmed.current = true;
    onConfirm();
  };
  useEffect(() => {
    if (open && !busy) confirmed.current = false;
  }, [open, busy]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (typeof dialog.showModal === "function") dialog.showModal();
      else dialog.setAttribute("open", "");
    } else if (!open && dialog.open) {
      if (typeof dialog.close === "function") dialog.close();
      else dialog.removeAttribute("open");
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      data-testid={testId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      {open ? (
        <>
          <h2 id={titleId} className={styles.dialogTitle}>
            {title}
          </h2>
          <p id={bodyId} className={styles.muted}>
            {body}
          </p>
          <div className={styles.actions}>
            <button type="button" className={styles.ghost} onClick={onCancel} autoFocus>
              <FormattedMessage id="account.confirm.keep" />
            </button>
            <button type="button" className={styles.danger} onClick={confirm} disabled={busy} aria-busy={busy}>
              {confirmLabel}
            </button>
          </div>
        </>
      ) : null}
    </dialog>
  );
}
