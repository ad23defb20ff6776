import { useEffect, useId, useRef, type ReactNode } from "react";
import { FormattedMessage } from "react-intl";
import type { Text } from "storefront-core";
import { useCoreText } from "../../i18n/LocaleProvider";
import styles from "./Dialog.module.css";

interface ConfirmDialogProps {
  /** The question (a core message, or text already in the page's language); the dialog is open while it is set. */
  message: Text | string | null;
  onConfirm(): void;
  onCancel(): void;
  /** The title and button labels; the different-shop question's when left out. */
  title?: ReactNode;
  acceptLabel?: ReactNode;
  cancelLabel?: ReactNode;
}

/**
 * A question in a native modal dialog (focus is kept inside it): the different-shop
 * question by default, or another (emptying a cart its shop cannot deliver).
 */
export function ConfirmDialog({ message, onConfirm, onCancel, title, acceptLabel, cancelLabel }: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const text = useCoreText();
  const titleId = useId();
  const bodyId = useId();
  const open = message !== null;

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
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id={titleId} className={styles.title}>
        {title ?? <FormattedMessage id="catalogue.confirm.title" />}
      </h2>
      <p id={bodyId}>{message === null ? null : typeof message === "string" ? message : text(message)}</p>
      <div className={styles.actions}>
        <button type="button" className={styles.secondary} onClick={onCancel} autoFocus>
          {cancelLabel ?? <FormattedMessage id="catalogue.confirm.cancel" />}
        </button>
        <button type="button" className={styles.primary} onClick={onConfirm}>
          {acceptLabel ?? <FormattedMessage id="catalogue.confirm.accept" />}
        </button>
      </div>
    </dialog>
  );
}
