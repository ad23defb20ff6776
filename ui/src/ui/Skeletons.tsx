import { useIntl } from "react-intl";
import styles from "./Skeletons.module.css";

/** What a screen reader hears while the placeholders show. */
function Loading() {
  const intl = useIntl();
  return <span className="visually-hidden">{intl.formatMessage({ id: "app.loading" })}</span>;
}

/** Placeholder cards while a grid or rail loads (same size as the cards: no layout shift). */
export function CardGridSkeleton({ count = 8, rail = false }: { count?: number; rail?: boolean }) {
  return (
    <div role="status" aria-live="polite" data-testid="skeleton">
      <Loading />
      <div className={rail ? styles.rail : styles.grid} aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          <div key={i} className={styles.card}>
            <div className={styles.media} />
            <div className={styles.line} />
            <div className={`${styles.line} ${styles.short}`} />
          </div>
        ))}
      </div>
    </div>
  );
}

/** Placeholder of a product or shop page. */
export function DetailSkeleton() {
  return (
    <div role="status" aria-live="polite" data-testid="skeleton">
      <Loading />
      <div className={styles.detail} aria-hidden="true">
        <div className={styles.media} />
        <div>
          <div className={`${styles.line} ${styles.title}`} />
          <div className={styles.line} />
          <div className={`${styles.line} ${styles.short}`} />
          <div className={`${styles.line} ${styles.short}`} />
        </div>
      </div>
    </div>
  );
}

/** Placeholder rows of a short list (subcategories, suggestions). */
export function ChipsSkeleton({ count = 6 }: { count?: number }) {
  return (
    <div role="status" aria-live="polite" data-testid="skeleton">
      <Loading />
      <div className={styles.chips} aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          <div key={i} className={styles.chip} />
        ))}
      </div>
    </div>
  );
}

/** A list or page still loading (the account area): placeholder rows, announced once. */
export function RowsSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <div className={styles.rows} role="status" aria-live="polite" data-testid="account-loading">
      <Loading />
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className={styles.row} aria-hidden="true" />
      ))}
    </div>
  );
}
