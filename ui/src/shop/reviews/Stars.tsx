import { useIntl } from "react-intl";
import styles from "./Reviews.module.css";

const STAR_PATH = "M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z";

/** A review's whole stars, read out as one image ("Rated 4 out of 5"). */
export function Stars({ rating }: { rating: number }) {
  const intl = useIntl();
  return (
    <span
      className={styles.shownStars}
      role="img"
      aria-label={intl.formatMessage({ id: "catalogue.rating" }, { rating: intl.formatNumber(rating), max: 5 })}
      data-rating={rating}
    >
      {[1, 2, 3, 4, 5].map((star) => (
        <svg key={star} className={`${styles.shownStar} ${star <= rating ? styles.starOn : ""}`} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d={STAR_PATH} />
        </svg>
      ))}
    </span>
  );
}
