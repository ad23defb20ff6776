import { lazy, Suspense, useState, type ComponentProps } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { FormattedMessage, useIntl } from "react-intl";
import { errorText } from "../../api/client";
import { useAppStore } from "../../platform/store";
import { Button } from "../../ui/Button";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { findMyReview, reportReviewGone, useDeleteReview, type EditedReview } from "./reviewCalls";
import styles from "./Reviews.module.css";

// The form runs on the whole core: loaded when it opens, never with the screen.
const ReviewDialog = lazy(() => import("./ReviewDialog"));

type DialogProps = ComponentProps<typeof ReviewDialog>;

function LazyReviewDialog(props: DialogProps) {
  return (
    <Suspense fallback={null}>
      <ReviewDialog {...props} />
    </Suspense>
  );
}

interface ProductRef {
  productId: number;
  productName: string;
}

/** "Write a review": opens the empty form for the product. */
export function WriteReviewButton({ productId, productName, variant = "primary" }: ProductRef & { variant?: "primary" | "secondary" }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const text = intl.formatMessage({ id: "reviews.write" });
  return (
    <>
      {/* In a list of products (secondary) the name says which: it starts with the words shown. */}
      <Button
        variant={variant}
        onClick={() => setOpen(true)}
        aria-label={variant === "secondary" ? `${text}: ${productName}` : undefined}
        data-testid="write-review"
      >
        {text}
      </Button>
      {open ? <LazyReviewDialog productId={productId} productName={productName} review={null} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

/** "Edit your review" on the product screen: the form filled with the customer's review. */
export function EditMyReviewButton({ productId, productName, reviewId }: ProductRef & { reviewId: number }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [review, setReview] = useState<EditedReview | null>(null);
  const [finding, setFinding] = useState(false);
  const open = async () => {
    setFinding(true);
    try {
      const found = await findMyReview(queryClient, reviewId);
      if (found) setReview(found);
      // Deleted elsewhere since the page was read: say so, and show "Write a review".
      else await reportReviewGone(queryClient, intl.formatMessage({ id: "reviews.gone" }));
    } catch (error) {
      useAppStore.getState().pushToast("error", errorText(error));
    } finally {
      setFinding(false);
    }
  };
  return (
    <>
      <Button variant="primary" busy={finding} onClick={() => void open()} data-testid="edit-review">
        <FormattedMessage id="reviews.edit" />
      </Button>
      {review ? <LazyReviewDialog productId={productId} productName={productName} review={review} onClose={() => setReview(null)} /> : null}
    </>
  );
}

/** Edit and Delete of one of the customer's own reviews (Delete after a confirmation). */
export function OwnReviewActions({ productId, productName, review }: ProductRef & { review: EditedReview }) {
  const intl = useIntl();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteReview();
  return (
    <div className={styles.actions} data-testid="own-review-actions">
      {/* Named with the product (there may be many): the name starts with the words shown. */}
      <Button
        variant="secondary"
        onClick={() => setEditing(true)}
        aria-label={`${intl.formatMessage({ id: "reviews.editShort" })}: ${productName}`}
        data-testid="edit-own-review"
      >
        <FormattedMessage id="reviews.editShort" />
      </Button>
      <Button
        variant="danger"
        onClick={() => setConfirming(true)}
        aria-label={`${intl.formatMessage({ id: "reviews.delete" })}: ${productName}`}
        data-testid="delete-own-review"
      >
        <FormattedMessage id="reviews.delete" />
      </Button>
      {editing ? <LazyReviewDialog productId={productId} productName={productName} review={review} onClose={() => setEditing(false)} /> : null}
      <ConfirmDialog
        open={confirming}
        title={<FormattedMessage id="reviews.delete.title" />}
        body={intl.formatMessage({ id: "reviews.delete.body" }, { name: productName })}
        confirmLabel={<FormattedMessage id="reviews.delete.confirm" />}
        busy={remove.isPending}
        onConfirm={() => remove.mutate(review.id, { onSettled: () => setConfirming(false) })}
        onCancel={() => setConfirming(false)}
        testId="delete-review-dialog"
      />
    </div>
  );
}
