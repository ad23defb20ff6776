import { useEffect, useId, useRef, type ReactNode } from "react";
import { useIntl } from "react-intl";
import { showModal } from "./modal";
import styles from "./Dialog.module.css";

interface DialogProps {
  title: ReactNode;
  /** Escape, the close button: the owning flow decides what closing means. */
  onClose(): void;
  children: ReactNode;
  /** A wider dialog (the location picker). */
  wide?: boolean;
  testId?: string;
}

/**
 * A modal on the native <dialog> element (`showModal()`: focus trapped, the page inert,
 * Escape handled by the browser). On open the element marked `data-autofocus` gets the
 * focus; on close the focus goes back to the control that had it before (the browser
 * does not: React removes the element before it is closed), if it is still on the page.
 */
export function Dialog({ title, onClose, children, wide = false, testId }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const intl = useIntl();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    showModal(dialog);
    dialog.querySelector<HTMLElement>("[data-autofocus]")?.focus();
    return () => {
      if (dialog.open && typeof dialog.close === "function") dialog.close();
      const now = document.activeElement;
      const lost = now === null || now === document.body || dialog.contains(now) || !now.isConnected;
      if (lost && opener?.isConnected && opener !== document.body) opener.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className={`${styles.dialog} ${wide ? styles.wide : ""}`}
      aria-labelledby={titleId}
      data-testid={testId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className={styles.head}>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        <button
          type="button"
          className={styles.close}
          aria-label={intl.formatMessage({ id: "auth.close" })}
          onClick={onClose}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      <div className={styles.body}>{children}</div>
    </dialog>
  );
}
