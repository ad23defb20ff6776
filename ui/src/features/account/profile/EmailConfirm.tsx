import { useEffect, useId, useRef, useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { FormattedMessage } from "react-intl";
import { api, unwrap } from "../../../api/client";
import { EMPTY_OTP, OtpBoxes, type OtpBoxesHandle } from "../../../ui/OtpBoxes";
import { toastError, toastServer } from "../errors";
import type { Profile } from "../queries";
import styles from "../Account.module.css";
import { Button } from "../../../ui/Button";

/**
 * The confirmation of a new e-mail address (issue 19): saving the profile with a new
 * address does not change it; the server sends a 4-digit code to that address, and the
 * code, typed here, makes the change (POST /user/email/confirm-change). The server's
 * messages are the toasts; a wrong code empties the boxes for another try.
 */
export function EmailConfirm({ email, onConfirmed }: { email: string; onConfirmed(profile: Profile): void }) {
  const title = useId();
  const codeLabel = useId();
  const [otp, setOtp] = useState(EMPTY_OTP);
  const boxesRef = useRef<OtpBoxesHandle>(null);
  // The card appears once the profile is saved: the code is what comes next.
  useEffect(() => boxesRef.current?.focus(0), []);
  const confirm = useMutation({
    mutationFn: (code: string) => unwrap(api.POST("/user/email/confirm-change", { body: { email, code } })),
    onSuccess: (body) => {
      toastServer(body.message);
      onConfirmed(body.data);
    },
    onError: (error) => {
      toastError(error);
      setOtp(EMPTY_OTP);
      boxesRef.current?.focus(0);
    },
  });

  return (
    <form
      className={`${styles.card} ${styles.form}`}
      noValidate
      aria-labelledby={title}
      data-testid="email-confirm"
      onSubmit={(event) => {
        event.preventDefault();
        const code = otp.code;
        if (code !== null && !confirm.isPending) confirm.mutate(code);
      }}
    >
      <h2 id={title} className={styles.sectionTitle}>
        <FormattedMessage id="account.emailConfirm.title" />
      </h2>
      <p className={styles.small} id={codeLabel}>
        <FormattedMessage id="account.emailConfirm.code" values={{ email: <bdi dir="ltr">{email}</bdi> }} />
      </p>
      <OtpBoxes ref={boxesRef} value={otp} onChange={setOtp} labelledBy={codeLabel} disabled={confirm.isPending} />
      <p className={styles.small}>
        <FormattedMessage id="account.emailConfirm.again" />
      </p>
      <div className={styles.actions}>
        <Button
          type="submit"
          variant="primary"
          disabled={!otp.complete || confirm.isPending}
          busy={confirm.isPending}
          data-testid="email-confirm-save"
        >
          <FormattedMessage id={confirm.isPending ? "account.saving" : "account.emailConfirm.save"} />
        </Button>
      </div>
    </form>
  );
}
