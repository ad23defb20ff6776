import { useId, useRef, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "wouter";
import { signedInEffects } from "storefront-core";
import { api, unwrap } from "../../api/client";
import { runEffects } from "../../platform/effects";
import { queryClient } from "../../platform/queryClient";
import { OtpBoxes, type OtpBoxesHandle } from "../../ui/OtpBoxes";
import { ResendRow } from "../../ui/ResendRow";
import { Button } from "../../ui/Button";
import { forceDefaultLocation, takeReturnTo } from "./calls";
import { EmailStep, useEmailCode } from "./EmailCodeStep";
import { PasswordSignIn } from "./PasswordSignIn";
import { useRequestFlow } from "./useRequestFlow";
import styles from "../../ui/Form.module.css";

/**
 * The e-mail code sign-in (spec 1, 2, 7): a code is sent to the address
 * (POST /user/email/login-by-otp), then the code signs in (POST /user/email/verify). The
 * server's messages are the success toasts; signing in stores the token and goes to the
 * post-login page after 500 ms (the core's signedInEffects). Once the code is sent the
 * focus goes to the first code box, and "Resend code" follows the phone flow's rule:
 * disabled for 60 s with 'Wait N seconds before resending!' (the core's
 * resendAvailabilitySince, counted from when the last code was sent).
 */
function CodeSignIn() {
  const boxes = useRef<OtpBoxesHandle>(null);
  const code = useEmailCode((to) => unwrap(api.POST("/user/email/login-by-otp", { body: { email: to } })), boxes);
  const verify = useRequestFlow();
  const codeLabel = useId();
  const { sentTo, otp } = code;

  const signIn = async () => {
    if (!sentTo || otp.code === null) return;
    const answer = await verify.run(() => unwrap(api.POST("/user/email/verify", { body: { email: sentTo, code: otp.code ?? "" } })));
    if (answer) {
      runEffects(signedInEffects(answer.data.token, forceDefaultLocation(), takeReturnTo()));
      void queryClient.invalidateQueries({ queryKey: ["profile"] });
    } else {
      code.retype();
    }
  };

  return sentTo === null ? (
    <EmailStep
      intro={<FormattedMessage id="auth.email.intro" />}
      busy={code.sending}
      onSend={(to) => void code.sendCode(to)}
      focus={code.changedFrom !== null}
      initial={code.changedFrom ?? ""}
    />
  ) : (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void signIn();
      }}
    >
      <p className={styles.intro} id={codeLabel}>
        <FormattedMessage id="auth.email.code" /> — <bdi dir="ltr">{sentTo}</bdi>
      </p>
      <OtpBoxes ref={boxes} value={otp} onChange={code.setOtp} labelledBy={codeLabel} disabled={verify.status.isLoading} />
      <Button type="submit" variant="primary" disabled={!otp.complete || verify.status.isLoading} busy={verify.status.isLoading}>
        <FormattedMessage id={verify.status.isLoading ? "auth.busy" : "auth.email.verify"} />
      </Button>
      <ResendRow
        resend={code.resend}
        busy={code.sending}
        onResend={() => void code.sendCode(sentTo)}
        changeLabelId="auth.email.changeAddress"
        onChange={code.changeAddress}
      />
    </form>
  );
}

type Method = "code" | "password";

/**
 * /auth/email-login: sign in with an e-mail code (above) or with the e-mail and password
 * (issue 36 item 5, `PasswordSignIn`), chosen in a radio group — native radios, so the
 * arrow keys move between the two and a screen reader names the group and the choice.
 * The code flow stays the default: it needs no password, which most accounts lack.
 */
export default function EmailLoginPage() {
  const intl = useIntl();
  const [method, setMethod] = useState<Method>("code");
  const groupName = useId();
  return (
    <section className={styles.page} aria-labelledby="email-login-title">
      <h1 id="email-login-title" className={styles.pageTitle}>
        <FormattedMessage id="auth.email.title" />
      </h1>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>
          <FormattedMessage id="auth.method.legend" />
        </legend>
        <div className={styles.choices}>
          {(["code", "password"] as const).map((choice) => (
            <label key={choice} className={styles.choice}>
              <input
                type="radio"
                name={groupName}
                value={choice}
                checked={method === choice}
                onChange={() => setMethod(choice)}
              />
              <FormattedMessage id={`auth.method.${choice}`} />
            </label>
          ))}
        </div>
      </fieldset>
      {method === "code" ? <CodeSignIn /> : <PasswordSignIn />}
      <nav className={styles.links} aria-label={intl.formatMessage({ id: "auth.email.title" })}>
        <Link href="/auth/email-register">
          <FormattedMessage id="auth.email.register" />
        </Link>
        {/* The password form has it beside its field. */}
        {method === "code" ? (
          <Link href="/auth/forgot-password">
            <FormattedMessage id="auth.email.forgot" />
          </Link>
        ) : null}
        <Link href="/">
          <FormattedMessage id="auth.back" />
        </Link>
      </nav>
    </section>
  );
}
