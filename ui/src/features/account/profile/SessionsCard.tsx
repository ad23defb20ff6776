import { useId } from "react";
import { useMutation } from "@tanstack/react-query";
import { FormattedMessage } from "react-intl";
import { api, unwrap } from "../../../api/client";
import { endSession } from "../../../chrome/actions";
import { toastError, toastServer } from "../errors";
import styles from "../Account.module.css";
import { Button } from "../../../ui/Button";

/**
 * "Sign out on every device" (issue 19): POST /user/logout-all ends every session of
 * the account on the server, this one included; this device then ends its session as
 * for an unauthorized answer (the server already refused the token, so no logout call
 * follows) and goes to the landing page. A failure is the usual error toast and keeps
 * the customer signed in here.
 */
export function SessionsCard({ end = (to: string) => endSession(to, "unauthorized") }: { end?: (to: string) => void }) {
  const title = useId();
  const everywhere = useMutation({
    mutationFn: () => unwrap(api.POST("/user/logout-all")),
    onSuccess: (body) => {
      toastServer(body.message);
      end("/");
    },
    onError: (error) => toastError(error),
  });
  return (
    <section className={styles.card} aria-labelledby={title} data-testid="sessions-card">
      <h2 id={title} className={styles.sectionTitle}>
        <FormattedMessage id="account.sessions.title" />
      </h2>
      <p className={styles.small}>
        <FormattedMessage id="account.sessions.text" />
      </p>
      <div className={styles.actions}>
        <Button
          variant="secondary"
          busy={everywhere.isPending}
          onClick={() => everywhere.mutate()}
          data-testid="logout-all"
        >
          <FormattedMessage id="account.sessions.logoutAll" />
        </Button>
      </div>
    </section>
  );
}
