import { useId, useMemo, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "wouter";
import { z } from "zod";
import { otpCode, otpIsComplete, signedInEffects, validateEmailFormat, validateFieldRequired } from "storefront-core";
import { api, unwrap } from "../../api/client";
import { runEffects } from "../../app/effects";
import { queryClient } from "../../app/queryClient";
import { useAppStore } from "../../app/store";
import { forceDefaultLocation } from "./calls";
import { Field, firstIssue } from "./Field";
import { appHost } from "./host";
import { EMPTY_BOXES, OtpBoxes } from "./OtpBoxes";
import { useRequestFlow } from "./useRequestFlow";
import styles from "./Form.module.css";

/** The e-mail field's rules: required, then the catalogue's e-mail format. */
export function useEmailSchema() {
  const language = useAppStore((s) => s.language);
  return useMemo(
    () =>
      z.object({ email: z.string() }).superRefine(({ email }, ctx) =>
        firstIssue(ctx, "email", language, validateFieldRequired(email), validateEmailFormat(email)),
      ),
    [language],
  );
}

/**
 * E-mail one-time-code sign-in (spec 1, 2, 7): a code is sent to the address
 * (POST /user/email/login-by-otp), then the code signs in (POST /user/email/verify). The
 * server's messages are the success toasts; signing in stores the token and goes to the
 * post-login page after 500 ms (the core's signedInEffects).
 */
export default function EmailLoginPage() {
  const intl = useIntl();
  const schema = useEmailSchema();
  const send = useRequestFlow();
  const verify = useRequestFlow();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [boxes, setBoxes] = useState(EMPTY_BOXES);
  const codeLabel = useId();
  const { register, handleSubmit, formState, control } = useForm<{ email: string }>({
    resolver: zodResolver(schema),
    mode: "onChange",
    defaultValues: { email: "" },
  });
  const email = useWatch({ control, name: "email" });

  const requestCode = handleSubmit(async ({ email: address }) => {
    const trimmed = address.trim();
    const answer = await send.run(() => unwrap(api.POST("/user/email/login-by-otp", { body: { email: trimmed } })));
    if (answer) {
      setBoxes(EMPTY_BOXES);
      setSentTo(trimmed);
    }
  });

  const signIn = async () => {
    const code = otpCode(boxes);
    if (!sentTo || code === null) return;
    const answer = await verify.run(() => unwrap(api.POST("/user/email/verify", { body: { email: sentTo, code } })));
    if (answer) {
      runEffects(signedInEffects(answer.data.token, forceDefaultLocation()), appHost);
      void queryClient.invalidateQueries({ queryKey: ["profile"] });
    } else {
      setBoxes(EMPTY_BOXES);
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
          <Field
            label="auth.email.address"
            type="email"
            autoComplete="email"
            dir="ltr"
            error={formState.dirtyFields.email || formState.isSubmitted ? formState.errors.email?.message : undefined}
            {...register("email")}
          />
          <button
            type="submit"
            className={styles.primary}
            disabled={!formState.isValid || email.trim() === "" || send.status.isLoading}
            aria-busy={send.status.isLoading}
          >
            <FormattedMessage id={send.status.isLoading ? "auth.busy" : "auth.email.send"} />
          </button>
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
          <OtpBoxes value={boxes} onChange={setBoxes} labelledBy={codeLabel} disabled={verify.status.isLoading} />
          <button
            type="submit"
            className={styles.primary}
            disabled={!otpIsComplete(boxes) || verify.status.isLoading}
            aria-busy={verify.status.isLoading}
          >
            <FormattedMessage id={verify.status.isLoading ? "auth.busy" : "auth.email.verify"} />
          </button>
          <button type="button" className={styles.linkButton} onClick={() => setSentTo(null)}>
            <FormattedMessage id="auth.email.changeAddress" />
          </button>
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
