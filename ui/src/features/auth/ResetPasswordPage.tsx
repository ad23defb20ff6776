import { useId, useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "wouter";
import { z } from "../../ui/zod";
import { validateFieldRequired } from "storefront-core/cart";
import { otpCode, otpIsComplete, validateEmailFormat, validatePassword, validatePasswordsMatch, type OtpBoxes as Boxes } from "storefront-core";
import { api, unwrap } from "../../api/client";
import { useAppStore } from "../../platform/store";
import type { ScreenProps } from "../../layouts/screen";
import { TextField } from "../../ui/Field";
import { firstIssue } from "../../ui/form";
import { EMPTY_BOXES, OtpBoxes } from "../../ui/OtpBoxes";
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
  const [boxes, setBoxes] = useState<Boxes>(EMPTY_BOXES);
  const [done, setDone] = useState(false);
  const codeLabel = useId();
  const schema = useMemo(
    () =>
      z
        .object({ email: z.string(), password: z.string(), password_confirmation: z.string() })
        .superRefine((form, ctx) => {
          firstIssue(ctx, "email", language, validateFieldRequired(form.email), validateEmailFormat(form.email));
          firstIssue(ctx, "password", language, validateFieldRequired(form.password), validatePassword(form.password));
          firstIssue(
            ctx,
            "password_confirmation",
            language,
            validateFieldRequired(form.password_confirmation),
            validatePasswordsMatch(form.password, form.password_confirmation),
          );
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
    const code = otpCode(boxes);
    if (code === null) return;
    const answer = await flow.run(() =>
      unwrap(
        api.POST("/user/password/reset", {
          body: { email: form.email.trim(), code, password: form.password, password_confirmation: form.password_confirmation },
        }),
      ),
    );
    if (answer) setDone(true);
    else setBoxes(EMPTY_BOXES);
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
            <OtpBoxes value={boxes} onChange={setBoxes} labelledBy={codeLabel} disabled={flow.status.isLoading} />
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
            disabled={!formState.isValid || !otpIsComplete(boxes) || flow.status.isLoading}
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
