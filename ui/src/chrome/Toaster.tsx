import { useEffect } from "react";
import { useIntl } from "react-intl";
import { useAppStore, type Toast } from "../platform/store";
import { useCoreText } from "../i18n/coreText";
import { AlertIcon, CheckIcon, CloseIcon, InfoIcon } from "./icons";
import styles from "./Toaster.module.css";

/** How long a toast stays before it dismisses itself. */
export const TOAST_MS = 4000;

/**
 * The toasts the core's effects pushed (store.toasts). Errors are alerts, the rest
 * polite status messages; each closes itself after about 4 s or with its close button.
 */
export function Toaster() {
  const toasts = useAppStore((s) => s.toasts);
  const intl = useIntl();
  return (
    <section className={styles.region} aria-label={intl.formatMessage({ id: "chrome.toasts.label" })}>
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </section>
  );
}

function ToastItem({ toast }: { toast: Toast }) {
  const dismiss = useAppStore((s) => s.dismissToast);
  const text = useCoreText();
  const intl = useIntl();
  useEffect(() => {
    const timer = setTimeout(() => dismiss(toast.id), TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast.id, dismiss]);
  const Icon = toast.tone === "success" ? CheckIcon : toast.tone === "error" ? AlertIcon : InfoIcon;
  return (
    <div
      className={`${styles.toast} ${styles[toast.tone] ?? ""}`}
      role={toast.tone === "error" ? "alert" : "status"}
      data-tone={toast.tone}
    >
      <span className={styles.icon}>
        <Icon size={20} />
      </span>
      <p className={styles.text}>{text(toast.text)}</p>
      <button
        type="button"
        className={styles.close}
        aria-label={intl.formatMessage({ id: "app.close" })}
        onClick={() => dismiss(toast.id)}
      >
        <CloseIcon size={16} />
      </button>
    </div>
  );
}
