import { useIntl } from "react-intl";
import styles from "./Spinner.module.css";

/** The loading spinner (spec 2), announced to screen readers. */
export function Spinner() {
  const intl = useIntl();
  return (
    <div className={styles.wrap} role="status" aria-live="polite">
      <span className={styles.spinner} aria-hidden="true" />
      <span className="visually-hidden">{intl.formatMessage({ id: "app.loading" })}</span>
    </div>
  );
}
