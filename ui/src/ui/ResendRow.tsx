import { useId } from "react";
import { FormattedMessage } from "react-intl";
import type { ResendAvailability } from "storefront-core";
import { useCoreText } from "../i18n/coreText";
import styles from "./Form.module.css";
import fieldStyles from "./Field.module.css";
import { Button } from "./Button";

interface ResendRowProps {
  /** The core's answer at the current time (spec 4: 60 s after the last code). */
  resend: ResendAvailability;
  /** A code request is under way. */
  busy: boolean;
  onResend(): void;
  /** The way back to the first step: another number or another address. */
  changeLabelId: string;
  onChange(): void;
}

/**
 * The code step's "Resend code" (disabled with 'Wait N seconds before resending!' while
 * the core says wait) and the way back, shared by the phone and e-mail sign-ins.
 */
export function ResendRow({ resend, busy, onResend, changeLabelId, onChange }: ResendRowProps) {
  const text = useCoreText();
  const waitId = useId();
  const waiting = resend.state === "wait";
  return (
    <>
      <div className={styles.row}>
        <Button
          variant="secondary"
          disabled={waiting || busy}
          aria-describedby={waiting ? waitId : undefined}
          onClick={() => {
            if (!waiting) onResend();
          }}
        >
          <FormattedMessage id="auth.verify.resend" />
        </Button>
        <Button variant="link" onClick={onChange}>
          <FormattedMessage id={changeLabelId} />
        </Button>
      </div>
      {resend.state === "wait" && (
        <p id={waitId} className={fieldStyles.hint} data-testid="resend-wait">
          {text({ kind: "message", ...resend.message })}
        </p>
      )}
    </>
  );
}
