import { useIntl } from "react-intl";
import { fill, useTemplateMode } from "../ui/template";
import styles from "./Cards.module.css";

/**
 * Average stars, as a number with a star, read out in full. In a template, `field` is the
 * context's value (`product.rating`), written by the server in the page's digits.
 */
export function Rating({ value, field }: { value: number; field?: string }) {
  const intl = useIntl();
  const template = useTemplateMode() && field !== undefined;
  const shown = template
    ? fill(`${field} | decimal1(language)`)
    : intl.formatNumber(value, { maximumFractionDigits: 1, minimumFractionDigits: 1 });
  return (
    <span
      className={styles.rating}
      role="img"
      data-rating={template ? fill(`${field} | js_number`) : value}
      aria-label={intl.formatMessage({ id: "catalogue.rating" }, { rating: shown, max: 5 })}
    >
      <span aria-hidden="true">★</span> <span aria-hidden="true">{shown}</span>
    </span>
  );
}
