import { Spinner } from "./Spinner";
import styles from "./PageSkeleton.module.css";

/**
 * Where a page's content goes while it loads (spec 2: a spinner shows): the spinner over
 * placeholders of a heading and a grid of cards, so the page keeps its shape. The page
 * the server sends for a route that needs the browser's data (its district, its cart)
 * carries this in the standard layout.
 */
export function PageSkeleton() {
  return (
    <div className={styles.skeleton}>
      <Spinner />
      <div className={styles.title} aria-hidden="true" />
      <div className={styles.grid} aria-hidden="true">
        {[0, 1, 2, 3, 4, 5].map((card) => (
          <div key={card} className={styles.card} />
        ))}
      </div>
    </div>
  );
}
