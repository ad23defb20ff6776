import { useEffect, useId, useMemo, useRef, useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Controller, useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { FormattedMessage, useIntl } from "react-intl";
import { checkField, type Language } from "storefront-core";
import limits from "storefront-core/data/limits.json";
import { ApiError, errorText } from "../../api/client";
import { useAppStore } from "../../platform/store";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { FieldFrame } from "../../ui/Field";
import fieldStyles from "../../ui/Field.module.css";
import { firstIssue, focusFirstInvalid } from "../../ui/form";
import { z } from "../../ui/zod";
import { refreshAfterReview, reviewGone, saveReview, type EditedReview } from "./reviewCalls";
import { StarInput } from "./StarInput";
import styles from "./Reviews.module.css";

/*
 * The review form (issue 36): a rating of one to five stars and an optional comment,
 * in a dialog, for a new review or the customer's own. It runs on the whole core (its
 * rules), so the screens that open it load it only when it opens.
 */

export interface ReviewValues {
  /** "" until a star is chosen, then "1" … "5". */
  rating: string;
  comment: string;
}

/** The most graphemes a comment takes (the core's `REVIEW_COMMENT_MAX_GRAPHEMES`), shown in the counter. */
export const COMMENT_MAX = limits.review_comment_max_graphemes;

/** The review form's schema: the rating's and the comment's rules are the core's. */
export function reviewSchema(language: Language) {
  return z.object({ rating: z.string(), comment: z.string() }).superRefine((v, ctx) => {
    firstIssue(ctx, "rating", language, checkField(v.rating, { rule: "review_rating" }));
    firstIssue(ctx, "comment", language, checkField(v.comment, { rule: "review_comment" }));
  });
}

/**
 * How many characters the shopper sees in `text` (grapheme clusters, after trimming), as
 * the core counts them: an emoji or an Arabic letter with its marks counts once.
 */
export function graphemeCount(text: string): number {
  const trimmed = text.trim();
  if (trimmed === "") return 0;
  return [...new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(trimmed)].length;
}

interface ReviewDialogProps {
  productId: number;
  productName: string;
  /** The customer's own review, to edit; none: a new one. */
  review: EditedReview | null;
  onClose(): void;
}

/** The review form in a dialog; closes once saved, after the product's reviews are read again. */
export default function ReviewDialog({ productId, productName, review, onClose }: ReviewDialogProps) {
  const intl = useIntl();
  const language = useAppStore((s) => s.language);
  const queryClient = useQueryClient();
  const schema = useMemo(() => reviewSchema(language), [language]);
  const form = useForm<ReviewValues>({
    resolver: zodResolver(schema),
    mode: "onTouched",
    shouldFocusError: false,
    defaultValues: { rating: review ? String(review.rating) : "", comment: review?.comment ?? "" },
  });
  const { control, register, handleSubmit, setError, formState } = form;
  const comment = useWatch({ control, name: "comment" });
  const ratingLabel = useId();
  const commentId = useId();
  const formId = useId();
  // The review being edited was deleted elsewhere (the API answered 404).
  const [gone, setGone] = useState(false);
  const closeButton = useRef<HTMLButtonElement>(null);
  // The form leaves the dialog: the focus goes to what replaces it.
  useEffect(() => {
    if (gone) closeButton.current?.focus();
  }, [gone]);
  // The pages are read again only as the dialog closes: on the product screen the edit
  // button that holds this dialog becomes "Write a review" once they are, and the dialog
  // would go with it before the shopper has read why.
  const close = () => {
    if (gone) void refreshAfterReview(queryClient);
    onClose();
  };

  const save = useMutation({
    mutationFn: (v: ReviewValues) =>
      saveReview(productId, review, { rating: Number(v.rating), comment: v.comment.trim() === "" ? null : v.comment }),
    onSuccess: async () => {
      await refreshAfterReview(queryClient);
      onClose();
    },
    onError: (error) => {
      if (review && reviewGone(error)) {
        setGone(true);
        return;
      }
      // A 422 on a field of the form goes beside it; anything else is a toast.
      const fields = error instanceof ApiError ? error.fields : [];
      const shown = fields.filter((f) => f.field === "rating" || f.field === "comment");
      for (const { field, message } of shown) setError(field as keyof ReviewValues, { type: "server", message });
      if (shown.length > 0) {
        requestAnimationFrame(() => focusFirstInvalid(document.getElementById(formId) as HTMLFormElement | null));
        return;
      }
      const other = fields[0];
      useAppStore.getState().pushToast("error", other ? { kind: "server", text: other.message } : errorText(error));
    },
  });

  const errorOf = (name: keyof ReviewValues) => {
    const error = formState.errors[name];
    if (!error?.message) return undefined;
    return formState.touchedFields[name] || formState.isSubmitted ? error.message : undefined;
  };
  const ratingError = errorOf("rating");
  const commentError = errorOf("comment");
  const count = graphemeCount(comment);
  const title = review ? "reviews.edit" : "reviews.write";

  return (
    <Dialog title={<FormattedMessage id={title} />} onClose={close} testId="review-dialog">
      {gone ? (
        <div className={styles.form}>
          <p className={styles.gone} role="alert" data-testid="review-gone">
            <FormattedMessage id="reviews.gone" />
          </p>
          <div className={styles.actions}>
            <Button ref={closeButton} variant="primary" onClick={close} data-testid="review-gone-ok">
              <FormattedMessage id="reviews.gone.ok" />
            </Button>
          </div>
        </div>
      ) : (
        <form
          id={formId}
          className={styles.form}
          noValidate
          onSubmit={(event) => {
            void handleSubmit(
              (values) => save.mutate(values),
              () => requestAnimationFrame(() => focusFirstInvalid(document.getElementById(formId) as HTMLFormElement | null)),
            )(event);
          }}
        >
          <p className={styles.product}>
            <FormattedMessage id="reviews.form.product" values={{ name: productName }} />
          </p>
          <div>
            <p id={ratingLabel} className={styles.legend}>
              <FormattedMessage id="reviews.form.rating" />
            </p>
            <Controller
              control={control}
              name="rating"
              render={({ field }) => (
                <StarInput
                  name={field.name}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  labelledBy={ratingLabel}
                  errorId={ratingError ? `${ratingLabel}-error` : undefined}
                />
              )}
            />
            {ratingError ? (
              <p id={`${ratingLabel}-error`} className={styles.error} role="alert" data-testid="field-error">
                {ratingError}
              </p>
            ) : null}
          </div>
          <FieldFrame
            id={commentId}
            label={<FormattedMessage id="reviews.form.comment" />}
            optional
            error={commentError}
            counter={
              <span id={`${commentId}-count`} className={fieldStyles.counter} data-testid="comment-counter">
                <span aria-hidden="true">
                  {intl.formatMessage({ id: "account.counter" }, { count: intl.formatNumber(count), max: intl.formatNumber(COMMENT_MAX) })}
                </span>
                <span className="visually-hidden">
                  {intl.formatMessage({ id: "reviews.form.counter" }, { count: intl.formatNumber(count), max: intl.formatNumber(COMMENT_MAX) })}
                </span>
              </span>
            }
          >
            <textarea
              {...register("comment")}
              id={commentId}
              className={`${fieldStyles.input} ${styles.comment}`}
              dir="auto"
              rows={5}
              aria-invalid={commentError ? true : undefined}
              aria-describedby={[`${commentId}-count`, commentError ? `${commentId}-error` : null].filter(Boolean).join(" ")}
            />
          </FieldFrame>
          <div className={styles.actions}>
            <Button variant="secondary" onClick={onClose}>
              <FormattedMessage id="reviews.form.cancel" />
            </Button>
            <Button variant="primary" type="submit" busy={save.isPending} data-testid="review-submit">
              <FormattedMessage id={review ? "reviews.form.save" : "reviews.form.submit"} />
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
