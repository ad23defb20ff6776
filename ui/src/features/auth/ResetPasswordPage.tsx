import { useId, useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "wouter";
import { z } from "../../ui/zod";
import type { OtpEntry } from "storefront-core";
import { api, unwrap } from "../../api/client";
import { useAppStore } from "../../platform/store";
import type { ScreenProps } from "../../layouts/screen";
import { TextField } from "../../ui/Field";
import { emailIssues, newPasswordIssues } from "./rules";
import { EMPTY_OTP, OtpBoxes } from "../../ui/OtpBoxes";
import { useRequestFlow } from "./useRequestFlow";
import styles from "../../ui/Form.module.css";
import fieldStyles from "../../ui/Field.module.css";
import { Button } from "../../ui/Button";

interface ResetValues {
  email: string;
  password: string;
  password_confirmation: string;
}

/**
 * Reset password (spec 2, 5, 7): the code from the e-mail and a new password entered
 * twice ('Use 8 or more characters with a mix of letters, numbers & symbols', matching),
 * sent to POST /user/password/reset; the server's message is the success toast.
 */
export default function ResetPasswordPage({ query }: ScreenProps) {
  const intl = useIntl();
  const language = useAppStore((s) => s.language);
  const flow = useRequestFlow();
  const [otp, setOtp] = useState<OtpEntry>(EMPTY_OTP);
  const [done, setDone] = useState(false);
  const codeLabel = useId();
  const schema = useMemo(
    () =>
      z
        .object({ email: z.string(), password: z.string(), password_confirmation: z.string() })
        .superRefine((form, ctx) => {
          emailIssues(ctx, language, form.email);
          newPasswordIssues(ctx, language, form);
        }),
    [language],
  );
  const { register, handleSubmit, formState } = useForm<ResetValues>({
    resolver: zodResolver(schema),
    mode: "onChange",
    defaultValues: { email: query.get("email") ?? "", password: "", password_confirmation: "" },
  });
  const shown = (field: keyof ResetValues) =>
    formState.dirtyFields[field] || formState.isSubmitted ? formState.errors[field]?.message : undefined;

  const submit = handleSubmit(async (form) => {
    const code = otp.code;
    if (code === null) return;
    const answer = await flow.run(() =>
      unwrap(
        api.POST("/user/password/reset", {
          body: { email: form.email.trim(), code, password: form.password, password_confirmation: form.password_confirmation },
        }),
      ),
    );
    if (answer) setDone(true);
    else setOtp(EMPTY_OTP);
  });

  return (
    <section className={styles.page} aria-labelledby="reset-title">
      <h1 id="reset-title" className={styles.pageTitle}>
        <FormattedMessage id="auth.reset.title" />
      </h1>
      {done ? (
        <p className={styles.done} role="status">
          <FormattedMessage id="auth.reset.done" />
        </p>
      ) : (
        <form className={styles.form} noValidate onSubmit={(event) => void submit(event)}>
          <p className={styles.intro}>
            <FormattedMessage id="auth.reset.intro" />
          </p>
          <TextField label={<FormattedMessage id="auth.email.address" />} type="email" autoComplete="email" dir="ltr" error={shown("email")} {...register("email")} />
          <div className={fieldStyles.field}>
            <span className={fieldStyles.label} id={codeLabel}>
              <FormattedMessage id="auth.reset.code" />
            </span>
            <OtpBoxes value={otp} onChange={setOtp} labelledBy={codeLabel} disabled={flow.status.isLoading} />
          </div>
          <TextField
            label={<FormattedMessage id="auth.reset.password" />}
            type="password"
            autoComplete="new-password"
            error={shown("password")}
            {...register("password", { deps: ["password_confirmation"] })}
          />
          <TextField
            label={<FormattedMessage id="auth.reset.confirm" />}
            type="password"
            autoComplete="new-password"
            error={shown("password_confirmation")}
            {...register("password_confirmation")}
          />
          <Button
            type="submit"
            variant="primary"
            disabled={!formState.isValid || !otp.complete || flow.status.isLoading}
            busy={flow.status.isLoading}
          >
            <FormattedMessage id={flow.status.isLoading ? "auth.busy" : "auth.reset.submit"} />
          </Button>
        </form>
      )}
      <nav className={styles.links} aria-label={intl.formatMessage({ id: "auth.reset.title" })}>
        <Link href="/auth/email-login">
          <FormattedMessage id="auth.reset.emailLogin" />
        </Link>
        <Link href="/">
          <FormattedMessage id="auth.back" />
        </Link>
      </nav>
    </section>
  );
}
