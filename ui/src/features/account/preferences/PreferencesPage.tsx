import { useId } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { FormattedMessage } from "react-intl";
import type { Language } from "storefront-core";
import { api, unwrap } from "../../../api/client";
import { useAppStore } from "../../../platform/store";
import { changeLanguage } from "../../../chrome/actions";
import { AccountLayout } from "../AccountLayout";
import { toastError, toastServer } from "../errors";
import { setFullProfileUser, useFullProfile } from "../queries";
import { LoadError } from "../../../ui/States";
import { RowsSkeleton } from "../../../ui/Skeletons";
import styles from "../Account.module.css";

const LANGUAGES: { code: Language; name: string }[] = [
  { code: "en", name: "English" },
  { code: "ar", name: "العربية" },
];

export type NotificationKey = "orders" | "offers" | "newsletter";
const NOTIFICATIONS: NotificationKey[] = ["orders", "offers", "newsletter"];

/**
 * /account/preferences (spec 3, 4): the language — through the same core
 * `changeLanguageEffects` path as the header's switcher (saved on the server for
 * signed-in customers, page direction and language set, cached data reset) — and the
 * notification preferences (`PUT /user/update-setting {notifications}`).
 */
export default function PreferencesPage() {
  const language = useAppStore((s) => s.language);
  const profile = useFullProfile();
  const queryClient = useQueryClient();
  const ids = { language: useId(), notifications: useId() };

  const save = useMutation({
    mutationFn: async (change: Partial<Record<NotificationKey, boolean>>) =>
      unwrap(api.PUT("/user/update-setting", { body: { notifications: change } })),
    onSuccess: (body) => {
      toastServer(body.message);
      setFullProfileUser(queryClient, body.data);
      void queryClient.invalidateQueries({ queryKey: ["profile"] });
    },
    onError: toastError,
  });

  const notifications = profile.data?.user.notifications;
  return (
    <AccountLayout title={<FormattedMessage id="chrome.account.preferences" />} testId="preferences-page">
      <fieldset className={`${styles.card} ${styles.fieldset}`} aria-describedby={`${ids.language}-hint`}>
        <legend className={styles.sectionTitle}>
          <FormattedMessage id="account.preferences.language" />
        </legend>
        <p id={`${ids.language}-hint`} className={styles.muted}>
          <FormattedMessage id="account.preferences.languageHint" />
        </p>
        <div className={styles.choices}>
          {LANGUAGES.map((option) => (
            <label key={option.code} className={styles.choice} lang={option.code}>
              <input
                type="radio"
                name="language"
                value={option.code}
                checked={language === option.code}
                onChange={() => changeLanguage(option.code)}
              />
              {option.name}
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset className={`${styles.card} ${styles.fieldset}`} aria-busy={save.isPending}>
        <legend className={styles.sectionTitle}>
          <FormattedMessage id="account.preferences.notifications" />
        </legend>
        {profile.isPending ? (
          <RowsSkeleton rows={1} />
        ) : profile.isError ? (
          <LoadError look="panel" error={profile.error} onRetry={() => void profile.refetch()} />
        ) : (
          NOTIFICATIONS.map((key) => (
            <label key={key} className={styles.check}>
              <input
                type="checkbox"
                checked={save.isPending && save.variables[key] !== undefined ? Boolean(save.variables[key]) : Boolean(notifications?.[key])}
                disabled={save.isPending}
                onChange={(e) => save.mutate({ [key]: e.currentTarget.checked })}
                data-testid={`notify-${key}`}
              />
              <span>
                <span className={styles.rowTitle}>
                  <FormattedMessage id={`account.preferences.notify.${key}`} />
                </span>
                <br />
                <span className={styles.small}>
                  <FormattedMessage id={`account.preferences.notify.${key}.hint`} />
                </span>
              </span>
            </label>
          ))
        )}
      </fieldset>
    </AccountLayout>
  );
}
