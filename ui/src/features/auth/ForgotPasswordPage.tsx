import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { FormattedMessage, useIntl } from "react-intl";
import { Link, useLocation } from "wouter";
import { api, unwrap } from "../../api/client";
import { useEmailSchema } from "./rules";
import { TextField } from "../../ui/Field";
import { useRequestFlow } from "./useRequestFlow";
import styles from "../../ui/Form.module.css";
import { Button } from "../../ui/Button";

/**
 * Forgot password (spec 2, 7): POST /user/forget-password sends a reset code to the
 * account's address; the server's message is the success toast, then the reset screen
 * opens for that address.
 */
export default function ForgotPasswordPage() {
  const intl = useIntl();
  const schema = useEmailSchema();
  const flow = useRequestFlow();
  const [, navigate] = useLocation();
  const { register, handleSubmit, formState, control } = useForm<{ email: string }>({
    resolver: zodResolver(schema),
    mode: "onChange",
    defaultValues: { email: "" },
  });
  const email = useWatch({ control, name: "email" });

  const submit = handleSubmit(async ({ email: address }) => {
    const trimmed = address.trim();
    const answer = await flow.run(() => unwrap(api.POST("/user/forget-password", { body: { email: trimmed } })));
    if (answer) navigate(`/auth/reset-password?email=${encodeURIComponent(trimmed)}`);
  });

  return (
    <section className={styles.page} aria-labelledby="forgot-title">
      <h1 id="forgot-title" className={styles.pageTitle}>
        <FormattedMessage id="auth.forgot.title" />
      </h1>
      <form className={styles.form} noValidate onSubmit={(event) => void submit(event)}>
        <p className={styles.intro}>
          <FormattedMessage id="auth.forgot.intro" />
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
          disabled={!formState.isValid || email.trim() === "" || flow.status.isLoading}
          busy={flow.status.isLoading}
        >
          <FormattedMessage id={flow.status.isLoading ? "auth.busy" : "auth.forgot.submit"} />
        </Button>
      </form>
      <nav className={styles.links} aria-label={intl.formatMessage({ id: "auth.forgot.title" })}>
        <Link href={`/auth/reset-password${email.trim() ? `?email=${encodeURIComponent(email.trim())}` : ""}`}>
          <FormattedMessage id="auth.forgot.haveCode" />
        </Link>
        <Link href="/auth/email-login">
          <FormattedMessage id="auth.reset.emailLogin" />
        </Link>
      </nav>
    </section>
  );
}
