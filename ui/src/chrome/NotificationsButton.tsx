import { useId } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { FormattedDate, useIntl } from "react-intl";
import { api, ApiError, unwrap } from "../api/client";
import { useAppStore } from "../platform/store";
import { BellIcon } from "./icons";
import { usePopover } from "./overlay";
import { useNotifications } from "./queries";
import styles from "./NotificationsButton.module.css";

/**
 * The signed-in top bar's notifications element (spec 2): a bell with the unread count
 * that opens a panel of the latest notifications, with 'Mark all as read'.
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
            {items.map((item) => (
              <li key={item.id} className={item.is_read ? styles.item : `${styles.item} ${styles.unread}`}>
                <p className={styles.itemTitle}>{item.title}</p>
                <p className={styles.body}>{item.body}</p>
                <p className={styles.date}>
                  <FormattedDate value={item.created_at} dateStyle="medium" timeStyle="short" />
                </p>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
