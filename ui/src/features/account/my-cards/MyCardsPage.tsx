import { useEffect, useRef, useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { FormattedMessage, useIntl } from "react-intl";
import { ApiError, api, notFoundIsAnswer, unwrap } from "../../../api/client";
import { useAppStore } from "../../../platform/store";
import { AccountLayout } from "../AccountLayout";
import { ConfirmDialog } from "../../../ui/ConfirmDialog";
import { CardSummary, cardName } from "../../../ui/PaymentCard";
import { EmptyState, LoadError } from "../../../ui/States";
import { RowsSkeleton } from "../../../ui/Skeletons";
import { Button } from "../../../ui/Button";
import { toastError, toastServer } from "../errors";
import { useSavedCards, type SavedCard } from "../queries";
import styles from "../Account.module.css";

/** Where focus goes once the list has its new order: a card's delete button, or the heading. */
type FocusAfter = { card: number } | "heading" | null;

/**
 * /account/my-cards (issue 36): the customer's saved payment cards, the default first —
 * the scheme's mark, "•••• 4242", the expiry, "Expired" and "Default" badges — with
 * "Set as default" and "Delete" (confirmed first). Cards are saved at checkout
 * ("Save this card for next time"); the server keeps only the card's token, scheme,
 * last four digits and expiry. Deleting the default leaves no card the default: the
 * server decides that, and the list is fetched again to show it.
 */
export default function MyCardsPage() {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const cards = useSavedCards();
  const [deleting, setDeleting] = useState<SavedCard | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const focusAfter = useRef<FocusAfter>(null);

  // "Set as default" disappears from the card that became the default, and a deleted
  // card's buttons go with it: once the list is fetched again, focus goes to that card's
  // "Delete", or to the heading.
  useEffect(() => {
    const target = focusAfter.current;
    if (target === null || cards.isFetching) return;
    focusAfter.current = null;
    const button = target === "heading" ? null : list.current?.querySelector<HTMLButtonElement>(`[data-delete-card="${target.card}"]`);
    (button ?? heading.current)?.focus();
  }, [cards.isFetching, cards.data]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: ["cards"] });

  /**
   * A card deleted in another tab since the list was read: the page stays (its 404 is
   * not the page's, `notFoundIsAnswer`), says so, and reads the list again.
   */
  const gone = (error: unknown): boolean => {
    if (!(error instanceof ApiError) || error.status !== 404) return false;
    useAppStore.getState().pushToast("info", { kind: "server", text: intl.formatMessage({ id: "account.cards.gone" }) });
    focusAfter.current = "heading";
    void refresh();
    return true;
  };

  const setDefault = useMutation({
    mutationFn: async (card: SavedCard) =>
      unwrap(api.PUT("/cards/{id}/default", { params: { path: { id: card.id } }, middleware: [notFoundIsAnswer] })),
    onSuccess: async (body, card) => {
      toastServer(body.message);
      focusAfter.current = { card: card.id };
      await refresh();
    },
    onError: (error) => {
      if (!gone(error)) toastError(error);
    },
  });

  const remove = useMutation({
    mutationFn: async (card: SavedCard) =>
      unwrap(api.DELETE("/cards/{id}", { params: { path: { id: card.id } }, middleware: [notFoundIsAnswer] })),
    onSuccess: async (body) => {
      setDeleting(null);
      toastServer(body.message);
      focusAfter.current = "heading";
      await refresh();
    },
    onError: (error) => {
      setDeleting(null);
      if (!gone(error)) toastError(error);
    },
  });

  return (
    <AccountLayout title={<FormattedMessage id="chrome.account.myCards" />} testId="my-cards-page" headingRef={heading}>
      {cards.isPending ? (
        <RowsSkeleton rows={2} />
      ) : cards.isError ? (
        <LoadError look="panel" error={cards.error} onRetry={() => void cards.refetch()} />
      ) : cards.data.length === 0 ? (
        <EmptyState look="panel" hint={<FormattedMessage id="account.cards.emptyHint" />}>
          <FormattedMessage id="account.cards.empty" />
        </EmptyState>
      ) : (
        <ul ref={list} className={styles.list} aria-label={intl.formatMessage({ id: "account.cards.list" })} data-testid="card-list">
          {cards.data.map((card) => {
            const name = cardName(intl, card);
            return (
              <li key={card.id} className={styles.card} data-testid="saved-card" data-default={card.is_default}>
                <CardSummary card={card} />
                <div className={styles.actions}>
                  {!card.is_default ? (
                    <Button
                      variant="neutral"
                      aria-busy={setDefault.isPending && setDefault.variables?.id === card.id ? true : undefined}
                      onClick={() => {
                        // Not `disabled` while pending: a disabled button drops the keyboard focus.
                        if (!setDefault.isPending) setDefault.mutate(card);
                      }}
                      aria-label={intl.formatMessage({ id: "account.cards.setDefaultNamed" }, { card: name })}
                      data-testid="set-default-card"
                    >
                      <FormattedMessage id="account.cards.setDefault" />
                    </Button>
                  ) : null}
                  <Button
                    variant="danger"
                    onClick={() => setDeleting(card)}
                    aria-label={intl.formatMessage({ id: "account.cards.deleteNamed" }, { card: name })}
                    data-testid="delete-card"
                    data-delete-card={card.id}
                  >
                    <FormattedMessage id="account.cards.delete" />
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={<FormattedMessage id="account.cards.deleteTitle" values={{ card: deleting ? cardName(intl, deleting) : "" }} />}
        body={<FormattedMessage id={deleting?.is_default ? "account.cards.deleteDefaultBody" : "account.cards.deleteBody"} />}
        confirmLabel={<FormattedMessage id="account.cards.delete" />}
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onCancel={() => setDeleting(null)}
        testId="delete-card-dialog"
      />
    </AccountLayout>
  );
}
