import { useId, type ReactNode } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { FormattedDate, useIntl } from "react-intl";
import { Link } from "wouter";
import { api, ApiError, unwrap } from "../api/client";
import type { components } from "../api/schema.gen";
import { useAppStore } from "../platform/store";
import { BellIcon } from "./icons";
import { usePopover } from "./overlay";
import { useNotifications } from "./queries";
import styles from "./NotificationsButton.module.css";

type Notification = components["schemas"]["Notification"];
type NotificationPage = components["schemas"]["NotificationPage"];

/**
 * The page a notification is about, if any: an order's notice opens the order, a
 * wallet or points notice the wallet or the points. (A wallet notice may name another
 * customer's order, a referral's: it opens the wallet, never that order.)
 */
function subjectOf(item: Notification): string | null {
  switch (item.type) {
    case "order":
      return item.order_id ? `/account/my-orders/${item.order_id}` : null;
    case "wallet":
      return "/account/my-wallet";
    case "points":
      return "/account/loyalty-points";
    default:
      return null;
  }
}

/** Every cached page of notifications with `id` read (and one fewer unread). */
function markedRead(page: NotificationPage | undefined, id: number): NotificationPage | undefined {
  if (!page) return page;
  const target = page.data.find((item) => item.id === id);
  if (!target || target.is_read) return page;
  return {
    data: page.data.map((item) => (item.id === id ? { ...item, is_read: true } : item)),
    meta: { ...page.meta, unread_count: Math.max(0, page.meta.unread_count - 1) },
  };
}

/**
 * The signed-in top bar's notifications element (spec 2): a bell with the unread count
 * that opens a panel of the latest notifications, with 'Mark all as read'. An item about
 * an order opens it; opening an item marks it read (`POST /notifications/{id}/read`),
 * at once on the screen, and back if the server refuses.
 */
export function NotificationsButton() {
  const intl = useIntl();
  const id = useId();
  const { open, setOpen, trigger, panel } = usePopover();
  const notifications = useNotifications(true);
  const queryClient = useQueryClient();
  const unread = notifications.data?.meta.unread_count ?? 0;
  const readAll = useMutation({
    mutationFn: async () => unwrap(api.POST("/notifications/read-all")),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["notifications"] }),
    onError: (error) => {
      if (error instanceof ApiError) useAppStore.getState().pushToast("error", error.text);
    },
  });
  const readOne = useMutation({
    mutationFn: async (id: number) => unwrap(api.POST("/notifications/{id}/read", { params: { path: { id } } })),
    onMutate: (id) => {
      const keys = queryClient.getQueriesData<NotificationPage>({ queryKey: ["notifications"] });
      for (const [key, page] of keys) queryClient.setQueryData(key, markedRead(page, id));
      return keys;
    },
    onError: (error, _id, before) => {
      for (const [key, page] of before ?? []) queryClient.setQueryData(key, page);
      if (error instanceof ApiError) useAppStore.getState().pushToast("error", error.text);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["notifications"] }),
  });
  const markRead = (item: Notification) => {
    if (!item.is_read) readOne.mutate(item.id);
  };
  const label = intl.formatMessage({ id: "chrome.notifications.title" });
  const items = notifications.data?.data ?? [];

  return (
    <div className={styles.wrap}>
      <button
        ref={trigger}
        type="button"
        className={styles.button}
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        aria-label={
          unread > 0 ? intl.formatMessage({ id: "chrome.notifications.unread" }, { count: unread }) : label
        }
        onClick={() => setOpen(!open)}
      >
        <BellIcon />
        {unread > 0 && (
          <span className={styles.badge} aria-hidden="true">
            {intl.formatNumber(Math.min(unread, 99))}
          </span>
        )}
      </button>
      <div
        ref={panel}
        id={`${id}-panel`}
        className={styles.panel}
        role="region"
        aria-labelledby={`${id}-title`}
        hidden={!open}
      >
        <div className={styles.head}>
          <h2 id={`${id}-title`} className={styles.title}>
            {label}
          </h2>
          {unread > 0 && (
            <button
              type="button"
              className={styles.readAll}
              disabled={readAll.isPending}
              onClick={() => readAll.mutate()}
            >
              {intl.formatMessage({ id: "chrome.notifications.readAll" })}
            </button>
          )}
        </div>
        {notifications.isPending ? (
          <p className={styles.state}>{intl.formatMessage({ id: "app.loading" })}</p>
        ) : notifications.isError ? (
          <p className={styles.state}>{intl.formatMessage({ id: "chrome.notifications.error" })}</p>
        ) : items.length === 0 ? (
          <p className={styles.state}>{intl.formatMessage({ id: "chrome.notifications.empty" })}</p>
        ) : (
          <ul className={styles.list}>
            {items.map((item) => {
              const content: ReactNode = (
                <>
                  <span className={styles.itemTitle}>{item.title}</span>
                  <span className={styles.body}>{item.body}</span>
                  <span className={styles.date}>
                    <FormattedDate value={item.created_at} dateStyle="medium" timeStyle="short" />
                  </span>
                  {item.is_read ? null : (
                    <span className="visually-hidden">{intl.formatMessage({ id: "chrome.notifications.new" })}</span>
                  )}
                </>
              );
              const subject = subjectOf(item);
              return (
                <li key={item.id} className={item.is_read ? styles.item : `${styles.item} ${styles.unread}`} data-testid="notification">
                  {subject ? (
                    <Link
                      href={subject}
                      className={styles.open}
                      onClick={() => {
                        markRead(item);
                        setOpen(false);
                      }}
                    >
                      {content}
                    </Link>
                  ) : item.is_read ? (
                    <div className={styles.open}>{content}</div>
                  ) : (
                    <button type="button" className={styles.open} onClick={() => markRead(item)}>
                      {content}
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </div>
  );
}
