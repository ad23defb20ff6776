import { useEffect, useId, useMemo, useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "wouter";
import { z } from "../../ui/zod";
import { checkField, resendAvailabilitySince, signedInEffects } from "storefront-core";
import { api, unwrap } from "../../api/client";
import { runEffects } from "../../platform/effects";
import { queryClient } from "../../platform/queryClient";
import { useAppStore } from "../../platform/store";
import { forceDefaultLocation, takeReturnTo } from "./calls";
import { TextField } from "../../ui/Field";
import { firstIssue } from "../../ui/form";
import { clock } from "./flow";
import { EMPTY_OTP, OtpBoxes, type OtpBoxesHandle } from "../../ui/OtpBoxes";
import { ResendRow } from "./ResendRow";
import { useClock } from "./useClock";
import { useRequestFlow } from "./useRequestFlow";
import styles from "../../ui/Form.module.css";
import { Button } from "../../ui/Button";

/** The e-mail field's rules: required, then the catalogue's e-mail format. */
export function useEmailSchema() {
  const language = useAppStore((s) => s.language);
  return useMemo(
    () =>
      z.object({ email: z.string() }).superRefine(({ email }, ctx) =>
        firstIssue(ctx, "email", language, checkField(email, { rule: "field_required" }), checkField(email, { rule: "email_format" })),
      ),
    [language],
  );
}

/**
 * E-mail one-time-code sign-in (spec 1, 2, 7): a code is sent to the address
 * (POST /user/email/login-by-otp), then the code signs in (POST /user/email/verify). The
 * server's messages are the success toasts; signing in stores the token and goes to the
 * post-login page after 500 ms (the core's signedInEffects). Once the code is sent the
 * focus goes to the first code box, and "Resend code" follows the phone flow's rule:
 * disabled for 60 s with 'Wait N seconds before resending!' (the core's
 * resendAvailabilitySince, counted from when the last code was sent).
 */
export default function EmailLoginPage() {
  const intl = useIntl();
  const schema = useEmailSchema();
  const send = useRequestFlow();
  const verify = useRequestFlow();
  /** The last code sent: to which address and when (the resend wait counts from then). */
  const [sent, setSent] = useState<{ to: string; atMs: number } | null>(null);
  const sentTo = sent?.to ?? null;
  const [otp, setOtp] = useState(EMPTY_OTP);
  const boxesRef = useRef<OtpBoxesHandle>(null);
  const codeLabel = useId();
  // The countdown is the core's answer at the current time, refreshed while the code
  // screen shows.
  const resend = resendAvailabilitySince(sent?.atMs ?? null, useClock(sent !== null));
  /** "Use another address" was chosen: the e-mail field gets the focus back. */
  const changingAddress = useRef(false);
  const { register, handleSubmit, formState, control, setFocus } = useForm<{ email: string }>({
    resolver: zodResolver(schema),
    mode: "onChange",
    defaultValues: { email: "" },
  });
  const email = useWatch({ control, name: "email" });

  // The screen changes under the focus: a code sent (or sent again) puts it on the first
  // code box, going back for another address on the e-mail field.
  useEffect(() => {
    if (sent) {
      boxesRef.current?.focus(0);
    } else if (changingAddress.current) {
      changingAddress.current = false;
      setFocus("email");
    }
  }, [sent, setFocus]);

  const sendCode = async (to: string) => {
    const answer = await send.run(() => unwrap(api.POST("/user/email/login-by-otp", { body: { email: to } })));
    if (answer) {
      setOtp(EMPTY_OTP);
      setSent({ to, atMs: clock.now() });
    }
  };

  const requestCode = handleSubmit(({ email: address }) => sendCode(address.trim()));

  const signIn = async () => {
    const code = otp.code;
    if (!sentTo || code === null) return;
    const answer = await verify.run(() => unwrap(api.POST("/user/email/verify", { body: { email: sentTo, code } })));
    if (answer) {
      runEffects(signedInEffects(answer.data.token, forceDefaultLocation(), takeReturnTo()));
      void queryClient.invalidateQueries({ queryKey: ["profile"] });
    } else {
      setOtp(EMPTY_OTP);
      boxesRef.current?.focus(0);
    }
  };

  return (
    <section className={styles.page} aria-labelledby="email-login-title">
      <h1 id="email-login-title" className={styles.pageTitle}>
        <FormattedMessage id="auth.email.title" />
      </h1>
      {sentTo === null ? (
        <form className={styles.form} noValidate onSubmit={(event) => void requestCode(event)}>
          <p className={styles.intro}>
            <FormattedMessage id="auth.email.intro" />
          </p>
          <TextField
            label={<FormattedMessage id="auth.email.address" />}
            type="email"
            autoComplete="email"
            dir="ltr"
            error={formState.dirtyFields.email || formState.isSubmitted ? formState.errors.email?.message : undefined}
            {...register("email")}
          />
          <Button
            type="submit"
            variant="primary"
            disabled={!formState.isValid || email.trim() === "" || send.status.isLoading}
            busy={send.status.isLoading}
          >
            <FormattedMessage id={send.status.isLoading ? "auth.busy" : "auth.email.send"} />
          </Button>
        </form>
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
          <OtpBoxes ref={boxesRef} value={otp} onChange={setOtp} labelledBy={codeLabel} disabled={verify.status.isLoading} />
          <Button
            type="submit"
            variant="primary"
            disabled={!otp.complete || verify.status.isLoading}
            busy={verify.status.isLoading}
          >
            <FormattedMessage id={verify.status.isLoading ? "auth.busy" : "auth.email.verify"} />
          </Button>
          <ResendRow
            resend={resend}
            busy={send.status.isLoading}
            onResend={() => {
              if (sentTo !== null) void sendCode(sentTo);
            }}
            changeLabelId="auth.email.changeAddress"
            onChange={() => {
              changingAddress.current = true;
              setSent(null);
            }}
          />
        </form>
      )}
      <nav className={styles.links} aria-label={intl.formatMessage({ id: "auth.email.title" })}>
        <Link href="/auth/forgot-password">
          <FormattedMessage id="auth.email.forgot" />
        </Link>
        <Link href="/">
          <FormattedMessage id="auth.back" />
        </Link>
      </nav>
    </section>
  );
}
