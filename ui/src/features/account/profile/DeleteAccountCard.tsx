import { useId, useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { FormattedMessage } from "react-intl";
import { ApiError, api, errorText, unwrap } from "../../../api/client";
import { endSession } from "../../../chrome/actions";
import { useCoreText } from "../../../i18n/coreText";
import { appHost } from "../../../platform/host";
import { Button } from "../../../ui/Button";
import { ConfirmDialog } from "../../../ui/ConfirmDialog";
import { toastServer } from "../errors";
import styles from "../Account.module.css";
import fieldStyles from "../../../ui/Field.module.css";

/**
 * Goes to `to`, then ends the session there. Ending it on this page (which needs sign-in)
 * would reload it, and the reload would drop the server's toast; from a public page the
 * logout's effects clear everything without one.
 */
function leaveAndEndSession(to: string): void {
  appHost.navigate(to);
  endSession(to, "unauthorized", { ...appHost, navigate: () => undefined });
}

/**
 * "Delete my account" (issue 36): `POST /user/delete-account {"confirm": true}` after a
 * confirmation that says what goes (saved cards, addresses, favourites, reviews, the
 * wallet's balance and the points) and what stays (orders, for the shop's records). The
 * server ends every session, so this device ends its own as for an unauthorized answer
 * (the logout's effects, without a logout call) and goes home, the server's message as
 * the toast. A refusal — orders under way (422 on `orders`), anything else — shows in
 * the section, and the account stays signed in.
 */
export function DeleteAccountCard({ end = leaveAndEndSession }: { end?: (to: string) => void }) {
  const title = useId();
  const alertId = useId();
  const text = useCoreText();
  const [asking, setAsking] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const remove = useMutation({
    mutationFn: () => unwrap(api.POST("/user/delete-account", { body: { confirm: true } })),
    onSuccess: (body) => {
      setAsking(false);
      toastServer(body.message);
      end("/");
    },
    onError: (error) => {
      setAsking(false);
      const field = error instanceof ApiError ? error.fields[0] : undefined;
      setRefusal(field ? field.message : text(errorText(error)));
    },
  });
  return (
    <section className={styles.card} aria-labelledby={title} data-testid="delete-account">
      <h2 id={title} className={styles.sectionTitle}>
        <FormattedMessage id="account.delete.title" />
      </h2>
      <p className={styles.small}>
        <FormattedMessage id="account.delete.text" />
      </p>
      {refusal ? (
        <p id={alertId} className={fieldStyles.error} role="alert" data-testid="delete-account-error">
          {refusal}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button
          variant="danger"
          busy={remove.isPending}
          aria-describedby={refusal ? alertId : undefined}
          onClick={() => {
            setRefusal(null);
            setAsking(true);
          }}
          data-testid="delete-account-open"
        >
          <FormattedMessage id="account.delete.button" />
        </Button>
      </div>
      <ConfirmDialog
        open={asking}
        title={<FormattedMessage id="account.delete.confirmTitle" />}
        body={<FormattedMessage id="account.delete.confirmBody" />}
        confirmLabel={<FormattedMessage id={remove.isPending ? "account.delete.deleting" : "account.delete.confirm"} />}
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
        onCancel={() => setAsking(false)}
        testId="delete-account-dialog"
      />
    </section>
  );
}
