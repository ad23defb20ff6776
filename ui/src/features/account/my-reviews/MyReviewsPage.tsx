import { FormattedMessage } from "react-intl";
import { Link } from "wouter";
import { OwnReviewActions, WriteReviewButton } from "../../../shop/reviews/ReviewButtons";
import { Stars } from "../../../shop/reviews/Stars";
import { EmptyState, LoadError } from "../../../ui/States";
import { RowsSkeleton } from "../../../ui/Skeletons";
import { AccountLayout } from "../AccountLayout";
import { useFormat } from "../format";
import { LoadMoreButton } from "../Lists";
import { rowsOf, useMyReviews, useWaitingReviews, type MyReview, type WaitingProduct } from "../queries";
import styles from "../Account.module.css";

/**
 * /account/my-reviews (issue 36): the delivered products waiting for the customer's
 * review, each with "Write a review", then the customer's reviews (the product's picture
 * and name, the stars, the comment, the date, and a note when the store hid it), each
 * with Edit (the same form as the product page) and Delete (after a confirmation).
 * Both lists go page by page; each has its own empty and failed states.
 */
export default function MyReviewsPage() {
  const waiting = useWaitingReviews();
  const written = useMyReviews();
  return (
    <AccountLayout title={<FormattedMessage id="chrome.account.myReviews" />} testId="my-reviews-page">
      {/* The two lists are drawn together: the second drawn under a first still loading
          would be pushed down when it came. */}
      {waiting.isPending || written.isPending ? (
        <RowsSkeleton rows={3} />
      ) : (
        <>
          <Waiting waiting={waiting} />
          <Written reviews={written} />
        </>
      )}
    </AccountLayout>
  );
}

function Waiting({ waiting }: { waiting: ReturnType<typeof useWaitingReviews> }) {
  const rows = rowsOf(waiting.data);
  return (
    <section className={styles.card} aria-labelledby="reviews-waiting" data-testid="reviews-waiting">
      <h2 id="reviews-waiting" className={styles.cardTitle}>
        <FormattedMessage id="account.reviews.waiting" />
      </h2>
      {waiting.isError ? (
        <LoadError look="panel" error={waiting.error} onRetry={() => void waiting.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState look="panel">
          <FormattedMessage id="account.reviews.waitingNone" />
        </EmptyState>
      ) : (
        <>
          <ul className={styles.list} data-testid="waiting-list">
            {rows.map((item) => (
              <WaitingRow key={item.product_id} item={item} />
            ))}
          </ul>
          <LoadMoreButton hasNext={waiting.hasNextPage} loading={waiting.isFetchingNextPage} onLoad={() => void waiting.fetchNextPage()} />
        </>
      )}
    </section>
  );
}

function Picture({ src }: { src: string }) {
  return src ? (
    <img className={styles.thumb} src={src} alt="" width={56} height={56} loading="lazy" />
  ) : (
    <span className={styles.thumb} aria-hidden="true" />
  );
}

function WaitingRow({ item }: { item: WaitingProduct }) {
  const format = useFormat();
  return (
    <li className={styles.favouriteRow} data-testid="waiting-row">
      <Picture src={item.image} />
      <div className={`${styles.rowMain} ${styles.favouriteMain}`}>
        <Link href={`/products/${item.product_id}`} className={styles.rowTitle}>
          {item.name}
        </Link>
        <span className={styles.small}>
          <FormattedMessage id="account.reviews.delivered" values={{ date: format.date(item.delivered_at) }} />
        </span>
      </div>
      <div className={styles.favouriteRemove}>
        <WriteReviewButton productId={item.product_id} productName={item.name} variant="secondary" />
      </div>
    </li>
  );
}

function Written({ reviews }: { reviews: ReturnType<typeof useMyReviews> }) {
  const rows = rowsOf(reviews.data);
  return (
    <section className={styles.card} aria-labelledby="reviews-mine" data-testid="reviews-mine">
      <h2 id="reviews-mine" className={styles.cardTitle}>
        <FormattedMessage id="account.reviews.mine" />
      </h2>
      {reviews.isError ? (
        <LoadError look="panel" error={reviews.error} onRetry={() => void reviews.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState look="panel">
          <FormattedMessage id="account.reviews.none" />
        </EmptyState>
      ) : (
        <>
          <ul className={styles.list} data-testid="my-review-list">
            {rows.map((review) => (
              <ReviewRow key={review.id} review={review} />
            ))}
          </ul>
          <LoadMoreButton hasNext={reviews.hasNextPage} loading={reviews.isFetchingNextPage} onLoad={() => void reviews.fetchNextPage()} />
        </>
      )}
    </section>
  );
}

function ReviewRow({ review }: { review: MyReview }) {
  const format = useFormat();
  const product = review.product;
  return (
    <li className={styles.favouriteRow} data-testid="my-review-row">
      <Picture src={product.image} />
      <div className={`${styles.rowMain} ${styles.favouriteMain}`}>
        <Link href={`/products/${product.id}`} className={styles.rowTitle}>
          {product.name}
        </Link>
        <span className={styles.small}>
          <Stars rating={review.rating} />{" "}
          <FormattedMessage id="account.reviews.written" values={{ date: format.date(review.created_at) }} />
        </span>
        {review.comment ? (
          <p className={styles.reviewComment} dir="auto" lang={review.language}>
            {review.comment}
          </p>
        ) : null}
        {review.hidden ? (
          <p className={styles.small} data-testid="review-hidden">
            <FormattedMessage id="reviews.hidden" />
          </p>
        ) : null}
      </div>
      <div className={styles.favouriteRemove}>
        <OwnReviewActions
          productId={product.id}
          productName={product.name}
          review={{ id: review.id, rating: review.rating, comment: review.comment ?? null }}
        />
      </div>
    </li>
  );
}
