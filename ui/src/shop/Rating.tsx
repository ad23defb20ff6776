import { useIntl } from "react-intl";
import { fill, formatWithSlots, SlotIf, useTemplateMode } from "../ui/template";
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

interface ReviewRatingProps {
  /** The customers' reviews' average (one decimal), null without reviews. */
  average: number | null;
  count: number;
  /** In a template: the context's fields of the average and the count (`item.rating_average`). */
  averageField?: string;
  countField?: string;
}

/**
 * A product card's customer rating (issue 36): a star, the reviews' average and their
 * count, or 'No reviews yet'. The count is said as "Reviews: n", which needs no plural
 * form, so a server template writes it with its digits alone. In a template (given the
 * fields), the server writes the numbers in the page's digits.
 */
export function ReviewRating({ average, count, averageField, countField }: ReviewRatingProps) {
  const intl = useIntl();
  const template = useTemplateMode() && averageField !== undefined && countField !== undefined;
  const shownAverage = template
    ? fill(`${averageField} | decimal1(language)`)
    : intl.formatNumber(average ?? 0, { maximumFractionDigits: 1, minimumFractionDigits: 1 });
  const shownCount = template ? fill(`${countField} | digits(language)`) : intl.formatNumber(count);
  const countText = template
    ? formatWithSlots(intl, "catalogue.reviewCount", {}, { count: shownCount })
    : intl.formatMessage({ id: "catalogue.reviewCount" }, { count });
  return (
    <SlotIf
      test={`${countField ?? ""} > 0`}
      when={count > 0}
      otherwise={
        <span className={styles.noReviews} data-testid="card-rating">
          {intl.formatMessage({ id: "catalogue.cardNoReviews" })}
        </span>
      }
    >
      <span className={styles.reviewRating} data-testid="card-rating">
        <span
          className={styles.rating}
          role="img"
          aria-label={intl.formatMessage({ id: "catalogue.rating" }, { rating: shownAverage, max: 5 })}
        >
          <span aria-hidden="true">★</span> <span aria-hidden="true">{shownAverage}</span>
        </span>{" "}
        <span className={styles.ratingCount}>
          <span aria-hidden="true">({shownCount})</span>
          <span className="visually-hidden">{countText}</span>
        </span>
      </span>
    </SlotIf>
  );
}
