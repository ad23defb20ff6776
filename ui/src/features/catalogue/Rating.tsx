import { useIntl } from "react-intl";
import styles from "./Cards.module.css";

/** Average stars, as a number with a star, read out in full. */
export function Rating({ value }: { value: number }) {
  const intl = useIntl();
  const shown = intl.formatNumber(value, { maximumFractionDigits: 1, minimumFractionDigits: 1 });
  return (
    <span className={styles.rating} role="img" data-rating={value} aria-label={intl.formatMessage({ id: "catalogue.rating" }, { rating: shown, max: 5 })}>
      <span aria-hidden="true">★</span> <span aria-hidden="true">{shown}</span>
    </span>
  );
}
