import { useEffect, useId, useRef, useState } from "react";
import { FormattedMessage } from "react-intl";
import { resendAvailabilitySince } from "storefront-core";
import { Dialog } from "../../ui/Dialog";
import { dispatchLogin, usePhoneLogin } from "./flow";
import { EMPTY_OTP, OtpBoxes, type OtpBoxesHandle } from "../../ui/OtpBoxes";
import { ResendRow } from "../../ui/ResendRow";
import { useClock } from "../../platform/useClock";
import styles from "../../ui/Form.module.css";
import { Button } from "../../ui/Button";

/**
 * Verify code (spec 4): four boxes, verify enabled when all are filled, resend disabled
 * for 60 s with 'Wait N seconds before resending!' counting down (the core's
 * resendAvailabilitySince the code went out, at the current time).
 */
export function VerifyModal() {
  const state = usePhoneLogin((s) => s.view);
  const [otp, setOtp] = useState(EMPTY_OTP);
  const boxesRef = useRef<OtpBoxesHandle>(null);
  const groupLabel = useId();
  // The countdown is the core's answer at the current time, refreshed while open.
  const now = useClock(true);
  const resend = resendAvailabilitySince(state.code_sent_at_ms, now);

  // A refused code empties the boxes for the next try.
  useEffect(
    () =>
      usePhoneLogin.subscribe((next, previous) => {
        if (next.view.verify_otp.isFailed && !previous.view.verify_otp.isFailed) {
          setOtp(EMPTY_OTP);
          boxesRef.current?.focus(0);
        }
      }),
    [],
  );

  const verifying = state.verify_otp.isLoading;
  const complete = otp.complete;
  return (
    <Dialog title={<FormattedMessage id="auth.verify.title" />} onClose={() => dispatchLogin({ type: "close" })} testId="verify-modal">
      <form
        className={styles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const code = otp.code;
          if (code !== null) dispatchLogin({ type: "submit_code", code });
        }}
      >
        <p className={styles.intro} id={groupLabel}>
          <FormattedMessage id="auth.verify.intro" values={{ mobile: <bdi dir="ltr">{state.mobile ?? ""}</bdi> }} />
        </p>
        <OtpBoxes ref={boxesRef} value={otp} onChange={setOtp} labelledBy={groupLabel} disabled={verifying} autoFocus />
        <Button type="submit" variant="primary" disabled={!complete || verifying} busy={verifying}>
          <FormattedMessage id={verifying ? "auth.verify.verifying" : "auth.verify.submit"} />
        </Button>
        <ResendRow
          resend={resend}
          busy={state.login.isLoading}
          onResend={() => dispatchLogin({ type: "resend" })}
          changeLabelId="auth.verify.changeNumber"
          onChange={() => dispatchLogin({ type: "open_sign_in" })}
        />
      </form>
    </Dialog>
  );
}
