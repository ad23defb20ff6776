import { useEffect, useId, useRef, type ReactNode } from "react";
import { FormattedMessage } from "react-intl";
import { closeModal, showModal } from "./modal";
import styles from "./ConfirmDialog.module.css";

interface ConfirmDialogProps {
  /** The dialog shows while this is true. */
  open: boolean;
  title: ReactNode;
  /** The question, or what confirming will do (text already in the page's language). */
  body: ReactNode;
  confirmLabel: ReactNode;
  /** The button that keeps things as they are: 'Keep' when left out. */
  cancelLabel?: ReactNode;
  /**
   * "danger" (the default): confirming destroys something (cancel an order, delete an
   * address), a red-outlined button. "primary": confirming goes ahead with what the
   * customer asked for (empty the cart and add), a filled brand button.
   */
  tone?: "danger" | "primary";
  /** The confirmed action is running: the confirm button is disabled and busy. */
  busy?: boolean;
  onConfirm(): void;
  onCancel(): void;
  testId?: string;
}

/**
 * A yes/no question in a native modal <dialog> (`showModal()`: focus kept inside, the
 * page inert, Escape cancels). The cancel button has the focus, so Enter never destroys
 * or empties anything by accident.
 */
export function ConfirmDialog({
  open,
  title,
  body,
  confirmLabel,
  cancelLabel,
  tone = "danger",
  busy = false,
  onConfirm,
  onCancel,
  testId,
}: ConfirmDialogProps) {
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
    if (open) showModal(dialog);
    else closeModal(dialog);
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={`${styles.dialog} ${styles[tone]}`}
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
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <p id={bodyId} className={styles.body}>
            {body}
          </p>
          <div className={styles.actions}>
            <button type="button" className={styles.cancel} onClick={onCancel} autoFocus>
              {cancelLabel ?? <FormattedMessage id="account.confirm.keep" />}
            </button>
            <button type="button" className={styles.confirm} onClick={confirm} disabled={busy} aria-busy={busy}>
              {confirmLabel}
            </button>
          </div>
        </>
      ) : null}
    </dialog>
  );
}
