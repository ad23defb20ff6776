import fieldStyles from "../../ui/Field.module.css";
import { useState, type ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { useHydrated } from "../../platform/hydration";
import { runEffects } from "../../platform/effects";
import { useAppStore } from "../../platform/store";
import type { ProductDetail } from "../../shop/catalogue";
import { EditMyReviewButton, OwnReviewActions, WriteReviewButton } from "../../shop/reviews/ReviewButtons";
import { useReviewVote } from "../../shop/reviews/reviewCalls";
import { Button } from "../../ui/Button";
import { RowsSkeleton } from "../../ui/Skeletons";
import { LoadError } from "../../ui/States";
import { fill, formatWithSlots, pluralSlot, SlotEach, SlotIf, useTemplateMode } from "../../ui/template";
import { REVIEW_SORTS, useProductReviews, type ReviewItem, type ReviewSort, type StarFill } from "./reviews";
import styles from "./ProductReviews.module.css";

/*
 * The product screen's reviews (issue 36): the summary and the newest reviews. The
 * server's page draws it from its template (`ssr/prerender.tsx`), filled from the
 * context static-host writes (`web/product_reviews.rs`: `reviews.stars`,
 * `reviews.count_form`, `reviews.shown`, each with `day`), and the app's first render
 * reads the same answer from its seeded cache, so the two are the same markup.
 */

const STAR_PATH = "M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z";

const STAR_CLASS: Record<StarFill, string | undefined> = { full: styles.full, half: styles.half, empty: styles.empty };

/** Five stars, read out as one image; `classes` each star's fill class (Jinja in a template). */
function Stars({ classes, label }: { classes: readonly (string | undefined)[]; label: string }) {
  return (
    <span className={styles.stars} role="img" aria-label={label}>
      {classes.map((fill, i) => (
        <svg key={i} className={`${styles.star} ${fill ?? ""}`} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          {/* The outline, and the fill: whole, its start half (CSS clips it, mirrored in RTL) or none. */}
          <path className={styles.starOutline} d={STAR_PATH} />
          <path className={styles.starFill} d={STAR_PATH} />
        </svg>
      ))}
    </span>
  );
}

/** A template's fill class for a star: `full` when `test` holds, else `half` when `half` does, else `empty`. */
function slotStar(full: string, half: string | null): string {
  const halfBranch = half ? `{% elif ${half} %}${styles.half ?? ""}` : "";
  return `{% if ${full} %}${styles.full ?? ""}${halfBranch}{% else %}${styles.empty ?? ""}{% endif %}`;
}

function Summary({ product }: { product: ProductDetail }) {
  const intl = useIntl();
  const template = useTemplateMode();
  const summary = product.review_summary;
  const average = template
    ? fill("product.review_summary.average | decimal1(language)")
    : intl.formatNumber(summary.average ?? 0, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const stars = template
    ? [0, 1, 2, 3, 4].map((i) => slotStar(`reviews.stars[${i}] == 'full'`, `reviews.stars[${i}] == 'half'`))
    : summary.stars.map((fill) => STAR_CLASS[fill]);
  const count = template
    ? pluralSlot(intl, "catalogue.reviews.count", {}, {
        count: "product.review_summary.count | digits(language)",
        form: "reviews.count_form",
      })
    : intl.formatMessage({ id: "catalogue.reviews.count" }, { count: summary.count });
  return (
    <div className={styles.summary}>
      <p className={styles.average}>
        <span className={styles.averageNumber} aria-hidden="true">
          {average}
        </span>
        <Stars classes={stars} label={intl.formatMessage({ id: "catalogue.rating" }, { rating: average, max: 5 })} />
        <span className={styles.count}>{count}</span>
      </p>
      <ul className={styles.bars}>
        {[5, 4, 3, 2, 1].map((star) => {
          const field = `product.review_summary.distribution[${star - 1}]`;
          const share = template ? fill(`${field} | digits(language)`) : (summary.distribution[star - 1] ?? 0);
          // The bar's value is an attribute: the number in ASCII digits, whatever the page's.
          const width = template ? fill(field) : share;
          const text = (id: string) =>
            template
              ? formatWithSlots(intl, id, { stars: star }, { share: String(share) })
              : intl.formatMessage({ id }, { stars: star, share });
          return (
            <li key={star} className={styles.bar}>
              <span className="visually-hidden">{text("catalogue.reviews.share")}</span>
              <span className={styles.barStars} aria-hidden="true">
                {intl.formatNumber(star)}★
              </span>
              {/* A progress bar, not a styled width: the page's CSP allows no inline style. */}
              <progress className={styles.barTrack} max={100} value={width} aria-hidden="true" />
              <span className={styles.barShare} aria-hidden="true">
                {text("catalogue.reviews.percent")}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** What a template's review reads (the fields of `reviews.shown`). */
interface ShownReview {
  id: number | string;
  rating: number | string;
  comment?: string | null;
  language: string;
  created_at: string;
  reviewer?: string | null;
  day: string;
}

const TEMPLATE_REVIEW: ShownReview = {
  id: fill("review.id"),
  rating: fill("review.rating"),
  comment: fill("review.comment"),
  language: fill("review.language"),
  created_at: fill("review.created_at"),
  reviewer: fill("review.reviewer"),
  day: fill("review.day"),
};

/** `text`'s ASCII digits in the page language's (the server's `in_digits`). */
function pageDigits(text: string, arabic: boolean): string {
  return arabic ? text.replace(/[0-9]/g, (d) => String.fromCharCode(0x0660 + Number(d))) : text;
}

/**
 * What a shopper can do with a review once the page is the app's: their own is marked,
 * with Edit and Delete; another's can be reported (once) and marked helpful (once).
 * Guests are asked to sign in first, as the favourite button does.
 */
function ReviewActions({ review, product }: { review: ReviewItem; product: ProductDetail }) {
  const intl = useIntl();
  const signedIn = useAppStore((s) => s.client.token !== null);
  const report = useReviewVote("report");
  const helpful = useReviewVote("helpful");
  if (review.mine) {
    return (
      <OwnReviewActions
        productId={product.id}
        productName={product.name}
        review={{ id: review.id, rating: review.rating, comment: review.comment ?? null }}
      />
    );
  }
  const act = (run: () => void) => () => {
    if (!signedIn) {
      runEffects([{ type: "open_modal", modal: "signIn" }]);
      return;
    }
    run();
  };
  const count = intl.formatNumber(review.helpful_count);
  return (
    <div className={styles.reviewActions}>
      <Button
        variant="link"
        aria-pressed={review.voted_helpful}
        aria-label={intl.formatMessage({ id: "reviews.helpful.label" }, { count })}
        disabled={review.voted_helpful}
        busy={helpful.isPending}
        onClick={act(() => helpful.mutate(review.id))}
        data-testid="review-helpful"
      >
        {intl.formatMessage({ id: "reviews.helpful" }, { count })}
      </Button>
      {review.reported ? (
        <span className={styles.reported} data-testid="review-reported">
          <FormattedMessage id="reviews.reported" />
        </span>
      ) : (
        <Button
          variant="link"
          aria-label={intl.formatMessage({ id: "reviews.report.label" })}
          busy={report.isPending}
          onClick={act(() => report.mutate(review.id))}
          data-testid="review-report"
        >
          <FormattedMessage id="reviews.report" />
        </Button>
      )}
    </div>
  );
}

function Review({ review, early, actions }: { review: ShownReview; early: boolean; actions?: ReactNode }) {
  const intl = useIntl();
  const template = useTemplateMode();
  const language = useAppStore((s) => s.language);
  const rating = template ? fill("review.rating | digits(language)") : intl.formatNumber(Number(review.rating));
  const stars = [1, 2, 3, 4, 5].map((star) =>
    template ? slotStar(`review.rating >= ${star}`, null) : STAR_CLASS[Number(review.rating) >= star ? "full" : "empty"],
  );
  // Until the page is adopted, the day as the server writes it; then the page locale's date.
  const day = template
    ? review.day
    : early
      ? pageDigits(review.created_at.slice(0, 10), intl.locale.startsWith("ar"))
      : intl.formatDate(review.created_at, { year: "numeric", month: "long", day: "numeric" });
  return (
    <li className={styles.review} lang={review.language}>
      <p className={styles.reviewHead}>
        <span className={styles.reviewer} dir="auto">
          <SlotIf test="review.reviewer" when={!!review.reviewer} otherwise={<FormattedMessage id="catalogue.reviews.anonymous" />}>
            {review.reviewer}
          </SlotIf>
        </span>
        <Stars classes={stars} label={intl.formatMessage({ id: "catalogue.rating" }, { rating, max: 5 })} />
        <time className={styles.date} dateTime={review.created_at}>
          {day}
        </time>
        {actions && (review as Partial<ReviewItem>).mine ? (
          <span className={styles.mine} data-testid="review-mine">
            <FormattedMessage id="reviews.mine" />
          </span>
        ) : null}
      </p>
      <SlotIf test="review.comment" when={!!review.comment}>
        {/* Text, never markup: React escapes it, and so does the server's template. */}
        <p className={styles.comment} dir="auto">
          {review.comment}
        </p>
      </SlotIf>
      {/* Its place is kept in the server's page too, so the actions push nothing down;
          their words are the page's language, not the review's. */}
      <div className={styles.reviewActionsRow} lang={template ? fill("language") : language}>
        {actions}
      </div>
    </li>
  );
}

function ReviewList({ product }: { product: ProductDetail }) {
  const intl = useIntl();
  const template = useTemplateMode();
  const early = !useHydrated();
  const [sort, setSort] = useState<ReviewSort>("newest");
  const reviews = useProductReviews(product.id, product.review_summary.count, sort, !template);
  const shown: (ShownReview & ReviewItem)[] = (reviews.data?.pages.flat() ?? []).map((review: ReviewItem) => ({
    ...review,
    day: review.created_at.slice(0, 10),
  }));
  return (
    <>
      <div className={styles.sort}>
        <label htmlFor="product-reviews-sort">
          <FormattedMessage id="catalogue.reviews.sort" />
        </label>
        <select id="product-reviews-sort" className={fieldStyles.select} value={sort} onChange={(event) => setSort(event.target.value as ReviewSort)}>
          {REVIEW_SORTS.map((option) => (
            <option key={option} value={option}>
              {intl.formatMessage({ id: `catalogue.reviews.sort.${option}` })}
            </option>
          ))}
        </select>
      </div>
      {/* The states only once the page is adopted: the server's page drew the list it had. */}
      {!template && !early && reviews.isPending ? <RowsSkeleton rows={2} /> : null}
      {!template && !early && reviews.isError && !reviews.data ? (
        <LoadError error={reviews.error} onRetry={() => void reviews.refetch()} />
      ) : null}
      <ol className={styles.list}>
        <SlotEach
          items={shown}
          list="reviews.shown"
          as="review"
          fields={[]}
          render={(review) =>
            template ? (
              <Review key="template" review={TEMPLATE_REVIEW} early />
            ) : (
              <Review
                key={review.id}
                review={review}
                early={early}
                actions={early ? null : <ReviewActions review={review} product={product} />}
              />
            )
          }
        />
      </ol>
      {!template && reviews.isFetchNextPageError ? (
        <LoadError error={reviews.error} onRetry={() => void reviews.fetchNextPage()} />
      ) : null}
      <SlotIf test="product.review_summary.count > reviews.shown | length" when={reviews.hasNextPage}>
        <Button
          variant="secondary"
          className={styles.more}
          busy={reviews.isFetchingNextPage}
          onClick={() => void reviews.fetchNextPage()}
        >
          <FormattedMessage id="catalogue.reviews.more" />
        </Button>
      </SlotIf>
    </>
  );
}

/**
 * "Write a review" when the signed-in customer may (`review_action` write), "Edit your
 * review" when they have one (edit), nothing otherwise: guests, products not delivered
 * to them, and the server's page, which is drawn as a guest's.
 */
function MyReviewButton({ product }: { product: ProductDetail }) {
  const template = useTemplateMode();
  const hydrated = useHydrated();
  if (template || !hydrated) return null;
  if (product.review_action === "write") return <WriteReviewButton productId={product.id} productName={product.name} />;
  if (product.review_action === "edit" && product.my_review_id) {
    return <EditMyReviewButton productId={product.id} productName={product.name} reviewId={product.my_review_id} />;
  }
  return null;
}

/** The product's reviews: heading, summary and the list, or "No reviews yet". */
export function ProductReviews({ product }: { product: ProductDetail }) {
  return (
    <section aria-labelledby="product-reviews-title" className={styles.reviews} data-testid="product-reviews">
      <div className={styles.head}>
        <h2 id="product-reviews-title" className={styles.title}>
          <FormattedMessage id="catalogue.reviews.title" />
        </h2>
        <MyReviewButton product={product} />
      </div>
      <SlotIf
        test="product.review_summary.count > 0"
        when={product.review_summary.count > 0}
        otherwise={
          <p className={styles.none}>
            <FormattedMessage id="catalogue.reviews.none" />
          </p>
        }
      >
        <Summary product={product} />
        <ReviewList product={product} />
      </SlotIf>
    </section>
  );
}
